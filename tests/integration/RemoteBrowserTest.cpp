// Remote browser services through `mcp --cdp-url`, driven by the official MCP SDK over stdio
// (tests/npm/mcp-session.mjs) as an agent's client would: a real Browserless (npm
// @browserless.io/browserless, one fresh browser per connection, token in the URL; its routes
// and 401 as its own source and docs describe them), a real Chromium reachable only through its
// browser-level WebSocket (the /json/* endpoints hidden behind a proxy, as Selenium Grid's se:cdp
// and cloud services offer it), and the bad addresses a user may give.
#include "AppRun.h"
#include "Browserless.h"
#include "HeadlessChromium.h"
#include "NodeBridge.h"
#include "RawHttp.h"
#include "TestEnvironment.h"
#include "TlsTestServer.h"
#include "Wait.h"
#include "WebSocketOnlyProxy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const QString kToken = u"remote-token-4711"_s;

class RemoteBrowserTest : public ChromiumTest
{
protected:
    // `mcp --cdp-url URL [extra…]` under the SDK's StdioClientTransport, connected.
    std::unique_ptr<NodeBridge> startMcp(const QString &url, const QStringList &extra = {})
    {
        QStringList args { u"--stdio"_s, appBinary(), u"mcp"_s, u"--cdp-url"_s, url };
        args += extra;
        args += { u"--config-dir"_s, m_config.path() };
        auto session = std::make_unique<NodeBridge>(u"mcp-session.mjs"_s, args);
        const auto connected = session->waitForEvent(u"connected"_s, 30s);
        EXPECT_TRUE(connected) << session->transcript().toStdString();
        return session;
    }

    // The SDK's callTool: the tool result ({content, isError}).
    static QJsonObject callTool(NodeBridge &session, const QString &name, const QJsonObject &arguments = {},
                                std::chrono::milliseconds timeout = 60s)
    {
        session.send({ { u"op"_s, u"callTool"_s }, { u"name"_s, name }, { u"arguments"_s, arguments } });
        const auto answer = session.waitFor(
            [](const QJsonObject &e) { return e.value(u"op"_s).toString() == u"callTool"_s; }, timeout);
        EXPECT_TRUE(answer && answer->value(u"ok"_s).toBool()) << session.transcript().toStdString();
        return answer ? answer->value(u"result"_s).toObject() : QJsonObject();
    }

    static QString text(const QJsonObject &toolResult)
    {
        QString all;
        for (const QJsonValue &part : toolResult.value(u"content"_s).toArray())
            all += part.toObject().value(u"text"_s).toString() + u'\n';
        return all;
    }

    // The ref of `- button "NAME" [ref=…]` in a snapshot's text.
    static QString refOf(const QString &snapshot, const QString &name)
    {
        const QRegularExpression line(
            u"button \"%1\"[^\\n\\[]*\\[ref=([A-Za-z0-9_]+)\\]"_s.arg(QRegularExpression::escape(name)));
        return line.match(snapshot).captured(1);
    }

    // open the counter page, snapshot, click its button, and see the click in the next snapshot.
    static void openSnapshotAndClick(NodeBridge &session)
    {
        const QJsonObject opened
            = callTool(session, u"open"_s, { { u"url"_s, fixtureUrl(u"agent-counter.html"_s).toString() } });
        ASSERT_FALSE(opened.value(u"isError"_s).toBool()) << text(opened).toStdString();
        QJsonObject snapshot = callTool(session, u"snapshot"_s);
        ASSERT_FALSE(snapshot.value(u"isError"_s).toBool()) << text(snapshot).toStdString();
        const QString ref = refOf(text(snapshot), u"Add one"_s);
        ASSERT_FALSE(ref.isEmpty()) << text(snapshot).toStdString();
        const QJsonObject clicked = callTool(session, u"click"_s, { { u"ref"_s, ref } });
        ASSERT_FALSE(clicked.value(u"isError"_s).toBool()) << text(clicked).toStdString();
        snapshot = callTool(session, u"snapshot"_s);
        EXPECT_TRUE(text(snapshot).contains(u"clicked 1 times"_s)) << text(snapshot).toStdString();
    }

    // A browser-level WebSocket URL of the suite's Chromium (from its /json/version).
    static QString browserWebSocketPath()
    {
        const RawHttpReply reply
            = rawHttp(browser().port(), httpRequest("GET", "/json/version", browser().port()));
        return QUrl(reply.json.value(u"webSocketDebuggerUrl"_s).toString()).path();
    }

    QTemporaryDir m_config;
};

