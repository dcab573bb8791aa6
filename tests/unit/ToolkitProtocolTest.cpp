// The toolkit protocol's parsing and replies: every kind of bad input gets a sentence naming
// what was wrong, and the reply carries the request's id.
#include "server/ToolkitProtocol.h"

#include "QtPrinters.h"

#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using Kind = ToolkitProtocol::Message::Kind;

namespace {

QJsonObject json(const QByteArray &text)
{
    return QJsonDocument::fromJson(text).object();
}

TEST(ToolkitProtocolTest, ParsesARequest)
{
    const auto m = ToolkitProtocol::parse(R"({"id":"7","type":"click","params":{"ref":"e3"}})");
    ASSERT_EQ(m.kind, Kind::Request) << m.error.toStdString();
    EXPECT_EQ(m.idString(), u"7"_s);
    EXPECT_EQ(m.type, u"click"_s);
    EXPECT_EQ(m.params.value(u"ref"_s).toString(), u"e3"_s);

    const auto noParams = ToolkitProtocol::parse(R"({"id":"8","type":"snapshot"})");
    ASSERT_EQ(noParams.kind, Kind::Request);
    EXPECT_TRUE(noParams.params.isEmpty());
}

TEST(ToolkitProtocolTest, HeartbeatAuthAndHello)
{
    EXPECT_EQ(ToolkitProtocol::parse(R"({"type":"ping"})").kind, Kind::Ping);
    EXPECT_EQ(ToolkitProtocol::parse(R"({"type":"pong"})").kind, Kind::Pong);
    EXPECT_EQ(ToolkitProtocol::parse(R"({"type":"hello","client":"x"})").kind, Kind::Hello);
    const auto auth = ToolkitProtocol::parse(R"({"type":"auth","token":"abc"})");
    ASSERT_EQ(auth.kind, Kind::Auth);
    EXPECT_EQ(auth.token, u"abc"_s);
    const auto noToken = ToolkitProtocol::parse(R"({"type":"auth","token":5})");
    EXPECT_EQ(noToken.kind, Kind::Invalid);
    EXPECT_TRUE(noToken.error.contains(u"token"_s)) << noToken.error.toStdString();

    EXPECT_EQ(json(ToolkitProtocol::pong()), (QJsonObject { { u"type"_s, u"pong"_s } }));
    EXPECT_EQ(json(ToolkitProtocol::pong(u"p1"_s)),
              (QJsonObject { { u"type"_s, u"pong"_s }, { u"id"_s, u"p1"_s } }));
    EXPECT_EQ(json(ToolkitProtocol::ping()), (QJsonObject { { u"type"_s, u"ping"_s } }));
}

// The tab daemon's handshake (stakpak/tab daemon/src/ws-server.ts): the extension registers with
// its window and cached session; the daemon answers with the session it assigned.
TEST(ToolkitProtocolTest, TheTabDaemonsHandshake)
{
    EXPECT_EQ(json(ToolkitProtocol::registration(42, {})),
              (QJsonObject { { u"type"_s, u"register"_s },
                             { u"windowId"_s, 42 },
                             { u"cachedSessionId"_s, QJsonValue() } }));
    EXPECT_EQ(json(ToolkitProtocol::registration(42, u"s-1"_s)).value(u"cachedSessionId"_s).toString(),
              u"s-1"_s);

    const auto assigned = ToolkitProtocol::parse(R"({"type":"session_assigned","sessionId":"9b2f"})");
    ASSERT_EQ(assigned.kind, Kind::SessionAssigned);
    EXPECT_EQ(assigned.sessionId, u"9b2f"_s);
    const auto noSession = ToolkitProtocol::parse(R"({"type":"session_assigned","sessionId":7})");
    EXPECT_EQ(noSession.kind, Kind::Invalid);
    EXPECT_EQ(noSession.error, u"session_assigned: \"sessionId\" must be a non-empty string"_s);
}

TEST(ToolkitProtocolTest, BadInputIsNamed)
{
    struct Case
    {
        QByteArray text;
        QString mentions;
    };
    const Case cases[] = {
        { "", u"empty"_s },
        { "not json", u"not JSON"_s },
        { "{\"id\":\"1\",", u"not JSON"_s },
        { "[1,2]", u"must be a JSON object, not an array"_s },
        { "42", u"must be a JSON object"_s },
        { R"({"id":"1"})", u"no \"type\""_s },
        { R"({"id":"1","type":3})", u"\"type\" must be a non-empty string, not the number 3"_s },
        { R"({"id":null,"type":"click"})", u"\"id\" must be a string, not null (or leave it out)"_s },
        { R"({"id":5,"type":"click"})", u"\"id\" must be a string, not the number 5"_s },
        { R"({"id":"","type":"click"})", u"\"id\" must not be empty"_s },
        { R"({"id":"1","type":"click","params":[1]})", u"\"params\" must be an object, not an array"_s },
        { R"({"id":"1","type":"click","params":"e3"})",
          u"\"params\" must be an object, not the string \"e3\""_s },
        { QByteArray(100, '[') + QByteArray(100, ']'), u"nests arrays and objects deeper than 64 levels"_s },
    };
    for (const Case &c : cases) {
        const auto m = ToolkitProtocol::parse(c.text);
        EXPECT_EQ(m.kind, Kind::Invalid) << c.text.toStdString();
        EXPECT_TRUE(m.error.contains(c.mentions)) << c.text.toStdString() << " → " << m.error.toStdString();
    }
    // The id is echoed when it could be read, so the client can match the error.
    EXPECT_EQ(ToolkitProtocol::parse(R"({"id":"9","type":"click","params":3})").id, QJsonValue(u"9"_s));
}

TEST(ToolkitProtocolTest, RepliesCarryTheId)
{
    EXPECT_EQ(json(ToolkitProtocol::reply(u"a"_s, CommandResult::success(QJsonObject { { u"n"_s, 1 } }))),
              (QJsonObject { { u"id"_s, u"a"_s },
                             { u"success"_s, true },
                             { u"data"_s, QJsonObject { { u"n"_s, 1 } } } }));
    EXPECT_EQ(
        json(ToolkitProtocol::errorReply(u"b"_s, u"stale ref e3"_s)),
        (QJsonObject { { u"id"_s, u"b"_s }, { u"success"_s, false }, { u"error"_s, u"stale ref e3"_s } }));
    EXPECT_EQ(json(ToolkitProtocol::errorReply(QJsonValue::Null, u"x"_s)).value(u"id"_s), QJsonValue());
    // A request without an id (as the LLM Browser Agent extension's agents send them) is a request,
    // answered without an id.
    const ToolkitProtocol::Message unnumbered
        = ToolkitProtocol::parse(R"({"type":"click","params":{"ref":"e1"}})");
    EXPECT_EQ(unnumbered.kind, ToolkitProtocol::Message::Kind::Request);
    EXPECT_TRUE(unnumbered.id.isUndefined());
    EXPECT_FALSE(json(ToolkitProtocol::reply(unnumbered.id, CommandResult::success())).contains(u"id"_s));
}

TEST(ToolkitProtocolTest, AnOversizeMessageIsAnsweredWithItsIdWhenReadable)
{
    const QByteArray big
        = R"({"id":"big\"1","type":"fill","params":{"text":")" + QByteArray(2 << 20, 'x') + "\"}}";
    const QJsonObject reply = json(ToolkitProtocol::oversizeReply(big, big.size()));
    EXPECT_EQ(reply.value(u"id"_s).toString(), u"big\"1"_s);
    EXPECT_FALSE(reply.value(u"success"_s).toBool());
    EXPECT_TRUE(reply.value(u"error"_s).toString().contains(u"over the limit of 1048576 bytes"_s))
        << reply.value(u"error"_s).toString().toStdString();

    const QJsonObject noId = json(ToolkitProtocol::oversizeReply(QByteArray(2 << 20, 'y'), 2 << 20));
    EXPECT_TRUE(noId.value(u"id"_s).isNull());
    EXPECT_TRUE(noId.value(u"error"_s).toString().contains(u"2097152 bytes"_s));
}

} // namespace
