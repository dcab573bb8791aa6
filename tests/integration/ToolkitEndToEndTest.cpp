// The browser toolkit driven end to end by outside clients against real Chromium: the npm
// "ws" client through the agent WebSocket server of an engine, and the official MCP SDK
// through `multi-purpose-agent mcp` — open a page, snapshot it, click by ref, see the effect,
// and a ref from before a reload refused as stale.
#include "AppRun.h"
#include "HeadlessChromium.h"
#include "NodeBridge.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/ToolkitCommands.h"
#include "engine/Engine.h"
#include "logging/Logging.h"
#include "server/TokenFile.h"
#include "server/ToolkitServerService.h"
#include "settings/Settings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// The ref of the line `- button "NAME" [ref=…]` anywhere in a snapshot reply.
QString refOf(const QString &snapshotJson, const QString &name)
{
    const QRegularExpression line(u"button \\\\?\"%1\\\\?\"[^\\n\\[]*\\[ref=([A-Za-z0-9_]+)\\]"_s.arg(
        QRegularExpression::escape(name)));
    return line.match(snapshotJson).captured(1);
}

QString compact(const QJsonValue &value)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact));
}

class ToolkitEndToEndTest : public ChromiumTest
{
protected:
    // mcp-session.mjs's arguments: the app as an MCP server over stdio on the browser at `cdpPort`.
    static QStringList mcpOverStdio(quint16 cdpPort)
    {
        return { u"--stdio"_s,      appBinary(), u"mcp"_s, u"--cdp-port"_s, QString::number(cdpPort),
                 u"--config-dir"_s, configDir() };
    }
};

TEST_F(ToolkitEndToEndTest, WsClientOpensSnapshotsClicksAndGetsAStaleRefError)
{
    Logging::install({});
    const AppPaths paths = AppPaths::forConfigDir(configDir());
    Settings settings(paths.settingsFile());
    const quint16 port = unusedPort();
    settings.setValue(SettingKey::AgentServerPort, port);
    settings.setValue(SettingKey::AgentServerEnabled, true);
    Engine engine(&settings, paths);
    Engine::Overrides overrides;
    overrides.cdpPort = browser().port();
    engine.setOverrides(overrides);
    engine.start();
    ASSERT_TRUE(engine.toolkitServer()->isListening()) << engine.toolkitServer()->error().toStdString();
    ASSERT_TRUE(waitUntil([&] { return engine.endpoint()->state() == CdpEndpoint::State::Connected; }));

    const QString token = TokenFile(engine.toolkitServer()->tokenFilePath()).read();
    NodeBridge client(u"ws-session.mjs"_s);
    client.send(
        { { u"op"_s, u"connect"_s }, { u"url"_s, u"ws://127.0.0.1:%1/?token=%2"_s.arg(port).arg(token) } });
    ASSERT_TRUE(client.waitForEvent(u"open"_s)) << client.transcript().toStdString();
    auto request = [&](const QString &id, const QString &type, const QJsonObject &params) {
        client.send(
            { { u"op"_s, u"sendJson"_s },
              { u"data"_s, QJsonObject { { u"id"_s, id }, { u"type"_s, type }, { u"params"_s, params } } } });
        const auto event = client.waitFor(
            [&](const QJsonObject &e) {
                return e.value(u"event"_s) == QJsonValue(u"message"_s)
                    && e.value(u"json"_s).toObject().value(u"id"_s) == QJsonValue(id);
            },
            30s);
        return event ? event->value(u"json"_s).toObject() : QJsonObject();
    };

    QJsonObject reply
        = request(u"1"_s, u"open"_s,
                  { { u"url"_s, fixtureUrl(u"agent-counter.html"_s).toString() }, { u"newTab"_s, true } });
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << client.transcript().toStdString();

    reply = request(u"2"_s, u"snapshot"_s, {});
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << client.transcript().toStdString();
    const QString ref = refOf(compact(reply.value(u"data"_s)), u"Add one"_s);
    ASSERT_FALSE(ref.isEmpty()) << compact(reply.value(u"data"_s)).toStdString();

    reply = request(u"3"_s, u"click"_s, { { u"ref"_s, ref } });
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << client.transcript().toStdString();
    reply = request(u"4"_s, u"snapshot"_s, {});
    EXPECT_TRUE(compact(reply.value(u"data"_s)).contains(u"clicked 1 times"_s))
        << compact(reply.value(u"data"_s)).toStdString();

    reply = request(u"5"_s, u"reload"_s, {});
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << client.transcript().toStdString();
    reply = request(u"6"_s, u"click"_s, { { u"ref"_s, ref } });
    EXPECT_FALSE(reply.value(u"success"_s).toBool(true));
    EXPECT_TRUE(
        reply.value(u"error"_s).toString().startsWith(u"Element not found: %1 — stale ref %1"_s.arg(ref)))
        << reply.value(u"error"_s).toString().toStdString();

    // Bad params are refused before the command runs, and the connection stays up.
    reply = request(u"7"_s, u"click"_s, { { u"ref"_s, 3 } });
    EXPECT_FALSE(reply.value(u"success"_s).toBool(true));
    EXPECT_TRUE(reply.value(u"error"_s).toString().startsWith(u"click: params.ref must be a string"_s))
        << reply.value(u"error"_s).toString().toStdString();
    reply = request(u"8"_s, u"snapshot"_s, {});
    EXPECT_TRUE(compact(reply.value(u"data"_s)).contains(u"clicked 0 times"_s))
        << "the reload reset the page";

    // The tab it opened is its own while it is connected, and released when it goes away.
    const CommandCaller agent { u"agent-ws"_s, u"ws-1"_s };
    EXPECT_EQ(engine.toolkit()->tabsOf(agent).size(), 1);
    client.send({ { u"op"_s, u"close"_s } });
    ASSERT_TRUE(client.waitForEvent(u"close"_s));
    EXPECT_TRUE(waitUntil([&] { return engine.toolkit()->tabsOf(agent).isEmpty(); }));
    engine.stop();
}

