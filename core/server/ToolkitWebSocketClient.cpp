#include "ToolkitWebSocketClient.h"

#include "ToolkitChannel.h"
#include "ToolkitProtocol.h"
#include "logging/LogCategories.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QWebSocket>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace mpa {

ToolkitWebSocketClient::ToolkitWebSocketClient(CommandDispatcher *commands, const QString &sessionsFile,
                                               QObject *parent)
    : QObject(parent)
    , m_commands(commands)
    , m_sessions(sessionsFile)
{
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &ToolkitWebSocketClient::connectNow);
    m_heartbeat.setInterval(20s);
    connect(&m_heartbeat, &QTimer::timeout, this, [this] {
        if (!m_socket || !m_channel || m_state != State::Connected)
            return;
        if (m_channel->missedBeat()) {
            m_pendingError = u"the agent stopped answering pings"_s;
            qCWarning(lcServer).noquote() << "agent client:" << m_pendingError << "; reconnecting";
            m_socket->abort();
            return;
        }
        // Both kinds: the protocol's JSON ping for agents that speak it, and a WebSocket ping
        // frame that every WebSocket server answers by itself (so a quiet agent is not dropped).
        m_socket->sendTextMessage(QString::fromUtf8(ToolkitProtocol::ping()));
        m_socket->ping();
    });
}

ToolkitWebSocketClient::~ToolkitWebSocketClient()
{
    stop();
}

bool ToolkitWebSocketClient::checkUrl(const QUrl &url, QString *error)
{
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != u"ws"_s && scheme != u"wss"_s) || url.host().isEmpty()) {
        if (error)
            *error = u"'%1' is not a WebSocket URL; use one like ws://localhost:8080"_s.arg(url.toString());
        return false;
    }
    return true;
}

void ToolkitWebSocketClient::setHeartbeatInterval(std::chrono::milliseconds interval)
{
    m_heartbeat.setInterval(interval);
}

void ToolkitWebSocketClient::start(const QUrl &url)
{
    stop();
    m_url = url;
    m_backoff = kFirstRetry;
    m_attempts = 0;
    m_lastError.clear();
    if (!checkUrl(url, &m_lastError)) {
        qCWarning(lcServer).noquote() << "agent client:" << m_lastError;
        setState(State::Stopped);
        return;
    }
    connectNow();
}

void ToolkitWebSocketClient::stop()
{
    m_retry.stop();
    m_heartbeat.stop();
    releaseSocket();
    setState(State::Stopped);
}

int ToolkitWebSocketClient::secondsUntilRetry() const
{
    if (m_state != State::Waiting || !m_retry.isActive())
        return 0;
    return int(std::ceil(m_retry.remainingTime() / 1000.0));
}

void ToolkitWebSocketClient::releaseSocket()
{
    if (!m_socket)
        return;
    QWebSocket *socket = m_socket;
    const bool wasConnected = m_channel != nullptr;
    const CommandCaller caller = m_channel ? m_channel->caller() : CommandCaller {};
    m_socket = nullptr;
    m_channel = nullptr;
    socket->disconnect(this);
    socket->abort();
    socket->deleteLater(); // with its channel: late replies are dropped
    if (wasConnected)
        Q_EMIT callerGone(caller);
}

void ToolkitWebSocketClient::connectNow()
{
    releaseSocket();
    ++m_attempts;
    m_socket = new QWebSocket(u"multi-purpose-agent"_s, QWebSocketProtocol::VersionLatest, this);
    m_socket->setMaxAllowedIncomingMessageSize(ToolkitProtocol::kMaxFrameBytes);
    m_socket->setMaxAllowedIncomingFrameSize(ToolkitProtocol::kMaxFrameBytes);
    connect(m_socket, &QWebSocket::connected, this, &ToolkitWebSocketClient::onConnected);
    connect(m_socket, &QWebSocket::disconnected, this, &ToolkitWebSocketClient::onDisconnected);
    connect(m_socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this,
            [this](QAbstractSocket::SocketError) { onDisconnected(); });
    setState(State::Connecting);
    qCDebug(lcServer).noquote() << "agent client: connecting to" << m_url.toString();
    m_socket->open(m_url);
}

