#include "CdpSource.h"

#include "CdpConnection.h"
#include "CdpDiscovery.h"
#include "WebSocketTransport.h"
#include "common/ClockTimer.h"
#include "common/SystemClock.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kHttpTimeoutMs = 3000;
constexpr qint64 kRetryNoticeEveryMs = 30000;

QJsonObject autoAttachParams(bool withFilter)
{
    QJsonObject params {
        { u"autoAttach"_s, true },
        { u"waitForDebuggerOnStart"_s, false },
        { u"flatten"_s, true },
    };
    if (withFilter) {
        // Only what the engine works with; browser UI, workers and tabs stay unattached.
        params.insert(u"filter"_s,
                      QJsonArray {
                          QJsonObject { { u"type"_s, u"page"_s } },
                          QJsonObject { { u"type"_s, u"iframe"_s } },
                          QJsonObject { { u"type"_s, u"webview"_s } },
                      });
    }
    return params;
}

QString describeTarget(const CdpTargetInfo &info)
{
    // Before a page has loaded Chromium reports its URL (without the scheme) as the title.
    const bool noTitle = info.title.isEmpty() || info.url.endsWith(info.title);
    const QString title = noTitle ? QString() : u"'"_s + info.title + u"' "_s;
    return info.type + u' ' + title + u'(' + info.url + u')';
}

} // namespace

CdpSource::CdpSource(QObject *parent, Clock *clock)
    : QObject(parent)
    , m_clock(clock ? clock : new SystemClock(this))
    , m_retryTimer(new ClockTimer(m_clock, this))
    , m_listTimer(new ClockTimer(m_clock, this))
{
    m_network.setProxy(QNetworkProxy::NoProxy);
    connect(m_retryTimer, &ClockTimer::timeout, this, &CdpSource::discover);
    connect(m_listTimer, &ClockTimer::timeout, this, [this] {
        m_listTimer->start(kListPoll);
        refreshTargetList();
    });
    m_transportFactory = [this] {
        auto *transport = new WebSocketTransport;
        if (m_remote && !m_remote->headerName.isEmpty())
            transport->setHeader(m_remote->headerName, m_remote->headerValue);
        return transport;
    };
}

CdpSource::~CdpSource()
{
    m_running = false;
    for (const auto &reply : std::as_const(m_replies)) {
        if (reply)
            reply->abort();
    }
    // Sessions are children of this object; the connections go with their links.
    for (auto &link : m_links) {
        link->connection->disconnect(this);
        delete link->connection;
    }
}

QString CdpSource::address() const
{
    if (m_remote)
        return m_remote->display();
    return m_host + u':' + QString::number(m_port);
}

QString CdpSource::describe(const CdpTargetInfo &info) const
{
    // With several endpoints, each line names the one its page belongs to.
    return m_namedInLog ? describeTarget(info) + u" at "_s + address() : describeTarget(info);
}

QString CdpSource::nameOf(const QString &host, quint16 port, const std::optional<CdpRemote> &remote)
{
    if (remote)
        return remote->url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment)
            .toString();
    return (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
}

void CdpSource::stopAsDuplicateOf(const QString &other)
{
    qCInfo(lcCdp).noquote() << u"%1 reaches the same browser as %2: attached once, through %2"_s.arg(
        address(), other);
    stop();
    m_duplicateOf = other;
    m_lastError = u"the same browser as %1 (attached once, through %1)"_s.arg(other);
}

void CdpSource::setAddress(const QString &host, quint16 port)
{
    if (host == m_host && port == m_port)
        return;
    m_host = host;
    m_port = port;
    if (m_running) {
        stop();
        start();
    }
}

void CdpSource::setRemote(const std::optional<CdpRemote> &remote)
{
    if (m_remote) {
        for (const QString &secret : m_remote->secrets())
            Logging::removeSecret(secret);
    }
    m_remote = remote;
    if (m_remote) {
        for (const QString &secret : m_remote->secrets())
            Logging::addSecret(secret);
    }
    m_previousTargets.clear();
    m_lostBrowser = false;
    if (m_running) {
        stop();
        start();
    }
}

void CdpSource::setRetryDelays(std::chrono::milliseconds initial, std::chrono::milliseconds maximum)
{
    m_initialDelay = initial;
    m_maxDelay = maximum;
    m_nextDelay = initial;
}

