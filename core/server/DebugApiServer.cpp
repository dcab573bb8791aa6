#include "DebugApiServer.h"

#include "HttpStatus.h"
#include "TokenFile.h"
#include "actions/CommandDispatcher.h"
#include "common/Clock.h"
#include "common/JsonText.h"
#include "common/Loopback.h"
#include "logging/LogCategories.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QTcpSocket>
#include <QTimer>

#include <exception>
#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace mpa {

namespace {

const QString kUsage = u"send {\"action\": NAME, \"params\": {...}}"_s;

} // namespace

DebugApiServer::DebugApiServer(CommandDispatcher *commands, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_commands(commands)
    , m_clock(clock)
{
}

DebugApiServer::~DebugApiServer() = default;

bool DebugApiServer::start(quint16 port, QString *error)
{
    stop();
    HttpRequestGate::Limits limits;
    limits.maxBodyBytes = kMaxBodyBytes;
    limits.connectionLifetime = m_replyTimeout + 30s;
    auto *gate = m_gate.open(limits, port, this, error);
    if (!gate)
        return false;
    connect(gate, &HttpRequestGate::refused, this, [this](int status, const QString &error) {
        noteRefusal(u"debug API: refused a request (%1): %2"_s.arg(status).arg(error));
    });
    connect(gate, &HttpRequestGate::requestReceived, this, &DebugApiServer::handleRequest);
    return true;
}

void DebugApiServer::stop()
{
    // Connections still waiting for an action's answer get it until the gate goes.
    m_gate.close();
}

bool DebugApiServer::isListening() const
{
    return m_gate.isListening();
}

quint16 DebugApiServer::port() const
{
    return m_gate.port();
}

QString DebugApiServer::pageRequestProblem(const HttpRequestGate::Request &request, quint16 port,
                                           const QString &service, const QString &localClient, int *status)
{
    *status = 400;
    const QList<QByteArray> hosts = request.headerValues("host");
    if (hosts.isEmpty())
        return u"the request has no Host header; send Host: 127.0.0.1:%1"_s.arg(port);
    if (hosts.size() > 1)
        return u"the request has more than one Host header"_s;
    *status = 403;
    if (!isLoopbackHost(hosts.first())) {
        return u"Host '%1' is not a loopback name; the %2 answers only to 127.0.0.1 or localhost"_s.arg(
            QString::fromLatin1(hosts.first().left(100)), service);
    }
    if (const QList<QByteArray> origins = request.headerValues("origin"); !origins.isEmpty()) {
        return u"requests from web pages are refused (Origin: %1); %2"_s.arg(
            QString::fromLatin1(origins.first().left(100)), localClient);
    }
    if (const QList<QByteArray> site = request.headerValues("sec-fetch-site");
        !site.isEmpty() && site.first() != "none") {
        return u"requests made by web pages are refused (Sec-Fetch-Site: %1)"_s.arg(
            QString::fromLatin1(site.first().left(40)));
    }
    return {};
}

bool DebugApiServer::isLoopbackHost(const QByteArray &hostHeader)
{
    QByteArray host = hostHeader.trimmed();
    QByteArray port;
    bool hasPort = false;
    if (host.startsWith('[')) {
        const qsizetype close = host.indexOf(']');
        if (close < 0)
            return false;
        const QByteArray rest = host.mid(close + 1);
        if (!rest.isEmpty()) {
            if (!rest.startsWith(':'))
                return false;
            hasPort = true;
            port = rest.mid(1);
        }
        host = host.mid(1, close - 1);
    } else if (const qsizetype colon = host.indexOf(':'); colon >= 0) {
        if (host.lastIndexOf(':') != colon)
            return false; // an IPv6 address must be in brackets
        hasPort = true;
        port = host.mid(colon + 1);
        host = host.left(colon);
    }
    if (hasPort) {
        if (port.isEmpty() || port.size() > 5)
            return false;
        for (char c : std::as_const(port)) {
            if (c < '0' || c > '9')
                return false;
        }
        if (port.toInt() > 65535)
            return false;
    }
    return isLoopbackHostName(QString::fromLatin1(host));
}

void DebugApiServer::noteRefusal(const QString &line)
{
    // Each refusal is worth a line, but a local program hammering the port must not flood the
    // log: at most one line every few seconds, counting the ones left out. (A clock set back
    // by hand does not silence the log: a negative interval counts as long enough.)
    const qint64 nowMs = m_clock->nowMs();
    if (m_lastRefusalLoggedMs && nowMs >= *m_lastRefusalLoggedMs
        && nowMs - *m_lastRefusalLoggedMs < kRefusalLogInterval.count()) {
        ++m_refusalsNotLogged;
        qCDebug(lcServer).noquote() << line;
        return;
    }
    m_lastRefusalLoggedMs = nowMs;
    if (m_refusalsNotLogged > 0)
        qCInfo(lcServer).noquote() << line << u"(and %1 more refused before)"_s.arg(m_refusalsNotLogged);
    else
        qCInfo(lcServer).noquote() << line;
    m_refusalsNotLogged = 0;
}

DebugApiServer::Reply DebugApiServer::failure(int status, const QString &error)
{
    return { status, CommandResult::failure(error).toJson(), {} };
}

void DebugApiServer::handleRequest(const HttpRequestGate::Request &request, QTcpSocket *socket)
{
    QElapsedTimer clock;
    clock.start();
    const QString method = QString::fromLatin1(request.method);
    const QString path = QString::fromUtf8(request.path);
    auto label = std::make_shared<QString>(u"%1 %2"_s.arg(method, path));
    const QPointer<QTcpSocket> guard(socket);

    auto send = [self = QPointer<DebugApiServer>(this), guard, label, clock](const Reply &reply) {
        const int status = reply.status;
        if (!guard || guard->state() != QAbstractSocket::ConnectedState) {
            qCDebug(lcServer).noquote()
                << u"debug API: %1 → %2, but the client has gone"_s.arg(*label).arg(status);
            return;
        }
        const QByteArray body = QJsonDocument(reply.body).toJson(QJsonDocument::Compact) + '\n';
        QList<std::pair<QByteArray, QByteArray>> headers { { "Content-Type", "application/json" },
                                                           { "Cache-Control", "no-store" },
                                                           { "X-Content-Type-Options", "nosniff" } };
        headers += reply.headers;
        HttpRequestGate::reply(guard, status, headers, body);
        const QString line = u"debug API: %1 → %2 (%3 ms)"_s.arg(*label).arg(status).arg(clock.elapsed());
        if ((status == 401 || status == 403) && self)
            self->noteRefusal(line + u' ' + reply.body.value(u"error").toString());
        else
            qCDebug(lcServer).noquote() << line;
    };

    // DNS rebinding and web pages: only loopback names, never a browser page's request.
    int refusal = 0;
    if (const QString problem = pageRequestProblem(
            request, port(), u"debug API"_s,
            u"call the debug API from a local program such as 'multi-purpose-agent ctl'"_s, &refusal);
        !problem.isEmpty()) {
        send(failure(refusal, problem));
        return;
    }

    const std::optional<QString> presented = request.bearerToken();
    if (!presented) {
        Reply reply = failure(
            401,
            u"missing token: send 'Authorization: Bearer <token>'; the token is in the file "
            "debug-token in the app's config folder ('multi-purpose-agent ctl' reads it for you)"_s);
        reply.headers.append(
            std::pair(QByteArray("WWW-Authenticate"), QByteArray("Bearer realm=\"multi-purpose-agent\"")));
        send(reply);
        return;
    }
    if (!TokenFile::matches(m_token, *presented)) {
        Reply reply = failure(
            401, u"wrong token: the token does not match the file debug-token in the app's config folder"_s);
        reply.headers.append(
            std::pair(QByteArray("WWW-Authenticate"),
                      QByteArray("Bearer realm=\"multi-purpose-agent\", error=\"invalid_token\"")));
        send(reply);
        return;
    }

    QString client = u"127.0.0.1:%1"_s.arg(request.peerPort);
    const QList<QByteArray> agents = request.headerValues("user-agent");
    if (!agents.isEmpty() && agents.first().startsWith("multi-purpose-agent-ctl"))
        client.prepend(u"ctl@"_s);

    if (path == u"/api/state"_s) {
        if (request.method != "GET") {
            Reply reply = failure(405, u"%1 /api/state is not supported; use GET"_s.arg(method));
            reply.headers.append(std::pair(QByteArray("Allow"), QByteArray("GET")));
            send(reply);
            return;
        }
        *label += u" getFullState"_s;
        dispatchAction(u"getFullState"_s, {}, client, send);
        return;
    }
    // POST /command is the VS Code extension's path for the same requests: its scripts work
    // unchanged once they send the token.
    if (path != u"/api/action"_s && path != u"/command"_s) {
        send(failure(404,
                     u"no such endpoint '%1'; use POST /api/action or GET /api/state"_s.arg(path.left(200))));
        return;
    }
    if (request.method != "POST") {
        Reply reply = failure(405, u"%1 %2 is not supported; use POST with %3"_s.arg(method, path, kUsage));
        reply.headers.append(std::pair(QByteArray("Allow"), QByteArray("POST")));
        send(reply);
        return;
    }

    const QByteArray &body = request.body;
    if (body.trimmed().isEmpty()) {
        send(failure(400, u"the request body is empty; "_s + kUsage));
        return;
    }
    if (const QString tooDeep = jsonNestingError(body, kMaxJsonDepth, u"the JSON body"_s);
        !tooDeep.isEmpty()) {
        send(failure(400, tooDeep));
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        send(failure(
            400, u"malformed JSON at byte %1: %2"_s.arg(parseError.offset).arg(parseError.errorString())));
        return;
    }
    if (!document.isObject()) {
        send(failure(400, u"the body must be a JSON object; "_s + kUsage));
        return;
    }
    const QJsonObject object = document.object();
    const QJsonValue action = object.value(u"action");
    if (action.isUndefined() || action.isNull() || (action.isString() && action.toString().isEmpty())) {
        send(failure(400, u"the body names no \"action\"; "_s + kUsage));
        return;
    }
    if (!action.isString()) {
        send(failure(400, u"\"action\" must be a string; "_s + kUsage));
        return;
    }
    const QJsonValue params = object.value(u"params");
    if (!params.isUndefined() && !params.isNull() && !params.isObject()) {
        send(failure(400, u"\"params\" must be an object; "_s + kUsage));
        return;
    }
    *label += u' ' + action.toString();
    if (path != u"/command"_s) {
        dispatchAction(action.toString(), params.toObject(), client, send);
        return;
    }
    // The extension's scripts read its replies' fields at the top level (result.enabled,
    // result.roiStats, …): on its path the fields of `data` are given there too.
    dispatchAction(action.toString(), params.toObject(), client, [send](Reply reply) {
        const QJsonObject data = reply.body.value(u"data"_s).toObject();
        for (auto it = data.begin(); it != data.end(); ++it) {
            if (!reply.body.contains(it.key()))
                reply.body.insert(it.key(), it.value());
        }
        send(reply);
    });
}

void DebugApiServer::dispatchAction(const QString &action, const QJsonObject &params, const QString &client,
                                    const std::function<void(const Reply &)> &send)
{
    auto timer = QPointer<QTimer>(new QTimer(this));
    auto answered = std::make_shared<bool>(false);
    auto finish = [answered, send, timer](const Reply &reply) {
        if (*answered)
            return;
        *answered = true;
        if (timer)
            timer->deleteLater();
        send(reply);
    };
    timer->setSingleShot(true);
    connect(
        timer, &QTimer::timeout, this, [finish, action, seconds = double(m_replyTimeout.count()) / 1000.0] {
            qCWarning(lcServer).noquote()
                << u"debug API: %1 did not answer within %2 s"_s.arg(action).arg(seconds);
            finish(failure(
                500,
                u"internal error: the action '%1' did not answer within %2 s"_s.arg(action).arg(seconds)));
        });
    timer->start(m_replyTimeout);

    const CommandCaller caller { client.startsWith(u"ctl@"_s) ? u"ctl"_s : u"debug-api"_s, client };
    try {
        m_commands->dispatch(action, params, caller, CommandDispatcher::Scope::DebugApi,
                             [finish](const CommandResult &result) {
                                 finish({ httpStatus(result), result.toJson(), {} });
                             });
    } catch (const std::exception &e) {
        qCWarning(lcServer).noquote()
            << u"debug API: %1 failed: %2"_s.arg(action, QString::fromLocal8Bit(e.what()));
        finish(failure(500, u"internal error in '%1': %2"_s.arg(action, QString::fromLocal8Bit(e.what()))));
    } catch (...) {
        qCWarning(lcServer).noquote() << u"debug API: %1 failed with an unknown exception"_s.arg(action);
        finish(failure(500, u"internal error in '%1'"_s.arg(action)));
    }
}

} // namespace mpa