void ToolkitWebSocketClient::onConnected()
{
    QWebSocket *socket = m_socket;
    m_backoff = kFirstRetry;
    m_lastError.clear();
    const CommandCaller caller { u"agent-client"_s, u"client-%1"_s.arg(++m_connectionNumber) };
    m_channel = new ToolkitChannel(m_commands, caller, QString(), socket);
    m_channel->attach(socket);

    QJsonArray types;
    for (const CommandDispatcher::Command &c : m_commands->commands(CommandDispatcher::Scope::Toolkit))
        types.append(c.name);
    socket->sendTextMessage(QString::fromUtf8(ToolkitProtocol::toText({
        { u"type"_s, u"hello"_s },
        { u"client"_s, u"multi-purpose-agent"_s },
        { u"version"_s, QCoreApplication::applicationVersion() },
        { u"protocol"_s, 1 },
        { u"types"_s, types },
    })));
    // The tab daemon's handshake, as the extension registers each window: the session the daemon
    // assigned before (if any) is asked for again, so commands keep their session across reconnects.
    const QString agent = m_url.toString();
    socket->sendTextMessage(QString::fromUtf8(
        ToolkitProtocol::registration(m_sessions.windowId(agent), m_sessions.sessionId(agent))));
    m_heartbeat.start();
    m_connectedSince = QDateTime::currentDateTime();
    connect(m_channel, &ToolkitChannel::named, this, &ToolkitWebSocketClient::stateChanged);
    connect(m_channel, &ToolkitChannel::sessionAssigned, this, [this, agent](const QString &sessionId) {
        QString error;
        if (!m_sessions.setSessionId(agent, sessionId, &error))
            qCWarning(lcServer).noquote()
                << "agent client: the session" << sessionId.left(80) << "is not kept:" << error;
        Q_EMIT stateChanged();
    });
    qCInfo(lcServer).noquote() << "agent client: connected to" << m_url.toString();
    setState(State::Connected);
}

QList<ToolkitConnection> ToolkitWebSocketClient::connections() const
{
    if (m_state != State::Connected || !m_channel)
        return {};
    const QString session = m_channel->sessionId();
    return { { m_channel->caller(), tr("WebSocket (client mode)"), m_connectedSince, m_url.toString(),
               session.isEmpty() ? tr("LLM Browser Agent") : tr("tab daemon"), session } };
}

void ToolkitWebSocketClient::onDisconnected()
{
    if (!m_socket)
        return; // already handled (error and disconnected both report one loss)
    m_heartbeat.stop();
    const bool wasConnected = m_state == State::Connected;
    if (!m_pendingError.isEmpty()) {
        m_lastError = m_pendingError; // the heartbeat gave up
    } else if (wasConnected) {
        m_lastError = m_socket->closeReason().isEmpty()
            ? u"the agent closed the connection"_s
            : u"the agent closed the connection: %1"_s.arg(m_socket->closeReason());
    } else {
        const QString socketError = m_socket->errorString();
        m_lastError = socketError.isEmpty() || socketError == u"Unknown error"_s
            ? u"nothing answers at %1"_s.arg(m_url.toString())
            : socketError;
    }
    m_pendingError.clear();
    releaseSocket();
    if (wasConnected)
        qCInfo(lcServer).noquote() << "agent client: disconnected from" << m_url.toString() << "-"
                                   << m_lastError;
    scheduleRetry();
}

void ToolkitWebSocketClient::scheduleRetry()
{
    m_retry.start(m_backoff);
    qCDebug(lcServer).noquote()
        << u"agent client: %1; retrying in %2 s"_s.arg(m_lastError).arg(double(m_backoff.count()) / 1000.0);
    m_backoff = std::min(m_backoff * 2, kLongestRetry);
    setState(State::Waiting);
}

void ToolkitWebSocketClient::setState(State state)
{
    // Waiting → Waiting carries a new retry time: worth a repaint.
    if (m_state == state && state != State::Waiting)
        return;
    m_state = state;
    Q_EMIT stateChanged();
}

} // namespace mpa
