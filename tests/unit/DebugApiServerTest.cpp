// The debug API's HTTP server over real loopback sockets: the contract and every security case
// of the issue, against a dispatcher with test actions.
#include "server/DebugApiServer.h"

#include "FakeClock.h"
#include "QtPrinters.h"
#include "RawHttp.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "common/JsonText.h"
#include "logging/LogBuffer.h"
#include "logging/Logging.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkInterface>
#include <QTcpSocket>
#include <QTimer>

#include <gtest/gtest.h>

#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const QByteArray kToken = "test-token-0123456789abcdefghijklmnopqrstuvw";
const QByteArray kBearer = QByteArray("Bearer ") + kToken;
using Header = QPair<QByteArray, QByteArray>;

class DebugApiServerTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        using Scope = CommandDispatcher::Scope;
        commands.add({ u"echo"_s,
                       Scope::DebugApi,
                       u"echoes its params"_s,
                       {},
                       [this](const QJsonObject &params, const CommandCaller &caller, CommandReply reply) {
                           ++echoCalls;
                           lastCaller = caller;
                           reply(CommandResult::success(params));
                       } });
        commands.add({ u"later"_s,
                       Scope::DebugApi,
                       u"answers after a moment"_s,
                       {},
                       [this](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                           QTimer::singleShot(50ms, &context,
                                              [reply] { reply(CommandResult::success(u"late"_s)); });
                       } });
        commands.add(
            { u"conflict"_s,
              Scope::DebugApi,
              u"fails with 409"_s,
              {},
              [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                  reply(CommandResult::failure(u"the queue is already running"_s, ErrorKind::Conflict));
              } });
        commands.add({ u"throws"_s,
                       Scope::DebugApi,
                       u"a bug"_s,
                       {},
                       [](const QJsonObject &, const CommandCaller &, CommandReply) -> void {
                           throw std::runtime_error("kaboom");
                       } });
        commands.add({ u"silent"_s,
                       Scope::DebugApi,
                       u"never answers"_s,
                       {},
                       [](const QJsonObject &, const CommandCaller &, CommandReply) {} });
        commands.add({ u"getFullState"_s,
                       Scope::DebugApi,
                       u"state"_s,
                       {},
                       [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                           reply(CommandResult::success(QJsonObject { { u"state"_s, true } }));
                       } });
        commands.add({ u"snapshot"_s,
                       Scope::Toolkit,
                       u"a toolkit type"_s,
                       {},
                       [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                           reply(CommandResult::success());
                       } });
        server.setToken(QString::fromLatin1(kToken));
        QString error;
        ASSERT_TRUE(server.start(0, &error)) << error.toStdString();
        port = server.port();
        ASSERT_NE(port, 0);
    }

    QByteArray actionBody(const QString &action, const QJsonObject &params = {}) const
    {
        return QJsonDocument(QJsonObject { { u"action"_s, action }, { u"params"_s, params } })
            .toJson(QJsonDocument::Compact);
    }

    RawHttpReply post(const QByteArray &body, QList<QPair<QByteArray, QByteArray>> headers = {},
                      bool withToken = true)
    {
        if (withToken)
            headers.append(Header("Authorization", kBearer));
        headers.append(Header("Content-Type", "application/json"));
        return rawHttp(port, httpRequest("POST", "/api/action", port, headers, body));
    }

    RawHttpReply get(const QByteArray &target, QList<QPair<QByteArray, QByteArray>> headers = {})
    {
        headers.append(Header("Authorization", kBearer));
        return rawHttp(port, httpRequest("GET", target, port, headers));
    }

    static void expectError(const RawHttpReply &reply, int status, const QString &mentions)
    {
        EXPECT_EQ(reply.status, status) << reply.describe().toStdString();
        EXPECT_EQ(reply.json.value(u"success"_s), QJsonValue(false)) << reply.describe().toStdString();
        EXPECT_TRUE(reply.json.value(u"error"_s).toString().contains(mentions, Qt::CaseInsensitive))
            << "expected the error to mention '" << mentions.toStdString()
            << "': " << reply.describe().toStdString();
        EXPECT_FALSE(reply.hasHeaderStartingWith("Access-Control-")) << "no CORS header, ever";
    }

    QObject context;
    CommandDispatcher commands;
    FakeClock clock { QDateTime(QDate(2026, 3, 2), QTime(9, 0), QTimeZone::utc()) };
    DebugApiServer server { &commands, &clock };
    quint16 port = 0;
    int echoCalls = 0;
    CommandCaller lastCaller;
};

