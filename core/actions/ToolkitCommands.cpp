#include "ToolkitCommands.h"

#include "AgentActivity.h"
#include "TabConsent.h"
#include "ToolkitSchemas.h"
#include "cdp/CdpEndpoint.h"
#include "common/Refuse.h"
#include "logging/LogCategories.h"
#include "page/PageController.h"
#include "page/PayloadHub.h"
#include "settings/Settings.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QTimer>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kTabAttachMs = 10000;

} // namespace

ToolkitCommands::ToolkitCommands(CdpEndpoint *endpoint, PayloadHub *hub, Settings *settings, Clock *clock,
                                 CommandDispatcher *commands, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_hub(hub)
    , m_settings(settings)
    , m_commands(commands)
    , m_consent(new TabConsent(settings, clock, this))
    , m_activity(new AgentActivity(this))
{
    // Installed on demand only: a tab gets the script when a command first reaches it.
    m_hub->addScript(PageController::payloadScript(), [](CdpSession *) { return false; });
    connect(endpoint, &CdpEndpoint::sessionAttached, this, [this](CdpSession *session) {
        if (session->isPage())
            onPageAttached(session);
    });
    connect(endpoint, &CdpEndpoint::sessionDetached, this, &ToolkitCommands::onSessionDetached);
    connect(settings, &Settings::changed, this, [this](SettingKey key) {
        if (key != SettingKey::ToolkitDialogs)
            return;
        const bool accept = m_settings->stringValue(SettingKey::ToolkitDialogs) != u"dismiss"_s;
        for (PageController *controller : std::as_const(m_controllers))
            controller->setAcceptDialogs(accept);
    });
    registerCommands();
}

ToolkitCommands::~ToolkitCommands()
{
    // Questions still open are refused while this object can still answer them.
    delete m_consent;
    if (!m_commands)
        return;
    for (const QString &type : ToolkitSchemas::types())
        m_commands->remove(type);
}

int ToolkitCommands::maxTabs() const
{
    return m_settings->intValue(SettingKey::ToolkitMaxTabs);
}

void ToolkitCommands::handTab(const CommandCaller &caller, const QString &targetId)
{
    m_tabs.hand(caller, targetId);
}

QStringList ToolkitCommands::tabsOf(const CommandCaller &caller) const
{
    if (!TabRegistry::isUnrestricted(caller))
        return m_tabs.ownedBy(caller);
    QStringList all;
    for (CdpSession *page : m_endpoint->pageSessions())
        all.append(page->targetId());
    return all;
}

void ToolkitCommands::releaseCaller(const CommandCaller &caller)
{
    m_tabs.release(caller);
}

PageController *ToolkitCommands::controllerFor(const QString &targetId)
{
    if (PageController *existing = m_controllers.value(targetId))
        return existing;
    CdpSession *session = m_endpoint->sessionForTarget(targetId);
    if (!session || !session->isPage() || !session->isAttached())
        return nullptr;
    auto *controller = new PageController(session, m_endpoint, m_hub, this, m_refMarks);
    controller->setAcceptDialogs(m_settings->stringValue(SettingKey::ToolkitDialogs) != u"dismiss"_s);
    m_controllers.insert(targetId, controller);
    return controller;
}

void ToolkitCommands::onPageAttached(CdpSession *session)
{
    // A tab opened by a tab in use (target=_blank, window.open) belongs to whoever owns that one,
    // as the browser says (openerId), never by guess: a tab the user opens meanwhile, in the
    // same window, is never handed to an agent.
    PageController *opener = m_controllers.value(session->targetInfo().openerId);
    if (!opener)
        return;
    opener->noteNewTab(session);
    controllerFor(session->targetId());
    m_tabs.adoptOpened(opener->targetId(), session->targetId(), maxTabs());
}

void ToolkitCommands::onSessionDetached(CdpSession *session)
{
    const QString id = session->targetId();
    if (PageController *controller = m_controllers.take(id))
        delete controller; // answers what is still pending: the tab is gone
    m_tabs.forget(id);
    if (m_frontTab == id)
        m_frontTab.clear();
}

void ToolkitCommands::withTab(const CommandCaller &caller, const QString &tab, CommandReply reply,
                              TabAction act, Route route)
{
    const bool restricted = !TabRegistry::isUnrestricted(caller);
    if (restricted && tab.isEmpty()) {
        // As the LLM Browser Agent extension's router: the tab this agent last used, else the
        // tab in front (a snapshot reads the tab in front whenever the agent may use it without
        // asking the user).
        if (route == Route::LastUsed) {
            if (const QString last = lastUsedTab(caller); !last.isEmpty())
                return actOnTab(last, std::move(reply), act);
        }
        whenFront([this, caller, route, reply = std::move(reply), act = std::move(act)](const QString &front) {
            if (route == Route::Front && !front.isEmpty() && usableWithoutAsking(caller, front))
                return useTab(caller, front, reply, act);
            if (const QString last = lastUsedTab(caller); !last.isEmpty())
                return actOnTab(last, reply, act);
            if (front.isEmpty()) {
                return reply(CommandResult::failure(
                    tr("no tab is in front, and you have none: open a page with open {\"url\": …} or "
                       "tab {\"action\": \"new\"}"),
                    409));
            }
            useTab(caller, front, reply, act);
        });
        return;
    }
    const QList<CdpSession *> pages = m_endpoint->pageSessions();
    const TabRegistry::Resolution resolution = m_tabs.resolve(
        caller, tab, [this](const QString &id) { return m_endpoint->sessionForTarget(id) != nullptr; },
        pages.isEmpty() ? QString() : pages.constFirst()->targetId());
    switch (resolution.outcome) {
    case TabRegistry::Outcome::NoTab:
        return reply(
            !restricted ? CommandResult::failure(tr("no browser tab is attached: is the browser running with "
                                                    "remote debugging on %1?")
                                                     .arg(m_endpoint->address()),
                                                 503)
                        : CommandResult::failure(tr("you have no tab yet: open a page with open {\"url\": …} "
                                                    "or tab {\"action\": \"new\"}"),
                                                 409));
    case TabRegistry::Outcome::NotYours:
        return askForTab(caller, resolution.targetId, std::move(reply), std::move(act));
    case TabRegistry::Outcome::Resolved:
        break;
    }
    actOnTab(resolution.targetId, std::move(reply), act);
}

QString ToolkitCommands::lastUsedTab(const CommandCaller &caller)
{
    const TabRegistry::Resolution last = m_tabs.resolve(
        caller, {}, [this](const QString &id) { return m_endpoint->sessionForTarget(id) != nullptr; }, {});
    return last.outcome == TabRegistry::Outcome::Resolved ? last.targetId : QString();
}

bool ToolkitCommands::usableWithoutAsking(const CommandCaller &caller, const QString &targetId) const
{
    if (m_tabs.owns(caller, targetId))
        return true;
    CdpSession *session = m_endpoint->sessionForTarget(targetId);
    return session && !m_tabs.heldByAnother(caller, targetId)
        && m_consent->allowsWithoutAsking(QUrl(session->targetInfo().url));
}

void ToolkitCommands::useTab(const CommandCaller &caller, const QString &targetId, CommandReply reply,
                             const TabAction &act)
{
    if (!m_tabs.owns(caller, targetId))
        return askForTab(caller, targetId, std::move(reply), act);
    m_tabs.makeCurrent(caller, targetId);
    actOnTab(targetId, std::move(reply), act);
}

void ToolkitCommands::whenFront(std::function<void(const QString &)> done)
{
    readTabViews([this, done = std::move(done)](const TabViews &views) {
        QStringList order;
        for (CdpSession *page : m_endpoint->pageSessions())
            order.append(page->targetId());
        done(frontTab(views, order));
    });
}

QString ToolkitCommands::frontTab(const TabViews &views, const QStringList &order) const
{
    // The tab the app last brought to the front (tab switch, a tab it opened) while it still is:
    // visible, and no other tab has the focus it lacks. Headless Chromium calls every tab
    // visible and focused, so the page alone cannot tell; a person switching tabs in a real
    // window hides the recorded one.
    if (order.contains(m_frontTab)) {
        const TabView recorded = views.value(m_frontTab);
        bool otherFocused = false;
        for (const QString &id : order) {
            const TabView view = views.value(id);
            otherFocused = otherFocused || (id != m_frontTab && view.visible && view.focused);
        }
        if (recorded.visible && (recorded.focused || !otherFocused))
            return m_frontTab;
    }
    return activeTab(views, order);
}

void ToolkitCommands::actOnTab(const QString &id, CommandReply reply, const TabAction &act)
{
    CdpSession *session = m_endpoint->sessionForTarget(id);
    if (!session || !session->isPage())
        return reply(CommandResult::failure(
            tr("no tab “%1” (tab {\"action\": \"list\"} shows the tabs)").arg(id), 404));
    PageController *controller = controllerFor(id);
    if (!controller)
        return reply(CommandResult::failure(tr("the tab “%1” is not attached").arg(id), 503));
    act(controller, std::move(reply));
}

void ToolkitCommands::askForTab(const CommandCaller &caller, const QString &targetId, CommandReply reply,
                                TabAction act)
{
    CdpSession *session = m_endpoint->sessionForTarget(targetId);
    if (!session || !session->isPage())
        return reply(CommandResult::failure(
            tr("no tab “%1” (tab {\"action\": \"list\"} shows the tabs)").arg(targetId), 404));
    // Another agent's tab is not offered: two agents in one page would undo each other's work.
    const bool another = m_tabs.heldByAnother(caller, targetId);
    // The tab is named by its title and address as the browser has them now (target info events
    // can lag behind the page).
    m_endpoint->sendToBrowser(
        u"Target.getTargetInfo"_s, { { u"targetId"_s, targetId } }, this,
        [this, caller, targetId, reply, act, another,
         known = session->targetInfo()](const CdpResult &result) {
            const QJsonObject info = result.result.value(u"targetInfo").toObject();
            TabConsent::Request request;
            request.caller = caller;
            request.targetId = targetId;
            request.title = info.value(u"title").toString(known.title);
            request.url = QUrl(info.value(u"url").toString(known.url));
            if (request.title.isEmpty())
                request.title = request.url.isEmpty() ? targetId : request.url.toString();
            if (another) {
                return reply(CommandResult::failure(tr("the tab “%1” is in use by another agent: open a tab "
                                                       "of your own with open {\"url\": …}")
                                                        .arg(request.title),
                                                    403));
            }
            m_consent->request(request, [this, caller, targetId, reply, act](const CommandResult &consent) {
                if (!consent.ok)
                    return reply(consent);
                if (!m_endpoint->sessionForTarget(targetId))
                    return reply(CommandResult::failure(tr("the tab closed meanwhile"), 409));
                m_tabs.hand(caller, targetId);
                actOnTab(targetId, reply, act);
            });
        });
}

void ToolkitCommands::readTabViews(std::function<void(const TabViews &)> done)
{
    struct Gather
    {
        TabViews views;
        qsizetype waiting = 0;
        std::function<void(const TabViews &)> done;
    };
    const QList<CdpSession *> pages = m_endpoint->pageSessions();
    auto gather = std::make_shared<Gather>(Gather { {}, pages.size(), std::move(done) });
    if (pages.isEmpty())
        return gather->done(gather->views);
    for (CdpSession *page : pages) {
        gather->views.insert(page->targetId(), {});
        page->evaluate(
            u"[document.visibilityState === 'visible', document.hasFocus()]"_s, this,
            [gather, id = page->targetId()](const QJsonValue &value, const CdpError &error) {
                if (!error.isError()) {
                    const QJsonArray pair = value.toArray();
                    gather->views[id] = { pair.at(0).toBool(), pair.at(1).toBool() };
                }
                if (--gather->waiting == 0)
                    gather->done(gather->views);
            },
            std::chrono::milliseconds(1000));
    }
}

QString ToolkitCommands::activeTab(const TabViews &views, const QStringList &order)
{
    QString visible;
    for (const QString &id : order) {
        const TabView view = views.value(id);
        if (view.visible && view.focused)
            return id;
        if (view.visible && visible.isEmpty())
            visible = id;
    }
    return visible;
}

void ToolkitCommands::noteActivity(const CommandCaller &caller, const QString &type,
                                   const CommandResult &result, qint64 ms)
{
    const QString tab = m_tabs.current(caller);
    m_activity->record({ QDateTime::currentDateTime(), caller, type,
                         tab.isEmpty() ? QString() : tabLabel(tab), result.ok,
                         result.ok ? QString() : result.error, ms });
}

CommandResult ToolkitCommands::checkAddress(const CommandCaller &caller, const QUrl &url,
                                            const QString &given) const
{
    const QStringList schemes { u"http"_s, u"https"_s, u"file"_s, u"about"_s };
    if (!url.isValid() || !schemes.contains(url.scheme()))
        return CommandResult::failure(
            tr("params.url “%1” is not an http(s), file or about: address").arg(given));
    if (!url.isLocalFile())
        return CommandResult::success();
    // The app's own folders hold its tokens: no caller opens them in a page.
    const QFileInfo file(url.toLocalFile());
    const QString path = file.exists() ? file.canonicalFilePath() : QDir::cleanPath(file.absoluteFilePath());
    for (const QString &folder : m_protectedFolders) {
        const QString root = QFileInfo(folder).exists() ? QFileInfo(folder).canonicalFilePath() : folder;
        if (!root.isEmpty() && (path == root || path.startsWith(root + u'/')))
            return CommandResult::failure(
                tr("%1 is in the app's own folder (%2), which holds its tokens: it is never opened in a page")
                    .arg(given, folder),
                403);
    }
    if (!TabRegistry::isUnrestricted(caller) && !m_settings->boolValue(SettingKey::ToolkitAllowFileUrls))
        return CommandResult::failure(
            tr("file: addresses (your files) are off for agents: the user can allow them "
               "in the settings window (toolkit/allowFileUrls)"),
            403);
    return CommandResult::success();
}

QString ToolkitCommands::tabLabel(const QString &targetId) const
{
    CdpSession *session = m_endpoint->sessionForTarget(targetId);
    if (!session)
        return targetId;
    const CdpTargetInfo &info = session->targetInfo();
    return info.title.isEmpty() ? info.url : info.title;
}

QJsonObject ToolkitCommands::describeTab(CdpSession *session, const CommandCaller &caller)
{
    const QString id = session->targetId();
    if (!m_tabNumbers.contains(id))
        m_tabNumbers.insert(id, int(m_tabNumbers.size()) + 1);
    return { { u"tab"_s, id },
             { u"id"_s, m_tabNumbers.value(id) }, // a number, as agents of the LLM Browser Agent read it
             { u"title"_s, session->targetInfo().title },
             { u"url"_s, session->targetInfo().url },
             { u"yours"_s, TabRegistry::isUnrestricted(caller) || m_tabs.owns(caller, id) },
             { u"current"_s, m_tabs.current(caller) == id } };
}

// ---- registration -------------------------------------------------------------------------

void ToolkitCommands::add(const QString &type, const QString &description, Handler handler)
{
    // The dispatcher checks params against the schema (names, types, ranges) before the handler,
    // after taking the LLM Browser Agent extension's names for ours.
    m_commands->add(
        { type, CommandDispatcher::Scope::Toolkit | CommandDispatcher::Scope::DebugApi, description,
          ToolkitSchemas::schema(type),
          [this, type, handler](const QJsonObject &raw, const CommandCaller &caller, CommandReply reply) {
              QElapsedTimer took;
              took.start();
              // Recorded for the Agents page while this object lives (pending commands are
              // answered "the tab is gone" as it is destroyed).
              CommandReply answer = [self = QPointer<ToolkitCommands>(this), type, caller, took,
                                     reply = std::move(reply)](const CommandResult &result) {
                  if (self && !TabRegistry::isUnrestricted(caller))
                      self->noteActivity(caller, type, result, took.elapsed());
                  reply(withForeignFields(type, caller, result));
              };
              // The first call often comes while the connection is still being made
              // (an MCP client calls a tool right after initialize).
              whenBrowserReady(std::move(answer), [handler, raw, caller](CommandReply reply) {
                  CommandParams params(raw);
                  handler(params, caller, std::move(reply));
              });
          },
          [this, type](QJsonObject &params, QString *error) {
              return takeForeignNames(type, params, error);
          } });
}

bool ToolkitCommands::takeForeignNames(const QString &type, QJsonObject &params, QString *error) const
{
    // tabId: the number tab list shows as "id".
    if (params.contains(u"tabId"_s)) {
        if (params.contains(u"tab"_s))
            return refuse(error, u"params.tabId and params.tab are the same thing; give one"_s);
        const QJsonValue number = params.take(u"tabId"_s);
        const int n = number.isString() ? number.toString().toInt() : number.toInt(-1);
        const QString id = m_tabNumbers.key(n);
        if (id.isEmpty())
            return refuse(
                error,
                u"params.tabId %1 names no tab (tab {\"action\": \"list\"} shows each tab's id)"_s.arg(
                    number.isString() ? number.toString() : QString::number(number.toDouble())));
        params.insert(u"tab"_s, id);
    }
    const QString byRef = u"params.selector: elements are named by ref here (take a snapshot and use a ref "
                          "such as e3), not by CSS selector"_s;
    if (type == u"snapshot"_s) {
        params.remove(u"timeout"_s); // a snapshot does not wait for the page
    } else if (type == u"eval"_s) {
        return takeAlias(params, u"script"_s, u"expression"_s, error);
    } else if (type == u"scroll"_s && params.contains(u"pixels"_s)) {
        if (!takeAlias(params, u"pixels"_s, u"amount"_s, error))
            return false;
        if (!params.contains(u"unit"_s))
            params.insert(u"unit"_s, u"pixels"_s);
    } else if (type == u"get"_s) {
        const QString what = params.value(u"what"_s).toString();
        if (params.contains(u"selector"_s) && what != u"count"_s)
            return refuse(error, byRef);
        if (what == u"attr"_s)
            params.insert(u"what"_s, u"attribute"_s);
        for (const QString &name : { u"attrName"_s, u"attr"_s }) {
            if (!takeAlias(params, name, u"name"_s, error))
                return false;
        }
    } else if (type == u"wait"_s && params.contains(u"selector"_s)) {
        return refuse(error, byRef);
    } else if (type == u"drag"_s) {
        return takeAlias(params, u"src"_s, u"from"_s, error) && takeAlias(params, u"dst"_s, u"to"_s, error);
    } else if (type == u"mouse"_s) {
        if (!takeAlias(params, u"dx"_s, u"deltaX"_s, error) || !takeAlias(params, u"dy"_s, u"deltaY"_s, error))
            return false;
        // MouseEvent.button's numbers: 0 left, 1 middle, 2 right.
        const QJsonValue button = params.value(u"button"_s);
        if (button.isDouble()) {
            const QStringList names { u"left"_s, u"middle"_s, u"right"_s };
            const int n = button.toInt(-1);
            if (n < 0 || n > 2 || button.toDouble() != n)
                return refuse(error, u"params.button %1 is no mouse button: 0 (left), 1 (middle) or 2 (right)"_s.arg(
                                         button.toDouble()));
            params.insert(u"button"_s, names.at(n));
        }
    } else if (type == u"find"_s) {
        const QString locator = params.value(u"locator"_s).toString();
        if (locator == u"first"_s || locator == u"last"_s || locator == u"nth"_s) {
            return refuse(error, u"find with locator %1 takes a CSS selector; elements are named by role, text, "
                                 "label, placeholder, testid, alt or title here (then by the ref find answers)"_s
                                     .arg(locator));
        }
        params.remove(u"action"_s); // the extension's find took it and did nothing with it
    }
    return true;
}

// What agents of the LLM Browser Agent extension read besides our fields: executed on actions,
// result beside value.
CommandResult ToolkitCommands::withForeignFields(const QString &type, const CommandCaller &caller,
                                                const CommandResult &result)
{
    static const QStringList kReaders { u"snapshot"_s,   u"get"_s, u"is"_s,  u"eval"_s,
                                        u"screenshot"_s, u"tab"_s, u"find"_s };
    if (!result.ok || (!result.data.isObject() && !result.data.isUndefined() && !result.data.isNull()))
        return result;
    QJsonObject data = result.data.toObject();
    if (data.contains(u"value"_s) && !data.contains(u"result"_s))
        data.insert(u"result"_s, data.value(u"value"_s));
    if (!kReaders.contains(type))
        data.insert(u"executed"_s, true);
    // The extension's screenshot was a data: URL in data.screenshot; MCP clients get an image
    // content instead, so only WebSocket agents get it (it doubles the reply).
    if (type == u"screenshot"_s && caller.channel.startsWith(u"agent-"_s) && data.value(u"data"_s).isString())
        data.insert(u"screenshot"_s, QString(u"data:image/png;base64,"_s + data.value(u"data"_s).toString()));
    CommandResult out = result;
    out.data = data;
    return out;
}

void ToolkitCommands::whenBrowserReady(CommandReply reply, std::function<void(CommandReply)> go)
{
    if (m_endpoint->targetsKnown() || m_endpoint->state() == CdpEndpoint::State::Stopped)
        return go(std::move(reply));
    struct Wait
    {
        CommandReply reply;
        std::function<void(CommandReply)> go;
    };
    auto wait = std::make_shared<Wait>(Wait { std::move(reply), std::move(go) });
    // Dies with this object, so neither the signal nor the timer can reach a deleted one.
    auto *guard = new QObject(this);
    connect(m_endpoint, &CdpEndpoint::targetsKnownChanged, guard, [wait, guard](bool known) {
        if (!known || !wait->go)
            return;
        guard->deleteLater();
        std::exchange(wait->go, {})(std::move(wait->reply));
    });
    QTimer::singleShot(m_browserWait, guard, [this, wait, guard] {
        if (!wait->go)
            return;
        wait->go = {};
        guard->deleteLater();
        const QString address = m_endpoint->address();
        wait->reply(CommandResult::failure(
            tr("no browser answered at %1 within %2 s%3. Start one with remote debugging on that port, e.g. "
               "chromium --remote-debugging-port=%4 --user-data-dir=/tmp/mpa-browser, or point the app at "
               "another with --cdp-host/--cdp-port")
                .arg(address)
                .arg(double(m_browserWait.count()) / 1000.0)
                .arg(m_endpoint->lastError().isEmpty() ? QString() : u" ("_s + m_endpoint->lastError() + u')')
                .arg(m_endpoint->port()),
            503));
    });
}

void ToolkitCommands::addTabCommand(const QString &type, const QString &description, TabHandler handler)
{
    // As the extension's router: for the agents of its protocol (the WebSocket's) a snapshot reads
    // the tab in front; the rest go to the tab last used. The app's own runs and MCP agents stay
    // on their tab: a snapshot there never jumps to the tab the user looks at.
    const bool snapshot = type == u"snapshot"_s;
    add(type, description,
        [this, handler, snapshot](CommandParams &params, const CommandCaller &caller, CommandReply reply) {
            const bool extensionAgent = caller.channel == u"agent-ws"_s || caller.channel == u"agent-client"_s;
            const Route route = snapshot && extensionAgent ? Route::Front : Route::LastUsed;
            // The action may run later (after the user allowed the tab): it keeps its own copies.
            withTab(
                caller, params.string(u"tab"_s), std::move(reply),
                [params, caller, handler](PageController *controller, CommandReply reply) mutable {
                    handler(params, controller, caller, std::move(reply));
                },
                route);
        });
}

namespace {

// Reads params.ref (required or not) and checks its form; false after answering.
bool readRef(CommandParams &params, bool required, QString *ref, const CommandReply &reply)
{
    *ref = required ? params.requiredString(u"ref"_s) : params.string(u"ref"_s);
    if (!params.ok()) {
        reply(CommandResult::failure(params.error()));
        return false;
    }
    if (!ref->isEmpty() && !PageController::parseRef(*ref)) {
        reply(CommandResult::failure(
            QObject::tr(
                "params.ref “%1” is not a ref: refs look like e3 (or f1e3 inside a frame), as a snapshot "
                "lists them")
                .arg(*ref)));
        return false;
    }
    return true;
}

bool paramsOk(CommandParams &params, const CommandReply &reply)
{
    if (params.ok())
        return true;
    reply(CommandResult::failure(params.error()));
    return false;
}

} // namespace

void ToolkitCommands::addElementCommand(const QString &type, const QString &description, RefUse use,
                                        ElementHandler handler)
{
    addTabCommand(type, description,
                  [use, handler](CommandParams &params, PageController *tab, const CommandCaller &,
                                 CommandReply reply) {
                      QString ref;
                      if (readRef(params, use == RefUse::Required, &ref, reply))
                          handler(ref, params, tab, std::move(reply));
                  });
}

void ToolkitCommands::registerCommands()
{
    addTabCommand(
        u"snapshot"_s,
        tr("The page as lines like `- button \"Submit\" [ref=e3]` (interactable elements, their state and "
           "some context text); use the refs in the other commands"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            PageController::SnapshotOptions options;
            options.interactiveOnly = p.boolean(u"interactiveOnly"_s, false);
            options.scope = p.string(u"scope"_s);
            options.maxElements = p.integer(u"maxElements"_s, 1000, 1, 1000000);
            options.maxChars = p.integer(u"maxChars"_s, 40000, 100, 10000000);
            options.viewport = p.boolean(u"viewport"_s, false);
            if (!paramsOk(p, reply))
                return;
            tab->snapshot(options, std::move(reply));
        });

    addElementCommand(
        u"click"_s,
        tr("Clicks an element (trusted mouse input) after scrolling it into view; refused when "
           "something covers it"),
        RefUse::Required, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString button = p.choice(u"button"_s, { u"left"_s, u"right"_s, u"middle"_s });
            if (!paramsOk(p, reply))
                return;
            tab->click(ref, 1, button, std::move(reply));
        });
    addElementCommand(u"dblclick"_s, tr("Double-clicks an element"), RefUse::Required,
                      [](const QString &ref, CommandParams &, PageController *tab, CommandReply reply) {
                          tab->click(ref, 2, u"left"_s, std::move(reply));
                      });
    addElementCommand(u"hover"_s, tr("Moves the mouse over an element"), RefUse::Required,
                      [](const QString &ref, CommandParams &, PageController *tab, CommandReply reply) {
                          tab->hover(ref, std::move(reply));
                      });
    addElementCommand(u"focus"_s, tr("Gives an element the keyboard focus"), RefUse::Required,
                      [](const QString &ref, CommandParams &, PageController *tab, CommandReply reply) {
                          tab->focus(ref, std::move(reply));
                      });
    addElementCommand(
        u"fill"_s, tr("Replaces the text of an input, textarea or editable box (works with React forms)"),
        RefUse::Required, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString value = p.requiredString(u"value"_s); // "" clears the field
            if (!paramsOk(p, reply))
                return;
            tab->fill(ref, value, std::move(reply));
        });
    addElementCommand(
        u"type"_s,
        tr("Types text key by key at the end of a field (or into the focused element), with delay ms "
           "between keys"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString text = p.requiredString(u"text"_s);
            const int timeoutMs = p.integer(u"timeoutMs"_s, int(PageController::kMaxTypeTime.count()), 100,
                                            int(PageController::kMaxTypeTime.count()));
            const int delay = p.integer(u"delay"_s, 0, 0, int(PageController::kMaxTypeDelay.count()));
            if (!paramsOk(p, reply))
                return;
            tab->type(ref, text, std::move(reply), std::chrono::milliseconds(timeoutMs),
                      std::chrono::milliseconds(delay));
        });
    addElementCommand(
        u"press"_s, tr("Presses a key or chord (Enter, Tab, Escape, ArrowDown, Control+A, Shift+Tab)"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString key = p.requiredString(u"key"_s);
            if (!paramsOk(p, reply))
                return;
            if (QString problem; !PageController::checkKeys(key, &problem))
                return reply(CommandResult::failure(u"params.key: "_s + problem));
            tab->press(ref, key, std::move(reply));
        });
    for (const bool checked : { true, false }) {
        addElementCommand(checked ? u"check"_s : u"uncheck"_s,
                          checked ? tr("Checks a checkbox, radio button or switch (and verifies it)")
                                  : tr("Unchecks a checkbox or switch (and verifies it)"),
                          RefUse::Required,
                          [checked](const QString &ref, CommandParams &, PageController *tab,
                                    CommandReply reply) { tab->setChecked(ref, checked, std::move(reply)); });
    }
    addElementCommand(
        u"select"_s, tr("Chooses the options of a select box, by value or label"), RefUse::Required,
        [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QJsonValue value = p.raw().value(u"value"_s);
            QStringList values;
            if (value.isString()) {
                values = { value.toString() };
            } else if (value.isArray()) {
                for (const QJsonValue &v : value.toArray()) {
                    if (!v.isString())
                        return reply(CommandResult::failure(tr("params.value must be a string or an array "
                                                               "of strings")));
                    values.append(v.toString());
                }
            } else {
                return reply(
                    CommandResult::failure(value.isUndefined() || value.isNull()
                                               ? tr("params.value is required (an option's value or label)")
                                               : tr("params.value must be a string or an array of strings")));
            }
            if (values.isEmpty())
                return reply(CommandResult::failure(tr("params.value names no option")));
            tab->select(ref, values, std::move(reply));
        });
    addElementCommand(
        u"scroll"_s, tr("Scrolls the page or an element: a direction by pages, or x/y by pixels"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString direction = p.string(u"direction"_s);
            const bool hasDirection = !direction.isEmpty();
            const QString unit = p.choice(u"unit"_s,
                                          hasDirection ? QStringList { u"pages"_s, u"pixels"_s }
                                                       : QStringList { u"pixels"_s, u"pages"_s });
            const double amount = p.number(u"amount"_s, 1, 0, 1e6);
            double x = p.number(u"x"_s, 0, -1e7, 1e7);
            double y = p.number(u"y"_s, 0, -1e7, 1e7);
            if (!paramsOk(p, reply))
                return;
            if (hasDirection) {
                if (direction == u"down"_s)
                    y = amount;
                else if (direction == u"up"_s)
                    y = -amount;
                else if (direction == u"right"_s)
                    x = amount;
                else if (direction == u"left"_s)
                    x = -amount;
                else
                    return reply(
                        CommandResult::failure(tr("params.direction must be one of up, down, left, right")));
            } else if (!p.has(u"x"_s) && !p.has(u"y"_s)) {
                return reply(CommandResult::failure(
                    tr("say how far: params.direction (up, down, left, right) or params.x / params.y")));
            }
            tab->scroll(ref, x, y, unit == u"pages"_s, std::move(reply));
        });
    addElementCommand(
        u"get"_s,
        tr("Reads the text, value, an attribute, the html or the box of an element, what it is (element: "
           "role, name, link, the form it submits), the page's url or title, or counts a selector's matches"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const QString what = p.string(u"what"_s);
            const QStringList whats { u"text"_s, u"value"_s,   u"attribute"_s, u"url"_s, u"title"_s,
                                      u"html"_s, u"element"_s, u"box"_s,       u"count"_s };
            if (what.isEmpty() || !whats.contains(what)) {
                return reply(
                    CommandResult::failure(tr("params.what must be one of %1").arg(whats.join(u", "_s))));
            }
            const QString name = p.string(u"name"_s);
            const QString selector = p.string(u"selector"_s);
            const int maxChars = p.integer(u"maxChars"_s, 100000, 1, 10000000);
            if (!paramsOk(p, reply))
                return;
            if ((what == u"value"_s || what == u"attribute"_s || what == u"element"_s || what == u"box"_s)
                && ref.isEmpty())
                return reply(CommandResult::failure(tr("get %1 needs params.ref").arg(what)));
            if (what == u"attribute"_s && name.isEmpty())
                return reply(CommandResult::failure(tr("get attribute needs params.name")));
            if ((what == u"count"_s) != !selector.isEmpty()) {
                return reply(CommandResult::failure(
                    what == u"count"_s ? tr("get count needs params.selector (a CSS selector)")
                                       : tr("params.selector is for get count only: elements are named by "
                                            "ref here (take a snapshot and use a ref such as e3)")));
            }
            tab->get(what, ref, what == u"count"_s ? selector : name, maxChars, std::move(reply));
        });
    addElementCommand(u"is"_s, tr("Tells whether an element is visible, enabled, checked or focused"),
                      RefUse::Required,
                      [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
                          const QString what = p.string(u"what"_s);
                          const QStringList whats { u"visible"_s, u"enabled"_s, u"checked"_s, u"focused"_s };
                          if (!whats.contains(what)) {
                              return reply(CommandResult::failure(
                                  tr("params.what must be one of %1").arg(whats.join(u", "_s))));
                          }
                          if (!paramsOk(p, reply))
                              return;
                          tab->is(what, ref, std::move(reply));
                      });

    add(u"open"_s,
        tr("Opens an address in the tab your commands go to (the one you last used, else the one in "
           "front), or in a new tab with newTab"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            const QString address = p.requiredString(u"url"_s);
            const bool newTab = p.boolean(u"newTab"_s, false);
            const QString tab = p.string(u"tab"_s);
            if (!paramsOk(p, reply))
                return;
            const QUrl url(address, QUrl::StrictMode);
            if (const CommandResult refused = checkAddress(caller, url, address); !refused.ok)
                return reply(refused);
            if (newTab)
                return createTab(caller, url, std::move(reply));
            const TabAction go = [url](PageController *controller, CommandReply reply) {
                controller->navigate(url, std::move(reply));
            };
            if (!tab.isEmpty())
                return withTab(caller, tab, std::move(reply), go);
            if (TabRegistry::isUnrestricted(caller)) {
                // The debug API navigates its current tab; without one it opens a tab.
                const QString current = m_tabs.current(caller);
                if (current.isEmpty() || !m_endpoint->sessionForTarget(current))
                    return createTab(caller, url, std::move(reply));
                return withTab(caller, tab, std::move(reply), go);
            }
            // As the extension: the tab last used, else the tab in front — when the agent may use
            // it without asking; rather than ask for a tab of the user's, open a new one.
            if (const QString last = lastUsedTab(caller); !last.isEmpty())
                return actOnTab(last, std::move(reply), go);
            whenFront([this, caller, url, go, reply = std::move(reply)](const QString &front) {
                if (!front.isEmpty() && usableWithoutAsking(caller, front))
                    return useTab(caller, front, reply, go);
                createTab(caller, url, reply);
            });
        });
    add(u"tab"_s, tr("Tabs: list yours, open a new one (with url), close or switch to one (by tab id)"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            tabCommand(p, caller, reply);
        });
    addTabCommand(u"back"_s, tr("Goes back in the tab's history"),
                  [](CommandParams &, PageController *tab, const CommandCaller &, CommandReply reply) {
                      tab->history(-1, std::move(reply));
                  });
    addTabCommand(u"forward"_s, tr("Goes forward in the tab's history"),
                  [](CommandParams &, PageController *tab, const CommandCaller &, CommandReply reply) {
                      tab->history(1, std::move(reply));
                  });
    addTabCommand(u"reload"_s, tr("Reloads the tab"),
                  [](CommandParams &, PageController *tab, const CommandCaller &, CommandReply reply) {
                      tab->reload(std::move(reply));
                  });
    addTabCommand(
        u"wait"_s,
        tr("Waits (at most timeoutMs) for an element or text to appear or go, for an address, for a "
           "navigation, or a number of ms"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            PageController::WaitOptions options;
            if (!readRef(p, false, &options.ref, reply))
                return;
            options.text = p.string(u"text"_s);
            options.url = p.string(u"url"_s);
            options.navigation = p.boolean(u"navigation"_s, false);
            options.hidden = p.choice(u"state"_s, { u"visible"_s, u"hidden"_s }) == u"hidden"_s;
            options.ms = p.integer(u"ms"_s, 0, 1, 30000);
            options.timeoutMs = p.integer(u"timeoutMs"_s, 5000, 100, 25000);
            if (!paramsOk(p, reply))
                return;
            const int given = int(!options.ref.isEmpty()) + int(p.has(u"text"_s)) + int(p.has(u"url"_s))
                + int(options.navigation) + int(options.ms > 0);
            if (given != 1) {
                return reply(CommandResult::failure(tr("wait for exactly one thing: params.ref, params.text, "
                                                       "params.url, params.navigation or params.ms")));
            }
            if (p.has(u"url"_s) && options.url.isEmpty())
                return reply(CommandResult::failure(tr("params.url is empty: give the address to wait for")));
            tab->wait(options, std::move(reply));
        });
    addElementCommand(
        u"screenshot"_s, tr("A PNG screenshot (base64) of the viewport, the whole page or an element"),
        RefUse::Optional, [](const QString &ref, CommandParams &p, PageController *tab, CommandReply reply) {
            const bool fullPage = p.boolean(u"fullPage"_s, false);
            if (!paramsOk(p, reply))
                return;
            tab->screenshot(ref, fullPage, std::move(reply));
        });
    addTabCommand(
        u"eval"_s,
        tr("Runs JavaScript in the page (an expression, or a function body with return) and returns its "
           "value (off unless toolkit/allowEval)"),
        [this](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            const QString expression = p.requiredString(u"expression"_s);
            const int timeoutMs = p.integer(u"timeoutMs"_s, int(PageController::kEvalTime.count()), 100,
                                            int(PageController::kMaxEvalTime.count()));
            if (!paramsOk(p, reply))
                return;
            if (!m_settings->boolValue(SettingKey::ToolkitAllowEval)) {
                return reply(CommandResult::failure(
                    tr("eval is off: turn on toolkit/allowEval in the settings to let agents run JavaScript"),
                    403));
            }
            tab->evaluate(expression, std::move(reply), std::chrono::milliseconds(timeoutMs));
        });
    registerLaterVerbs();
}

