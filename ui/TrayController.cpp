#include "TrayController.h"

#include "EngineControls.h"
#include "MainWindow.h"
#include "SendPromptDialog.h"
#include "TabConsentPrompter.h"
#include "actions/ToolkitCommands.h"
#include "agent/RunManager.h"
#include "autoaccept/AutoAcceptController.h"
#include "bridge/BridgeManager.h"
#include "common/KnownSentences.h"
#include "engine/Engine.h"
#include "engine/EngineStatus.h"
#include "logging/LogCategories.h"
#include "pages/BridgePage.h"
#include "platform/Display.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "scheduler/Scheduler.h"
#include "server/DebugApiService.h"
#include "server/ToolkitServerService.h"
#include "settings/Settings.h"

#include <QAction>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
// Look for a tray every 2 s during the first minute, then every 15 s for as long as it takes.
constexpr int kFastChecks = 30;
constexpr int kFastIntervalMs = 2000;
constexpr int kSlowIntervalMs = 15000;

} // namespace

TrayController::TrayController(Engine *engine, MainWindow *window, QObject *parent)
    : QObject(parent)
    , m_engine(engine)
    , m_window(window)
    , m_notifier(new Notifier(engine->settings(), engine->clock(), this))
    , m_menu(new QMenu)
{
    // Agents asking for the user's tabs are answered here, at the desktop — when there is one
    // to answer at: offscreen, the question is refused with how to allow it instead.
    const QString platform = QGuiApplication::platformName();
    if (Display::desktopAvailable() && platform != u"offscreen"_s && platform != u"minimal"_s) {
        m_consentPrompter = new TabConsentPrompter(
            engine->toolkit()->consent(), [this] { return m_tray; }, this);
        // Its message is the one shown now: a click on it must not open the page of an older one.
        connect(m_consentPrompter, &TabConsentPrompter::dialogShown, this, [this] { m_lastMessage.reset(); });
    }
    m_menu->setObjectName(u"trayMenu"_s);
    m_menu->setToolTipsVisible(true);
    // Lines that only say something (greyed, nothing to click).
    const auto addInfoLine = [this](const QString &objectName) {
        QAction *line = m_menu->addAction(QString());
        line->setObjectName(objectName);
        line->setEnabled(false);
        return line;
    };
    m_statusAction = addInfoLine(u"statusAction"_s);
    m_todayAction = addInfoLine(u"todayAction"_s);
    m_queueProgressAction = addInfoLine(u"queueProgressAction"_s);
    m_lastBlockedAction = m_menu->addAction(QString());
    m_lastBlockedAction->setObjectName(u"lastBlockedAction"_s);
    connect(m_lastBlockedAction, &QAction::triggered, this, [this] {
        if (m_window) {
            m_window->showPage(MainWindow::Page::Safety);
            m_window->showAndRaise();
        }
    });
    // The numbers are read when the menu opens, so they are never stale.
    connect(m_menu, &QMenu::aboutToShow, this, &TrayController::refreshGlance);
    m_menu->addSeparator();

    m_autoAcceptAction = m_menu->addAction(tr("Auto-accept"));
    m_autoAcceptAction->setObjectName(u"autoAcceptAction"_s);
    m_autoAcceptAction->setCheckable(true);
    connect(m_autoAcceptAction, &QAction::triggered, this,
            [this](bool on) { EngineControls::setAutoAcceptEnabled(m_engine, on); });
    // Checkable like its neighbours: a tick says it is paused (not a label that flips to Resume).
    m_pauseAction = m_menu->addAction(tr("Pause"));
    m_pauseAction->setObjectName(u"pauseAction"_s);
    m_pauseAction->setCheckable(true);
    connect(m_pauseAction, &QAction::triggered, this, [this](bool paused) {
        EngineControls::setPaused(m_engine, paused);
        refresh();
    });
    m_scheduleAction = m_menu->addAction(tr("Send Prompts Automatically"));
    m_scheduleAction->setObjectName(u"scheduleAction"_s);
    m_scheduleAction->setCheckable(true);
    m_scheduleAction->setToolTip(tr("Setting: schedule/enabled (the Prompt queue page's switch)"));
    connect(m_scheduleAction, &QAction::triggered, this,
            [this](bool on) { m_engine->settings()->setValue(SettingKey::ScheduleEnabled, on); });
    m_menu->addSeparator();

    m_sendNowAction = m_menu->addAction(tr("Send Prompt Now…"));
    m_sendNowAction->setObjectName(u"sendNowAction"_s);
    m_queueMenu = m_menu->addMenu(tr("Prompt Queue"));
    m_queueMenu->setObjectName(u"queueMenu"_s);
    m_queueMenu->setToolTipsVisible(true);
    Scheduler *scheduler = engine->scheduler();
    m_queueStart = m_queueMenu->addAction(tr("Start"));
    m_queueStart->setObjectName(u"queueStartAction"_s);
    connect(m_queueStart, &QAction::triggered, this, [this] {
        runQueueAction([this](QString *error) { return EngineControls::startQueue(m_engine, error); });
    });
    m_queuePause = m_queueMenu->addAction(tr("Pause"));
    m_queuePause->setObjectName(u"queuePauseAction"_s);
    connect(m_queuePause, &QAction::triggered, this, [this, scheduler] {
        runQueueAction(scheduler->queue().state == PromptQueue::State::Paused ? &Scheduler::resumeQueue
                                                                              : &Scheduler::pauseQueue);
    });
    m_queueSkip = m_queueMenu->addAction(tr("Skip Current Prompt"));
    m_queueSkip->setObjectName(u"queueSkipAction"_s);
    connect(m_queueSkip, &QAction::triggered, this, [this] { runQueueAction(&Scheduler::skipPrompt); });
    m_queueStop = m_queueMenu->addAction(tr("Stop"));
    m_queueStop->setObjectName(u"queueStopAction"_s);
    connect(m_queueStop, &QAction::triggered, this, [this] { runQueueAction(&Scheduler::stopQueue); });
    m_queueActions = { m_queueStart, m_queuePause, m_queueSkip, m_queueStop };
    connect(m_sendNowAction, &QAction::triggered, this, &TrayController::sendPromptNow);
    connect(scheduler, &Scheduler::queueChanged, this, &TrayController::refresh);
    m_menu->addSeparator();

    // Entries that open the window at a page (the one `page` names when chosen).
    const auto addPageAction = [this](const QString &text, const QString &objectName, auto page) {
        QAction *action = m_menu->addAction(text);
        action->setObjectName(objectName);
        connect(action, &QAction::triggered, this, [this, page] {
            if (m_window) {
                m_window->showPage(page());
                m_window->showAndRaise();
            }
        });
        return action;
    };
    m_newTaskAction
        = addPageAction(tr("New Task…"), u"newTaskAction"_s, [] { return MainWindow::Page::Tasks; });
    // A web chat as the brain (the chat-tab bridge).
    addPageAction(tr("Bridge a Chat…"), u"bridgeAction"_s, [] { return MainWindow::Page::Bridge; });
    // The page last used, also across restarts (ui/lastPage).
    m_settingsAction
        = addPageAction(tr("Settings…"), u"settingsAction"_s, [this] { return m_window->lastPage(); });
    m_logsAction = addPageAction(tr("Logs…"), u"logsAction"_s, [] { return MainWindow::Page::Logs; });
    m_menu->addSeparator();
    m_quitAction = m_menu->addAction(tr("Quit"));
    m_quitAction->setObjectName(u"quitAction"_s);
    connect(m_quitAction, &QAction::triggered, this, &TrayController::quitRequested);
    if (m_window)
        connect(m_window, &MainWindow::hiddenToTray, this, &TrayController::sayStillRunning);

    m_notifier->watch(engine);
    connect(m_notifier, &Notifier::notified, this, &TrayController::showNotification);
    // A run that asks: an open window turns to its question (the tray message says it anyway).
    connect(engine->runs(), &RunManager::questionAsked, this, [this] {
        if (m_window && m_window->isVisible())
            m_window->showPage(MainWindow::Page::Tasks);
    });
    // A bridge session likewise; its status line is one more line of the tooltip.
    BridgeManager *bridge = engine->bridge();
    connect(bridge, &BridgeManager::questionAsked, this, [this] {
        if (m_window && m_window->isVisible())
            m_window->showPage(MainWindow::Page::Bridge);
    });
    connect(bridge, &BridgeManager::sessionChanged, this, &TrayController::refresh);
    connect(bridge, &BridgeManager::listChanged, this, &TrayController::refresh);

    // A page paused or resumed on its own shows in the tooltip (and the icon, when all are).
    connect(engine->autoAccept(), &AutoAcceptController::targetsChanged, this, &TrayController::refresh);
    connect(engine->autoAccept(), &AutoAcceptController::statsChanged, this, &TrayController::refreshGlance);

    connect(engine->debugApi(), &ServerService::stateChanged, this, &TrayController::refresh);
    connect(engine->toolkitServer(), &ServerService::stateChanged, this, &TrayController::refresh);

    connect(&m_trayRetry, &QTimer::timeout, this, &TrayController::lookForTray);
    connect(m_engine, &Engine::statusChanged, this, &TrayController::refresh);
    connect(m_engine->endpoint(), &CdpEndpoint::endpointsChanged, this, &TrayController::refresh);
    connect(m_engine->quota(), &QuotaMonitor::snapshotChanged, this, &TrayController::refresh);
    connect(m_engine->settings(), &Settings::changed, this, &TrayController::refresh);
    refresh();
}