void CdpSource::start()
{
    if (m_running)
        return;
    m_running = true;
    m_refusedForGood = false;
    m_duplicateOf.clear();
    m_failedAttempts = 0;
    m_nextDelay = m_initialDelay;
    qCInfo(lcCdp).noquote() << "looking for a browser at" << address();
    discover();
}

void CdpSource::stop()
{
    if (!m_running && m_links.empty())
        return;
    m_running = false;
    ++m_generation;
    m_retryTimer->stop();
    m_listTimer->stop();
    for (const auto &reply : std::as_const(m_replies)) {
        if (reply)
            reply->abort();
    }
    m_replies.clear();
    closeAllLinks(u"stopped"_s);
    setState(State::Stopped);
}

void CdpSource::connectToBrowser(const QUrl &browserWebSocketUrl)
{
    m_running = true;
    ++m_generation;
    setState(State::Connecting);
    openLink(browserWebSocketUrl, true, {});
}

void CdpSource::retryNow()
{
    if (!m_running || m_state == State::Connected)
        return;
    // A remote's socket already opening: another would get another browser from some services.
    if (m_remote && m_remote->isWebSocket() && m_state == State::Connecting)
        return;
    m_retryTimer->stop();
    discover();
}

void CdpSource::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    if (state != State::Connected)
        setTargetsKnown(false);
    Q_EMIT stateChanged(state);
}

void CdpSource::setTargetsKnown(bool known)
{
    if (m_targetsKnown == known)
        return;
    m_targetsKnown = known;
    Q_EMIT targetsKnownChanged(known);
}

QNetworkReply *CdpSource::get(const QString &path)
{
    QUrl url;
    if (m_remote) {
        url = m_remote->httpUrl(path);
    } else {
        url.setScheme(u"http"_s);
        url.setHost(m_host);
        url.setPort(m_port);
        url.setPath(path);
    }
    QNetworkRequest request(url);
    if (m_remote && !m_remote->headerName.isEmpty())
        request.setRawHeader(m_remote->headerName, m_remote->headerValue);
    request.setTransferTimeout(kHttpTimeoutMs);
    QNetworkReply *reply = m_network.get(request);
    m_replies.removeAll(nullptr);
    m_replies.append(reply);
    return reply;
}

void CdpSource::discover()
{
    if (!m_running)
        return;
    if (m_state != State::Retrying)
        setState(State::Connecting);
    ++m_generation;
    if (m_remote && m_remote->isWebSocket()) {
        // The browser-level socket as given: /json/* of such services may be missing or
        // answer for another browser than the one this socket gets.
        m_perTargetMode = false;
        openLink(m_remote->url, true, {});
        return;
    }
    fetch(u"/json/version"_s, &CdpSource::onVersionReply);
}

void CdpSource::fetch(const QString &path, void (CdpSource::*handle)(QNetworkReply *))
{
    const quint64 generation = m_generation;
    QNetworkReply *reply = get(path);
    connect(reply, &QNetworkReply::finished, this, [this, reply, generation, handle] {
        reply->deleteLater();
        if (generation == m_generation && m_running)
            (this->*handle)(reply);
    });
}

void CdpSource::onVersionReply(QNetworkReply *reply)
{
    if (reply->error() != QNetworkReply::NoError) {
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        connectionFailed(describeFailure(reply), CdpRemote::refusesForGood(status));
        return;
    }
    QString problem;
    const std::optional<CdpVersionInfo> version = CdpDiscovery::parseVersion(reply->readAll(), &problem);
    if (!version) {
        connectionFailed(
            m_remote ? u"it answers HTTP but is not a browser's debugging endpoint (%1)"_s.arg(problem)
                     : problem,
            true);
        return;
    }
    m_browserVersion = version->browser;
    setUserAgent(version->userAgent);
    if (version->browserLevel()) {
        m_perTargetMode = false;
        const QUrl url(version->webSocketDebuggerUrl);
        openLink(m_remote ? m_remote->withToken(url) : rewriteToAddress(url), true, {});
        return;
    }
    // No browser-level target: serve each page through its own socket.
    qCInfo(lcCdp).noquote() << address()
                            << "offers no browser-level target; attaching to each page separately";
    m_perTargetMode = true;
    refreshTargetList();
}

