#include "NetworkLog.h"

#include "cdp/CdpSession.h"
#include "logging/LogCategories.h"

#include <QJsonObject>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString sizeText(qint64 bytes)
{
    if (bytes < 0)
        return {};
    if (bytes < 1024)
        return u"%1 B"_s.arg(bytes);
    if (bytes < 1024 * 1024)
        return u"%1 kB"_s.arg(double(bytes) / 1024.0, 0, 'f', 1);
    return u"%1 MB"_s.arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 1);
}

} // namespace

QJsonObject NetworkEntry::toJson() const
{
    QJsonObject json { { u"method"_s, method },
                       { u"url"_s, url },
                       { u"type"_s, type },
                       { u"status"_s, status },
                       { u"finished"_s, finished } };
    if (bytes >= 0)
        json.insert(u"bytes"_s, bytes);
    if (!error.isEmpty())
        json.insert(u"error"_s, error);
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

NetworkLog::NetworkLog(CdpSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    if (session)
        connect(session, &CdpSession::eventReceived, this, &NetworkLog::onEvent);
}

NetworkLog::~NetworkLog()
{
    stop();
}

void NetworkLog::start(CommandReply done)
{
    if (!m_session) {
        if (done)
            done(CommandResult::failure(u"the tab is gone"_s, 404));
        return;
    }
    m_watching = true;
    // Small buffers: the bridge reads no bodies, only what was called.
    m_session->send(u"Network.enable"_s,
                    { { u"maxTotalBufferSize"_s, 1024 * 1024 }, { u"maxResourceBufferSize"_s, 64 * 1024 } },
                    this, [done](const CdpResult &result) {
                        if (done)
                            done(result.error.isError() ? CommandResult::failure(result.error.message, 502)
                                                        : CommandResult::success());
                    });
}

void NetworkLog::stop()
{
    if (!m_watching)
        return;
    m_watching = false;
    if (m_session && m_session->isAttached())
        m_session->send(u"Network.disable"_s);
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
        if (type != u"XHR"_s && type != u"Fetch"_s)
            return;
        if (NetworkEntry *existing = find(requestId)) {
            // A redirect: the same request goes on to another address.
            existing->url = params.value(u"request").toObject().value(u"url").toString();
            return;
        }
        NetworkEntry entry;
        entry.sequence = ++m_sequence;
        entry.requestId = requestId;
        const QJsonObject request = params.value(u"request").toObject();
        entry.method = request.value(u"method").toString();
        entry.url = request.value(u"url").toString();
        entry.type = type;
        m_entries.append(entry);
        while (m_entries.size() > kMaxEntries)
            m_entries.removeFirst();
        Q_EMIT changed();
    } else if (method == u"Network.responseReceived"_s) {
        if (NetworkEntry *entry = find(requestId))
            entry->status = params.value(u"response").toObject().value(u"status").toInt();
    } else if (method == u"Network.loadingFinished"_s) {
        if (NetworkEntry *entry = find(requestId)) {
            entry->finished = true;
            entry->bytes = qint64(params.value(u"encodedDataLength").toDouble(-1));
            Q_EMIT changed();
        }
    } else if (method == u"Network.loadingFailed"_s) {
        if (NetworkEntry *entry = find(requestId)) {
            entry->finished = true;
            entry->error = params.value(u"errorText").toString();
            Q_EMIT changed();
        }
    }
}

} // namespace mpa
