#include "McpHttpServer.h"

#include "DebugApiServer.h"
#include "McpServer.h"
#include "TokenFile.h"
#include "actions/CommandDispatcher.h"
#include "common/ClockTimer.h"
#include "logging/LogCategories.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kServerError = -32000; // the transport's refusals, as the SDK's own server sends them
constexpr int kSessionNotFound = -32001;

using Headers = QList<std::pair<QByteArray, QByteArray>>;

QByteArray errorBody(int code, const QString &message)
{
    return QJsonDocument(
               QJsonObject { { u"jsonrpc"_s, u"2.0"_s },
                             { u"id"_s, QJsonValue() },
                             { u"error"_s, QJsonObject { { u"code"_s, code }, { u"message"_s, message } } } })
        .toJson(QJsonDocument::Compact);
}

void answer(QTcpSocket *socket, int status, const QByteArray &body, Headers headers = {})
{
    if (!socket || socket->state() != QAbstractSocket::ConnectedState)
        return;
    if (!body.isEmpty())
        headers.prepend(std::pair(QByteArray("Content-Type"), QByteArray("application/json")));
    headers.append(std::pair(QByteArray("Cache-Control"), QByteArray("no-store")));
    headers.append(std::pair(QByteArray("X-Content-Type-Options"), QByteArray("nosniff")));
    HttpRequestGate::reply(socket, status, headers, body);
}

void refuse(QTcpSocket *socket, int status, const QString &message, Headers headers = {})
{
    qCDebug(lcServer).noquote() << u"mcp http: refused (%1): %2"_s.arg(status).arg(message);
    answer(socket, status, errorBody(status == 404 ? kSessionNotFound : kServerError, message),
           std::move(headers));
}

// The media type without its parameters, in lower case ("application/json; charset=utf-8" →
// "application/json").
QByteArray essence(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.left(semicolon)).trimmed().toLower();
}

// Whether an Accept header lets a JSON reply through.
bool acceptsJson(const QByteArray &accept)
{
    for (const QByteArray &range : accept.split(',')) {
        const QByteArray type = essence(range);
        if (type == "application/json" || type == "application/*" || type == "*/*")
            return true;
    }
    return false;
}

QString printable(const QByteArray &bytes)
{
    return QString::fromLatin1(bytes.left(100));
}

} // namespace

