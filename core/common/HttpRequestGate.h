#pragma once
// The app's loopback HTTP server, small on purpose: one request per connection, read only
// once it has passed the transport limits, and answered once.
//
// The gate reads the request head (peeking, without consuming it), refuses what is too big or
// malformed with a JSON error before the body is read, waits until the whole request is in,
// and only then delivers it (requestReceived) with the socket to answer on (reply()). A
// connection carries one request: bytes after it end the connection, and every connection has
// a lifetime.
//
// Hostile local clients: every connection has deadlines it cannot stretch (the head within
// headTimeout, the whole request within requestTimeout, the reply's delivery within
// replyDrainTimeout); at most maxWaitingConnections may be unfinished at once. When they are
// all taken, what every waiting connection has sent is read first, and a request that has fully
// arrived is served — never evicted; only then is one evicted for the new connection: the oldest
// that has sent nothing for quietGrace, else the oldest that has sent part of a request. So
// clients that trickle bytes or hold idle connections cannot starve one that sends its request
// at once, and a burst of complete requests is served whole. Connections that have only just
// opened and sent nothing yet are not evicted: they may take up to maxWaitingConnections places
// more; past that, a new connection waits in the kernel's queue (the gate takes no more
// connections until there is room), and once admitPerTurn requests were delivered in one turn of the event
// loop the rest waits for the next, so replies go out while a burst is taken in. At most maxConnections
// requests are being answered at once, and refused connections still draining are capped too (maxLingering).
// Timers belong to their connection and die with it: nothing outlives a closed connection. (It replaced
// QtHttpServer 6.4, which reads any body without a limit, accepts chunked bodies of any size, leaves a
// connection open on a parse error, and had to be handed sockets through its internals.)

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QTcpServer>

#include <chrono>
#include <functional>
#include <optional>
#include <utility>

class QTcpSocket;
class QTimer;

namespace mpa {

class HttpRequestGate : public QTcpServer
{
    Q_OBJECT
public:
    struct Limits
    {
        qsizetype maxHeadBytes = qsizetype(32) * 1024;
        qint64 maxBodyBytes = qint64(1024) * 1024;
        std::chrono::milliseconds headTimeout { 3000 }; // the head must be in by then
        std::chrono::milliseconds requestTimeout { 10000 }; // the whole request must be in by then
        std::chrono::milliseconds connectionLifetime { 120000 }; // after hand-over
        int maxWaitingConnections = 64; // unfinished requests; the oldest is evicted for a new one
        int maxConnections = 256; // requests being answered; past it new connections get 503
        int maxLingering = 64; // refused connections still draining; the oldest is closed for a new one
        // A connection that has sent nothing is not evicted younger than this: its request may
        // be on its way (a burst of clients, a busy machine).
        std::chrono::milliseconds quietGrace { 250 };
        int admitPerTurn = 128; // requests delivered per turn of the event loop (half of maxConnections)
    };

    // What the gate learnt from a request head.
    struct Head
    {
        int status = 0; // 0: acceptable; otherwise the HTTP status to refuse with
        QString error; // why it was refused
        QByteArray method;
        QByteArray target;
        qint64 headBytes = 0; // including the blank line
        qint64 contentLength = 0;
        bool expectContinue = false;
        QList<std::pair<QByteArray, QByteArray>> headers; // names in lower case, in order
    };

    // A whole request, as the owner gets it.
    struct Request
    {
        QByteArray method; // "GET"
        QByteArray path; // the target without its query
        QByteArray query; // after '?', without it
        QList<std::pair<QByteArray, QByteArray>> headers; // names in lower case
        QByteArray body;
        quint16 peerPort = 0;

        QList<QByteArray> headerValues(QByteArrayView name) const;
        // The token of the one `Authorization: Bearer …` header; nullopt without such a header, with
        // another scheme or with more than one Authorization header.
        std::optional<QString> bearerToken() const;
    };

    explicit HttpRequestGate(QObject *parent = nullptr);
    HttpRequestGate(const Limits &limits, QObject *parent = nullptr);

    const Limits &limits() const { return m_limits; }
    // Connections open now, and those still sending their request.
    int openConnections() const { return int(m_open.size()); }
    int waitingConnections() const { return int(m_waiting.size()); }

    // Checks a complete request head (up to and including "\r\n\r\n").
    static Head inspectHead(const QByteArray &head, const Limits &limits);
    // A complete HTTP/1.1 reply with the body {"success":false,"error":…}, closing the connection.
    static QByteArray errorReply(int status, const QString &error);
    static QByteArray reasonPhrase(int status);
    // The connection's one deadline timer (created on first use, a child of the socket so it
    // dies with it): `onExpiry` runs once after `timeout`, replacing what was set before.
    static void setDeadline(QTcpSocket *socket, std::chrono::milliseconds timeout,
                            const std::function<void()> &onExpiry);
    // How long a client has to read its reply before the connection is dropped.
    static constexpr std::chrono::milliseconds kReplyDrainTimeout { 10000 };
    // Answers a delivered request and closes the connection: status line, the headers given
    // plus Content-Length and Connection: close, and the body.
    // (`withBody` false for an answer to HEAD: the length of the body, not the body.)
    static void reply(QTcpSocket *socket, int status, const QList<std::pair<QByteArray, QByteArray>> &headers,
                      const QByteArray &body, bool withBody = true);

Q_SIGNALS:
    // A request was refused at the transport level (for the owner's log; the gate logs it at
    // debug level only).
    void refused(int status, const QString &error);
    // A request passed the checks; answer it on `socket` with reply() (the socket belongs to
    // the gate and dies with the connection).
    void requestReceived(const mpa::HttpRequestGate::Request &request, QTcpSocket *socket);

protected:
    void incomingConnection(qintptr handle) override;

private:
    struct Waiting
    {
        qint64 expectedBytes = -1; // head + body, once the head is known
        Head head;
        bool sentContinue = false;
        bool sentAnything = false;
        quint64 order = 0; // arrival; the smallest is the oldest
        qint64 admittedAtMs = 0; // on m_clock
        qsizetype scanned = 0; // bytes of the head already searched for its end
    };

    // Takes connections from the queue while there is room (or room can be made).
    void admitPending();
    // admitPending() on a later turn of the event loop (once, however often asked).
    void admitLater(std::chrono::milliseconds delay = {});
    void admit(QTcpSocket *socket);
    bool hasRoom() const;
    void inspect(QTcpSocket *socket);
    void handOver(QTcpSocket *socket);
    enum class Linger { Drain, Close };
    void refuse(QTcpSocket *socket, int status, const QString &error, Linger linger = Linger::Drain);
    // Makes room for one more unfinished request: reads what every waiting connection has sent
    // (serving the complete ones), then evicts one by the rule above, or lets a young one take a
    // place more. False when no place is free yet; `retryIn` then says when one that has sent
    // nothing will be old enough to go.
    bool makeRoom(std::chrono::milliseconds *retryIn);

    Limits m_limits;
    QElapsedTimer m_clock;
    QTimer *m_admitTimer = nullptr;
    bool m_admitting = false;
    int m_deliveredThisTurn = 0; // requests delivered since the event loop last turned
    bool m_readThisTurn = false; // makeRoom() read every waiting connection this turn
    QHash<QTcpSocket *, Waiting> m_waiting;
    QSet<QTcpSocket *> m_open; // every connection not yet disconnected
    QSet<QTcpSocket *> m_answering; // delivered, waiting for (or sending) the owner's reply
    QList<QPointer<QTcpSocket>> m_lingering; // refused, still draining, oldest first
    quint64 m_nextOrder = 0;
};

} // namespace mpa
