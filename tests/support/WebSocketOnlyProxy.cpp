#include "WebSocketOnlyProxy.h"

#include <QHostAddress>
#include <QPointer>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace mpa::test {

WebSocketOnlyProxy::WebSocketOnlyProxy(quint16 upstreamPort, QObject *parent)
    : QObject(parent)
    , m_upstreamPort(upstreamPort)
{
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *client = m_server.nextPendingConnection())
            onConnection(client);
    });
}

bool WebSocketOnlyProxy::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

void WebSocketOnlyProxy::onConnection(QTcpSocket *client)
{
    client->setParent(this);
    auto head = std::make_shared<QByteArray>();
    connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
    connect(client, &QTcpSocket::readyRead, this, [this, client, head] {
        if (client->property("forwarding").toBool())
            return;
        *head += client->readAll();
        if (!head->contains("\r\n\r\n"))
            return;
        const bool upgrade = head->toLower().contains("\r\nupgrade: websocket");
        if (!upgrade) {
            ++m_refused;
            client->write("HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n"
                          "Connection: close\r\n\r\nnot found\n");
            client->disconnectFromHost();
            return;
        }
        ++m_forwarded;
        client->setProperty("forwarding", true);
        auto *upstream = new QTcpSocket(client);
        const QPointer<QTcpSocket> peer(client);
        connect(upstream, &QTcpSocket::readyRead, upstream, [upstream, peer] {
            if (peer)
                peer->write(upstream->readAll());
        });
        connect(client, &QTcpSocket::readyRead, upstream,
                [upstream, client] { upstream->write(client->readAll()); });
        connect(upstream, &QTcpSocket::disconnected, client, [client] { client->disconnectFromHost(); });
        connect(client, &QTcpSocket::disconnected, upstream, [upstream] { upstream->disconnectFromHost(); });
        upstream->connectToHost(QHostAddress::LocalHost, m_upstreamPort);
        upstream->write(*head); // buffered until it connects, ahead of anything later
    });
}

} // namespace mpa::test
