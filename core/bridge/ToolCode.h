#pragma once
// The commands in a chat's reply (DESIGN.md "Bridge"): `<tool_code>{"tool": "click", "params":
// {"ref": "e3"}}</tool_code>` blocks, and fenced ```json blocks whose object has a "tool" or
// "action" field, as the AgentAnything extension read them. The extension's own form
// `{"action": "click", "id": 12, "value": …}` is mapped to the toolkit's (`id` 12 → ref "e12",
// `value` → the param the tool takes). A block that cannot be used keeps its place with an
// error that says why, so the chat is told and nothing runs for it.
//
// The end marker `<done>summary</done>` (outside any block) says the goal is reached.

#include <QJsonObject>
#include <QList>
#include <QString>

namespace mpa {

struct ToolCodeBlock
{
    int index = 0; // 0, 1, … in the reply's order
    QString raw; // the block's text as written (without the tags / fences)
    QString tool;
    QJsonObject params;
    QString error; // empty: usable
    QString hash; // of the normalised command (tool + params), or of raw when unusable
};

struct ToolCodeReply
{
    QList<ToolCodeBlock> blocks;
    bool done = false;
    QString doneText; // the summary in the done marker
};

class ToolCode
{
public:
    static ToolCodeReply parse(const QString &reply);
    // Maps the extension's action names and params onto the toolkit's; `error` when a param
    // that the tool needs cannot be made.
    static void normalise(QString &tool, QJsonObject &params);
    static constexpr int kMaxRawChars = 4000;
};

} // namespace mpa
