// The OpenAI-compatible client against the scripted server (a real HTTP server on 127.0.0.1):
// plain and streamed answers, tool calls whose arguments arrive in pieces, usage given or
// estimated, retries after 429 (Retry-After) and 5xx on the injected clock, a refused key, a
// model that takes no tools, malformed arguments, abort, the model list, GigaChat's tokens.
#include "agent/LlmClient.h"

#include "FakeClock.h"
#include "QtPrinters.h"
#include "ScriptedLlmServer.h"
#include "Wait.h"
#include "logging/Logging.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// The reply came, with exactly one tool call: `name` with `arguments`.
::testing::AssertionResult isOneToolCall(const LlmReply &reply, const QString &name,
                                         const QJsonObject &arguments)
{
    if (!reply.ok())
        return ::testing::AssertionFailure() << "no reply: " << reply.error.toStdString();
    if (reply.toolCalls.size() != 1)
        return ::testing::AssertionFailure() << reply.toolCalls.size() << " tool calls, not 1";
    const auto &call = reply.toolCalls.at(0);
    if (call.name != name || call.arguments != arguments)
        return ::testing::AssertionFailure()
            << "the call is " << call.name.toStdString() << " "
            << QJsonDocument(call.arguments).toJson(QJsonDocument::Compact).toStdString();
    return ::testing::AssertionSuccess();
}

const QJsonArray kMessages { QJsonObject { { u"role"_s, u"user"_s },
                                           { u"content"_s, u"Click the Next button please"_s } } };
const QJsonArray kTools { QJsonObject {
    { u"type"_s, u"function"_s },
    { u"function"_s,
      QJsonObject { { u"name"_s, u"click"_s },
                    { u"parameters"_s, QJsonObject { { u"type"_s, u"object"_s } } } } } } };

class LlmClientTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        LlmConfig config;
        config.provider = u"groq"_s;
        config.displayName = u"Groq"_s;
        config.baseUrl = server.baseUrl();
        config.model = u"llama-3.3-70b"_s;
        config.apiKey = u"gsk-test-0123456789abcdef"_s;
        config.maxRetries = 2;
        client.setConfig(config);
    }

    // Sends one request and waits for its end; advances the fake clock whenever the call
    // waits for a retry.
    LlmReply complete(bool stream, const QJsonArray &tools = kTools, QStringList *deltas = nullptr)
    {
        LlmCall *call = client.complete(kMessages, tools, stream);
        std::optional<LlmReply> reply;
        QObject::connect(call, &LlmCall::finished, call, [&](const LlmReply &r) { reply = r; });
        if (deltas)
            QObject::connect(call, &LlmCall::textDelta, call,
                             [deltas](const QString &t) { deltas->append(t); });
        const bool ended = waitUntil(
            [&] {
                if (!reply && clock.armedTimers() > 0)
                    clock.advance(31s);
                return reply.has_value();
            },
            20s);
        EXPECT_TRUE(ended) << "no answer";
        return reply.value_or(LlmReply {});
    }

    FakeClock clock { QDateTime::currentDateTimeUtc() };
    ScriptedLlmServer server;
    LlmClient client { &clock };
};

} // namespace

TEST_F(LlmClientTest, APlainAnswerWithAToolCallAndItsUsage)
{
    server.enqueue(ScriptedLlmServer::toolCall(u"click"_s, { { u"ref"_s, u"e3"_s } }, u"The button is e3"_s));
    const LlmReply reply = complete(false);
    ASSERT_TRUE(isOneToolCall(reply, u"click"_s, { { u"ref"_s, u"e3"_s } }));
    EXPECT_EQ(reply.content, u"The button is e3"_s);
    EXPECT_EQ(reply.usage.promptTokens, 900);
    EXPECT_FALSE(reply.usage.estimated);
    const QJsonObject sent = server.requests().at(0);
    EXPECT_EQ(sent.value(u"model"_s).toString(), u"llama-3.3-70b"_s);
    EXPECT_EQ(sent.value(u"tools"_s).toArray().size(), 1);
    EXPECT_EQ(sent.value(u"tool_choice"_s).toString(), u"auto"_s);
    EXPECT_EQ(server.authorizations().at(0), QByteArray("Bearer gsk-test-0123456789abcdef"));
}

