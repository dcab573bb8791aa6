// The MCP server with the official MCP TypeScript SDK as the client (tests/npm/mcp-session.mjs):
// in process over a loopback socket with commands registered by the test, and as
// `multi-purpose-agent mcp` spawned by the SDK's StdioClientTransport against real Chromium.
#include "AppRun.h"
#include "HeadlessChromium.h"
#include "NodeBridge.h"
#include "QtPrinters.h"
#include "SiteRoutes.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "cdp/CdpEndpoint.h"
#include "server/McpServer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

using Scope = CommandDispatcher::Scope;

// The result of the next command the session answers.
QJsonObject resultOf(NodeBridge &session, const QString &op)
{
    const auto answer
        = session.waitFor([&](const QJsonObject &e) { return e.value(u"op"_s).toString() == op; });
    return answer ? *answer : QJsonObject { { u"ok"_s, false }, { u"error"_s, u"no answer"_s } };
}

// Sends `request` to the session and returns the answer to it (to its "op").
QJsonObject ask(NodeBridge &session, const QJsonObject &request)
{
    session.send(request);
    return resultOf(session, request.value(u"op"_s).toString());
}

// The SDK's callTool(name, arguments) through the session: its answer.
QJsonObject callTool(NodeBridge &session, const QString &name, const QJsonObject &arguments = {})
{
    QJsonObject request { { u"op"_s, u"callTool"_s }, { u"name"_s, name } };
    if (!arguments.isEmpty())
        request.insert(u"arguments"_s, arguments);
    return ask(session, request);
}

QString firstText(const QJsonObject &toolResult)
{
    return toolResult.value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString();
}

TEST(McpSdkTest, TheOfficialClientListsAndCallsTools)
{
    CommandDispatcher commands;
    commands.add({ u"echo"_s, Scope::Toolkit, u"Echo the text"_s,
                   QJsonDocument::fromJson(R"({"type":"object","properties":{"text":{"type":"string"}},
                                               "required":["text"]})")
                       .object(),
                   [](const QJsonObject &params, const CommandCaller &caller, CommandReply reply) {
                       reply(CommandResult::success(QJsonObject { { u"text"_s, params.value(u"text"_s) },
                                                                  { u"channel"_s, caller.channel } }));
                   } });
    commands.add({ u"click"_s,
                   Scope::Toolkit,
                   u"Click by ref"_s,
                   {},
                   [](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
                       reply(CommandResult::failure(
                           u"stale ref %1: take a new snapshot"_s.arg(params.value(u"ref"_s).toString())));
                   } });
    commands.add({ u"getStats"_s,
                   Scope::DebugApi,
                   u"not a tool"_s,
                   {},
                   [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                       reply(CommandResult::success());
                   } });

    McpServer server(&commands);
    QTcpServer listener;
    ASSERT_TRUE(listener.listen(QHostAddress::LocalHost, 0));
    QPointer<QTcpSocket> connection;
    QByteArray buffer;
    QObject::connect(&listener, &QTcpServer::newConnection, &listener, [&] {
        connection = listener.nextPendingConnection();
        QObject::connect(connection, &QTcpSocket::readyRead, connection, [&] {
            buffer += connection->readAll();
            qsizetype newline;
            while ((newline = buffer.indexOf('\n')) >= 0) {
                const QByteArray line = buffer.left(newline);
                buffer.remove(0, newline + 1);
                server.handleLine(line);
            }
        });
    });
    QObject::connect(&server, &McpServer::send, &server, [&](const QByteArray &line) {
        if (connection)
            connection->write(line + '\n');
    });

    NodeBridge session(u"mcp-session.mjs"_s, { u"--tcp"_s, QString::number(listener.serverPort()) });
    const auto connected = session.waitForEvent(u"connected"_s);
    ASSERT_TRUE(connected) << session.transcript().toStdString();
    EXPECT_EQ(connected->value(u"serverInfo"_s).toObject().value(u"name"_s).toString(),
              u"multi-purpose-agent"_s);
    EXPECT_TRUE(connected->value(u"capabilities"_s).toObject().contains(u"tools"_s));
    EXPECT_TRUE(connected->value(u"instructions"_s).toString().contains(u"snapshot"_s));
    EXPECT_EQ(server.clientName(), u"mpa-test-client"_s);
    EXPECT_EQ(server.negotiatedVersion(), McpServer::supportedProtocolVersions().first())
        << "the SDK asks for the newest version, which we speak";

    QJsonObject answer = ask(session, { { u"op"_s, u"listTools"_s } });
    ASSERT_TRUE(answer.value(u"ok"_s).toBool()) << session.transcript().toStdString();
    const QJsonArray tools = answer.value(u"result"_s).toObject().value(u"tools"_s).toArray();
    ASSERT_EQ(tools.size(), 2) << session.transcript().toStdString();
    EXPECT_EQ(tools.at(0).toObject().value(u"name"_s).toString(), u"echo"_s);
    EXPECT_EQ(tools.at(0).toObject().value(u"inputSchema"_s).toObject().value(u"required"_s).toArray(),
              QJsonArray { u"text"_s });
    EXPECT_EQ(tools.at(1).toObject().value(u"inputSchema"_s).toObject().value(u"type"_s).toString(),
              u"object"_s);

    answer = callTool(session, u"echo"_s, { { u"text"_s, u"hello"_s } });
    ASSERT_TRUE(answer.value(u"ok"_s).toBool()) << session.transcript().toStdString();
    EXPECT_FALSE(answer.value(u"result"_s).toObject().value(u"isError"_s).toBool());
    EXPECT_EQ(QJsonDocument::fromJson(firstText(answer.value(u"result"_s).toObject()).toUtf8()).object(),
              (QJsonObject { { u"text"_s, u"hello"_s }, { u"channel"_s, u"mcp"_s } }));

    answer = callTool(session, u"click"_s, { { u"ref"_s, u"e3"_s } });
    ASSERT_TRUE(answer.value(u"ok"_s).toBool()) << session.transcript().toStdString();
    EXPECT_TRUE(answer.value(u"result"_s).toObject().value(u"isError"_s).toBool());
    EXPECT_EQ(firstText(answer.value(u"result"_s).toObject()), u"stale ref e3: take a new snapshot"_s);

    answer = callTool(session, u"echo"_s, { { u"text"_s, 42 } });
    EXPECT_TRUE(answer.value(u"result"_s).toObject().value(u"isError"_s).toBool())
        << session.transcript().toStdString();
    EXPECT_EQ(firstText(answer.value(u"result"_s).toObject()),
              u"echo: params.text must be a string, not the number 42"_s);

    answer = callTool(session, u"getStats"_s);
    EXPECT_FALSE(answer.value(u"ok"_s).toBool()) << session.transcript().toStdString();
    EXPECT_TRUE(answer.value(u"error"_s).toString().contains(u"unknown tool 'getStats'"_s))
        << answer.value(u"error"_s).toString().toStdString();
    EXPECT_EQ(answer.value(u"code"_s).toInt(), -32602);

    EXPECT_TRUE(ask(session, { { u"op"_s, u"ping"_s } }).value(u"ok"_s).toBool());
    EXPECT_EQ(session.finish(), 0) << session.transcript().toStdString();
}

