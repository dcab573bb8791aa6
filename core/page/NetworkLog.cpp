#include "NetworkLog.h"

#include "cdp/CdpSession.h"
#include "logging/LogCategories.h"

#include <QJsonObject>
#include <QTimer>
#include <QUrl>

#include <memory>
#include <utility>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString sizeText(qint64 bytes)
{
    if (bytes < 0)
        return {};
    if (bytes < 1024)
        return u"%1 B"_s.arg(bytes);
    if (bytes < qint64(1024) * 1024)
        return u"%1 kB"_s.arg(double(bytes) / 1024.0, 0, 'f', 1);
    return u"%1 MB"_s.arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 1);
}

// Adds `more` to `headers`; a name both have keeps the value of `headers` (header names differ
// in case between the two reports of one request: compared without it).
void merge(QJsonObject &headers, const QJsonObject &more)
{
    for (auto it = more.begin(); it != more.end(); ++it) {
        bool known = false;
        for (auto have = headers.begin(); have != headers.end() && !known; ++have)
            known = have.key().compare(it.key(), Qt::CaseInsensitive) == 0;
        if (!known)
            headers.insert(it.key(), it.value());
    }
}

// How many NetworkLogs watch each tab: Network.disable only when the last one stops.
QHash<const CdpSession *, int> &watchers()
{
    static QHash<const CdpSession *, int> counts;
    return counts;
}

} // namespace

QJsonObject NetworkEntry::toJson() const
{
    QJsonObject json { { u"id"_s, sequence }, { u"method"_s, method }, { u"url"_s, url },
                       { u"type"_s, type },   { u"status"_s, status }, { u"finished"_s, finished } };
    if (bytes >= 0)
        json.insert(u"bytes"_s, bytes);
    if (!error.isEmpty())
        json.insert(u"error"_s, error);
    if (!mimeType.isEmpty())
        json.insert(u"mimeType"_s, mimeType);
    if (startedMs > 0)
        json.insert(u"startedAt"_s, startedMs);
    if (tookMs >= 0)
        json.insert(u"ms"_s, qRound64(tookMs));
    return json;
}

QString NetworkEntry::line() const
{
    const QUrl parsed(url);
    QString path = parsed.path(QUrl::FullyEncoded);
    if (path.isEmpty())
        path = u"/"_s;
    if (parsed.hasQuery())
        path += u'?' + parsed.query(QUrl::FullyEncoded);
    // Read as a person would (and as the redactor must: "ada%40example.com" is an address too).
    path = QUrl::fromPercentEncoding(path.toUtf8());
    if (path.size() > 160)
        path = path.left(159) + u'…';
    QString outcome;
    if (!error.isEmpty())
        outcome = u"failed (%1)"_s.arg(error);
    else if (!finished && status == 0)
        outcome = u"no answer yet"_s;
    else {
        outcome = QString::number(status);
        const QString size = sizeText(bytes);
        if (!size.isEmpty())
            outcome += u", "_s + size;
    }
    return u"%1 %2 → %3"_s.arg(method, path, outcome);
}

NetworkLog::NetworkLog(CdpSession *session, QObject *parent, Scope scope, int maxEntries)
    : QObject(parent)
    , m_session(session)
    , m_scope(scope)
    , m_maxEntries(std::max(1, maxEntries))
{
    if (session)
        connect(session, &CdpSession::eventReceived, this, &NetworkLog::onEvent);
}

NetworkLog::~NetworkLog()
{
    stop();
}

void NetworkLog::start(const CommandReply &done)
{
    if (!m_session) {
        if (done)
            done(CommandResult::failure(u"the tab is gone"_s, ErrorKind::NotFound));
        return;
    }
    if (!m_watching)
        ++watchers()[m_session.data()];
    m_watching = true;
    // The bridge reads no bodies, only what was called: small buffers. The toolkit's `network get`
    // answers a body up to 1 MiB.
    const bool bodies = m_scope == Scope::All;
    m_session->send(u"Network.enable"_s,
                    { { u"maxTotalBufferSize"_s, bodies ? 16 * 1024 * 1024 : 1024 * 1024 },
                      { u"maxResourceBufferSize"_s, bodies ? 2 * 1024 * 1024 : 64 * 1024 } },
                    this, [done](const CdpResult &result) {
                        if (done)
                            done(result.error.isError()
                                     ? CommandResult::failure(result.error.message, ErrorKind::Upstream)
                                     : CommandResult::success());
                    });
}