// A local program hammering the port with bad tokens gets one log line per interval of the
// server's clock, and the next line counts the refusals left out; time moves by FakeClock.
TEST_F(DebugApiServerTest, RefusalsReachTheLogAtMostOncePerIntervalOfItsClock)
{
    Logging::install({});
    Logging::buffer()->clear();
    const auto refusalLines = [] {
        QStringList lines;
        for (const LogEntry &entry : Logging::buffer()->tail(100, QtInfoMsg)) {
            if (entry.category == u"mpa.server"_s && entry.message.contains(u"→ 401"_s))
                lines.append(entry.message);
        }
        return lines;
    };
    for (int i = 0; i < 3; ++i)
        expectError(post(actionBody(u"echo"_s), {}, false), 401, u"token"_s);
    EXPECT_EQ(refusalLines().size(), 1) << refusalLines().join(u" | "_s).toStdString();

    clock.advance(DebugApiServer::kRefusalLogInterval - 1ms);
    expectError(post(actionBody(u"echo"_s), {}, false), 401, u"token"_s);
    EXPECT_EQ(refusalLines().size(), 1) << "still inside the interval";

    clock.advance(1ms);
    expectError(post(actionBody(u"echo"_s), {}, false), 401, u"token"_s);
    const QStringList lines = refusalLines();
    ASSERT_EQ(lines.size(), 2) << lines.join(u" | "_s).toStdString();
    EXPECT_TRUE(lines.last().contains(u"(and 3 more refused before)"_s)) << lines.last().toStdString();

    // A clock set back by hand does not silence the log.
    clock.jumpBack(1h);
    expectError(post(actionBody(u"echo"_s), {}, false), 401, u"token"_s);
    EXPECT_EQ(refusalLines().size(), 3);
    Logging::uninstall();
}

TEST_F(DebugApiServerTest, AnswersAnActionWithTheToken)
{
    const RawHttpReply reply = post(actionBody(u"echo"_s, { { u"x"_s, 1 } }));
    ASSERT_EQ(reply.status, 200) << reply.describe().toStdString();
    EXPECT_EQ(reply.json,
              (QJsonObject { { u"success"_s, true }, { u"data"_s, QJsonObject { { u"x"_s, 1 } } } }));
    EXPECT_EQ(reply.header("Content-Type"), "application/json");
    EXPECT_EQ(reply.header("Connection"), "close");
    EXPECT_EQ(reply.header("Cache-Control"), "no-store");
    EXPECT_FALSE(reply.hasHeaderStartingWith("Access-Control-"));
    EXPECT_EQ(lastCaller.channel, u"debug-api"_s);

    // params may be left out; the scheme name is case-insensitive.
    const RawHttpReply bare
        = rawHttp(port,
                  httpRequest("POST", "/api/action", port, { { "authorization", "bearer " + kToken } },
                              R"({"action":"echo"})"));
    EXPECT_EQ(bare.status, 200) << bare.describe().toStdString();
    EXPECT_EQ(bare.json.value(u"data"_s), QJsonValue(QJsonObject()));
}

// The server's own responder: the reason phrase of any status, a query string ignored, the
// status line and headers well formed.
TEST_F(DebugApiServerTest, TheResponderSpeaksPlainHttp11)
{
    const RawHttpReply state = get("/api/state?verbose=1");
    EXPECT_NE(state.status, 404) << state.describe().toStdString();
    const RawHttpReply missing = get("/nothing");
    expectError(missing, 404, u"no such endpoint"_s);
    EXPECT_EQ(missing.header("Content-Length").toLongLong(), missing.body.size())
        << missing.describe().toStdString();
    EXPECT_EQ(missing.statusLine, "HTTP/1.1 404 Not Found");
    EXPECT_EQ(post(actionBody(u"conflict"_s)).statusLine, "HTTP/1.1 409 Conflict");
}

