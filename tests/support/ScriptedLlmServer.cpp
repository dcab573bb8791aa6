#include "ScriptedLlmServer.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTimer>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace mpa::test {

namespace {

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QJsonObject usage(int prompt, int completion)
{
    return { { u"prompt_tokens"_s, prompt },
             { u"completion_tokens"_s, completion },
             { u"total_tokens"_s, prompt + completion } };
}

QJsonObject chunk(const QJsonObject &delta, const QJsonValue &finish = QJsonValue::Null)
{
    return { { u"id"_s, u"chatcmpl-scripted"_s },
             { u"object"_s, u"chat.completion.chunk"_s },
             { u"created"_s, 1764000000 },
             { u"model"_s, u"scripted"_s },
             { u"choices"_s,
               QJsonArray { QJsonObject {
                   { u"index"_s, 0 }, { u"delta"_s, delta }, { u"finish_reason"_s, finish } } } } };
}

// A whole (not streamed) chat completion: one choice holding `message`.
QByteArray completion(const QJsonObject &message, const QString &finishReason, const QJsonObject &usageObject)
{
    return compact(
        { { u"id"_s, u"chatcmpl-scripted"_s },
          { u"object"_s, u"chat.completion"_s },
          { u"model"_s, u"scripted"_s },
          { u"choices"_s,
            QJsonArray { QJsonObject {
                { u"index"_s, 0 }, { u"message"_s, message }, { u"finish_reason"_s, finishReason } } } },
          { u"usage"_s, usageObject } });
}

QList<QString> split(const QString &text, int pieces)
{
    QList<QString> parts;
    pieces = std::max(1, pieces);
    const qsizetype size = std::max<qsizetype>(1, (text.size() + pieces - 1) / pieces);
    for (qsizetype i = 0; i < text.size(); i += size)
        parts.append(text.mid(i, size));
    if (parts.isEmpty())
        parts.append(QString());
    return parts;
}

const QHash<int, QByteArray> &reasons()
{
    static const QHash<int, QByteArray> r { { 200, "OK" },
                                            { 400, "Bad Request" },
                                            { 401, "Unauthorized" },
                                            { 403, "Forbidden" },
                                            { 404, "Not Found" },
                                            { 422, "Unprocessable Entity" },
                                            { 429, "Too Many Requests" },
                                            { 500, "Internal Server Error" },
                                            { 502, "Bad Gateway" },
                                            { 503, "Service Unavailable" } };
    return r;
}

} // namespace

ScriptedLlmServer::ScriptedLlmServer(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &ScriptedLlmServer::onNewConnection);
    m_server.listen(QHostAddress::LocalHost, 0);
}

ScriptedLlmServer::~ScriptedLlmServer()
{
    for (auto it = m_connections.keyBegin(); it != m_connections.keyEnd(); ++it)
        (*it)->disconnect(this);
}

QUrl ScriptedLlmServer::baseUrl() const
{
    return QUrl(u"http://127.0.0.1:%1/v1"_s.arg(m_server.serverPort()));
}

QUrl ScriptedLlmServer::oauthUrl() const
{
    return QUrl(u"http://127.0.0.1:%1/api/v2/oauth"_s.arg(m_server.serverPort()));
}

ScriptedLlmServer::Reply ScriptedLlmServer::toolCall(const QString &name, const QJsonObject &arguments,
                                                     const QString &content)
{
    const QJsonObject call { { u"id"_s, u"call_1"_s },
                             { u"type"_s, u"function"_s },
                             { u"function"_s,
                               QJsonObject { { u"name"_s, name },
                                             { u"arguments"_s, QString::fromUtf8(compact(arguments)) } } } };
    QJsonObject message { { u"role"_s, u"assistant"_s }, { u"tool_calls"_s, QJsonArray { call } } };
    message.insert(u"content"_s, content.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(content));
    Reply reply;
    reply.body = completion(message, u"tool_calls"_s, usage(900, 30));
    return reply;
}

ScriptedLlmServer::Reply ScriptedLlmServer::text(const QString &content)
{
    Reply reply;
    reply.body = completion(QJsonObject { { u"role"_s, u"assistant"_s }, { u"content"_s, content } },
                            u"stop"_s, usage(700, int(content.size() / 4) + 1));
    return reply;
}

