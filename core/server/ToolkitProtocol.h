#pragma once
// The browser toolkit's wire protocol (DESIGN.md "Browser toolkit protocol"), shared by the
// agent WebSocket server and client: requests {"id","type","params"} are parsed here and
// replies {"id","success","data"|"error"} written here, so both modes speak exactly alike.
// Heartbeat is {"type":"ping"} ↔ {"type":"pong"}; {"type":"auth","token":…} authenticates a
// server-mode connection; {"type":"hello",…} introduces a client-mode connection. Client mode
// also speaks the `tab` daemon's handshake (stakpak/tab): {"type":"register", windowId,
// cachedSessionId} out, {"type":"session_assigned", sessionId} back.

#include "actions/CommandDispatcher.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace mpa::ToolkitProtocol {

// Messages up to this size are processed; larger ones get an error reply.
constexpr qint64 kMaxMessageBytes = qint64(1024) * 1024;
// Messages beyond this close the connection (the socket will not even assemble them).
constexpr qint64 kMaxFrameBytes = qint64(16) * 1024 * 1024;
constexpr int kMaxJsonDepth = 64;

struct Message
{
    enum class Kind {
        Request, // a command: id, type, params
        Ping,
        Pong,
        Auth, // token
        Hello, // the other side introduces itself (ignored beyond logging)
        SessionAssigned, // the tab daemon's session for this connection: sessionId
        Invalid, // error says what is wrong; id is echoed when one could be read
    };

    Kind kind = Kind::Invalid;
    QJsonValue id; // as sent: a string, or Undefined for a request without one (Invalid: anything)
    QString type;
    QJsonObject params;
    QString token;
    QString sessionId;
    QJsonObject raw;
    QString error;

    QString idString() const { return id.isString() ? id.toString() : QString(); }
};

// Parses one text message. Never fails silently: an unusable message is Kind::Invalid with a
// sentence in `error` naming what was wrong and what to send instead.
Message parse(const QByteArray &text);

// {"id":…,"success":true,"data":…} / {"id":…,"success":false,"error":…}
QByteArray reply(const QJsonValue &id, const CommandResult &result);
QByteArray errorReply(const QJsonValue &id, const QString &error);
QByteArray ping();
// {"type":"register","windowId":N,"cachedSessionId":… or null}
QByteArray registration(int windowId, const QString &cachedSessionId);
QByteArray pong(const QJsonValue &id = QJsonValue::Undefined);
// A message over the size limit: the reply echoes the id when it can be read from the head.
QByteArray oversizeReply(const QByteArray &head, qint64 size);

QByteArray toText(const QJsonObject &object);

} // namespace mpa::ToolkitProtocol