McpHttpServer::McpHttpServer(CommandDispatcher *commands, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_commands(commands)
    , m_clock(clock)
{
}

McpHttpServer::~McpHttpServer()
{
    stop();
}

bool McpHttpServer::start(quint16 port, QString *error)
{
    stop();
    HttpRequestGate::Limits limits;
    limits.maxBodyBytes = McpServer::kMaxMessageBytes;
    limits.requestTimeout = std::chrono::seconds(30); // a 16 MiB body on a busy machine
    limits.connectionLifetime = kConnectionLifetime;
    auto *gate = m_gate.open(limits, port, this, error);
    if (!gate)
        return false;
    connect(gate, &HttpRequestGate::refused, this, [](int status, const QString &why) {
        // At debug level: a local program hammering the port must not flood the log.
        qCDebug(lcServer).noquote() << u"mcp http: refused a request (%1): %2"_s.arg(status).arg(why);
    });
    connect(gate, &HttpRequestGate::requestReceived, this, &McpHttpServer::handleRequest);
    return true;
}

void McpHttpServer::stop()
{
    for (const QByteArray &id : m_sessions.keys())
        endSession(id, u"the server stopped"_s);
    m_gate.close();
}

bool McpHttpServer::isListening() const
{
    return m_gate.isListening();
}

quint16 McpHttpServer::port() const
{
    return m_gate.port();
}

void McpHttpServer::handleRequest(const HttpRequestGate::Request &request, QTcpSocket *socket)
{
    // DNS rebinding and web pages, as the debug API: only loopback names, never a page's request.
    int refusal = 0;
    if (const QString problem = DebugApiServer::pageRequestProblem(
            request, port(), u"MCP endpoint"_s, u"connect from a local MCP client"_s, &refusal);
        !problem.isEmpty()) {
        refuse(socket, refusal, problem);
        return;
    }

    const std::optional<QString> presented = request.bearerToken();
    if (!presented) {
        refuse(
            socket, 401,
            u"missing token: send 'Authorization: Bearer <token>' with the agent token, the file agent-token "
            "in the app's config folder (shown on the Servers page)"_s,
            { { "WWW-Authenticate", "Bearer realm=\"multi-purpose-agent\"" } });
        return;
    }
    const QString token = m_token ? m_token() : QString();
    if (token.isEmpty()) {
        refuse(socket, 401,
               u"the server has no agent token yet (agent-token in the config folder); try again"_s,
               { { "WWW-Authenticate", "Bearer realm=\"multi-purpose-agent\"" } });
        return;
    }
    if (!TokenFile::matches(token, *presented)) {
        refuse(socket, 401,
               u"wrong token: it does not match the agent token in the file agent-token in the app's config "
               "folder"_s,
               { { "WWW-Authenticate", "Bearer realm=\"multi-purpose-agent\", error=\"invalid_token\"" } });
        return;
    }

    if (request.path != kPath) {
        refuse(socket, 404,
               u"no such endpoint '%1'; MCP is served at %2"_s.arg(printable(request.path),
                                                                   QLatin1String(kPath)));
        return;
    }
    const QList<QByteArray> sessionIds = request.headerValues("mcp-session-id");
    if (sessionIds.size() > 1) {
        refuse(socket, 400, u"the request has more than one Mcp-Session-Id header"_s);
        return;
    }
    const QByteArray sessionId = sessionIds.value(0);
    if (request.method == "POST") {
        handlePost(request, socket, sessionId);
        return;
    }
    if (request.method == "DELETE") {
        if (sessionId.isEmpty()) {
            refuse(socket, 400, u"DELETE needs the Mcp-Session-Id header of the session to end"_s);
            return;
        }
        if (!m_sessions.contains(sessionId)) {
            refuse(socket, 404, u"no such session: it has ended or never existed"_s);
            return;
        }
        endSession(sessionId, u"the client ended it"_s);
        answer(socket, 204, {});
        return;
    }
    // GET would open a stream of the server's own messages; this server sends none.
    refuse(socket, 405,
           u"%1 %2 is not supported; send JSON-RPC messages with POST (DELETE ends a session; there is no "
           "stream to GET)"_s.arg(QString::fromLatin1(request.method.left(20)), QLatin1String(kPath)),
           { { "Allow", "POST, DELETE" } });
}

void McpHttpServer::handlePost(const HttpRequestGate::Request &request, QTcpSocket *socket,
                               const QByteArray &sessionId)
{
    const QList<QByteArray> contentTypes = request.headerValues("content-type");
    if (contentTypes.size() != 1 || essence(contentTypes.first()) != "application/json") {
        refuse(
            socket, 415,
            contentTypes.isEmpty()
                ? u"the request has no Content-Type; send the JSON-RPC message as application/json"_s
                : u"Content-Type '%1' is not accepted; send the JSON-RPC message as application/json"_s.arg(
                    printable(contentTypes.join(", "))));
        return;
    }
    if (const QList<QByteArray> accept = request.headerValues("accept");
        !accept.isEmpty() && !acceptsJson(accept.join(','))) {
        refuse(socket, 406,
               u"Accept '%1' does not take application/json, the only kind of reply this server sends"_s.arg(
                   printable(accept.join(", "))));
        return;
    }
    QByteArray errorReply;
    const std::optional<QJsonDocument> document = McpServer::parseMessage(request.body, &errorReply);
    if (!document) {
        answer(socket, 400, errorReply);
        return;
    }
    const bool initialize
        = document->isObject() && document->object().value(u"method"_s).toString() == u"initialize"_s;
    McpServer *server = nullptr;
    bool fresh = false;
    if (sessionId.isEmpty()) {
        if (!initialize) {
            refuse(socket, 400,
                   u"the request has no Mcp-Session-Id header; send the one the initialize reply gave, or "
                   "initialize to start a session"_s);
            return;
        }
        if (m_sessions.size() >= kMaxSessions) {
            refuse(socket, 503,
                   u"%1 MCP sessions are open, the most this server keeps; end one with DELETE %2 (a "
                   "session also ends after %3 minutes unused)"_s.arg(kMaxSessions)
                       .arg(QLatin1String(kPath))
                       .arg(double(m_idleTimeout.count()) / 60000.0));
            return;
        }
        server = new McpServer(m_commands, this, u"http-%1"_s.arg(m_nextSession++));
        fresh = true;
    } else {
        const auto found = m_sessions.constFind(sessionId);
        if (found == m_sessions.constEnd()) {
            refuse(
                socket, 404,
                u"no such session: it has ended or never existed; initialize without Mcp-Session-Id to start "
                "a new one"_s);
            return;
        }
        if (const QList<QByteArray> versions = request.headerValues("mcp-protocol-version");
            !versions.isEmpty()
            && !McpServer::supportedProtocolVersions().contains(QString::fromLatin1(versions.first()))) {
            refuse(socket, 400,
                   u"MCP-Protocol-Version '%1' is not spoken here; this server speaks %2"_s.arg(
                       printable(versions.first()), McpServer::supportedProtocolVersions().join(u", "_s)));
            return;
        }
        server = found->server;
        touch(sessionId);
    }

    auto replies = std::make_shared<QList<QByteArray>>();
    server->handleDocument(
        *document, [replies](const QByteArray &reply) { replies->append(reply); },
        [self = QPointer<McpHttpServer>(this), guard = QPointer<QTcpSocket>(socket),
         serverGuard = QPointer<McpServer>(server), replies, batch = document->isArray(), fresh, sessionId] {
            Headers headers;
            if (self && fresh && serverGuard) {
                const QByteArray id = self->openSession(serverGuard, replies->value(0));
                if (!id.isEmpty())
                    headers.append(std::pair(QByteArray("Mcp-Session-Id"), QByteArray(id)));
            } else if (self) {
                self->touch(sessionId);
            }
            if (replies->isEmpty()) {
                answer(guard, 202, {}, headers);
            } else if (batch) {
                answer(guard, 200, '[' + replies->join(',') + ']', headers);
            } else {
                // A message that is no request (nothing to answer it by id) is refused.
                const QJsonObject only = QJsonDocument::fromJson(replies->first()).object();
                const bool refused = only.contains(u"error"_s) && only.value(u"id"_s).isNull();
                answer(guard, refused ? 400 : 200, replies->first(), headers);
            }
        });
}

QByteArray McpHttpServer::openSession(McpServer *server, const QByteArray &initializeReply)
{
    if (!QJsonDocument::fromJson(initializeReply).object().contains(u"result"_s)) {
        server->deleteLater(); // the initialize failed: no session
        return {};
    }
    QByteArray id = TokenFile::generate().toLatin1();
    Session session;
    session.server = server;
    session.label = server->caller().clientId;
    session.idle = new ClockTimer(m_clock, server);
    connect(session.idle, &ClockTimer::timeout, this, [this, id] {
        endSession(id, u"unused for %1 minutes"_s.arg(double(m_idleTimeout.count()) / 60000.0));
    });
    m_sessions.insert(id, session);
    touch(id);
    qCInfo(lcServer).noquote() << u"mcp http: %1 started session %2"_s.arg(
        server->clientName().isEmpty() ? u"a client"_s : server->clientName(), session.label);
    return id;
}

void McpHttpServer::touch(const QByteArray &id)
{
    const auto found = m_sessions.constFind(id);
    if (found != m_sessions.constEnd() && found->idle)
        found->idle->start(m_idleTimeout);
}

void McpHttpServer::endSession(const QByteArray &id, const QString &why)
{
    const Session session = m_sessions.take(id);
    if (!session.server)
        return;
    const CommandCaller caller = session.server->caller();
    qCInfo(lcServer).noquote() << u"mcp http: session %1 ended (%2); its tabs are released"_s.arg(
        session.label, why);
    session.server->deleteLater();
    Q_EMIT callerGone(caller);
}

} // namespace mpa
