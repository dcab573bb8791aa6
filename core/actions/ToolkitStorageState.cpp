// The toolkit's storage states (Playwright MCP's storageState):
//   storage {action: save|load|list, name?}
//                                cookies + localStorage + sessionStorage of the agent's tabs'
//                                origins, as a file in the app's data folder (owner-only).
// The verb itself is registered with the other site-data verbs (ToolkitSiteData.cpp); its consent
// is theirs: in the agent's own isolated context nothing is asked, anywhere else every site whose
// sign-ins are read or written is asked for on its own (TabConsent's requestSiteData).

#include "SiteDataShapes.h"
#include "TabConsent.h"
#include "TabRegistry.h"
#include "TabRouter.h"
#include "ToolkitCommands.h"
#include "ToolkitParams.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "common/PrivateFolder.h"
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

constexpr qint64 kMaxStateBytes = qint64(10) * 1024 * 1024;
constexpr int kMaxCookies = 3000; // Chromium keeps about this many per profile

// The site a cookie's domain belongs to ("example.com" for ".example.com").
QString cookieSite(const QJsonObject &cookie)
{
    QString domain = cookie.value(u"domain"_s).toString().toLower();
    while (domain.startsWith(u'.'))
        domain.remove(0, 1);
    return domain;
}
// Reads or writes a tab's localStorage and sessionStorage, in the page (the storage is the
// page's own; a page that lies about it lies about its own data).
const auto kReadStorage = uR"JS((() => {
  const read = (s) => { const out = []; for (let i = 0; i < s.length; ++i) { const k = s.key(i); out.push({ name: k, value: s.getItem(k) }); } return out; };
  return { origin: location.origin, localStorage: read(localStorage), sessionStorage: read(sessionStorage) };
})())JS"_s;

QString writeStorage(const QJsonObject &origin)
{
    return uR"JS(((state) => {
  for (const { name, value } of state.localStorage || []) localStorage.setItem(name, value);
  for (const { name, value } of state.sessionStorage || []) sessionStorage.setItem(name, value);
  return (state.localStorage || []).length + (state.sessionStorage || []).length;
})(%1))JS"_s.arg(QString::fromUtf8(QJsonDocument(origin).toJson(QJsonDocument::Compact)));
}
// Asks for each site in turn (the first refusal ends it), or grants them all for the user's
// own tools and inside the agent's own context.
void askSites(TabConsent *consent, const CommandCaller &caller, QStringList sites, CommandReply done)
{
    if (sites.isEmpty())
        return done(CommandResult::success());
    const QString site = sites.takeFirst();
    consent->requestSiteData(caller, site,
                             [consent, caller, sites, done](const CommandResult &result) mutable {
                                 if (!result.ok)
                                     return done(result);
                                 askSites(consent, caller, std::move(sites), std::move(done));
                             });
}
} // namespace

// ---- storage save ----------------------------------------------------------------------------

namespace {

struct Collected
{
    QJsonArray cookies;
    QJsonArray origins;
    int waiting = 0; // answers still to come
    QStringList problems;
};

} // namespace

