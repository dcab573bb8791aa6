#include "Engine.h"

#include "EngineStatus.h"
#include "actions/BridgeActions.h"
#include "actions/CommandDispatcher.h"
#include "actions/DebugActions.h"
#include "actions/ExtensionActions.h"
#include "actions/RelaunchActions.h"
#include "actions/RunActions.h"
#include "actions/RunMask.h"
#include "actions/ToolkitCommands.h"
#include "actions/UiActions.h"
#include "agent/RunManager.h"
#include "autoaccept/AutoAcceptController.h"
#include "bridge/BridgeManager.h"
#include "cdp/IdeRelauncher.h"
#include "chat/AgentChat.h"
#include "common/SystemClock.h"
#include "logging/LogCategories.h"
#include "page/Payload.h"
#include "page/PayloadHub.h"
#include "platform/ProcessFinder.h"
#include "platform/ThisProcess.h"
#include "quota/AntigravityQuotaProvider.h"
#include "quota/QuotaHistory.h"
#include "quota/QuotaMonitor.h"
#include "scheduler/Scheduler.h"
#include "server/DebugApiService.h"
#include "server/ToolkitServerService.h"
#include "settings/KeychainSecretStore.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>

using namespace Qt::StringLiterals;

namespace mpa {

Engine::Engine(Settings *settings, const AppPaths &paths, QObject *parent, Clock *clock)
    : QObject(parent)
    , m_settings(settings)
    , m_paths(paths)
    , m_clock(clock ? clock : new SystemClock(this))
    , m_endpoint(new CdpEndpoint(this, m_clock))
    , m_payloads(new PayloadHub(m_endpoint, this))
    , m_commands(new CommandDispatcher(this))
    , m_agentChat(new AgentChat(m_endpoint, m_payloads, this, m_clock))
    , m_scheduler(new Scheduler(m_settings, m_agentChat, m_clock, m_paths.configDir, this))
    , m_quota(new QuotaMonitor(m_settings, m_clock, this))
    , m_autoAccept(
          new AutoAcceptController(m_endpoint, m_payloads, m_settings, m_paths.configDir, this, m_clock))
{
    // A click is the agent moving: the queue's silence window starts again.
    connect(m_autoAccept, &AutoAcceptController::clicked, m_scheduler,
            [this] { m_scheduler->noteActivity(u"auto-accept"_s); });
    connect(this, &Engine::pausedChanged, m_autoAccept, &AutoAcceptController::setPaused);
    connect(this, &Engine::pausedChanged, m_scheduler, &Scheduler::setAppPaused);
    // The scheduler's chat selectors come from the page's IDE profile when it has them.
    m_agentChat->setSelectorsProvider([this](CdpSession *session) {
        const IdeProfile *profile = m_autoAccept->profileFor(session);
        return profile && profile->chat ? *profile->chat : ChatSelectors::generic();
    });
    m_quota->setProvider(new AntigravityQuotaProvider(ProcessFinder::createDefault()));
    connect(m_quota, &QuotaMonitor::holdChanged, m_scheduler, &Scheduler::setQuotaHold);
    m_quotaHistory = new QuotaHistory(m_paths.configDir, this);
    connect(m_quota, &QuotaMonitor::snapshotChanged, m_quotaHistory, &QuotaHistory::record);
    connect(m_settings, &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::CdpHost || key == SettingKey::CdpPort)
            applyAddress();
        else if (key == SettingKey::CdpIgnoreTargets)
            applyTargetFilter();
        else if (key == SettingKey::CdpEndpoints)
            applyMoreEndpoints();
        else if (key == SettingKey::ToolkitDefaultEndpoint)
            m_endpoint->setDefaultEndpoint(
                m_settings->stringValue(SettingKey::ToolkitDefaultEndpoint).trimmed());
        else if (key == SettingKey::ScheduleTargetWindow)
            m_agentChat->setWindowPreference(m_settings->stringValue(SettingKey::ScheduleTargetWindow));
        else if (key == SettingKey::ScheduleEndpoint)
            m_agentChat->setEndpointPreference(m_settings->stringValue(SettingKey::ScheduleEndpoint));
    });
    m_agentChat->setWindowPreference(m_settings->stringValue(SettingKey::ScheduleTargetWindow));
    m_agentChat->setEndpointPreference(m_settings->stringValue(SettingKey::ScheduleEndpoint));
    connect(m_endpoint, &CdpEndpoint::stateChanged, this, &Engine::statusChanged);
    connect(m_endpoint, &CdpEndpoint::sessionAttached, this, &Engine::onSessionAttached);
    connect(m_endpoint, &CdpEndpoint::sessionDetached, this, [this](CdpSession *session) {
        m_describedPages.remove(session->targetId());
        Q_EMIT statusChanged();
    });
    connect(m_endpoint, &CdpEndpoint::sessionInfoChanged, this, [this](CdpSession *session) {
        if (session->isPage())
            describePage(session);
        Q_EMIT statusChanged();
    });
    applyAddress();
    applyTargetFilter();
    m_debugApi = new DebugApiService(m_settings, m_commands, m_clock, m_paths, this);
    m_toolkitServer = new ToolkitServerService(m_settings, m_commands, m_paths, this, m_clock);
    DebugActions::install(this);
    // The window's own automation: answered through the DesktopUi while a window exists.
    UiActions::install(m_commands, this);
    ExtensionActions::install(this);
    m_relauncher = new IdeRelauncher(ProcessFinder::createDefault(), this);
    RelaunchActions::install(m_commands, m_relauncher, m_settings);
    m_toolkit = new ToolkitCommands(m_endpoint, m_payloads, m_settings, m_clock, m_commands, this);
    m_toolkit->setProtectedFolders({ m_paths.configDir, m_paths.dataDir, m_paths.logDir });
    m_toolkit->setDownloadsFolder(m_paths.dataDir + u"/downloads"_s);
    m_toolkit->setStorageFolder(m_paths.dataDir + u"/storage-states"_s);
    // An agent that disconnects gives its tabs back (they stay open for the next one).
    connect(m_toolkitServer, &ToolkitServerService::callerGone, m_toolkit, &ToolkitCommands::releaseCaller);
    // LLM task runs: the key from the keychain, the browser through the toolkit in each run's name.
    m_secrets = new KeychainSecretStore(this);
    m_endpoint->setDefaultEndpoint(m_settings->stringValue(SettingKey::ToolkitDefaultEndpoint).trimmed());
    applyMoreEndpoints();
    m_runs
        = new RunManager(m_settings, m_secrets, m_clock, QDir(m_paths.configDir).filePath(u"runs"_s), this);
    auto *mask = new RunMask(m_payloads, m_toolkit, m_clock, this);
    // The bar on the tabs outside agents hold, while what agents do is shown (agent/showActions).
    mask->followAgents([settings = m_settings] { return settings->boolValue(SettingKey::AgentShowActions); });
    RunActions::install(m_commands, m_runs, m_toolkit, mask);
    // The chat-tab bridge: a web chat drives tabs through the toolkit in each session's name.
    m_bridge = new BridgeManager(m_settings, m_clock, QDir(m_paths.configDir).filePath(u"bridge"_s), this);
    BridgeActions::install(m_commands, m_bridge, m_toolkit, m_endpoint, m_payloads, mask, m_paths.configDir);
}