TEST_F(LlmClientTest, AStreamedToolCallIsAssembledFromItsPieces)
{
    server.enqueue(ScriptedLlmServer::streamedToolCall(
        u"fill"_s, { { u"ref"_s, u"e7"_s }, { u"value"_s, u"Ada Lovelace"_s } }, 5));
    const LlmReply reply = complete(true);
    ASSERT_TRUE(
        isOneToolCall(reply, u"fill"_s, { { u"ref"_s, u"e7"_s }, { u"value"_s, u"Ada Lovelace"_s } }));
    EXPECT_EQ(reply.finishReason, u"tool_calls"_s);
    EXPECT_EQ(reply.usage.completionTokens, 30);
    EXPECT_TRUE(server.requests().at(0).value(u"stream"_s).toBool());
}

TEST_F(LlmClientTest, StreamedTextArrivesAsItComesAndUsageIsEstimatedWhenNoneIsGiven)
{
    server.enqueue(ScriptedLlmServer::streamedText(u"I will open the settings page first."_s, 4));
    QStringList deltas;
    const LlmReply reply = complete(true, {}, &deltas);
    ASSERT_TRUE(reply.ok()) << reply.error.toStdString();
    EXPECT_EQ(reply.content, u"I will open the settings page first."_s);
    EXPECT_EQ(deltas.size(), 4);
    EXPECT_EQ(deltas.join(QString()), reply.content);
    EXPECT_TRUE(reply.usage.estimated);
    EXPECT_GT(reply.usage.promptTokens, 0);
    EXPECT_FALSE(server.requests().at(0).contains(u"tools"_s));
}

TEST_F(LlmClientTest, A429WaitsWhatRetryAfterSaysThenSucceeds)
{
    server.enqueue(ScriptedLlmServer::error(429, u"Rate limit reached"_s, { { "Retry-After", "7" } }));
    server.enqueue(ScriptedLlmServer::text(u"OK"_s));
    LlmCall *call = client.complete(kMessages, kTools, false);
    std::optional<LlmReply> reply;
    QObject::connect(call, &LlmCall::finished, call, [&](const LlmReply &r) { reply = r; });
    ASSERT_TRUE(waitUntil([&] { return clock.armedTimers() == 1; })) << "no retry planned";
    clock.advance(6900ms);
    EXPECT_EQ(server.requests().size(), 1) << "tried again before Retry-After";
    clock.advance(200ms);
    ASSERT_TRUE(waitUntil([&] { return reply.has_value(); }));
    ASSERT_TRUE(reply->ok()) << reply->error.toStdString();
    EXPECT_EQ(reply->attempts, 2);
    EXPECT_EQ(server.requests().size(), 2);
}

TEST_F(LlmClientTest, ServerErrorsAreRetriedThenReportedWithTheStatus)
{
    for (int i = 0; i < 3; ++i)
        server.enqueue(ScriptedLlmServer::error(503, u"overloaded"_s));
    const LlmReply reply = complete(false);
    EXPECT_EQ(reply.outcome, LlmReply::Outcome::HttpError);
    EXPECT_EQ(reply.attempts, 3);
    EXPECT_TRUE(reply.error.contains(u"HTTP 503"_s)) << reply.error.toStdString();
    EXPECT_TRUE(reply.error.contains(u"overloaded"_s)) << reply.error.toStdString();
}

TEST_F(LlmClientTest, ARefusedKeyFailsAtOnceNamingTheProvider)
{
    server.enqueue(ScriptedLlmServer::error(401, u"Invalid API Key"_s));
    const LlmReply reply = complete(false);
    EXPECT_EQ(reply.outcome, LlmReply::Outcome::AuthRefused);
    EXPECT_EQ(reply.attempts, 1);
    EXPECT_EQ(server.requests().size(), 1);
    EXPECT_TRUE(reply.error.startsWith(u"the API key was refused by Groq (HTTP 401"_s))
        << reply.error.toStdString();
}

