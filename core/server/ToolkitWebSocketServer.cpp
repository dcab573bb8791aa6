#include "ToolkitWebSocketServer.h"

#include "TokenFile.h"
#include "ToolkitChannel.h"
#include "ToolkitProtocol.h"
#include "logging/LogCategories.h"

#include <QHostAddress>
#include <QNetworkRequest>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>
#include <QUrlQuery>
#include <QWebSocket>
#include <QWebSocketCorsAuthenticator>
#include <QWebSocketServer>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace mpa {

namespace {

QString peerName(QWebSocket *socket)
{
    return u"%1:%2"_s.arg(socket->peerAddress().toString()).arg(socket->peerPort());
}

} // namespace

ToolkitWebSocketServer::ToolkitWebSocketServer(CommandDispatcher *commands, QObject *parent)
    : QObject(parent)
    , m_commands(commands)
{
    m_heartbeat.setInterval(30s);
    connect(&m_heartbeat, &QTimer::timeout, this, &ToolkitWebSocketServer::heartbeat);
}

ToolkitWebSocketServer::~ToolkitWebSocketServer()
{
    stop();
}

void ToolkitWebSocketServer::setToken(const QString &token)
{
    m_token = token;
}

void ToolkitWebSocketServer::setHeartbeatInterval(std::chrono::milliseconds interval)
{
    m_heartbeat.setInterval(interval);
}

bool ToolkitWebSocketServer::isWebOrigin(const QString &origin)
{
    if (origin.isEmpty())
        return false;
    const QString scheme = QUrl(origin).scheme().toLower();
    static const QStringList extensionSchemes { u"chrome-extension"_s, u"moz-extension"_s,
                                                u"safari-web-extension"_s, u"edge-extension"_s };
    return !extensionSchemes.contains(scheme);
}

bool ToolkitWebSocketServer::start(quint16 port, QString *error)
{
    stop();
    auto *server = new QWebSocketServer(u"multi-purpose-agent"_s, QWebSocketServer::NonSecureMode, this);
    // Its handshake timeout applies only to connections of its own listener, not to those
    // handed over by handleConnection (Qt 6.4): admitHandshake() keeps one of its own.
    server->setMaxPendingConnections(kMaxClients);
    connect(server, &QWebSocketServer::originAuthenticationRequired, this,
            [](QWebSocketCorsAuthenticator *authenticator) {
                if (isWebOrigin(authenticator->origin())) {
                    qCWarning(lcServer).noquote()
                        << u"agent server: refused a connection from the web origin %1"_s.arg(
                               authenticator->origin().left(200));
                    authenticator->setAllowed(false);
                }
            });
    connect(server, &QWebSocketServer::newConnection, this, &ToolkitWebSocketServer::onNewConnection);
    // Our own listener hands connections to the WebSocket server: a flood of connections must
    // not fill the kernel's queue of unaccepted ones (QWebSocketServer keeps the default 50,
    // and a full queue delays an agent's connection by SYN retries of 1 s and more).
    auto *listener = new QTcpServer(server);
    listener->setListenBacklogSize(1024);
    connect(listener, &QTcpServer::newConnection, server, [this, listener] {
        while (listener->hasPendingConnections())
            admitHandshake(listener->nextPendingConnection());
    });
    // The toolkit drives the user's browser: loopback only, whatever anyone configures.
    if (!listener->listen(QHostAddress::LocalHost, port)) {
        if (error)
            *error = u"cannot listen on 127.0.0.1:%1: %2"_s.arg(port).arg(listener->errorString());
        delete server;
        return false;
    }
    m_server = server;
    m_listener = listener;
    m_heartbeat.start();
    return true;
}

void ToolkitWebSocketServer::stop()
{
    m_heartbeat.stop();
    const QList<QWebSocket *> sockets = m_clients.keys();
    for (QWebSocket *socket : sockets) {
        socket->close(QWebSocketProtocol::CloseCodeGoingAway, u"the agent server is stopping"_s);
        dropClient(socket);
    }
    const QList<QTcpSocket *> handshaking = m_handshakes.keys();
    m_handshakes.clear();
    for (QTcpSocket *tcp : handshaking) {
        tcp->disconnect(this);
        tcp->abort();
    }
    if (m_server) {
        if (m_listener)
            m_listener->close();
        m_server->close();
        m_server->deleteLater();
        m_server = nullptr;
    }
}

bool ToolkitWebSocketServer::isListening() const
{
    return m_server && m_listener && m_listener->isListening();
}