TEST_F(RemoteBrowserTest, BrowserlessServesOpenSnapshotAndClickOnOneKeptConnection)
{
    SKIP_WITHOUT_BROWSERLESS();
    Browserless service;
    ASSERT_TRUE(service.start(kToken)) << service.error().toStdString();
    auto session = startMcp(service.webSocketUrl().toString());
    openSnapshotAndClick(*session);
    const QString log = session->stderrText() + session->transcript();
    EXPECT_TRUE(
        log.contains(u"keeping this one connection to ws://127.0.0.1:%1/ (token hidden) for the whole "
                     "session"_s.arg(service.port())))
        << log.toStdString();
    EXPECT_FALSE(log.contains(kToken)) << "the token never reaches the log";
    EXPECT_EQ(session->finish(30s), 0) << session->transcript().toStdString();
}

TEST_F(RemoteBrowserTest, AWrongTokenIsRefusedWithTheServicesOwn401InPlainWords)
{
    SKIP_WITHOUT_BROWSERLESS();
    Browserless service;
    ASSERT_TRUE(service.start(kToken)) << service.error().toStdString();
    const QString wrong = u"not-the-token-0815"_s;
    auto session = startMcp(service.webSocketUrl(wrong).toString());
    const QJsonObject refused = callTool(*session, u"snapshot"_s);
    EXPECT_TRUE(refused.value(u"isError"_s).toBool());
    EXPECT_TRUE(text(refused).contains(u"the service refused the credentials (HTTP 401"_s))
        << text(refused).toStdString();
    EXPECT_TRUE(text(refused).contains(u"the token in the URL or the --cdp-header is wrong or missing"_s))
        << text(refused).toStdString();
    EXPECT_TRUE(text(refused).startsWith(
        u"cannot use the remote browser at ws://127.0.0.1:%1/"_s.arg(service.port())))
        << "said at once, not after the wait for a browser: " << text(refused).toStdString();
    const QJsonObject again = callTool(*session, u"snapshot"_s);
    EXPECT_TRUE(text(again).contains(u"the service refused the credentials (HTTP 401"_s))
        << text(again).toStdString();
    EXPECT_EQ(session->finish(30s), 0) << session->transcript().toStdString();
    EXPECT_FALSE(session->transcript().contains(wrong)) << "a wrong token is still a secret";
    // Knocking again with the same token would be refused the same way (and looks like an attack).
    const QString log = session->stderrText() + session->transcript();
    EXPECT_EQ(log.count(u"not trying again"_s), 1) << log.toStdString();
}

TEST_F(RemoteBrowserTest, ARestartedServiceIsReconnectedAndTheAgentToldItsTabsAreGone)
{
    SKIP_WITHOUT_BROWSERLESS();
    Browserless service;
    ASSERT_TRUE(service.start(kToken)) << service.error().toStdString();
    auto session = startMcp(service.webSocketUrl().toString());
    const QJsonObject opened
        = callTool(*session, u"open"_s, { { u"url"_s, fixtureUrl(u"agent-counter.html"_s).toString() } });
    ASSERT_FALSE(opened.value(u"isError"_s).toBool()) << text(opened).toStdString();
    ASSERT_TRUE(text(callTool(*session, u"snapshot"_s)).contains(u"Add one"_s));

    service.stop();
    ASSERT_TRUE(waitUntil([&] { return session->transcript().contains(u"lost the browser"_s); }, 20s))
        << session->transcript().toStdString();
    ASSERT_TRUE(service.start(kToken)) << service.error().toStdString();

    // The next call reconnects (to a fresh browser) and says what happened.
    const QJsonObject told = callTool(*session, u"snapshot"_s);
    EXPECT_TRUE(text(told).contains(u"the remote browser was replaced: tabs are gone"_s))
        << text(told).toStdString() << session->transcript().toStdString();
    // Said once; the agent goes on in a new tab.
    openSnapshotAndClick(*session);
    EXPECT_EQ(session->finish(30s), 0) << session->transcript().toStdString();
}

TEST_F(RemoteBrowserTest, ABrowserLevelWebSocketAloneServesSnapshotAndClick)
{
    WebSocketOnlyProxy proxy(browser().port());
    ASSERT_TRUE(proxy.listen());
    // The proxy hides /json/*: the evidence that nothing but the socket is used.
    EXPECT_EQ(rawHttp(proxy.port(), httpRequest("GET", "/json/version", proxy.port())).status, 404);
    const QString path = browserWebSocketPath();
    ASSERT_TRUE(path.startsWith(u"/devtools/browser/"_s)) << path.toStdString();
    auto session = startMcp(u"ws://127.0.0.1:%1%2"_s.arg(proxy.port()).arg(path));
    openSnapshotAndClick(*session);
    EXPECT_EQ(proxy.refusedRequests(), 1) << "only the test's own /json/version was refused";
    EXPECT_EQ(proxy.forwardedSockets(), 1) << "one browser-level socket for the whole session";
    EXPECT_EQ(session->finish(30s), 0) << session->transcript().toStdString();
}

