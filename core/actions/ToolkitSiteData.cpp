// The toolkit's verbs for a site's data and an agent's own browser profile (Playwright MCP's
// storageState and isolated contexts, chrome-devtools-mcp's --isolated):
//   context {action: new|close}  an isolated browser context (Target.createBrowserContext) of the
//                                agent's: its new tabs open there, away from the user's cookies
//                                and storage; disposed with its tabs on close or when the agent
//                                disconnects.
//   cookies {action: get|set|clear, url?, cookies?, name?}
//                                the cookies a tab's site gets (also HttpOnly ones).
//   storage {action: save|load|list, name?}
//                                cookies + localStorage + sessionStorage of the agent's tabs'
//                                origins, as a file in the app's data folder (owner-only);
//                                saved and loaded in ToolkitStorageState.cpp.
// In the agent's own isolated context nothing is the user's and nothing is asked. Anywhere else
// the cookies are the user's sign-ins: every site is asked for on its own (TabConsent's
// requestSiteData: toolkit/dataSites, or the desktop prompt), whatever tab rights the agent has.
// The debug API, ctl and the window are the user's own tools and are not asked.

#include "SiteDataShapes.h"
#include "TabConsent.h"
#include "TabRegistry.h"
#include "TabRouter.h"
#include "ToolkitCommands.h"
#include "ToolkitParams.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "logging/LogCategories.h"
#include "page/PageController.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

using sitedata::cookieOut;
using sitedata::isWebUrl;

namespace {

// A cookie the agent asked to set, checked and turned into CDP's CookieParam for `url`; empty
// with `why` when it is not one.
QJsonObject cookieParam(const QJsonValue &value, const QUrl &url, QString *why)
{
    if (!value.isObject()) {
        *why = ToolkitCommands::tr("each cookie must be an object {name, value, …}");
        return {};
    }
    const QJsonObject in = value.toObject();
    const QString name = in.value(u"name"_s).toString();
    if (name.isEmpty() || !in.value(u"value"_s).isString()) {
        *why = ToolkitCommands::tr("each cookie needs a name and a value (text)");
        return {};
    }
    QJsonObject out { { u"name"_s, name }, { u"value"_s, in.value(u"value"_s) } };
    const QString host = url.host().toLower();
    if (in.contains(u"domain"_s)) {
        QString domain = in.value(u"domain"_s).toString().toLower();
        const QString bare = domain.startsWith(u'.') ? domain.mid(1) : domain;
        // Only the page's own host or a domain above it, never a bare suffix such as "com".
        if (bare.isEmpty() || !bare.contains(u'.') || (host != bare && !host.endsWith(u'.' + bare))) {
            *why = ToolkitCommands::tr("the cookie %1's domain %2 is not %3 or a domain above it")
                       .arg(name, domain, host);
            return {};
        }
        out.insert(u"domain"_s, domain);
        out.insert(u"path"_s, in.value(u"path"_s).toString(u"/"_s));
        out.insert(u"secure"_s, in.value(u"secure"_s).toBool(url.scheme() == u"https"_s));
    } else {
        out.insert(u"url"_s, url.toString());
        if (in.contains(u"path"_s))
            out.insert(u"path"_s, in.value(u"path"_s).toString());
        if (in.contains(u"secure"_s))
            out.insert(u"secure"_s, in.value(u"secure"_s).toBool());
    }
    if (in.contains(u"httpOnly"_s))
        out.insert(u"httpOnly"_s, in.value(u"httpOnly"_s).toBool());
    if (const QString sameSite = in.value(u"sameSite"_s).toString(); !sameSite.isEmpty()) {
        if (!QStringList { u"Strict"_s, u"Lax"_s, u"None"_s }.contains(sameSite)) {
            *why = ToolkitCommands::tr("the cookie %1's sameSite must be Strict, Lax or None").arg(name);
            return {};
        }
        out.insert(u"sameSite"_s, sameSite);
    }
    if (const double expires = in.value(u"expires"_s).toDouble(-1); expires > 0)
        out.insert(u"expires"_s, expires);
    return out;
}
} // namespace

QString ToolkitCommands::contextOfTab(const QString &targetId) const
{
    const CdpSession *session = m_endpoint->sessionForTarget(targetId);
    return session ? session->targetInfo().browserContextId : QString();
}

bool ToolkitCommands::inOwnContext(const CommandCaller &caller, const QString &targetId) const
{
    const QString context = m_router->registry().contextOf(caller);
    return !context.isEmpty() && contextOfTab(targetId) == context;
}

void ToolkitCommands::setStorageFolder(const QString &folder)
{
    m_storage = folder;
}