// The VS Code extension's scripts POST to /command: the same endpoint, the same token.
TEST_F(DebugApiServerTest, TheExtensionsCommandPathIsServedToo)
{
    const RawHttpReply reply = rawHttp(
        port,
        httpRequest("POST", "/command", port,
                    { Header("Authorization", kBearer), Header("Content-Type", "application/json") },
                    actionBody(u"echo"_s, { { u"x"_s, 2 } })));
    ASSERT_EQ(reply.status, 200) << reply.describe().toStdString();
    EXPECT_EQ(reply.json.value(u"data"_s).toObject().value(u"x"_s).toInt(), 2);
    expectError(rawHttp(port, httpRequest("POST", "/command", port, {}, actionBody(u"echo"_s))), 401,
                u"missing token"_s);
    expectError(get("/command"), 405, u"GET /command is not supported"_s);
}

TEST_F(DebugApiServerTest, AnActionMayAnswerLater)
{
    const RawHttpReply reply = post(actionBody(u"later"_s));
    EXPECT_EQ(reply.status, 200) << reply.describe().toStdString();
    EXPECT_EQ(reply.json.value(u"data"_s).toString(), u"late"_s);
}

TEST_F(DebugApiServerTest, AnActionsOwnStatusIsKept)
{
    expectError(post(actionBody(u"conflict"_s)), 409, u"already running"_s);
}

TEST_F(DebugApiServerTest, RefusesRequestsWithoutTheRightToken)
{
    const RawHttpReply none = post(actionBody(u"echo"_s), {}, false);
    expectError(none, 401, u"missing token"_s);
    EXPECT_TRUE(none.header("WWW-Authenticate").startsWith("Bearer")) << none.describe().toStdString();

    const QByteArray wrongSameLength = QByteArray(kToken).replace(0, 1, "X");
    for (const QByteArray &credentials : QByteArrayList {
             QByteArray("Bearer ") + wrongSameLength, QByteArray("Bearer short"), QByteArray(kBearer + "x"),
             QByteArray("Basic dXNlcjpwYXNz"), QByteArray("Bearer "), QByteArray("Token ") + kToken }) {
        const RawHttpReply reply = post(actionBody(u"echo"_s), { { "Authorization", credentials } }, false);
        EXPECT_EQ(reply.status, 401) << credentials.toStdString() << " " << reply.describe().toStdString();
    }
    // Two Authorization headers are not one token.
    expectError(post(actionBody(u"echo"_s), { { "Authorization", kBearer } }), 401, u"token"_s);
    EXPECT_EQ(get("/api/state").status, 200) << "with the token: fine";
    const RawHttpReply state = rawHttp(port, httpRequest("GET", "/api/state", port));
    expectError(state, 401, u"token"_s);
    EXPECT_EQ(echoCalls, 0) << "no refused request may reach an action";
}