void ToolkitCommands::saveState(const CommandCaller &caller, const QString &path, const QString &name,
                                const CommandReply &reply)
{
    const QString context = m_router->registry().contextOf(caller);
    QStringList tabs = TabRegistry::isUnrestricted(caller)
        ? (currentTab(caller).isEmpty() ? QStringList() : QStringList { currentTab(caller) })
        : m_router->registry().ownedBy(caller);
    // In an isolated context its tabs are the state; else the web tabs the agent holds.
    const bool isolated = !context.isEmpty();
    QStringList pages; // the tabs whose storage is read
    QStringList sites;
    QStringList urls;
    for (const QString &tab : std::as_const(tabs)) {
        CdpSession *session = m_endpoint->sessionForTarget(tab);
        if (!session || (isolated && session->targetInfo().browserContextId != context))
            continue;
        const QUrl url(session->targetInfo().url);
        if (!isWebUrl(url))
            continue;
        pages.append(tab);
        urls.append(url.toString());
        if (const QString site = TabConsent::siteOf(url); !sites.contains(site))
            sites.append(site);
    }
    if (pages.isEmpty())
        return reply(CommandResult::failure(
            isolated ? tr("none of your tabs in your isolated context shows a web page: nothing to save")
                     : tr("none of your tabs shows a web page: nothing to save"),
            ErrorKind::Conflict));
    const auto collect = [this, caller, path, name, isolated, context, pages, urls,
                          reply](const CommandResult &allowed) {
        if (!allowed.ok)
            return reply(allowed);
        auto state = std::make_shared<Collected>();
        const auto finish = [this, state, path, name, isolated, caller, reply] {
            if (--state->waiting > 0)
                return;
            if (!state->problems.isEmpty())
                return reply(CommandResult::failure(
                    tr("the state could not be read: %1").arg(state->problems.join(u"; "_s)),
                    ErrorKind::Internal));
            const QJsonObject file { { u"version"_s, 1 },
                                     { u"isolated"_s, isolated },
                                     { u"savedBy"_s, caller.displayName() },
                                     { u"savedAt"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODate) },
                                     { u"cookies"_s, state->cookies },
                                     { u"origins"_s, state->origins } };
            const QByteArray bytes = QJsonDocument(file).toJson(QJsonDocument::Indented);
            if (bytes.size() > kMaxStateBytes)
                return reply(CommandResult::failure(tr("the state is %1 MiB, more than the 10 MiB kept")
                                                        .arg(bytes.size() / (qsizetype(1024) * 1024)),
                                                    ErrorKind::TooLarge));
            if (!makePrivateFolder(m_storage))
                return reply(CommandResult::failure(tr("the folder %1 cannot be made").arg(m_storage),
                                                    ErrorKind::Internal));
            QSaveFile out(path);
            if (!out.open(QIODevice::WriteOnly) || !out.setPermissions(QFile::ReadOwner | QFile::WriteOwner)
                || out.write(bytes) != bytes.size() || !out.commit())
                return reply(CommandResult::failure(
                    tr("%1 cannot be written: %2").arg(path, out.errorString()), ErrorKind::Internal));
            qCInfo(lcServer).noquote()
                << "agents:" << caller.displayName() << "saved the storage state" << name << "("
                << state->cookies.size() << "cookies," << state->origins.size() << "origins)";
            reply(CommandResult::success(QJsonObject { { u"saved"_s, name },
                                                       { u"path"_s, path },
                                                       { u"cookies"_s, state->cookies.size() },
                                                       { u"origins"_s, state->origins.size() },
                                                       { u"isolated"_s, isolated } }));
        };
        state->waiting = int(pages.size()) + 2; // each tab's storage, the cookies, and the loop's end
        // The cookies: all of the isolated context's, or those the held tabs' addresses get.
        const CdpCallback cookiesRead = [state, finish](const CdpResult &result) {
            if (!result.ok())
                state->problems.append(result.error.toString());
            for (const QJsonValue &value : result.result.value(u"cookies"_s).toArray()) {
                if (state->cookies.size() < kMaxCookies)
                    state->cookies.append(cookieOut(value.toObject()));
            }
            finish();
        };
        if (isolated) {
            m_endpoint->sendToBrowser(u"Storage.getCookies"_s, { { u"browserContextId"_s, context } }, this,
                                      cookiesRead);
        } else if (CdpSession *first = m_endpoint->sessionForTarget(pages.constFirst())) {
            first->send(u"Network.getCookies"_s, { { u"urls"_s, QJsonArray::fromStringList(urls) } }, this,
                        cookiesRead);
        } else {
            state->problems.append(tr("the tab closed"));
            finish();
        }
        for (const QString &page : pages) {
            PageController *tab = controllerFor(page);
            if (!tab) {
                finish();
                continue;
            }
            tab->evaluate(kReadStorage, [state, finish](const CommandResult &read) {
                const QJsonObject value = read.data.toObject().value(u"value"_s).toObject();
                if (!value.isEmpty()) {
                    // Two tabs of one origin: one entry, the later tab's session storage added.
                    bool merged = false;
                    for (qsizetype i = 0; i < state->origins.size() && !merged; ++i) {
                        QJsonObject known = state->origins.at(i).toObject();
                        if (known.value(u"origin"_s) == value.value(u"origin"_s)) {
                            merged = true;
                            QJsonArray session = known.value(u"sessionStorage"_s).toArray();
                            for (const QJsonValue &item : value.value(u"sessionStorage"_s).toArray())
                                session.append(item);
                            known.insert(u"sessionStorage"_s, session);
                            state->origins.replace(i, known);
                        }
                    }
                    if (!merged)
                        state->origins.append(value);
                }
                // A page with no storage to read (an opaque origin) is not a failure.
                finish();
            });
        }
        finish(); // the extra count: the replies may come at once
    };
    if (TabRegistry::isUnrestricted(caller) || isolated)
        return collect(CommandResult::success());
    askSites(m_consent, caller, sites, collect);
}

// ---- storage load ----------------------------------------------------------------------------

