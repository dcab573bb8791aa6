#pragma once
// HTTP/1.1 over a plain QTcpSocket, for tests that must send what a well-behaved client never
// would (foreign Host headers, web Origins, oversized or malformed bodies) and read every
// header of the reply.

#include <QByteArray>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

#include <chrono>

namespace mpa::test {

struct RawHttpReply
{
    int status = 0; // 0: no reply (see error)
    QByteArray statusLine; // "HTTP/1.1 200 OK"
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QJsonObject json; // the body, when it is a JSON object
    QString error; // why no reply came
    QList<int> interim; // 1xx statuses seen before the reply

    QByteArray header(const QByteArray &name) const;
    bool hasHeaderStartingWith(const QByteArray &prefix) const;
    QString describe() const; // for failure messages
};

// Builds a request: `Host: 127.0.0.1:<port>` unless `headers` has a Host, and a Content-Length
// for the body unless `headers` sets one or asks for chunked transfer.
QByteArray httpRequest(const QByteArray &method, const QByteArray &target, quint16 port,
                       const QList<QPair<QByteArray, QByteArray>> &headers = {}, const QByteArray &body = {});

// Connects to address:port, writes `request` and reads until one complete reply (or the close).
RawHttpReply rawHttp(quint16 port, const QByteArray &request,
                     std::chrono::milliseconds timeout = std::chrono::seconds(15),
                     const QHostAddress &address = QHostAddress::LocalHost);

} // namespace mpa::test