TEST_F(DebugApiServerTest, RefusesForeignHostsAndWebOrigins)
{
    const QString portText = QString::number(port);
    for (const QByteArray &host :
         QByteArrayList { QByteArray("evil.example"), QByteArray("evil.example:") + portText.toLatin1(),
                          QByteArray("127.0.0.1.evil.example"), QByteArray("localhost.evil.example:80"),
                          QByteArray("10.0.0.1"), QByteArray("0.0.0.0"), QByteArray("") }) {
        const RawHttpReply reply = post(actionBody(u"echo"_s), { { "Host", host } });
        EXPECT_EQ(reply.status, 403) << host.toStdString() << " " << reply.describe().toStdString();
        EXPECT_FALSE(reply.hasHeaderStartingWith("Access-Control-"));
    }
    expectError(post(actionBody(u"echo"_s), { { "Host", "evil.example" } }), 403, u"not a loopback name"_s);

    for (const QByteArray &origin : QByteArrayList { QByteArray("https://evil.example"), QByteArray("null"),
                                                     QByteArray("http://127.0.0.1:") + portText.toLatin1(),
                                                     QByteArray("http://localhost") }) {
        const RawHttpReply reply = post(actionBody(u"echo"_s), { { "Origin", origin } });
        expectError(reply, 403, u"web pages"_s);
    }
    expectError(post(actionBody(u"echo"_s), { { "Sec-Fetch-Site", "cross-site" } }), 403, u"web pages"_s);
    // A CORS preflight gets no CORS answer.
    const RawHttpReply preflight = rawHttp(
        port,
        httpRequest("OPTIONS", "/api/action", port,
                    { { "Origin", "https://evil.example" }, { "Access-Control-Request-Method", "POST" } }));
    expectError(preflight, 403, u"web pages"_s);
    EXPECT_EQ(echoCalls, 0);

    // Loopback names are fine.
    for (const QByteArray &host : QByteArrayList { QByteArray("localhost:") + portText.toLatin1(),
                                                   QByteArray("[::1]:") + portText.toLatin1(),
                                                   QByteArray("127.0.0.1"), QByteArray("LOCALHOST") }) {
        const RawHttpReply reply = post(actionBody(u"echo"_s), { { "Host", host } });
        EXPECT_EQ(reply.status, 200) << host.toStdString() << " " << reply.describe().toStdString();
    }
}

TEST_F(DebugApiServerTest, ARequestWithoutHostIsRefused)
{
    const QByteArray request = "POST /api/action HTTP/1.1\r\nAuthorization: Bearer " + kToken
        + "\r\nContent-Length: 17\r\n\r\n{\"action\":\"echo\"}";
    expectError(rawHttp(port, request), 400, u"Host"_s);
}

TEST_F(DebugApiServerTest, RefusesBodiesOverOneMebibyte)
{
    // Refused on the declared length: the client never sends the body.
    const QByteArray head = "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken
        + "\r\nContent-Length: " + QByteArray::number(2 * 1024 * 1024) + "\r\n\r\n";
    expectError(rawHttp(port, head), 413, u"the limit is 1048576 bytes"_s);

    // A client that sends the 2 MiB anyway still gets the answer.
    const QByteArray big
        = R"({"action":"echo","params":{"pad":")" + QByteArray(2 * 1024 * 1024, 'a') + R"("}})";
    expectError(post(big), 413, u"the limit is"_s);

    // Exactly 1 MiB is fine.
    QByteArray exact = R"({"action":"echo","params":{"pad":")";
    const QByteArray tail = R"("}})";
    exact += QByteArray(1024 * 1024 - exact.size() - tail.size(), 'b') + tail;
    ASSERT_EQ(exact.size(), 1024 * 1024);
    const RawHttpReply accepted = post(exact);
    EXPECT_EQ(accepted.status, 200) << accepted.describe().left(300).toStdString();
    EXPECT_EQ(echoCalls, 1);
}

TEST_F(DebugApiServerTest, MalformedJsonIsRefusedNamingTheProblem)
{
    expectError(post(R"({"action": "echo", "params": {)"), 400, u"malformed JSON at byte"_s);
    const RawHttpReply trailing = post(R"({"action": "echo"} x)");
    expectError(trailing, 400, u"malformed JSON"_s);
    expectError(post(R"(["echo"])"), 400, u"must be a JSON object"_s);
    expectError(post(R"({"params": {}})"), 400, u"names no \"action\""_s);
    expectError(post(R"({"action": 7})"), 400, u"\"action\" must be a string"_s);
    expectError(post(R"({"action": "echo", "params": "x=1"})"), 400, u"\"params\" must be an object"_s);
    expectError(post(""), 400, u"body is empty"_s);

    // Deep nesting is refused before parsing (Qt's own parser would recurse 1024 levels).
    const QByteArray deep
        = R"({"action":"echo","params":{"x":)" + QByteArray(100, '[') + QByteArray(100, ']') + "}}";
    expectError(post(deep), 400, u"deeper than 64 levels"_s);
    // Brackets inside strings are just text.
    const QByteArray text = R"({"action":"echo","params":{"x":")" + QByteArray(200, '[') + R"("}})";
    EXPECT_EQ(post(text).status, 200);
    EXPECT_EQ(echoCalls, 1);
}

