#pragma once
// Client mode of the agent connection: dials out to an agent that listens (agentServer/url,
// ws://localhost:8080 by default, as the "LLM Browser Agent" extension did), introduces itself
// with {"type":"hello",…} and then answers the agent's requests in the same protocol as the
// server mode. Sends {"type":"ping"} and a WebSocket ping every 20 s and reconnects when the
// agent answers neither for three of them or goes away, with a backoff of 1 s doubling up to
// 30 s.

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

    explicit ToolkitWebSocketClient(CommandDispatcher *commands, QObject *parent = nullptr);
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