TrayController::~TrayController()
{
    delete m_menu;
}

bool TrayController::start()
{
    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        lookForTray();
        // The very first start opens the window with its welcome: a tray icon alone says
        // nothing about what the app needs.
        if (m_window && m_window->isWelcoming())
            m_window->showAndRaise();
        return true;
    }
    qCWarning(lcUi)
        << "this desktop has no system tray; the window stays open instead (closing it minimises it)";
    if (m_window) {
        m_window->setTrayAvailable(false);
        m_window->showAndRaise();
    }
    m_trayChecks = 0;
    m_trayRetry.start(kFastIntervalMs);
    return false;
}

void TrayController::lookForTray()
{
    if (!QSystemTrayIcon::isSystemTrayAvailable()) {
        if (++m_trayChecks == kFastChecks)
            m_trayRetry.setInterval(kSlowIntervalMs);
        return;
    }
    m_trayRetry.stop();
    if (!m_tray) {
        m_tray = new QSystemTrayIcon(this);
        m_tray->setContextMenu(m_menu);
        connect(m_tray, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason reason) {
            if (reason == QSystemTrayIcon::Trigger && m_window) {
                // A click hides the window the user is looking at, and brings up one that is
                // hidden, minimised or buried under other windows.
                if (m_window->isVisible() && !m_window->isMinimized() && m_window->isActiveWindow())
                    m_window->hide();
                else
                    m_window->showAndRaise();
            }
        });
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, [this] {
            if (m_lastMessage)
                openNotification(*m_lastMessage);
        });
    }
    if (m_window)
        m_window->setTrayAvailable(true);
    refresh();
    m_tray->show();
    qCInfo(lcUi) << "tray icon shown";
    Q_EMIT trayShown();
}

