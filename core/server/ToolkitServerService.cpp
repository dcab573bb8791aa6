#include "ToolkitServerService.h"

#include "McpHttpServer.h"
#include "ToolkitWebSocketClient.h"
#include "ToolkitWebSocketServer.h"
#include "common/EnumNames.h"
#include "common/SystemClock.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

using namespace Qt::StringLiterals;

namespace mpa {

ToolkitServerService::ToolkitServerService(Settings *settings, CommandDispatcher *commands,
                                           const AppPaths &paths, QObject *parent, Clock *clock)
    : ServerService(
        u"agent server"_s, paths.file(u"agent-token"_s),
        [this](const QString &token) { m_server->setToken(token); }, parent)
    , m_settings(settings)
    , m_server(new ToolkitWebSocketServer(commands, this))
    , m_client(new ToolkitWebSocketClient(commands, paths.file(u"agent-sessions.json"_s), this))
    , m_mcpHttp(new McpHttpServer(commands, clock ? clock : new SystemClock(this), this))
{
    connect(m_settings, &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::AgentServerEnabled || key == SettingKey::AgentServerMode
            || key == SettingKey::AgentServerPort || key == SettingKey::AgentServerUrl)
            applyAgentConnection();
        else if (key == SettingKey::ToolkitMcpHttpPort)
            applyMcpHttp();
    });
    // The token as it is now, at each request: a token made anew is followed at once.
    m_mcpHttp->setTokenSource([this] { return token(); });
    connect(m_mcpHttp, &McpHttpServer::callerGone, this, &ToolkitServerService::callerGone);
    connect(m_server, &ToolkitWebSocketServer::clientsChanged, this, &ToolkitServerService::stateChanged);
    connect(m_server, &ToolkitWebSocketServer::callerGone, this, &ToolkitServerService::callerGone);
    connect(m_client, &ToolkitWebSocketClient::stateChanged, this, &ToolkitServerService::stateChanged);
    connect(m_client, &ToolkitWebSocketClient::callerGone, this, &ToolkitServerService::callerGone);
}

ToolkitServerService::~ToolkitServerService()
{
    m_server->stop();
    m_client->stop();
    m_mcpHttp->stop();
}

bool ToolkitServerService::isEnabled() const
{
    return m_settings->boolValue(SettingKey::AgentServerEnabled);
}

bool ToolkitServerService::isClientMode() const
{
    return m_settings->stringValue(SettingKey::AgentServerMode) == u"client"_s;
}

bool ToolkitServerService::isListening() const
{
    return m_server->isListening();
}

quint16 ToolkitServerService::port() const
{
    return m_server->port();
}

QList<ToolkitConnection> ToolkitServerService::connections() const
{
    return m_server->connections() + m_client->connections();
}

bool ToolkitServerService::disconnectAgent(const QString &clientId)
{
    return m_server->disconnectClient(clientId);
}

int ToolkitServerService::clientCount() const
{
    return m_server->clientCount();
}

void ToolkitServerService::apply()
{
    applyAgentConnection();
    applyMcpHttp();
}

void ToolkitServerService::applyMcpHttp()
{
    const int wantedPort = isRunning() ? m_settings->intValue(SettingKey::ToolkitMcpHttpPort) : 0;
    if (wantedPort == 0) {
        m_mcpHttpError.clear();
        if (m_mcpHttp->isListening()) {
            m_mcpHttp->stop();
            qCInfo(lcServer) << "MCP over HTTP stopped";
            Q_EMIT stateChanged();
        }
        return;
    }
    if (m_mcpHttp->isListening() && m_mcpHttp->port() == wantedPort)
        return;
    m_mcpHttp->stop();
    QString error;
    if (token(&error).isEmpty()) {
        m_mcpHttpError = u"MCP over HTTP stays off: the agent token cannot be created (%1)"_s.arg(error);
    } else if (!m_mcpHttp->start(quint16(wantedPort), &error)) {
        m_mcpHttpError = error + u"; choose another port (setting toolkit/mcpHttpPort)"_s;
    } else {
        m_mcpHttpError.clear();
        qCInfo(lcServer).noquote() << u"MCP over HTTP at http://127.0.0.1:%1/mcp (the agent token in %2 as "
                                      "Authorization: Bearer)"_s.arg(m_mcpHttp->port())
                                          .arg(tokenFilePath());
    }
    if (!m_mcpHttpError.isEmpty())
        qCWarning(lcServer).noquote() << m_mcpHttpError;
    Q_EMIT stateChanged();
}