void CdpSource::refreshTargetList()
{
    if (!m_running)
        return;
    fetch(u"/json/list"_s, &CdpSource::onListReply);
}

void CdpSource::onListReply(QNetworkReply *reply)
{
    if (reply->error() != QNetworkReply::NoError) {
        m_listTimer->stop();
        const QString reason = describeFailure(reply);
        closeAllLinks(reason);
        connectionFailed(reason);
        return;
    }
    QString problem;
    const std::optional<QList<CdpListEntry>> list = CdpDiscovery::parseList(reply->readAll(), &problem);
    if (!list) {
        m_listTimer->stop();
        closeAllLinks(problem);
        connectionFailed(problem);
        return;
    }
    if (m_state != State::Connected) {
        setState(State::Connected);
        m_failedAttempts = 0;
        m_nextDelay = m_initialDelay;
        qCInfo(lcCdp).noquote() << "connected to"
                                << (m_browserVersion.isEmpty() ? u"a browser"_s : m_browserVersion) << "at"
                                << address() << "(per-target mode)";
        Q_EMIT connected(m_browserVersion);
    }
    if (!m_listTimer->isActive())
        m_listTimer->start(kListPoll);
    QSet<QString> listed;
    for (const CdpListEntry &entry : *list) {
        const CdpTargetInfo &info = entry.info;
        listed.insert(info.targetId);
        const auto known = std::find_if(m_links.begin(), m_links.end(),
                                        [&info](const auto &l) { return l->targetId == info.targetId; });
        if (known != m_links.end()) {
            CdpSession *root = (*known)->sessions.value(QString());
            if (root && root->updateTargetInfo(info))
                Q_EMIT sessionInfoChanged(root);
            continue;
        }
        QString reason;
        if (!entry.attachable()) {
            qCDebug(lcCdp).noquote() << "skipping" << describe(info)
                                     << ": no webSocketDebuggerUrl (another debugger is attached)";
            continue;
        }
        if (!m_filter.accepts(info, &reason)) {
            qCDebug(lcCdp).noquote() << u"skipping %1: %2"_s.arg(describe(info), reason);
            continue;
        }
        const QUrl url(entry.webSocketDebuggerUrl);
        openLink(m_remote ? m_remote->withToken(url) : rewriteToAddress(url), false, info);
    }
    // Links whose target left the list close on their own; nothing to do here. The listed
    // targets' links are opening: as known as this mode gets.
    setTargetsKnown(true);
}

CdpSource::Link *CdpSource::openLink(const QUrl &url, bool browserLevel, const CdpTargetInfo &info)
{
    if (browserLevel) {
        const QString path = url.path();
        m_browserId = path.startsWith(u"/devtools/browser/"_s) ? path.section(u'/', -1) : QString();
    }
    auto link = std::make_unique<Link>();
    link->browserLevel = browserLevel;
    link->targetId = info.targetId;
    link->pendingInfo = info;
    link->connection = new CdpConnection(m_transportFactory());
    Link *raw = link.get();
    m_links.push_back(std::move(link));
    CdpConnection *connection = raw->connection;
    connect(connection, &CdpConnection::opened, this, [this, connection] {
        if (Link *l = linkOf(connection))
            onLinkOpened(l);
    });
    connect(connection, &CdpConnection::closed, this, [this, connection](const QString &reason) {
        if (Link *l = linkOf(connection))
            onLinkClosed(l, reason);
    });
    connect(connection, &CdpConnection::eventReceived, this,
            [this, connection](const QString &sessionId, const QString &method, const QJsonObject &params) {
                if (Link *l = linkOf(connection))
                    onLinkEvent(l, sessionId, method, params);
            });
    connection->open(url);
    return raw;
}

CdpSource::Link *CdpSource::linkOf(CdpConnection *connection) const
{
    for (const auto &link : m_links) {
        if (link->connection == connection)
            return link.get();
    }
    return nullptr;
}