void Engine::setSecretStore(SecretStore *store)
{
    if (m_secrets && m_secrets->parent() == this)
        m_secrets->deleteLater();
    m_secrets = store;
    m_runs->setSecretStore(store);
    applyMoreEndpoints();
}

Engine::~Engine()
{
    // Runs and bridge sessions under way are recorded as interrupted (resumable) before the
    // browser connection goes, not failed by it.
    delete m_bridge;
    m_bridge = nullptr;
    delete m_runs;
    m_runs = nullptr;
    stop();
}

void Engine::setOverrides(const Overrides &overrides)
{
    m_overrides = overrides;
    applyAddress();
    applyMoreEndpoints(); // --cdp-url: that one endpoint alone
    m_autoAccept->setEnabledOverride(overrides.autoAccept);
    m_debugApi->setCommandLine(overrides.debugServer, overrides.debugServerPort);
}

void Engine::start()
{
    if (m_running)
        return;
    m_running = true;
    m_uptime.start();
    m_endpoint->start();
    if (m_overrides.toolkitOnly) {
        Q_EMIT statusChanged();
        return;
    }
    m_debugApi->start();
    m_toolkitServer->start();
    m_runs->load();
    m_bridge->load();
    m_scheduler->start();
    m_quota->start();
    Q_EMIT statusChanged();
}

