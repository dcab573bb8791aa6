#pragma once
// The browser toolkit over MCP's streamable HTTP transport (spec 2025-03-26 and 2025-06-18):
// one endpoint, http://127.0.0.1:PORT/mcp, on the app's HttpRequestGate.
//
//   POST   a JSON-RPC message (or batch) → 200 application/json with the replies, or 202 with
//          no body when it held only notifications and responses. An initialize without a
//          session starts one: its reply carries Mcp-Session-Id, which every later request
//          presents (a missing one is 400, an unknown or ended one 404).
//   DELETE ends the session: the tabs its agent owned are released (callerGone), as when a
//          stdio client goes; a session idle for idleTimeout() ends the same way.
//   GET    405: there is no server-initiated stream.
//
// Each session is one agent with its own McpServer (the same tools, schemas and replies as on
// stdio) and its own caller {"mcp", "http-N", clientInfo.name}. Every request carries the agent
// token as Authorization: Bearer (401 without it or with another); like the debug API it answers
// only to loopback Host names and never to a web page's request (Origin, Sec-Fetch-Site: 403).
// Errors are JSON-RPC error objects with a sentence saying what was wrong.

#include "LoopbackGate.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>

#include <chrono>
#include <functional>

namespace mpa {

class Clock;
class ClockTimer;
class CommandDispatcher;
class McpServer;
struct CommandCaller;

class McpHttpServer : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxSessions = 32;
    static constexpr std::chrono::milliseconds kDefaultIdleTimeout { 30 * 60 * 1000 };
    // How long one request may wait for its replies (a tool call's own timeouts come first).
    static constexpr std::chrono::milliseconds kConnectionLifetime { 10 * 60 * 1000 };
    static constexpr char kPath[] = "/mcp";

    // Idle sessions end on `clock`'s time.
    McpHttpServer(CommandDispatcher *commands, Clock *clock, QObject *parent = nullptr);
    ~McpHttpServer() override;

    // Where the agent token is read at each request (so a token made anew elsewhere is
    // followed at once); an empty token refuses every request.
    void setTokenSource(std::function<QString()> token) { m_token = std::move(token); }
    void setIdleTimeout(std::chrono::milliseconds timeout) { m_idleTimeout = timeout; }
    std::chrono::milliseconds idleTimeout() const { return m_idleTimeout; }

    // Listens on 127.0.0.1:`port` (0: any free port). False with a sentence in `error`.
    bool start(quint16 port, QString *error = nullptr);
    // Stops listening and ends every session (their tabs are released).
    void stop();
    bool isListening() const;
    quint16 port() const;
    int sessionCount() const { return int(m_sessions.size()); }

Q_SIGNALS:
    // A session ended (DELETE, idle, stop): whatever its agent owned (tabs) can be released.
    void callerGone(const mpa::CommandCaller &caller);

private:
    struct Session
    {
        McpServer *server = nullptr;
        ClockTimer *idle = nullptr;
        QString label; // "http-N"
    };

    void handleRequest(const HttpRequestGate::Request &request, QTcpSocket *socket);
    void handlePost(const HttpRequestGate::Request &request, QTcpSocket *socket, const QByteArray &sessionId);
    // Keeps `server` as a new session when its initialize succeeded; the session's id, or empty
    // (and `server` goes) when it failed.
    QByteArray openSession(McpServer *server, const QByteArray &initializeReply);
    void endSession(const QByteArray &id, const QString &why);
    void touch(const QByteArray &id);

    CommandDispatcher *m_commands;
    Clock *m_clock;
    std::function<QString()> m_token;
    std::chrono::milliseconds m_idleTimeout = kDefaultIdleTimeout;
    LoopbackGate m_gate;
    QHash<QByteArray, Session> m_sessions; // by Mcp-Session-Id
    int m_nextSession = 1;
};

} // namespace mpa