namespace {

// One end of a drag: a ref, or an object {ref, tab} or {x, y}; false after answering.
bool readSpot(const QJsonValue &value, const QString &name, PageController::Spot *spot,
                               QString *tab, const CommandReply &reply)
{
    // The schema checked the shape: a ref string, or an object {ref, tab} or {x, y}.
    const QJsonObject object = value.toObject();
    spot->ref = value.isString() ? value.toString() : object.value(u"ref"_s).toString();
    *tab = object.value(u"tab"_s).toString();
    if (!spot->ref.isEmpty()) {
        if (!PageController::parseRef(spot->ref)) {
            reply(CommandResult::failure(QObject::tr("params.%1 “%2” is not a ref: refs look like e3 (or f1e3 inside a "
                                            "frame), as a snapshot lists them")
                                             .arg(name, spot->ref)));
            return false;
        }
        return true;
    }
    if (!object.value(u"x"_s).isDouble() || !object.value(u"y"_s).isDouble()) {
        reply(CommandResult::failure(
            QObject::tr("params.%1 must be a ref (e3) or a point {\"x\": …, \"y\": …} of the viewport").arg(name)));
        return false;
    }
    spot->point = QPointF(object.value(u"x"_s).toDouble(), object.value(u"y"_s).toDouble());
    return true;
}

} // namespace

