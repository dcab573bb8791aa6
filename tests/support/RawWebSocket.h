#pragma once
// A WebSocket client written by hand, for tests and benches that play an agent as another
// process would: the bytes of an upgrade request and of client frames, and a whole agent on
// blocking POSIX sockets (called from a thread of its own, so the event loop, the server's,
// never waits for it).

#include <QByteArray>
#include <QList>

#include <string>

namespace mpa::test {

// The opening handshake of a WebSocket client on `path`, with `extraHeaders` (each ending in
// CRLF) before the blank line.
QByteArray webSocketUpgradeRequest(quint16 port, const QByteArray &path = "/",
                                   const QByteArray &extraHeaders = {});

// A masked client frame (clients must mask), FIN set.
QByteArray webSocketFrame(const QByteArray &payload, quint8 opcode = 0x1);

// Connects to 127.0.0.1:`port`, upgrades on `path` with `extraHeaders`, sends `firstMessages`
// the moment the upgrade is answered, then a ping; true when the pong comes back within 10 s.
// `why` says what happened otherwise.
bool blockingAgentPing(quint16 port, const QByteArray &path, const QByteArray &extraHeaders,
                       const QList<QByteArray> &firstMessages, std::string *why);

} // namespace mpa::test