// `multi-purpose-agent mcp` (on a port no browser listens on), its stdio read raw: what it wrote
// to stdout and stderr so far.
struct RawMcpApp
{
    QProcess app;
    QByteArray out;
    QString err;

    // Starts it, its stdout to `stdoutFile` when given (then `out` stays empty); false when it did
    // not start.
    bool start(const QString &stdoutFile = {})
    {
        app.setProgram(appBinary());
        app.setArguments(
            { u"mcp"_s, u"--cdp-port"_s, QString::number(unusedPort()), u"--config-dir"_s, configDir() });
        if (stdoutFile.isEmpty())
            QObject::connect(&app, &QProcess::readyReadStandardOutput, &app,
                             [this] { out += app.readAllStandardOutput(); });
        else
            app.setStandardOutputFile(stdoutFile);
        QObject::connect(&app, &QProcess::readyReadStandardError, &app,
                         [this] { err += QString::fromUtf8(app.readAllStandardError()); });
        app.start();
        return app.waitForStarted(10000);
    }
};

// MCP's initialize request with `id`, a line of its own.
QByteArray initializeRequest(int id)
{
    return R"({"jsonrpc":"2.0","id":)" + QByteArray::number(id)
        + R"(,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}})"
          "\n";
}

// `multi-purpose-agent mcp` speaking on its own stdio, read raw: stdout carries only protocol.
TEST(McpCommandStdioTest, NegotiatesAndKeepsStdoutForTheProtocol)
{
    RawMcpApp raw;
    ASSERT_TRUE(raw.start());
    auto &[app, out, err] = raw;
    auto lines = [&] { return out.count('\n'); };

    app.write(initializeRequest(1));
    ASSERT_TRUE(waitUntil([&] { return lines() >= 1; })) << err.toStdString();
    app.write(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
              "\n"
              "this is not json\n"
              R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})"
              "\n"
              R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"no-such-tool"}})"
              "\n");
    ASSERT_TRUE(waitUntil([&] { return lines() >= 4; })) << out.toStdString() << err.toStdString();
    app.closeWriteChannel();
    ASSERT_TRUE(waitUntil([&] { return app.state() == QProcess::NotRunning; }, 15s)) << err.toStdString();
    EXPECT_EQ(app.exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(app.exitCode(), 0) << err.toStdString();
    EXPECT_TRUE(err.contains(u"mcp: serving the browser toolkit on stdio"_s)) << err.toStdString();
    EXPECT_TRUE(err.contains(u"mcp: the client closed stdin; exiting"_s)) << err.toStdString();

    const QList<QByteArray> replies = out.trimmed().split('\n');
    ASSERT_EQ(replies.size(), 4) << out.toStdString();
    QList<QJsonObject> objects;
    for (const QByteArray &line : replies) {
        const QJsonDocument document = QJsonDocument::fromJson(line);
        ASSERT_TRUE(document.isObject()) << "stdout carries only protocol: " << line.toStdString();
        objects.append(document.object());
    }
    EXPECT_EQ(objects.at(0).value(u"result"_s).toObject().value(u"protocolVersion"_s).toString(),
              u"2024-11-05"_s);
    EXPECT_EQ(objects.at(1).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32700);
    EXPECT_TRUE(objects.at(2).value(u"result"_s).toObject().value(u"tools"_s).isArray());
    EXPECT_EQ(objects.at(3).value(u"id"_s).toInt(), 3);
    EXPECT_EQ(objects.at(3).value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
}

// A message over MCP's 16 MiB limit is dropped unread, but its error carries the id the line
// began with: a client waiting for id 2 gets its answer, and the next request is served.
TEST(McpCommandStdioTest, AnOverLongMessageIsRefusedWithTheIdItBeganWith)
{
    RawMcpApp raw;
    ASSERT_TRUE(raw.start());
    auto &[app, out, err] = raw;
    QByteArray huge
        = R"({"id":2,"jsonrpc":"2.0","method":"tools/call","params":{"name":"type","arguments":{"text":")";
    huge += QByteArray(17 * 1024 * 1024, 'x') + "\"}}}\n";
    app.write(huge);
    app.write(R"({"jsonrpc":"2.0","id":3,"method":"ping"})"
              "\n");
    ASSERT_TRUE(waitUntil([&] { return out.count('\n') >= 2; }, 30s))
        << out.left(2000).toStdString() << err.toStdString();
    app.closeWriteChannel();
    ASSERT_TRUE(waitUntil([&] { return app.state() == QProcess::NotRunning; }, 15s)) << err.toStdString();
    const QList<QByteArray> replies = out.trimmed().split('\n');
    ASSERT_EQ(replies.size(), 2) << out.toStdString();
    const QJsonObject refused = QJsonDocument::fromJson(replies.at(0)).object();
    EXPECT_EQ(refused.value(u"id"_s), QJsonValue(2)) << replies.at(0).toStdString();
    EXPECT_EQ(refused.value(u"error"_s).toObject().value(u"code"_s).toInt(), -32600);
    EXPECT_TRUE(
        refused.value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"over the limit"_s))
        << replies.at(0).toStdString();
    EXPECT_EQ(QJsonDocument::fromJson(replies.at(1)).object().value(u"id"_s), QJsonValue(3))
        << replies.at(1).toStdString();
}

