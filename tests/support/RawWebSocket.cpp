#include "RawWebSocket.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace mpa::test {

QByteArray webSocketUpgradeRequest(quint16 port, const QByteArray &path, const QByteArray &extraHeaders)
{
    return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port)
        + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
          "Sec-WebSocket-Version: 13\r\n"
        + extraHeaders + "\r\n";
}

QByteArray webSocketFrame(const QByteArray &payload, quint8 opcode)
{
    QByteArray frame;
    frame.append(char(0x80 | opcode));
    const quint64 n = quint64(payload.size());
    if (n < 126) {
        frame.append(char(0x80 | n));
    } else if (n < 65536) {
        frame.append(char(0x80 | 126));
        frame.append(char(n >> 8));
        frame.append(char(n & 0xff));
    } else {
        frame.append(char(0x80 | 127));
        for (int i = 7; i >= 0; --i)
            frame.append(char((n >> (8 * i)) & 0xff));
    }
    const char mask[4] = { 0x12, 0x34, 0x56, 0x78 };
    frame.append(mask, 4);
    QByteArray masked = payload;
    for (qsizetype i = 0; i < masked.size(); ++i)
        masked[i] = char(masked[i] ^ mask[i % 4]);
    return frame + masked;
}

bool blockingAgentPing(quint16 port, const QByteArray &path, const QByteArray &extraHeaders,
                       const QList<QByteArray> &firstMessages, std::string *why)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        *why = "no socket";
        return false;
    }
    const timeval limit { 10, 0 };
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const auto finish = [fd, why](bool ok, const std::string &reason) {
        ::close(fd);
        if (!ok)
            *why = reason;
        return ok;
    };
    const auto sendAll = [fd](const QByteArray &bytes) {
        return ::send(fd, bytes.constData(), size_t(bytes.size()), MSG_NOSIGNAL) == bytes.size();
    };
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0)
        return finish(false, "connect failed");
    if (!sendAll(webSocketUpgradeRequest(port, path, extraHeaders)))
        return finish(false, "could not send the upgrade request");
    QByteArray in;
    char buffer[4096];
    const auto receive = [&] {
        const ssize_t got = ::recv(fd, buffer, sizeof buffer, 0);
        if (got <= 0)
            return false;
        in.append(buffer, qsizetype(got));
        return true;
    };
    while (!in.contains("\r\n\r\n")) {
        if (!receive())
            return finish(false, "no answer to the upgrade request");
    }
    if (!in.startsWith("HTTP/1.1 101"))
        return finish(false, "upgrade refused: " + in.left(in.indexOf('\r')).toStdString());
    in.remove(0, in.indexOf("\r\n\r\n") + 4);
    QByteArray out;
    for (const QByteArray &message : firstMessages)
        out += webSocketFrame(message);
    out += webSocketFrame(R"({"type":"ping","id":"p"})");
    if (!sendAll(out))
        return finish(false, "could not send the first messages");
    // Server frames are not masked; the messages here are short.
    for (;;) {
        while (in.size() >= 2) {
            const auto opcode = quint8(in.at(0)) & 0x0f;
            qsizetype length = quint8(in.at(1)) & 0x7f;
            qsizetype offset = 2;
            if (length == 126) {
                if (in.size() < 4)
                    break;
                length = (qsizetype(quint8(in.at(2))) << 8) | quint8(in.at(3));
                offset = 4;
            } else if (length == 127) {
                return finish(false, "unexpected huge frame");
            }
            if (in.size() < offset + length)
                break;
            const QByteArray payload = in.mid(offset, length);
            in.remove(0, offset + length);
            if (opcode == 0x8)
                return finish(false, "closed by the server: " + payload.mid(2).toStdString());
            if (opcode == 0x1 && payload.contains("\"pong\""))
                return finish(true, {});
        }
        if (!receive())
            return finish(false, "no pong within 10 s (or the connection ended)");
    }
}

} // namespace mpa::test