void ToolkitCommands::registerLaterVerbs()
{
    // The verbs the LLM Browser Agent extension grew after its first release, and Playwright
    // MCP's: find, mouse, drag, scrollintoview, close.
    addTabCommand(
        u"find"_s,
        tr("Finds the first visible element by role, text, label, placeholder, testid, alt or title "
           "(text: its accessible name too) and answers its ref and snapshot line"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            PageController::FindOptions options;
            options.locator = p.choice(u"locator"_s, { u"role"_s, u"text"_s, u"label"_s, u"placeholder"_s,
                                                       u"testid"_s, u"alt"_s, u"title"_s });
            options.value = p.requiredString(u"value"_s);
            if (p.has(u"text"_s))
                options.name = p.string(u"text"_s);
            options.exact = p.boolean(u"exact"_s, false);
            if (!paramsOk(p, reply))
                return;
            if (options.value.trimmed().isEmpty())
                return reply(CommandResult::failure(tr("params.value is empty: say what to find")));
            tab->find(options, std::move(reply));
        });
    addTabCommand(
        u"mouse"_s,
        tr("Mouse input at a point of the viewport (CSS pixels): move, down, up, click, or wheel by "
           "deltaX/deltaY; buttons stay down between commands"),
        [](CommandParams &p, PageController *tab, const CommandCaller &, CommandReply reply) {
            const QString action
                = p.choice(u"action"_s, { u"move"_s, u"down"_s, u"up"_s, u"wheel"_s, u"click"_s });
            const double x = p.number(u"x"_s, 0, -1e7, 1e7);
            const double y = p.number(u"y"_s, 0, -1e7, 1e7);
            const QString button = p.choice(u"button"_s, { u"left"_s, u"right"_s, u"middle"_s });
            const double deltaX = p.number(u"deltaX"_s, 0, -1e6, 1e6);
            const double deltaY = p.number(u"deltaY"_s, 0, -1e6, 1e6);
            if (!paramsOk(p, reply))
                return;
            if (!p.has(u"x"_s) || !p.has(u"y"_s))
                return reply(CommandResult::failure(tr("mouse needs params.x and params.y (a point of the viewport)")));
            if (action == u"wheel"_s && deltaX == 0 && deltaY == 0)
                return reply(CommandResult::failure(tr("mouse wheel needs params.deltaX or params.deltaY")));
            tab->mouseAt(action, QPointF(x, y), button, QPointF(deltaX, deltaY), std::move(reply));
        });
    add(u"drag"_s,
        tr("Drags from an element or point to another with real mouse input (HTML5 drag and drop "
           "included): from and to are refs or {x, y}"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            QString fromTab;
            QString toTab;
            PageController::Spot from;
            PageController::Spot to;
            if (!readSpot(p.raw().value(u"from"_s), u"from"_s, &from, &fromTab, reply)
                || !readSpot(p.raw().value(u"to"_s), u"to"_s, &to, &toTab, reply))
                return;
            QString tab = p.string(u"tab"_s);
            if (!paramsOk(p, reply))
                return;
            // A drag is one press and one release in one page: both ends in the tab it runs in.
            QStringList tabs;
            for (const QString &named : { tab, fromTab, toTab }) {
                if (!named.isEmpty() && !tabs.contains(named))
                    tabs.append(named);
            }
            if (tabs.size() > 1) {
                return reply(CommandResult::failure(
                    tr("drag moves within one tab, but it names %1 tabs (%2): drag inside one of them, or "
                       "move the content another way")
                        .arg(tabs.size())
                        .arg(tabs.join(u", "_s))));
            }
            withTab(caller, tabs.value(0), std::move(reply),
                    [from, to](PageController *controller, CommandReply reply) {
                        controller->drag(from, to, std::move(reply));
                    });
        });
    addElementCommand(u"scrollintoview"_s, tr("Scrolls an element into the middle of the view (when it is not in view)"),
                      RefUse::Required,
                      [](const QString &ref, CommandParams &, PageController *tab, CommandReply reply) {
                          tab->scrollIntoView(ref, std::move(reply));
                      });
    addTabCommand(u"close"_s, tr("Closes the tab your commands go to (or the one named by tab)"),
                  [this](CommandParams &, PageController *tab, const CommandCaller &caller, CommandReply reply) {
                      switchOrClose(u"close"_s, tab->targetId(), tab, caller, std::move(reply));
                  });
}