// A client that stops reading its stdout: the replies fill the pipe, then the app's own
// bounded buffer; the app gives up with the reason on stderr and exits 1 — it neither blocks
// in a write forever nor grows without bound. Its stdout is a named pipe the test opens and
// never reads.
TEST(McpCommandStdioTest, AClientThatStopsReadingIsGivenUpOnWithTheReason)
{
    const QString fifo = QDir(configDir()).filePath(u"stdout.fifo"_s);
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const int reader = ::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    RawMcpApp raw;
    ASSERT_TRUE(raw.start(fifo));
    auto &[app, out, err] = raw;
    QByteArray requests = initializeRequest(0);
    // Far more replies than the pipe (64 KiB) and the app's limit (16 MiB) hold together.
    for (int i = 1; i <= 4000; ++i)
        requests += R"({"jsonrpc":"2.0","id":)" + QByteArray::number(i)
            + R"(,"method":"tools/list"})"
              "\n";
    app.write(requests);
    // Under the sanitizers the app takes 45–60 s to write the 16 MiB on two busy cores (150 s:
    // under ctest's own limit of 180, so a failure says why).
    const bool exited = waitUntil([&] { return app.state() == QProcess::NotRunning; }, 150s);
    ::close(reader);
    ASSERT_TRUE(exited) << "still running: blocked on its stdout? " << err.toStdString();
    EXPECT_EQ(app.exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(app.exitCode(), 1) << err.toStdString();
    EXPECT_TRUE(err.contains(u"mcp: the client does not read its replies: "_s)) << err.toStdString();
    EXPECT_TRUE(err.contains(u"over the limit of 16777216 bytes; giving up on it; exiting"_s))
        << err.toStdString();
}

TEST(McpCommandStdioTest, BadArgumentsExitWithCode2)
{
    AppRun run({ u"mcp"_s, u"--cdp-port"_s, u"nine"_s });
    EXPECT_EQ(run.finish(), 2);
    EXPECT_TRUE(run.err().contains(u"--cdp-port: 'nine' is not a port number"_s)) << run.dump().toStdString();
    EXPECT_TRUE(run.out().isEmpty());
    AppRun launch({ u"--launch"_s, u"--headless"_s });
    EXPECT_EQ(launch.finish(), 2);
    EXPECT_TRUE(launch.err().contains(u"--launch goes with the mcp command"_s))
        << launch.dump().toStdString();
}

class McpCommandTest : public ChromiumTest
{
protected:
    std::unique_ptr<NodeBridge> startSession(const QString &config = configDir())
    {
        auto session = std::make_unique<NodeBridge>(
            u"mcp-session.mjs"_s,
            QStringList { u"--stdio"_s, appBinary(), u"mcp"_s, u"--cdp-port"_s,
                          QString::number(browser().port()), u"--config-dir"_s, config });
        return session;
    }

    // `path` of the fixture site in a tab of the user's in front (opened over a connection of the
    // test's own); null, with a failure, when it did not open.
    CdpSession *usersPageInFront(const QString &path)
    {
        CdpEndpoint *endpoint = connectEndpoint();
        CdpSession *page = endpoint ? openPageInFront(endpoint, fixtureUrl(path)) : nullptr;
        if (!page)
            ADD_FAILURE() << "the user's page " << path.toStdString() << " did not open";
        return page;
    }

    // A session spawned on `config` and connected to the server; null, with a failure that
    // shows the session's transcript, when it never connected.
    std::unique_ptr<NodeBridge> connectedSession(const QString &config)
    {
        auto session = startSession(config);
        if (!session->waitForEvent(u"connected"_s, 30s)) {
            ADD_FAILURE() << "the SDK never connected: " << session->transcript().toStdString();
            return nullptr;
        }
        return session;
    }

    // Writes `values` to settings.ini in the config dir, as the user would have set them.
    static void writeSettings(const QString &config, const QList<QPair<QString, QVariant>> &values)
    {
        QSettings ini(QDir(config).filePath(u"settings.ini"_s), QSettings::IniFormat);
        for (const auto &[key, value] : values)
            ini.setValue(key, value);
    }

    // The tools the session lists (through the SDK's listTools), by name.
    static QHash<QString, QJsonObject> toolsByName(NodeBridge &session)
    {
        QHash<QString, QJsonObject> tools;
        const QJsonObject listed = ask(session, { { u"op"_s, u"listTools"_s } });
        for (const QJsonValue &tool : listed.value(u"result"_s).toObject().value(u"tools"_s).toArray())
            tools.insert(tool.toObject().value(u"name"_s).toString(), tool.toObject());
        return tools;
    }

    static QJsonObject callTool(NodeBridge &session, const QString &name, const QJsonObject &arguments = {})
    {
        session.send({ { u"op"_s, u"callTool"_s }, { u"name"_s, name }, { u"arguments"_s, arguments } });
        const QJsonObject answer = resultOf(session, u"callTool"_s);
        EXPECT_TRUE(answer.value(u"ok"_s).toBool()) << session.transcript().toStdString();
        return answer.value(u"result"_s).toObject();
    }
};

TEST_F(McpCommandTest, TheSdkSpawnsTheServerAndListsItsTools)
{
    auto session = startSession();
    const auto connected = session->waitForEvent(u"connected"_s, 30s);
    ASSERT_TRUE(connected) << session->transcript().toStdString();
    EXPECT_EQ(connected->value(u"serverInfo"_s).toObject().value(u"name"_s).toString(),
              u"multi-purpose-agent"_s);
    const QJsonObject answer = ask(*session, { { u"op"_s, u"listTools"_s } });
    ASSERT_TRUE(answer.value(u"ok"_s).toBool()) << session->transcript().toStdString();
    const QJsonArray tools = answer.value(u"result"_s).toObject().value(u"tools"_s).toArray();
    for (const QJsonValue &tool : tools) {
        EXPECT_FALSE(tool.toObject().value(u"description"_s).toString().isEmpty());
        EXPECT_EQ(tool.toObject().value(u"inputSchema"_s).toObject().value(u"type"_s).toString(),
                  u"object"_s);
    }
    EXPECT_EQ(session->finish(), 0) << session->transcript().toStdString();
}

// `mcp` alone has no desktop to ask at: the user's tab is refused with how to allow it, and the
// allowed sites of toolkit/allowedSites let the agent in.
TEST_F(McpCommandTest, TheUsersTabNeedsTheUsersConsent)
{
    CdpEndpoint *endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    CdpSession *users = openPage(endpoint, fixtureUrl(u"toolkit/form.html"_s));
    ASSERT_TRUE(users);
    ASSERT_TRUE(sendAndWait(users, u"Page.bringToFront"_s).ok());
    QTemporaryDir config;
    {
        auto session = connectedSession(config.path());
        ASSERT_TRUE(session);
        const QJsonObject refused = callTool(*session, u"snapshot"_s);
        EXPECT_TRUE(refused.value(u"isError"_s).toBool()) << session->transcript().toStdString();
        EXPECT_EQ(
            firstText(refused),
            u"the tab “Toolkit form” (127.0.0.1) is the user's, and no one is at the desktop to allow it: "
            "the user can set toolkit/userTabs=allow, or add 127.0.0.1 to toolkit/allowedSites. Meanwhile "
            "open "
            "a page of your own with open {\"url\": …}"_s);
        EXPECT_EQ(session->finish(), 0) << session->transcript().toStdString();
    }
    writeSettings(config.path(), { { u"toolkit/allowedSites"_s, QStringList { u"127.0.0.1"_s } } });
    auto session = connectedSession(config.path());
    ASSERT_TRUE(session);
    const QJsonObject snapshot = callTool(*session, u"snapshot"_s);
    EXPECT_FALSE(snapshot.value(u"isError"_s).toBool()) << session->transcript().toStdString();
    EXPECT_TRUE(firstText(snapshot).contains(u"Sign up"_s)) << firstText(snapshot).toStdString();
    const QJsonObject tabs = callTool(*session, u"tab"_s, { { u"action"_s, u"list"_s } });
    EXPECT_TRUE(firstText(tabs).contains(u"\"yours\":true"_s)) << firstText(tabs).toStdString();
    EXPECT_EQ(session->finish(), 0) << session->transcript().toStdString();
}

// The verbs the LLM Browser Agent extension grew (find, mouse, drag, scrollintoview) as MCP tools
// with their JSON Schemas, called through the official SDK on the user's page (allowed by
// toolkit/userTabs=allow in the config's settings.ini, as a user of the extension would have it),
// tests/fixtures/toolkit/lba-page.html after the extension's e2e page.
TEST_F(McpCommandTest, TheExtensionsLaterVerbsAreToolsWithSchemas)
{
    CdpSession *users = usersPageInFront(u"toolkit/lba-page.html"_s);
    ASSERT_TRUE(users);
    QTemporaryDir config;
    writeSettings(config.path(), { { u"toolkit/userTabs"_s, u"allow"_s } });
    auto session = connectedSession(config.path());
    ASSERT_TRUE(session);
    const QHash<QString, QJsonObject> tools = toolsByName(*session);
    for (const QString &verb : { u"find"_s, u"mouse"_s, u"drag"_s, u"scrollintoview"_s })
        ASSERT_TRUE(tools.contains(verb)) << verb.toStdString();
    const auto property = [&](const QString &tool, const QString &name) {
        return tools.value(tool)
            .value(u"inputSchema"_s)
            .toObject()
            .value(u"properties"_s)
            .toObject()
            .value(name)
            .toObject();
    };
    EXPECT_EQ(property(u"find"_s, u"locator"_s).value(u"enum"_s).toArray(),
              (QJsonArray { u"role"_s, u"text"_s, u"label"_s, u"placeholder"_s, u"testid"_s, u"alt"_s,
                            u"title"_s }));
    EXPECT_EQ(property(u"mouse"_s, u"action"_s).value(u"enum"_s).toArray(),
              (QJsonArray { u"move"_s, u"down"_s, u"up"_s, u"wheel"_s, u"click"_s }));
    EXPECT_EQ(property(u"drag"_s, u"from"_s).value(u"anyOf"_s).toArray().size(), 2);
    EXPECT_EQ(
        tools.value(u"scrollintoview"_s).value(u"inputSchema"_s).toObject().value(u"required"_s).toArray(),
        QJsonArray { u"ref"_s });
    EXPECT_TRUE(tools.value(u"find"_s).value(u"annotations"_s).toObject().value(u"readOnlyHint"_s).toBool());

    // The snapshot's text begins with the document, as the extension's did.
    const QJsonObject snapshot = callTool(*session, u"snapshot"_s);
    EXPECT_TRUE(firstText(snapshot).startsWith(u"- RootWebArea \"E2E Test Page\"\n"_s))
        << firstText(snapshot).toStdString();

    const auto refFound = [&](const QJsonObject &arguments) {
        const QJsonObject result = callTool(*session, u"find"_s, arguments);
        EXPECT_FALSE(result.value(u"isError"_s).toBool()) << firstText(result).toStdString();
        return QJsonDocument::fromJson(firstText(result).toUtf8()).object().value(u"ref"_s).toString();
    };
    const QString source = refFound({ { u"locator"_s, u"text"_s }, { u"value"_s, u"Drag Source"_s } });
    const QString target = refFound(
        { { u"locator"_s, u"role"_s }, { u"value"_s, u"region"_s }, { u"text"_s, u"Drop Target"_s } });
    const QJsonObject dragged = callTool(*session, u"drag"_s, { { u"from"_s, source }, { u"to"_s, target } });
    EXPECT_FALSE(dragged.value(u"isError"_s).toBool()) << firstText(dragged).toStdString();
    EXPECT_EQ(evaluate(users, u"document.getElementById('drag-result').textContent"_s).toString(),
              u"Dropped: drag-source"_s);

    const QString below = refFound({ { u"locator"_s, u"text"_s }, { u"value"_s, u"Below Fold Button"_s } });
    const QJsonObject scrolled = callTool(*session, u"scrollintoview"_s, { { u"ref"_s, below } });
    EXPECT_FALSE(scrolled.value(u"isError"_s).toBool()) << firstText(scrolled).toStdString();
    EXPECT_GT(evaluate(users, u"window.scrollY"_s).toDouble(), 0);

    const QJsonObject clicked
        = callTool(*session, u"mouse"_s, { { u"action"_s, u"click"_s }, { u"x"_s, 5 }, { u"y"_s, 5 } });
    EXPECT_FALSE(clicked.value(u"isError"_s).toBool()) << firstText(clicked).toStdString();
    const QJsonObject outside
        = callTool(*session, u"mouse"_s, { { u"action"_s, u"move"_s }, { u"x"_s, -1 }, { u"y"_s, 5 } });
    EXPECT_TRUE(outside.value(u"isError"_s).toBool());
    EXPECT_TRUE(firstText(outside).startsWith(u"the point (-1, 5) is outside the viewport"_s))
        << firstText(outside).toStdString();
    const QJsonObject unknown
        = callTool(*session, u"find"_s, { { u"locator"_s, u"css"_s }, { u"value"_s, u"button"_s } });
    EXPECT_TRUE(unknown.value(u"isError"_s).toBool());
    EXPECT_TRUE(firstText(unknown).contains(u"params.locator must be one of role, text, label"_s))
        << firstText(unknown).toStdString();
    EXPECT_EQ(session->finish(), 0) << session->transcript().toStdString();
}

// The DevTools verbs (fill_form, console, network, resize, emulate, pdf) as MCP tools, called
// through the official SDK on the user's page (allowed by toolkit/userTabs=allow).
TEST_F(McpCommandTest, TheDevToolsVerbsAreToolsThroughTheSdk)
{
    CdpSession *users = usersPageInFront(u"toolkit/form.html"_s);
    ASSERT_TRUE(users);
    QTemporaryDir config;
    writeSettings(config.path(),
                  { { u"toolkit/userTabs"_s, u"allow"_s },
                    // held open for the agent's dialog tool
                    { u"toolkit/dialogs"_s, u"agent"_s } });
    auto session = connectedSession(config.path());
    ASSERT_TRUE(session);
    const QHash<QString, QJsonObject> tools = toolsByName(*session);
    for (const QString &verb : { u"fill_form"_s, u"console"_s, u"network"_s, u"resize"_s, u"emulate"_s,
                                 u"pdf"_s, u"dialog"_s, u"trace"_s })
        ASSERT_TRUE(tools.contains(verb)) << verb.toStdString();
    EXPECT_TRUE(
        tools.value(u"console"_s).value(u"annotations"_s).toObject().value(u"readOnlyHint"_s).toBool());
    EXPECT_TRUE(
        tools.value(u"network"_s).value(u"annotations"_s).toObject().value(u"readOnlyHint"_s).toBool());
    EXPECT_FALSE(
        tools.value(u"fill_form"_s).value(u"annotations"_s).toObject().value(u"readOnlyHint"_s).toBool(true));

    const QString snapshot = firstText(callTool(*session, u"snapshot"_s));
    const auto refOf = [&](const QString &needle) {
        static const QRegularExpression ref(u"\\[ref=(e\\d+)\\]"_s);
        for (const QString &line : snapshot.split(u'\n')) {
            if (line.contains(needle))
                return ref.match(line).captured(1);
        }
        return QString();
    };
    const QJsonObject filled = callTool(
        *session, u"fill_form"_s,
        { { u"fields"_s,
            QJsonArray {
                QJsonObject { { u"ref"_s, refOf(u"Full name"_s) }, { u"value"_s, u"Ada Lovelace"_s } },
                QJsonObject { { u"ref"_s, refOf(u"I accept the terms"_s) }, { u"value"_s, true } } } } });
    EXPECT_FALSE(filled.value(u"isError"_s).toBool()) << firstText(filled).toStdString();
    EXPECT_EQ(evaluate(users, u"document.getElementById('name').value"_s).toString(), u"Ada Lovelace"_s);
    EXPECT_TRUE(evaluate(users, u"document.getElementById('terms').checked"_s).toBool());

    callTool(*session, u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/devtools.html"_s).toString() } });
    QString errors;
    EXPECT_TRUE(waitUntil([&] {
        errors = firstText(callTool(*session, u"console"_s, { { u"level"_s, u"error"_s } }));
        return errors.contains(u"Uncaught Error: Error in script"_s);
    })) << errors.toStdString();
    EXPECT_FALSE(errors.contains(u"Hello, world"_s));
    const QString requests = firstText(callTool(*session, u"network"_s, { { u"type"_s, u"Document"_s } }));
    EXPECT_TRUE(requests.contains(u"devtools.html"_s)) << requests.toStdString();

    EXPECT_FALSE(callTool(*session, u"resize"_s, { { u"width"_s, 640 }, { u"height"_s, 480 } })
                     .value(u"isError"_s)
                     .toBool());
    EXPECT_EQ(evaluate(users, u"innerWidth"_s).toInt(), 640);
    callTool(*session, u"emulate"_s, { { u"reset"_s, true } });

    // A confirm held open for the agent: the click says so, the dialog tool answers it.
    callTool(*session, u"open"_s, { { u"url"_s, fixtureUrl(u"toolkit/dialogs.html"_s).toString() } });
    const QString buttons = firstText(callTool(*session, u"snapshot"_s));
    static const QRegularExpression confirmRef(u"button \"Confirm\" \\[ref=(e\\d+)\\]"_s);
    const QJsonObject clicked
        = callTool(*session, u"click"_s, { { u"ref"_s, confirmRef.match(buttons).captured(1) } });
    EXPECT_TRUE(firstText(clicked).contains(u"\"dialogOpen\":true"_s)) << firstText(clicked).toStdString();
    EXPECT_TRUE(firstText(clicked).contains(u"Delete all 12 files?"_s)) << firstText(clicked).toStdString();
    EXPECT_TRUE(callTool(*session, u"snapshot"_s).value(u"isError"_s).toBool())
        << "the page waits for the answer";
    const QJsonObject answered = callTool(*session, u"dialog"_s, { { u"action"_s, u"accept"_s } });
    EXPECT_FALSE(answered.value(u"isError"_s).toBool()) << firstText(answered).toStdString();
    EXPECT_TRUE(firstText(callTool(*session, u"snapshot"_s)).contains(u"confirmed"_s));

    // A trace through the SDK: started, the page reloaded, stopped into the agent's folder.
    EXPECT_FALSE(
        callTool(*session, u"trace"_s, { { u"action"_s, u"start"_s } }).value(u"isError"_s).toBool());
    callTool(*session, u"reload"_s);
    const QJsonObject traced = callTool(*session, u"trace"_s, { { u"action"_s, u"stop"_s } });
    const QJsonObject trace = QJsonDocument::fromJson(firstText(traced).toUtf8()).object();
    EXPECT_TRUE(trace.value(u"path"_s).toString().contains(u"/downloads/mcp-"_s))
        << firstText(traced).toStdString();
    EXPECT_GT(trace.value(u"summary"_s).toObject().value(u"events"_s).toInt(), 0)
        << firstText(traced).toStdString();

    const QJsonObject printed = callTool(*session, u"pdf"_s, { { u"path"_s, u"via-mcp"_s } });
    EXPECT_FALSE(printed.value(u"isError"_s).toBool()) << firstText(printed).toStdString();
    const QString path
        = QJsonDocument::fromJson(firstText(printed).toUtf8()).object().value(u"path"_s).toString();
    EXPECT_TRUE(path.endsWith(u"/via-mcp.pdf"_s) && path.contains(u"/downloads/mcp-"_s))
        << path.toStdString();
    QFile pdf(path);
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly)) << path.toStdString();
    EXPECT_TRUE(pdf.read(5) == "%PDF-");
    EXPECT_EQ(session->finish(), 0) << session->transcript().toStdString();
}