TEST_F(LlmClientTest, AModelThatTakesNoToolsIsAskedAgainWithoutThem)
{
    server.enqueue(ScriptedLlmServer::error(400, u"tools is not supported for this model"_s));
    server.enqueue(
        ScriptedLlmServer::text(u"```json\n{\"tool\": \"click\", \"params\": {\"ref\": \"e1\"}}\n```"_s));
    const LlmReply reply = complete(false);
    ASSERT_TRUE(reply.ok()) << reply.error.toStdString();
    EXPECT_FALSE(reply.usedTools);
    ASSERT_EQ(server.requests().size(), 2);
    EXPECT_TRUE(server.requests().at(0).contains(u"tools"_s));
    EXPECT_FALSE(server.requests().at(1).contains(u"tools"_s));
    EXPECT_FALSE(client.takesTools());
}

TEST_F(LlmClientTest, ArgumentsThatAreNotAnObjectAreNamedOnTheCall)
{
    ScriptedLlmServer::Reply odd = ScriptedLlmServer::toolCall(u"click"_s, {});
    odd.body.replace("\"arguments\":\"{}\"", "\"arguments\":\"{ref: e3\"");
    server.enqueue(odd);
    const LlmReply reply = complete(false);
    ASSERT_TRUE(reply.ok()) << reply.error.toStdString();
    ASSERT_EQ(reply.toolCalls.size(), 1);
    EXPECT_FALSE(reply.toolCalls.at(0).parseError.isEmpty());
}

TEST_F(LlmClientTest, AbortClosesTheConnectionAtOnce)
{
    ScriptedLlmServer::Reply slow = ScriptedLlmServer::streamedText(u"a long and slow answer"_s, 6);
    slow.chunkDelayMs = 3000;
    server.enqueue(slow);
    LlmCall *call = client.complete(kMessages, {}, true);
    std::optional<LlmReply> reply;
    QObject::connect(call, &LlmCall::finished, call, [&](const LlmReply &r) { reply = r; });
    QObject::connect(call, &LlmCall::textDelta, call, [&](const QString &) {});
    ASSERT_TRUE(waitUntil([&] { return server.requests().size() == 1; }));
    QElapsedTimer timer;
    timer.start();
    call->abort();
    const qint64 abortMs = timer.elapsed();
    ASSERT_TRUE(reply.has_value()) << "finished came later than abort()";
    EXPECT_EQ(reply->outcome, LlmReply::Outcome::Aborted);
    EXPECT_LT(abortMs, 100);
    EXPECT_TRUE(waitUntil([&] { return server.connectionsClosedByClient() == 1; }, 5s));
}

TEST_F(LlmClientTest, ListsTheModelsTheServiceOffers)
{
    server.setModels({ u"mixtral-8x7b"_s, u"llama-3.3-70b"_s });
    std::optional<QStringList> models;
    client.listModels([&](const CommandResult &listed) {
        QStringList ids;
        for (const QJsonValue &id : listed.data.toArray())
            ids.append(id.toString());
        models = ids;
    });
    ASSERT_TRUE(waitUntil([&] { return models.has_value(); }));
    EXPECT_EQ(*models, (QStringList { u"llama-3.3-70b"_s, u"mixtral-8x7b"_s }));
}

TEST_F(LlmClientTest, GigaChatTokensAreFetchedOnceKeptAndRenewed)
{
    LlmConfig config = client.config();
    config.provider = u"gigachat"_s;
    config.displayName = u"GigaChat"_s;
    config.apiKey = u"Z2lnYWNoYXQ6YXV0aG9yaXphdGlvbi1rZXk="_s;
    config.authUrl = server.oauthUrl();
    config.authScope = u"GIGACHAT_API_PERS"_s;
    client.setConfig(config);
    server.setOAuth(config.apiKey, 30min);
    server.setResponder([](const QJsonObject &) { return ScriptedLlmServer::text(u"Привет"_s); });

    ASSERT_TRUE(complete(false).ok());
    ASSERT_TRUE(complete(false).ok());
    EXPECT_EQ(server.tokensIssued(), 1) << "the token is kept while it is valid";
    EXPECT_EQ(server.authorizations().at(0), QByteArray("Bearer giga-token-1"));

    clock.advance(31min); // expired
    ASSERT_TRUE(complete(false).ok());
    EXPECT_EQ(server.tokensIssued(), 2);

    server.revokeTokens(); // e.g. revoked on the service's side: the next request is refused once
    const LlmReply reply = complete(false);
    ASSERT_TRUE(reply.ok()) << reply.error.toStdString();
    EXPECT_EQ(server.tokensIssued(), 3);
}

