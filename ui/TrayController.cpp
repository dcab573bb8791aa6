#include "TrayController.h"

#include "MainWindow.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"

#include <QAction>
#include <QMenu>

using namespace Qt::StringLiterals;

namespace mpa {

TrayController::TrayController(Engine *engine, MainWindow *window, QObject *parent)
    : QObject(parent)
    , m_engine(engine)
    , m_window(window)
    , m_menu(new QMenu)
{
    m_menu->setObjectName(u"trayMenu"_s);
    m_statusAction = m_menu->addAction(QString());
    m_statusAction->setEnabled(false);
    m_menu->addSeparator();
    m_pauseAction = m_menu->addAction(tr("Pause"));
    m_pauseAction->setObjectName(u"pauseAction"_s);
    connect(m_pauseAction, &QAction::triggered, this, [this] { m_engine->setPaused(!m_engine->isPaused()); });
    m_showAction = m_menu->addAction(tr("Show Window"));
    connect(m_showAction, &QAction::triggered, this, [this] {
        if (m_window)
            m_window->showAndRaise();
    });
    m_menu->addSeparator();
    m_quitAction = m_menu->addAction(tr("Quit"));
    m_quitAction->setObjectName(u"quitAction"_s);
    connect(m_quitAction, &QAction::triggered, this, &TrayController::quitRequested);

    m_trayRetry.setInterval(1000);
    connect(&m_trayRetry, &QTimer::timeout, this, &TrayController::lookForTray);
    connect(m_engine, &Engine::statusChanged, this, &TrayController::refresh);
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
    m_trayRetriesLeft = 30;
    m_trayRetry.start();
    return false;
}

void TrayController::lookForTray()
{
    if (!QSystemTrayIcon::isSystemTrayAvailable()) {
        if (--m_trayRetriesLeft <= 0)
            m_trayRetry.stop();
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
    return tr("Multi Purpose Agent — %1").arg(m_engine->statusLine());
}

void TrayController::refresh()
{
    if (m_standby)
        m_state = StatusIconState::Standby;
    else if (!m_engine->isRunning())
        m_state = StatusIconState::Off;
    else if (m_engine->isPaused())
        m_state = StatusIconState::Paused;
    else if (m_engine->endpoint()->isConnected())
        m_state = StatusIconState::Active;
    else
        m_state = StatusIconState::Disconnected;

    m_statusAction->setText(m_standby ? tr("Standing by") : m_engine->statusLine());
    m_pauseAction->setText(m_engine->isPaused() ? tr("Resume") : tr("Pause"));
    m_pauseAction->setEnabled(!m_standby);
    if (m_tray) {
        m_tray->setIcon(statusIcon(m_state));
        m_tray->setToolTip(toolTip());
    }
    if (m_window)
        m_window->setWindowIcon(statusIcon(m_state));
}

} // namespace mpa