TEST_F(DebugApiServerTest, UnknownActionsAndEndpointsAnswer404)
{
    expectError(post(actionBody(u"noSuchAction"_s)), 404, u"unknown action 'noSuchAction'"_s);
    // The toolkit's commands share the dispatcher but are not debug actions.
    expectError(post(actionBody(u"snapshot"_s)), 404, u"unknown action"_s);
    expectError(get("/api/nothing"), 404, u"no such endpoint"_s);
    const RawHttpReply getAction = get("/api/action");
    expectError(getAction, 405, u"use POST"_s);
    EXPECT_EQ(getAction.header("Allow"), "POST");
    const RawHttpReply postState
        = rawHttp(port, httpRequest("POST", "/api/state", port, { { "Authorization", kBearer } }, "{}"));
    expectError(postState, 405, u"use GET"_s);
}

TEST_F(DebugApiServerTest, GetApiStateIsTheShortcutForGetFullState)
{
    const RawHttpReply reply = get("/api/state");
    ASSERT_EQ(reply.status, 200) << reply.describe().toStdString();
    EXPECT_EQ(reply.json.value(u"data"_s).toObject().value(u"state"_s), QJsonValue(true));
}

TEST_F(DebugApiServerTest, InternalErrorsAnswer500)
{
    expectError(post(actionBody(u"throws"_s)), 500, u"kaboom"_s);
    server.setReplyTimeout(300ms);
    expectError(post(actionBody(u"silent"_s)), 500, u"did not answer"_s);
    // The server still serves afterwards.
    EXPECT_EQ(post(actionBody(u"echo"_s)).status, 200);
}

TEST_F(DebugApiServerTest, TransportLimitsAreEnforcedBeforeTheRequestIsRead)
{
    const QByteArray auth = "Authorization: Bearer " + kToken + "\r\n";
    // Chunked bodies have no length to check up front.
    const QByteArray chunked = "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth
        + "Transfer-Encoding: chunked\r\n\r\n11\r\n{\"action\":\"echo\"}\r\n0\r\n\r\n";
    expectError(rawHttp(port, chunked), 411, u"Content-Length"_s);
    // No protocol switching on this port.
    expectError(rawHttp(port,
                        httpRequest("GET", "/api/state", port,
                                    { { "Authorization", kBearer },
                                      { "Connection", "Upgrade" },
                                      { "Upgrade", "websocket" } })),
                400, u"upgrades"_s);
    // An oversized head.
    expectError(
        rawHttp(port,
                httpRequest("GET", "/api/state", port,
                            { { "Authorization", kBearer }, { "X-Padding", QByteArray(40 * 1024, 'p') } })),
        431, u"request head is larger"_s);
    // One request per connection: a second one behind the first ends the connection.
    const QByteArray one
        = httpRequest("POST", "/api/action", port, { { "Authorization", kBearer } }, actionBody(u"echo"_s));
    expectError(rawHttp(port, one + one), 400, u"one request per connection"_s);
    // Malformed heads.
    expectError(rawHttp(port, "GET /api/state HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n"), 505, u"HTTP/1.1"_s);
    expectError(rawHttp(port, "GET http://127.0.0.1/api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"), 400,
                u"not a path"_s);
    expectError(rawHttp(port, "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 12x\r\n\r\n"),
                400, u"Content-Length"_s);
    EXPECT_EQ(echoCalls, 0);
}

