#include "BridgeActions.h"

#include "actions/CommandDispatcher.h"
#include "actions/RunActions.h"
#include "actions/RunMask.h"
#include "actions/ToolkitCommands.h"
#include "actions/ToolkitSchemas.h"
#include "bridge/BridgeManager.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "chat/ChatLearner.h"
#include "chat/ChatSurface.h"
#include "common/ClockTimer.h"
#include "common/ParamsSchema.h"
#include "page/NetworkLog.h"
#include "page/PayloadHub.h"
#include "profiles/ChatSelectors.h"
#include "profiles/WebChatProfiles.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

using namespace ParamsSchema::Shorthand;

constexpr auto kScopes = CommandDispatcher::Scopes(CommandDispatcher::Scope::DebugApi);

QJsonObject sessionIdSchema()
{
    return schema({ { u"sessionId"_s, prop(u"string"_s, u"The session's id (startBridge's answer)"_s) } },
                  { u"sessionId"_s });
}

CommandCaller bridgeCaller(const BridgeRecord &record)
{
    return { BridgeActions::channel(), record.id, u"Bridge “%1”"_s.arg(record.goal.left(60)) };
}

// The request logs of a session's tabs, made as the session first looks at a tab and dropped
// (Network.disable) with the session.
class NetworkWatch
{
public:
    explicit NetworkWatch(CdpEndpoint *endpoint)
        : m_endpoint(endpoint)
    {
    }
    ~NetworkWatch()
    {
        for (NetworkLog *log : std::as_const(m_logs))
            delete log;
    }
    NetworkLog *log(const QString &tab)
    {
        if (tab.isEmpty() || !m_endpoint)
            return nullptr;
        if (NetworkLog *log = m_logs.value(tab))
            return log;
        CdpSession *session = m_endpoint->sessionForTarget(tab);
        if (!session)
            return nullptr;
        auto *log = new NetworkLog(session);
        log->start();
        m_logs.insert(tab, log);
        return log;
    }

private:
    QPointer<CdpEndpoint> m_endpoint;
    QHash<QString, QPointer<NetworkLog>> m_logs;
};

// A session that does not exist, or is another's (RunActions::hiddenFrom).
CommandResult noSession(const QString &id)
{
    return CommandResult::failure(u"there is no bridge session %1"_s.arg(id), ErrorKind::NotFound);
}

} // namespace

QString BridgeActions::channel()
{
    return u"bridge"_s;
}

