// Fuzz target: a web chat's reply as the bridge reads it (core/bridge ToolCode::parse):
// <tool_code> blocks, fenced json blocks, the done marker; every block either usable or with
// an error, numbered in order.
#include "FuzzSupport.h"
#include "bridge/ToolCode.h"

using namespace mpa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ToolCodeReply reply = ToolCode::parse(fuzz::text(data, size));
    for (qsizetype i = 0; i < reply.blocks.size(); ++i) {
        const ToolCodeBlock &block = reply.blocks.at(i);
        if (block.index != i || (block.error.isEmpty() && block.tool.isEmpty()) || block.hash.isEmpty())
            __builtin_trap();
        QString tool = block.tool;
        QJsonObject params = block.params;
        ToolCode::normalise(tool, params);
    }
    return 0;
}