void Engine::stop()
{
    if (!m_running)
        return;
    m_running = false;
    // The page scripts outlive this connection: tell them to stop clicking before it closes
    // (their lease would stop them within seconds anyway; a quit should stop them now).
    if (m_endpoint->isConnected()) {
        QEventLoop loop;
        bool done = false;
        m_autoAccept->disableEverywhere(std::chrono::milliseconds(1000), &loop, [&loop, &done] {
            done = true;
            loop.quit();
        });
        if (!done)
            loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
    m_toolkitServer->stop();
    m_debugApi->stop();
    m_quota->stop();
    m_scheduler->shutdown();
    m_endpoint->stop();
    Q_EMIT statusChanged();
}

QString Engine::cdpHost() const
{
    if (m_addressOverride)
        return m_addressOverride->first;
    return m_overrides.cdpHost.value_or(m_settings->stringValue(SettingKey::CdpHost));
}

quint16 Engine::cdpPort() const
{
    if (m_addressOverride)
        return m_addressOverride->second;
    return m_overrides.cdpPort.value_or(quint16(m_settings->intValue(SettingKey::CdpPort)));
}

void Engine::setCdpAddressOverride(const QString &host, quint16 port)
{
    m_addressOverride = std::make_pair(host, port);
    applyAddress();
}

void Engine::applyAddress()
{
    if (m_overrides.cdpRemote && !m_addressOverride) {
        if (m_endpoint->remote() != m_overrides.cdpRemote)
            m_endpoint->setRemote(m_overrides.cdpRemote);
        return;
    }
    if (m_endpoint->remote())
        m_endpoint->setRemote(std::nullopt);
    m_endpoint->setAddress(cdpHost(), cdpPort());
}

void Engine::applyMoreEndpoints()
{
    const quint64 read = ++m_endpointsRead;
    QList<CdpAddress> more;
    // `mcp/run --cdp-url` use the one endpoint they were given.
    if (!m_overrides.cdpRemote) {
        for (const QString &entry : m_settings->listValue(SettingKey::CdpEndpoints)) {
            QString error;
            if (const std::optional<CdpAddress> address = CdpAddress::parse(entry, &error))
                more.append(*address);
            else
                qCWarning(lcCdp).noquote() << "skipping an endpoint:" << error;
        }
    }
    // A remote service's token or header comes from the keychain; all are read before any is used,
    // so the endpoints start together and in order.
    struct Pending
    {
        QList<CdpAddress> more;
        int left = 0;
    };
    auto pending = std::make_shared<Pending>(Pending { more, 0 });
    const auto finish = [this, read, pending] {
        if (read == m_endpointsRead)
            m_endpoint->setMoreEndpoints(pending->more);
    };
    for (const CdpAddress &address : std::as_const(more))
        pending->left += address.isRemote() && m_secrets ? 1 : 0;
    if (pending->left == 0)
        return finish();
    for (qsizetype i = 0; i < more.size(); ++i) {
        if (!more.at(i).isRemote() || !m_secrets)
            continue;
        m_secrets->read(CdpAddress::secretKey(more.at(i).name()),
                        [pending, i, finish](const CommandResult &result) {
                            if (result.ok && !result.data.toString().isEmpty())
                                pending->more[i].applySecret(result.data.toString());
                            if (--pending->left == 0)
                                finish();
                        });
    }
}

void Engine::applyTargetFilter()
{
    TargetFilter filter = m_endpoint->targetFilter();
    filter.setIgnorePatterns(m_settings->listValue(SettingKey::CdpIgnoreTargets));
    m_endpoint->setTargetFilter(filter);
}

bool Engine::autoAcceptEnabled() const
{
    return m_overrides.autoAccept.value_or(m_settings->boolValue(SettingKey::AutoAcceptEnabled));
}

bool Engine::setAutoAcceptEnabled(bool enabled, QString *error)
{
    const bool before = m_settings->boolValue(SettingKey::AutoAcceptEnabled);
    // Saved first: a switch that could not be saved changes nothing, the override included.
    if (!m_settings->setValue(SettingKey::AutoAcceptEnabled, enabled, error))
        return false;
    if (m_overrides.autoAccept) {
        m_overrides.autoAccept.reset();
        m_autoAccept->setEnabledOverride(std::nullopt);
    }
    if (before == enabled) // no changed() from Settings: tell the views the override went
        Q_EMIT statusChanged();
    return true;
}

void Engine::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    qCInfo(lcApp) << (paused ? "paused" : "resumed");
    Q_EMIT pausedChanged(paused);
    Q_EMIT statusChanged();
}

