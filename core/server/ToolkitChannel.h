#pragma once
// One agent connection's logic, the same in server and client mode: authentication state,
// the protocol (ToolkitProtocol), commands run through the shared CommandDispatcher (which checks
// params against the command's schema) in the Toolkit scope, plus the count of
// heartbeats the peer let pass. attach() wires a socket to it the same way in both modes (frames
// in, over-size ones answered, `send` out, pongs as signs of life); the socket side
// (ToolkitWebSocketServer, ToolkitWebSocketClient) keeps only its timers and connection life.
// Replies that arrive after the channel is gone are dropped.

#include "actions/CommandDispatcher.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class QWebSocket;

namespace mpa {

// One connected agent, as the window's Agents page lists it.
struct ToolkitConnection
{
    CommandCaller caller; // with the name it gave itself, if any
    QString transport; // "WebSocket (server mode)", "WebSocket (client mode)"
    QDateTime since;
    QString peer; // where it connects from / the URL dialled
    QString protocol = {}; // what it speaks: "toolkit", "LLM Browser Agent", "tab daemon"
    QString sessionId = {}; // the tab daemon's session for this connection; empty otherwise
};

class ToolkitChannel : public QObject
{
    Q_OBJECT
public:
    // Requests one connection may have running at once; more are refused, not queued.
    static constexpr int kMaxInFlight = 64;
    // Heartbeats in a row the peer may let pass without a sign of life before it is dropped.
    static constexpr int kMaxMissedBeats = 3;
    // Replies waiting to go out to a peer that does not read them; past this it is dropped.
    static constexpr qint64 kMaxUnsentBytes = qint64(16) * 1024 * 1024;

    // `expectedToken` empty: the connection needs no authentication (client mode, or a
    // server-mode connection that presented the token in its URL).
    ToolkitChannel(CommandDispatcher *commands, CommandCaller caller, QString expectedToken,
                   QObject *parent = nullptr);
    ~ToolkitChannel() override;

    const CommandCaller &caller() const { return m_caller; }
    bool isAuthenticated() const { return m_authenticated; }
    // The session the peer (a `tab` daemon) assigned; empty when it assigned none.
    QString sessionId() const { return m_sessionId; }
    int inFlight() const { return m_inFlight; }

    // Text and binary frames from `socket` go to handleMessage(), `send` goes to it, and its
    // pongs count as signs of life. A peer that lets more than kMaxUnsentBytes of replies pile
    // up unread is aborted (its buffers go with it). The socket stays the caller's.
    void attach(QWebSocket *socket);

    // One text message from the peer; one over ToolkitProtocol::kMaxMessageBytes is answered
    // with an error and otherwise ignored.
    void handleMessage(const QByteArray &text);

    // A heartbeat went by: true when the peer has shown no sign of life (any message or pong)
    // for more than kMaxMissedBeats of them and should be dropped.
    bool missedBeat() { return ++m_missedBeats > kMaxMissedBeats; }

Q_SIGNALS:
    void send(const QByteArray &text);
    // The peer must be disconnected (failed authentication); `reason` is a sentence for the
    // close frame and the log.
    void closeRequested(const QString &reason);
    void authenticated();
    // The agent told its name (hello or auth).
    void named(const QString &name);
    // The peer assigned this connection a session ({"type":"session_assigned"}, the tab daemon).
    void sessionAssigned(const QString &sessionId);

private:
    void noteName(const QJsonObject &message);
    void runCommand(const QJsonValue &id, const QString &type, const QJsonObject &params);
    // Runs the next request that came without an id, once the one before it was answered.
    void nextUnnumbered();

    struct Unnumbered
    {
        QString type;
        QJsonObject params;
    };

    CommandDispatcher *m_commands;
    CommandCaller m_caller;
    QString m_expectedToken;
    bool m_authenticated;
    int m_inFlight = 0;
    int m_missedBeats = 0;
    QString m_sessionId;
    QList<Unnumbered> m_unnumbered; // requests without an id: the first one is running
};

} // namespace mpa
