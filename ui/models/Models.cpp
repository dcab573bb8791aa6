#include "Models.h"

#include "AgentsModel.h"
#include "BridgeSessionsModel.h"
#include "CdpConnectionModel.h"
#include "CdpEndpointsModel.h"
#include "EngineControls.h"
#include "HistoryModel.h"
#include "QueueModel.h"
#include "RunsModel.h"
#include "StatsModel.h"
#include "TabsModel.h"
#include "actions/ToolkitCommands.h"
#include "agent/RunManager.h"
#include "autoaccept/AutoAcceptController.h"
#include "bridge/BridgeManager.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "chat/AgentChat.h"
#include "chat/ChatSurface.h"
#include "engine/Engine.h"
#include "engine/EngineStatus.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "scheduler/Scheduler.h"
#include "server/ToolkitServerService.h"
#include "settings/Settings.h"

namespace mpa {

namespace {

class EngineHistoryModel : public HistoryModel
{
public:
    EngineHistoryModel(Scheduler *scheduler, QObject *parent)
        : HistoryModel(parent)
        , m_scheduler(scheduler)
    {
        connect(scheduler, &Scheduler::historyChanged, this, &HistoryModel::changed);
    }

    QList<PromptRecord> entries() const override { return m_scheduler->history().entries(); }
    void sendPrompt(const QString &text, const QString &conversation, QObject *context,
                    ChatChannel::SendCallback done) override
    {
        m_scheduler->sendPrompt(text, conversation, context, std::move(done));
    }

private:
    Scheduler *m_scheduler;
};

class EngineQueueModel : public QueueModel
{
public:
    EngineQueueModel(Engine *engine, QObject *parent)
        : QueueModel(parent)
        , m_engine(engine)
        , m_scheduler(engine->scheduler())
    {
        connect(m_scheduler, &Scheduler::queueChanged, this, &QueueModel::changed);
        connect(m_scheduler, &Scheduler::scheduleChanged, this, &QueueModel::changed);
        connect(engine->agentChat(), &AgentChat::surfaceChanged, this, &QueueModel::windowChanged);
    }

    PromptQueue queue() const override { return m_scheduler->queue(); }
    bool waitingForSilence() const override
    {
        return m_scheduler->phase() == Scheduler::Phase::WaitingForSilence;
    }
    QDateTime nextScheduledSend() const override { return m_scheduler->nextScheduledSend(); }
    QString withPhase(const QString &status) const override
    {
        return EngineControls::withQueuePhase(status, m_engine);
    }
    QString startBlocker() const override { return EngineControls::queueStartBlocker(m_engine); }
    bool setQueue(const QStringList &prompts, QString *error) override
    {
        return m_scheduler->setQueue(prompts, error);
    }
    bool start(QString *error) override { return EngineControls::startQueue(m_engine, error); }
    bool pause(QString *error) override { return m_scheduler->pauseQueue(error); }
    bool resume(QString *error) override { return m_scheduler->resumeQueue(error); }
    bool skip(QString *error) override { return m_scheduler->skipPrompt(error); }
    bool stop(QString *error) override { return m_scheduler->stopQueue(error); }
    std::optional<QString> windowTitle() const override
    {
        const ChatSurface *surface = m_engine->agentChat()->currentSurface();
        return surface ? std::optional<QString>(surface->title()) : std::nullopt;
    }
    void findWindow(QObject *context, CommandReply done) override
    {
        m_engine->agentChat()->locate(context, std::move(done));
    }
    void listConversations(QObject *context, CommandReply done) override
    {
        m_engine->agentChat()->conversations(context, std::move(done));
    }

private:
    Engine *m_engine;
    Scheduler *m_scheduler;
};

class EngineStatsModel : public StatsModel
{
public:
    EngineStatsModel(Engine *engine, QObject *parent)
        : StatsModel(parent)
        , m_engine(engine)
        , m_autoAccept(engine->autoAccept())
    {
        connect(m_autoAccept, &AutoAcceptController::statsChanged, this, &StatsModel::countersChanged);
        connect(m_autoAccept, &AutoAcceptController::targetsChanged, this, &StatsModel::changed);
        connect(engine, &Engine::statusChanged, this, &StatsModel::changed);
        connect(engine, &Engine::statusChanged, this, &StatsModel::statusChanged);
        // Whether Pause has anything to pause follows the queue and the Auto-accept switch.
        connect(engine->scheduler(), &Scheduler::queueChanged, this, &StatsModel::changed);
        connect(engine->settings(), &Settings::changed, this, [this](SettingKey key) {
            if (key == SettingKey::AutoAcceptEnabled)
                Q_EMIT changed();
        });
        connect(engine->quota(), &QuotaMonitor::snapshotChanged, this, &StatsModel::changed);
        connect(engine->quota(), &QuotaMonitor::holdChanged, this, &StatsModel::changed);
        connect(engine->endpoint(), &CdpEndpoint::sessionInfoChanged, this, &StatsModel::changed);
        connect(engine->endpoint(), &CdpEndpoint::endpointsChanged, this, &StatsModel::changed);
    }