quint16 ToolkitWebSocketServer::port() const
{
    return isListening() ? m_listener->serverPort() : 0;
}

int ToolkitWebSocketServer::clientCount() const
{
    int count = 0;
    for (const Client &client : m_clients)
        count += client.channel->isAuthenticated() ? 1 : 0;
    return count;
}

int ToolkitWebSocketServer::pendingCount() const
{
    return int(m_clients.size()) - clientCount();
}

void ToolkitWebSocketServer::admitHandshake(QTcpSocket *tcp)
{
    if (!tcp || !m_server)
        return;
    if (m_handshakes.size() >= kMaxHandshakes)
        evictOldestHandshake();
    m_handshakes.insert(tcp, Handshake { m_nextOrder++, false });
    // The head is read into a bounded buffer: one that does not end within it never will.
    tcp->setReadBufferSize(kMaxHandshakeBytes);
    connect(tcp, &QTcpSocket::readyRead, this, [this, tcp] {
        const auto it = m_handshakes.find(tcp);
        if (it == m_handshakes.end() || it->complete)
            return;
        const QByteArray head = tcp->peek(kMaxHandshakeBytes);
        it->complete = head.contains("\r\n\r\n");
        if (it->complete || head.size() < kMaxHandshakeBytes)
            return;
        qCDebug(lcServer).noquote() << "agent server: closing" << tcp->peerPort()
                                    << "- its upgrade request is over" << kMaxHandshakeBytes << "bytes";
        m_handshakes.erase(it);
        tcp->write(
            "HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        tcp->disconnectFromHost();
    });
    const auto forget = [this, tcp] { m_handshakes.remove(tcp); };
    connect(tcp, &QTcpSocket::disconnected, this, forget);
    connect(tcp, &QObject::destroyed, this, forget);
    auto *timer = new QTimer(tcp);
    timer->setObjectName(u"mpa-handshake-timer"_s);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, tcp] {
        if (!m_handshakes.remove(tcp))
            return;
        qCDebug(lcServer).noquote() << "agent server: closing" << tcp->peerPort()
                                    << "- no complete upgrade request within the handshake timeout";
        tcp->abort();
    });
    timer->start(m_handshakeTimeout);
    m_server->handleConnection(tcp);
}

void ToolkitWebSocketServer::evictOldestHandshake()
{
    // The oldest whose head is not complete; what it has sent is read first (it may complete
    // it). Those with complete heads become WebSockets on the next pass and count there.
    for (int tries = 0; tries < 4; ++tries) {
        QTcpSocket *oldest = nullptr;
        quint64 oldestOrder = 0;
        for (auto it = m_handshakes.cbegin(); it != m_handshakes.cend(); ++it) {
            if (it->complete || (oldest && it->order >= oldestOrder))
                continue;
            oldest = it.key();
            oldestOrder = it->order;
        }
        if (!oldest)
            return;
        QPointer<QTcpSocket> tcp(oldest);
        if (tcp->state() == QAbstractSocket::ConnectedState)
            tcp->waitForReadyRead(0);
        if (!tcp || !m_handshakes.contains(tcp))
            return; // it went meanwhile: a place is free
        if (m_handshakes.value(tcp).complete)
            continue;
        qCDebug(lcServer).noquote() << "agent server: evicting" << tcp->peerPort()
                                    << "- too many connections in the upgrade";
        m_handshakes.remove(tcp);
        tcp->abort();
        return;
    }
}

void ToolkitWebSocketServer::evictOldestPending()
{
    QList<std::pair<quint64, QWebSocket *>> byAge;
    for (auto it = m_clients.cbegin(); it != m_clients.cend(); ++it) {
        if (!it->channel->isAuthenticated())
            byAge.append({ it->order, it.key() });
    }
    std::sort(byAge.begin(), byAge.end());
    QWebSocket *oldest = nullptr;
    for (const auto &[order, socket] : byAge) {
        if (pendingCount() < kMaxPreAuthClients)
            return;
        auto it = m_clients.constFind(socket);
        if (it == m_clients.cend() || it->channel->isAuthenticated())
            continue;
        // What it has sent is read now: an auth message waiting in the socket authenticates
        // it here and now (or a wrong one closes it), so the agent is not the one evicted.
        if (QPointer<QTcpSocket> tcp = it->tcp; tcp && tcp->state() == QAbstractSocket::ConnectedState)
            tcp->waitForReadyRead(0);
        it = m_clients.constFind(socket);
        if (it == m_clients.cend() || it->channel->isAuthenticated())
            continue;
        oldest = socket;
        break;
    }
    if (!oldest)
        return;
    const QString reason = u"too many connections are waiting to authenticate; authenticate at once"_s;
    qCDebug(lcServer).noquote() << "agent server: evicting" << peerName(oldest) << "-" << reason;
    oldest->close(QWebSocketProtocol::CloseCodePolicyViolated, reason);
    dropClient(oldest);
}