void CdpSource::onLinkOpened(Link *link)
{
    if (link->browserLevel) {
        m_browserLevel = true;
        m_failedAttempts = 0;
        m_nextDelay = m_initialDelay;
        setState(State::Connected);
        qCInfo(lcCdp).noquote() << "connected to"
                                << (m_browserVersion.isEmpty() ? u"the browser"_s : m_browserVersion) << "at"
                                << address();
        if (m_remote)
            qCInfo(lcCdp).noquote() << u"keeping this one connection to %1 for the whole session (a remote "
                                       "service may give a fresh browser per connection)"_s.arg(address());
        Q_EMIT connected(m_browserVersion);
        if (m_userAgent.isEmpty()) { // connected without /json/version (connectToBrowser)
            link->connection->send(u"Browser.getVersion"_s, {}, {}, this, [this](const CdpResult &result) {
                if (result.ok())
                    setUserAgent(result.result.value(u"userAgent").toString());
            });
        }
        link->connection->send(u"Target.setDiscoverTargets"_s, { { u"discover"_s, true } });
        link->connection->send(u"Target.setAutoAttach"_s, autoAttachParams(true), {}, this,
                               [this](const CdpResult &result) {
                                   if (!result.ok())
                                       qCWarning(lcCdp).noquote() << "cannot watch the browser's targets:"
                                                                  << result.error.toString();
                                   // The browser attaches the targets already open before it
                                   // answers: their sessions exist now.
                                   if (m_state == State::Connected && m_browserLevel) {
                                       checkReplaced();
                                       setTargetsKnown(true);
                                   }
                               });
        return;
    }
    auto *session = new CdpSession(link->connection, QString(), link->pendingInfo, nullptr, this);
    registerSession(link, session);
}

void CdpSource::setUserAgent(const QString &userAgent)
{
    m_userAgent = userAgent;
    for (CdpSession *session : sessions())
        session->setBrowserUserAgent(userAgent);
}

void CdpSource::registerSession(Link *link, CdpSession *session)
{
    session->setBrowserUserAgent(m_userAgent);
    session->setEndpoint(name());
    link->sessions.insert(session->sessionId(), session);
    // Let this target's own out-of-process frames attach as sessions, too.
    session->send(u"Target.setAutoAttach"_s, autoAttachParams(false));
    if (session->isPage()) {
        if (link->pagesSeen.size() < 10000)
            link->pagesSeen.insert(session->targetId());
        qCInfo(lcCdp).noquote() << "attached to" << describe(session->targetInfo());
    } else
        qCDebug(lcCdp).noquote() << "attached to" << describe(session->targetInfo());
    Q_EMIT sessionAttached(session);
}

void CdpSource::onLinkClosed(Link *link, const QString &reason)
{
    const bool browserLevel = link->browserLevel;
    if (browserLevel && m_remote && m_state == State::Connected) {
        // Which pages it had (also those closed as the service went), to tell on return whether
        // the same browser is back.
        m_previousTargets = link->pagesSeen;
        m_lostBrowser = true;
    }
    for (const QString &id : link->sessions.keys())
        detachSession(link, id, reason);
    CdpConnection *connection = link->connection;
    std::erase_if(m_links, [link](const auto &l) { return l.get() == link; });
    connection->disconnect(this);
    connection->deleteLater();
    if (browserLevel) {
        m_browserLevel = false;
        if (m_state == State::Connected) {
            qCWarning(lcCdp).noquote() << u"lost the browser at %1: %2"_s.arg(address(), reason);
            Q_EMIT disconnected(reason);
        }
        connectionFailed(reason, connection->refusedForGood());
    }
}

void CdpSource::onLinkEvent(Link *link, const QString &sessionId, const QString &method,
                            const QJsonObject &params)
{
    if (method == u"Target.attachedToTarget"_s) {
        onAttached(link, sessionId, params);
        return;
    }
    if (method == u"Target.detachedFromTarget"_s) {
        detachSession(link, params.value(u"sessionId").toString(), u"detached from the target"_s);
        return;
    }
    if (method == u"Target.targetInfoChanged"_s || method == u"Target.targetCrashed"_s
        || method == u"Target.targetDestroyed"_s) {
        const QJsonObject infoJson = params.value(u"targetInfo").toObject();
        const QString targetId = infoJson.isEmpty() ? params.value(u"targetId").toString()
                                                    : infoJson.value(u"targetId").toString();
        for (auto &l : m_links) {
            for (const QString &id : l->sessions.keys()) {
                CdpSession *session = l->sessions.value(id);
                if (!session || session->targetId() != targetId)
                    continue;
                if (method == u"Target.targetInfoChanged"_s) {
                    if (session->updateTargetInfo(CdpTargetInfo::fromJson(infoJson)))
                        Q_EMIT sessionInfoChanged(session);
                } else if (method == u"Target.targetCrashed"_s) {
                    qCWarning(lcCdp).noquote() << u"%1 crashed (%2)"_s.arg(
                        describe(session->targetInfo()), params.value(u"status").toString());
                    session->markCrashed();
                } else {
                    detachSession(l.get(), id, u"the target was closed"_s);
                }
            }
        }
        return;
    }
    if (sessionId.isEmpty() && link->browserLevel)
        return; // other browser-level events are of no interest
    CdpSession *session = link->sessions.value(sessionId);
    if (!session) {
        ++m_unknownSessionEvents;
        qCDebug(lcCdp).noquote() << "dropping" << method << "for unknown session" << sessionId;
        return;
    }
    if (method == u"Inspector.detached"_s) {
        detachSession(link, sessionId, params.value(u"reason").toString());
        return;
    }
    if (method == u"Inspector.targetCrashed"_s) {
        session->markCrashed();
        return;
    }
    session->dispatchEvent(method, params);
}

