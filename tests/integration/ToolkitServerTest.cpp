// The agent WebSocket server and client on real loopback sockets. Server mode is driven by a
// client that is not ours (npm "ws", through tests/npm/ws-session.mjs); client mode dials a
// QWebSocketServer run by the test. Commands are registered by the tests on the dispatcher the
// service serves (the toolkit's own commands are tested end to end in ToolkitEndToEndTest).
#include "AppRun.h"
#include "NodeBridge.h"
#include "QtPrinters.h"
#include "RawWebSocket.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "engine/Engine.h"
#include "logging/Logging.h"
#include "server/TokenFile.h"
#include "server/ToolkitChannel.h"
#include "server/ToolkitServerService.h"
#include "server/ToolkitWebSocketClient.h"
#include "server/ToolkitWebSocketServer.h"
#include "settings/Settings.h"

#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrlQuery>
#include <QWebSocket>
#include <QWebSocketServer>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <sys/stat.h>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

using Scope = CommandDispatcher::Scope;

QJsonObject echoSchema()
{
    return QJsonDocument::fromJson(R"({"type":"object","properties":{"text":{"type":"string"},
        "times":{"type":"integer","minimum":1,"maximum":5}},"required":["text"],"additionalProperties":false})")
        .object();
}

class ToolkitServerTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        paths = AppPaths::forConfigDir(configDir());
        settings = std::make_unique<Settings>(paths.settingsFile());
        commands.add(
            { u"echo"_s, Scope::Toolkit, u"Echo text"_s, echoSchema(),
              [this](const QJsonObject &params, const CommandCaller &caller, CommandReply reply) {
                  callers.append(caller);
                  reply(CommandResult::success(QJsonObject {
                      { u"text"_s,
                        params.value(u"text"_s).toString().repeated(params.value(u"times"_s).toInt(1)) },
                      { u"caller"_s, QString(caller.channel + u'/' + caller.clientId) } }));
              } });
        commands.add({ u"later"_s,
                       Scope::Toolkit,
                       u"Answers after 300 ms"_s,
                       {},
                       [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                           QTimer::singleShot(300ms, [reply] { reply(CommandResult::success(u"done"_s)); });
                       } });
        commands.add({ u"hold"_s,
                       Scope::Toolkit,
                       u"Answers when the test says"_s,
                       {},
                       [this](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                           held.append(reply);
                       } });
        commands.add({ u"getStats"_s,
                       Scope::DebugApi,
                       u"debug only"_s,
                       {},
                       [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                           reply(CommandResult::success());
                       } });
        service = std::make_unique<ToolkitServerService>(settings.get(), &commands, paths);
        QObject::connect(service.get(), &ToolkitServerService::callerGone, service.get(),
                         [this](const CommandCaller &caller) { gone.append(caller); });
    }

    void TearDown() override { service.reset(); }

    // Server mode on a free port; the token it expects.
    QString startServer()
    {
        port = unusedPort();
        settings->setValue(SettingKey::AgentServerPort, port);
        settings->setValue(SettingKey::AgentServerEnabled, true);
        service->start();
        EXPECT_TRUE(service->isListening()) << service->error().toStdString();
        return TokenFile(service->tokenFilePath()).read();
    }

    QString url(const QString &token = {}) const
    {
        QUrl u(u"ws://127.0.0.1:%1/"_s.arg(port));
        if (!token.isEmpty())
            u.setQuery(u"token="_s + QString::fromUtf8(QUrl::toPercentEncoding(token)));
        return u.toString(QUrl::FullyEncoded);
    }

    // A ws client connected (and authenticated by URL).
    std::unique_ptr<NodeBridge> connectClient(const QString &token, const QJsonObject &headers = {})
    {
        auto client = std::make_unique<NodeBridge>(u"ws-session.mjs"_s);
        client->send({ { u"op"_s, u"connect"_s }, { u"url"_s, url(token) }, { u"headers"_s, headers } });
        return client;
    }

    static void sendJson(NodeBridge &client, const QJsonObject &message)
    {
        client.send({ { u"op"_s, u"sendJson"_s }, { u"data"_s, message } });
    }

    static void sendText(NodeBridge &client, const QString &text)
    {
        client.send({ { u"op"_s, u"send"_s }, { u"data"_s, text } });
    }

    // The next message's JSON.
    static QJsonObject nextMessage(NodeBridge &client)
    {
        const auto event = client.waitForEvent(u"message"_s);
        return event ? event->value(u"json"_s).toObject() : QJsonObject();
    }

    // The reply to a request: the first message with this id.
    static QJsonObject replyTo(NodeBridge &client, const QString &id)
    {
        const auto event = client.waitFor([&](const QJsonObject &e) {
            return e.value(u"event"_s) == QJsonValue(u"message"_s)
                && e.value(u"json"_s).toObject().value(u"id"_s) == QJsonValue(id);
        });
        return event ? event->value(u"json"_s).toObject() : QJsonObject();
    }

    AppPaths paths;
    std::unique_ptr<Settings> settings;
    CommandDispatcher commands;
    std::unique_ptr<ToolkitServerService> service;
    QList<CommandCaller> callers;
    QList<CommandCaller> gone;
    QList<CommandReply> held;
    // The upgrade request's header that carries `token`.
    static QByteArray bearer(const QByteArray &token) { return "Authorization: Bearer " + token + "\r\n"; }

    // blockingAgentPing with `headers` on a thread of its own (the event loop, the server's,
    // keeps turning meanwhile): true when its ping was answered; `why` says what happened if not.
    bool agentGetsIn(const QByteArray &headers, std::string *why)
    {
        std::atomic<int> result = -1;
        std::thread agent([&] { result = blockingAgentPing(port, "/", headers, {}, why) ? 1 : 0; });
        EXPECT_TRUE(waitUntil([&] { return result.load() >= 0; }, 20s)) << "the agent got no answer in 20 s";
        agent.join();
        return result.load() == 1;
    }

    quint16 port = 0;
};

