// Fuzz target: one agent WebSocket message (core/server/ToolkitProtocol), as the agent server
// and client read it: parse, then the reply the connection would send, the schema check the
// dispatcher would run for a request, and the oversize reply built from the message's head.
#include "FuzzSupport.h"
#include "actions/ToolkitSchemas.h"
#include "common/ParamsSchema.h"
#include "server/ToolkitProtocol.h"

using namespace mpa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text = fuzz::bytes(data, size);
    const ToolkitProtocol::Message message = ToolkitProtocol::parse(text);
    switch (message.kind) {
    case ToolkitProtocol::Message::Kind::Invalid:
        (void)ToolkitProtocol::errorReply(message.id, message.error);
        break;
    case ToolkitProtocol::Message::Kind::Ping:
        (void)ToolkitProtocol::pong(message.id);
        break;
    case ToolkitProtocol::Message::Kind::Request:
        if (ToolkitSchemas::types().contains(message.type)) {
            QString problem;
            ParamsSchema::validate(message.params, ToolkitSchemas::schema(message.type), &problem);
            (void)ToolkitProtocol::reply(message.id,
                                         problem.isEmpty() ? CommandResult::success(message.params)
                                                           : CommandResult::failure(problem));
        }
        (void)message.idString();
        break;
    default:
        break;
    }
    (void)ToolkitProtocol::oversizeReply(text, text.size());
    return 0;
}
