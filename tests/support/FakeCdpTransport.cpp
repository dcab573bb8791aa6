#include "FakeCdpTransport.h"

#include "Wait.h"

#include <QJsonDocument>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace mpa::test {

FakeCdpTransport::FakeCdpTransport(QObject *parent)
    : CdpTransport(parent)
{
}

void FakeCdpTransport::open(const QUrl &url)
{
    m_url = url;
    if (autoOpen)
        QTimer::singleShot(0, this, &FakeCdpTransport::acceptOpen);
}

void FakeCdpTransport::close()
{
    m_open = false;
}

void FakeCdpTransport::sendMessage(const QByteArray &utf8Json)
{
    m_sent.append(QJsonDocument::fromJson(utf8Json).object());
    if (onSent)
        onSent(m_sent.constLast());
}

void FakeCdpTransport::acceptOpen()
{
    m_open = true;
    Q_EMIT opened();
}

void FakeCdpTransport::refuseOpen(const QString &reason)
{
    m_open = false;
    Q_EMIT closed(reason);
}

void FakeCdpTransport::receive(const QJsonObject &message)
{
    Q_EMIT messageReceived(QJsonDocument(message).toJson(QJsonDocument::Compact));
}

void FakeCdpTransport::receiveRaw(const QByteArray &bytes)
{
    Q_EMIT messageReceived(bytes);
}

void FakeCdpTransport::respond(int id, const QJsonObject &result, const QString &sessionId)
{
    QJsonObject message { { u"id"_s, id }, { u"result"_s, result } };
    if (!sessionId.isEmpty())
        message.insert(u"sessionId"_s, sessionId);
    receive(message);
}

void FakeCdpTransport::respondError(int id, int code, const QString &message)
{
    receive(
        { { u"id"_s, id }, { u"error"_s, QJsonObject { { u"code"_s, code }, { u"message"_s, message } } } });
}

void FakeCdpTransport::dropConnection(const QString &reason)
{
    m_open = false;
    Q_EMIT closed(reason);
}

QJsonObject FakeCdpTransport::lastSent(const QString &method) const
{
    for (auto it = m_sent.crbegin(); it != m_sent.crend(); ++it) {
        if (it->value(u"method").toString() == method)
            return *it;
    }
    return {};
}

FakeCdpTransport *connectToFakeBrowser(CdpEndpoint &endpoint, QList<QPointer<FakeCdpTransport>> &transports)
{
    endpoint.setTransportFactory([&transports] {
        auto *transport = new FakeCdpTransport;
        transports.append(transport);
        return transport;
    });
    endpoint.connectToBrowser(QUrl(u"ws://127.0.0.1:9222/devtools/browser/abc"_s));
    if (!waitUntil([&] { return endpoint.isConnected(); }) || transports.isEmpty())
        return nullptr;
    return transports.first();
}

QJsonObject fakeTargetInfo(const QString &targetId, const QString &type, const QString &url,
                           const QString &title)
{
    return { { u"targetId"_s, targetId }, { u"type"_s, type }, { u"url"_s, url }, { u"title"_s, title } };
}

QJsonObject attachedToTargetEvent(const QString &sessionId, const QJsonObject &info,
                                  const QString &parentSession)
{
    QJsonObject event { { u"method"_s, u"Target.attachedToTarget"_s },
                        { u"params"_s,
                          QJsonObject { { u"sessionId"_s, sessionId },
                                        { u"targetInfo"_s, info },
                                        { u"waitingForDebugger"_s, false } } } };
    if (!parentSession.isEmpty())
        event.insert(u"sessionId"_s, parentSession);
    return event;
}

bool FakeCdpLink::open()
{
    connection->open(QUrl(QStringLiteral("ws://127.0.0.1:9/devtools/browser/fake")));
    return waitForSignal(connection.get(), &CdpConnection::opened);
}

std::unique_ptr<CdpSession> FakeCdpLink::session(const QString &targetId, const QString &sessionId,
                                                 const QString &type, const QString &url)
{
    CdpTargetInfo info;
    info.targetId = targetId;
    info.type = type;
    info.url = url;
    return std::make_unique<CdpSession>(connection.get(), sessionId, info, nullptr);
}

} // namespace mpa::test
