#include "TrayController.h"

#include "EngineControls.h"
#include "MainWindow.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
// Look for a tray every 2 s during the first minute, then every 15 s for as long as it takes.
constexpr int kFastChecks = 30;
constexpr int kFastIntervalMs = 2000;
constexpr int kSlowIntervalMs = 15000;

QString schedulerMissing()
{
    return QCoreApplication::translate("mpa::TrayController", "Available once the scheduler is connected");
}
} // namespace

TrayController::TrayController(Engine *engine, MainWindow *window, QObject *parent)
    : QObject(parent)
    , m_engine(engine)
    , m_window(window)
    , m_notifier(new Notifier(engine->settings(), this))
    , m_menu(new QMenu)
{
    m_menu->setObjectName(u"trayMenu"_s);
    m_menu->setToolTipsVisible(true);
    m_statusAction = m_menu->addAction(QString());
    m_statusAction->setObjectName(u"statusAction"_s);
    m_statusAction->setEnabled(false);
    m_menu->addSeparator();

    m_autoAcceptAction = m_menu->addAction(tr("Auto-accept"));
    m_autoAcceptAction->setObjectName(u"autoAcceptAction"_s);
    m_autoAcceptAction->setCheckable(true);
    connect(m_autoAcceptAction, &QAction::triggered, this,
            [this](bool on) { EngineControls::setAutoAcceptEnabled(m_engine, on); });
    m_pauseAction = m_menu->addAction(tr("Pause"));
    m_pauseAction->setObjectName(u"pauseAction"_s);
    connect(m_pauseAction, &QAction::triggered, this, [this] { m_engine->setPaused(!m_engine->isPaused()); });
    m_menu->addSeparator();

    m_sendNowAction = m_menu->addAction(tr("Send Prompt Now…"));
    m_sendNowAction->setObjectName(u"sendNowAction"_s);
    m_queueMenu = m_menu->addMenu(tr("Prompt Queue"));
    m_queueMenu->setObjectName(u"queueMenu"_s);
    m_queueMenu->setToolTipsVisible(true);
    for (const auto &[name, label] :
         { std::pair { u"queueStartAction"_s, tr("Start") }, std::pair { u"queuePauseAction"_s, tr("Pause") },
           std::pair { u"queueSkipAction"_s, tr("Skip Current Prompt") },
           std::pair { u"queueStopAction"_s, tr("Stop") } }) {
        QAction *action = m_queueMenu->addAction(label);
        action->setObjectName(name);
        m_queueActions.append(action);
    }
    // Wiring: core/scheduler's start/pause/skip/stop and "send now" (a prompt dialog) go on
    // these; until then they say why they are off.
    for (QAction *action : QList<QAction *> { m_sendNowAction } + m_queueActions) {
        action->setEnabled(false);
        action->setToolTip(schedulerMissing());
    }
    m_menu->addSeparator();

    m_settingsAction = m_menu->addAction(tr("Settings…"));
    m_settingsAction->setObjectName(u"settingsAction"_s);
    connect(m_settingsAction, &QAction::triggered, this, [this] {
        if (m_window) {
            if (m_window->currentPage() == MainWindow::Page::Logs)
                m_window->showPage(MainWindow::Page::Dashboard);
            m_window->showAndRaise();
        }
    });
    m_logsAction = m_menu->addAction(tr("Logs…"));
    m_logsAction->setObjectName(u"logsAction"_s);
    connect(m_logsAction, &QAction::triggered, this, [this] {
        if (m_window) {
            m_window->showPage(MainWindow::Page::Logs);
            m_window->showAndRaise();
        }
    });
    m_menu->addSeparator();
    m_quitAction = m_menu->addAction(tr("Quit"));
    m_quitAction->setObjectName(u"quitAction"_s);
    connect(m_quitAction, &QAction::triggered, this, &TrayController::quitRequested);

    m_notifier->watch(engine);
    connect(m_notifier, &Notifier::notified, this, &TrayController::showNotification);

    connect(&m_trayRetry, &QTimer::timeout, this, &TrayController::lookForTray);
    connect(m_engine, &Engine::statusChanged, this, &TrayController::refresh);
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
                if (m_window->isVisible() && !m_window->isMinimized())
                    m_window->hide();
                else
                    m_window->showAndRaise();
            }
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
    QStringList lines { tr("Multi Purpose Agent"), m_engine->statusLine() };
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
    lines.append(EngineControls::autoAcceptEnabled(m_engine) ? tr("Auto-accept on") : tr("Auto-accept off"));
    // Wiring: "clicks today" (core/autoaccept) and "queue n of m" (core/scheduler) lines go here.
    return lines.join(u'\n');
}

void TrayController::refresh()
{
    m_state = m_standby ? StatusIconState::Standby : statusIconState(m_engine);
    m_statusAction->setText(m_standby ? tr("Standing by") : m_engine->statusLine());
    {
        const QSignalBlocker blocker(m_autoAcceptAction);
        m_autoAcceptAction->setChecked(EngineControls::autoAcceptEnabled(m_engine));
    }
    m_autoAcceptAction->setEnabled(!m_standby);
    m_pauseAction->setText(m_engine->isPaused() ? tr("Resume") : tr("Pause"));
    m_pauseAction->setEnabled(!m_standby);
    if (m_tray) {
        m_tray->setIcon(statusIcon(m_state));
        m_tray->setToolTip(toolTip());
    }
    if (m_window)
        m_window->setWindowIcon(statusIcon(m_state));
}

void TrayController::showNotification(const Notifier::Notification &notification)
{
    if (!isTrayVisible() || !QSystemTrayIcon::supportsMessages())
        return; // the Notifier logged it; the window's status line shows the state
    m_tray->showMessage(notification.title, notification.message,
                        notification.warning ? QSystemTrayIcon::Warning : QSystemTrayIcon::Information, 8000);
}

} // namespace mpa
