#include "McpServer.h"

#include "actions/ToolkitSchemas.h"
#include "common/ParamsSchema.h"
#include "logging/LogCategories.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QPointer>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

bool validId(const QJsonValue &id)
{
    return id.isString() || (id.isDouble() && id.toDouble() == double(qint64(id.toDouble())));
}

} // namespace

const QStringList &McpServer::supportedProtocolVersions()
{
    static const QStringList versions { u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s, u"2024-11-05"_s };
    return versions;
}

struct McpServer::Exchange
{
    ReplySink sink;
    std::function<void()> finished;
    int awaited = 0; // tool calls under way
    bool reading = true; // the message is still being handled

    void settle()
    {
        if (reading || awaited > 0 || !finished)
            return;
        const auto done = std::move(finished);
        finished = nullptr;
        done();
    }
};

McpServer::McpServer(CommandDispatcher *commands, QObject *parent, const QString &connection)
    : QObject(parent)
    , m_commands(commands)
    , m_connection(connection)
{
}

CommandCaller McpServer::caller() const
{
    return { u"mcp"_s, m_connection, m_clientName };
}

void McpServer::refuseLongLine(qint64 bytes, qint64 limit, const QByteArray &start)
{
    // The client waits for an answer to its id: the error carries it when the line began with one.
    Q_EMIT send(errorLine(
        idAtStart(start), kInvalidRequest,
        u"the message is %1 bytes, over the limit of %2; it was dropped unread"_s.arg(bytes).arg(limit)));
}

