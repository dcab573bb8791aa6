// Fuzz target: a model service's answer (core/agent LlmStream, what LlmClient reads from the
// network). The first byte chooses the form: even — the rest is a server-sent event stream,
// fed in pieces cut where the first byte says (as TCP delivers it), then flushed; odd — the
// rest is one non-streamed JSON body. Either way the tool calls' arguments are then parsed.
#include "FuzzSupport.h"
#include "agent/LlmStream.h"
#include "common/JsonText.h"

#include <QJsonDocument>

using namespace mpa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const QByteArray rest = fuzz::bytes(data + 1, size - 1);
    LlmStream stream;
    if (data[0] % 2 == 0) {
        const qsizetype piece = 1 + data[0] / 2; // 1–128 bytes at a time
        QString streamed;
        for (qsizetype at = 0; at < rest.size(); at += piece)
            stream.feed(rest.mid(at, piece), false, [&streamed](const QString &text) { streamed += text; });
        stream.feed({}, true, [&streamed](const QString &text) { streamed += text; });
        if (streamed != stream.content)
            __builtin_trap(); // the text shown as it came is the text of the answer
    } else {
        if (!jsonNestingError(rest, 64, QStringLiteral("the answer")).isEmpty())
            return 0;
        stream.takeMessage(QJsonDocument::fromJson(rest).object());
    }
    if (stream.toolCalls.size() > LlmStream::kMaxToolCalls)
        __builtin_trap();
    stream.finishToolCalls();
    return 0;
}