void ToolkitCommands::tabCommand(CommandParams &p, const CommandCaller &caller, CommandReply reply)
{
    const QString action = p.choice(u"action"_s, { u"list"_s, u"new"_s, u"close"_s, u"switch"_s });
    const QString tab = p.string(u"tab"_s);
    const QString address = p.string(u"url"_s);
    if (!paramsOk(p, reply))
        return;
    if (action == u"list"_s) {
        // Every page tab of the browser: the caller's own say yours, the one in front active.
        readTabViews([this, caller, reply](const TabViews &views) {
            m_endpoint->sendToBrowser(
                u"Target.getTargets"_s, {}, this, [this, caller, reply, views](const CdpResult &result) {
                    QHash<QString, QJsonObject> fresh;
                    for (const QJsonValue &info : result.result.value(u"targetInfos").toArray())
                        fresh.insert(info.toObject().value(u"targetId").toString(), info.toObject());
                    QStringList order;
                    for (CdpSession *page : m_endpoint->pageSessions())
                        order.append(page->targetId());
                    const QString active = frontTab(views, order);
                    QJsonArray tabs;
                    QJsonValue activeId;
                    for (const QString &id : std::as_const(order)) {
                        QJsonObject tab = describeTab(m_endpoint->sessionForTarget(id), caller);
                        if (fresh.contains(id)) {
                            tab.insert(u"title"_s, fresh.value(id).value(u"title"));
                            tab.insert(u"url"_s, fresh.value(id).value(u"url"));
                        }
                        tab.insert(u"active"_s, id == active);
                        if (id == active)
                            activeId = tab.value(u"id"_s);
                        tabs.append(tab);
                    }
                    QJsonObject data { { u"tabs"_s, tabs } };
                    if (!activeId.isUndefined())
                        data.insert(u"activeTabId"_s, activeId); // as the extension's tab list
                    reply(CommandResult::success(data));
                });
        });
        return;
    }
    if (action == u"new"_s) {
        const QUrl url(address.isEmpty() ? u"about:blank"_s : address, QUrl::StrictMode);
        if (const CommandResult refused = checkAddress(caller, url, address); !refused.ok)
            return reply(refused);
        return createTab(caller, url, std::move(reply));
    }
    if (tab.isEmpty() && (action == u"switch"_s || TabRegistry::isUnrestricted(caller)))
        return reply(CommandResult::failure(tr("tab %1 needs params.tab (an id from tab list)").arg(action)));
    // close without a tab closes the one the agent's commands go to, as the extension's did.
    withTab(caller, tab, std::move(reply), [this, action, caller](PageController *controller, CommandReply reply) {
        switchOrClose(action, controller->targetId(), controller, caller, std::move(reply));
    });
}