ScriptedLlmServer::Reply ScriptedLlmServer::streamedToolCall(const QString &name,
                                                             const QJsonObject &arguments, int pieces)
{
    Reply reply;
    reply.sseEvents.append(
        compact(chunk({ { u"role"_s, u"assistant"_s }, { u"content"_s, QJsonValue::Null } })));
    const QList<QString> parts = split(QString::fromUtf8(compact(arguments)), pieces);
    for (qsizetype i = 0; i < parts.size(); ++i) {
        QJsonObject function { { u"arguments"_s, parts.at(i) } };
        QJsonObject call { { u"index"_s, 0 }, { u"function"_s, function } };
        if (i == 0) {
            function.insert(u"name"_s, name);
            call = { { u"index"_s, 0 },
                     { u"id"_s, u"call_1"_s },
                     { u"type"_s, u"function"_s },
                     { u"function"_s, function } };
        }
        reply.sseEvents.append(compact(chunk({ { u"tool_calls"_s, QJsonArray { call } } })));
    }
    reply.sseEvents.append(compact(chunk(QJsonObject(), u"tool_calls"_s)));
    QJsonObject last = chunk(QJsonObject());
    last.insert(u"choices"_s, QJsonArray());
    last.insert(u"usage"_s, usage(900, 30));
    reply.sseEvents.append(compact(last));
    return reply;
}

ScriptedLlmServer::Reply ScriptedLlmServer::streamedText(const QString &content, int pieces)
{
    Reply reply;
    reply.sseEvents.append(compact(chunk({ { u"role"_s, u"assistant"_s }, { u"content"_s, u""_s } })));
    for (const QString &part : split(content, pieces))
        reply.sseEvents.append(compact(chunk({ { u"content"_s, part } })));
    reply.sseEvents.append(compact(chunk(QJsonObject(), u"stop"_s)));
    return reply;
}

QString ScriptedLlmServer::textOf(const QJsonObject &request)
{
    QString text;
    for (const QJsonValue &message : request.value(u"messages").toArray()) {
        const QJsonValue content = message.toObject().value(u"content");
        text += content.toString();
        for (const QJsonValue &part : content.toArray()) {
            if (part.toObject().value(u"type").toString() == u"text"_s)
                text += part.toObject().value(u"text").toString();
        }
        text += u'\n';
    }
    return text;
}

QList<ScriptedLlmServer::Image> ScriptedLlmServer::imagesOf(const QJsonObject &request)
{
    QList<Image> images;
    for (const QJsonValue &message : request.value(u"messages").toArray()) {
        for (const QJsonValue &part : message.toObject().value(u"content").toArray()) {
            const QJsonObject piece = part.toObject();
            if (piece.value(u"type").toString() != u"image_url"_s)
                continue;
            const QString url = piece.value(u"image_url").toObject().value(u"url").toString();
            Image image;
            const qsizetype comma = url.indexOf(u',');
            if (url.startsWith(u"data:"_s) && comma > 0 && url.left(comma).endsWith(u";base64"_s)) {
                image.mimeType = url.mid(5, comma - 5 - 7);
                image.bytes = QByteArray::fromBase64(url.mid(comma + 1).toLatin1());
            } else {
                image.url = url;
            }
            images.append(image);
        }
    }
    return images;
}

ScriptedLlmServer::Reply ScriptedLlmServer::error(int status, const QString &message, Headers headers)
{
    Reply reply;
    reply.status = status;
    reply.headers = std::move(headers);
    reply.body = compact(
        { { u"error"_s,
            QJsonObject { { u"message"_s, message },
                          { u"type"_s, status == 401 ? u"invalid_request_error"_s : u"server_error"_s },
                          { u"code"_s, QJsonValue::Null } } } });
    return reply;
}

void ScriptedLlmServer::enqueue(const Reply &reply)
{
    m_queue.append(reply);
}

void ScriptedLlmServer::setResponder(std::function<Reply(const QJsonObject &request)> responder)
{
    m_responder = std::move(responder);
}

void ScriptedLlmServer::setModels(const QStringList &ids)
{
    m_models = ids;
}

void ScriptedLlmServer::setOAuth(const QString &expectedBasicKey, std::chrono::milliseconds tokenLife)
{
    m_oauthKey = expectedBasicKey;
    m_tokenLife = tokenLife;
}

void ScriptedLlmServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        m_connections.insert(socket, {});
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            const Connection c = m_connections.take(socket);
            // The client went before the whole answer was given: it aborted.
            if (!c.answered || c.streaming)
                ++m_closedByClient;
            socket->deleteLater();
        });
    }
}

