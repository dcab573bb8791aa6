// The model's answer read from bytes (agent/LlmStream): event streams cut anywhere, tool calls
// assembled by number, and what a service must not send refused with a sentence. Streams as
// OpenAI's chat completions send them (the shape ScriptedLlmServer serves; OpenAI API
// reference, "The chat completion chunk object").
#include "agent/LlmStream.h"

#include "QtPrinters.h"

#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

const QByteArray kStream
    = R"(data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"Open"},"finish_reason":null}]}

data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"ing it"},"finish_reason":null}]}

data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"click","arguments":"{\"ref\":"}}]},"finish_reason":null}]}

data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"e3\"}"}}]},"finish_reason":"tool_calls"}]}

data: {"id":"c1","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":12,"completion_tokens":5}}

data: [DONE]
)";

} // namespace

TEST(LlmStreamTest, AStreamCutAtEveryByteReadsAsTheWhole)
{
    for (qsizetype piece : { 1, 7, 64, 100000 }) {
        LlmStream stream;
        QString shown;
        for (qsizetype at = 0; at < kStream.size(); at += piece)
            stream.feed(kStream.mid(at, piece), false, [&](const QString &text) { shown += text; });
        stream.feed({}, true);
        stream.finishToolCalls();
        EXPECT_EQ(stream.content, u"Opening it"_s) << piece;
        EXPECT_EQ(shown, stream.content);
        ASSERT_EQ(stream.toolCalls.size(), 1);
        EXPECT_EQ(stream.toolCalls.at(0).id, u"call_1"_s);
        EXPECT_EQ(stream.toolCalls.at(0).arguments.value(u"ref"_s).toString(), u"e3"_s);
        EXPECT_EQ(stream.finishReason, u"tool_calls"_s);
        EXPECT_EQ(stream.usage.completionTokens, 5);
        EXPECT_TRUE(stream.badResponse.isEmpty());
    }
}

TEST(LlmStreamTest, ToolCallNumbersOutsideTheListAreRefusedNamingTheNumber)
{
    const QByteArray prefix = R"(data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":)";
    const QByteArray suffix = R"(,"function":{"name":"click","arguments":"{}"}}]}}]})"
                              "\n";
    for (const QByteArray &index : { QByteArray("-1"), QByteArray("-2147483648"), QByteArray("2147483647"),
                                     QByteArray("1e300"), QByteArray("128"), QByteArray("2.5") }) {
        LlmStream stream;
        stream.feed(prefix + index + suffix, true);
        EXPECT_TRUE(stream.toolCalls.isEmpty()) << index.toStdString();
        EXPECT_TRUE(stream.badResponse.startsWith(u"a tool call numbered "_s))
            << stream.badResponse.toStdString();
        EXPECT_TRUE(stream.badResponse.contains(u"0 to 127"_s));
    }
    LlmStream last;
    last.feed(prefix + "127" + suffix, true);
    EXPECT_EQ(last.toolCalls.size(), 128);
    EXPECT_TRUE(last.badResponse.isEmpty());
}

TEST(LlmStreamTest, ACallWithoutANumberIsTheNextOne)
{
    LlmStream stream;
    stream.feed(
        R"(data: {"choices":[{"delta":{"tool_calls":[{"id":"a","function":{"name":"click"}},{"id":"b","index":"x","function":{"name":"fill"}}]}}]})"
        "\n",
        false);
    ASSERT_EQ(stream.toolCalls.size(), 2);
    EXPECT_EQ(stream.toolCalls.at(1).name, u"fill"_s);
}

TEST(LlmStreamTest, AWholeAnswerWithArgumentsThatAreNotAnObject)
{
    LlmStream stream;
    stream.takeMessage(QJsonDocument::fromJson(R"({"choices":[{"message":{"content":"hi","tool_calls":[
        {"id":"1","function":{"name":"click","arguments":"[1]"}},
        {"id":"2","function":{"name":"fill","arguments":{"ref":"e2"}}}]},"finish_reason":"tool_calls"}],
        "usage":{"prompt_tokens":3,"completion_tokens":4}})")
                           .object());
    stream.finishToolCalls();
    ASSERT_EQ(stream.toolCalls.size(), 2);
    EXPECT_EQ(stream.toolCalls.at(0).parseError, u"not an object"_s);
    EXPECT_EQ(stream.toolCalls.at(1).arguments.value(u"ref"_s).toString(), u"e2"_s);
    EXPECT_TRUE(stream.sawUsage);
}
