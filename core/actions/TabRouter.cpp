#include "TabRouter.h"

#include "TabConsent.h"
#include "cdp/CdpEndpoint.h"
#include "logging/LogCategories.h"
#include "page/PageController.h"
#include "settings/Settings.h"

#include <QJsonArray>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

TabRouter::TabRouter(CdpEndpoint *endpoint, PayloadHub *hub, Settings *settings, TabConsent *consent,
                     QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_hub(hub)
    , m_settings(settings)
    , m_consent(consent)
{
    connect(endpoint, &CdpEndpoint::sessionAttached, this, [this](CdpSession *session) {
        if (session->isPage())
            onPageAttached(session);
    });
    connect(endpoint, &CdpEndpoint::sessionDetached, this, &TabRouter::onSessionDetached);
    connect(settings, &Settings::changed, this, [this](SettingKey key) {
        if (key != SettingKey::ToolkitDialogs)
            return;
        for (PageController *controller : std::as_const(m_controllers))
            controller->setDialogPolicy(dialogPolicy());
    });
}

void TabRouter::forgetClosed(const QString &targetId)
{
    m_tabs.forget(targetId);
    if (m_frontTab == targetId)
        m_frontTab.clear();
}

int TabRouter::maxTabs() const
{
    return m_settings->intValue(SettingKey::ToolkitMaxTabs);
}

QStringList TabRouter::tabsOf(const CommandCaller &caller) const
{
    if (!TabRegistry::isUnrestricted(caller))
        return m_tabs.ownedBy(caller);
    QStringList all;
    for (CdpSession *page : m_endpoint->pageSessions())
        all.append(page->targetId());
    return all;
}

PageController *TabRouter::controllerFor(const QString &targetId)
{
    if (PageController *existing = m_controllers.value(targetId))
        return existing;
    CdpSession *session = m_endpoint->sessionForTarget(targetId);
    if (!session || !session->isPage() || !session->isAttached())
        return nullptr;
    auto *controller = new PageController(session, m_endpoint, m_hub, this, m_refMarks);
    controller->setDialogPolicy(dialogPolicy());
    m_controllers.insert(targetId, controller);
    return controller;
}

bool TabRouter::releaseTab(const CommandCaller &caller, const QString &targetId)
{
    const bool held = m_tabs.releaseTab(caller, targetId);
    letGo({ targetId });
    return held;
}

QStringList TabRouter::releaseCaller(const CommandCaller &caller)
{
    QStringList held = m_tabs.ownedBy(caller);
    m_tabs.release(caller);
    letGo(held);
    return held;
}

void TabRouter::letGo(const QStringList &targetIds)
{
    for (const QString &targetId : targetIds) {
        if (!m_tabs.holdersOf(targetId).isEmpty())
            continue;
        if (PageController *controller = m_controllers.value(targetId)) {
            controller->resetEmulation();
            controller->dismissHeldDialog();
            controller->trace()->discard();
        }
    }
}

PageEffects::DialogPolicy TabRouter::dialogPolicy() const
{
    const QString policy = m_settings->stringValue(SettingKey::ToolkitDialogs);
    if (policy == u"agent"_s)
        return PageEffects::DialogPolicy::Hold;
    return policy == u"dismiss"_s ? PageEffects::DialogPolicy::Dismiss : PageEffects::DialogPolicy::Accept;
}

void TabRouter::onPageAttached(CdpSession *session)
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

void TabRouter::onSessionDetached(CdpSession *session)
{
    const QString id = session->targetId();
    if (PageController *controller = m_controllers.take(id))
        delete controller; // answers what is still pending: the tab is gone
    m_tabs.forget(id);
    if (m_frontTab == id)
        m_frontTab.clear();
}

void TabRouter::withTab(const CommandCaller &caller, const QString &tab, CommandReply reply, TabAction act,
                        Route route)
{
    const bool restricted = !TabRegistry::isUnrestricted(caller);
    if (restricted && m_gate)
        act = guarded(caller, std::move(act));
    if (restricted && tab.isEmpty()) {
        // As the LLM Browser Agent extension's router: the tab this agent last used, else the
        // tab in front (a snapshot reads the tab in front whenever the agent may use it without
        // asking the user).
        if (route == Route::LastUsed) {
            if (const QString last = lastUsedTab(caller); !last.isEmpty())
                return actOnTab(last, std::move(reply), act);
        }
        whenFront(
            [this, caller, route, reply = std::move(reply), act = std::move(act)](const QString &front) {
                if (route == Route::Front && !front.isEmpty() && usableWithoutAsking(caller, front))
                    return useTab(caller, front, reply, act);
                if (const QString last = lastUsedTab(caller); !last.isEmpty())
                    return actOnTab(last, reply, act);
                if (front.isEmpty()) {
                    return reply(CommandResult::failure(
                        tr("no tab is in front, and you have none: open a page with open {\"url\": …} or "
                           "tab {\"action\": \"new\"}"),
                        ErrorKind::Conflict));
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
                                                 ErrorKind::Unavailable)
                        : CommandResult::failure(tr("you have no tab yet: open a page with open {\"url\": …} "
                                                    "or tab {\"action\": \"new\"}"),
                                                 ErrorKind::Conflict));
    case TabRegistry::Outcome::NotYours:
        return askForTab(caller, resolution.targetId, std::move(reply), std::move(act));
    case TabRegistry::Outcome::Resolved:
        break;
    }
    actOnTab(resolution.targetId, std::move(reply), act);
}

TabRouter::TabAction TabRouter::guarded(const CommandCaller &caller, TabAction act) const
{
    return [gate = m_gate, caller, act = std::move(act)](PageController *controller, CommandReply reply) {
        CdpSession *session = controller->session();
        const QUrl shown(session ? session->targetInfo().url : QString());
        CommandResult refused = shown.isEmpty() ? CommandResult::success() : gate(caller, shown);
        if (refused.ok)
            return act(controller, std::move(reply));
        qCWarning(lcSafety).noquote()
            << u"the tab of %1 went to %2, which it may not see: taken back to about:blank"_s.arg(
                   caller.displayName(), shown.toString());
        refused.error
            = tr("your tab went to %1, which you may not see (%2); it was taken back to about:blank")
                  .arg(shown.toString(), refused.error);
        refused.kind = ErrorKind::Refused;
        controller->navigate(QUrl(u"about:blank"_s),
                             [reply = std::move(reply), refused](const CommandResult &) { reply(refused); });
    };
}

QString TabRouter::lastUsedTab(const CommandCaller &caller)
{
    const TabRegistry::Resolution last = m_tabs.resolve(
        caller, {}, [this](const QString &id) { return m_endpoint->sessionForTarget(id) != nullptr; }, {});
    return last.outcome == TabRegistry::Outcome::Resolved ? last.targetId : QString();
}

bool TabRouter::usableWithoutAsking(const CommandCaller &caller, const QString &targetId) const
{
    if (m_tabs.owns(caller, targetId))
        return true;
    CdpSession *session = m_endpoint->sessionForTarget(targetId);
    return session && !m_tabs.heldByAnother(caller, targetId)
        && m_consent->allowsWithoutAsking(QUrl(session->targetInfo().url));
}

void TabRouter::useTab(const CommandCaller &caller, const QString &targetId, CommandReply reply,
                       const TabAction &act)
{
    if (!m_tabs.owns(caller, targetId))
        return askForTab(caller, targetId, std::move(reply), act);
    m_tabs.makeCurrent(caller, targetId);
    actOnTab(targetId, std::move(reply), act);
}

void TabRouter::whenFront(std::function<void(const QString &)> done)
{
    readTabViews([this, done = std::move(done)](const TabViews &views) {
        QStringList order;
        for (CdpSession *page : m_endpoint->pageSessions())
            order.append(page->targetId());
        done(frontTab(views, order));
    });
}

QString TabRouter::frontTab(const TabViews &views, const QStringList &order) const
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

void TabRouter::actOnTab(const QString &id, CommandReply reply, const TabAction &act)
{
    CdpSession *session = m_endpoint->sessionForTarget(id);
    if (!session || !session->isPage())
        return reply(CommandResult::failure(
            tr("no tab “%1” (tab {\"action\": \"list\"} shows the tabs)").arg(id), ErrorKind::NotFound));
    PageController *controller = controllerFor(id);
    if (!controller)
        return reply(
            CommandResult::failure(tr("the tab “%1” is not attached").arg(id), ErrorKind::Unavailable));
    act(controller, std::move(reply));
}

void TabRouter::askForTab(const CommandCaller &caller, const QString &targetId, CommandReply reply,
                          TabAction act)
{
    CdpSession *session = m_endpoint->sessionForTarget(targetId);
    if (!session || !session->isPage())
        return reply(CommandResult::failure(
            tr("no tab “%1” (tab {\"action\": \"list\"} shows the tabs)").arg(targetId),
            ErrorKind::NotFound));
    // Another agent's tab is not offered: two agents in one page would undo each other's work.
    const bool another = m_tabs.heldByAnother(caller, targetId);
    // The tab is named by its title and address as the browser has them now (target info events
    // can lag behind the page).
    m_endpoint->sendToBrowser(
        u"Target.getTargetInfo"_s, { { u"targetId"_s, targetId } }, this,
        [this, caller, targetId, reply = std::move(reply), act = std::move(act), another,
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
                                                    ErrorKind::Refused));
            }
            m_consent->request(request, [this, caller, targetId, reply, act](const CommandResult &consent) {
                if (!consent.ok)
                    return reply(consent);
                if (!m_endpoint->sessionForTarget(targetId))
                    return reply(CommandResult::failure(tr("the tab closed meanwhile"), ErrorKind::Conflict));
                m_tabs.hand(caller, targetId);
                actOnTab(targetId, reply, act);
            });
        });
}

void TabRouter::readTabViews(std::function<void(const TabViews &)> done)
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

QString TabRouter::activeTab(const TabViews &views, const QStringList &order)
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

QString TabRouter::tabLabel(const QString &targetId) const
{
    CdpSession *session = m_endpoint->sessionForTarget(targetId);
    if (!session)
        return targetId;
    const CdpTargetInfo &info = session->targetInfo();
    return info.title.isEmpty() ? info.url : info.title;
}

QJsonObject TabRouter::describeTab(CdpSession *session, const CommandCaller &caller)
{
    const QString id = session->targetId();
    if (!m_tabNumbers.contains(id))
        m_tabNumbers.insert(id, int(m_tabNumbers.size()) + 1);
    return { { u"tab"_s, id },
             { u"id"_s, m_tabNumbers.value(id) }, // a number, as agents of the LLM Browser Agent read it
             { u"title"_s, session->targetInfo().title },
             { u"url"_s, session->targetInfo().url },
             { u"yours"_s, TabRegistry::isUnrestricted(caller) || m_tabs.owns(caller, id) },
             { u"current"_s, m_tabs.current(caller) == id },
             { u"endpoint"_s, session->endpoint() } };
}

} // namespace mpa
