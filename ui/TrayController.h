#pragma once
// The tray icon and its menu: status, Auto-accept on/off, Pause/Resume, the prompt queue
// (Start/Pause/Skip/Stop, Send prompt now…), Settings, Logs, Quit; the live tooltip (with the
// status of each bridge session under way); and the notifications. When the desktop has no tray it keeps
// looking for one (trays often start after autostarted apps) and meanwhile leaves the window in charge.

#include "Notifier.h"
#include "StatusIcon.h"

#include <QObject>
#include <QPointer>
#include <QSystemTrayIcon>
#include <QTimer>

#include <functional>
#include <optional>

class QAction;
class QMenu;

namespace mpa {

class Engine;
class MainWindow;
class Scheduler;
class SendPromptDialog;
class TabConsentPrompter;

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
    QMenu *queueMenu() const { return m_queueMenu; }
    QString toolTip() const;
    Notifier *notifier() const { return m_notifier; }
    // Null without a desktop to ask at (offscreen): agents are then refused, told how to allow.
    TabConsentPrompter *consentPrompter() const { return m_consentPrompter; }
    // What clicking a tray message of `kind` does: a question opens the page that asks it
    // (a task run's the Tasks page, a bridge session's the Bridge page); any other message opens
    // the window on the page it was left on.
    void openNotification(Notifier::Kind kind);

Q_SIGNALS:
    void quitRequested();
    void trayShown();
    // "Send Prompt Now…" finished: sent (detail = the page) or not (detail = why).
    void promptSent(bool ok, const QString &detail);
    // The one-time "still running in the tray" notice was given.
    void stillRunningNoticed();

private:
    void refresh();
    void refreshGlance();
    void refreshEndpointLines();
    void lookForTray();
    void showNotification(const Notifier::Notification &notification);
    // Runs a queue control of the scheduler; a refusal is told in the tray (or the window).
    void runQueueAction(bool (Scheduler::*act)(QString *error));
    void runQueueAction(const std::function<bool(QString *error)> &act);
    void sendPromptNow();
    void sayStillRunning();
    // Sends the dialog's prompt and tells the dialog (while open) how it went.
    void sendPrompt(const QString &text, QPointer<SendPromptDialog> dialog);

    Engine *m_engine;
    QPointer<MainWindow> m_window;
    QSystemTrayIcon *m_tray = nullptr;
    Notifier *m_notifier;
    TabConsentPrompter *m_consentPrompter = nullptr; // null without a desktop to ask at
    QMenu *m_menu;
    QMenu *m_queueMenu;
    QAction *m_statusAction;
    QList<QAction *> m_endpointActions; // one per endpoint when there are several
    // At a glance, under the status: today's clicks and blocks, the queue's progress, the last
    // blocked command (opens the Safety page).
    QAction *m_todayAction;
    QAction *m_queueProgressAction;
    QAction *m_lastBlockedAction;
    QAction *m_scheduleAction;
    QAction *m_autoAcceptAction;
    QAction *m_pauseAction;
    QAction *m_sendNowAction;
    QList<QAction *> m_queueActions;
    QAction *m_queueStart, *m_queuePause, *m_queueSkip, *m_queueStop;
    QAction *m_newTaskAction = nullptr;
    QAction *m_settingsAction;
    QAction *m_logsAction;
    QAction *m_quitAction;
    QTimer m_trayRetry;
    int m_trayChecks = 0;
    bool m_standby = false;
    StatusIconState m_state = StatusIconState::Off;
    std::optional<Notifier::Kind> m_lastMessage; // the tray message shown last, for its click
};

} // namespace mpa