TEST_F(LlmClientTest, TheKeyNeverReachesTheLog)
{
    Logging::install({});
    Logging::buffer()->clear();
    server.enqueue(ScriptedLlmServer::error(500, u"bad gateway for key gsk-test-0123456789abcdef"_s));
    server.enqueue(ScriptedLlmServer::error(401, u"Invalid API Key gsk-test-0123456789abcdef"_s));
    const LlmReply reply = complete(false);
    for (const LogEntry &entry : Logging::buffer()->tail(100))
        EXPECT_FALSE(entry.message.contains(u"gsk-test-0123456789abcdef"_s)) << entry.message.toStdString();
    EXPECT_EQ(reply.outcome, LlmReply::Outcome::AuthRefused);
}

TEST_F(LlmClientTest, AnErrorInsideTheStreamIsAFailureNotAnAnswer)
{
    ScriptedLlmServer::Reply broken = ScriptedLlmServer::streamedText(u"Hel"_s, 1);
    broken.sseEvents.insert(
        2, QByteArray(R"({"error": {"message": "The model is overloaded", "type": "server_error"}})"));
    server.enqueue(broken);
    const LlmReply reply = complete(true, {});
    EXPECT_EQ(reply.outcome, LlmReply::Outcome::HttpError);
    EXPECT_TRUE(reply.error.contains(u"The model is overloaded"_s)) << reply.error.toStdString();
}

// Found by the llm_stream fuzz target (tests/fuzz/regressions/llm_stream): a streamed tool
// call numbered -1 was written before the list's start, one numbered 2^31-1 grew the list
// until memory ran out.
TEST_F(LlmClientTest, AToolCallNumberedOutOfRangeIsABadResponseNotAWriteOutOfBounds)
{
    for (const QByteArray &index : { QByteArray("-1"), QByteArray("2147483647"), QByteArray("0.5") }) {
        ScriptedLlmServer::Reply odd
            = ScriptedLlmServer::streamedToolCall(u"click"_s, { { u"ref"_s, u"e1"_s } }, 2);
        odd.sseEvents.insert(1,
                             R"({"choices":[{"index":0,"delta":{"tool_calls":[{"index":)" + index
                                 + R"(,"function":{"name":"type","arguments":"{}"}}]}}]})");
        server.enqueue(odd);
        const LlmReply reply = complete(true, {});
        EXPECT_EQ(reply.outcome, LlmReply::Outcome::BadResponse) << index.toStdString();
        EXPECT_TRUE(reply.error.contains(u"a tool call numbered "_s + QString::fromLatin1(index)))
            << reply.error.toStdString();
        EXPECT_TRUE(reply.toolCalls.isEmpty());
    }
}

// Nothing listening at the address (a local model not started): one attempt, said at once.
TEST_F(LlmClientTest, ARefusedConnectionFailsAtOnceWithoutRetries)
{
    QTcpServer closed;
    ASSERT_TRUE(closed.listen(QHostAddress::LocalHost));
    const quint16 port = closed.serverPort();
    closed.close(); // the port is free: a connection there is refused
    LlmConfig config = client.config();
    config.baseUrl = QUrl(u"http://127.0.0.1:%1/v1"_s.arg(port));
    client.setConfig(config);
    LlmCall *call = client.complete(kMessages, kTools, false);
    std::optional<LlmReply> reply;
    QObject::connect(call, &LlmCall::finished, call, [&](const LlmReply &r) { reply = r; });
    ASSERT_TRUE(waitUntil([&] { return reply.has_value(); }, 5s));
    EXPECT_EQ(reply->outcome, LlmReply::Outcome::NetworkError);
    EXPECT_EQ(reply->attempts, 1);
    EXPECT_EQ(clock.armedTimers(), 0) << "a retry was planned";
    EXPECT_EQ(
        reply->error,
        u"Groq refused the connection at http://127.0.0.1:%1/v1: is it running, and on that port?"_s.arg(
            port));
}