TEST_F(ToolkitServerTest, TokenByQueryThenRequestsAreAnswered)
{
    const QString token = startServer();
    ASSERT_EQ(token.size(), 43);
    struct stat info
    {
    };
    ASSERT_EQ(::stat(QFile::encodeName(service->tokenFilePath()).constData(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600);

    auto client = connectClient(token);
    ASSERT_TRUE(client->waitForEvent(u"open"_s)) << client->transcript().toStdString();
    sendJson(*client,
             { { u"id"_s, u"1"_s },
               { u"type"_s, u"echo"_s },
               { u"params"_s, QJsonObject { { u"text"_s, u"hi"_s }, { u"times"_s, 2 } } } });
    const QJsonObject reply = replyTo(*client, u"1"_s);
    EXPECT_TRUE(reply.value(u"success"_s).toBool()) << client->transcript().toStdString();
    EXPECT_EQ(reply.value(u"data"_s).toObject().value(u"text"_s).toString(), u"hihi"_s);
    EXPECT_TRUE(
        reply.value(u"data"_s).toObject().value(u"caller"_s).toString().startsWith(u"agent-ws/ws-"_s));
    ASSERT_TRUE(waitUntil([&] { return service->clientCount() == 1; }));
    EXPECT_EQ(service->statusText(), u"Listening on 127.0.0.1:%1, 1 client"_s.arg(port));
    const QJsonObject state = service->stateJson();
    EXPECT_EQ(state.value(u"state"_s).toString(), u"listening"_s);
    EXPECT_EQ(state.value(u"clients"_s).toInt(), 1);
    EXPECT_EQ(state.value(u"port"_s).toInt(), port);

    // Its going away is announced, so whatever it owned can be released.
    client->send({ { u"op"_s, u"close"_s } });
    ASSERT_TRUE(client->waitForEvent(u"close"_s));
    ASSERT_TRUE(waitUntil([&] { return !gone.isEmpty(); }));
    EXPECT_EQ(gone.first().channel, u"agent-ws"_s);
    EXPECT_EQ(gone.first().clientId, callers.first().clientId);
    EXPECT_TRUE(waitUntil([&] { return service->clientCount() == 0; }));
}

TEST_F(ToolkitServerTest, TokenInTheFirstMessage)
{
    const QString token = startServer();
    auto client = connectClient({});
    ASSERT_TRUE(client->waitForEvent(u"open"_s)) << client->transcript().toStdString();
    sendJson(*client, { { u"type"_s, u"auth"_s }, { u"token"_s, token }, { u"id"_s, u"a"_s } });
    const QJsonObject ack = nextMessage(*client);
    EXPECT_EQ(ack.value(u"type"_s).toString(), u"auth"_s);
    EXPECT_TRUE(ack.value(u"success"_s).toBool()) << client->transcript().toStdString();
    sendJson(*client,
             { { u"id"_s, u"2"_s },
               { u"type"_s, u"echo"_s },
               { u"params"_s, QJsonObject { { u"text"_s, u"x"_s } } } });
    EXPECT_EQ(replyTo(*client, u"2"_s).value(u"data"_s).toObject().value(u"text"_s).toString(), u"x"_s)
        << client->transcript().toStdString();
}

TEST_F(ToolkitServerTest, WrongOrMissingTokenClosesWithAReason)
{
    startServer();
    {
        auto client = connectClient(u"not-the-token"_s);
        const auto message = client->waitForEvent(u"message"_s);
        ASSERT_TRUE(message) << client->transcript().toStdString();
        EXPECT_TRUE(
            message->value(u"json"_s).toObject().value(u"error"_s).toString().startsWith(u"wrong token"_s));
        const auto closed = client->waitForEvent(u"close"_s);
        ASSERT_TRUE(closed) << client->transcript().toStdString();
        EXPECT_EQ(closed->value(u"code"_s).toInt(), 1008);
        EXPECT_TRUE(closed->value(u"reason"_s).toString().startsWith(u"wrong token"_s));
    }
    {
        auto client = connectClient({});
        ASSERT_TRUE(client->waitForEvent(u"open"_s));
        sendJson(*client, { { u"type"_s, u"auth"_s }, { u"token"_s, u"guess"_s } });
        EXPECT_TRUE(nextMessage(*client).value(u"error"_s).toString().startsWith(u"wrong token"_s));
        EXPECT_TRUE(client->waitForEvent(u"close"_s)) << client->transcript().toStdString();
    }
    {
        // A request before authenticating.
        auto client = connectClient({});
        ASSERT_TRUE(client->waitForEvent(u"open"_s));
        sendJson(*client,
                 { { u"id"_s, u"1"_s },
                   { u"type"_s, u"echo"_s },
                   { u"params"_s, QJsonObject { { u"text"_s, u"x"_s } } } });
        const QJsonObject reply = nextMessage(*client);
        EXPECT_FALSE(reply.value(u"success"_s).toBool());
        EXPECT_TRUE(reply.value(u"error"_s).toString().startsWith(u"not authenticated"_s))
            << client->transcript().toStdString();
        EXPECT_TRUE(client->waitForEvent(u"close"_s));
    }
    EXPECT_TRUE(callers.isEmpty()) << "no command ran for an unauthenticated client";
    EXPECT_EQ(service->clientCount(), 0);
}

TEST_F(ToolkitServerTest, NoAuthMessageInTimeCloses)
{
    startServer();
    service->server()->setAuthTimeout(300ms);
    auto client = connectClient({});
    ASSERT_TRUE(client->waitForEvent(u"open"_s));
    const auto closed = client->waitForEvent(u"close"_s);
    ASSERT_TRUE(closed) << client->transcript().toStdString();
    EXPECT_TRUE(closed->value(u"reason"_s).toString().startsWith(u"no auth message within 0.3 s"_s));
}

TEST_F(ToolkitServerTest, TokenlessClientsNeverTakeThePlaceOfAnAgent)
{
    // More clients than the pre-auth and the agents' places together connect without a token
    // and say nothing: they hold only the pre-auth places, the oldest giving way, and an agent
    // with the token gets in.
    const QString token = startServer();
    std::vector<std::unique_ptr<QWebSocket>> idle;
    int closedByServer = 0;
    constexpr int kIdle
        = ToolkitWebSocketServer::kMaxPreAuthClients + ToolkitWebSocketServer::kMaxClients + 8;
    for (int i = 0; i < kIdle; ++i) {
        idle.push_back(std::make_unique<QWebSocket>());
        QObject::connect(idle.back().get(), &QWebSocket::disconnected, idle.back().get(),
                         [&closedByServer] { ++closedByServer; });
        idle.back()->open(QUrl(url()));
    }
    ASSERT_TRUE(waitUntil([&] {
        return closedByServer >= kIdle - ToolkitWebSocketServer::kMaxPreAuthClients;
    })) << closedByServer
        << " closed";
    EXPECT_LE(service->server()->pendingCount(), ToolkitWebSocketServer::kMaxPreAuthClients);
    for (int attempt = 0; attempt < 3; ++attempt) {
        auto agent = connectClient({});
        ASSERT_TRUE(agent->waitForEvent(u"open"_s)) << agent->transcript().toStdString();
        sendJson(*agent, { { u"type"_s, u"auth"_s }, { u"token"_s, token } });
        EXPECT_TRUE(nextMessage(*agent).value(u"success"_s).toBool()) << agent->transcript().toStdString();
        sendJson(*agent,
                 { { u"id"_s, u"e"_s },
                   { u"type"_s, u"echo"_s },
                   { u"params"_s, QJsonObject { { u"text"_s, u"in"_s } } } });
        EXPECT_EQ(replyTo(*agent, u"e"_s).value(u"data"_s).toObject().value(u"text"_s).toString(), u"in"_s);
    }
    EXPECT_LE(service->server()->pendingCount(), ToolkitWebSocketServer::kMaxPreAuthClients);
}

TEST_F(ToolkitServerTest, AnAgentAuthenticatingInItsFirstMessageGetsInDuringAStormOfTokenlessClients)
{
    // 200 tokenless clients (six times the pre-auth places) reconnect the moment they are
    // evicted, for as long as the agent tries: each attempt connects without a token in the URL
    // and sends {"type":"auth"} as its first message. The server reads a connection's input
    // before it evicts it, so however fast the storm evicts, the agent's message counts.
    const QString token = startServer();
    constexpr int kStorm = 200;
    constexpr int kAttempts = 20;
    std::vector<std::unique_ptr<QWebSocket>> storm;
    int evicted = 0;
    bool storming = true;
    for (int i = 0; i < kStorm; ++i) {
        storm.push_back(std::make_unique<QWebSocket>());
        QWebSocket *socket = storm.back().get();
        QObject::connect(socket, &QWebSocket::disconnected, socket, [&, socket] {
            if (!storming)
                return;
            ++evicted;
            QTimer::singleShot(0, socket, [this, socket] { socket->open(QUrl(url())); });
        });
        socket->open(QUrl(url()));
    }
    ASSERT_TRUE(waitUntil([&] { return evicted >= kStorm; }, 30s)) << evicted << " evictions";

    std::atomic<int> succeeded = 0;
    std::atomic<bool> done = false;
    std::vector<std::string> failures;
    const int evictedBefore = evicted;
    int mostPending = 0;
    std::thread agent([&] {
        const QByteArray auth = R"({"type":"auth","token":")" + token.toUtf8() + R"(","name":"storm-test"})";
        for (int i = 0; i < kAttempts; ++i) {
            std::string why;
            if (blockingAgentPing(port, "/", {}, { auth }, &why))
                ++succeeded;
            else
                failures.push_back(why);
        }
        done = true;
    });
    const bool finished = waitUntil(
        [&] {
            mostPending = qMax(mostPending, service->server()->pendingCount());
            return done.load();
        },
        120s);
    storming = false;
    agent.join();
    ASSERT_TRUE(finished);
    EXPECT_EQ(succeeded.load(), kAttempts) << "first failure: " << (failures.empty() ? "" : failures.front());
    // The storm was real: tokenless clients were evicted all along, within their places.
    EXPECT_GT(evicted - evictedBefore, kAttempts) << "evictions during the attempts";
    EXPECT_LE(mostPending, ToolkitWebSocketServer::kMaxPreAuthClients);
    EXPECT_TRUE(waitUntil([&] { return service->clientCount() == 0; }))
        << "each attempt's connection is released";
}

TEST_F(ToolkitServerTest, TheTokenInTheUpgradesAuthorizationHeaderIsAccepted)
{
    const QString token = startServer();
    std::string why;
    EXPECT_TRUE(agentGetsIn(bearer(token.toUtf8()), &why)) << why;
    // A wrong one is refused before any message, with the reason.
    EXPECT_FALSE(agentGetsIn(bearer("nope"), &why));
    EXPECT_NE(why.find("wrong token"), std::string::npos) << why;
}

TEST_F(ToolkitServerTest, HalfOpenUpgradeRequestsAreBoundedAndTimedOut)
{
    // 150 connections send the start of an upgrade request and never finish it: they hold at
    // most kMaxHandshakes places (the oldest giving way), each goes after the handshake
    // timeout, and an agent with the token gets in meanwhile. A head that grows past
    // kMaxHandshakeBytes is answered 431 and closed.
    service->server()->setHandshakeTimeout(1500ms);
    const QString token = startServer();
    constexpr int kHalfOpen = 150;
    std::vector<std::unique_ptr<QTcpSocket>> halfOpen;
    int closed = 0;
    for (int i = 0; i < kHalfOpen; ++i) {
        halfOpen.push_back(std::make_unique<QTcpSocket>());
        QTcpSocket *socket = halfOpen.back().get();
        QObject::connect(socket, &QTcpSocket::connected, socket,
                         [this, socket] { socket->write(webSocketUpgradeRequest(port).chopped(2)); });
        QObject::connect(socket, &QTcpSocket::disconnected, socket, [&closed] { ++closed; });
        socket->connectToHost(QHostAddress::LocalHost, port);
    }
    int mostHandshakes = 0;
    ASSERT_TRUE(waitUntil(
        [&] {
            mostHandshakes = qMax(mostHandshakes, service->server()->handshakeCount());
            return closed >= kHalfOpen - ToolkitWebSocketServer::kMaxHandshakes;
        },
        20s))
        << closed << " closed";
    EXPECT_LE(mostHandshakes, ToolkitWebSocketServer::kMaxHandshakes);

    std::string why;
    EXPECT_TRUE(agentGetsIn(bearer(token.toUtf8()), &why)) << why;

    // The rest go with the handshake timeout.
    ASSERT_TRUE(waitUntil([&] { return closed == kHalfOpen; }, 20s)) << closed << " closed";
    EXPECT_TRUE(waitUntil([&] { return service->server()->handshakeCount() == 0; }));

    // An over-long head: 431, closed, not buffered to Qt's own 800 KiB limit.
    QTcpSocket big;
    QByteArray answer;
    bool bigClosed = false;
    QObject::connect(&big, &QTcpSocket::readyRead, &big, [&] { answer += big.readAll(); });
    QObject::connect(&big, &QTcpSocket::disconnected, &big, [&] { bigClosed = true; });
    big.connectToHost(QHostAddress::LocalHost, port);
    ASSERT_TRUE(waitUntil([&] { return big.state() == QAbstractSocket::ConnectedState; }));
    big.write(webSocketUpgradeRequest(port).chopped(2) + "X-Pad: " + QByteArray(64 * 1024, 'a'));
    ASSERT_TRUE(waitUntil([&] { return bigClosed; })) << answer.toStdString();
    EXPECT_TRUE(answer.startsWith("HTTP/1.1 431")) << answer.left(100).toStdString();
}

TEST_F(ToolkitServerTest, ABigMessageBeforeAuthenticatingClosesTheConnection)
{
    startServer();
    auto client = connectClient({});
    ASSERT_TRUE(client->waitForEvent(u"open"_s));
    // A 64 KiB "auth" message: past the pre-auth limit, refused on its frame header.
    sendText(*client, u"{\"type\":\"auth\",\"token\":\""_s + QString(64 * 1024, u'x') + u"\"}"_s);
    const auto closed = client->waitForEvent(u"close"_s);
    ASSERT_TRUE(closed) << client->transcript().toStdString();
    EXPECT_EQ(closed->value(u"code"_s).toInt(), 1009) << client->transcript().toStdString(); // too big
    EXPECT_TRUE(callers.isEmpty());
}

TEST_F(ToolkitServerTest, AnAgentThatStopsReadingIsDropped)
{
    // The agent authenticates by URL and sends pings with 256 KiB ids (each answered with a
    // pong that carries the id back) but reads nothing: the replies pile up at the server until
    // the unsent bytes pass ToolkitChannel::kMaxUnsentBytes, then the connection is dropped.
    const QString token = startServer();
    QTcpSocket socket;
    socket.setReadBufferSize(1);
    socket.connectToHost(QHostAddress::LocalHost, port);
    ASSERT_TRUE(waitUntil([&] { return socket.state() == QAbstractSocket::ConnectedState; }));
    socket.write(
        "GET /?token=" + QUrl::toPercentEncoding(token)
        + " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port)
        + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
          "Sec-WebSocket-Version: 13\r\n\r\n");
    ASSERT_TRUE(waitUntil([&] { return service->clientCount() == 1; }));
    const QByteArray payload = "{\"type\":\"ping\",\"id\":\"" + QByteArray(256 * 1024, 'i') + "\"}";
    QByteArray frame;
    frame.append(char(0x81));
    frame.append(char(0x80 | 127));
    for (int i = 7; i >= 0; --i)
        frame.append(char((quint64(payload.size()) >> (8 * i)) & 0xff));
    frame.append(QByteArray(4, '\0')); // a zero mask: the payload as is
    frame.append(payload);
    qint64 sent = 0;
    // Up to 4 × the limit of replies asked for: far more than the limit must have been refused.
    const bool dropped = waitUntil(
        [&] {
            if (service->clientCount() == 0)
                return true;
            if (socket.bytesToWrite() < 1024 * 1024 && sent < 4 * ToolkitChannel::kMaxUnsentBytes) {
                socket.write(frame);
                sent += payload.size();
            }
            return false;
        },
        60s);
    EXPECT_TRUE(dropped) << "sent " << sent << " bytes of pings";
    EXPECT_EQ(service->clientCount(), 0);
    ASSERT_EQ(gone.size(), 1);
}

TEST_F(ToolkitServerTest, WebOriginsAreRefusedInTheHandshake)
{
    const QString token = startServer();
    for (const QString &origin : { u"https://evil.example"_s, u"http://localhost:3000"_s, u"null"_s }) {
        auto client = connectClient(token, { { u"Origin"_s, origin } });
        const auto refused = client->waitFor([](const QJsonObject &e) {
            const QString name = e.value(u"event"_s).toString();
            return name == u"unexpected-response"_s || name == u"open"_s;
        });
        ASSERT_TRUE(refused) << client->transcript().toStdString();
        EXPECT_EQ(refused->value(u"event"_s).toString(), u"unexpected-response"_s) << origin.toStdString();
        EXPECT_EQ(refused->value(u"status"_s).toInt(), 403) << origin.toStdString();
    }
    // A browser extension (the original client was one) still gets in with the token.
    auto extension = connectClient(token, { { u"Origin"_s, u"chrome-extension://abcdefghijklmnop"_s } });
    ASSERT_TRUE(extension->waitForEvent(u"open"_s)) << extension->transcript().toStdString();
    EXPECT_TRUE(callers.isEmpty());
    EXPECT_FALSE(ToolkitWebSocketServer::isWebOrigin({}));
    EXPECT_TRUE(ToolkitWebSocketServer::isWebOrigin(u"file://"_s));
}

TEST_F(ToolkitServerTest, BadInputGetsAnErrorAndTheConnectionStaysUp)
{
    const QString token = startServer();
    auto client = connectClient(token);
    ASSERT_TRUE(client->waitForEvent(u"open"_s));

    struct Case
    {
        QString text;
        QString error;
        QJsonValue id;
    };
    const QList<Case> cases {
        { u"this is not json"_s, u"the message is not JSON"_s, QJsonValue() },
        { u"[1,2,3]"_s, u"the message must be a JSON object, not an array"_s, QJsonValue() },
        { uR"({"id":null,"type":"echo","params":{"text":"x"}})"_s, u"\"id\" must be a string, not null"_s,
          QJsonValue() },
        { uR"({"id":7,"type":"echo"})"_s, u"\"id\" must be a string, not the number 7"_s, 7 },
        { uR"({"id":"u","type":"nosuch"})"_s, u"unknown type 'nosuch'; known types: echo, hold, later"_s,
          u"u"_s },
        { uR"({"id":"d","type":"getStats"})"_s, u"unknown type 'getStats'"_s, u"d"_s },
        { uR"({"id":"p","type":"echo","params":"x"})"_s,
          u"\"params\" must be an object, not the string \"x\""_s, u"p"_s },
        { uR"({"id":"t","type":"echo","params":{"text":5}})"_s,
          u"echo: params.text must be a string, not the number 5"_s, u"t"_s },
        { uR"({"id":"r","type":"echo","params":{}})"_s, u"echo: params.text is required"_s, u"r"_s },
        { uR"({"id":"n","type":"echo","params":{"text":"x","times":9}})"_s,
          u"echo: params.times must be at most 5"_s, u"n"_s },
        { uR"({"id":"e","type":"echo","params":{"text":"x","colour":"red"}})"_s,
          u"echo: params.colour is not a parameter of this command; it takes text, times"_s, u"e"_s },
    };
    for (const Case &c : cases) {
        sendText(*client, c.text);
        const QJsonObject reply = nextMessage(*client);
        EXPECT_FALSE(reply.value(u"success"_s).toBool(true)) << c.text.toStdString();
        EXPECT_TRUE(reply.value(u"error"_s).toString().startsWith(c.error))
            << c.text.toStdString() << " → " << reply.value(u"error"_s).toString().toStdString();
        EXPECT_EQ(reply.value(u"id"_s), c.id) << c.text.toStdString();
    }
    EXPECT_TRUE(callers.isEmpty()) << "no bad request reached a command";

    sendJson(*client,
             { { u"id"_s, u"ok"_s },
               { u"type"_s, u"echo"_s },
               { u"params"_s, QJsonObject { { u"text"_s, u"still here"_s } } } });
    EXPECT_EQ(replyTo(*client, u"ok"_s).value(u"data"_s).toObject().value(u"text"_s).toString(),
              u"still here"_s)
        << client->transcript().toStdString();
    EXPECT_FALSE(client->waitForEvent(u"close"_s, 50ms));
}

TEST_F(ToolkitServerTest, ATwoMebibyteMessageGetsAnErrorReplyNotADisconnect)
{
    const QString token = startServer();
    auto client = connectClient(token);
    ASSERT_TRUE(client->waitForEvent(u"open"_s));
    client->send({ { u"op"_s, u"sendFiller"_s }, { u"bytes"_s, 2 * 1024 * 1024 }, { u"id"_s, u"big"_s } });
    const QJsonObject reply = replyTo(*client, u"big"_s);
    EXPECT_FALSE(reply.value(u"success"_s).toBool(true)) << client->transcript().toStdString();
    EXPECT_TRUE(reply.value(u"error"_s).toString().contains(u"over the limit of 1048576 bytes"_s))
        << reply.value(u"error"_s).toString().toStdString();
    EXPECT_TRUE(callers.isEmpty());

    sendJson(*client,
             { { u"id"_s, u"after"_s },
               { u"type"_s, u"echo"_s },
               { u"params"_s, QJsonObject { { u"text"_s, u"up"_s } } } });
    EXPECT_TRUE(replyTo(*client, u"after"_s).value(u"success"_s).toBool())
        << client->transcript().toStdString();

    // Beyond 16 MiB the connection is closed (the socket would have to hold it all).
    client->send({ { u"op"_s, u"sendFiller"_s }, { u"bytes"_s, 17 * 1024 * 1024 }, { u"id"_s, u"huge"_s } });
    const auto closed = client->waitForEvent(u"close"_s, 30s);
    ASSERT_TRUE(closed) << client->transcript().toStdString();
    // Qt drops such a peer at once (1006) or with "message too big" (1009), depending on timing.
    const int code = closed->value(u"code"_s).toInt();
    EXPECT_TRUE(code == 1009 || code == 1006) << client->transcript().toStdString();
}

TEST_F(ToolkitServerTest, HeartbeatBothWays)
{
    const QString token = startServer();
    service->server()->setHeartbeatInterval(200ms);
    auto client = connectClient(token);
    ASSERT_TRUE(client->waitForEvent(u"open"_s));
    // The app's JSON heartbeat is answered in kind, with the id when one was sent.
    sendJson(*client, { { u"type"_s, u"ping"_s } });
    EXPECT_EQ(nextMessage(*client), (QJsonObject { { u"type"_s, u"pong"_s } }));
    sendJson(*client, { { u"type"_s, u"ping"_s }, { u"id"_s, u"hb"_s } });
    EXPECT_EQ(nextMessage(*client), (QJsonObject { { u"type"_s, u"pong"_s }, { u"id"_s, u"hb"_s } }));
    // WebSocket control frames both ways: the client's ping is answered, the server pings.
    client->send({ { u"op"_s, u"ping"_s } });
    EXPECT_TRUE(client->waitForEvent(u"pong"_s)) << client->transcript().toStdString();
    EXPECT_TRUE(client->waitForEvent(u"ping"_s)) << client->transcript().toStdString();
    EXPECT_TRUE(client->waitForEvent(u"ping"_s)) << "pings keep coming while the client answers them";
    EXPECT_FALSE(client->waitForEvent(u"close"_s, 50ms));
}

TEST_F(ToolkitServerTest, TooManyRequestsAtOnceAreRefusedNotQueued)
{
    const QString token = startServer();
    auto client = connectClient(token);
    ASSERT_TRUE(client->waitForEvent(u"open"_s));
    const int total = ToolkitChannel::kMaxInFlight + 3;
    for (int i = 0; i < total; ++i)
        sendJson(*client, { { u"id"_s, u"r%1"_s.arg(i) }, { u"type"_s, u"hold"_s } });
    for (int i = ToolkitChannel::kMaxInFlight; i < total; ++i) {
        const QJsonObject reply = replyTo(*client, u"r%1"_s.arg(i));
        EXPECT_TRUE(
            reply.value(u"error"_s).toString().startsWith(u"too many requests at once (64 are running)"_s))
            << client->transcript().toStdString();
    }
    ASSERT_EQ(held.size(), ToolkitChannel::kMaxInFlight);
    for (const CommandReply &reply : std::as_const(held))
        reply(CommandResult::success(u"done"_s));
    for (int i = 0; i < ToolkitChannel::kMaxInFlight; ++i)
        EXPECT_EQ(replyTo(*client, u"r%1"_s.arg(i)).value(u"data"_s).toString(), u"done"_s);
    // Room again once they are answered.
    sendJson(*client,
             { { u"id"_s, u"again"_s },
               { u"type"_s, u"echo"_s },
               { u"params"_s, QJsonObject { { u"text"_s, u"x"_s } } } });
    EXPECT_TRUE(replyTo(*client, u"again"_s).value(u"success"_s).toBool());
}

TEST_F(ToolkitServerTest, AReplyToAConnectionThatIsGoneIsDropped)
{
    const QString token = startServer();
    auto client = connectClient(token);
    ASSERT_TRUE(client->waitForEvent(u"open"_s));
    sendJson(*client, { { u"id"_s, u"slow"_s }, { u"type"_s, u"later"_s } });
    client->send({ { u"op"_s, u"close"_s } });
    ASSERT_TRUE(client->waitForEvent(u"close"_s));
    ASSERT_TRUE(waitUntil([&] { return !gone.isEmpty(); }));
    // The command answers after the socket is gone; nothing crashes, the server still serves.
    auto second = connectClient(token);
    ASSERT_TRUE(second->waitForEvent(u"open"_s));
    sendJson(*second, { { u"id"_s, u"s2"_s }, { u"type"_s, u"later"_s } });
    EXPECT_EQ(replyTo(*second, u"s2"_s).value(u"data"_s).toString(), u"done"_s)
        << second->transcript().toStdString();
}

TEST_F(ToolkitServerTest, SettingsApplyLive)
{
    const QString token = startServer();
    auto client = connectClient(token);
    ASSERT_TRUE(client->waitForEvent(u"open"_s));

    // Another port: the server moves, its clients are told.
    const quint16 first = port;
    port = unusedPort();
    settings->setValue(SettingKey::AgentServerPort, port);
    ASSERT_TRUE(service->isListening());
    EXPECT_EQ(service->port(), port);
    EXPECT_NE(port, first);
    EXPECT_TRUE(client->waitForEvent(u"close"_s)) << client->transcript().toStdString();
    auto moved = connectClient(token);
    EXPECT_TRUE(moved->waitForEvent(u"open"_s)) << moved->transcript().toStdString();

    // A new token: new connections need it.
    const QString fresh = service->regenerateToken();
    ASSERT_FALSE(fresh.isEmpty());
    EXPECT_NE(fresh, token);
    EXPECT_EQ(TokenFile(service->tokenFilePath()).read(), fresh);
    auto stale = connectClient(token);
    EXPECT_TRUE(stale->waitForEvent(u"close"_s)) << stale->transcript().toStdString();
    auto current = connectClient(fresh);
    EXPECT_TRUE(current->waitForEvent(u"open"_s));

    // Turned off: closed, the port is free.
    settings->setValue(SettingKey::AgentServerEnabled, false);
    EXPECT_FALSE(service->isListening());
    EXPECT_EQ(service->statusText(), u"Off"_s);
    EXPECT_EQ(service->stateJson().value(u"state"_s).toString(), u"off"_s);
    EXPECT_TRUE(current->waitForEvent(u"close"_s));
}

TEST_F(ToolkitServerTest, APortInUseIsReportedWithWhatToDo)
{
    QTcpServer squatter;
    ASSERT_TRUE(squatter.listen(QHostAddress::LocalHost, 0));
    settings->setValue(SettingKey::AgentServerPort, squatter.serverPort());
    settings->setValue(SettingKey::AgentServerEnabled, true);
    service->start();
    EXPECT_FALSE(service->isListening());
    EXPECT_TRUE(service->error().contains(u"cannot listen on 127.0.0.1:%1"_s.arg(squatter.serverPort())))
        << service->error().toStdString();
    EXPECT_TRUE(service->statusText().contains(u"choose another port"_s));
    EXPECT_EQ(service->stateJson().value(u"state"_s).toString(), u"error"_s);
}

TEST_F(ToolkitServerTest, TheEngineRunsItAndGetFullStateReportsIt)
{
    Logging::install({});
    service.reset();
    port = unusedPort();
    settings->setValue(SettingKey::AgentServerPort, port);
    settings->setValue(SettingKey::AgentServerEnabled, true);
    Engine engine(settings.get(), paths);
    Engine::Overrides overrides;
    overrides.cdpPort = unusedPort(); // no browser needed for this
    engine.setOverrides(overrides);
    EXPECT_FALSE(engine.toolkitServer()->isListening()) << "nothing runs before the engine starts";
    engine.start();
    ASSERT_TRUE(engine.toolkitServer()->isListening()) << engine.toolkitServer()->error().toStdString();

    std::optional<CommandResult> result;
    engine.commands()->dispatch(u"getFullState"_s, {}, { u"debug-api"_s, {} }, Scope::DebugApi,
                                [&](const CommandResult &r) { result = r; });
    ASSERT_TRUE(waitUntil([&] { return result.has_value(); }));
    const QJsonObject agent = result->data.toObject().value(u"agentServer"_s).toObject();
    EXPECT_EQ(agent.value(u"state"_s).toString(), u"listening"_s);
    EXPECT_EQ(agent.value(u"mode"_s).toString(), u"server"_s);
    EXPECT_EQ(agent.value(u"port"_s).toInt(), port);
    EXPECT_EQ(agent.value(u"clients"_s).toInt(), 0);
    EXPECT_EQ(agent.value(u"status"_s).toString(), u"Listening on 127.0.0.1:%1, 0 clients"_s.arg(port));
    EXPECT_EQ(agent.value(u"tokenFile"_s).toString(), paths.file(u"agent-token"_s));

    engine.stop();
    EXPECT_FALSE(engine.toolkitServer()->isListening());
}

// Client mode: the app dials out to an agent that listens, as the original extension did.
class AgentClientModeTest : public ToolkitServerTest
{
protected:
    bool listen(quint16 onPort)
    {
        agent = std::make_unique<QWebSocketServer>(u"test-agent"_s, QWebSocketServer::NonSecureMode);
        QObject::connect(agent.get(), &QWebSocketServer::newConnection, agent.get(), [this] {
            QWebSocket *socket = agent->nextPendingConnection();
            // Ours to delete (Qt 6.4 does not parent it to the server): it goes with the server.
            socket->setParent(agent.get());
            peer = socket;
            QObject::connect(socket, &QWebSocket::textMessageReceived, socket, [this](const QString &text) {
                received.append(QJsonDocument::fromJson(text.toUtf8()).object());
            });
        });
        return agent->listen(QHostAddress::LocalHost, onPort);
    }

    std::optional<QJsonObject> receivedWith(const QString &key, const QJsonValue &value)
    {
        std::optional<QJsonObject> found;
        waitUntil([&] {
            for (qsizetype i = 0; i < received.size(); ++i) {
                if (received.at(i).value(key) == value) {
                    found = received.takeAt(i);
                    return true;
                }
            }
            return false;
        });
        return found;
    }

    std::unique_ptr<QWebSocketServer> agent;
    QPointer<QWebSocket> peer;
    QList<QJsonObject> received;
};

TEST_F(AgentClientModeTest, DialsOutSaysHelloAnswersAndReconnects)
{
    const quint16 agentPort = unusedPort();
    ASSERT_TRUE(listen(agentPort));
    settings->setValue(SettingKey::AgentServerMode, u"client"_s);
    settings->setValue(SettingKey::AgentServerUrl, u"ws://127.0.0.1:%1"_s.arg(agentPort));
    settings->setValue(SettingKey::AgentServerEnabled, true);
    service->client()->setHeartbeatInterval(150ms);
    service->start();
    EXPECT_FALSE(service->isListening()) << "client mode does not listen";

    const auto hello = receivedWith(u"type"_s, u"hello"_s);
    ASSERT_TRUE(hello);
    EXPECT_EQ(hello->value(u"client"_s).toString(), u"multi-purpose-agent"_s);
    EXPECT_TRUE(hello->value(u"types"_s).toArray().contains(u"echo"_s));
    // The app's heartbeat; a silent agent that answers WebSocket pings (as every server does) stays.
    EXPECT_TRUE(receivedWith(u"type"_s, u"ping"_s));
    EXPECT_TRUE(receivedWith(u"type"_s, u"ping"_s));
    ASSERT_TRUE(waitUntil([&] { return service->statusText().startsWith(u"Connected to ws://127.0.0.1"_s); }))
        << service->statusText().toStdString();
    EXPECT_EQ(service->stateJson().value(u"state"_s).toString(), u"connected"_s);

    // The agent's requests are answered in the same protocol; no token needed this way round.
    peer->sendTextMessage(uR"({"id":"c1","type":"echo","params":{"text":"from agent"}})"_s);
    const auto reply = receivedWith(u"id"_s, u"c1"_s);
    ASSERT_TRUE(reply);
    EXPECT_TRUE(reply->value(u"success"_s).toBool());
    EXPECT_EQ(reply->value(u"data"_s).toObject().value(u"caller"_s).toString(), u"agent-client/client-1"_s);
    peer->sendTextMessage(uR"({"id":"c2","type":"echo","params":{"text":1}})"_s);
    EXPECT_EQ(receivedWith(u"id"_s, u"c2"_s)->value(u"error"_s).toString(),
              u"echo: params.text must be a string, not the number 1"_s);
    peer->sendTextMessage(uR"({"type":"ping"})"_s);
    EXPECT_TRUE(receivedWith(u"type"_s, u"pong"_s));

    // The agent goes away: the app keeps trying, with backoff, and says when it tries next.
    if (peer)
        peer->close();
    agent.reset();
    ASSERT_TRUE(waitUntil([&] { return !gone.isEmpty(); }));
    EXPECT_EQ(gone.first().channel, u"agent-client"_s);
    ASSERT_TRUE(waitUntil([&] { return service->statusText().contains(u"(retry in"_s); }))
        << service->statusText().toStdString();
    EXPECT_TRUE(service->statusText().startsWith(u"Connecting to ws://127.0.0.1:%1"_s.arg(agentPort)))
        << service->statusText().toStdString();
    ASSERT_TRUE(waitUntil([&] { return service->client()->attempts() >= 3; }, 20s));

    // It comes back: the app reconnects by itself and says hello again.
    received.clear();
    ASSERT_TRUE(listen(agentPort));
    EXPECT_TRUE(receivedWith(u"type"_s, u"hello"_s)) << service->statusText().toStdString();
    EXPECT_TRUE(waitUntil([&] { return service->statusText().startsWith(u"Connected"_s); }));

    // Back to server mode, live.
    port = unusedPort();
    settings->setValue(SettingKey::AgentServerPort, port);
    settings->setValue(SettingKey::AgentServerMode, u"server"_s);
    EXPECT_TRUE(service->isListening());
    EXPECT_EQ(service->client()->state(), ToolkitWebSocketClient::State::Stopped);
}

TEST_F(AgentClientModeTest, ABadUrlIsNamed)
{
    settings->setValue(SettingKey::AgentServerMode, u"client"_s);
    settings->setValue(SettingKey::AgentServerUrl, u"http://localhost:8080"_s);
    settings->setValue(SettingKey::AgentServerEnabled, true);
    service->start();
    EXPECT_EQ(
        service->error(),
        u"agentServer/url: 'http://localhost:8080' is not a WebSocket URL; use one like ws://localhost:8080"_s);
    EXPECT_EQ(service->statusText(), service->error());
}

} // namespace