void ToolkitCommands::loadState(const CommandCaller &caller, const QString &path, const QString &name,
                                const CommandReply &reply)
{
    QFile in(path);
    if (!in.exists()) {
        QStringList saved;
        for (const QFileInfo &file : QDir(m_storage).entryInfoList({ u"*.json"_s }, QDir::Files, QDir::Name))
            saved.append(file.completeBaseName());
        return reply(
            CommandResult::failure(tr("no state is saved as %1 (saved: %2)")
                                       .arg(name, saved.isEmpty() ? tr("none") : saved.join(u", "_s)),
                                   ErrorKind::NotFound));
    }
    if (in.size() > kMaxStateBytes || !in.open(QIODevice::ReadOnly))
        return reply(CommandResult::failure(tr("the state %1 cannot be read: %2").arg(name, in.errorString()),
                                            ErrorKind::Internal));
    QJsonParseError error;
    const QJsonObject state = QJsonDocument::fromJson(in.readAll(), &error).object();
    if (error.error != QJsonParseError::NoError || state.value(u"version"_s).toInt() != 1)
        return reply(CommandResult::failure(
            tr("%1 is not a storage state this app saved (%2)")
                .arg(path,
                     error.error != QJsonParseError::NoError ? error.errorString() : tr("no version 1")),
            ErrorKind::Unusable));
    const QString context = m_router->registry().contextOf(caller);
    QJsonArray cookies;
    QStringList sites;
    for (const QJsonValue &value : state.value(u"cookies"_s).toArray()) {
        QJsonObject cookie = cookieOut(value.toObject());
        if (cookie.value(u"name"_s).toString().isEmpty() || cookieSite(cookie).isEmpty())
            continue;
        if (cookie.value(u"expires"_s).toDouble() <= 0)
            cookie.remove(u"expires"_s);
        if (const QString site = cookieSite(cookie); !sites.contains(site))
            sites.append(site);
        cookies.append(cookie);
    }
    const QJsonArray origins = state.value(u"origins"_s).toArray();
    for (const QJsonValue &origin : origins) {
        const QString site = TabConsent::siteOf(QUrl(origin.toObject().value(u"origin"_s).toString()));
        if (!site.isEmpty() && !sites.contains(site))
            sites.append(site);
    }
    // A state saved from an isolated context holds nothing of the user's: loading it into the
    // agent's own context asks nobody. Anything else carries or plants the user's sign-ins.
    const bool free
        = TabRegistry::isUnrestricted(caller) || (!context.isEmpty() && state.value(u"isolated"_s).toBool());
    const auto apply = [this, caller, context, cookies, origins, name, reply](const CommandResult &allowed) {
        if (!allowed.ok)
            return reply(allowed);
        QJsonObject params { { u"cookies"_s, cookies } };
        if (!context.isEmpty())
            params.insert(u"browserContextId"_s, context);
        m_endpoint->sendToBrowser(
            u"Storage.setCookies"_s, params, this,
            [this, caller, context, cookies, origins, name, reply](const CdpResult &result) {
                if (!result.ok())
                    return reply(CommandResult::failure(
                        tr("the browser refused the state's cookies: %1").arg(result.error.toString()),
                        ErrorKind::BadInput));
                // Storage goes into the agent's open tabs of each origin; the others are named. The
                // answer waits for every write.
                QList<QPair<QString, QJsonObject>> writes; // tab, origin
                QJsonArray applied;
                QJsonArray notOpen;
                for (const QJsonValue &value : origins) {
                    const QJsonObject origin = value.toObject();
                    const QString wanted = origin.value(u"origin"_s).toString();
                    bool found = false;
                    for (const QString &tab : m_router->tabsOf(caller)) {
                        const CdpSession *session = m_endpoint->sessionForTarget(tab);
                        if (!session
                            || (!context.isEmpty() && session->targetInfo().browserContextId != context))
                            continue;
                        const QUrl url(session->targetInfo().url);
                        if (url.scheme() + u"://"_s + url.authority() != wanted)
                            continue;
                        found = true;
                        writes.append({ tab, origin });
                    }
                    (found ? applied : notOpen).append(wanted);
                }
                QJsonObject data { { u"loaded"_s, name },
                                   { u"cookies"_s, cookies.size() },
                                   { u"origins"_s, applied } };
                if (!notOpen.isEmpty()) {
                    data.insert(u"notOpen"_s, notOpen);
                    data.insert(u"note"_s,
                                tr("local and session storage go into an open tab of their origin: open "
                                   "one and load again for those named in notOpen"));
                }
                auto waiting = std::make_shared<qsizetype>(writes.size() + 1);
                auto problems = std::make_shared<QStringList>();
                const auto written = [waiting, problems, data, reply](const CommandResult &result) {
                    if (!result.ok)
                        problems->append(result.error);
                    if (--*waiting > 0)
                        return;
                    if (!problems->isEmpty())
                        return reply(CommandResult::failure(
                            tr("the state's storage could not be written: %1").arg(problems->join(u"; "_s)),
                            ErrorKind::Internal));
                    reply(CommandResult::success(data));
                };
                for (const auto &[tab, origin] : std::as_const(writes)) {
                    if (PageController *page = controllerFor(tab))
                        page->evaluate(writeStorage(origin), written);
                    else
                        written(CommandResult::failure(tr("the tab closed"), ErrorKind::Conflict));
                }
                written(CommandResult::success()); // the loop's end: the writes may answer at once
            });
    };
    if (free)
        return apply(CommandResult::success());
    askSites(m_consent, caller, sites, apply);
}

} // namespace mpa
