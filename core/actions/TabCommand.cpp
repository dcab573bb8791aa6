#include "TabCommand.h"

#include "AddressPolicy.h"
#include "TabConsent.h"
#include "TabRouter.h"
#include "ToolkitParams.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "common/ClockTimer.h"
#include "page/PageController.h"

#include <QJsonArray>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kTabAttachMs = 10000;

} // namespace

TabCommand::TabCommand(TabRouter *tabs, CdpEndpoint *endpoint, const AddressPolicy *addresses, Clock *clock,
                       QObject *parent)
    : QObject(parent)
    , m_tabs(tabs)
    , m_endpoint(endpoint)
    , m_addresses(addresses)
    , m_clock(clock)
{
}

void TabCommand::run(CommandParams &p, const CommandCaller &caller, CommandReply reply)
{
    const QString action = p.choice(u"action"_s, { u"list"_s, u"new"_s, u"close"_s, u"switch"_s });
    const QString tab = p.string(u"tab"_s);
    const QString address = p.string(u"url"_s);
    const QString endpoint = p.string(u"endpoint"_s);
    if (!paramsOk(p, reply))
        return;
    if (action == u"list"_s) {
        // Every page tab of every browser: the caller's own say yours, the one in front active.
        m_tabs->readTabViews([this, caller, reply](const TabRouter::TabViews &views) {
            m_endpoint->readTargets(
                this, [this, caller, reply, views](const QHash<QString, QJsonObject> &fresh) {
                    QStringList order;
                    for (CdpSession *page : m_endpoint->pageSessions())
                        order.append(page->targetId());
                    const QString active = m_tabs->frontTab(views, order);
                    QJsonArray tabs;
                    QJsonValue activeId;
                    for (const QString &id : std::as_const(order)) {
                        QJsonObject tab = m_tabs->describeTab(m_endpoint->sessionForTarget(id), caller);
                        if (fresh.contains(id)) {
                            tab.insert(u"title"_s, fresh.value(id).value(u"title"));
                            tab.insert(u"url"_s, fresh.value(id).value(u"url"));
                        }
                        // A tab the agent may not use without asking (the user's, another agent's)
                        // shows only its site, as consent names it: titles and addresses can hold
                        // codes and tokens.
                        if (!TabRegistry::isUnrestricted(caller)
                            && !m_tabs->usableWithoutAsking(caller, id)) {
                            const QString site = TabConsent::siteOf(QUrl(tab.take(u"url"_s).toString()));
                            tab.remove(u"title"_s);
                            if (!site.isEmpty())
                                tab.insert(u"site"_s, site);
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
        if (const CommandResult refused = m_addresses->check(caller, url, address); !refused.ok)
            return reply(refused);
        return createTab(caller, url, reply, endpoint);
    }
    if (tab.isEmpty() && (action == u"switch"_s || TabRegistry::isUnrestricted(caller)))
        return reply(CommandResult::failure(tr("tab %1 needs params.tab (an id from tab list)").arg(action)));
    // close without a tab closes the one the agent's commands go to, as the extension's did.
    m_tabs->withTab(caller, tab, std::move(reply),
                    [this, action, caller](PageController *controller, CommandReply reply) {
                        switchOrClose(action, controller->targetId(), controller, caller, std::move(reply));
                    });
}

void TabCommand::switchOrClose(const QString &action, const QString &tab, PageController *controller,
                               const CommandCaller &caller, CommandReply reply)
{
    CdpSession *session = controller->session();
    if (action == u"switch"_s) {
        m_tabs->makeCurrent(caller, tab);
        // The browser's own activation, then the page's: the tab is the one in front for later
        // commands and tab list, also where every tab claims to be visible (headless).
        m_tabs->setFrontTab(tab);
        m_endpoint->sendToBrowser(
            u"Target.activateTarget"_s, { { u"targetId"_s, tab } }, this,
            [this, session = QPointer<CdpSession>(session), caller,
             reply = std::move(reply)](const CdpResult &activated) {
                if (!activated.ok())
                    return reply(CommandResult::failure(activated.error.toString(), ErrorKind::Internal));
                if (!session)
                    return reply(CommandResult::failure(tr("the tab closed"), ErrorKind::Conflict));
                session->send(
                    u"Page.bringToFront"_s, {}, this,
                    [this, session, caller, reply](const CdpResult &result) {
                        if (!result.ok())
                            return reply(
                                CommandResult::failure(result.error.toString(), ErrorKind::Internal));
                        if (!session)
                            return reply(CommandResult::failure(tr("the tab closed"), ErrorKind::Conflict));
                        QJsonObject data = m_tabs->describeTab(session, caller);
                        data.insert(u"active"_s, true);
                        reply(CommandResult::success(data));
                    });
            });
        return;
    }
    // close
    m_endpoint->sendToBrowser(
        u"Target.closeTarget"_s, { { u"targetId"_s, tab } }, this,
        [this, tab, reply = std::move(reply)](const CdpResult &result) {
            if (!result.ok())
                return reply(CommandResult::failure(result.error.toString(), ErrorKind::Internal));
            m_tabs->forgetClosed(tab);
            reply(CommandResult::success(QJsonObject { { u"closed"_s, tab } }));
        });
}

void TabCommand::createTab(const CommandCaller &caller, const QUrl &url, const CommandReply &reply,
                           const QString &endpoint)
{
    CdpSource *at = nullptr;
    if (!endpoint.trimmed().isEmpty()) {
        at = m_endpoint->source(endpoint);
        if (!at) {
            QStringList names;
            for (const CdpSource *source : m_endpoint->sources())
                names.append(source->name());
            return reply(CommandResult::failure(
                tr("no endpoint is called \"%1\": the app watches %2 (getCDPConnections lists them)")
                    .arg(endpoint, names.join(u", "_s)),
                ErrorKind::NotFound));
        }
        if (!at->isConnected())
            return reply(CommandResult::failure(
                tr("the endpoint %1 is not connected (%2)")
                    .arg(at->name(), at->lastError().isEmpty() ? tr("not yet") : at->lastError()),
                ErrorKind::Unavailable));
    }
    if (!TabRegistry::isUnrestricted(caller)) {
        const qsizetype count = m_tabs->registry().ownedBy(caller).size();
        if (count >= m_tabs->maxTabs()) {
            return reply(CommandResult::failure(tr("you already have %1 tabs (toolkit/maxTabs is %2): close "
                                                   "one with tab {\"action\": \"close\"} first")
                                                    .arg(count)
                                                    .arg(m_tabs->maxTabs()),
                                                ErrorKind::Conflict));
        }
    }
    // An agent with an isolated context (context new) opens its tabs there, away from the
    // user's cookies and storage.
    QJsonObject target { { u"url"_s, u"about:blank"_s } };
    if (const QString context = m_tabs->registry().contextOf(caller); !context.isEmpty()) {
        target.insert(u"browserContextId"_s, context);
        // Without an endpoint, sendToBrowser finds where the context lives by its pages.
        for (const CdpSession *page : at ? m_endpoint->pageSessions() : QList<CdpSession *>()) {
            if (page->targetInfo().browserContextId == context && m_endpoint->sourceOf(page) != at)
                return reply(CommandResult::failure(
                    tr("your isolated context lives on %1, not on %2: open the tab without endpoint, "
                       "or start a new context there")
                        .arg(m_endpoint->sourceOf(page)->name(), at->name()),
                    ErrorKind::Conflict));
        }
    }
    const auto created = [this, caller, url, reply](const CdpResult &result) {
        if (!result.ok())
            return reply(CommandResult::failure(tr("cannot open a tab: %1").arg(result.error.toString()),
                                                ErrorKind::Unavailable));
        const QString id = result.result.value(u"targetId").toString();
        // The tab is ours once the endpoint attaches to it: wait for that event, bounded.
        auto waiting = std::make_shared<QMetaObject::Connection>();
        auto *deadline = new ClockTimer(m_clock, this);
        const auto settle = [this, waiting, deadline, caller, id, url, reply](CdpSession *session) {
            QObject::disconnect(*waiting);
            deadline->stop();
            deadline->deleteLater();
            if (!session)
                return reply(
                    CommandResult::failure(tr("the new tab did not attach in time"), ErrorKind::Unavailable));
            m_tabs->hand(caller, id);
            m_tabs->setFrontTab(id); // a new tab opens in front
            PageController *controller = m_tabs->controllerFor(id);
            if (!controller)
                return reply(CommandResult::failure(tr("the new tab went away"), ErrorKind::Unavailable));
            if (url.toString() == u"about:blank"_s) {
                return reply(CommandResult::success(
                    QJsonObject { { u"tab"_s, id }, { u"url"_s, url.toString() }, { u"newTab"_s, true } }));
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
        *waiting
            = connect(m_endpoint, &CdpEndpoint::sessionAttached, deadline, [id, settle](CdpSession *session) {
                  if (session->targetId() == id)
                      settle(session);
              });
        connect(deadline, &ClockTimer::timeout, this, [settle] { settle(nullptr); });
        deadline->start(std::chrono::milliseconds(kTabAttachMs));
    };
    if (at)
        m_endpoint->sendToBrowserAt(at, u"Target.createTarget"_s, target, this, created);
    else
        m_endpoint->sendToBrowser(u"Target.createTarget"_s, target, this, created);
}

} // namespace mpa
