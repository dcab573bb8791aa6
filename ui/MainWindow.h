#pragma once
// The app's one window: a status line, a list of pages on the left (Dashboard, Auto-accept,
// Prompt queue, History, Quota, Safety, Connection, Servers, Agents, Tasks, Bridge, Models, Logs,
// General) and the chosen page on the right. When the desktop has no tray the window says so and
// closing it minimises instead of hiding, so the app can never get lost; File ▸ Quit exits.

#include "actions/DesktopUi.h"

#include <QMainWindow>

#include <functional>

class QLabel;
class QListWidget;
class QStackedWidget;

namespace mpa {

class Engine;
class Models;
class RelaunchOffer;
class SettingsPage;
class WelcomePanel;
class WindowAutomation;

// Also the engine's DesktopUi while it exists: the debug API's openSettingsPanel, openLogFile
// and the window automation (getUISnapshot, listUIElements, uiAction) come here.
class MainWindow : public QMainWindow, public DesktopUi
{
    Q_OBJECT
public:
    enum class Page {
        Dashboard,
        AutoAccept,
        Queue,
        History,
        Quota,
        Safety,
        Connection,
        Servers,
        Agents,
        Tasks,
        Bridge,
        Models,
        Logs,
        General
    };
    Q_ENUM(Page)
    static constexpr int kPageCount = int(Page::General) + 1;
    static constexpr int kPageIconSize = 20;

    explicit MainWindow(Engine *engine, QWidget *parent = nullptr);
    ~MainWindow() override;

    void setTrayAvailable(bool available);
    bool closeMinimizes() const { return !m_trayAvailable; }
    void showAndRaise();
    void showAbout();
    void showPage(Page page);
    Page currentPage() const;
    // The page the user last looked at (setting ui/lastPage, by page id; never Logs, which the
    // tray opens on its own): the window opens on it and the tray's Settings… comes back to it.
    Page lastPage() const;
    SettingsPage *page(Page page) const;

    // DesktopUi: pages by their Page names with a small first letter (dashboard, autoAccept, …).
    QStringList settingsPages() const override;
    bool showSettings(const QString &page, QString *error) override;
    bool openWithDesktop(const QString &path, QString *error) override;
    QJsonObject uiSnapshot() const override;
    void performUiAction(const QString &type, const QString &target, const QJsonValue &value,
                         CommandReply reply) override;
    WelcomePanel *welcome() const { return m_welcome; }
    // The first-start welcome is still to be read: the window opens with it.
    bool isWelcoming() const;
    template<typename T> T *page() const { return findChild<T *>(); }
    RelaunchOffer *relaunchOffer() const { return m_relaunchOffer; }
    // What "Try the Demo" runs (the app restarts in the demo); without one, or while this run
    // is the demo (`inDemo`), it is not offered.
    void setDemoStarter(std::function<bool(QString *error)> starter, bool inDemo = false);
    bool isDemo() const { return m_inDemo; }
    // Asks, then starts the demo; false when the user said no or it could not start.
    bool tryDemo(bool confirmed = false);
    // The size the window opens at when none was kept: the whole page list without a scroll
    // bar (and the welcome while it shows), within the screen.
    QSize defaultSize();
    // Where the window keeps its size and place (<config-dir>/window.ini).
    QString windowStateFile() const;

Q_SIGNALS:
    void quitRequested();
    // Closing hid the window while the app goes on in the tray.
    void hiddenToTray();

protected:
    void closeEvent(QCloseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void refresh();
    // Size and place, kept in <config-dir>/window.ini when the window hides and when it goes.
    void restoreWindowGeometry();
    void saveWindowGeometry();

    Engine *m_engine;
    Models *m_models; // the pages' view of the engine
    RelaunchOffer *m_relaunchOffer = nullptr;
    WindowAutomation *m_automation = nullptr;
    QLabel *m_noTrayBanner;
    WelcomePanel *m_welcome;
    QLabel *m_statusIcon;
    QLabel *m_status;
    QListWidget *m_nav;
    QStackedWidget *m_stack;
    bool m_trayAvailable = true;
    std::function<bool(QString *error)> m_demoStarter;
    QAction *m_tryDemo = nullptr;
    bool m_inDemo = false;
};

} // namespace mpa
