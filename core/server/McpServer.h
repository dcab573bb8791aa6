#pragma once
// The browser toolkit as a Model Context Protocol server: JSON-RPC 2.0, one message per line
// (the MCP stdio transport). Framing only — McpStdio moves the lines, the CommandDispatcher's
// Toolkit commands are the tools.
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
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QStringList>

namespace mpa {

class McpServer : public QObject
{
    Q_OBJECT
public:
    static const QStringList &supportedProtocolVersions(); // newest first
    static constexpr qint64 kMaxMessageBytes = 16 * 1024 * 1024;

    explicit McpServer(CommandDispatcher *commands, QObject *parent = nullptr);

    // One line from the client (without the newline).
    void handleLine(const QByteArray &line);
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
    void handleMessage(const QJsonObject &message);
    void respond(const QJsonValue &id, const QJsonValue &result);
    void respondError(const QJsonValue &id, int code, const QString &message);
    // `value` into `object` when it is an object, missing or null; otherwise answers request `id`
    // with invalid params (`mustBe` says what it must be) and is false.
    bool optionalObject(const QJsonValue &id, const QJsonValue &value, const QString &mustBe,
                        QJsonObject *object);
    QJsonObject initialize(const QJsonObject &params);
    QJsonObject listTools() const;
    void callTool(const QJsonValue &id, const QJsonObject &params);

    CommandDispatcher *m_commands;
    bool m_initialized = false;
    QString m_version;
    QString m_clientName;
};

} // namespace mpa
