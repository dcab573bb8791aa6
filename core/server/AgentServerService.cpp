#include "AgentServerService.h"

#include "AgentWebSocketClient.h"
#include "AgentWebSocketServer.h"
#include "TokenFile.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

using namespace Qt::StringLiterals;

namespace mpa {

AgentServerService::AgentServerService(Settings *settings, CommandDispatcher *commands, const AppPaths &paths,
                                       QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_server(new AgentWebSocketServer(commands, this))
    , m_client(new AgentWebSocketClient(commands, this))
    , m_token(paths.file(u"agent-token"_s), [this](const QString &token) { m_server->setToken(token); })
{
    connect(m_settings, &Settings::changed, this, [this](SettingKey key) {
        if (key == SettingKey::AgentServerEnabled || key == SettingKey::AgentServerMode
            || key == SettingKey::AgentServerPort || key == SettingKey::AgentServerUrl)
            apply();
    });
    connect(m_server, &AgentWebSocketServer::clientsChanged, this, &AgentServerService::stateChanged);
    connect(m_server, &AgentWebSocketServer::callerGone, this, &AgentServerService::callerGone);
    connect(m_client, &AgentWebSocketClient::stateChanged, this, &AgentServerService::stateChanged);
    connect(m_client, &AgentWebSocketClient::callerGone, this, &AgentServerService::callerGone);
}

AgentServerService::~AgentServerService()
{
    m_server->stop();
    m_client->stop();
}

void AgentServerService::start()
{
    m_running = true;
    apply();
}

void AgentServerService::stop()
{
    m_running = false;
    apply();
}

bool AgentServerService::isEnabled() const
{
    return m_settings->boolValue(SettingKey::AgentServerEnabled);
}

bool AgentServerService::isClientMode() const
{
    return m_settings->stringValue(SettingKey::AgentServerMode) == u"client"_s;
}

bool AgentServerService::isListening() const
{
    return m_server->isListening();
}

quint16 AgentServerService::port() const
{
    return m_server->port();
}

int AgentServerService::clientCount() const
{
    return m_server->clientCount();
}

QString AgentServerService::tokenFilePath() const
{
    return m_token.path();
}

QString AgentServerService::token(QString *error)
{
    return m_token.get(error);
}

QString AgentServerService::regenerateToken(QString *error)
{
    const QString token = m_token.regenerate(error);
    if (token.isEmpty())
        return {};
    qCInfo(lcServer) << "agent server token regenerated; new connections need the new one";
    Q_EMIT stateChanged();
    return token;
}

void AgentServerService::reloadToken()
{
    if (!m_token.reload())
        return;
    qCInfo(lcServer) << "agent server: took the new token from" << tokenFilePath();
    Q_EMIT stateChanged();
}

void AgentServerService::apply()
{
    const bool wanted = m_running && isEnabled();
    const bool clientMode = isClientMode();

    if (!wanted || clientMode) {
        if (m_server->isListening()) {
            m_server->stop();
            qCInfo(lcServer) << "agent server stopped";
        }
    }
    if (!wanted || !clientMode) {
        if (m_client->state() != AgentWebSocketClient::State::Stopped) {
            m_client->stop();
            qCInfo(lcServer) << "agent client stopped";
        }
    }
    if (!wanted) {
        m_error.clear();
        Q_EMIT stateChanged();
        return;
    }

    if (clientMode) {
        const QUrl url(m_settings->stringValue(SettingKey::AgentServerUrl));
        QString error;
        if (!AgentWebSocketClient::checkUrl(url, &error)) {
            m_client->stop();
            m_error = u"agentServer/url: "_s + error;
            qCWarning(lcServer).noquote() << "agent client:" << m_error;
            Q_EMIT stateChanged();
            return;
        }
        m_error.clear();
        if (m_client->state() == AgentWebSocketClient::State::Stopped || m_client->url() != url) {
            qCInfo(lcServer).noquote() << "agent client: dialling" << url.toString();
            m_client->start(url);
        }
        Q_EMIT stateChanged();
        return;
    }

    const quint16 wantedPort = quint16(m_settings->intValue(SettingKey::AgentServerPort));
    if (m_server->isListening() && m_server->port() == wantedPort)
        return; // already as wanted
    QString error;
    if (token(&error).isEmpty()) {
        m_server->stop();
        m_error = u"the agent server stays off: its token cannot be created (%1)"_s.arg(error);
        qCWarning(lcServer).noquote() << m_error;
        Q_EMIT stateChanged();
        return;
    }
    m_server->stop();
    if (!m_server->start(wantedPort, &error)) {
        m_error = error + u"; choose another port (setting agentServer/port)"_s;
        qCWarning(lcServer).noquote() << "agent server:" << m_error;
        Q_EMIT stateChanged();
        return;
    }
    m_error.clear();
    qCInfo(lcServer).noquote() << u"agent server listening on ws://127.0.0.1:%1 (token in %2)"_s
                                      .arg(m_server->port())
                                      .arg(tokenFilePath());
    Q_EMIT stateChanged();
}

QString AgentServerService::statusText() const
{
    if (!m_running || !isEnabled())
        return tr("Off");
    if (!m_error.isEmpty())
        return m_error;
    if (isClientMode()) {
        const QString url = m_client->url().toString();
        switch (m_client->state()) {
        case AgentWebSocketClient::State::Stopped:
            return tr("Off");
        case AgentWebSocketClient::State::Connecting:
            return tr("Connecting to %1…").arg(url);
        case AgentWebSocketClient::State::Connected:
            return tr("Connected to %1").arg(url);
        case AgentWebSocketClient::State::Waiting:
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

QJsonObject AgentServerService::stateJson() const
{
    QString state = u"off"_s;
    if (m_running && isEnabled()) {
        if (!m_error.isEmpty())
            state = u"error"_s;
        else if (isClientMode()) {
            switch (m_client->state()) {
            case AgentWebSocketClient::State::Stopped:
                state = u"off"_s;
                break;
            case AgentWebSocketClient::State::Connecting:
                state = u"connecting"_s;
                break;
            case AgentWebSocketClient::State::Connected:
                state = u"connected"_s;
                break;
            case AgentWebSocketClient::State::Waiting:
                state = u"waiting"_s;
                break;
            }
        } else if (m_server->isListening())
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
          isClientMode() ? (m_client->state() == AgentWebSocketClient::State::Connected ? 1 : 0)
                         : m_server->clientCount() },
        { u"error"_s, m_error },
        { u"status"_s, statusText() },
        { u"tokenFile"_s, tokenFilePath() },
    };
}

} // namespace mpa