TEST_F(RemoteBrowserTest, AnHttpAddressThatIsNoBrowserIsSaidSo)
{
    // The fixture site answers HTTP, and 404 for /json/version: a web server, not a browser.
    auto session = startMcp(u"http://127.0.0.1:%1"_s.arg(site().port()));
    const QJsonObject refused = callTool(*session, u"snapshot"_s);
    EXPECT_TRUE(refused.value(u"isError"_s).toBool());
    EXPECT_TRUE(text(refused).contains(
        u"it answers HTTP but is not a browser's debugging endpoint (HTTP 404 for /json/version)"_s))
        << text(refused).toStdString();
    EXPECT_EQ(session->finish(30s), 0) << session->transcript().toStdString();
}

TEST_F(RemoteBrowserTest, AnUnreachableAddressIsSaidSo)
{
    const quint16 port = unusedPort();
    auto session = startMcp(u"ws://127.0.0.1:%1/devtools/browser/x"_s.arg(port));
    const QJsonObject refused = callTool(*session, u"snapshot"_s);
    EXPECT_TRUE(refused.value(u"isError"_s).toBool());
    EXPECT_TRUE(
        text(refused).contains(u"no browser answered at ws://127.0.0.1:%1/devtools/browser/x"_s.arg(port)))
        << text(refused).toStdString();
    EXPECT_TRUE(text(refused).contains(u"Connection refused"_s, Qt::CaseInsensitive))
        << text(refused).toStdString();
    EXPECT_EQ(session->finish(30s), 0) << session->transcript().toStdString();
}

TEST_F(RemoteBrowserTest, ASelfSignedCertificateIsRefusedAndSaid)
{
    QTemporaryDir dir;
    QSslCertificate certificate;
    QSslKey key;
    QString error;
    ASSERT_TRUE(TlsTestServer::makeCertificate(dir.path(), &certificate, &key, &error))
        << error.toStdString();
    TlsTestServer server(certificate, key, [](const TlsTestServer::Request &) {
        return TlsTestServer::Response { 404, "not a browser", "text/plain" };
    });
    ASSERT_TRUE(server.listenOnLoopback());
    auto session = startMcp(u"wss://127.0.0.1:%1/devtools/browser/x"_s.arg(server.serverPort()));
    const QJsonObject refused = callTool(*session, u"snapshot"_s);
    EXPECT_TRUE(refused.value(u"isError"_s).toBool());
    EXPECT_TRUE(text(refused).contains(u"the certificate of 127.0.0.1 is not trusted"_s))
        << text(refused).toStdString();
    EXPECT_TRUE(text(refused).contains(u"self-signed"_s, Qt::CaseInsensitive)) << text(refused).toStdString();
    EXPECT_TRUE(server.requests().isEmpty()) << "nothing is sent over a connection that is not trusted";
    EXPECT_EQ(session->finish(30s), 0) << session->transcript().toStdString();
}

TEST(RemoteBrowserArgumentsTest, BadUrlsAndHeadersExitWithCode2AndSayWhatWasWrong)
{
    const struct
    {
        QStringList args;
        QString said;
    } cases[] = {
        { { u"mcp"_s, u"--cdp-url"_s, u"ftp://example.com/browser"_s },
          u"--cdp-url: 'ftp://' is not a browser's address: give a ws:// or wss:// WebSocket"_s },
        { { u"mcp"_s, u"--cdp-url"_s, u"ws:///devtools/browser/1"_s },
          u"--cdp-url: 'ws:///devtools/browser/1' names no host"_s },
        { { u"run"_s, u"do it"_s, u"--cdp-url"_s, u"127.0.0.1:3000"_s }, u"is not a browser's address"_s },
        { { u"mcp"_s, u"--cdp-url"_s, u"ws://127.0.0.1:3000"_s, u"--cdp-header"_s, u"Authorization:"_s },
          u"--cdp-header: the header Authorization has no value: write it as \"Authorization: value\""_s },
        { { u"mcp"_s, u"--cdp-url"_s, u"ws://127.0.0.1:3000"_s, u"--cdp-header"_s, u"Bearer abc"_s },
          u"--cdp-header: 'Bearer abc' is not a header: write it as \"Name: value\""_s },
        { { u"mcp"_s, u"--cdp-header"_s, u"Authorization: Bearer abc"_s },
          u"--cdp-header goes with --cdp-url"_s },
        { { u"mcp"_s, u"--cdp-url"_s, u"ws://127.0.0.1:3000"_s, u"--cdp-port"_s, u"9222"_s },
          u"--cdp-url: give it alone, without --cdp-host, --cdp-port or --launch"_s },
        { { u"--headless"_s, u"--cdp-url"_s, u"ws://127.0.0.1:3000"_s },
          u"--cdp-url and --cdp-header go with the mcp and run commands"_s },
    };
    for (const auto &c : cases) {
        AppRun run(c.args);
        EXPECT_EQ(run.finish(), 2) << run.dump().toStdString();
        EXPECT_TRUE(run.err().contains(c.said)) << run.dump().toStdString();
        EXPECT_TRUE(run.out().isEmpty()) << run.dump().toStdString();
    }
}

} // namespace
