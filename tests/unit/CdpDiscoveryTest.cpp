#include "cdp/CdpDiscovery.h"

#include "QtPrinters.h"
#include "Wait.h"
#include "cdp/CdpEndpoint.h"
#include "common/LocalWebServer.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

// What Chromium answers (trimmed from a real Chromium 131 /json/version and /json/list).
const QByteArray kVersion = R"json({
   "Browser": "Chrome/131.0.6778.85",
   "Protocol-Version": "1.3",
   "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.6778.85",
   "V8-Version": "13.1.201.9",
   "WebKit-Version": "537.36 (@3d81e41b6f3ac8bcae63b32e8145c9eb0cd60a2d)",
   "webSocketDebuggerUrl": "ws://127.0.0.1:9222/devtools/browser/1c9a1f4e-5e4b-4f43-b5c4-8c1a9c2f9d11"
})json";
const QByteArray kList = R"json([ {
   "description": "",
   "devtoolsFrontendUrl": "/devtools/inspector.html?ws=127.0.0.1:9222/devtools/page/8C4C",
   "id": "8C4C5A4C7E1F0F8B3E2F1C0D9A8B7C6D",
   "title": "about:blank",
   "type": "page",
   "url": "about:blank",
   "webSocketDebuggerUrl": "ws://127.0.0.1:9222/devtools/page/8C4C5A4C7E1F0F8B3E2F1C0D9A8B7C6D"
}, {
   "id": "F00D",
   "title": "held by another debugger",
   "type": "page",
   "url": "https://example.org/"
} ])json";
// A web dev server with an SPA fallback answers every path with its index page.
const QByteArray kSpaIndex
    = "<!doctype html><html><head><title>My app</title></head><body><div id=root></div></body></html>";

} // namespace

TEST(CdpDiscoveryTest, ReadsChromiumsVersionAndList)
{
    QString error;
    const auto version = CdpDiscovery::parseVersion(kVersion, &error);
    ASSERT_TRUE(version) << error.toStdString();
    EXPECT_EQ(version->browser, u"Chrome/131.0.6778.85"_s);
    EXPECT_EQ(version->protocolVersion, u"1.3"_s);
    EXPECT_TRUE(version->browserLevel());

    const auto list = CdpDiscovery::parseList(kList, &error);
    ASSERT_TRUE(list) << error.toStdString();
    ASSERT_EQ(list->size(), 2);
    EXPECT_EQ(list->at(0).info.targetId, u"8C4C5A4C7E1F0F8B3E2F1C0D9A8B7C6D"_s);
    EXPECT_EQ(list->at(0).info.type, u"page"_s);
    EXPECT_TRUE(list->at(0).attachable());
    EXPECT_FALSE(list->at(1).attachable());
}

TEST(CdpDiscoveryTest, AnEndpointWithoutABrowserLevelTargetIsStillOne)
{
    // Electron apps and some embedders answer /json/version without webSocketDebuggerUrl.
    const auto version
        = CdpDiscovery::parseVersion(R"({"Browser": "Electron/30.0.0", "Protocol-Version": "1.3"})");
    ASSERT_TRUE(version);
    EXPECT_FALSE(version->browserLevel());
}

TEST(CdpDiscoveryTest, AnswersThatAreNotDevToolsAreRefusedWithTheReason)
{
    QString error;
    EXPECT_FALSE(CdpDiscovery::parseVersion(kSpaIndex, &error));
    EXPECT_EQ(error, u"the answer is not a DevTools endpoint (/json/version is an HTML page)"_s);
    EXPECT_FALSE(CdpDiscovery::parseVersion("{}", &error));
    EXPECT_TRUE(error.contains(u"names no Browser or Protocol-Version"_s)) << error.toStdString();
    EXPECT_FALSE(CdpDiscovery::parseVersion(R"({"status": "ok", "version": "2.1"})", &error));
    EXPECT_FALSE(CdpDiscovery::parseVersion("", &error));
    EXPECT_TRUE(error.contains(u"an empty answer"_s)) << error.toStdString();

    EXPECT_FALSE(CdpDiscovery::parseList(kSpaIndex, &error));
    EXPECT_TRUE(error.contains(u"/json/list is an HTML page"_s)) << error.toStdString();
    EXPECT_FALSE(CdpDiscovery::parseList(R"({"targets": []})", &error));
    EXPECT_TRUE(error.contains(u"not a JSON array"_s)) << error.toStdString();
    EXPECT_FALSE(CdpDiscovery::parseList(R"([{"title": "no id"}])", &error));
    EXPECT_TRUE(error.contains(u"has no id"_s)) << error.toStdString();
    const auto empty = CdpDiscovery::parseList("[]", &error);
    ASSERT_TRUE(empty);
    EXPECT_TRUE(empty->isEmpty());
}

// The endpoint used to take any HTTP 200 for a browser: a dev server on the port turned the
// tray green with zero pages. Now it stays unconnected and says why.
TEST(CdpDiscoveryTest, TheEndpointDoesNotConnectToAWebServerWithAnSpaFallback)
{
    LocalWebServer server;
    const auto index = [](const QString &, const QString &) {
        return LocalWebServer::Response { 200, "text/html; charset=utf-8", kSpaIndex, {} };
    };
    server.addRoute(u"/json/version"_s, index);
    server.addRoute(u"/json/list"_s, index);
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();

    CdpEndpoint endpoint;
    endpoint.setAddress(u"127.0.0.1"_s, server.port());
    bool connected = false;
    QObject::connect(&endpoint, &CdpEndpoint::connected, &endpoint, [&] { connected = true; });
    endpoint.start();
    ASSERT_TRUE(test::waitUntil([&] { return !endpoint.lastError().isEmpty(); }));
    EXPECT_FALSE(connected);
    EXPECT_NE(endpoint.state(), CdpEndpoint::State::Connected);
    EXPECT_TRUE(endpoint.lastError().contains(u"not a DevTools endpoint"_s))
        << endpoint.lastError().toStdString();
    endpoint.stop();
}
