// MCP's streamable HTTP transport (spec 2025-03-26 / 2025-06-18): `multi-purpose-agent mcp
// --http PORT` and the tray app's toolkit/mcpHttpPort, driven by the official MCP TypeScript
// SDK's StreamableHTTPClientTransport (tests/npm/mcp-session.mjs --http) on real headless
// Chromium, and by raw HTTP (tests/support/RawHttp) for what a well-behaved client never sends.
// The refusals follow the spec's security warning (validate Origin against DNS rebinding, bind
// to localhost, authenticate) and the status codes it names (404 for an ended session, 405 for
// a GET without a stream, 202 for notifications); the SDK's own server is the evidence for the
// JSON-RPC error body on transport refusals.
#include "AppRun.h"
#include "FakeClock.h"
#include "HeadlessChromium.h"
#include "NodeBridge.h"
#include "QtPrinters.h"
#include "RawHttp.h"
#include "ScopedEnv.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "server/McpHttpServer.h"
#include "server/McpServer.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkInterface>
#include <QRegularExpression>
#include <QSettings>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

using Headers = QList<QPair<QByteArray, QByteArray>>;

const QByteArray kInitialize
    = R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",)"
      R"("capabilities":{},"clientInfo":{"name":"raw-client","version":"1.0"}}})";
const QByteArray kToolsList = R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})";