bool TrayController::isTrayVisible() const
{
    return m_tray && m_tray->isVisible();
}

void TrayController::setStandby(bool standby)
{
    m_standby = standby;
    refresh();
}

QString TrayController::toolTip() const
{
    if (m_standby)
        return tr("Multi Purpose Agent — standing by (another instance is running)");
    QStringList lines { tr("Multi Purpose Agent"), engineStatusLine(*m_engine, StatusWords::Translated) };
    lines += endpointStatusLines(*m_engine, StatusWords::Translated); // with several endpoints
    if (m_engine->endpoint()->isConnected()) {
        QStringList titles;
        for (CdpSession *session : m_engine->endpoint()->pageSessions()) {
            const QString title = session->targetInfo().title;
            if (!title.isEmpty() && titles.size() < 3)
                titles.append(title.size() > 40 ? title.left(39) + u'…' : title);
        }
        if (!titles.isEmpty())
            lines.append(titles.join(u", "_s));
    }
    const bool autoAccept = EngineControls::autoAcceptEnabled(m_engine);
    lines.append(autoAccept ? tr("Auto-accept on") : tr("Auto-accept off"));
    if (const QString pausedPages = EngineControls::pausedPagesText(m_engine);
        autoAccept && !pausedPages.isEmpty())
        lines.append(pausedPages);
    const PromptQueue &queue = m_engine->scheduler()->queue();
    if (queue.state == PromptQueue::State::Running)
        lines.append(tr("Queue: prompt %1 of %2").arg(queue.position + 1).arg(queue.items.size()));
    else if (queue.state == PromptQueue::State::Paused)
        lines.append(tr("Queue paused at prompt %1 of %2").arg(queue.position + 1).arg(queue.items.size()));
    if (m_engine->quota()->isHolding())
        lines.append(tr("Quota used up: %1").arg(m_engine->quota()->verdict().reason.translated()));
    else if (const QString quota = EngineControls::quotaAtAGlance(m_engine); !quota.isEmpty())
        lines.append(quota);
    lines += EngineControls::serverProblems(m_engine); // a server that failed to start
    BridgeManager *bridge = m_engine->bridge();
    for (const QString &id : bridge->activeSessions()) {
        if (const BridgeSession *session = bridge->live(id))
            lines.append(BridgePage::liveStatusLine(session->record()));
    }
    return lines.join(u'\n');
}

