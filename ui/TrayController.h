#pragma once
// The tray icon and its menu (status line, Pause/Resume, Show window, Quit). When the desktop
// has no tray it keeps looking for one for a while (trays often start after autostarted
// apps) and meanwhile leaves the window in charge.

#include "StatusIcon.h"

#include <QObject>
#include <QPointer>
#include <QSystemTrayIcon>
#include <QTimer>

class QAction;
class QMenu;

namespace mpa {

class Engine;
class MainWindow;

class TrayController : public QObject
{
    Q_OBJECT
public:
    TrayController(Engine *engine, MainWindow *window, QObject *parent = nullptr);
    ~TrayController() override;

    // Shows the tray icon, or the window when no tray exists; returns whether a tray exists.
    bool start();
    bool isTrayVisible() const;
    void setStandby(bool standby);
    StatusIconState iconState() const { return m_state; }
    QMenu *menu() const { return m_menu; }
    QString toolTip() const;

Q_SIGNALS:
    void quitRequested();

private:
    void refresh();
    void lookForTray();

    Engine *m_engine;
    QPointer<MainWindow> m_window;
    QSystemTrayIcon *m_tray = nullptr;
    QMenu *m_menu;
    QAction *m_statusAction;
    QAction *m_pauseAction;
    QAction *m_showAction;
    QAction *m_quitAction;
    QTimer m_trayRetry;
    int m_trayRetriesLeft = 0;
    bool m_standby = false;
    StatusIconState m_state = StatusIconState::Off;
};

} // namespace mpa