    QString statusLine() const override { return engineStatusLine(*m_engine, StatusWords::Translated); }
    bool isRunning() const override { return m_engine->isRunning(); }
    bool isConnected() const override { return m_engine->endpoint()->isConnected(); }
    QString pausedPagesText() const override { return EngineControls::pausedPagesText(m_engine); }
    bool autoAcceptEnabled() const override { return EngineControls::autoAcceptEnabled(m_engine); }
    void setAutoAcceptEnabled(bool enabled) override
    {
        EngineControls::setAutoAcceptEnabled(m_engine, enabled);
    }
    bool autoAcceptOverridden() const override { return m_engine->overrides().autoAccept.has_value(); }
    bool isPaused() const override { return m_engine->isPaused(); }
    bool pauseOffered() const override { return EngineControls::pauseOffered(m_engine); }
    QString pauseToolTip() const override { return EngineControls::pauseToolTip(m_engine); }
    void setPaused(bool paused) override { EngineControls::setPaused(m_engine, paused); }
    bool quotaHolding() const override { return m_engine->quota()->isHolding(); }
    QString quotaHoldReason() const override { return m_engine->quota()->verdict().reason.translated(); }
    QString quotaAtAGlance() const override { return EngineControls::quotaAtAGlance(m_engine); }
    QList<Page> pages() const override
    {
        QHash<QString, QString> titles; // the payload's view of a title is fresher than the target info's
        for (const AutoAcceptController::TargetState &state : m_autoAccept->targets())
            titles.insert(state.targetId, state.title);
        QList<Page> result;
        for (CdpSession *session : m_engine->endpoint()->pageSessions()) {
            const CdpTargetInfo &info = session->targetInfo();
            const IdeProfile *profile = m_autoAccept->agentPanelProfile(session);
            result.append({ info.targetId, titles.value(info.targetId, info.title), info.url,
                            profile ? profile->name : QString(),
                            m_autoAccept->isTargetPaused(info.targetId) });
        }
        return result;
    }
    QString withEndpoint(const QString &text, const QString &targetId) const override
    {
        return EngineControls::withEndpoint(text, m_engine, targetId);
    }
    const AutoAcceptStats &counters() const override { return *m_autoAccept->stats(); }
    QList<PageCounts> pageCounts() const override
    {
        QList<PageCounts> result;
        for (const AutoAcceptController::TargetState &t : m_autoAccept->targets()) {
            if ((!t.attached || !t.agentPanel) && t.counts.isZero())
                continue;
            const IdeProfile *profile = t.agentPanel ? m_autoAccept->profiles().find(t.profileId) : nullptr;
            result.append({ t.targetId, t.title, t.url, profile ? profile->name : QString(), t.counts.clicks,
                            t.counts.blocked });
        }
        return result;
    }

private:
    Engine *m_engine;
    AutoAcceptController *m_autoAccept;
};

class EngineAgentsModel : public AgentsModel
{
public:
    EngineAgentsModel(Engine *engine, QObject *parent)
        : AgentsModel(parent)
        , m_engine(engine)
    {
        connect(engine->toolkitServer(), &ToolkitServerService::stateChanged, this,
                &AgentsModel::connectionsChanged);
        connect(engine->toolkit()->activity(), &AgentActivity::added, this, &AgentsModel::activityAdded);
    }