void ToolkitWebSocketServer::onAuthenticated(QWebSocket *socket)
{
    if (clientCount() > kMaxClients) {
        const QString reason = u"too many agent connections (at most %1)"_s.arg(kMaxClients);
        qCWarning(lcServer).noquote() << "agent server: refused" << peerName(socket) << "-" << reason;
        socket->close(QWebSocketProtocol::CloseCodePolicyViolated, reason);
        dropClient(socket);
        return;
    }
    // Trusted now: the full message size.
    socket->setMaxAllowedIncomingMessageSize(ToolkitProtocol::kMaxFrameBytes);
    socket->setMaxAllowedIncomingFrameSize(ToolkitProtocol::kMaxFrameBytes);
    Q_EMIT clientsChanged();
}

QList<ToolkitConnection> ToolkitWebSocketServer::connections() const
{
    QList<ToolkitConnection> list;
    for (const Client &client : m_clients) {
        if (client.channel->isAuthenticated() && client.socket)
            list.append({ client.channel->caller(), tr("WebSocket (server mode)"), client.since,
                          peerName(client.socket), tr("toolkit") });
    }
    std::sort(list.begin(), list.end(),
              [](const ToolkitConnection &a, const ToolkitConnection &b) { return a.since < b.since; });
    return list;
}

bool ToolkitWebSocketServer::disconnectClient(const QString &clientId)
{
    for (auto it = m_clients.cbegin(); it != m_clients.cend(); ++it) {
        if (it->channel->caller().clientId != clientId || !it->socket)
            continue;
        QWebSocket *socket = it->socket;
        qCInfo(lcServer).noquote() << u"agent server: disconnecting %1 (asked in the window)"_s.arg(clientId);
        socket->close(QWebSocketProtocol::CloseCodeNormal, u"disconnected by the user"_s);
        dropClient(socket);
        return true;
    }
    return false;
}

