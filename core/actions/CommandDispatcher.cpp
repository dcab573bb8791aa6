#include "CommandDispatcher.h"

#include "common/ParamsSchema.h"
#include "common/Refuse.h"
#include "logging/LogCategories.h"

#include <QJsonArray>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

QString CommandCaller::displayName() const
{
    if (!name.trimmed().isEmpty())
        return name.trimmed();
    return u"an agent (%1 %2)"_s.arg(channel, clientId);
}

CommandDispatcher::CommandDispatcher(QObject *parent)
    : QObject(parent)
{
}

void CommandDispatcher::add(Command command)
{
    remove(command.name);
    m_commands.append(std::move(command));
}

void CommandDispatcher::remove(const QString &name)
{
    m_commands.removeIf([&name](const Command &c) { return c.name == name; });
}

const CommandDispatcher::Command *CommandDispatcher::find(const QString &name) const
{
    for (const Command &c : m_commands) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

bool CommandDispatcher::contains(const QString &name, Scope scope) const
{
    const Command *command = find(name);
    return command && command->scopes.testFlag(scope);
}

QList<CommandDispatcher::Command> CommandDispatcher::commands(Scope scope) const
{
    QList<Command> result;
    for (const Command &c : m_commands) {
        if (c.scopes.testFlag(scope))
            result.append(c);
    }
    return result;
}

void CommandDispatcher::dispatch(const QString &name, const QJsonObject &params, const CommandCaller &caller,
                                 Scope scope, CommandReply reply) const
{
    const Command *command = find(name);
    if (!command || !command->scopes.testFlag(scope)) {
        // The name is the caller's: a megabyte of it would make a reply of that size (and a log
        // line), so only its start is echoed.
        const QString shown = name.size() > kEchoedNameChars
            ? name.left(kEchoedNameChars) + u"… (%1 characters)"_s.arg(name.size())
            : name;
        reply(CommandResult::failure(
            u"unknown %1 '%2'"_s.arg(scope == Scope::DebugApi ? u"action"_s : u"type"_s, shown),
            ErrorKind::NotFound));
        return;
    }
    // Every caller's params are checked here, once, against the command's schema: handlers
    // read params that already have the right names, types and ranges.
    QJsonObject ours = params;
    if (command->aliases) {
        if (QString problem; !command->aliases(ours, &problem)) {
            reply(CommandResult::failure(u"%1: %2"_s.arg(name, problem), ErrorKind::BadInput));
            return;
        }
    }
    if (QString problem; !ParamsSchema::validate(ours, command->inputSchema, &problem)) {
        reply(CommandResult::failure(u"%1: %2"_s.arg(name, problem), ErrorKind::BadInput));
        return;
    }
    // Exactly once, whatever the handler does.
    auto answered = std::make_shared<bool>(false);
    command->handler(ours, caller,
                     [reply = std::move(reply), answered, label = name](const CommandResult &result) {
                         if (*answered) {
                             qCWarning(lcServer).noquote()
                                 << "command" << label << "answered twice; the second answer is dropped";
                             return;
                         }
                         *answered = true;
                         reply(result);
                     });
}

bool takeAlias(QJsonObject &params, const QString &theirs, const QString &ours, QString *error)
{
    if (!params.contains(theirs))
        return true;
    if (params.contains(ours))
        return refuse(error, u"params.%1 and params.%2 are the same thing; give one"_s.arg(theirs, ours));
    params.insert(ours, params.take(theirs));
    return true;
}

} // namespace mpa
