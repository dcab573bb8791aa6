#pragma once
// The browser toolkit as a Model Context Protocol server: JSON-RPC 2.0 messages in, replies out.
// Framing only — McpStdio moves the lines of the stdio transport, McpHttpServer the bodies of
// the streamable HTTP transport (one McpServer per session), the CommandDispatcher's Toolkit
// commands are the tools.
//
//   initialize            protocol version negotiation; capabilities {tools:{}}
//   ping                  {}
//   tools/list            every Toolkit command: name, description, inputSchema
//   tools/call            params checked against the schema, then dispatched; the result is
//                         content [{type:"text",text:…}] (plus {type:"image"} when the data
//                         carries an image: {"mimeType":"image/png","data":<base64>,…}); a
//                         failing command is a result with isError:true, not a JSON-RPC error
//   notifications/*       accepted, nothing answered
// Malformed messages get JSON-RPC errors (-32700 parse, -32600 invalid request, -32601 unknown
// method, -32602 bad params).

#include "actions/CommandDispatcher.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace mpa {

class McpServer : public QObject
{
    Q_OBJECT
public:
    static const QStringList &supportedProtocolVersions(); // newest first
    static constexpr qint64 kMaxMessageBytes = qint64(16) * 1024 * 1024;

    // Where the replies to one message go, each a JSON-RPC object (or batch) without a newline.
    using ReplySink = std::function<void(const QByteArray &reply)>;

    // `connection` tells this client apart from others on the MCP channel (its caller's
    // clientId: "stdio", or an HTTP session's "http-N"); what it owns (tabs) is owned by it.
    explicit McpServer(CommandDispatcher *commands, QObject *parent = nullptr,
                       const QString &connection = QStringLiteral("stdio"));

    // One line from the client (without the newline); the replies go out through send().
    void handleLine(const QByteArray &line);
    // The JSON-RPC message (or batch) in `line`; nothing, with the JSON-RPC error to answer
    // in `errorReply`, when it is no message at all (not JSON, not an object, too long, an
    // empty batch).
    static std::optional<QJsonDocument> parseMessage(const QByteArray &line, QByteArray *errorReply);
    // Answers a parsed message or batch: every reply to `sink` (also those that come later,
    // from tool calls under way), then `finished` once each request in it is answered — at
    // once when it held only notifications and responses. The sink is called after this server
    // is gone too: a reply is never lost to a closed session.
    void handleDocument(const QJsonDocument &document, ReplySink sink, std::function<void()> finished = {});
    // The caller tools run as: channel "mcp", this connection, the client's name.
    CommandCaller caller() const;
    // A line of `bytes` bytes the transport dropped while reading it, being over its limit;
    // answered with the id it began with, when it began with one.
    void refuseLongLine(qint64 bytes, qint64 limit, const QByteArray &start = {});
    // The request id a message's first bytes give (`{"id": 2, …` or `{"jsonrpc":"2.0","id":"a",…`,
    // a top-level "id" whose value is complete within them); undefined when they give none.
    // Public for tests.
    static QJsonValue idAtStart(QByteArrayView start);

    bool isInitialized() const { return m_initialized; }
    QString negotiatedVersion() const { return m_version; }
    QString clientName() const { return m_clientName; }

    // The result object of a tools/call for a command's result (public for tests).
    static QJsonObject toolResult(const CommandResult &result);

Q_SIGNALS:
    // One line to write to the client (without the newline).
    void send(const QByteArray &line);

private:
    // The replies to one message: where they go, and how many requests still wait for theirs.
    struct Exchange;
    using ExchangePtr = std::shared_ptr<Exchange>;

    void handleMessage(const QJsonObject &message, const ExchangePtr &exchange);
    static void respond(const ExchangePtr &exchange, const QJsonValue &id, const QJsonValue &result);
    static void respondError(const ExchangePtr &exchange, const QJsonValue &id, int code,
                             const QString &message);
    static QByteArray errorLine(const QJsonValue &id, int code, const QString &message);
    // `value` into `object` when it is an object, missing or null; otherwise answers request `id`
    // with invalid params (`mustBe` says what it must be) and is false.
    bool optionalObject(const ExchangePtr &exchange, const QJsonValue &id, const QJsonValue &value,
                        const QString &mustBe, QJsonObject *object);
    QJsonObject initialize(const QJsonObject &params);
    QJsonObject listTools() const;
    void callTool(const ExchangePtr &exchange, const QJsonValue &id, const QJsonObject &params);

    CommandDispatcher *m_commands;
    QString m_connection;
    bool m_initialized = false;
    QString m_version;
    QString m_clientName;
};

} // namespace mpa