void ToolkitCommands::switchOrClose(const QString &action, const QString &tab, PageController *controller,
                                    const CommandCaller &caller, CommandReply reply)
{
    CdpSession *session = controller->session();
    if (action == u"switch"_s) {
        m_tabs.makeCurrent(caller, tab);
        // The browser's own activation, then the page's: the tab is the one in front for later
        // commands and tab list, also where every tab claims to be visible (headless).
        m_frontTab = tab;
        m_endpoint->sendToBrowser(
            u"Target.activateTarget"_s, { { u"targetId"_s, tab } }, this,
            [this, session = QPointer<CdpSession>(session), caller, reply](const CdpResult &activated) {
                if (!activated.ok())
                    return reply(CommandResult::failure(activated.error.toString(), 500));
                if (!session)
                    return reply(CommandResult::failure(tr("the tab closed"), 409));
                session->send(u"Page.bringToFront"_s, {}, this,
                              [this, session, caller, reply](const CdpResult &result) {
                                  if (!result.ok())
                                      return reply(CommandResult::failure(result.error.toString(), 500));
                                  if (!session)
                                      return reply(CommandResult::failure(tr("the tab closed"), 409));
                                  QJsonObject data = describeTab(session, caller);
                                  data.insert(u"active"_s, true);
                                  reply(CommandResult::success(data));
                              });
            });
        return;
    }
    // close
    m_endpoint->sendToBrowser(u"Target.closeTarget"_s, { { u"targetId"_s, tab } }, this,
                              [this, tab, reply](const CdpResult &result) {
                                  if (!result.ok())
                                      return reply(CommandResult::failure(result.error.toString(), 500));
                                  m_tabs.forget(tab);
                                  if (m_frontTab == tab)
                                      m_frontTab.clear();
                                  reply(CommandResult::success(QJsonObject { { u"closed"_s, tab } }));
                              });
}

