#pragma once
// Runs the agent connection as the settings ask: off, server mode (ToolkitWebSocketServer on
// 127.0.0.1:agentServer/port) or client mode (ToolkitWebSocketClient dialling agentServer/url).
// Follows agentServer/enabled, mode, port and url live — no restart. Keeps the server-mode
// token in <config-dir>/agent-token (mode 0600, created on first start, masked in logs).

#include "actions/CommandDispatcher.h"
#include "TokenFile.h"
#include "settings/AppPaths.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

namespace mpa {

class ToolkitWebSocketClient;
class ToolkitWebSocketServer;
class Settings;

class ToolkitServerService : public QObject
{
    Q_OBJECT
public:
    ToolkitServerService(Settings *settings, CommandDispatcher *commands, const AppPaths &paths,
                       QObject *parent = nullptr);
    ~ToolkitServerService() override;

    // The engine's start and stop: nothing runs outside them.
    void start();
    void stop();

    bool isEnabled() const;
    bool isClientMode() const;
    bool isListening() const;
    quint16 port() const; // listened on; 0 when not listening
    int clientCount() const;
    // Why it is not running although wanted (port in use, token not writable, bad URL …).
    QString error() const { return m_error; }

    // "Off", "Listening on 127.0.0.1:8080, 2 clients", "Connected to ws://…",
    // "Connecting to ws://… (retry in 4 s)", or the error.
    QString statusText() const;
    // {"enabled","mode","state","port","url","clients","error","status","tokenFile"}
    QJsonObject stateJson() const;

    QString tokenFilePath() const;
    // The token, created when missing. Empty (with `error`) when it cannot be written.
    QString token(QString *error = nullptr);
    // A new token; the old one stops working for new connections at once.
    QString regenerateToken(QString *error = nullptr);
    // Takes the token from the file again (the settings window wrote a new one).
    void reloadToken();

    ToolkitWebSocketServer *server() const { return m_server; }
    ToolkitWebSocketClient *client() const { return m_client; }

Q_SIGNALS:
    void stateChanged();
    // A connection ended: whatever the caller owned (tabs) can be released.
    void callerGone(const mpa::CommandCaller &caller);

private:
    void apply();

    Settings *m_settings;
    ToolkitWebSocketServer *m_server;
    ToolkitWebSocketClient *m_client;
    bool m_running = false;
    ServerToken m_token;
    QString m_error;
};

} // namespace mpa