void ToolkitCommands::disposeContextOf(const CommandCaller &caller, CommandReply done)
{
    const QString context = m_router->registry().contextOf(caller);
    if (context.isEmpty()) {
        return done(CommandResult::failure(
            tr("you have no isolated context (context {\"action\": \"new\"} makes one)"),
            ErrorKind::Conflict));
    }
    // Its tabs go with it.
    QStringList closed;
    for (const QString &tab : m_router->registry().ownedBy(caller)) {
        if (contextOfTab(tab) == context)
            closed.append(tab);
    }
    m_router->setContext(caller, {});
    m_endpoint->sendToBrowser(
        u"Target.disposeBrowserContext"_s, { { u"browserContextId"_s, context } }, this,
        [this, context, closed, done = std::move(done)](const CdpResult &result) {
            if (!result.ok()) {
                qCWarning(lcServer).noquote() << "agents: the isolated context" << context
                                              << "could not be closed:" << result.error.toString();
                return done(CommandResult::failure(
                    tr("the isolated context could not be closed: %1").arg(result.error.toString()),
                    ErrorKind::Internal));
            }
            for (const QString &tab : closed)
                m_router->forgetClosed(tab);
            done(CommandResult::success(QJsonObject {
                { u"closed"_s, context }, { u"tabsClosed"_s, QJsonArray::fromStringList(closed) } }));
        });
}

