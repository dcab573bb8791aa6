#pragma once
// The debug API's HTTP server (DESIGN.md "Debug API"): POST /api/action with
// {"action": NAME, "params": {...}} and GET /api/state, answered from the shared
// CommandDispatcher's DebugApi scope.
//
// Listens on 127.0.0.1 only. Every request must carry the token (Authorization: Bearer …);
// a Host that is not a loopback name and any Origin (a web page's request, e.g. after DNS
// rebinding) are refused; no CORS headers are ever sent. Transport limits (1 MiB body, head
// size, one request per connection) are enforced by the HttpRequestGate that serves it.

#include "LoopbackGate.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <chrono>
#include <optional>

namespace mpa {

class Clock;
class CommandDispatcher;

class DebugApiServer : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 kMaxBodyBytes = qint64(1024) * 1024;
    static constexpr int kMaxJsonDepth = 64;
    static constexpr std::chrono::milliseconds kRefusalLogInterval { 5000 };

    // Refusals are logged at most once per kRefusalLogInterval of `clock`'s time.
    DebugApiServer(CommandDispatcher *commands, Clock *clock, QObject *parent = nullptr);
    ~DebugApiServer() override;

    // Requests must present this token; with none set every request is refused.
    void setToken(const QString &token) { m_token = token; }
    // How long an action may take before the request fails with 500 (default 90 s).
    void setReplyTimeout(std::chrono::milliseconds timeout) { m_replyTimeout = timeout; }

    // Listens on 127.0.0.1:`port` (0: any free port). False with a sentence in `error`.
    bool start(quint16 port, QString *error = nullptr);
    void stop();
    bool isListening() const;
    quint16 port() const;

    // The checks, public for tests.
    // True for "localhost", "127.0.0.1", "[::1]" and other loopback addresses, with or
    // without a port.
    static bool isLoopbackHost(const QByteArray &host);
    // What every local HTTP endpoint of the app checks first (the debug API, MCP over HTTP): one
    // Host header naming a loopback address (DNS rebinding), no Origin and no Sec-Fetch-Site but
    // "none" (a web page's request). Empty when the request passes; else the sentence, with 400 or
    // 403 in `status`. `service` names the endpoint in it, `localClient` says what to call it from.
    static QString pageRequestProblem(const HttpRequestGate::Request &request, quint16 port,
                                      const QString &service, const QString &localClient, int *status);

private:
    void handleRequest(const HttpRequestGate::Request &request, QTcpSocket *socket);
    struct Reply
    {
        int status = 200;
        QJsonObject body;
        QList<std::pair<QByteArray, QByteArray>> headers;
    };

    void dispatchAction(const QString &action, const QJsonObject &params, const QString &client,
                        const std::function<void(const Reply &)> &send);
    static Reply failure(int status, const QString &error);
    void noteRefusal(const QString &line);

    CommandDispatcher *m_commands;
    LoopbackGate m_gate;
    QString m_token;
    std::chrono::milliseconds m_replyTimeout { 90000 };
    Clock *m_clock;
    std::optional<qint64> m_lastRefusalLoggedMs; // on m_clock
    int m_refusalsNotLogged = 0;
};

} // namespace mpa