void CdpSource::onAttached(Link *link, const QString &parentSessionId, const QJsonObject &params)
{
    const CdpTargetInfo info = CdpTargetInfo::fromJson(params.value(u"targetInfo").toObject());
    const QString sessionId = params.value(u"sessionId").toString();
    CdpSession *parent = link->sessions.value(parentSessionId);
    QString reason;
    if (!m_filter.accepts(info, &reason)) {
        qCDebug(lcCdp).noquote() << u"not attaching to %1: %2"_s.arg(describe(info), reason);
        link->connection->send(u"Target.detachFromTarget"_s, { { u"sessionId"_s, sessionId } },
                               parentSessionId);
        return;
    }
    auto *session = new CdpSession(link->connection, sessionId, info, parent, this);
    if (params.value(u"waitingForDebugger").toBool())
        session->send(u"Runtime.runIfWaitingForDebugger"_s);
    registerSession(link, session);
}

void CdpSource::detachSession(Link *link, const QString &sessionId, const QString &reason)
{
    CdpSession *session = link->sessions.value(sessionId);
    if (!session)
        return;
    // Frames of a departing page go first.
    for (const QString &id : link->sessions.keys()) {
        CdpSession *child = link->sessions.value(id);
        if (child && child->parentSession() == session)
            detachSession(link, id, reason);
    }
    link->sessions.remove(sessionId);
    if (session->isPage())
        qCInfo(lcCdp).noquote() << u"detached from %1: %2"_s.arg(describe(session->targetInfo()), reason);
    session->markDetached(reason);
    Q_EMIT sessionDetached(session);
    session->deleteLater();
}

void CdpSource::checkReplaced()
{
    if (!m_lostBrowser)
        return;
    m_lostBrowser = false;
    const QSet<QString> before = std::exchange(m_previousTargets, {});
    if (before.isEmpty())
        return;
    for (const CdpSession *session : pageSessions()) {
        if (before.contains(session->targetId()))
            return; // the same browser came back
    }
    qCWarning(lcCdp).noquote()
        << u"the remote browser at %1 was replaced: its %2 page(s) are gone"_s.arg(address()).arg(
               before.size());
    Q_EMIT browserReplaced();
}

QString CdpSource::describeFailure(QNetworkReply *reply) const
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_remote && status == 404)
        return u"it answers HTTP but is not a browser's debugging endpoint (HTTP 404 for %1)"_s.arg(
            reply->url().path());
    if (m_remote) {
        const QString plain = CdpRemote::explainStatus(
            status, reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString());
        if (!plain.isEmpty())
            return plain;
        if (status >= 400 || reply->error() == QNetworkReply::ContentNotFoundError)
            return u"it answers HTTP but is not a browser's debugging endpoint (HTTP %1 for %2)"_s.arg(status)
                .arg(reply->url().path());
    }
    return reply->errorString();
}

void CdpSource::closeAllLinks(const QString &reason)
{
    auto links = std::move(m_links);
    m_links.clear();
    for (auto &link : links) {
        for (const QString &id : link->sessions.keys())
            detachSession(link.get(), id, reason);
        link->connection->disconnect(this);
        link->connection->close();
        link->connection->deleteLater();
    }
    if (m_browserLevel && m_state == State::Connected)
        Q_EMIT disconnected(reason);
    m_browserLevel = false;
}