void TrayController::refresh()
{
    m_state = m_standby ? StatusIconState::Standby : statusIconState(m_engine);
    m_statusAction->setText(m_standby ? tr("Standing by")
                                      : engineStatusLine(*m_engine, StatusWords::Translated));
    refreshEndpointLines();
    {
        const QSignalBlocker blocker(m_autoAcceptAction);
        m_autoAcceptAction->setChecked(EngineControls::autoAcceptEnabled(m_engine));
    }
    m_autoAcceptAction->setEnabled(!m_standby);
    {
        const QSignalBlocker blocker(m_pauseAction);
        m_pauseAction->setChecked(m_engine->isPaused());
    }
    m_pauseAction->setEnabled(!m_standby && EngineControls::pauseOffered(m_engine));
    m_pauseAction->setToolTip(EngineControls::pauseToolTip(m_engine));
    {
        const QSignalBlocker blocker(m_scheduleAction);
        m_scheduleAction->setChecked(m_engine->settings()->boolValue(SettingKey::ScheduleEnabled));
    }
    m_scheduleAction->setEnabled(!m_standby);
    refreshGlance();
    const PromptQueue &queue = m_engine->scheduler()->queue();
    const bool running = queue.state == PromptQueue::State::Running;
    const bool paused = queue.state == PromptQueue::State::Paused;
    const QString startBlocker = EngineControls::queueStartBlocker(m_engine);
    m_queueStart->setEnabled(!m_standby && startBlocker.isEmpty());
    m_queueStart->setToolTip(startBlocker);
    m_queuePause->setText(paused ? tr("Resume") : tr("Pause"));
    m_queuePause->setEnabled(!m_standby && (running || paused));
    m_queueSkip->setEnabled(!m_standby && (running || paused) && queue.hasCurrent());
    m_queueStop->setEnabled(!m_standby && (running || paused));
    m_sendNowAction->setEnabled(!m_standby && m_engine->isRunning());
    if (m_tray) {
        m_tray->setIcon(statusIcon(m_state));
        m_tray->setToolTip(toolTip());
    }
    if (m_window)
        m_window->setWindowIcon(statusIcon(m_state));
}

void TrayController::refreshEndpointLines()
{
    // One greyed line per endpoint under the status line, only when there are several.
    const QStringList lines
        = m_standby ? QStringList() : endpointStatusLines(*m_engine, StatusWords::Translated);
    while (m_endpointActions.size() > lines.size())
        delete m_endpointActions.takeLast();
    while (m_endpointActions.size() < lines.size()) {
        auto *line = new QAction(m_menu);
        line->setObjectName(u"endpointAction"_s);
        line->setEnabled(false);
        m_menu->insertAction(m_todayAction, line);
        m_endpointActions.append(line);
    }
    for (qsizetype i = 0; i < lines.size(); ++i)
        m_endpointActions.at(i)->setText(lines.at(i));
}

void TrayController::refreshGlance()
{
    AutoAcceptController *autoAccept = m_engine->autoAccept();
    const AutoAcceptCounts today = autoAccept->stats()->day();
    m_todayAction->setText(
        tr("Today: %1 · %2")
            .arg(tr("%n click(s)", nullptr, int(today.clicks)), tr("%1 blocked").arg(today.blocked)));
    m_todayAction->setVisible(!m_standby);

    const PromptQueue &queue = m_engine->scheduler()->queue();
    QString progress;
    if (queue.state == PromptQueue::State::Running) {
        progress = EngineControls::withQueuePhase(
            tr("Queue: prompt %1 of %2").arg(queue.position + 1).arg(queue.items.size()), m_engine);
    } else if (queue.state == PromptQueue::State::Paused) {
        progress = tr("Queue paused at prompt %1 of %2").arg(queue.position + 1).arg(queue.items.size());
    }
    m_queueProgressAction->setText(progress);
    m_queueProgressAction->setVisible(!m_standby && !progress.isEmpty());

    const QList<AutoAcceptController::BlockedCommand> blocked = autoAccept->recentBlocked();
    if (!blocked.isEmpty()) {
        const AutoAcceptController::BlockedCommand &last = blocked.first(); // newest first
        // The command as the page had it (case, spacing); & doubled, or the menu reads it as a
        // shortcut mark and `make && rm` shows as "make & rm".
        const auto menuText = [](const QString &text, qsizetype most) {
            return QString(text.size() > most ? text.left(most - 1) + u'…' : text).replace(u'&', u"&&"_s);
        };
        const QString command = menuText(last.command, 40);
        const QString page = menuText(last.targetTitle, 30);
        m_lastBlockedAction->setText(
            tr("Last blocked: %1 (%2, %3)")
                .arg(command, page,
                     QLocale().toString(last.time.toLocalTime().time(), QLocale::ShortFormat)));
        m_lastBlockedAction->setToolTip(
            tr("%1\nPattern: %2\nOpens the Safety page").arg(last.command, last.pattern));
    }
    m_lastBlockedAction->setVisible(!m_standby && !blocked.isEmpty());
}