// `mcp --launch` with nothing on the port starts a Chromium of its own (here headless: no
// desktop in the test run), the first tool call waits for it, and it is closed on exit.
TEST_F(McpCommandTest, WithLaunchAndNothingOnThePortItStartsABrowserOfItsOwn)
{
    QTemporaryDir config;
    const quint16 port = unusedPort();
    NodeBridge session(u"mcp-session.mjs"_s,
                       QStringList { u"--stdio"_s, appBinary(), u"mcp"_s, u"--launch"_s, u"--cdp-port"_s,
                                     QString::number(port), u"--config-dir"_s, config.path() });
    ASSERT_TRUE(session.waitForEvent(u"connected"_s, 30s)) << session.transcript().toStdString();
    session.send(
        { { u"op"_s, u"callTool"_s },
          { u"name"_s, u"open"_s },
          { u"arguments"_s, QJsonObject { { u"url"_s, fixtureUrl(u"toolkit/form.html"_s).toString() } } } });
    QJsonObject answer = resultOf(session, u"callTool"_s);
    ASSERT_TRUE(answer.value(u"ok"_s).toBool()) << session.transcript().toStdString();
    EXPECT_FALSE(answer.value(u"result"_s).toObject().value(u"isError"_s).toBool())
        << session.transcript().toStdString();
    session.send({ { u"op"_s, u"callTool"_s }, { u"name"_s, u"snapshot"_s } });
    answer = resultOf(session, u"callTool"_s);
    EXPECT_TRUE(firstText(answer.value(u"result"_s).toObject()).contains(u"Sign up"_s))
        << session.transcript().toStdString();
    EXPECT_TRUE(QFileInfo::exists(QDir(config.path()).filePath(u"browser-profile"_s)));
    EXPECT_EQ(session.finish(30s), 0) << session.transcript().toStdString();
    // Closed with it: nothing answers on the port any more.
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, port);
    EXPECT_FALSE(probe.waitForConnected(2000));
}