    QList<ToolkitConnection> connections() const override { return m_engine->toolkitServer()->connections(); }
    QStringList tabsOf(const CommandCaller &caller) const override
    {
        QStringList tabs;
        for (const QString &id : m_engine->toolkit()->tabsOf(caller))
            tabs.append(EngineControls::withEndpoint(m_engine->toolkit()->tabLabel(id), m_engine, id));
        return tabs;
    }
    QList<AgentActivityEntry> activity() const override { return m_engine->toolkit()->activity()->entries(); }
    void disconnectAgent(const QString &clientId) override
    {
        m_engine->toolkitServer()->disconnectAgent(clientId);
    }
    void releaseTabs(const CommandCaller &caller) override { m_engine->toolkit()->releaseCaller(caller); }

private:
    Engine *m_engine;
};

class EngineTabsModel : public TabsModel
{
public:
    EngineTabsModel(CdpEndpoint *endpoint, QObject *parent)
        : TabsModel(parent)
        , m_endpoint(endpoint)
    {
        connect(endpoint, &CdpEndpoint::sessionAttached, this, &TabsModel::tabAttached);
    }

    QList<CdpTargetInfo> tabs() const override
    {
        QList<CdpTargetInfo> result;
        for (CdpSession *session : m_endpoint->pageSessions())
            result.append(session->targetInfo());
        return result;
    }

private:
    CdpEndpoint *m_endpoint;
};

// The engine's status and the address it uses this run, over CdpConnectionModel's services.
class EngineConnectionModel : public CdpConnectionModel
{
public:
    EngineConnectionModel(Engine *engine, QObject *parent)
        : CdpConnectionModel(engine->endpoint(), engine->relauncher(), engine->paths(), parent)
        , m_engine(engine)
    {
        connect(engine, &Engine::statusChanged, this, &ConnectionModel::statusChanged);
    }

    QString statusLine() const override { return engineStatusLine(*m_engine, StatusWords::Translated); }
    QString host() const override { return m_engine->cdpHost(); }
    quint16 port() const override { return m_engine->cdpPort(); }

private:
    Engine *m_engine;
};

class EngineRunsModel : public RunsModel
{
public:
    EngineRunsModel(RunManager *runs, QObject *parent)
        : RunsModel(parent)
        , m_runs(runs)
    {
        connect(runs, &RunManager::runChanged, this, &RunsModel::runChanged);
        connect(runs, &RunManager::stepAdded, this, &RunsModel::stepAdded);
        connect(runs, &RunManager::textDelta, this, &RunsModel::textDelta);
        connect(runs, &RunManager::questionAsked, this, &RunsModel::questionAsked);
        connect(runs, &RunManager::runFinished, this, &RunsModel::runFinished);
        connect(runs, &RunManager::listChanged, this, &RunsModel::listChanged);
    }

    QList<RunRecord> runs() const override { return m_runs->runs(); }
    std::optional<RunRecord> run(const QString &runId) const override { return m_runs->run(runId); }
    bool isActive(const QString &runId) const override { return m_runs->isActive(runId); }
    void start(const StartRequest &request, CommandReply done) override
    {
        RunManager::StartRequest started;
        started.task = request.task;
        started.tab = request.tab;
        started.url = request.url;
        started.mode = request.mode;
        started.schema = request.schema;
        started.startedBy = QStringLiteral("ui");
        m_runs->start(started, std::move(done));
    }
    void resume(const QString &runId, CommandReply done) override { m_runs->resume(runId, std::move(done)); }
    bool answer(const QString &runId, bool approve, const QString &text, QString *error) override
    {
        return m_runs->answer(runId, approve, text, error);
    }
    bool cancel(const QString &runId, const QString &reason, QString *error) override
    {
        return m_runs->cancel(runId, reason, error);
    }

private:
    RunManager *m_runs;
};

class EngineBridgeSessionsModel : public BridgeSessionsModel
{
public:
    EngineBridgeSessionsModel(BridgeManager *bridge, QObject *parent)
        : BridgeSessionsModel(parent)
        , m_bridge(bridge)
    {
        connect(bridge, &BridgeManager::sessionChanged, this, &BridgeSessionsModel::sessionChanged);
        connect(bridge, &BridgeManager::questionAsked, this, &BridgeSessionsModel::questionAsked);
        connect(bridge, &BridgeManager::listChanged, this, &BridgeSessionsModel::listChanged);
        connect(bridge, &BridgeManager::toolsChanged, this, &BridgeSessionsModel::toolsChanged);
    }