void CdpSource::connectionFailed(const QString &reason, bool forGood)
{
    m_lastError = reason;
    if (!m_running)
        return;
    if (forGood && m_remote) {
        // The same request would be refused the same way: say so once and stop, rather than
        // knock with a wrong token forever (the service may count that as an attack).
        qCWarning(lcCdp).noquote() << u"cannot use the remote browser at %1 (%2); not trying again: "
                                      "correct the address or its credentials and start again."_s.arg(
                                          address(), reason);
        stop();
        m_refusedForGood = true;
        Q_EMIT refused(reason);
        return;
    }
    const qint64 now = m_clock->nowMs();
    ++m_failedAttempts;
    if (m_failedAttempts == 1 && m_remote) {
        qCWarning(lcCdp).noquote()
            << u"cannot use the remote browser at %1 (%2); retrying until it answers."_s.arg(address(),
                                                                                             reason);
        m_lastRetryNoticeMs = now;
    } else if (m_failedAttempts == 1) {
        qCWarning(lcCdp).noquote() << u"no browser answers at %1 (%2). Start the IDE or browser with "
                                      "--remote-debugging-port=%3; retrying until it appears."_s.arg(
                                          address(), reason, QString::number(m_port));
        m_lastRetryNoticeMs = now;
    } else if (now - m_lastRetryNoticeMs >= kRetryNoticeEveryMs) {
        qCInfo(lcCdp).noquote()
            << u"still no browser at %1 (%2); tried %3 times"_s.arg(address(), reason).arg(m_failedAttempts);
        m_lastRetryNoticeMs = now;
    } else {
        qCDebug(lcCdp).noquote() << u"no browser at %1: %2"_s.arg(address(), reason);
    }
    scheduleRetry();
}

void CdpSource::scheduleRetry()
{
    setState(State::Retrying);
    m_retryTimer->start(m_nextDelay);
    m_nextDelay = std::min(m_nextDelay * 2, m_maxDelay);
}

QUrl CdpSource::rewriteToAddress(const QUrl &url) const
{
    // Chromium builds these URLs from our Host header, but some embedders say "localhost",
    // which may resolve to ::1 where nothing listens: use the host we were given instead.
    auto isLoopback = [](const QString &host) {
        return host == u"localhost"_s || host.startsWith(u"127."_s) || host == u"::1"_s;
    };
    QUrl rewritten(url);
    if (rewritten.host().isEmpty() || (isLoopback(rewritten.host()) && isLoopback(m_host)))
        rewritten.setHost(m_host);
    if (rewritten.port() < 0)
        rewritten.setPort(m_port);
    return rewritten;
}

QList<CdpSession *> CdpSource::sessions() const
{
    QList<CdpSession *> result;
    for (const auto &link : m_links)
        result += link->sessions.values();
    return result;
}

QList<CdpSession *> CdpSource::pageSessions() const
{
    QList<CdpSession *> result;
    for (const auto &link : m_links) {
        for (CdpSession *session : std::as_const(link->sessions)) {
            if (session->isPage())
                result.append(session);
        }
    }
    return result;
}

CdpSession *CdpSource::sessionForTarget(const QString &targetId) const
{
    for (const auto &link : m_links) {
        for (CdpSession *session : std::as_const(link->sessions)) {
            if (session->targetId() == targetId)
                return session;
        }
    }
    return nullptr;
}

CdpConnection *CdpSource::browserConnection() const
{
    for (const auto &link : m_links) {
        if (link->browserLevel && link->connection->isOpen())
            return link->connection;
    }
    return nullptr;
}

void CdpSource::sendToBrowser(const QString &method, const QJsonObject &params, QObject *context,
                              CdpCallback callback, std::chrono::milliseconds timeout)
{
    if (CdpConnection *connection = browserConnection()) {
        connection->send(method, params, QString(), context, std::move(callback), timeout);
        return;
    }
    if (!callback)
        return;
    const CdpError error
        = CdpError::transport(method,
                              m_perTargetMode ? u"this endpoint has no browser-level target"_s
                                              : u"not connected to the browser at %1"_s.arg(address()));
    QTimer::singleShot(0, context ? context : this, [callback = std::move(callback), error] {
        callback({ {}, error });
    });
}

} // namespace mpa