void BridgeActions::install(CommandDispatcher *commands, BridgeManager *bridge, ToolkitCommands *toolkit,
                            CdpEndpoint *endpoint, PayloadHub *hub, RunMask *mask, const QString &configDir)
{
    const QPointer<CommandDispatcher> dispatcher(commands);
    const QPointer<ToolkitCommands> tools(toolkit);
    const QPointer<CdpEndpoint> browser(endpoint);
    const QPointer<PayloadHub> payloads(hub);
    const QPointer<RunMask> masks(mask);

    // The chat surface reads the agent tab, the learner watches the user's two clicks there;
    // both only where asked.
    hub->addScript(ChatSurface::payloadScript(), [](CdpSession *) { return false; });
    hub->addScript(ChatLearner::payloadScript(), [](CdpSession *) { return false; });
    hub->addScript(BridgeSession::watchScript(), [](CdpSession *) { return false; });

    bridge->setEnvironmentFactory([dispatcher, tools, browser, payloads, masks,
                                   configDir](const BridgeRecord &record) {
        BridgeEnvironment env;
        if (!dispatcher || !tools || !browser || !payloads) {
            env.error = u"the browser is not available in this process"_s;
            return env;
        }
        CdpSession *chatTab = browser->sessionForTarget(record.agentTab);
        if (!chatTab || !chatTab->isPage()) {
            env.error = record.agentTab.isEmpty()
                ? u"no chat tab was given"_s
                : u"there is no tab %1 with a web chat in the browser (it was closed, or the browser restarted)"_s
                      .arg(record.agentTab);
            return env;
        }
        const CommandCaller caller = bridgeCaller(record);
        for (const QString &tab : record.targetTabs) {
            if (!browser->sessionForTarget(tab)) {
                env.error = u"there is no tab %1 in the browser"_s.arg(tab);
                return env;
            }
        }
        // Tabs the user picked in the window are the user's consent; through the API the
        // toolkit/userTabs rule asks on first use.
        const bool userPicked = RunActions::isUser({ record.startedBy.section(u':', 0, 0), {} })
            && record.startedBy.section(u':', 0, 0) == u"ui"_s;
        const QString current = record.currentTab.isEmpty() ? record.targetTabs.value(0) : record.currentTab;
        if (userPicked) {
            for (const QString &tab : record.targetTabs)
                tools->handTab(caller, tab);
        }
        for (const QString &tab : record.openedTabs) {
            if (browser->sessionForTarget(tab))
                tools->handTab(caller, tab);
        }
        if (!current.isEmpty() && (userPicked || record.openedTabs.contains(current)))
            tools->handTab(caller, current);

        // The chat's profile: the user's files (learned ones too) first, then the bundled ones.
        WebChatProfiles profiles;
        profiles.load(configDir);
        const WebChatProfile *profile
            = profiles.match(chatTab->targetInfo().url, chatTab->targetInfo().title);
        PayloadInjector *injector
            = payloads->ensureScript(chatTab, QString::fromLatin1(ChatSurface::kModule));
        payloads->ensureScript(chatTab, BridgeSession::watchModule());
        env.chat = new ChatSurface(injector, profile ? profile->chat : ChatSelectors::generic());
        env.profile = profile ? profile->id : u"generic"_s;
        env.chatTakesImages = profile && profile->images;
        env.toolNames = ToolkitSchemas::types();
        env.schema = [](const QString &type) { return ToolkitSchemas::schema(type); };
        const QString agentTab = record.agentTab;
        env.run = [dispatcher, caller, agentTab](const QString &type, const QJsonObject &params,
                                                 BridgeEnvironment::Reply reply) {
            if (params.value(u"tab").toString() == agentTab)
                return reply(CommandResult::failure(u"the chat's own tab is not one the bridge acts on"_s,
                                                    ErrorKind::Refused));
            RunActions::dispatchAs(dispatcher, caller, type, params, std::move(reply));
        };
        env.currentTab = [tools, caller, current] {
            const QString tab = tools ? tools->currentTab(caller) : QString();
            return tab.isEmpty() ? current : tab;
        };
        auto watch = std::make_shared<NetworkWatch>(browser.data());
        watch->log(current);
        env.networkMark = [watch](const QString &tab) {
            NetworkLog *log = watch->log(tab);
            return log ? log->mark() : qint64(0);
        };
        env.networkSince = [watch](const QString &tab, qint64 mark, int limit) {
            NetworkLog *log = watch->log(tab);
            return log ? log->since(mark, limit) : QList<NetworkEntry>();
        };
        env.networkPending = [watch](const QString &tab, qint64 mark) {
            NetworkLog *log = watch->log(tab);
            return log ? log->pendingSince(mark) : 0;
        };
        env.mask = RunActions::jobMask(masks, record.id);
        env.outline = RunActions::jobOutline(masks);
        // agent/vision: the target tab's screenshot with set-of-marks, and the element at a point
        // of it, as for a task run.
        env.capture = [capture = RunActions::jobCapture(masks), browser, agentTab](
                          const QString &tab, const QJsonArray &marks, int maxSide, CommandReply reply) {
            // A tab in the background draws nothing, and the browser never answers for its
            // screenshot: it comes to the front for the capture, and the chat's tab after it.
            CdpSession *page = browser ? browser->sessionForTarget(tab) : nullptr;
            if (!page)
                return capture(tab, marks, maxSide, std::move(reply));
            const QPointer<CdpSession> shown(page);
            page->evaluate(
                u"document.visibilityState"_s, page,
                [capture, browser, agentTab, shown, tab, marks, maxSide, reply](const QJsonValue &state,
                                                                                const CdpError &) {
                    if (!shown || state.toString() != u"hidden"_s)
                        return capture(tab, marks, maxSide, reply);
                    shown->send(u"Page.bringToFront"_s, {}, shown,
                                [capture, browser, agentTab, tab, marks, maxSide, reply](const CdpResult &) {
                                    capture(tab, marks, maxSide,
                                            [browser, agentTab, reply](const CommandResult &shot) {
                                                if (CdpSession *chatTab
                                                    = browser ? browser->sessionForTarget(agentTab) : nullptr)
                                                    chatTab->send(u"Page.bringToFront"_s);
                                                reply(shot);
                                            });
                                });
                });
        };
        env.elementAt = RunActions::jobElementAt(tools);
        env.releaseTab = [tools, caller](const QString &tab) {
            if (tools)
                tools->releaseTab(caller, tab);
        };
        return env;
    });
    // Observation mode: the user clicks the chat's message box and its send button once; the
    // selectors learnt from them are saved as a user profile for that site.
    const QPointer<BridgeManager> owner(bridge);
    bridge->setLearner([browser, payloads, configDir, owner](const QString &tab,
                                                             std::function<void(const QString &)> progress,
                                                             const CommandReply &done) {
        CdpSession *session = browser ? browser->sessionForTarget(tab) : nullptr;
        if (!session || !payloads || !owner)
            return done(
                CommandResult::failure(u"there is no tab %1 in the browser"_s.arg(tab), ErrorKind::NotFound));
        PayloadInjector *injector
            = payloads->ensureScript(session, QString::fromLatin1(ChatLearner::kModule));
        auto *learner = new ChatLearner(injector, owner.data());
        const QUrl url(session->targetInfo().url);
        QObject::connect(learner, &ChatLearner::progress, learner,
                         [progress = std::move(progress)](const QString &part) {
                             if (progress)
                                 progress(part);
                         });
        QObject::connect(
            learner, &ChatLearner::learned, learner,
            [learner, done, url, configDir](const ChatSelectors &selectors) {
                WebChatProfiles profiles;
                profiles.load(configDir);
                const WebChatProfile profile
                    = WebChatProfile::learnedFor(url, selectors, QDateTime::currentDateTimeUtc());
                QString error;
                const bool saved = profiles.save(configDir, profile, &error);
                learner->deleteLater();
                if (!saved)
                    return done(CommandResult::failure(
                        u"the learned profile could not be saved: %1"_s.arg(error), ErrorKind::Internal));
                done(CommandResult::success(QJsonObject { { u"profileId"_s, profile.id } }));
            });
        QObject::connect(learner, &ChatLearner::failed, learner, [learner, done](const QString &error) {
            learner->deleteLater();
            done(CommandResult::failure(error, ErrorKind::Conflict));
        });
        learner->start(std::chrono::minutes(2));
    });

    // The session keyword finds a chat whose tab changed (a browser restart, a reopened tab).
    // The Bridge page's "takes images" box: the chat's profile, read or saved with the flag.
    bridge->setChatImages(
        [browser, configDir](const QString &tab, std::optional<bool> set, const CommandReply &done) {
            CdpSession *session = browser ? browser->sessionForTarget(tab) : nullptr;
            if (!session)
                return done(CommandResult::failure(u"there is no tab %1 in the browser"_s.arg(tab),
                                                   ErrorKind::NotFound));
            WebChatProfiles profiles;
            profiles.load(configDir);
            const QUrl url(session->targetInfo().url);
            const WebChatProfile *found = profiles.match(url.toString(), session->targetInfo().title);
            WebChatProfile profile;
            if (found && !found->isFallback()) {
                profile = *found;
            } else {
                // Only the generic profile fits: the setting goes into a profile for this site.
                profile = WebChatProfile::learnedFor(url, found ? found->chat : ChatSelectors::generic(),
                                                     QDateTime::currentDateTimeUtc());
                profile.learned = false;
                profile.learnedAt = {};
                profile.name = url.host().isEmpty() ? url.toString() : url.host();
                profile.description
                    = u"The generic chat selectors, with the user's images setting for this site."_s;
                profile.images = false;
            }
            if (set && profile.images != *set) {
                profile.images = *set;
                QString error;
                if (!profiles.save(configDir, profile, &error))
                    return done(CommandResult::failure(
                        u"the chat profile %1 could not be saved: %2"_s.arg(profile.id, error),
                        ErrorKind::Internal));
            }
            done(CommandResult::success(
                QJsonObject { { u"profileId"_s, profile.id }, { u"images"_s, profile.images } }));
        });
    bridge->setChatLocator([browser, clock = toolkit->clock()](const QString &tab, const QString &keyword,
                                                               std::function<void(const QString &)> done) {
        if (!browser)
            return done({});
        if (browser->sessionForTarget(tab))
            return done(tab);
        const QList<CdpSession *> pages = browser->pageSessions();
        if (pages.isEmpty())
            return done({});
        struct Search
        {
            int left = 0;
            QString found;
            std::function<void(const QString &)> done;
            void finish()
            {
                if (done)
                    std::exchange(done, nullptr)(found);
            }
        };
        auto search = std::make_shared<Search>();
        search->left = int(pages.size());
        search->done = std::move(done);
        const QString literal
            = QString::fromUtf8(QJsonDocument(QJsonArray { keyword }).toJson(QJsonDocument::Compact));
        for (CdpSession *page : pages) {
            const QString id = page->targetId();
            page->evaluate(
                u"!!document.documentElement && document.documentElement.textContent.includes(%1[0])"_s.arg(
                    literal),
                page,
                [search, id](const QJsonValue &value, const CdpError &) {
                    if (value.toBool() && search->found.isEmpty())
                        search->found = id;
                    if (--search->left == 0)
                        search->finish();
                },
                std::chrono::seconds(3));
        }
        // A page that goes away while it is asked never answers: the search ends anyway.
        ClockTimer::singleShot(clock, std::chrono::seconds(4), browser.data(),
                               [search] { search->finish(); });
    });

    RunActions::wireJobs(bridge, &BridgeManager::sessionFinished, channel(), toolkit, mask,
                         [bridge](const QString &id) {
                             if (bridge->live(id))
                                 bridge->stop(id);
                         });

    const QPointer<BridgeManager> manager(bridge);
    commands->add(
        { u"startBridge"_s, kScopes,
          u"Start a chat-tab bridge: the web chat in agentTab gets the goal and drives the target tabs with "
          u"<tool_code> commands; answers {sessionId}"_s,
          schema(
              { { u"agentTab"_s, prop(u"string"_s, u"The tab with the web chat (an id from tab list)"_s) },
                { u"targetTabs"_s,
                  QJsonObject { { u"type"_s, u"array"_s },
                                { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                                { u"description"_s,
                                  u"The tabs it acts on (the user is asked per toolkit/userTabs); none: the "
                                  u"chat opens its own"_s } } },
                { u"goal"_s, prop(u"string"_s, u"What the chat should get done"_s) },
                { u"mode"_s,
                  QJsonObject { { u"type"_s, u"string"_s },
                                { u"enum"_s, QJsonArray { u"careful"_s, u"autonomous"_s } } } } },
              { u"agentTab"_s, u"goal"_s }),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              if (!manager)
                  return reply(
                      CommandResult::failure(u"the bridge is not available"_s, ErrorKind::Unavailable));
              BridgeManager::StartRequest request;
              request.agentTab = params.value(u"agentTab").toString();
              for (const QJsonValue &tab : params.value(u"targetTabs").toArray())
                  request.targetTabs.append(tab.toString());
              request.goal = params.value(u"goal").toString();
              request.mode = params.value(u"mode").toString();
              request.startedBy
                  = caller.name.isEmpty() ? caller.channel : caller.channel + u": "_s + caller.name;
              request.owner = RunActions::ownerOf(caller);
              manager->start(request, reply);
          } });

    commands->add(
        { u"getBridge"_s, kScopes,
          u"A bridge session: status, what it is doing, its commands and what was masked"_s,
          sessionIdSchema(),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              const QString id = params.value(u"sessionId").toString();
              const std::optional<BridgeRecord> record = manager ? manager->session(id) : std::nullopt;
              // Another caller's session is not there for this one (not even its existence).
              if (!record || RunActions::hiddenFrom(caller, record))
                  return reply(noSession(id));
              QJsonObject out = record->toJson();
              out.insert(u"queued"_s, record->queued());
              out.insert(u"lastAction"_s, record->lastAction());
              reply(CommandResult::success(out));
          } });

    commands->add({ u"listBridges"_s, kScopes, u"The bridge sessions, newest first"_s, schema({}, {}),
                    [manager](const QJsonObject &, const CommandCaller &caller, const CommandReply &reply) {
                        QJsonArray list;
                        for (const BridgeRecord &record :
                             manager ? manager->sessions() : QList<BridgeRecord>()) {
                            if (RunActions::mayTouch(caller, record.owner))
                                list.append(record.summaryJson());
                        }
                        reply(CommandResult::success(QJsonObject { { u"sessions"_s, list } }));
                    } });

    const auto simple = [manager](bool (BridgeManager::*call)(const QString &, QString *)) {
        return [manager, call](const QJsonObject &params, const CommandCaller &caller,
                               const CommandReply &reply) {
            const QString id = params.value(u"sessionId").toString();
            if (!manager)
                return reply(
                    CommandResult::failure(u"the bridge is not available"_s, ErrorKind::Unavailable));
            if (RunActions::hiddenFrom(caller, manager->session(id)))
                return reply(noSession(id));
            if (QString error; !(manager.data()->*call)(id, &error))
                return reply(CommandResult::failure(
                    error, manager->session(id) ? ErrorKind::Conflict : ErrorKind::NotFound));
            reply(CommandResult::success(QJsonObject { { u"sessionId"_s, id } }));
        };
    };
    commands->add({ u"stopBridge"_s, kScopes, u"Stop a bridge session"_s, sessionIdSchema(),
                    simple(&BridgeManager::stop) });
    commands->add({ u"pauseBridge"_s, kScopes, u"Pause a bridge session (a running command finishes first)"_s,
                    sessionIdSchema(), simple(&BridgeManager::pause) });
    commands->add(
        { u"resumeBridge"_s, kScopes, u"Go on with a paused or interrupted bridge session"_s,
          sessionIdSchema(),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              if (!manager)
                  return reply(
                      CommandResult::failure(u"the bridge is not available"_s, ErrorKind::Unavailable));
              const QString id = params.value(u"sessionId").toString();
              if (RunActions::hiddenFrom(caller, manager->session(id)))
                  return reply(noSession(id));
              manager->resume(id, reply);
          } });
    commands->add(
        { u"answerBridge"_s, kScopes,
          u"Approve or deny the command a bridge session's gate holds (the user only)"_s,
          schema({ { u"sessionId"_s, prop(u"string"_s, u"The session"_s) },
                   { u"approve"_s, prop(u"boolean"_s, u"Run the held command"_s) } },
                 { u"sessionId"_s, u"approve"_s }),
          [manager](const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
              if (!RunActions::isUser(caller))
                  return reply(CommandResult::failure(u"a risky step is approved by the user only"_s,
                                                      ErrorKind::Refused));
              const QString id = params.value(u"sessionId").toString();
              if (!manager || !manager->session(id))
                  return reply(noSession(id));
              if (QString error; !manager->answer(id, params.value(u"approve").toBool(), &error))
                  return reply(CommandResult::failure(error, ErrorKind::Conflict));
              reply(CommandResult::success(QJsonObject { { u"sessionId"_s, id } }));
          } });
}

} // namespace mpa