    QList<BridgeRecord> sessions() const override { return m_bridge->sessions(); }
    std::optional<BridgeRecord> session(const QString &sessionId) const override
    {
        return m_bridge->session(sessionId);
    }
    QStringList activeSessions() const override { return m_bridge->activeSessions(); }
    void start(const StartRequest &request, CommandReply done) override
    {
        BridgeManager::StartRequest started;
        started.agentTab = request.agentTab;
        started.targetTabs = request.targetTabs;
        started.goal = request.goal;
        started.mode = request.mode;
        started.startedBy = QStringLiteral("ui");
        m_bridge->start(started, std::move(done));
    }
    void resume(const QString &sessionId, CommandReply done) override
    {
        m_bridge->resume(sessionId, std::move(done));
    }
    bool pause(const QString &sessionId, QString *error) override
    {
        return m_bridge->pause(sessionId, error);
    }
    bool stop(const QString &sessionId, QString *error) override { return m_bridge->stop(sessionId, error); }
    bool answer(const QString &sessionId, bool approve, QString *error) override
    {
        return m_bridge->answer(sessionId, approve, error);
    }
    QList<Tool> savedTools() const override
    {
        QList<Tool> tools;
        for (const SavedTool &tool : m_bridge->savedTools())
            tools.append({ tool.name, tool.url });
        return tools;
    }
    bool setSavedTools(const QList<Tool> &tools, QString *error) override
    {
        QList<SavedTool> saved;
        for (const Tool &tool : tools)
            saved.append({ tool.name, tool.url });
        return m_bridge->setSavedTools(saved, error);
    }
    void chatImages(const QString &tab, std::optional<bool> set, CommandReply done) override
    {
        m_bridge->chatImages(tab, set, std::move(done));
    }
    void learnChat(const QString &tab, std::function<void(const QString &part)> progress,
                   CommandReply done) override
    {
        m_bridge->learnChat(tab, std::move(progress), std::move(done));
    }
    void cancelLearning() override { m_bridge->cancelLearning(); }

private:
    BridgeManager *m_bridge;
};

} // namespace

Models::Models(Engine *engine, QObject *parent)
    : QObject(parent)
    , m_settings(engine->settings())
    , m_history(new EngineHistoryModel(engine->scheduler(), this))
    , m_queue(new EngineQueueModel(engine, this))
    , m_endpoints(new CdpEndpointsModel(
          engine->endpoint(), engine->autoAccept(), engine->settings(),
          [engine] { return engine->secrets(); }, this))
    , m_stats(new EngineStatsModel(engine, this))
    , m_agents(new EngineAgentsModel(engine, this))
    , m_tabs(new EngineTabsModel(engine->endpoint(), this))
    , m_connection(new EngineConnectionModel(engine, this))
    , m_runs(new EngineRunsModel(engine->runs(), this))
    , m_bridge(new EngineBridgeSessionsModel(engine->bridge(), this))
    , m_autoAccept(engine->autoAccept())
    , m_configDir(engine->paths().configDir)
{
    connect(engine, &Engine::statusChanged, m_endpoints, &EndpointsModel::stateChanged);
}

Models::~Models() = default;

} // namespace mpa