void Engine::onSessionAttached(CdpSession *session)
{
    if (session->isPage()) {
        m_targetsSeen.insert(session->targetId());
        if (m_firstAttachMs < 0) {
            m_firstAttachMs = ThisProcess::msSinceStart();
            qCInfo(lcApp).noquote() << u"first page attached %1 ms after process start"_s.arg(
                m_firstAttachMs);
        }
        describePage(session);
    }
    Q_EMIT statusChanged();
}

void Engine::describePage(CdpSession *session)
{
    // What the engine sees on a page once it has loaded, logged once per title and URL.
    const QString targetId = session->targetId();
    if (session->targetInfo().url == u"about:blank"_s || m_describing.contains(targetId))
        return;
    m_describing.insert(targetId);
    session->evaluate(Payload::source(u"page-info.js"_s), this,
                      [this, targetId](const QJsonValue &value, const CdpError &error) {
                          m_describing.remove(targetId);
                          if (error.isError()) {
                              qCDebug(lcPage).noquote() << "page info unavailable:" << error.toString();
                              return;
                          }
                          const QJsonObject page = value.toObject();
                          const QString title = page.value(u"title").toString();
                          const QString url = page.value(u"url").toString();
                          const QString key = title + u'\n' + url;
                          if (m_describedPages.value(targetId) == key)
                              return;
                          m_describedPages.insert(targetId, key);
                          qCInfo(lcPage).noquote() << u"page '%1' (%2): %3 elements, %4"_s.arg(
                              title, url, QString::number(page.value(u"elements").toInt()),
                              page.value(u"visibility").toString());
                      });
}

int Engine::attachedPages() const
{
    return int(m_endpoint->pageSessions().size());
}

qint64 Engine::uptimeSeconds() const
{
    return m_uptime.isValid() ? m_uptime.elapsed() / 1000 : 0;
}

QJsonObject Engine::summary() const
{
    return {
        { u"clicks"_s, m_autoAccept->runCounts().clicks },
        { u"blocked"_s, m_autoAccept->runCounts().blocked },
        { u"targets"_s, targetsSeen() },
        { u"promptsSent"_s, m_scheduler->promptsSentThisRun() },
        { u"uptimeS"_s, uptimeSeconds() },
    };
}

QString Engine::statusLine() const
{
    return engineStatusLine(*this, StatusWords::English);
}

QJsonObject Engine::debugApiState() const
{
    return {
        { u"listening"_s, m_debugApi->isListening() },
        { u"port"_s, m_debugApi->port() },
        { u"tokenFile"_s, m_debugApi->tokenFilePath() },
    };
}

QJsonObject Engine::agentServerState() const
{
    return m_toolkitServer->stateJson();
}

} // namespace mpa
