#pragma once
// The one table of commands every server answers: the debug API's actions (getFullState,
// startQueue, …) and the browser toolkit's types (snapshot, click, …). The HTTP debug API,
// the agent WebSocket server/client and the MCP server all parse their own framing and then
// call dispatch(); none of them knows what a command does.

#include "common/CommandResult.h"

#include <QFlags>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>

namespace mpa {

// Who is asking, for handlers that treat callers differently (tab ownership, logging).
struct CommandCaller
{
    QString channel; // "debug-api", "agent-ws", "agent-client", "mcp", "ctl", "ui"
    QString clientId; // distinguishes connections on one channel
    QString name = {}; // what the agent calls itself (MCP clientInfo, a WebSocket hello); may be empty

    // How the user is told who asks: its own name, or "an agent (channel connection)".
    QString displayName() const;
};

class CommandDispatcher : public QObject
{
    Q_OBJECT
public:
    enum class Scope { DebugApi = 0x1, Toolkit = 0x2 };
    Q_DECLARE_FLAGS(Scopes, Scope)
    // How much of an unknown name a refusal repeats.
    static constexpr qsizetype kEchoedNameChars = 64;

    using Handler
        = std::function<void(const QJsonObject &params, const CommandCaller &caller, CommandReply reply)>;

    struct Command
    {
        QString name;
        Scopes scopes;
        QString description; // one line, shown in MCP's tools/list
        QJsonObject inputSchema; // JSON Schema of params (MCP); {} means "an object"
        Handler handler;
        // Other spellings of the params (another tool's names), rewritten to ours before the
        // schema check; false with `error` saying why it cannot (a param given under both names).
        std::function<bool(QJsonObject &params, QString *error)> aliases = {};
    };

    explicit CommandDispatcher(QObject *parent = nullptr);

    // Adds or replaces a command.
    void add(Command command);
    void remove(const QString &name);
    bool contains(const QString &name, Scope scope) const;
    const Command *find(const QString &name) const;
    QList<Command> commands(Scope scope) const;

    // Runs a command. `reply` is called exactly once, possibly before dispatch() returns; an
    // unknown name (in this scope) answers NotFound.
    void dispatch(const QString &name, const QJsonObject &params, const CommandCaller &caller, Scope scope,
                  CommandReply reply) const;

private:
    QList<Command> m_commands;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(CommandDispatcher::Scopes)

// Renames params.`theirs` to params.`ours` when given; false with `error` when both are.
bool takeAlias(QJsonObject &params, const QString &theirs, const QString &ours, QString *error);

} // namespace mpa
