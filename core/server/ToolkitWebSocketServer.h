#pragma once
// Server mode of the agent connection: a QWebSocketServer on 127.0.0.1 that outside agents
// connect to and drive the browser toolkit through (DESIGN.md "Browser toolkit protocol").
//
// A connection presents the token as ?token=…, in the upgrade request's `Authorization: Bearer`
// header or in a first {"type":"auth","token":…} message (within 3 s), else it is closed with a
// sentence saying why. Until then a connection may send only small messages
// (kMaxPreAuthMessageBytes; more closes it) and it holds one of kMaxPreAuthClients places of its
// own: a new one evicts the oldest, so tokenless clients never take the places of authenticated
// agents (kMaxClients). Before one is evicted, what it has sent is read at once: an agent whose
// auth message has arrived gets in however many tokenless clients storm the server (the attacker
// is the one that never sends a valid token). The HTTP upgrade before all this is bounded too:
// at most kMaxHandshakes at once (a new one evicts the oldest whose request is not complete),
// heads of at most kMaxHandshakeBytes, and the handshake timeout. A connection from a
// web page (an Origin with a web scheme) is refused in the handshake (HTTP 403): browsers let
// any site open WebSockets to localhost. A message over 1 MiB gets an error reply and the
// connection stays up; one over 16 MiB closes it. Heartbeat: WebSocket pings every 30 s (a
// peer silent for three of them is dropped) and JSON {"type":"ping"} answered with "pong".

#include "ToolkitChannel.h"
#include "actions/CommandDispatcher.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <chrono>

class QTcpServer;
class QTcpSocket;
class QWebSocket;
class QWebSocketServer;

namespace mpa {

class ToolkitWebSocketServer : public QObject
{
    Q_OBJECT
public:
    // Authenticated agents at once.
    static constexpr int kMaxClients = 32;
    // Connections still waiting to authenticate; a new one evicts the oldest.
    static constexpr int kMaxPreAuthClients = 64;
    // Connections still in the HTTP upgrade (not WebSockets yet); a new one evicts the oldest
    // whose request has not fully arrived.
    static constexpr int kMaxHandshakes = 64;
    // The longest upgrade request head (QWebSocketServer alone would take 800 KiB).
    static constexpr qint64 kMaxHandshakeBytes = qint64(16) * 1024;
    // The largest message (and frame) a connection may send before it has authenticated.
    static constexpr qint64 kMaxPreAuthMessageBytes = qint64(8) * 1024;

    explicit ToolkitWebSocketServer(CommandDispatcher *commands, QObject *parent = nullptr);
    ~ToolkitWebSocketServer() override;

    // Connections must present this token; with none set every connection is refused.
    void setToken(const QString &token);
    void setHeartbeatInterval(std::chrono::milliseconds interval);
    void setAuthTimeout(std::chrono::milliseconds timeout) { m_authTimeout = timeout; }
    // How long an HTTP upgrade may take before the connection is closed (default 5 s).
    void setHandshakeTimeout(std::chrono::milliseconds timeout) { m_handshakeTimeout = timeout; }

    // Listens on 127.0.0.1:`port` (0: any free port). False with a sentence in `error`.
    bool start(quint16 port, QString *error = nullptr);
    void stop();
    bool isListening() const;
    quint16 port() const;
    // Authenticated connections.
    int clientCount() const;
    // Connections that have not authenticated yet.
    int pendingCount() const;
    // Connections still in the HTTP upgrade.
    int handshakeCount() const { return int(m_handshakes.size()); }
    QList<ToolkitConnection> connections() const;
    // Closes the connection of `clientId` (the Agents page's Disconnect); false when there is none.
    bool disconnectClient(const QString &clientId);

    // True for an Origin header a web page would send (http, https, file, "null", …); an
    // empty one (non-browser clients) and browser-extension origins are allowed.
    static bool isWebOrigin(const QString &origin);

Q_SIGNALS:
    void clientsChanged();
    // A connection closed: whatever it owned (tabs) can be released.
    void callerGone(const mpa::CommandCaller &caller);

private:
    struct Client
    {
        QPointer<QWebSocket> socket;
        QPointer<QTcpSocket> tcp; // under the WebSocket: to read what it sent before evicting it
        ToolkitChannel *channel = nullptr;
        QDateTime since;
        quint64 order = 0; // arrival; the smallest is the oldest
    };

    // A TCP connection from the listener: counted, bounded and handed to the WebSocket server.
    void admitHandshake(QTcpSocket *tcp);
    // Closes the oldest connection in the upgrade whose request head is not complete yet.
    void evictOldestHandshake();
    void onNewConnection();
    void dropClient(QWebSocket *socket);
    void onAuthenticated(QWebSocket *socket);
    // Closes the oldest connection still waiting to authenticate.
    void evictOldestPending();
    void heartbeat();

    CommandDispatcher *m_commands;
    QWebSocketServer *m_server = nullptr;
    QPointer<QTcpServer> m_listener; // a child of m_server
    QString m_token;
    QHash<QWebSocket *, Client> m_clients;
    struct Handshake
    {
        quint64 order = 0; // arrival
        bool complete = false; // its request head has arrived: it is upgraded on the next pass
    };
    QHash<QTcpSocket *, Handshake> m_handshakes; // in the upgrade
    QTimer m_heartbeat;
    std::chrono::milliseconds m_authTimeout { 3000 };
    std::chrono::milliseconds m_handshakeTimeout { 5000 };
    quint64 m_nextClientId = 1;
    quint64 m_nextOrder = 0;
};

} // namespace mpa