// downloads through the SDK: the agent clicks an attachment link in the tab it was let use,
// waits for the file, finds it listed with its path, and the file holds what the server sent.
TEST_F(McpCommandTest, DownloadsAreWaitedForAndListedThroughTheSdk)
{
    const QByteArray sent = QByteArray("%PDF-1.7 not really\n").repeated(4000);
    site().addRoute(u"/files/mcp-invoice.bin"_s,
                    fixedResponse("application/octet-stream", sent,
                                  { { "Content-Disposition", "attachment; filename=invoice.pdf" } }));
    site().addRoute(
        u"/files/mcp-links.html"_s,
        htmlPage("<!doctype html><title>Invoices</title><a href=\"/files/mcp-invoice.bin\">Invoice</a>"));
    ASSERT_TRUE(usersPageInFront(u"files/mcp-links.html"_s));
    QTemporaryDir config;
    writeSettings(config.path(), { { u"toolkit/userTabs"_s, u"allow"_s } });
    auto session = connectedSession(config.path());
    ASSERT_TRUE(session);
    const QJsonObject tool = toolsByName(*session).value(u"downloads"_s);
    ASSERT_FALSE(tool.isEmpty());
    EXPECT_TRUE(tool.value(u"annotations"_s).toObject().value(u"destructiveHint"_s).toBool())
        << "clear deletes files";
    EXPECT_TRUE(
        tool.value(u"inputSchema"_s).toObject().value(u"properties"_s).toObject().contains(u"timeoutMs"_s));

    const QString snapshot = firstText(callTool(*session, u"snapshot"_s));
    static const QRegularExpression ref(u"\\[ref=(e\\d+)\\]"_s);
    QString link;
    for (const QString &line : snapshot.split(u'\n')) {
        if (line.contains(u"Invoice"_s) && line.contains(u"link"_s))
            link = ref.match(line).captured(1);
    }
    ASSERT_FALSE(link.isEmpty()) << snapshot.toStdString();
    EXPECT_FALSE(callTool(*session, u"click"_s, { { u"ref"_s, link } }).value(u"isError"_s).toBool());
    const QJsonObject waited = callTool(*session, u"downloads"_s, { { u"action"_s, u"wait"_s } });
    ASSERT_FALSE(waited.value(u"isError"_s).toBool()) << firstText(waited).toStdString();
    const QJsonObject download
        = QJsonDocument::fromJson(firstText(waited).toUtf8()).object().value(u"download"_s).toObject();
    EXPECT_EQ(download.value(u"state"_s).toString(), u"completed"_s);
    const QString path = download.value(u"path"_s).toString();
    EXPECT_TRUE(path.contains(u"/downloads/mcp-"_s) && path.endsWith(u"/invoice.pdf"_s))
        << path.toStdString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    EXPECT_TRUE(file.readAll() == sent);

    const QJsonArray listed = QJsonDocument::fromJson(firstText(callTool(*session, u"downloads"_s)).toUtf8())
                                  .object()
                                  .value(u"downloads"_s)
                                  .toArray();
    ASSERT_EQ(listed.size(), 1);
    EXPECT_EQ(listed.at(0).toObject().value(u"path"_s).toString(), path);
    const QJsonObject bad
        = callTool(*session, u"downloads"_s, { { u"action"_s, u"wait"_s }, { u"timeoutMs"_s, 100 } });
    EXPECT_TRUE(bad.value(u"isError"_s).toBool());
    EXPECT_TRUE(firstText(bad).contains(u"no download of yours began within 100 ms"_s))
        << firstText(bad).toStdString();
    EXPECT_EQ(session->finish(), 0) << session->transcript().toStdString();
}