TEST_F(ToolkitEndToEndTest, McpSdkOpensSnapshotsClicksAndGetsAStaleRefError)
{
    NodeBridge session(u"mcp-session.mjs"_s, mcpOverStdio(browser().port()));
    ASSERT_TRUE(session.waitForEvent(u"connected"_s, 30s)) << session.transcript().toStdString();
    auto call = [&](const QString &op, const QJsonObject &command) {
        QJsonObject c = command;
        c.insert(u"op"_s, op);
        session.send(c);
        const auto answer
            = session.waitFor([&](const QJsonObject &e) { return e.value(u"op"_s).toString() == op; }, 30s);
        return answer ? *answer : QJsonObject();
    };
    auto callTool = [&](const QString &name, const QJsonObject &arguments) {
        const QJsonObject answer
            = call(u"callTool"_s, { { u"name"_s, name }, { u"arguments"_s, arguments } });
        EXPECT_TRUE(answer.value(u"ok"_s).toBool()) << session.transcript().toStdString();
        return answer.value(u"result"_s).toObject();
    };
    auto text = [](const QJsonObject &result) {
        return result.value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString();
    };

    const QJsonObject listed = call(u"listTools"_s, {});
    ASSERT_TRUE(listed.value(u"ok"_s).toBool()) << session.transcript().toStdString();
    QHash<QString, QJsonObject> tools;
    for (const QJsonValue &tool : listed.value(u"result"_s).toObject().value(u"tools"_s).toArray())
        tools.insert(tool.toObject().value(u"name"_s).toString(), tool.toObject());
    for (const QString &name :
         { u"snapshot"_s, u"click"_s, u"fill"_s, u"open"_s, u"tab"_s, u"screenshot"_s }) {
        ASSERT_TRUE(tools.contains(name)) << name.toStdString();
        EXPECT_EQ(tools.value(name).value(u"inputSchema"_s).toObject().value(u"type"_s).toString(),
                  u"object"_s);
    }
    EXPECT_TRUE(tools.value(u"click"_s)
                    .value(u"inputSchema"_s)
                    .toObject()
                    .value(u"properties"_s)
                    .toObject()
                    .contains(u"ref"_s));

    QJsonObject result = callTool(
        u"open"_s, { { u"url"_s, fixtureUrl(u"agent-counter.html"_s).toString() }, { u"newTab"_s, true } });
    ASSERT_FALSE(result.value(u"isError"_s).toBool()) << text(result).toStdString();
    result = callTool(u"snapshot"_s, {});
    ASSERT_FALSE(result.value(u"isError"_s).toBool()) << text(result).toStdString();
    // The lines as they are (no JSON escaping), then the metadata.
    EXPECT_TRUE(text(result).contains(u"button \"Add one\""_s)) << text(result).toStdString();
    EXPECT_TRUE(text(result).contains(u'\n'));
    EXPECT_FALSE(text(result).startsWith(u'{'));
    const QJsonObject meta
        = QJsonDocument::fromJson(
              result.value(u"content"_s).toArray().at(1).toObject().value(u"text"_s).toString().toUtf8())
              .object();
    EXPECT_TRUE(meta.value(u"url"_s).toString().endsWith(u"agent-counter.html"_s))
        << text(result).toStdString();
    EXPECT_TRUE(
        tools.value(u"snapshot"_s).value(u"annotations"_s).toObject().value(u"readOnlyHint"_s).toBool());
    EXPECT_FALSE(
        tools.value(u"click"_s).value(u"annotations"_s).toObject().value(u"readOnlyHint"_s).toBool(true));
    const QString ref = refOf(text(result), u"Add one"_s);
    ASSERT_FALSE(ref.isEmpty()) << text(result).toStdString();

    result = callTool(u"click"_s, { { u"ref"_s, ref } });
    ASSERT_FALSE(result.value(u"isError"_s).toBool()) << text(result).toStdString();
    result = callTool(u"snapshot"_s, {});
    EXPECT_TRUE(text(result).contains(u"clicked 1 times"_s)) << text(result).toStdString();

    result = callTool(u"screenshot"_s, {});
    ASSERT_FALSE(result.value(u"isError"_s).toBool()) << text(result).toStdString();
    bool image = false;
    for (const QJsonValue &c : result.value(u"content"_s).toArray()) {
        if (c.toObject().value(u"type"_s) == QJsonValue(u"image"_s)) {
            image = true;
            EXPECT_EQ(c.toObject().value(u"mimeType"_s).toString(), u"image/png"_s);
            EXPECT_TRUE(QByteArray::fromBase64(c.toObject().value(u"data"_s).toString().toLatin1())
                            .startsWith("\x89PNG"));
        }
    }
    EXPECT_TRUE(image) << "the screenshot comes as image content";

    result = callTool(u"reload"_s, {});
    ASSERT_FALSE(result.value(u"isError"_s).toBool()) << text(result).toStdString();
    result = callTool(u"click"_s, { { u"ref"_s, ref } });
    EXPECT_TRUE(result.value(u"isError"_s).toBool());
    EXPECT_TRUE(text(result).startsWith(u"Element not found: %1 — stale ref %1"_s.arg(ref)))
        << text(result).toStdString();

    EXPECT_EQ(session.finish(), 0) << session.transcript().toStdString();
}

