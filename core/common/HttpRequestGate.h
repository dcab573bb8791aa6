#pragma once
// The app's loopback HTTP server, small on purpose: one request per connection, read only
// once it has passed the transport limits, and answered once.
//
// The gate reads the request head (peeking, without consuming it), refuses what is too big or
// malformed with a JSON error before the body is read, waits until the whole request is in,
// and only then delivers it (requestReceived) with the socket to answer on (reply()). A
// connection carries one request: bytes after it end the connection, and every connection has
// a lifetime. (It replaced QtHttpServer 6.4, which reads any body without a limit, accepts
// chunked bodies of any size, leaves a connection open on a parse error, and had to be handed
// sockets through its internals.)

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QList>
#include <QTcpServer>

#include <utility>

#include <chrono>

class QTcpSocket;

namespace mpa {

class HttpRequestGate : public QTcpServer
{
    Q_OBJECT
public:
    struct Limits
    {
        qsizetype maxHeadBytes = 32 * 1024;
        qint64 maxBodyBytes = 1024 * 1024;
        std::chrono::milliseconds requestTimeout { 10000 }; // the whole request must be in by then
        std::chrono::milliseconds connectionLifetime { 120000 }; // after hand-over
        int maxWaitingConnections = 32;
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
    };

    explicit HttpRequestGate(QObject *parent = nullptr);
    HttpRequestGate(const Limits &limits, QObject *parent = nullptr);

    const Limits &limits() const { return m_limits; }

    // Checks a complete request head (up to and including "\r\n\r\n").
    static Head inspectHead(const QByteArray &head, const Limits &limits);
    // A complete HTTP/1.1 reply with the body {"success":false,"error":…}, closing the connection.
    static QByteArray errorReply(int status, const QString &error);
    static QByteArray reasonPhrase(int status);
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
    };

    void inspect(QTcpSocket *socket);
    void handOver(QTcpSocket *socket);
    void refuse(QTcpSocket *socket, int status, const QString &error);

    Limits m_limits;
    QHash<QTcpSocket *, Waiting> m_waiting;
};

} // namespace mpa
