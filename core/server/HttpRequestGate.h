#pragma once
// The TCP side of a loopback HTTP API: a QTcpServer that hands a connection to QtHttpServer
// only once its request has passed the transport limits.
//
// QtHttpServer 6.4 reads any body into memory without a limit, accepts chunked bodies of any
// size, and on a parse error leaves the connection open with nobody answering. So the gate
// reads the request head itself (peeking, without consuming it), refuses what is too big or
// malformed with a JSON error before the body is read, waits until the whole request is in,
// and only then passes the socket on. A connection carries one request: bytes after it end
// the connection, and every connection has a lifetime.

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QTcpServer>

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
    };

    explicit HttpRequestGate(QObject *parent = nullptr);
    HttpRequestGate(const Limits &limits, QObject *parent = nullptr);

    const Limits &limits() const { return m_limits; }

    // Checks a complete request head (up to and including "\r\n\r\n").
    static Head inspectHead(const QByteArray &head, const Limits &limits);
    // A complete HTTP/1.1 reply with the body {"success":false,"error":…}, closing the connection.
    static QByteArray errorReply(int status, const QString &error);
    static QByteArray reasonPhrase(int status);

Q_SIGNALS:
    // A request was refused at the transport level (for the owner's log; the gate logs it at
    // debug level only).
    void refused(int status, const QString &error);

protected:
    void incomingConnection(qintptr handle) override;

private:
    struct Waiting
    {
        qint64 expectedBytes = -1; // head + body, once the head is known
        bool sentContinue = false;
    };

    void inspect(QTcpSocket *socket);
    void handOver(QTcpSocket *socket);
    void refuse(QTcpSocket *socket, int status, const QString &error);

    Limits m_limits;
    QHash<QTcpSocket *, Waiting> m_waiting;
    QTcpSocket *m_handingOver = nullptr;
};

} // namespace mpa