void ScriptedLlmServer::onReadyRead(QTcpSocket *socket)
{
    Connection &c = m_connections[socket];
    c.buffer += socket->readAll();
    for (;;) {
        const qsizetype headEnd = c.buffer.indexOf("\r\n\r\n");
        if (headEnd < 0)
            return;
        const QList<QByteArray> lines = c.buffer.left(headEnd).split('\n');
        const QList<QByteArray> start = lines.value(0).trimmed().split(' ');
        QHash<QByteArray, QByteArray> headers;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                headers.insert(lines.at(i).left(colon).trimmed().toLower(),
                               lines.at(i).mid(colon + 1).trimmed());
        }
        const qsizetype length = headers.value("content-length").toLongLong();
        if (c.buffer.size() < headEnd + 4 + length)
            return;
        const QByteArray body = c.buffer.mid(headEnd + 4, length);
        c.buffer.remove(0, headEnd + 4 + length);
        handle(socket, start.value(0), start.value(1), headers, body);
        if (!m_connections.contains(socket))
            return;
    }
}

void ScriptedLlmServer::handle(QTcpSocket *socket, const QByteArray &method, const QByteArray &path,
                               const QHash<QByteArray, QByteArray> &headers, const QByteArray &body)
{
    if (method == "GET" && path == "/v1/models") {
        QJsonArray data;
        for (const QString &id : std::as_const(m_models))
            data.append(QJsonObject { { u"id"_s, id }, { u"object"_s, u"model"_s } });
        m_connections[socket].answered = true;
        return write(socket, 200, "application/json",
                     compact({ { u"object"_s, u"list"_s }, { u"data"_s, data } }));
    }
    if (method == "POST" && path == "/api/v2/oauth") {
        m_connections[socket].answered = true;
        if (headers.value("authorization") != "Basic " + m_oauthKey.toUtf8()
            || headers.value("rquid").isEmpty() || !body.startsWith("scope=")) {
            return write(socket, 401, "application/json",
                         R"({"code":6,"message":"credentials doesn't match db data"})");
        }
        ++m_tokensIssued;
        m_accessToken = u"giga-token-%1"_s.arg(m_tokensIssued);
        const qint64 expires = QDateTime::currentMSecsSinceEpoch() + m_tokenLife.count();
        return write(socket, 200, "application/json",
                     compact({ { u"access_token"_s, m_accessToken }, { u"expires_at"_s, expires } }));
    }
    if (method != "POST" || path != "/v1/chat/completions") {
        m_connections[socket].answered = true;
        return write(socket, 404, "application/json",
                     compact({ { u"error"_s, QJsonObject { { u"message"_s, u"no such route"_s } } } }));
    }
    const QJsonObject request = QJsonDocument::fromJson(body).object();
    m_requests.append(request);
    m_authorizations.append(headers.value("authorization"));
    if (!m_oauthKey.isEmpty() && headers.value("authorization") != "Bearer " + m_accessToken.toUtf8()) {
        m_connections[socket].answered = true;
        return send(socket, error(401, u"Token has expired"_s));
    }
    Reply reply;
    if (!m_queue.isEmpty())
        reply = m_queue.takeFirst();
    else if (m_responder)
        reply = m_responder(request);
    else
        reply = error(500, u"no scripted reply"_s);
    send(socket, reply);
}

void ScriptedLlmServer::send(QTcpSocket *socket, const Reply &reply)
{
    if (reply.hang)
        return;
    Connection &c = m_connections[socket];
    if (reply.sseEvents.isEmpty()) {
        c.answered = true;
        return write(socket, reply.status, "application/json", reply.body, reply.headers);
    }
    c.answered = true;
    c.streaming = true;
    QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                      "Connection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n";
    socket->write(head);
    sendEvents(socket, reply.sseEvents, reply.chunkDelayMs);
}

void ScriptedLlmServer::sendEvents(QPointer<QTcpSocket> socket, QList<QByteArray> events, int delayMs)
{
    if (!socket || !m_connections.contains(socket.data()))
        return;
    const auto chunked = [](const QByteArray &data) -> QByteArray {
        return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
    };
    if (events.isEmpty()) {
        socket->write(chunked("data: [DONE]\n\n"));
        socket->write("0\r\n\r\n");
        m_connections[socket.data()].streaming = false;
        return;
    }
    socket->write(chunked("data: " + events.takeFirst() + "\n\n"));
    socket->flush();
    if (delayMs <= 0)
        return sendEvents(socket, events, delayMs);
    QTimer::singleShot(delayMs, this,
                       [this, socket, events, delayMs] { sendEvents(socket, events, delayMs); });
}

void ScriptedLlmServer::write(QTcpSocket *socket, int status, const QByteArray &contentType,
                              const QByteArray &body, const Headers &headers)
{
    QByteArray out
        = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasons().value(status, "Status") + "\r\n";
    out += "Content-Type: " + contentType + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
    for (const auto &[name, value] : headers)
        out += name + ": " + value + "\r\n";
    out += "\r\n" + body;
    socket->write(out);
}

} // namespace mpa::test
