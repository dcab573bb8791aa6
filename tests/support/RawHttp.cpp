#include "RawHttp.h"

#include "Wait.h"

#include <QJsonDocument>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace mpa::test {

QByteArray RawHttpReply::header(const QByteArray &name) const
{
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

bool RawHttpReply::hasHeaderStartingWith(const QByteArray &prefix) const
{
    for (const auto &h : headers) {
        if (h.first.toLower().startsWith(prefix.toLower()))
            return true;
    }
    return false;
}

QString RawHttpReply::describe() const
{
    QString text = u"HTTP %1"_s.arg(status);
    if (!error.isEmpty())
        text += u" (%1)"_s.arg(error);
    return text + u": "_s + QString::fromUtf8(body.left(600));
}

QByteArray httpRequest(const QByteArray &method, const QByteArray &target, quint16 port,
                       const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &body)
{
    QByteArray out = method + ' ' + target + " HTTP/1.1\r\n";
    bool hasHost = false;
    bool hasLength = false;
    for (const auto &h : headers) {
        const QByteArray name = h.first.toLower();
        hasHost = hasHost || name == "host";
        hasLength = hasLength || name == "content-length" || name == "transfer-encoding";
    }
    if (!hasHost)
        out += "Host: 127.0.0.1:" + QByteArray::number(port) + "\r\n";
    for (const auto &h : headers)
        out += h.first + ": " + h.second + "\r\n";
    if (!hasLength && (!body.isEmpty() || method == "POST"))
        out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    return out + "\r\n" + body;
}

namespace {

// Parses as much of `data` as forms a complete reply; false while more is needed.
bool parseReply(const QByteArray &data, bool closed, RawHttpReply *reply)
{
    QByteArray rest = data;
    reply->interim.clear();
    while (true) {
        const qsizetype end = rest.indexOf("\r\n\r\n");
        if (end < 0)
            return false;
        const QList<QByteArray> lines = rest.left(end).split('\n');
        const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
        const int status = statusLine.value(1).toInt();
        if (status >= 100 && status < 200) {
            reply->interim.append(status);
            rest = rest.mid(end + 4);
            continue;
        }
        reply->status = status;
        reply->statusLine = lines.first().trimmed();
        reply->headers.clear();
        qint64 length = -1;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon <= 0)
                continue;
            const QByteArray name = line.left(colon).trimmed();
            const QByteArray value = line.mid(colon + 1).trimmed();
            reply->headers.append({ name, value });
            if (name.compare("content-length", Qt::CaseInsensitive) == 0)
                length = value.toLongLong();
        }
        const QByteArray body = rest.mid(end + 4);
        if (length >= 0 && body.size() < length)
            return false;
        if (length < 0 && !closed)
            return false;
        reply->body = length >= 0 ? body.left(length) : body;
        reply->json = QJsonDocument::fromJson(reply->body).object();
        return true;
    }
}

} // namespace

RawHttpReply rawHttp(quint16 port, const QByteArray &request, std::chrono::milliseconds timeout,
                     const QHostAddress &address)
{
    RawHttpReply reply;
    QTcpSocket socket;
    QByteArray received;
    bool closed = false;
    bool complete = false;
    QString socketError;
    QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [&] {
        received += socket.readAll();
        complete = parseReply(received, false, &reply);
    });
    QObject::connect(&socket, &QTcpSocket::disconnected, &socket, [&] { closed = true; });
    QObject::connect(&socket, &QAbstractSocket::errorOccurred, &socket,
                     [&](QAbstractSocket::SocketError error) {
                         if (error != QAbstractSocket::RemoteHostClosedError)
                             socketError = socket.errorString();
                         closed = true;
                     });
    socket.connectToHost(address, port);
    if (!waitUntil([&] { return socket.state() == QAbstractSocket::ConnectedState || closed; }, timeout)) {
        reply.error = u"could not connect within the timeout"_s;
        return reply;
    }
    if (closed) {
        reply.error = socketError.isEmpty() ? u"connection closed"_s : socketError;
        return reply;
    }
    socket.write(request);
    waitUntil([&] { return complete || closed; }, timeout);
    received += socket.readAll();
    if (!complete)
        complete = parseReply(received, true, &reply);
    if (!complete) {
        reply.status = 0;
        reply.error = closed ? (socketError.isEmpty() ? u"closed without a complete reply"_s : socketError)
                             : u"no complete reply within the timeout"_s;
    }
    socket.abort();
    return reply;
}

} // namespace mpa::test