void ToolkitServerService::applyAgentConnection()
{
    const bool wanted = isRunning() && isEnabled();
    const bool clientMode = isClientMode();

    if (!wanted || clientMode) {
        if (m_server->isListening()) {
            m_server->stop();
            qCInfo(lcServer) << "agent server stopped";
        }
    }
    if (!wanted || !clientMode) {
        if (m_client->state() != ToolkitWebSocketClient::State::Stopped) {
            m_client->stop();
            qCInfo(lcServer) << "agent client stopped";
        }
    }
    if (!wanted) {
        clearError();
        Q_EMIT stateChanged();
        return;
    }

    if (clientMode) {
        const QUrl url(m_settings->stringValue(SettingKey::AgentServerUrl));
        QString error;
        if (!ToolkitWebSocketClient::checkUrl(url, &error)) {
            m_client->stop();
            fail(u"agentServer/url: "_s + error);
            return;
        }
        clearError();
        if (m_client->state() == ToolkitWebSocketClient::State::Stopped || m_client->url() != url) {
            qCInfo(lcServer).noquote() << "agent client: dialling" << url.toString();
            m_client->start(url);
        }
        Q_EMIT stateChanged();
        return;
    }

    const quint16 wantedPort = quint16(m_settings->intValue(SettingKey::AgentServerPort));
    if (m_server->isListening() && m_server->port() == wantedPort)
        return; // already as wanted
    m_server->stop();
    if (tokenToListen().isEmpty())
        return;
    QString error;
    if (!m_server->start(wantedPort, &error)) {
        failOnPort(wantedPort, error + u"; choose another port (setting agentServer/port)"_s);
        return;
    }
    clearError();
    qCInfo(lcServer).noquote() << u"agent server listening on ws://127.0.0.1:%1 (token in %2)"_s
                                      .arg(m_server->port())
                                      .arg(tokenFilePath());
    Q_EMIT stateChanged();
}

QString ToolkitServerService::statusText() const
{
    if (!isRunning() || !isEnabled())
        return tr("Off");
    if (!m_error.isEmpty())
        return m_error;
    if (isClientMode()) {
        const QString url = m_client->url().toString();
        switch (m_client->state()) {
        case ToolkitWebSocketClient::State::Stopped:
            return tr("Off");
        case ToolkitWebSocketClient::State::Connecting:
            return tr("Connecting to %1…").arg(url);
        case ToolkitWebSocketClient::State::Connected:
            return m_client->sessionId().isEmpty()
                ? tr("Connected to %1").arg(url)
                : tr("Connected to %1 (tab daemon, session %2)").arg(url, m_client->sessionId().left(80));
        case ToolkitWebSocketClient::State::Waiting:
            return tr("Connecting to %1 (retry in %2 s): %3")
                .arg(url)
                .arg(m_client->secondsUntilRetry())
                .arg(m_client->lastError());
        }
        return {};
    }
    if (!m_server->isListening())
        return tr("Off");
    const int clients = m_server->clientCount();
    return tr("Listening on 127.0.0.1:%1, %2")
        .arg(m_server->port())
        .arg(clients == 1 ? tr("1 client") : tr("%1 clients").arg(clients));
}

constexpr EnumName<ToolkitWebSocketClient::State> kClientStateNames[] {
    { ToolkitWebSocketClient::State::Stopped, u"off" },
    { ToolkitWebSocketClient::State::Connecting, u"connecting" },
    { ToolkitWebSocketClient::State::Connected, u"connected" },
    { ToolkitWebSocketClient::State::Waiting, u"waiting" },
};

QJsonObject ToolkitServerService::stateJson() const
{
    QString state = u"off"_s;
    if (isRunning() && isEnabled()) {
        if (!m_error.isEmpty())
            state = u"error"_s;
        else if (isClientMode())
            state = enumName(kClientStateNames, m_client->state());
        else if (m_server->isListening())
            state = u"listening"_s;
    }
    return {
        { u"enabled"_s, isEnabled() },
        { u"mode"_s, isClientMode() ? u"client"_s : u"server"_s },
        { u"state"_s, state },
        { u"port"_s,
          m_server->isListening() ? int(m_server->port())
                                  : m_settings->intValue(SettingKey::AgentServerPort) },
        { u"url"_s, m_settings->stringValue(SettingKey::AgentServerUrl) },
        { u"clients"_s,
          isClientMode() ? (m_client->state() == ToolkitWebSocketClient::State::Connected ? 1 : 0)
                         : m_server->clientCount() },
        { u"error"_s, m_error },
        { u"status"_s, statusText() },
        { u"tokenFile"_s, tokenFilePath() },
        // Client mode with a tab daemon: the session it assigned (kept for reconnects).
        { u"sessionId"_s, isClientMode() ? m_client->sessionId() : QString() },
        { u"mcpHttp"_s,
          QJsonObject { { u"listening"_s, m_mcpHttp->isListening() },
                        { u"port"_s,
                          m_mcpHttp->isListening() ? int(m_mcpHttp->port())
                                                   : m_settings->intValue(SettingKey::ToolkitMcpHttpPort) },
                        { u"sessions"_s, m_mcpHttp->sessionCount() },
                        { u"error"_s, m_mcpHttpError } } },
    };
}

} // namespace mpa