TEST_F(DebugApiServerTest, ExpectContinueIsAnsweredBeforeTheBodyIsSent)
{
    QTcpSocket socket;
    QByteArray received;
    QObject::connect(&socket, &QTcpSocket::readyRead, &socket, [&] { received += socket.readAll(); });
    socket.connectToHost(QHostAddress::LocalHost, port);
    ASSERT_TRUE(waitUntil([&] { return socket.state() == QAbstractSocket::ConnectedState; }));
    const QByteArray body = actionBody(u"echo"_s);
    socket.write("POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken
                 + "\r\nExpect: 100-continue\r\nContent-Length: " + QByteArray::number(body.size())
                 + "\r\n\r\n");
    ASSERT_TRUE(waitUntil([&] { return received.contains("100 Continue"); })) << received.toStdString();
    socket.write(body);
    ASSERT_TRUE(waitUntil([&] { return received.contains("\"success\":true"); })) << received.toStdString();
    EXPECT_EQ(echoCalls, 1);
}

TEST_F(DebugApiServerTest, IsNotReachableOnANonLoopbackAddress)
{
    QHostAddress outside;
    for (const QHostAddress &address : QNetworkInterface::allAddresses()) {
        if (!address.isLoopback() && !address.isLinkLocal()
            && address.protocol() == QAbstractSocket::IPv4Protocol) {
            outside = address;
            break;
        }
    }
    if (outside.isNull()) {
        for (const QHostAddress &address : QNetworkInterface::allAddresses()) {
            if (!address.isLoopback() && !address.isLinkLocal()) {
                outside = address;
                break;
            }
        }
    }
    if (outside.isNull())
        GTEST_SKIP() << "this machine has no non-loopback address to try";
    // The same port answers on loopback…
    ASSERT_EQ(post(actionBody(u"echo"_s)).status, 200);
    // …but not on the machine's other address.
    const RawHttpReply reply = rawHttp(port, httpRequest("GET", "/api/state", port), 5s, outside);
    EXPECT_EQ(reply.status, 0) << "reached on " << outside.toString().toStdString() << ": "
                               << reply.describe().toStdString();
    EXPECT_FALSE(reply.error.isEmpty());
}

TEST_F(DebugApiServerTest, StoppingClosesThePort)
{
    server.stop();
    EXPECT_FALSE(server.isListening());
    const RawHttpReply reply = rawHttp(port, httpRequest("GET", "/api/state", port), 5s);
    EXPECT_EQ(reply.status, 0) << reply.describe().toStdString();
    QString error;
    ASSERT_TRUE(server.start(0, &error)) << error.toStdString();
    port = server.port();
    EXPECT_EQ(post(actionBody(u"echo"_s)).status, 200);
}

TEST(DebugApiServerChecks, LoopbackHosts)
{
    for (const char *host : { "localhost", "LocalHost:54321", "localhost.", "127.0.0.1", "127.0.0.1:1",
                              "127.1.2.3:80", "[::1]", "[::1]:54321" })
        EXPECT_TRUE(DebugApiServer::isLoopbackHost(host)) << host;
    for (const char *host :
         { "", "evil.example", "evil.example:54321", "127.0.0.1.nip.io", "localhost.evil.example", "10.1.2.3",
           "0.0.0.0", "::1", "[::1", "[::1]x", "localhost:", "localhost:http", "localhost:99999",
           "[fe80::1]:80", "sub.localhost" })
        EXPECT_FALSE(DebugApiServer::isLoopbackHost(host)) << host;
}

TEST(DebugApiServerChecks, JsonDepth)
{
    EXPECT_TRUE(jsonNestingError(R"({"a":[1,{"b":[]}]})", 64, u"it"_s).isEmpty());
    EXPECT_TRUE(jsonNestingError(QByteArray(64, '[') + QByteArray(64, ']'), 64, u"it"_s).isEmpty());
    EXPECT_FALSE(jsonNestingError(QByteArray(65, '[') + QByteArray(65, ']'), 64, u"it"_s).isEmpty());
    EXPECT_TRUE(jsonNestingError(R"({"a":"[[[[\"[[[["})", 2, u"it"_s).isEmpty());
}

} // namespace