QString agentTokenIn(const QString &config)
{
    QFile file(QDir(config).filePath(u"agent-token"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).trimmed();
}

// The answer to the next command of `op` the SDK session gives.
QJsonObject askOverHttp(NodeBridge &session, const QJsonObject &request)
{
    session.send(request);
    const QString op = request.value(u"op"_s).toString();
    const auto answer
        = session.waitFor([&](const QJsonObject &e) { return e.value(u"op"_s).toString() == op; }, 30s);
    return answer ? *answer : QJsonObject { { u"ok"_s, false }, { u"error"_s, u"no answer"_s } };
}

// A tools/call through the SDK: its result (isError, content), or an empty object when the call
// itself failed (the transcript says why).
QJsonObject callToolOverHttp(NodeBridge &session, const QString &name, const QJsonObject &arguments = {})
{
    const QJsonObject answer = askOverHttp(
        session, { { u"op"_s, u"callTool"_s }, { u"name"_s, name }, { u"arguments"_s, arguments } });
    EXPECT_TRUE(answer.value(u"ok"_s).toBool()) << session.transcript().toStdString();
    return answer.value(u"result"_s).toObject();
}

QString firstTextOverHttp(const QJsonObject &toolResult)
{
    return toolResult.value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString();
}

QStringList toolNames(NodeBridge &session)
{
    const QJsonObject answer = askOverHttp(session, { { u"op"_s, u"listTools"_s } });
    EXPECT_TRUE(answer.value(u"ok"_s).toBool()) << session.transcript().toStdString();
    QStringList names;
    for (const QJsonValue &tool : answer.value(u"result"_s).toObject().value(u"tools"_s).toArray())
        names.append(tool.toObject().value(u"name"_s).toString());
    names.sort();
    return names;
}

// The official SDK's client on http://127.0.0.1:PORT/mcp with `token` as Bearer.
std::unique_ptr<NodeBridge> connectSdk(quint16 port, const QString &token)
{
    const ScopedEnv env("MPA_MCP_TOKEN", token); // read by the script at its start
    return std::make_unique<NodeBridge>(u"mcp-session.mjs"_s,
                                        QStringList { u"--http"_s, u"http://127.0.0.1:%1/mcp"_s.arg(port) });
}

RawHttpReply post(quint16 port, const Headers &headers, const QByteArray &body)
{
    return rawHttp(port, httpRequest("POST", "/mcp", port, headers, body));
}

QString errorMessage(const RawHttpReply &reply)
{
    return reply.json.value(u"error"_s).toObject().value(u"message"_s).toString();
}

class McpHttpTest : public ChromiumTest
{
protected:
    // `mcp --http` on a free port with `config` as its config dir, once it serves.
    std::unique_ptr<AppRun> startServer(const QString &config, quint16 *port)
    {
        *port = unusedPort();
        auto run = std::make_unique<AppRun>(QStringList { u"mcp"_s, u"--http"_s, QString::number(*port),
                                                          u"--cdp-port"_s, QString::number(browser().port()),
                                                          u"--config-dir"_s, config });
        EXPECT_TRUE(run->waitForStderr(
            u"serving the browser toolkit over HTTP at http://127.0.0.1:%1/mcp"_s.arg(*port), 30s))
            << run->dump().toStdString();
        return run;
    }

    static void allowUsersTabs(const QString &config)
    {
        QSettings ini(QDir(config).filePath(u"settings.ini"_s), QSettings::IniFormat);
        ini.setValue(u"toolkit/userTabs"_s, u"allow"_s);
    }
};

// The SDK's HTTP client: the same tools as on stdio, a snapshot and a click that the page shows,
// and the session's DELETE gives its tab back (a second agent, refused while the first held it,
// may use it then).
TEST_F(McpHttpTest, TheOfficialSdkDrivesTheBrowserAndASessionsEndReleasesItsTabs)
{
    QTemporaryDir config;
    allowUsersTabs(config.path());
    quint16 port = 0;
    auto server = startServer(config.path(), &port);
    const QString token = agentTokenIn(config.path());
    ASSERT_EQ(token.size(), 43) << server->dump().toStdString();

    auto first = connectSdk(port, token);
    const auto connected = first->waitForEvent(u"connected"_s, 30s);
    ASSERT_TRUE(connected) << first->transcript().toStdString();
    EXPECT_EQ(connected->value(u"serverInfo"_s).toObject().value(u"name"_s).toString(),
              u"multi-purpose-agent"_s);
    EXPECT_EQ(connected->value(u"sessionId"_s).toString().size(), 43) << first->transcript().toStdString();
    EXPECT_TRUE(
        McpServer::supportedProtocolVersions().contains(connected->value(u"protocolVersion"_s).toString()))
        << first->transcript().toStdString();

    // The same tool table as the stdio server of the same config.
    const QStringList overHttp = toolNames(*first);
    {
        NodeBridge stdio(u"mcp-session.mjs"_s,
                         QStringList { u"--stdio"_s, appBinary(), u"mcp"_s, u"--cdp-port"_s,
                                       QString::number(browser().port()), u"--config-dir"_s, config.path() });
        ASSERT_TRUE(stdio.waitForEvent(u"connected"_s, 30s)) << stdio.transcript().toStdString();
        EXPECT_EQ(overHttp, toolNames(stdio));
        EXPECT_EQ(stdio.finish(), 0) << stdio.transcript().toStdString();
    }
    EXPECT_TRUE(overHttp.contains(u"snapshot"_s) && overHttp.contains(u"click"_s))
        << overHttp.join(u' ').toStdString();

    const QJsonObject opened = callToolOverHttp(
        *first, u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/form.html?over=http"_s).toString() } });
    ASSERT_FALSE(opened.value(u"isError"_s).toBool()) << firstTextOverHttp(opened).toStdString();
    // The agent's tab, as its tab list names it.
    const QString listed
        = firstTextOverHttp(callToolOverHttp(*first, u"tab"_s, { { u"action"_s, u"list"_s } }));
    const QJsonDocument tabs = QJsonDocument::fromJson(listed.toUtf8());
    QString tab;
    for (const QJsonValue &entry : tabs.isArray() ? tabs.array() : tabs.object().value(u"tabs"_s).toArray()) {
        if (entry.toObject().value(u"yours"_s).toBool())
            tab = entry.toObject().value(u"tab"_s).toString();
    }
    ASSERT_FALSE(tab.isEmpty()) << listed.toStdString();

    const QString before = firstTextOverHttp(callToolOverHttp(*first, u"snapshot"_s));
    const QRegularExpressionMatch removeMe
        = QRegularExpression(uR"(button "Remove me" \[ref=(e\d+)\])"_s).match(before);
    ASSERT_TRUE(removeMe.hasMatch()) << before.toStdString();
    const QJsonObject clicked = callToolOverHttp(*first, u"click"_s, { { u"ref"_s, removeMe.captured(1) } });
    EXPECT_FALSE(clicked.value(u"isError"_s).toBool()) << firstTextOverHttp(clicked).toStdString();
    const QString after = firstTextOverHttp(callToolOverHttp(*first, u"snapshot"_s));
    EXPECT_TRUE(after.contains(u"Count clicks"_s)) << after.toStdString();
    EXPECT_FALSE(after.contains(u"Remove me"_s)) << after.toStdString(); // the button removed itself

    // A second agent may not touch the first one's tab while its session lasts…
    auto second = connectSdk(port, token);
    ASSERT_TRUE(second->waitForEvent(u"connected"_s, 30s)) << second->transcript().toStdString();
    const QJsonObject refused = callToolOverHttp(*second, u"snapshot"_s, { { u"tab"_s, tab } });
    EXPECT_TRUE(refused.value(u"isError"_s).toBool()) << firstTextOverHttp(refused).toStdString();
    EXPECT_TRUE(firstTextOverHttp(refused).contains(u"is in use by another agent"_s))
        << firstTextOverHttp(refused).toStdString();

    // …and may once the first one's client ends it (DELETE with its Mcp-Session-Id).
    const QString firstSession = connected->value(u"sessionId"_s).toString();
    const QJsonObject terminated = askOverHttp(*first, { { u"op"_s, u"terminate"_s } });
    EXPECT_TRUE(terminated.value(u"ok"_s).toBool()) << first->transcript().toStdString();
    EXPECT_TRUE(server->waitForStderr(u"session http-1 ended (the client ended it); its tabs are released"_s))
        << server->dump().toStdString();
    const QJsonObject allowed = callToolOverHttp(*second, u"snapshot"_s, { { u"tab"_s, tab } });
    EXPECT_FALSE(allowed.value(u"isError"_s).toBool()) << firstTextOverHttp(allowed).toStdString();
    EXPECT_TRUE(firstTextOverHttp(allowed).contains(u"Count clicks"_s))
        << firstTextOverHttp(allowed).toStdString();

    // The ended session is gone for good.
    const RawHttpReply gone = post(port,
                                   { { "Authorization", "Bearer " + token.toLatin1() },
                                     { "Content-Type", "application/json" },
                                     { "Mcp-Session-Id", firstSession.toLatin1() } },
                                   kToolsList);
    EXPECT_EQ(gone.status, 404) << gone.describe().toStdString();

    EXPECT_EQ(second->finish(), 0) << second->transcript().toStdString();
    first->finish();
    server->signal(SIGTERM);
    EXPECT_EQ(server->finish(), 0) << server->dump().toStdString();
}

// What no SDK client sends, each refused with a sentence: no or a wrong token, a web page's
// Origin, a foreign Host (DNS rebinding), an unknown session, malformed JSON, a body over the
// message limit, another content type; and the port is on 127.0.0.1 only.
TEST_F(McpHttpTest, BadRequestsAreRefusedWithASentence)
{
    QTemporaryDir config;
    quint16 port = 0;
    auto server = startServer(config.path(), &port);
    const QByteArray token = agentTokenIn(config.path()).toLatin1();
    ASSERT_FALSE(token.isEmpty()) << server->dump().toStdString();
    const QPair<QByteArray, QByteArray> bearer { "Authorization", "Bearer " + token };
    const QPair<QByteArray, QByteArray> json { "Content-Type", "application/json" };
    const QPair<QByteArray, QByteArray> accept { "Accept", "application/json, text/event-stream" };

    const RawHttpReply noToken = post(port, { json, accept }, kInitialize);
    EXPECT_EQ(noToken.status, 401) << noToken.describe().toStdString();
    EXPECT_TRUE(errorMessage(noToken).startsWith(u"missing token: send 'Authorization: Bearer <token>'"_s))
        << noToken.describe().toStdString();
    EXPECT_TRUE(noToken.header("WWW-Authenticate").startsWith("Bearer")) << noToken.describe().toStdString();

    const RawHttpReply wrongToken
        = post(port, { { "Authorization", "Bearer " + QByteArray(43, 'x') }, json, accept }, kInitialize);
    EXPECT_EQ(wrongToken.status, 401) << wrongToken.describe().toStdString();
    EXPECT_TRUE(errorMessage(wrongToken).startsWith(u"wrong token"_s)) << wrongToken.describe().toStdString();

    const RawHttpReply webPage
        = post(port, { bearer, json, accept, { "Origin", "https://evil.example" } }, kInitialize);
    EXPECT_EQ(webPage.status, 403) << webPage.describe().toStdString();
    EXPECT_TRUE(errorMessage(webPage).contains(
        u"requests from web pages are refused (Origin: https://evil.example)"_s))
        << webPage.describe().toStdString();

    const RawHttpReply rebound
        = post(port, { { "Host", "evil.example" }, bearer, json, accept }, kInitialize);
    EXPECT_EQ(rebound.status, 403) << rebound.describe().toStdString();
    EXPECT_TRUE(errorMessage(rebound).startsWith(u"Host 'evil.example' is not a loopback name"_s))
        << rebound.describe().toStdString();

    // A real session to send the rest in.
    const RawHttpReply initialized = post(port, { bearer, json, accept }, kInitialize);
    ASSERT_EQ(initialized.status, 200) << initialized.describe().toStdString();
    EXPECT_EQ(initialized.json.value(u"result"_s).toObject().value(u"protocolVersion"_s).toString(),
              u"2025-06-18"_s);
    const QByteArray session = initialized.header("Mcp-Session-Id");
    ASSERT_EQ(session.size(), 43) << initialized.describe().toStdString();
    const QPair<QByteArray, QByteArray> inSession { "Mcp-Session-Id", session };

    const RawHttpReply notified = post(port, { bearer, json, accept, inSession },
                                       R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    EXPECT_EQ(notified.status, 202) << notified.describe().toStdString();
    EXPECT_TRUE(notified.body.isEmpty());
    const RawHttpReply listed = post(port, { bearer, json, accept, inSession }, kToolsList);
    EXPECT_EQ(listed.status, 200) << listed.describe().toStdString();
    EXPECT_FALSE(listed.json.value(u"result"_s).toObject().value(u"tools"_s).toArray().isEmpty());

    const RawHttpReply unknown
        = post(port, { bearer, json, accept, { "Mcp-Session-Id", QByteArray(43, 'A') } }, kToolsList);
    EXPECT_EQ(unknown.status, 404) << unknown.describe().toStdString();
    EXPECT_TRUE(errorMessage(unknown).startsWith(u"no such session: it has ended or never existed"_s))
        << unknown.describe().toStdString();

    const RawHttpReply noSession = post(port, { bearer, json, accept }, kToolsList);
    EXPECT_EQ(noSession.status, 400) << noSession.describe().toStdString();
    EXPECT_TRUE(errorMessage(noSession).startsWith(u"the request has no Mcp-Session-Id header"_s))
        << noSession.describe().toStdString();

    const RawHttpReply malformed
        = post(port, { bearer, json, accept, inSession }, R"({"jsonrpc":"2.0","id":3,)");
    EXPECT_EQ(malformed.status, 400) << malformed.describe().toStdString();
    EXPECT_EQ(malformed.json.value(u"error"_s).toObject().value(u"code"_s).toInt(), -32700)
        << malformed.describe().toStdString();
    EXPECT_TRUE(errorMessage(malformed).startsWith(u"parse error: "_s)) << malformed.describe().toStdString();

    // Refused from the head, before a byte of the body is read.
    const RawHttpReply tooLarge
        = post(port,
               { bearer,
                 json,
                 accept,
                 inSession,
                 { "Content-Length", QByteArray::number(McpServer::kMaxMessageBytes + 1) } },
               kToolsList);
    EXPECT_EQ(tooLarge.status, 413) << tooLarge.describe().toStdString();
    EXPECT_EQ(tooLarge.json.value(u"error"_s).toString(),
              u"the request body is 16777217 bytes; the limit is 16777216 bytes (16384 KiB)"_s)
        << tooLarge.describe().toStdString();

    const RawHttpReply plainText
        = post(port, { bearer, { "Content-Type", "text/plain" }, accept, inSession }, kToolsList);
    EXPECT_EQ(plainText.status, 415) << plainText.describe().toStdString();
    EXPECT_TRUE(errorMessage(plainText).startsWith(u"Content-Type 'text/plain' is not accepted"_s))
        << plainText.describe().toStdString();

    const RawHttpReply oldVersion = post(
        port, { bearer, json, accept, inSession, { "MCP-Protocol-Version", "2023-01-01" } }, kToolsList);
    EXPECT_EQ(oldVersion.status, 400) << oldVersion.describe().toStdString();
    EXPECT_TRUE(
        errorMessage(oldVersion).startsWith(u"MCP-Protocol-Version '2023-01-01' is not spoken here"_s))
        << oldVersion.describe().toStdString();

    const RawHttpReply stream = rawHttp(
        port, httpRequest("GET", "/mcp", port, { bearer, inSession, { "Accept", "text/event-stream" } }));
    EXPECT_EQ(stream.status, 405) << stream.describe().toStdString();
    EXPECT_EQ(stream.header("Allow"), "POST, DELETE");

    const RawHttpReply ended = rawHttp(port, httpRequest("DELETE", "/mcp", port, { bearer, inSession }));
    EXPECT_EQ(ended.status, 204) << ended.describe().toStdString();
    const RawHttpReply endedAgain = rawHttp(port, httpRequest("DELETE", "/mcp", port, { bearer, inSession }));
    EXPECT_EQ(endedAgain.status, 404) << endedAgain.describe().toStdString();

    // Nothing answers on the machine's other addresses, nor on IPv6's loopback.
    QList<QHostAddress> elsewhere { QHostAddress::LocalHostIPv6 };
    for (const QHostAddress &address : QNetworkInterface::allAddresses()) {
        if (!address.isLoopback())
            elsewhere.append(address);
    }
    for (const QHostAddress &address : elsewhere) {
        const RawHttpReply reply = rawHttp(
            port, httpRequest("POST", "/mcp", port, { bearer, json, accept }, kInitialize), 5s, address);
        EXPECT_EQ(reply.status, 0) << address.toString().toStdString() << ": "
                                   << reply.describe().toStdString();
    }
    EXPECT_TRUE(server->waitForStderr(u"mcp: serving the browser toolkit over HTTP"_s));
    server->signal(SIGTERM);
    EXPECT_EQ(server->finish(), 0) << server->dump().toStdString();
}

// The tray app (here --headless, the same engine) with toolkit/mcpHttpPort serves the endpoint
// with the agent token of its config dir.
TEST_F(McpHttpTest, TheAppServesTheEndpointWhenTheSettingNamesAPort)
{
    QTemporaryDir config;
    const quint16 port = unusedPort();
    {
        QSettings ini(QDir(config.path()).filePath(u"settings.ini"_s), QSettings::IniFormat);
        ini.setValue(u"toolkit/mcpHttpPort"_s, port);
    }
    AppRun app({ u"--headless"_s, u"--config-dir"_s, config.path(), u"--cdp-port"_s,
                 QString::number(browser().port()) });
    ASSERT_TRUE(app.waitForStderr(u"MCP over HTTP at http://127.0.0.1:%1/mcp"_s.arg(port), 30s))
        << app.dump().toStdString();
    const QString token = agentTokenIn(config.path());
    ASSERT_EQ(token.size(), 43) << app.dump().toStdString();

    auto session = connectSdk(port, token);
    ASSERT_TRUE(session->waitForEvent(u"connected"_s, 30s)) << session->transcript().toStdString();
    EXPECT_TRUE(toolNames(*session).contains(u"snapshot"_s)) << session->transcript().toStdString();
    const QJsonObject opened = callToolOverHttp(
        *session, u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/form.html?from=tray"_s).toString() } });
    EXPECT_FALSE(opened.value(u"isError"_s).toBool()) << firstTextOverHttp(opened).toStdString();
    const QString snapshot = firstTextOverHttp(callToolOverHttp(*session, u"snapshot"_s));
    EXPECT_TRUE(snapshot.contains(u"Sign up"_s)) << snapshot.toStdString();

    const RawHttpReply noToken = post(port, { { "Content-Type", "application/json" } }, kInitialize);
    EXPECT_EQ(noToken.status, 401) << noToken.describe().toStdString();

    EXPECT_EQ(session->finish(), 0) << session->transcript().toStdString();
    app.signal(SIGTERM);
    EXPECT_EQ(app.finish(), 0) << app.dump().toStdString();
}

// --http goes with mcp and takes a port; a port another program holds ends the command with 1
// and the reason.
TEST(McpHttpCommandTest, BadArgumentsAndABusyPortAreSaid)
{
    AppRun notAPort({ u"mcp"_s, u"--http"_s, u"nine"_s });
    EXPECT_EQ(notAPort.finish(), 2);
    EXPECT_TRUE(
        notAPort.err().contains(u"--http: 'nine' is not a port number (1-65535, or 0 for any free port)"_s))
        << notAPort.dump().toStdString();
    AppRun notMcp({ u"--headless"_s, u"--http"_s, u"9"_s });
    EXPECT_EQ(notMcp.finish(), 2);
    EXPECT_TRUE(notMcp.err().contains(u"--http goes with the mcp command"_s)) << notMcp.dump().toStdString();

    QTcpServer holder;
    ASSERT_TRUE(holder.listen(QHostAddress::LocalHost, 0));
    QTemporaryDir config;
    AppRun busy(
        { u"mcp"_s, u"--http"_s, QString::number(holder.serverPort()), u"--config-dir"_s, config.path() });
    EXPECT_EQ(busy.finish(), 1);
    EXPECT_TRUE(busy.err().contains(u"mcp --http: cannot listen on 127.0.0.1:%1"_s.arg(holder.serverPort())))
        << busy.dump().toStdString();
}

// A session nobody uses ends after the idle timeout on the server's clock, and its caller is
// released as a DELETE would (here in process, with a command of the test's own).
TEST(McpHttpServerTest, AnIdleSessionEndsOnTheClockAndItsCallerIsReleased)
{
    CommandDispatcher commands;
    commands.add({ u"echo"_s, CommandDispatcher::Scope::Toolkit, u"Echo the text"_s, QJsonObject(),
                   [](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
                       reply(CommandResult::success(params));
                   } });
    FakeClock clock(QDateTime(QDate(2026, 1, 5), QTime(9, 0), QTimeZone::utc()));
    McpHttpServer server(&commands, &clock);
    const QString token = u"t"_s.repeated(43);
    server.setTokenSource([token] { return token; });
    server.setIdleTimeout(10min);
    ASSERT_TRUE(server.start(0));
    QList<CommandCaller> gone;
    QObject::connect(&server, &McpHttpServer::callerGone, &server,
                     [&gone](const CommandCaller &caller) { gone.append(caller); });

    const Headers headers { { "Authorization", "Bearer " + token.toLatin1() },
                            { "Content-Type", "application/json" } };
    const RawHttpReply initialized = post(server.port(), headers, kInitialize);
    ASSERT_EQ(initialized.status, 200) << initialized.describe().toStdString();
    const QByteArray session = initialized.header("Mcp-Session-Id");
    const RawHttpReply called = post(
        server.port(), headers + Headers { { "Mcp-Session-Id", session } },
        R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"a":1}}})");
    EXPECT_EQ(called.status, 200) << called.describe().toStdString();
    EXPECT_EQ(called.json.value(u"result"_s)
                  .toObject()
                  .value(u"content"_s)
                  .toArray()
                  .at(0)
                  .toObject()
                  .value(u"text"_s)
                  .toString(),
              u"{\"a\":1}"_s);

    clock.advance(9min);
    EXPECT_TRUE(gone.isEmpty());
    EXPECT_EQ(server.sessionCount(), 1);
    clock.advance(1min);
    ASSERT_EQ(gone.size(), 1);
    EXPECT_EQ(gone.first().channel, u"mcp"_s);
    EXPECT_EQ(gone.first().clientId, u"http-1"_s);
    EXPECT_EQ(gone.first().name, u"raw-client"_s);
    const RawHttpReply ended
        = post(server.port(), headers + Headers { { "Mcp-Session-Id", session } }, kToolsList);
    EXPECT_EQ(ended.status, 404) << ended.describe().toStdString();
}

// A server keeps kMaxSessions sessions at most; the next initialize is told how to make room,
// and gets one once a session is ended.
TEST(McpHttpServerTest, SessionsAreCappedAndEndingOneMakesRoom)
{
    CommandDispatcher commands;
    FakeClock clock(QDateTime(QDate(2026, 1, 5), QTime(9, 0), QTimeZone::utc()));
    McpHttpServer server(&commands, &clock);
    const QString token = u"k"_s.repeated(43);
    server.setTokenSource([token] { return token; });
    ASSERT_TRUE(server.start(0));
    const Headers headers { { "Authorization", "Bearer " + token.toLatin1() },
                            { "Content-Type", "application/json" } };
    QByteArray first;
    for (int i = 0; i < McpHttpServer::kMaxSessions; ++i) {
        const RawHttpReply reply = post(server.port(), headers, kInitialize);
        ASSERT_EQ(reply.status, 200) << i << ": " << reply.describe().toStdString();
        if (first.isEmpty())
            first = reply.header("Mcp-Session-Id");
    }
    const RawHttpReply full = post(server.port(), headers, kInitialize);
    EXPECT_EQ(full.status, 503) << full.describe().toStdString();
    EXPECT_TRUE(
        errorMessage(full).startsWith(u"32 MCP sessions are open, the most this server keeps; end one with "
                                      "DELETE /mcp"_s))
        << full.describe().toStdString();
    const RawHttpReply ended = rawHttp(
        server.port(),
        httpRequest("DELETE", "/mcp", server.port(), headers + Headers { { "Mcp-Session-Id", first } }));
    EXPECT_EQ(ended.status, 204) << ended.describe().toStdString();
    EXPECT_EQ(post(server.port(), headers, kInitialize).status, 200);
    EXPECT_EQ(server.sessionCount(), McpHttpServer::kMaxSessions);
}

// A tool call under way when its session is ended still gets its reply on its own request: a
// reply is never lost to a closed session.
TEST(McpHttpServerTest, ACallUnderWayIsAnsweredAfterItsSessionEnded)
{
    CommandDispatcher commands;
    CommandReply pending;
    commands.add({ u"slow"_s, CommandDispatcher::Scope::Toolkit, u"Answers when the test says"_s,
                   QJsonObject(), [&pending](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                       pending = std::move(reply);
                   } });
    FakeClock clock(QDateTime(QDate(2026, 1, 5), QTime(9, 0), QTimeZone::utc()));
    McpHttpServer server(&commands, &clock);
    const QString token = u"s"_s.repeated(43);
    server.setTokenSource([token] { return token; });
    ASSERT_TRUE(server.start(0));
    int gone = 0;
    QObject::connect(&server, &McpHttpServer::callerGone, &server, [&gone] { ++gone; });
    const Headers headers { { "Authorization", "Bearer " + token.toLatin1() },
                            { "Content-Type", "application/json" } };
    const RawHttpReply initialized = post(server.port(), headers, kInitialize);
    ASSERT_EQ(initialized.status, 200) << initialized.describe().toStdString();
    const Headers inSession
        = headers + Headers { { "Mcp-Session-Id", initialized.header("Mcp-Session-Id") } };

    QTcpSocket call;
    call.connectToHost(QHostAddress::LocalHost, server.port());
    ASSERT_TRUE(waitUntil([&] { return call.state() == QAbstractSocket::ConnectedState; }));
    call.write(httpRequest("POST", "/mcp", server.port(), inSession,
                           R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow"}})"));
    ASSERT_TRUE(waitUntil([&] { return bool(pending); }));

    const RawHttpReply ended
        = rawHttp(server.port(), httpRequest("DELETE", "/mcp", server.port(), inSession));
    EXPECT_EQ(ended.status, 204) << ended.describe().toStdString();
    EXPECT_EQ(gone, 1);
    EXPECT_EQ(server.sessionCount(), 0);

    pending(CommandResult::success(QJsonObject { { u"done"_s, true } }));
    QByteArray received;
    EXPECT_TRUE(waitUntil([&] {
        received += call.readAll();
        return received.contains("{\\\"done\\\":true}");
    })) << received.toStdString();
    EXPECT_TRUE(received.startsWith("HTTP/1.1 200 OK\r\n")) << received.toStdString();
    EXPECT_TRUE(received.contains(R"("id":7)")) << received.toStdString();
}

} // namespace
