// The commands in a chat's reply: <tool_code> blocks, fenced ```json blocks that name a tool, the
// AgentAnything extension's {"action", "id", "value"} form, and the errors the chat is told.
#include "bridge/ToolCode.h"

#include "QtPrinters.h"
#include "bridge/BridgeRecord.h"
#include "page/NetworkLog.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

// The tools the reply's blocks name, in order.
QStringList toolsOf(const ToolCodeReply &reply)
{
    QStringList tools;
    for (const auto &block : reply.blocks)
        tools.append(block.tool);
    return tools;
}

} // namespace

TEST(ToolCode, ReadsToolCodeBlocksInOrder)
{
    const ToolCodeReply r = ToolCode::parse(
        u"First the email.\n<tool_code>{\"tool\": \"fill\", \"params\": {\"ref\": \"e4\", \"value\": "
        u"\"a\"}}</tool_code>\n"
        u"then <TOOL_CODE>{\"tool\": \"click\", \"params\": {\"ref\": \"e9\"}}</TOOL_CODE> done"_s);
    ASSERT_EQ(toolsOf(r), (QStringList { u"fill"_s, u"click"_s }));
    EXPECT_EQ(r.blocks[0].params.value(u"ref").toString(), u"e4"_s);
    EXPECT_EQ(r.blocks[0].params.value(u"value").toString(), u"a"_s);
    EXPECT_EQ(r.blocks[1].index, 1);
    EXPECT_TRUE(r.blocks[0].error.isEmpty());
    EXPECT_FALSE(r.done);
}

TEST(ToolCode, ReadsTheExtensionsForm)
{
    // {"action": "click", "id": 12} and the value the tool takes.
    const ToolCodeReply r = ToolCode::parse(
        u"<tool_code>{\"action\": \"click\", \"id\": 12}</tool_code>"
        u"<tool_code>{\"action\": \"type\", \"id\": \"7\", \"value\": \"hello\"}</tool_code>"
        u"<tool_code>{\"action\": \"navigate\", \"value\": \"https://example.com/\"}</tool_code>"
        u"<tool_code>{\"action\": \"select\", \"id\": 3, \"values\": [\"Monthly\"]}</tool_code>"
        u"<tool_code>{\"tool\": \"press\", \"params\": {\"keys\": \"Enter\"}}</tool_code>"_s);
    ASSERT_EQ(r.blocks.size(), 5);
    EXPECT_EQ(r.blocks[0].tool, u"click"_s);
    EXPECT_EQ(r.blocks[0].params, (QJsonObject { { u"ref"_s, u"e12"_s } }));
    EXPECT_EQ(r.blocks[1].tool, u"type"_s);
    EXPECT_EQ(r.blocks[1].params, (QJsonObject { { u"ref"_s, u"e7"_s }, { u"text"_s, u"hello"_s } }));
    EXPECT_EQ(r.blocks[2].tool, u"open"_s);
    EXPECT_EQ(r.blocks[2].params.value(u"url").toString(), u"https://example.com/"_s);
    EXPECT_EQ(r.blocks[3].params.value(u"value").toArray(), QJsonArray { u"Monthly"_s });
    EXPECT_EQ(r.blocks[4].params, (QJsonObject { { u"key"_s, u"Enter"_s } }));
}

TEST(ToolCode, ReadsFencedJsonThatNamesATool)
{
    const ToolCodeReply r = ToolCode::parse(
        u"Here:\n```json\n{\"tool\": \"scroll\", \"params\": {\"direction\": \"down\"}}\n```\n"
        u"and some code that is not a command:\n```json\n{\"name\": \"x\"}\n```\n```\nls -la\n```"_s);
    EXPECT_EQ(toolsOf(r), QStringList { u"scroll"_s });
}

TEST(ToolCode, NamesWhatIsWrongWithABadBlock)
{
    const ToolCodeReply r
        = ToolCode::parse(u"<tool_code>{\"tool\": \"click\", \"params\": {\"ref\": }</tool_code>"
                          u"<tool_code>[1, 2]</tool_code>"
                          u"<tool_code>{\"ref\": \"e1\"}</tool_code>"
                          u"<tool_code>{\"tool\": \"click\", \"params\": \"e1\"}</tool_code>"
                          u"```json\n{\"tool\": \"click\" \"params\": {}}\n```"
                          u"<tool_code>{\"tool\": \"click\""_s);
    ASSERT_EQ(r.blocks.size(), 6);
    EXPECT_TRUE(r.blocks[0].error.contains(u"not valid JSON"_s)) << r.blocks[0].error.toStdString();
    EXPECT_TRUE(r.blocks[1].error.contains(u"one JSON object"_s));
    EXPECT_TRUE(r.blocks[2].error.contains(u"names no tool"_s));
    EXPECT_TRUE(r.blocks[3].error.contains(u"\"params\" must be an object"_s));
    EXPECT_TRUE(r.blocks[4].error.contains(u"not valid JSON"_s));
    EXPECT_TRUE(r.blocks[5].error.contains(u"not closed"_s));
    for (const ToolCodeBlock &b : r.blocks)
        EXPECT_FALSE(b.hash.isEmpty());
}

