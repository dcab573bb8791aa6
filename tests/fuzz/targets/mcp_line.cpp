// Fuzz target: MCP JSON-RPC lines (core/server/McpServer) over a dispatcher that holds every
// toolkit command with its real schema (the handlers echo their params): each line of the
// input is one message, in order, to one fresh server — as an MCP client's stdin would be.
#include "FuzzSupport.h"
#include "actions/CommandDispatcher.h"
#include "actions/ToolkitSchemas.h"
#include "server/McpServer.h"

#include <QJsonDocument>

using namespace mpa;

namespace {

CommandDispatcher &toolkit()
{
    static CommandDispatcher *commands = [] {
        auto *d = new CommandDispatcher;
        for (const QString &type : ToolkitSchemas::types()) {
            d->add({ type, CommandDispatcher::Scope::Toolkit, QStringLiteral("fuzz ") + type,
                     ToolkitSchemas::schema(type),
                     [](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
                         if (params.value(QStringLiteral("fail")).toBool())
                             reply(CommandResult::failure(QStringLiteral("asked to fail")));
                         else
                             reply(CommandResult::success(params));
                     } });
        }
        return d;
    }();
    return *commands;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input = fuzz::bytes(data, size);
    McpServer server(&toolkit());
    qsizetype answers = 0;
    QObject::connect(&server, &McpServer::send, &server, [&answers](const QByteArray &line) {
        // Every answer is one JSON object on one line.
        if (line.contains('\n') || !QJsonDocument::fromJson(line).isObject())
            __builtin_trap();
        ++answers;
    });
    for (const QByteArray &line : input.split('\n'))
        server.handleLine(line);
    (void)answers;
    return 0;
}