void NetworkLog::stop()
{
    if (!m_watching)
        return;
    m_watching = false;
    if (!m_session)
        return;
    int &count = watchers()[m_session.data()];
    if (--count > 0)
        return;
    watchers().remove(m_session.data());
    if (m_session->isAttached())
        m_session->send(u"Network.disable"_s);
}

std::optional<NetworkEntry> NetworkLog::entry(qint64 sequence) const
{
    for (const NetworkEntry &kept : m_entries) {
        if (kept.sequence == sequence)
            return kept;
    }
    return std::nullopt;
}

void NetworkLog::whenHeadersWhole(qint64 sequence, std::chrono::milliseconds wait,
                                  const std::function<void()> &then)
{
    const auto whole = [this, sequence] {
        const std::optional<NetworkEntry> kept = entry(sequence);
        return !kept || !kept->responseExtraExpected || kept->responseExtraSeen;
    };
    if (whole())
        return then();
    // The timer is the wait's context: once finished (either way) it goes, and with it the other.
    auto *deadline = new QTimer(this);
    deadline->setSingleShot(true);
    auto finished = std::make_shared<bool>(false);
    const auto finish = [deadline, finished, then] {
        if (std::exchange(*finished, true))
            return;
        deadline->stop();
        deadline->deleteLater();
        then();
    };
    connect(deadline, &QTimer::timeout, this, finish);
    connect(this, &NetworkLog::responseExtraArrived, deadline, [whole, finish] {
        if (whole())
            finish();
    });
    deadline->start(wait);
}

void NetworkLog::body(const QString &requestId,
                      const std::function<void(const QString &body, bool base64, const QString &error)> &done)
{
    if (!m_session)
        return done({}, false, tr("the tab is gone"));
    m_session->send(u"Network.getResponseBody"_s, { { u"requestId"_s, requestId } }, this,
                    [done](const CdpResult &result) {
                        if (result.error.isError())
                            return done({}, false, result.error.message);
                        done(result.result.value(u"body").toString(),
                             result.result.value(u"base64Encoded").toBool(), {});
                    });
}

QList<NetworkEntry> NetworkLog::since(qint64 mark, int limit) const
{
    QList<NetworkEntry> out;
    for (const NetworkEntry &entry : m_entries) {
        if (entry.sequence > mark)
            out.append(entry);
    }
    if (limit > 0 && out.size() > limit)
        out = out.mid(out.size() - limit);
    return out;
}

int NetworkLog::pendingSince(qint64 mark) const
{
    int pending = 0;
    for (const NetworkEntry &entry : m_entries) {
        if (entry.sequence > mark && !entry.finished)
            ++pending;
    }
    return pending;
}

NetworkEntry *NetworkLog::find(const QString &requestId)
{
    for (auto it = m_entries.rbegin(); it != m_entries.rend(); ++it) {
        if (it->requestId == requestId)
            return &*it;
    }
    return nullptr;
}