void TrayController::showNotification(const Notifier::Notification &notification)
{
    if (!isTrayVisible() || !QSystemTrayIcon::supportsMessages())
        return; // the Notifier logged it; the window's status line shows the state
    m_lastMessage = notification.kind;
    m_tray->showMessage(notification.title, notification.message,
                        notification.warning ? QSystemTrayIcon::Warning : QSystemTrayIcon::Information, 8000);
}

void TrayController::openNotification(Notifier::Kind kind)
{
    if (!m_window)
        return;
    if (kind == Notifier::Kind::BridgeQuestion)
        m_window->showPage(MainWindow::Page::Bridge);
    else if (kind == Notifier::Kind::RunQuestion || kind == Notifier::Kind::RunFinished)
        m_window->showPage(MainWindow::Page::Tasks);
    // Anything else — the summaries too, whose figures are in the message itself — opens the
    // window as the user left it: a click that only dismisses a bubble must not move them to
    // another page (nor overwrite ui/lastPage).
    m_window->showAndRaise();
}

void TrayController::runQueueAction(bool (Scheduler::*act)(QString *error))
{
    runQueueAction([this, act](QString *error) { return (m_engine->scheduler()->*act)(error); });
}

void TrayController::runQueueAction(const std::function<bool(QString *error)> &act)
{
    QString refusal;
    const bool done = act(&refusal);
    refresh();
    if (done)
        return;
    qCInfo(lcUi).noquote() << "queue:" << refusal;
    const QString said = knownSentence(refusal).translated(); // the queue's refusal is core's English
    if (isTrayVisible() && QSystemTrayIcon::supportsMessages()) {
        m_lastMessage.reset();
        m_tray->showMessage(tr("Prompt queue"), said, QSystemTrayIcon::Information, 6000);
    } else if (m_window)
        QMessageBox::information(m_window, tr("Prompt queue"), said);
}

void TrayController::sayStillRunning()
{
    Settings *settings = m_engine->settings();
    if (!settings->boolValue(SettingKey::UiTrayNotice))
        return;
    settings->setValue(SettingKey::UiTrayNotice, false); // once; the General page turns it back on
    Q_EMIT stillRunningNoticed();
    if (isTrayVisible() && QSystemTrayIcon::supportsMessages()) {
        m_lastMessage.reset();
        m_tray->showMessage(tr("Still running in the tray"),
                            tr("Multi Purpose Agent goes on working here. Click the icon to open the window; "
                               "quit from its menu."),
                            QSystemTrayIcon::Information, 8000);
    }
}

void TrayController::sendPromptNow()
{
    // Not modal to the app: the tray and the window stay usable while it is open.
    auto *dialog = new SendPromptDialog(m_engine, m_window);
    dialog->setObjectName(u"sendPromptDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SendPromptDialog::sendRequested, this,
            [this, dialog = QPointer<SendPromptDialog>(dialog)](const QString &text) {
                sendPrompt(text, dialog);
            });
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void TrayController::sendPrompt(const QString &text, QPointer<SendPromptDialog> dialog)
{
    m_engine->scheduler()->sendPrompt(text, QString(), this, [this, dialog](const ChatSendOutcome &outcome) {
        Q_EMIT promptSent(outcome.ok, outcome.ok ? outcome.target : outcome.error);
        QString message = outcome.ok ? tr("Sent to %1.").arg(outcome.target)
                                     : tr("Not sent: %1").arg(knownSentence(outcome.error).translated());
        qCInfo(lcUi).noquote() << "send prompt now:" << message;
        if (dialog) {
            dialog->finishSend(outcome.ok, outcome.error);
            if (!outcome.ok)
                return; // the dialog says it, with the text kept
        } else if (!outcome.ok) {
            // The dialog was closed meanwhile: the text is in History, to send again from there.
            message += u'\n' + tr("The prompt is kept in History: Send Again sends it.");
        }
        if (isTrayVisible() && QSystemTrayIcon::supportsMessages()) {
            m_lastMessage.reset();
            m_tray->showMessage(tr("Send Prompt Now"), message,
                                outcome.ok ? QSystemTrayIcon::Information : QSystemTrayIcon::Warning, 6000);
        }
    });
}

} // namespace mpa