// An MCP agent through the official SDK makes an isolated context, signs in there, keeps and
// reads its cookies (no question: nothing there is the user's) and saves the state; the user's
// own cookies stay out of its reach with nobody at the desktop to allow them.
TEST_F(McpCommandTest, AnIsolatedContextsCookiesAndStateThroughTheSdk)
{
    site().addRoute(u"/mcp/sign-in"_s,
                    htmlPage("<!doctype html><title>Signed in</title><p>Hello",
                             { { "Set-Cookie", "mcpsid=mcp-4242; HttpOnly; Path=/" } }));
    CdpEndpoint *endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    QTemporaryDir config;
    auto session = connectedSession(config.path());
    ASSERT_TRUE(session);
    const QHash<QString, QJsonObject> tools = toolsByName(*session);
    for (const QString &name : { u"context"_s, u"cookies"_s, u"storage"_s })
        EXPECT_TRUE(tools.contains(name)) << name.toStdString();

    // In the user's profile the cookies are the user's: refused with nobody to ask.
    ASSERT_FALSE(callTool(*session, u"open"_s,
                          { { u"url"_s, fixtureUrl(u"mcp/sign-in"_s).toString() }, { u"newTab"_s, true } })
                     .value(u"isError"_s)
                     .toBool());
    const QJsonObject refused = callTool(*session, u"cookies"_s);
    EXPECT_TRUE(refused.value(u"isError"_s).toBool());
    EXPECT_TRUE(firstText(refused).contains(u"toolkit/dataSites"_s)) << firstText(refused).toStdString();
    EXPECT_FALSE(firstText(refused).contains(u"mcp-4242"_s));

    const QJsonObject made = callTool(*session, u"context"_s, { { u"action"_s, u"new"_s } });
    ASSERT_FALSE(made.value(u"isError"_s).toBool()) << firstText(made).toStdString();
    ASSERT_FALSE(callTool(*session, u"open"_s, { { u"url"_s, fixtureUrl(u"mcp/sign-in"_s).toString() } })
                     .value(u"isError"_s)
                     .toBool());
    const QJsonObject cookies = callTool(*session, u"cookies"_s);
    ASSERT_FALSE(cookies.value(u"isError"_s).toBool()) << firstText(cookies).toStdString();
    EXPECT_TRUE(firstText(cookies).contains(u"mcp-4242"_s)) << firstText(cookies).toStdString();
    const QJsonObject saved
        = callTool(*session, u"storage"_s, { { u"action"_s, u"save"_s }, { u"name"_s, u"mcp"_s } });
    ASSERT_FALSE(saved.value(u"isError"_s).toBool()) << firstText(saved).toStdString();
    const QString path
        = QJsonDocument::fromJson(firstText(saved).toUtf8()).object().value(u"path"_s).toString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    EXPECT_TRUE(file.readAll().contains("mcp-4242"));
    EXPECT_FALSE(
        callTool(*session, u"context"_s, { { u"action"_s, u"close"_s } }).value(u"isError"_s).toBool());
    EXPECT_EQ(session->finish(), 0) << session->transcript().toStdString();
}

} // namespace
