#pragma once
// One agent connection's logic, the same in server and client mode: authentication state,
// the protocol (AgentProtocol), params checked against the command's schema (ParamsSchema)
// and commands run through the shared CommandDispatcher in the Toolkit scope. The socket side
// (AgentWebSocketServer, AgentWebSocketClient) only moves text: it feeds handleMessage() and
// sends what `send` emits. Replies that arrive after the channel is gone are dropped.

#include "CommandDispatcher.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>

namespace mpa {

class AgentChannel : public QObject
{
    Q_OBJECT
public:
    // `expectedToken` empty: the connection needs no authentication (client mode, or a
    // server-mode connection that presented the token in its URL).
    AgentChannel(CommandDispatcher *commands, CommandCaller caller, QString expectedToken,
                 QObject *parent = nullptr);
    ~AgentChannel() override;

    const CommandCaller &caller() const { return m_caller; }
    bool isAuthenticated() const { return m_authenticated; }
    int inFlight() const { return m_inFlight; }

    // One text message from the peer.
    void handleMessage(const QByteArray &text);

Q_SIGNALS:
    void send(const QByteArray &text);
    // The peer must be disconnected (failed authentication); `reason` is a sentence for the
    // close frame and the log.
    void closeRequested(const QString &reason);
    void authenticated();
    // Any message from the peer: the heartbeat counts it as a sign of life.
    void activity();

private:
    void runCommand(const QJsonValue &id, const QString &type, const QJsonObject &params);

    CommandDispatcher *m_commands;
    CommandCaller m_caller;
    QString m_expectedToken;
    bool m_authenticated;
    int m_inFlight = 0;
};

} // namespace mpa
