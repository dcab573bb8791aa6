#include "CdpConnection.h"

#include "CdpTransport.h"
#include "logging/LogCategories.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace mpa {

CdpConnection::CdpConnection(CdpTransport *transport, QObject *parent)
    : QObject(parent)
    , m_transport(transport)
{
    Q_ASSERT(transport);
    m_transport->setParent(this);
    m_timeoutTimer.setSingleShot(true);
    m_timeoutTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_timeoutTimer, &QTimer::timeout, this, &CdpConnection::expireTimeouts);
    connect(m_transport, &CdpTransport::opened, this, &CdpConnection::opened);
    connect(m_transport, &CdpTransport::closed, this, &CdpConnection::onClosed);
    connect(m_transport, &CdpTransport::messageReceived, this, &CdpConnection::onMessage);
}

bool CdpConnection::refusedForGood() const
{
    return m_transport->refusedForGood();
}

CdpConnection::~CdpConnection()
{
    // Nobody is left to be told: contexts that outlive us simply never hear back.
    m_pending.clear();
}

void CdpConnection::open(const QUrl &url)
{
    m_url = url;
    qCDebug(lcCdp).noquote() << "opening" << url.toString();
    m_transport->open(url);
}

void CdpConnection::close()
{
    if (!m_transport->isOpen() && m_pending.isEmpty())
        return;
    m_transport->close();
    onClosed(u"the connection was closed"_s);
}

bool CdpConnection::isOpen() const
{
    return m_transport->isOpen();
}

int CdpConnection::send(const QString &method, const QJsonObject &params, const QString &sessionId,
                        QObject *context, CdpCallback callback, std::chrono::milliseconds timeout)
{
    const int id = m_nextId++;
    if (timeout <= std::chrono::milliseconds::zero())
        timeout = m_defaultTimeout;

    Pending pending;
    pending.method = method;
    pending.context = context;
    pending.hasContext = context != nullptr;
    pending.callback = std::move(callback);
    pending.timeoutMs = int(timeout.count());
    pending.deadline = QDeadlineTimer(timeout, Qt::PreciseTimer);

    if (!m_transport->isOpen()) {
        deliverLater(std::move(pending),
                     { {}, CdpError::transport(method, u"not connected to the browser"_s) });
        return id;
    }

    QJsonObject message { { u"id"_s, id }, { u"method"_s, method } };
    if (!params.isEmpty())
        message.insert(u"params"_s, params);
    if (!sessionId.isEmpty())
        message.insert(u"sessionId"_s, sessionId);

    m_pending.emplace(id, std::move(pending));
    if (!m_timeoutTimer.isActive() || m_timeoutTimer.remainingTime() > timeout.count())
        m_timeoutTimer.start(int(timeout.count()));
    m_transport->sendMessage(QJsonDocument(message).toJson(QJsonDocument::Compact));
    return id;
}

void CdpConnection::onMessage(const QByteArray &message)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(message, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        ++m_malformedMessages;
        qCWarning(lcCdp).noquote() << "ignoring a malformed message from the browser ("
                                   << (parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                                    : u"not a JSON object"_s)
                                   << "):" << QString::fromUtf8(message.left(200));
        return;
    }
    const QJsonObject object = doc.object();
    const QJsonValue idValue = object.value(u"id");
    if (!idValue.isUndefined()) {
        const int id = idValue.toInt(-1);
        auto it = m_pending.find(id);
        if (it == m_pending.end()) {
            qCDebug(lcCdp) << "answer to unknown or expired command" << id;
            return;
        }
        Pending pending = std::move(it.value());
        m_pending.erase(it);
        CdpResult result;
        const QJsonValue error = object.value(u"error");
        if (error.isObject()) {
            const QJsonObject e = error.toObject();
            QString text = e.value(u"message").toString();
            if (const QString data = e.value(u"data").toString(); !data.isEmpty())
                text += u" ("_s + data + u')';
            result.error = CdpError::protocol(pending.method, e.value(u"code").toInt(), text);
        } else {
            result.result = object.value(u"result").toObject();
        }
        complete(pending, result);
        return;
    }
    const QString method = object.value(u"method").toString();
    if (method.isEmpty()) {
        ++m_malformedMessages;
        qCWarning(lcCdp).noquote() << "ignoring a message with neither id nor method:"
                                   << QString::fromUtf8(message.left(200));
        return;
    }
    Q_EMIT eventReceived(object.value(u"sessionId").toString(), method, object.value(u"params").toObject());
}

void CdpConnection::onClosed(const QString &reason)
{
    m_timeoutTimer.stop();
    QHash<int, Pending> pending;
    pending.swap(m_pending);
    if (!pending.isEmpty())
        qCDebug(lcCdp) << "failing" << pending.size() << "pending commands:" << reason;
    QPointer<CdpConnection> self(this);
    for (auto it = pending.begin(); it != pending.end(); ++it) {
        CdpError error = CdpError::transport(
            it->method, u"connection closed while waiting for the answer (%1)"_s.arg(reason));
        complete(it.value(), { {}, error });
        if (!self)
            return;
    }
    Q_EMIT closed(reason);
}

void CdpConnection::complete(const Pending &pending, const CdpResult &result)
{
    if (result.error.isError() && !pending.callback)
        qCDebug(lcCdp).noquote() << "unobserved failure:" << result.error.toString();
    if (!pending.callback)
        return;
    if (pending.hasContext && !pending.context)
        return;
    pending.callback(result);
}

void CdpConnection::deliverLater(Pending pending, const CdpResult &result)
{
    QObject *guard = pending.hasContext ? pending.context.data() : this;
    if (!guard)
        return;
    QTimer::singleShot(0, guard,
                       [this, pending = std::move(pending), result]() mutable { complete(pending, result); });
}

void CdpConnection::armTimeoutTimer()
{
    if (m_pending.isEmpty()) {
        m_timeoutTimer.stop();
        return;
    }
    qint64 soonest = std::numeric_limits<qint64>::max();
    for (const Pending &p : std::as_const(m_pending))
        soonest = std::min(soonest, p.deadline.remainingTime());
    m_timeoutTimer.start(int(std::clamp<qint64>(soonest, 0, std::numeric_limits<int>::max())));
}

void CdpConnection::expireTimeouts()
{
    QList<int> expired;
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it) {
        if (it->deadline.hasExpired())
            expired.append(it.key());
    }
    QPointer<CdpConnection> self(this);
    for (int id : std::as_const(expired)) {
        auto it = m_pending.find(id);
        if (it == m_pending.end())
            continue;
        Pending pending = std::move(it.value());
        m_pending.erase(it);
        qCWarning(lcCdp).noquote() << pending.method << "got no answer within" << pending.timeoutMs << "ms";
        const CdpError error = CdpError::timeout(pending.method, pending.timeoutMs);
        complete(pending, { {}, error });
        if (!self)
            return;
    }
    armTimeoutTimer();
}

} // namespace mpa
