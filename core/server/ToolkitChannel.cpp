#include "ToolkitChannel.h"

#include "TokenFile.h"
#include "ToolkitProtocol.h"
#include "logging/LogCategories.h"

#include <QJsonArray>
#include <QWebSocket>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// {"type":"auth","success":true}, with the request's id when it had one.
QByteArray authAccepted(const QJsonValue &id)
{
    QJsonObject ok { { u"type"_s, u"auth"_s }, { u"success"_s, true } };
    if (!id.isUndefined())
        ok.insert(u"id"_s, id);
    return ToolkitProtocol::toText(ok);
}

} // namespace

ToolkitChannel::ToolkitChannel(CommandDispatcher *commands, CommandCaller caller, QString expectedToken,
                               QObject *parent)
    : QObject(parent)
    , m_commands(commands)
    , m_caller(std::move(caller))
    , m_expectedToken(std::move(expectedToken))
    , m_authenticated(m_expectedToken.isEmpty())
{
}

ToolkitChannel::~ToolkitChannel() = default;

void ToolkitChannel::attach(QWebSocket *socket)
{
    connect(this, &ToolkitChannel::send, socket, [this, socket](const QByteArray &text) {
        // The socket's write buffer has no limit of its own: a peer that stops reading would
        // make it grow with every reply.
        if (socket->state() != QAbstractSocket::ConnectedState)
            return;
        if (socket->bytesToWrite() > kMaxUnsentBytes) {
            qCWarning(lcServer).noquote()
                << u"%1 %2 does not read its replies (%3 bytes unsent); dropping the connection"_s
                       .arg(m_caller.channel, m_caller.clientId)
                       .arg(socket->bytesToWrite());
            socket->abort();
            return;
        }
        socket->sendTextMessage(QString::fromUtf8(text));
    });
    connect(socket, &QWebSocket::textMessageReceived, this,
            [this](const QString &message) { handleMessage(message.toUtf8()); });
    // JSON in a binary frame is accepted as is.
    connect(socket, &QWebSocket::binaryMessageReceived, this, &ToolkitChannel::handleMessage);
    connect(socket, &QWebSocket::pong, this, [this] { m_missedBeats = 0; });
}

void ToolkitChannel::handleMessage(const QByteArray &text)
{
    m_missedBeats = 0;
    if (text.size() > ToolkitProtocol::kMaxMessageBytes) {
        Q_EMIT send(ToolkitProtocol::oversizeReply(text, text.size()));
        return;
    }
    using Kind = ToolkitProtocol::Message::Kind;
    const ToolkitProtocol::Message message = ToolkitProtocol::parse(text);

    if (!m_authenticated) {
        if (message.kind != Kind::Auth) {
            const QString reason = message.kind == Kind::Invalid
                ? u"not authenticated: %1; the first message must be {\"type\":\"auth\",\"token\":…} "
                  "(or connect with ?token=…)"_s.arg(message.error)
                : u"not authenticated: the first message must be {\"type\":\"auth\",\"token\":…} with the "
                  "token from agent-token in the config folder (or connect with ?token=…)"_s;
            Q_EMIT send(ToolkitProtocol::errorReply(message.id, reason));
            Q_EMIT closeRequested(reason);
            return;
        }
        if (!TokenFile::matches(m_expectedToken, message.token)) {
            const QString reason
                = u"wrong token: use the one in agent-token in the config folder (shown on the Servers page)"_s;
            Q_EMIT send(ToolkitProtocol::errorReply(message.id, reason));
            Q_EMIT closeRequested(reason);
            return;
        }
        m_authenticated = true;
        noteName(message.raw);
        Q_EMIT send(authAccepted(message.id));
        Q_EMIT authenticated();
        return;
    }

    switch (message.kind) {
    case Kind::Invalid:
        qCDebug(lcServer).noquote() << m_caller.channel << m_caller.clientId
                                    << "bad message:" << message.error;
        Q_EMIT send(ToolkitProtocol::errorReply(message.id, message.error));
        return;
    case Kind::Ping:
        Q_EMIT send(ToolkitProtocol::pong(message.id));
        return;
    case Kind::Pong:
        return;
    case Kind::SessionAssigned:
        // The tab daemon says which session (browser window, to it) this connection is; it sends
        // it again after a reattach, and it asks for no answer.
        qCInfo(lcServer).noquote() << m_caller.channel << m_caller.clientId
                                   << "session assigned:" << message.sessionId.left(200);
        m_sessionId = message.sessionId;
        Q_EMIT sessionAssigned(message.sessionId);
        return;
    case Kind::Hello:
        qCInfo(lcServer).noquote() << m_caller.channel << m_caller.clientId
                                   << "peer says hello:" << ToolkitProtocol::toText(message.raw).left(300);
        noteName(message.raw);
        return;
    case Kind::Auth:
        // Already authenticated (by URL or an earlier message): acknowledge, change nothing.
        Q_EMIT send(authAccepted(message.id));
        return;
    case Kind::Request:
        if (message.id.isUndefined()) {
            // No id to tell the replies apart: one at a time, answered in order.
            m_unnumbered.append({ message.type, message.params });
            if (m_unnumbered.size() == 1)
                runCommand(message.id, message.type, message.params);
            return;
        }
        runCommand(message.id, message.type, message.params);
        return;
    }
}

void ToolkitChannel::noteName(const QJsonObject &message)
{
    // What the agent calls itself, for the user's consent prompt and the Agents view.
    for (const char *field : { "name", "agent", "client" }) {
        const QString name = message.value(QLatin1String(field)).toString().simplified().left(80);
        if (!name.isEmpty()) {
            m_caller.name = name;
            Q_EMIT named(name);
            return;
        }
    }
}

void ToolkitChannel::nextUnnumbered()
{
    if (!m_unnumbered.isEmpty())
        m_unnumbered.removeFirst();
    if (!m_unnumbered.isEmpty()) {
        const Unnumbered next = m_unnumbered.constFirst();
        runCommand(QJsonValue::Undefined, next.type, next.params);
    }
}

void ToolkitChannel::runCommand(const QJsonValue &id, const QString &type, const QJsonObject &params)
{
    using Scope = CommandDispatcher::Scope;
    const CommandDispatcher::Command *command = m_commands->find(type);
    if (!command || !command->scopes.testFlag(Scope::Toolkit)) {
        QStringList known;
        for (const CommandDispatcher::Command &c : m_commands->commands(Scope::Toolkit))
            known.append(c.name);
        known.sort();
        Q_EMIT send(ToolkitProtocol::errorReply(
            id,
            known.isEmpty() ? u"unknown type '%1'; no toolkit commands are available"_s.arg(type)
                            : u"unknown type '%1'; known types: %2"_s.arg(type, known.join(u", "_s))));
        if (id.isUndefined())
            nextUnnumbered();
        return;
    }
    if (m_inFlight >= kMaxInFlight) {
        Q_EMIT send(ToolkitProtocol::errorReply(
            id, u"too many requests at once (%1 are running); wait for their replies"_s.arg(m_inFlight)));
        if (id.isUndefined())
            nextUnnumbered();
        return;
    }
    ++m_inFlight;
    QPointer<ToolkitChannel> self(this);
    m_commands->dispatch(type, params, m_caller, Scope::Toolkit, [self, id](const CommandResult &result) {
        if (!self)
            return; // the connection went away; nobody to answer
        --self->m_inFlight;
        Q_EMIT self->send(ToolkitProtocol::reply(id, result));
        if (id.isUndefined())
            self->nextUnnumbered();
    });
}

} // namespace mpa