QJsonValue McpServer::idAtStart(QByteArrayView start)
{
    qsizetype at = 0;
    const auto skipSpace = [&] {
        while (at < start.size()
               && (start[at] == ' ' || start[at] == '\t' || start[at] == '\r' || start[at] == '\n'))
            ++at;
    };
    // The end of the string that opens at `at` (just past its closing quote); -1 when it does not
    // end within the bytes.
    const auto stringEnd = [&](qsizetype from) -> qsizetype {
        for (qsizetype i = from + 1; i < start.size(); ++i) {
            if (start[i] == '\\')
                ++i;
            else if (start[i] == '"')
                return i + 1;
        }
        return -1;
    };
    // The end of the scalar (number, true, false, null) at `at`; -1 when the bytes end first.
    const auto scalarEnd = [&](qsizetype from) -> qsizetype {
        for (qsizetype i = from; i < start.size(); ++i) {
            const char c = start[i];
            if (c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n')
                return i;
        }
        return -1;
    };
    skipSpace();
    if (at >= start.size() || start[at] != '{')
        return QJsonValue(QJsonValue::Undefined);
    ++at;
    for (;;) {
        skipSpace();
        if (at >= start.size() || start[at] != '"')
            return QJsonValue(QJsonValue::Undefined);
        const qsizetype keyEnd = stringEnd(at);
        if (keyEnd < 0)
            return QJsonValue(QJsonValue::Undefined);
        const QByteArrayView key = start.sliced(at, keyEnd - at);
        at = keyEnd;
        skipSpace();
        if (at >= start.size() || start[at] != ':')
            return QJsonValue(QJsonValue::Undefined);
        ++at;
        skipSpace();
        if (at >= start.size())
            return QJsonValue(QJsonValue::Undefined);
        const qsizetype valueStart = at;
        qsizetype valueEnd = -1;
        if (start[at] == '"') {
            valueEnd = stringEnd(at);
        } else if (start[at] == '{' || start[at] == '[') {
            // Skipped whole, strings and all.
            int depth = 0;
            for (qsizetype i = at; i < start.size(); ++i) {
                if (start[i] == '"') {
                    i = stringEnd(i);
                    if (i < 0)
                        break;
                    --i;
                } else if (start[i] == '{' || start[i] == '[') {
                    ++depth;
                } else if ((start[i] == '}' || start[i] == ']') && --depth == 0) {
                    valueEnd = i + 1;
                    break;
                }
            }
        } else {
            valueEnd = scalarEnd(at);
        }
        if (valueEnd < 0)
            return QJsonValue(QJsonValue::Undefined);
        at = valueEnd;
        if (key == "\"id\"") {
            QByteArray wrapped = "[" + start.sliced(valueStart, valueEnd - valueStart).toByteArray() + "]";
            QJsonParseError error {};
            const QJsonDocument document = QJsonDocument::fromJson(wrapped, &error);
            QJsonValue id = document.array().at(0);
            if (error.error != QJsonParseError::NoError || !validId(id))
                return QJsonValue(QJsonValue::Undefined);
            return id;
        }
        skipSpace();
        if (at >= start.size() || start[at] != ',')
            return QJsonValue(QJsonValue::Undefined);
        ++at;
    }
}

void McpServer::handleLine(const QByteArray &line)
{
    if (line.trimmed().isEmpty())
        return;
    QByteArray errorReply;
    const std::optional<QJsonDocument> document = parseMessage(line, &errorReply);
    if (!document) {
        Q_EMIT send(errorReply);
        return;
    }
    handleDocument(*document, [self = QPointer<McpServer>(this)](const QByteArray &reply) {
        if (self)
            Q_EMIT self->send(reply);
    });
}

std::optional<QJsonDocument> McpServer::parseMessage(const QByteArray &line, QByteArray *errorReply)
{
    if (line.size() > kMaxMessageBytes) {
        *errorReply = errorLine(
            idAtStart(QByteArrayView(line).first(qMin<qsizetype>(line.size(), 256))), kInvalidRequest,
            u"the message is %1 bytes, over the limit of %2"_s.arg(line.size()).arg(kMaxMessageBytes));
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Qt parses only objects and arrays at the top; a bare value is valid JSON, not a request.
        QJsonParseError wrappedError;
        const QJsonDocument wrapped = QJsonDocument::fromJson('[' + line + ']', &wrappedError);
        if (wrappedError.error == QJsonParseError::NoError && wrapped.array().size() == 1) {
            *errorReply = errorLine(QJsonValue(), kInvalidRequest, u"a JSON-RPC message must be an object"_s);
            return std::nullopt;
        }
        *errorReply
            = errorLine(QJsonValue(), kParseError,
                        u"parse error: %1 at byte %2"_s.arg(parseError.errorString()).arg(parseError.offset));
        return std::nullopt;
    }
    if (document.isArray() && document.array().isEmpty()) {
        *errorReply = errorLine(QJsonValue(), kInvalidRequest, u"an empty batch"_s);
        return std::nullopt;
    }
    if (!document.isArray() && !document.isObject()) {
        *errorReply = errorLine(QJsonValue(), kInvalidRequest, u"a JSON-RPC message must be an object"_s);
        return std::nullopt;
    }
    return document;
}

void McpServer::handleDocument(const QJsonDocument &document, ReplySink sink, std::function<void()> finished)
{
    auto exchange = std::make_shared<Exchange>();
    exchange->sink = std::move(sink);
    exchange->finished = std::move(finished);
    if (document.isArray()) {
        for (const QJsonValue &item : document.array()) {
            if (!item.isObject())
                respondError(exchange, QJsonValue(), kInvalidRequest, u"a batch entry is not an object"_s);
            else
                handleMessage(item.toObject(), exchange);
        }
    } else {
        handleMessage(document.object(), exchange);
    }
    exchange->reading = false;
    exchange->settle();
}

void McpServer::handleMessage(const QJsonObject &message, const ExchangePtr &exchange)
{
    const QJsonValue id = message.value(u"id"_s);
    const bool hasId = message.contains(u"id"_s);
    if (message.value(u"jsonrpc"_s) != QJsonValue(u"2.0"_s)) {
        respondError(exchange, hasId && validId(id) ? id : QJsonValue(), kInvalidRequest,
                     u"\"jsonrpc\" must be \"2.0\""_s);
        return;
    }
    const QJsonValue methodValue = message.value(u"method"_s);
    if (!methodValue.isString()) {
        // A response to a request of ours (we send none) or garbage.
        if (message.contains(u"result"_s) || message.contains(u"error"_s))
            return;
        respondError(exchange, hasId && validId(id) ? id : QJsonValue(), kInvalidRequest,
                     u"\"method\" must be a string"_s);
        return;
    }
    const QString method = methodValue.toString();
    if (!hasId) {
        // A notification: never answered.
        if (method == u"notifications/initialized"_s)
            qCDebug(lcServer) << "mcp: client initialized";
        return;
    }
    if (!validId(id)) {
        respondError(exchange, QJsonValue(), kInvalidRequest, u"\"id\" must be a string or an integer"_s);
        return;
    }
    QJsonObject params;
    if (!optionalObject(exchange, id, message.value(u"params"_s), u"\"params\" must be an object"_s, &params))
        return;

    if (method == u"initialize"_s)
        respond(exchange, id, initialize(params));
    else if (method == u"ping"_s)
        respond(exchange, id, QJsonObject());
    else if (method == u"tools/list"_s)
        respond(exchange, id, listTools());
    else if (method == u"tools/call"_s)
        callTool(exchange, id, params);
    else if (method == u"resources/list"_s)
        respond(exchange, id, QJsonObject { { u"resources"_s, QJsonArray() } });
    else if (method == u"prompts/list"_s)
        respond(exchange, id, QJsonObject { { u"prompts"_s, QJsonArray() } });
    else
        respondError(exchange, id, kMethodNotFound, u"unknown method '%1'"_s.arg(method));
}

QJsonObject McpServer::initialize(const QJsonObject &params)
{
    const QString requested = params.value(u"protocolVersion"_s).toString();
    // The client's version when we speak it, else our newest; the client decides whether to go on.
    m_version
        = supportedProtocolVersions().contains(requested) ? requested : supportedProtocolVersions().first();
    m_clientName = params.value(u"clientInfo"_s).toObject().value(u"name"_s).toString();
    m_initialized = true;
    qCInfo(lcServer).noquote() << u"mcp: %1 connected (protocol %2%3)"_s.arg(
        m_clientName.isEmpty() ? u"a client"_s : m_clientName, m_version,
        requested == m_version ? QString() : u", it asked for %1"_s.arg(requested));
    return {
        { u"protocolVersion"_s, m_version },
        { u"capabilities"_s, QJsonObject { { u"tools"_s, QJsonObject { { u"listChanged"_s, false } } } } },
        { u"serverInfo"_s,
          QJsonObject { { u"name"_s, u"multi-purpose-agent"_s },
                        { u"title"_s, u"Multi Purpose Agent browser toolkit"_s },
                        { u"version"_s, QCoreApplication::applicationVersion() } } },
        { u"instructions"_s,
          u"Drive the browser the app is connected to. Start with 'open' (a URL; it gives you a tab of your "
          u"own) "
          "or 'tab' (action new), then 'snapshot' to get the page's interactable elements with refs (e1, e2, "
          "…), "
          "and act on them by ref ('click', 'fill', …). A ref from an older snapshot or a previous page is "
          "refused as stale: take a new snapshot."_s },
    };
}

QJsonObject McpServer::listTools() const
{
    QJsonArray tools;
    for (const CommandDispatcher::Command &c : m_commands->commands(CommandDispatcher::Scope::Toolkit)) {
        QJsonObject tool {
            { u"name"_s, c.name },
            { u"description"_s, c.description },
            { u"inputSchema"_s, ParamsSchema::normalized(c.inputSchema) },
        };
        if (const QJsonObject hints = ToolkitSchemas::annotations(c.name); !hints.isEmpty())
            tool.insert(u"annotations"_s, hints);
        tools.append(tool);
    }
    return { { u"tools"_s, tools } };
}

QJsonObject McpServer::toolResult(const CommandResult &result)
{
    QJsonArray content;
    if (!result.ok) {
        content.append(QJsonObject { { u"type"_s, u"text"_s }, { u"text"_s, result.error } });
        return { { u"content"_s, content }, { u"isError"_s, true } };
    }
    QJsonValue data = result.data;
    // A snapshot goes to the model as its lines, not as a JSON-escaped string; the rest (url,
    // title, tab, counts) follows as a second item.
    if (data.isObject() && data.toObject().value(u"snapshot"_s).isString()) {
        QJsonObject meta = data.toObject();
        content.append(
            QJsonObject { { u"type"_s, u"text"_s }, { u"text"_s, meta.take(u"snapshot"_s).toString() } });
        content.append(QJsonObject {
            { u"type"_s, u"text"_s },
            { u"text"_s, QString::fromUtf8(QJsonDocument(meta).toJson(QJsonDocument::Compact)) } });
        return { { u"content"_s, content }, { u"isError"_s, false } };
    }
    if (data.isObject()) {
        QJsonObject object = data.toObject();
        const QString mimeType = object.value(u"mimeType"_s).toString();
        if (mimeType.startsWith(u"image/"_s) && object.value(u"data"_s).isString()) {
            content.append(QJsonObject { { u"type"_s, u"image"_s },
                                         { u"data"_s, object.value(u"data"_s) },
                                         { u"mimeType"_s, mimeType } });
            object.remove(u"data"_s); // the rest (size, url …) as text below
            data = object;
        }
    }
    QString text;
    if (data.isString())
        text = data.toString();
    else if (data.isUndefined() || data.isNull())
        text = u"ok"_s;
    else if (data.isObject())
        text = QString::fromUtf8(QJsonDocument(data.toObject()).toJson(QJsonDocument::Compact));
    else if (data.isArray())
        text = QString::fromUtf8(QJsonDocument(data.toArray()).toJson(QJsonDocument::Compact));
    else
        text = QString::fromUtf8(QJsonDocument(QJsonArray { data }).toJson(QJsonDocument::Compact))
                   .mid(1)
                   .chopped(1);
    content.prepend(QJsonObject { { u"type"_s, u"text"_s }, { u"text"_s, text } });
    return { { u"content"_s, content }, { u"isError"_s, false } };
}

bool McpServer::optionalObject(const ExchangePtr &exchange, const QJsonValue &id, const QJsonValue &value,
                               const QString &mustBe, QJsonObject *object)
{
    if (!value.isUndefined() && !value.isNull() && !value.isObject()) {
        respondError(exchange, id, kInvalidParams, mustBe);
        return false;
    }
    *object = value.toObject();
    return true;
}

void McpServer::callTool(const ExchangePtr &exchange, const QJsonValue &id, const QJsonObject &params)
{
    using Scope = CommandDispatcher::Scope;
    const QJsonValue nameValue = params.value(u"name"_s);
    if (!nameValue.isString() || nameValue.toString().isEmpty()) {
        respondError(exchange, id, kInvalidParams, u"tools/call: params.name must be the tool's name"_s);
        return;
    }
    const QString name = nameValue.toString();
    const CommandDispatcher::Command *command = m_commands->find(name);
    if (!command || !command->scopes.testFlag(Scope::Toolkit)) {
        respondError(exchange, id, kInvalidParams,
                     u"unknown tool '%1'; tools/list names the tools"_s.arg(name));
        return;
    }
    QJsonObject arguments;
    if (!optionalObject(exchange, id, params.value(u"arguments"_s),
                        u"tools/call: params.arguments must be an object"_s, &arguments))
        return;
    // Input the schema refuses (checked by the dispatcher) is the model's mistake: a tool error
    // it can read and correct, like any other failure.
    // The reply goes to the exchange even when this server (a closed HTTP session) is gone.
    ++exchange->awaited;
    m_commands->dispatch(name, arguments, caller(), Scope::Toolkit,
                         [exchange, id](const CommandResult &result) {
                             respond(exchange, id, toolResult(result));
                             --exchange->awaited;
                             exchange->settle();
                         });
}

void McpServer::respond(const ExchangePtr &exchange, const QJsonValue &id, const QJsonValue &result)
{
    exchange->sink(compact({ { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, id }, { u"result"_s, result } }));
}

void McpServer::respondError(const ExchangePtr &exchange, const QJsonValue &id, int code,
                             const QString &message)
{
    exchange->sink(errorLine(id, code, message));
}

QByteArray McpServer::errorLine(const QJsonValue &id, int code, const QString &message)
{
    qCDebug(lcServer).noquote() << "mcp: error" << code << message;
    return compact({ { u"jsonrpc"_s, u"2.0"_s },
                     { u"id"_s, id.isUndefined() ? QJsonValue() : id },
                     { u"error"_s, QJsonObject { { u"code"_s, code }, { u"message"_s, message } } } });
}

} // namespace mpa