void ToolkitCommands::createTab(const CommandCaller &caller, const QUrl &url, CommandReply reply)
{
    if (!TabRegistry::isUnrestricted(caller)) {
        const qsizetype count = m_tabs.ownedBy(caller).size();
        if (count >= maxTabs()) {
            return reply(CommandResult::failure(tr("you already have %1 tabs (toolkit/maxTabs is %2): close "
                                                   "one with tab {\"action\": \"close\"} first")
                                                    .arg(count)
                                                    .arg(maxTabs()),
                                                409));
        }
    }
    m_endpoint->sendToBrowser(
        u"Target.createTarget"_s, { { u"url"_s, u"about:blank"_s } }, this,
        [this, caller, url, reply](const CdpResult &result) {
            if (!result.ok())
                return reply(
                    CommandResult::failure(tr("cannot open a tab: %1").arg(result.error.toString()), 503));
            const QString id = result.result.value(u"targetId").toString();
            // The tab is ours once the endpoint attaches to it: wait for that event, bounded.
            auto waiting = std::make_shared<QMetaObject::Connection>();
            auto *deadline = new QTimer(this);
            deadline->setSingleShot(true);
            const auto settle = [this, waiting, deadline, caller, id, url, reply](CdpSession *session) {
                QObject::disconnect(*waiting);
                deadline->stop();
                deadline->deleteLater();
                if (!session)
                    return reply(CommandResult::failure(tr("the new tab did not attach in time"), 503));
                handTab(caller, id);
                m_frontTab = id; // a new tab opens in front
                PageController *controller = controllerFor(id);
                if (!controller)
                    return reply(CommandResult::failure(tr("the new tab went away"), 503));
                if (url.toString() == u"about:blank"_s) {
                    return reply(CommandResult::success(QJsonObject {
                        { u"tab"_s, id }, { u"url"_s, url.toString() }, { u"newTab"_s, true } }));
                }
                controller->navigate(url, [reply, id](const CommandResult &navigated) {
                    if (!navigated.ok)
                        return reply(navigated);
                    QJsonObject out = navigated.data.toObject();
                    out.insert(u"tab"_s, id);
                    out.insert(u"newTab"_s, true);
                    reply(CommandResult::success(out));
                });
            };
            if (CdpSession *session = m_endpoint->sessionForTarget(id))
                return settle(session);
            *waiting = connect(m_endpoint, &CdpEndpoint::sessionAttached, deadline,
                               [id, settle](CdpSession *session) {
                                   if (session->targetId() == id)
                                       settle(session);
                               });
            connect(deadline, &QTimer::timeout, this, [settle] { settle(nullptr); });
            deadline->start(kTabAttachMs);
        });
}

} // namespace mpa
