#pragma once
// Runs the agent connection as the settings ask: off, server mode (ToolkitWebSocketServer on
// 127.0.0.1:agentServer/port) or client mode (ToolkitWebSocketClient dialling agentServer/url),
// and MCP over HTTP (McpHttpServer on 127.0.0.1:toolkit/mcpHttpPort, 0: off) beside either.
// Follows agentServer/enabled, mode, port, url and toolkit/mcpHttpPort live — no restart. Keeps
// the agents' token in <config-dir>/agent-token (mode 0600, created on first start, masked in
// logs): the WebSocket server and the MCP endpoint take the same one.

#include "ServerService.h"
#include "ToolkitChannel.h"
#include "actions/CommandDispatcher.h"
#include "settings/AppPaths.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

namespace mpa {

class Clock;
class McpHttpServer;
class ToolkitWebSocketClient;
class ToolkitWebSocketServer;
class Settings;

class ToolkitServerService : public ServerService
{
    Q_OBJECT
public:
    // `clock`: what idle MCP sessions end on (the system clock when null).
    ToolkitServerService(Settings *settings, CommandDispatcher *commands, const AppPaths &paths,
                         QObject *parent = nullptr, Clock *clock = nullptr);
    ~ToolkitServerService() override;

    bool isEnabled() const;
    bool isClientMode() const;
    bool isListening() const;
    quint16 port() const; // listened on; 0 when not listening
    int clientCount() const;
    // The agents connected now (server mode's clients, or the agent client mode dialled).
    QList<ToolkitConnection> connections() const;
    // Ends an agent's connection (server mode); false when it is not connected here.
    bool disconnectAgent(const QString &clientId);
    // "Off", "Listening on 127.0.0.1:8080, 2 clients", "Connected to ws://…",
    // "Connecting to ws://… (retry in 4 s)", or the error.
    QString statusText() const;
    // {"enabled","mode","state","port","url","clients","error","status","tokenFile","sessionId",
    //  "mcpHttp":{"listening","port","sessions","error"}}
    QJsonObject stateJson() const;

    ToolkitWebSocketServer *server() const { return m_server; }
    ToolkitWebSocketClient *client() const { return m_client; }
    McpHttpServer *mcpHttp() const { return m_mcpHttp; }

Q_SIGNALS:
    // A connection ended: whatever the caller owned (tabs) can be released.
    void callerGone(const mpa::CommandCaller &caller);

private:
    void apply() override;
    void applyAgentConnection();
    void applyMcpHttp();

    Settings *m_settings;
    ToolkitWebSocketServer *m_server;
    ToolkitWebSocketClient *m_client;
    McpHttpServer *m_mcpHttp;
    QString m_mcpHttpError; // why the wanted MCP endpoint is not served
};

} // namespace mpa