void ToolkitWebSocketServer::onNewConnection()
{
    while (m_server && m_server->hasPendingConnections()) {
        QWebSocket *socket = m_server->nextPendingConnection();
        if (!socket)
            return;
        socket->setParent(this);
        // Its TCP connection, out of the upgrade: the WebSocket's messages may be large.
        QPointer<QTcpSocket> tcp;
        for (auto it = m_handshakes.cbegin(); it != m_handshakes.cend(); ++it) {
            if (it.key()->peerPort() == socket->peerPort()
                && it.key()->peerAddress() == socket->peerAddress()) {
                tcp = it.key();
                break;
            }
        }
        if (tcp) {
            m_handshakes.remove(tcp);
            tcp->disconnect(this);
            delete tcp->findChild<QTimer *>(u"mpa-handshake-timer"_s, Qt::FindDirectChildrenOnly);
            tcp->setReadBufferSize(0);
        } else {
            // Not one of ours (evicted or timed out meanwhile): it has no place.
            socket->abort();
            socket->deleteLater();
            continue;
        }
        QString presented = QUrlQuery(socket->requestUrl()).queryItemValue(u"token"_s, QUrl::FullyDecoded);
        const QByteArray authorization = socket->request().rawHeader("Authorization").trimmed();
        if (presented.isEmpty() && authorization.toLower().startsWith("bearer "))
            presented = QString::fromUtf8(authorization.mid(7).trimmed());
        // The token in the URL or the upgrade's Authorization header: checked before the first message.
        const bool tokenInUrl = !presented.isEmpty();
        if (m_token.isEmpty() || (tokenInUrl && !TokenFile::matches(m_token, presented))) {
            const QString reason = m_token.isEmpty()
                ? u"the agent server has no token yet; try again"_s
                : u"wrong token: use the one in agent-token in the config folder (shown on the Servers page)"_s;
            qCWarning(lcServer).noquote() << "agent server: refused" << peerName(socket) << "-" << reason;
            socket->sendTextMessage(QString::fromUtf8(ToolkitProtocol::errorReply(QJsonValue(), reason)));
            socket->close(QWebSocketProtocol::CloseCodePolicyViolated, reason);
            socket->deleteLater();
            continue;
        }
        if (tokenInUrl && clientCount() >= kMaxClients) {
            socket->close(QWebSocketProtocol::CloseCodePolicyViolated,
                          u"too many agent connections (at most %1)"_s.arg(kMaxClients));
            socket->deleteLater();
            continue;
        }
        if (tokenInUrl) {
            // Over 16 MiB the socket closes by itself; the channel answers anything over 1 MiB.
            socket->setMaxAllowedIncomingMessageSize(ToolkitProtocol::kMaxFrameBytes);
            socket->setMaxAllowedIncomingFrameSize(ToolkitProtocol::kMaxFrameBytes);
        } else {
            // Not trusted yet: room for an auth message, nothing the size of an attack.
            socket->setMaxAllowedIncomingMessageSize(kMaxPreAuthMessageBytes);
            socket->setMaxAllowedIncomingFrameSize(kMaxPreAuthMessageBytes);
            if (pendingCount() >= kMaxPreAuthClients)
                evictOldestPending();
        }

        const CommandCaller caller { u"agent-ws"_s, u"ws-%1"_s.arg(m_nextClientId++) };
        auto *channel = new ToolkitChannel(m_commands, caller, tokenInUrl ? QString() : m_token, socket);
        m_clients.insert(socket,
                         Client { socket, tcp, channel, QDateTime::currentDateTime(), m_nextOrder++ });
        // Connections that never authenticate are logged only at debug level: a flood of them
        // must not flood the log.
        if (tokenInUrl)
            qCInfo(lcServer).noquote()
                << u"agent server: %1 connected from %2"_s.arg(caller.clientId, peerName(socket));
        else
            qCDebug(lcServer).noquote()
                << u"agent server: %1 connected from %2 (waiting for its auth message)"_s.arg(
                       caller.clientId, peerName(socket));

        channel->attach(socket);
        connect(channel, &ToolkitChannel::closeRequested, socket, [this, socket](const QString &reason) {
            qCWarning(lcServer).noquote() << "agent server: closing" << peerName(socket) << "-" << reason;
            socket->close(QWebSocketProtocol::CloseCodePolicyViolated, reason.left(120));
            dropClient(socket);
        });
        connect(channel, &ToolkitChannel::authenticated, this, [this, socket] { onAuthenticated(socket); });
        connect(channel, &ToolkitChannel::named, this, &ToolkitWebSocketServer::clientsChanged);
        connect(socket, &QWebSocket::disconnected, this, [this, socket] { dropClient(socket); });

        if (tokenInUrl) {
            Q_EMIT clientsChanged();
        } else {
            const QString reason
                = u"no auth message within %1 s; send {\"type\":\"auth\",\"token\":…} first or connect with "
                  "?token=…"_s.arg(double(m_authTimeout.count()) / 1000.0);
            // A timer of the channel's own (a QTimer::singleShot would outlive the connection).
            auto *authTimer = new QTimer(channel);
            authTimer->setSingleShot(true);
            connect(authTimer, &QTimer::timeout, channel, [channel, reason] {
                if (!channel->isAuthenticated())
                    Q_EMIT channel->closeRequested(reason);
            });
            authTimer->start(m_authTimeout);
        }
    }
}

void ToolkitWebSocketServer::dropClient(QWebSocket *socket)
{
    const auto it = m_clients.constFind(socket);
    if (it == m_clients.cend())
        return;
    const CommandCaller caller = it->channel->caller();
    const bool wasAuthenticated = it->channel->isAuthenticated();
    m_clients.erase(it);
    socket->disconnect(this);
    socket->deleteLater(); // with its channel: late replies find nobody and are dropped
    if (wasAuthenticated)
        qCInfo(lcServer).noquote() << u"agent server: %1 disconnected"_s.arg(caller.clientId);
    else
        qCDebug(lcServer).noquote() << u"agent server: %1 disconnected before authenticating"_s.arg(
            caller.clientId);
    Q_EMIT callerGone(caller);
    if (wasAuthenticated)
        Q_EMIT clientsChanged();
}

void ToolkitWebSocketServer::heartbeat()
{
    const QList<QWebSocket *> sockets = m_clients.keys();
    for (QWebSocket *socket : sockets) {
        ToolkitChannel *channel = m_clients.value(socket).channel;
        if (channel->missedBeat()) {
            qCWarning(lcServer).noquote()
                << u"agent server: %1 stopped answering pings; closing"_s.arg(channel->caller().clientId);
            socket->close(QWebSocketProtocol::CloseCodeGoingAway, u"no answer to pings"_s);
            dropClient(socket);
            continue;
        }
        socket->ping();
    }
}

} // namespace mpa
