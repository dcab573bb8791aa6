#include "WebSocketTransport.h"

#include <QNetworkProxy>
#include <QNetworkRequest>

using namespace Qt::StringLiterals;

namespace mpa {

WebSocketTransport::WebSocketTransport(QObject *parent)
    : CdpTransport(parent)
{
    m_socket.setParent(this);
    m_socket.setProxy(QNetworkProxy::NoProxy);
    // Screenshots and large snapshots arrive as single messages.
    m_socket.setMaxAllowedIncomingMessageSize(512 * 1024 * 1024);
    m_socket.setMaxAllowedIncomingFrameSize(512 * 1024 * 1024);
    connect(&m_socket, &QWebSocket::connected, this, [this] { Q_EMIT opened(); });
    connect(&m_socket, &QWebSocket::disconnected, this, [this] {
        QString reason = m_socket.closeReason();
        if (reason.isEmpty())
            reason = m_socket.error() != QAbstractSocket::UnknownSocketError
                ? m_socket.errorString()
                : u"the browser closed the connection"_s;
        finish(reason);
    });
    connect(&m_socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this,
            [this](QAbstractSocket::SocketError) {
                if (m_socket.state() != QAbstractSocket::ConnectedState)
                    finish(m_socket.errorString());
            });
    connect(&m_socket, &QWebSocket::textMessageReceived, this,
            [this](const QString &message) { Q_EMIT messageReceived(message.toUtf8()); });
    connect(&m_socket, &QWebSocket::binaryMessageReceived, this,
            [this](const QByteArray &message) { Q_EMIT messageReceived(message); });
}

WebSocketTransport::~WebSocketTransport()
{
    m_active = false;
    m_socket.abort();
}

void WebSocketTransport::open(const QUrl &url)
{
    m_active = true;
    QNetworkRequest request(url);
    m_socket.open(request);
}

void WebSocketTransport::close()
{
    m_active = false;
    m_socket.close();
}

bool WebSocketTransport::isOpen() const
{
    return m_socket.state() == QAbstractSocket::ConnectedState;
}

void WebSocketTransport::sendMessage(const QByteArray &utf8Json)
{
    m_socket.sendTextMessage(QString::fromUtf8(utf8Json));
}

void WebSocketTransport::finish(const QString &reason)
{
    if (!m_active)
        return;
    m_active = false;
    Q_EMIT closed(reason);
}

} // namespace mpa
