#pragma once
// Client mode of the agent connection: dials out to an agent that listens (agentServer/url,
// ws://localhost:8080 by default, as the "LLM Browser Agent" extension did), introduces itself
// with {"type":"hello",…} and, as the extension's later releases did for the `tab` daemon,
// {"type":"register","windowId":N,"cachedSessionId":…}; then answers the agent's requests in
// the same protocol as the server mode. A daemon answers the register with
// {"type":"session_assigned","sessionId":…}: the session is kept (AgentSessions) and offered
// again after a reconnect, so the daemon reattaches the same session; agents that assign none
// just ignore the register. One connection for the whole browser: the app is one window to the
// daemon. Sends {"type":"ping"} and a WebSocket ping every 20 s and answers the agent's pings;
// reconnects when the agent answers neither for three of them or goes away, with a backoff of
// 1 s doubling up to 30 s.

#include "AgentSessions.h"
#include "ToolkitChannel.h"
#include "actions/CommandDispatcher.h"

#include <QObject>
#include <QTimer>
#include <QUrl>

#include <chrono>

class QWebSocket;

namespace mpa {

class ToolkitWebSocketClient : public QObject
{
    Q_OBJECT
public:
    enum class State { Stopped, Connecting, Connected, Waiting };

    static constexpr std::chrono::milliseconds kFirstRetry { 1000 };
    static constexpr std::chrono::milliseconds kLongestRetry { 30000 };

    // `sessionsFile`: where the daemon's sessions are kept (agent-sessions.json in the config dir).
    ToolkitWebSocketClient(CommandDispatcher *commands, const QString &sessionsFile,
                           QObject *parent = nullptr);
    ~ToolkitWebSocketClient() override;

    // ws:// or wss:// URL; false with a sentence in `error` for anything else.
    static bool checkUrl(const QUrl &url, QString *error);

    void start(const QUrl &url);
    void stop();
    void setHeartbeatInterval(std::chrono::milliseconds interval);

    State state() const { return m_state; }
    QUrl url() const { return m_url; }
    // While Waiting: seconds until the next attempt (rounded up).
    int secondsUntilRetry() const;
    QString lastError() const { return m_lastError; }
    int attempts() const { return m_attempts; }
    // The agent it is connected to; empty when not connected.
    QList<ToolkitConnection> connections() const;
    // The session the agent (a tab daemon) assigned this connection; empty when none.
    QString sessionId() const { return m_channel ? m_channel->sessionId() : QString(); }

Q_SIGNALS:
    void stateChanged();
    void callerGone(const mpa::CommandCaller &caller);

private:
    void connectNow();
    void onConnected();
    void onDisconnected();
    void scheduleRetry();
    void setState(State state);
    void releaseSocket();

    CommandDispatcher *m_commands;
    AgentSessions m_sessions;
    QUrl m_url;
    QDateTime m_connectedSince;
    QWebSocket *m_socket = nullptr;
    ToolkitChannel *m_channel = nullptr;
    QTimer m_retry;
    QTimer m_heartbeat;
    State m_state = State::Stopped;
    std::chrono::milliseconds m_backoff = kFirstRetry;
    QString m_lastError;
    QString m_pendingError; // why the client itself dropped the connection
    int m_attempts = 0;
    quint64 m_connectionNumber = 0;
};

} // namespace mpa