// An MCP client calls a tool right after initialize, while the browser is still starting: the
// call waits for it (bounded) instead of failing with "not connected".
TEST_F(ToolkitEndToEndTest, AToolCalledRightAfterConnectWaitsForABrowserStillStarting)
{
    const quint16 port = unusedPort();
    NodeBridge session(u"mcp-session.mjs"_s, mcpOverStdio(port));
    ASSERT_TRUE(session.waitForEvent(u"connected"_s, 30s)) << session.transcript().toStdString();
    session.send({ { u"op"_s, u"callTool"_s },
                   { u"name"_s, u"open"_s },
                   { u"arguments"_s,
                     QJsonObject { { u"url"_s, fixtureUrl(u"agent-counter.html"_s).toString() },
                                   { u"newTab"_s, true } } } });
    HeadlessChromium late;
    QString error;
    ASSERT_TRUE(late.start(&error, port)) << error.toStdString();
    const auto answer = session.waitFor(
        [](const QJsonObject &e) { return e.value(u"op"_s).toString() == u"callTool"_s; }, 30s);
    ASSERT_TRUE(answer) << session.transcript().toStdString();
    const QJsonObject result = answer->value(u"result"_s).toObject();
    EXPECT_TRUE(answer->value(u"ok"_s).toBool()) << session.transcript().toStdString();
    EXPECT_FALSE(result.value(u"isError"_s).toBool())
        << QJsonDocument(result).toJson(QJsonDocument::Compact).toStdString();
    EXPECT_EQ(session.finish(), 0) << session.transcript().toStdString();
    late.stop();
}

// Nothing answers on the port: the call ends after the wait with how to start a browser.
TEST_F(ToolkitEndToEndTest, WithNoBrowserAToolSaysHowToStartOne)
{
    const quint16 port = unusedPort();
    NodeBridge session(u"mcp-session.mjs"_s, mcpOverStdio(port));
    ASSERT_TRUE(session.waitForEvent(u"connected"_s, 30s)) << session.transcript().toStdString();
    session.send(
        { { u"op"_s, u"callTool"_s }, { u"name"_s, u"snapshot"_s }, { u"arguments"_s, QJsonObject() } });
    const auto answer = session.waitFor(
        [](const QJsonObject &e) { return e.value(u"op"_s).toString() == u"callTool"_s; }, 30s);
    ASSERT_TRUE(answer) << session.transcript().toStdString();
    const QJsonObject result = answer->value(u"result"_s).toObject();
    EXPECT_TRUE(result.value(u"isError"_s).toBool());
    const QString text = result.value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString();
    EXPECT_TRUE(text.startsWith(u"no browser answered at 127.0.0.1:%1 within 10 s"_s.arg(port)))
        << text.toStdString();
    EXPECT_TRUE(text.contains(u"--remote-debugging-port=%1"_s.arg(port))) << text.toStdString();
    EXPECT_EQ(session.finish(), 0) << session.transcript().toStdString();
}

} // namespace
