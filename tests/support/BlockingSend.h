#pragma once
// A request sent as a client in another process sends it, for tests and benches that load a
// server: connect and write at once with blocking POSIX calls, so the bytes wait in the server's
// socket before it even accepts, and nothing in this process's event loop delays them.

#include <QByteArray>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace mpa::test {

// A blocking socket connected to 127.0.0.1:`port` that has written `request` whole; the caller
// reads and closes it. -1, with nothing left open, when it could not.
inline int blockingSend(quint16 port, const QByteArray &request)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0
        || ::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL) != request.size()) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace mpa::test