void NetworkLog::onEvent(const QString &method, const QJsonObject &params)
{
    if (!m_watching || !method.startsWith(u"Network."_s))
        return;
    const QString requestId = params.value(u"requestId").toString();
    if (method == u"Network.requestWillBeSent"_s) {
        const QString type = params.value(u"type").toString();
        if (m_scope == Scope::Calls && type != u"XHR"_s && type != u"Fetch"_s) {
            m_earlyRequestHeaders.remove(requestId);
            m_earlyResponseHeaders.remove(requestId);
            return;
        }
        if (NetworkEntry *existing = find(requestId)) {
            // A redirect: the same request goes on to another address.
            existing->url = params.value(u"request").toObject().value(u"url").toString();
            return;
        }
        // A navigation of the tab's main frame (its document request: the loader's own id, in the
        // tab's frame) begins a new page.
        if (type == u"Document"_s && requestId == params.value(u"loaderId").toString() && m_session
            && params.value(u"frameId").toString() == m_session->targetId())
            m_documentMark = m_sequence;
        NetworkEntry entry;
        entry.sequence = ++m_sequence;
        entry.requestId = requestId;
        const QJsonObject request = params.value(u"request").toObject();
        entry.method = request.value(u"method").toString();
        entry.url = request.value(u"url").toString();
        entry.type = type;
        entry.requestHeaders = request.value(u"headers").toObject();
        // Extra info can come before the request itself (the network service sends it, not the
        // page, as puppeteer's NetworkEventManager queues it too): merged now.
        merge(entry.requestHeaders, m_earlyRequestHeaders.take(requestId));
        if (m_earlyResponseHeaders.contains(requestId)) {
            entry.responseHeaders = m_earlyResponseHeaders.take(requestId);
            entry.responseExtraSeen = true;
        }
        entry.startedMs = params.value(u"wallTime").toDouble() * 1000.0;
        m_started.insert(requestId, params.value(u"timestamp").toDouble());
        m_entries.append(entry);
        while (m_entries.size() > m_maxEntries) {
            m_started.remove(m_entries.first().requestId);
            m_entries.removeFirst();
            ++m_dropped;
        }
        Q_EMIT changed();
    } else if (method == u"Network.responseReceived"_s) {
        if (NetworkEntry *entry = find(requestId)) {
            const QJsonObject response = params.value(u"response").toObject();
            entry->status = response.value(u"status").toInt();
            entry->mimeType = response.value(u"mimeType").toString();
            entry->responseExtraExpected = params.value(u"hasExtraInfo").toBool();
            // Over what the extra info said (Set-Cookie comes only there), not instead of it.
            merge(entry->responseHeaders, response.value(u"headers").toObject());
        }
    } else if (method == u"Network.requestWillBeSentExtraInfo"_s) {
        // The headers as sent on the wire (Cookie included), when the browser reports them.
        if (NetworkEntry *entry = find(requestId))
            merge(entry->requestHeaders, params.value(u"headers").toObject());
        else if (m_earlyRequestHeaders.size() < m_maxEntries)
            m_earlyRequestHeaders.insert(requestId, params.value(u"headers").toObject());
    } else if (method == u"Network.responseReceivedExtraInfo"_s) {
        if (NetworkEntry *entry = find(requestId)) {
            merge(entry->responseHeaders, params.value(u"headers").toObject());
            entry->responseExtraSeen = true;
            Q_EMIT responseExtraArrived();
        } else if (m_earlyResponseHeaders.size() < m_maxEntries) {
            m_earlyResponseHeaders.insert(requestId, params.value(u"headers").toObject());
        }
    } else if (method == u"Network.loadingFinished"_s) {
        m_earlyRequestHeaders.remove(requestId);
        m_earlyResponseHeaders.remove(requestId);
        if (NetworkEntry *entry = find(requestId)) {
            entry->finished = true;
            entry->bytes = qint64(params.value(u"encodedDataLength").toDouble(-1));
            if (m_started.contains(requestId))
                entry->tookMs = (params.value(u"timestamp").toDouble() - m_started.take(requestId)) * 1000.0;
            Q_EMIT changed();
        }
    } else if (method == u"Network.loadingFailed"_s) {
        m_earlyRequestHeaders.remove(requestId);
        m_earlyResponseHeaders.remove(requestId);
        if (NetworkEntry *entry = find(requestId)) {
            entry->finished = true;
            entry->error = params.value(u"errorText").toString();
            m_started.remove(requestId);
            Q_EMIT changed();
        }
    }
}

} // namespace mpa