TEST(ToolCode, TheSameCommandHasTheSameHashWhateverItsSpacing)
{
    const ToolCodeReply a
        = ToolCode::parse(u"<tool_code>{\"tool\":\"click\",\"params\":{\"ref\":\"e3\"}}</tool_code>"_s);
    const ToolCodeReply b = ToolCode::parse(
        u"<tool_code>\n  { \"tool\": \"click\", \"params\": { \"ref\": \"e3\" } }\n</tool_code>"_s);
    const ToolCodeReply c = ToolCode::parse(u"<tool_code>{\"action\": \"click\", \"id\": 3}</tool_code>"_s);
    const ToolCodeReply d
        = ToolCode::parse(u"<tool_code>{\"tool\":\"click\",\"params\":{\"ref\":\"e4\"}}</tool_code>"_s);
    EXPECT_EQ(a.blocks[0].hash, b.blocks[0].hash);
    EXPECT_EQ(a.blocks[0].hash, c.blocks[0].hash);
    EXPECT_NE(a.blocks[0].hash, d.blocks[0].hash);
}

TEST(ToolCode, TheDoneMarkerOutsideBlocks)
{
    const ToolCodeReply r = ToolCode::parse(u"All set. <done>subscribed, monthly</done>"_s);
    EXPECT_TRUE(r.done);
    EXPECT_EQ(r.doneText, u"subscribed, monthly"_s);
    EXPECT_TRUE(r.blocks.isEmpty());
    // A marker quoted inside a command is not the chat saying done.
    const ToolCodeReply q = ToolCode::parse(
        u"<tool_code>{\"tool\": \"fill\", \"params\": {\"ref\": \"e1\", \"value\": \"<done>x</done>\"}}</tool_code>"_s);
    EXPECT_FALSE(q.done);
}

TEST(BridgeRecord, ReadsBackWhatItWrites)
{
    BridgeRecord r;
    r.id = u"bridge-1"_s;
    r.goal = u"Buy"_s;
    r.keyword = u"KAROMI-1234"_s;
    r.status = BridgeStatus::WaitingUser;
    r.phase = BridgePhase::Execute;
    r.turn = 3;
    r.openedTabs = { u"T1"_s, u"T2"_s };
    r.releasedTabs = { u"T0"_s };
    r.lastMasked = { { u"email"_s, 2 } };
    BridgeCommand c;
    c.key = u"t3-0-abc"_s;
    c.tool = u"click"_s;
    c.params = { { u"ref"_s, u"e5"_s } };
    c.state = BridgeCommand::State::Running;
    c.element = u"button “Pay”"_s;
    r.commands.append(c);
    r.question = { { u"command"_s, c.key }, { u"text"_s, u"Allow?"_s } };
    QString error;
    const std::optional<BridgeRecord> back = BridgeRecord::fromJson(r.toJson(), &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_EQ(back->status, BridgeStatus::WaitingUser);
    EXPECT_EQ(back->phase, BridgePhase::Execute);
    EXPECT_EQ(back->openedTabs, r.openedTabs);
    EXPECT_EQ(back->commands.size(), 1);
    EXPECT_EQ(back->commands[0].state, BridgeCommand::State::Running);
    EXPECT_EQ(back->commands[0].element, c.element);
    EXPECT_EQ(back->lastAction(), u"click e5 on button “Pay” → running"_s);
    EXPECT_FALSE(
        BridgeRecord::fromJson({ { u"sessionId"_s, u"x"_s }, { u"status"_s, u"dancing"_s } }, &error));
    EXPECT_TRUE(error.contains(u"dancing"_s));
}

TEST(NetworkEntry, ALineSaysMethodPathStatusAndSize)
{
    NetworkEntry e;
    e.method = u"POST"_s;
    e.url = u"https://shop.example/api/cart?item=42"_s;
    e.status = 201;
    e.bytes = 1536;
    e.finished = true;
    EXPECT_EQ(e.line(), u"POST /api/cart?item=42 → 201, 1.5 kB"_s);
    e.error = u"net::ERR_FAILED"_s;
    EXPECT_EQ(e.line(), u"POST /api/cart?item=42 → failed (net::ERR_FAILED)"_s);
}