void ToolkitCommands::registerSiteData()
{
    add(u"context"_s,
        tr("An isolated browser profile of your own (new), or closing it with its tabs (close): your new "
           "tabs open there, with cookies and storage apart from the user's; gone when you disconnect"),
        [this](CommandParams &p, const CommandCaller &caller, CommandReply reply) {
            const QString action = p.choice(u"action"_s, { u"new"_s, u"close"_s });
            if (!paramsOk(p, reply))
                return;
            const QString context = m_router->registry().contextOf(caller);
            if (action == u"new"_s) {
                if (!context.isEmpty())
                    return reply(CommandResult::success(
                        QJsonObject { { u"context"_s, context }, { u"created"_s, false } }));
                return m_endpoint->sendToBrowser(
                    u"Target.createBrowserContext"_s, { { u"disposeOnDetach"_s, true } }, this,
                    [this, caller, reply](const CdpResult &result) {
                        const QString id = result.result.value(u"browserContextId"_s).toString();
                        if (!result.ok() || id.isEmpty())
                            return reply(CommandResult::failure(
                                tr("this browser gives no isolated context: %1").arg(result.error.toString()),
                                ErrorKind::Unavailable));
                        m_router->setContext(caller, id);
                        reply(CommandResult::success(
                            QJsonObject { { u"context"_s, id },
                                          { u"created"_s, true },
                                          { u"note"_s,
                                            tr("your new tabs (open, tab new) open in it; its cookies and "
                                               "storage are yours alone and need no one's consent") } }));
                    });
            }
            disposeContextOf(caller, std::move(reply));
        });

    addTabCommand(
        u"cookies"_s,
        tr("The cookies the tab's site gets, HttpOnly ones too (get), setting or clearing them; outside your "
           "isolated context the user allows it site by site"),
        [this](CommandParams &p, PageController *tab, const CommandCaller &caller,
               const CommandReply &reply) {
            const QString action
                = p.has(u"action"_s) ? p.choice(u"action"_s, { u"get"_s, u"set"_s, u"clear"_s }) : u"get"_s;
            const QString address = p.string(u"url"_s);
            const QString only = p.string(u"name"_s);
            const QJsonArray given = p.raw().value(u"cookies"_s).toArray();
            if (!paramsOk(p, reply))
                return;
            const QUrl url = address.isEmpty() ? QUrl(tab->url()) : QUrl(address, QUrl::StrictMode);
            if (!isWebUrl(url))
                return reply(CommandResult::failure(
                    address.isEmpty()
                        ? tr("the tab shows %1, which has no cookies: open an http(s) page or give url")
                              .arg(tab->url())
                        : tr("params.url must be an http(s) address"),
                    ErrorKind::BadInput));
            QList<QJsonObject> params;
            if (action == u"set"_s) {
                if (given.isEmpty() || given.size() > 100)
                    return reply(CommandResult::failure(tr("set needs params.cookies: 1 to 100 cookies"),
                                                        ErrorKind::BadInput));
                for (const QJsonValue &value : given) {
                    QString why;
                    const QJsonObject param = cookieParam(value, url, &why);
                    if (param.isEmpty())
                        return reply(CommandResult::failure(why, ErrorKind::BadInput));
                    params.append(param);
                }
            }
            QPointer<CdpSession> session = tab->session();
            const auto act = [this, session, action, url, only, params, reply](const CommandResult &allowed) {
                if (!allowed.ok)
                    return reply(allowed);
                if (!session)
                    return reply(CommandResult::failure(tr("the tab closed"), ErrorKind::Conflict));
                if (action == u"set"_s) {
                    QJsonArray cookies;
                    for (const QJsonObject &param : params)
                        cookies.append(param);
                    return session->send(
                        u"Network.setCookies"_s, { { u"cookies"_s, cookies } }, this,
                        [reply, count = params.size(), url](const CdpResult &result) {
                            if (!result.ok())
                                return reply(CommandResult::failure(
                                    tr("the browser refused the cookies: %1").arg(result.error.toString()),
                                    ErrorKind::BadInput));
                            reply(CommandResult::success(
                                QJsonObject { { u"set"_s, count }, { u"url"_s, url.toString() } }));
                        });
                }
                session->send(
                    u"Network.getCookies"_s, { { u"urls"_s, QJsonArray { url.toString() } } }, this,
                    [this, session, action, url, only, reply](const CdpResult &result) {
                        if (!result.ok())
                            return reply(CommandResult::failure(
                                tr("the cookies could not be read: %1").arg(result.error.toString()),
                                ErrorKind::Internal));
                        QJsonArray cookies;
                        for (const QJsonValue &value : result.result.value(u"cookies"_s).toArray()) {
                            const QJsonObject cookie = value.toObject();
                            if (only.isEmpty() || cookie.value(u"name"_s).toString() == only)
                                cookies.append(cookieOut(cookie));
                        }
                        if (action == u"get"_s) {
                            return reply(
                                CommandResult::success(QJsonObject { { u"url"_s, url.toString() },
                                                                     { u"cookies"_s, cookies },
                                                                     { u"count"_s, cookies.size() } }));
                        }
                        if (!session)
                            return reply(CommandResult::failure(tr("the tab closed"), ErrorKind::Conflict));
                        const auto cleared = [reply, url, count = cookies.size()] {
                            reply(CommandResult::success(
                                QJsonObject { { u"cleared"_s, count }, { u"url"_s, url.toString() } }));
                        };
                        if (cookies.isEmpty())
                            return cleared();
                        // Commands on one session are answered in order: the last delete's answer
                        // comes after all of them.
                        for (qsizetype i = 0; i < cookies.size(); ++i) {
                            const QJsonObject cookie = cookies.at(i).toObject();
                            const bool last = i + 1 == cookies.size();
                            session->send(u"Network.deleteCookies"_s,
                                          { { u"name"_s, cookie.value(u"name"_s) },
                                            { u"domain"_s, cookie.value(u"domain"_s) },
                                            { u"path"_s, cookie.value(u"path"_s) } },
                                          this, [last, cleared](const CdpResult &) {
                                              if (last)
                                                  cleared();
                                          });
                        }
                    });
            };
            if (TabRegistry::isUnrestricted(caller) || inOwnContext(caller, tab->targetId()))
                return act(CommandResult::success());
            m_consent->requestSiteData(caller, TabConsent::siteOf(url), act);
        });

    add(u"storage"_s,
        tr("Saves the cookies, localStorage and sessionStorage of your tabs' sites under a name, loads such "
           "a state again (a signed-in session), or lists the saved ones; outside your isolated context the "
           "user allows it site by site"),
        [this](CommandParams &p, const CommandCaller &caller, const CommandReply &reply) {
            const QString action = p.choice(u"action"_s, { u"save"_s, u"load"_s, u"list"_s });
            const QString name = p.string(u"name"_s);
            if (!paramsOk(p, reply))
                return;
            if (m_storage.isEmpty())
                return reply(
                    CommandResult::failure(tr("no folder for saved states is set"), ErrorKind::Unavailable));
            if (action == u"list"_s) {
                QJsonArray states;
                const QFileInfoList files
                    = QDir(m_storage).entryInfoList({ u"*.json"_s }, QDir::Files, QDir::Name);
                for (const QFileInfo &file : files)
                    states.append(QJsonObject { { u"name"_s, file.completeBaseName() },
                                                { u"bytes"_s, file.size() },
                                                { u"saved"_s, file.lastModified().toString(Qt::ISODate) } });
                return reply(CommandResult::success(QJsonObject { { u"states"_s, states } }));
            }
            static const QRegularExpression valid(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"_s);
            if (!valid.match(name).hasMatch() || name.endsWith(u".json"_s))
                return reply(CommandResult::failure(tr("params.name must be 1–64 letters, digits, '.', '_' "
                                                       "or '-' (no folders), e.g. \"github\""),
                                                    ErrorKind::BadInput));
            const QString path = m_storage + u'/' + name + u".json"_s;
            if (action == u"save"_s)
                return saveState(caller, path, name, reply);
            loadState(caller, path, name, reply);
        });
}

} // namespace mpa
