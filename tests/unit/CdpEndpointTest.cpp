#include "cdp/CdpEndpoint.h"

#include "FakeCdpTransport.h"
#include "FakeClock.h"
#include "QtPrinters.h"
#include "Wait.h"
#include "common/LocalWebServer.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QPointer>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class CdpEndpointTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        browser = connectToFakeBrowser(endpoint, transports);
        ASSERT_TRUE(browser);
    }

    void attach(const QString &sessionId, const QJsonObject &info, const QString &parentSession = {})
    {
        browser->receive(attachedToTargetEvent(sessionId, info, parentSession));
    }

    CdpEndpoint endpoint;
    QList<QPointer<FakeCdpTransport>> transports;
    FakeCdpTransport *browser = nullptr;
};

TEST_F(CdpEndpointTest, WatchesTargetsWithFlattenedAutoAttach)
{
    const QJsonObject discover = browser->lastSent(u"Target.setDiscoverTargets"_s);
    EXPECT_TRUE(discover.value(u"params").toObject().value(u"discover").toBool());
    const QJsonObject params = browser->lastSent(u"Target.setAutoAttach"_s).value(u"params").toObject();
    EXPECT_TRUE(params.value(u"autoAttach").toBool());
    EXPECT_TRUE(params.value(u"flatten").toBool());
    EXPECT_FALSE(params.value(u"waitForDebuggerOnStart").toBool());
}

TEST_F(CdpEndpointTest, PagesAndTheirFramesBecomeSessions)
{
    QSignalSpy attached(&endpoint, &CdpEndpoint::sessionAttached);
    attach(u"P1"_s, fakeTargetInfo(u"T1"_s, u"page"_s, u"https://example.test/"_s, u"Example"_s));
    attach(u"F1"_s, fakeTargetInfo(u"T2"_s, u"iframe"_s, u"https://other.test/frame"_s), u"P1"_s);
    ASSERT_EQ(attached.count(), 2);

    CdpSession *page = endpoint.sessionForTarget(u"T1"_s);
    CdpSession *frame = endpoint.sessionForTarget(u"T2"_s);
    ASSERT_TRUE(page && frame);
    EXPECT_TRUE(page->isPage());
    EXPECT_FALSE(frame->isPage());
    EXPECT_EQ(frame->parentSession(), page);
    EXPECT_EQ(frame->pageSession(), page);
    EXPECT_EQ(endpoint.pageSessions(), QList<CdpSession *> { page });

    // Each attached target is asked to auto-attach its own out-of-process frames.
    bool pageAutoAttach = false;
    for (const QJsonObject &m : browser->sent()) {
        if (m.value(u"method").toString() == u"Target.setAutoAttach"_s
            && m.value(u"sessionId").toString() == u"P1"_s)
            pageAutoAttach = true;
    }
    EXPECT_TRUE(pageAutoAttach);

    // Commands go out with the session id; answers come back to the caller.
    std::optional<CdpResult> result;
    QObject context;
    frame->send(u"Runtime.evaluate"_s, {}, &context, [&](const CdpResult &r) { result = r; });
    const QJsonObject sent = browser->lastSent(u"Runtime.evaluate"_s);
    EXPECT_EQ(sent.value(u"sessionId").toString(), u"F1"_s);
    browser->respond(sent.value(u"id").toInt(), { { u"x"_s, 1 } }, u"F1"_s);
    ASSERT_TRUE(result && result->ok());
}

TEST_F(CdpEndpointTest, ReachedWithoutJsonVersionTheBrowserTellsItsUserAgentThroughBrowserGetVersion)
{
    // connectToBrowser skips /json/version: the user agent (the browser's OS, for Cmd or Ctrl)
    // comes from Browser.getVersion, answered as the DevTools protocol documents it.
    attach(u"P1"_s, fakeTargetInfo(u"T1"_s, u"page"_s, u"https://example.test/"_s));
    CdpSession *page = endpoint.sessionForTarget(u"T1"_s);
    ASSERT_TRUE(page);
    EXPECT_EQ(page->browserUserAgent(), QString()) << "not known before the browser answers";
    const QJsonObject asked = browser->lastSent(u"Browser.getVersion"_s);
    ASSERT_FALSE(asked.isEmpty());
    EXPECT_FALSE(asked.contains(u"sessionId"_s)) << "a browser-level command";
    const QString mac
        = u"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/131.0.0.0 Safari/537.36"_s;
    browser->respond(asked.value(u"id").toInt(),
                     { { u"protocolVersion"_s, u"1.3"_s },
                       { u"product"_s, u"Chrome/131.0.0.0"_s },
                       { u"revision"_s, u"@a21ce95c"_s },
                       { u"userAgent"_s, mac },
                       { u"jsVersion"_s, u"13.1"_s } });
    EXPECT_EQ(endpoint.userAgent(), mac);
    EXPECT_EQ(page->browserUserAgent(), mac) << "a session attached before the answer learns it too";
    attach(u"P2"_s, fakeTargetInfo(u"T2"_s, u"page"_s, u"https://example.test/2"_s));
    ASSERT_TRUE(endpoint.sessionForTarget(u"T2"_s));
    EXPECT_EQ(endpoint.sessionForTarget(u"T2"_s)->browserUserAgent(), mac);
}

TEST_F(CdpEndpointTest, FilteredTargetsAreDetachedAtOnce)
{
    QSignalSpy attached(&endpoint, &CdpEndpoint::sessionAttached);
    attach(u"D1"_s, fakeTargetInfo(u"T9"_s, u"page"_s, u"devtools://devtools/bundled/inspector.html"_s));
    EXPECT_EQ(attached.count(), 0);
    const QJsonObject detach = browser->lastSent(u"Target.detachFromTarget"_s);
    EXPECT_EQ(detach.value(u"params").toObject().value(u"sessionId").toString(), u"D1"_s);
}

TEST_F(CdpEndpointTest, EventsReachTheirSessionAndUnknownSessionsAreDropped)
{
    attach(u"P1"_s, fakeTargetInfo(u"T1"_s, u"page"_s, u"https://example.test/"_s));
    CdpSession *page = endpoint.sessionForTarget(u"T1"_s);
    QSignalSpy events(page, &CdpSession::eventReceived);
    browser->receive({ { u"method"_s, u"Page.loadEventFired"_s },
                       { u"sessionId"_s, u"P1"_s },
                       { u"params"_s, QJsonObject() } });
    browser->receive({ { u"method"_s, u"Page.loadEventFired"_s },
                       { u"sessionId"_s, u"NOPE"_s },
                       { u"params"_s, QJsonObject() } });
    EXPECT_EQ(events.count(), 1);
    EXPECT_EQ(endpoint.unknownSessionEvents(), 1);
    EXPECT_TRUE(endpoint.isConnected());
}

TEST_F(CdpEndpointTest, DetachingAPageDetachesItsFramesFirst)
{
    attach(u"P1"_s, fakeTargetInfo(u"T1"_s, u"page"_s, u"https://example.test/"_s));
    attach(u"F1"_s, fakeTargetInfo(u"T2"_s, u"iframe"_s, u"https://other.test/"_s), u"P1"_s);
    QPointer<CdpSession> page = endpoint.sessionForTarget(u"T1"_s);
    QPointer<CdpSession> frame = endpoint.sessionForTarget(u"T2"_s);
    QList<QString> order;
    QObject::connect(&endpoint, &CdpEndpoint::sessionDetached, &endpoint,
                     [&](CdpSession *s) { order.append(s->targetId()); });
    browser->receive(
        { { u"method"_s, u"Target.detachedFromTarget"_s },
          { u"params"_s, QJsonObject { { u"sessionId"_s, u"P1"_s }, { u"targetId"_s, u"T1"_s } } } });
    EXPECT_EQ(order, (QList<QString> { u"T2"_s, u"T1"_s }));
    EXPECT_TRUE(endpoint.sessions().isEmpty());
    ASSERT_TRUE(frame);
    EXPECT_FALSE(frame->isAttached());

    // A detached session fails commands at once (from the event loop) with a clear error.
    std::optional<CdpResult> result;
    QObject context;
    frame->send(u"Runtime.evaluate"_s, {}, &context, [&](const CdpResult &r) { result = r; });
    ASSERT_TRUE(waitUntil([&] { return result.has_value(); }));
    EXPECT_EQ(result->error.kind, CdpError::Kind::Transport);
    EXPECT_TRUE(result->error.message.contains(u"is gone"_s)) << result->error.message.toStdString();
    // Detached sessions are deleted later (deferred deletes run when the loop that posted
    // them resumes, so the test runs them here).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    EXPECT_TRUE(!page && !frame);
}

TEST_F(CdpEndpointTest, CrashIsReportedOnTheSession)
{
    attach(u"P1"_s, fakeTargetInfo(u"T1"_s, u"page"_s, u"https://example.test/"_s));
    CdpSession *page = endpoint.sessionForTarget(u"T1"_s);
    QSignalSpy crashed(page, &CdpSession::crashed);
    browser->receive(
        { { u"method"_s, u"Target.targetCrashed"_s },
          { u"params"_s, QJsonObject { { u"targetId"_s, u"T1"_s }, { u"status"_s, u"crashed"_s } } } });
    EXPECT_EQ(crashed.count(), 1);
    EXPECT_TRUE(page->hasCrashed());
}

TEST_F(CdpEndpointTest, TitleAndUrlChangesAreTracked)
{
    attach(u"P1"_s, fakeTargetInfo(u"T1"_s, u"page"_s, u"https://example.test/"_s, u"Old"_s));
    QSignalSpy changed(&endpoint, &CdpEndpoint::sessionInfoChanged);
    browser->receive({ { u"method"_s, u"Target.targetInfoChanged"_s },
                       { u"params"_s,
                         QJsonObject { { u"targetInfo"_s,
                                         fakeTargetInfo(u"T1"_s, u"page"_s, u"https://example.test/b"_s,
                                                        u"New"_s) } } } });
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(endpoint.sessionForTarget(u"T1"_s)->targetInfo().title, u"New"_s);
}

TEST_F(CdpEndpointTest, LosingTheBrowserDetachesEverythingAndRetries)
{
    attach(u"P1"_s, fakeTargetInfo(u"T1"_s, u"page"_s, u"https://example.test/"_s));
    QSignalSpy detached(&endpoint, &CdpEndpoint::sessionDetached);
    QSignalSpy disconnected(&endpoint, &CdpEndpoint::disconnected);
    browser->dropConnection(u"browser closed"_s);
    EXPECT_EQ(detached.count(), 1);
    EXPECT_EQ(disconnected.count(), 1);
    EXPECT_EQ(endpoint.state(), CdpEndpoint::State::Retrying);
    EXPECT_TRUE(endpoint.sessions().isEmpty());
    endpoint.stop();
    EXPECT_EQ(endpoint.state(), CdpEndpoint::State::Stopped);
}

// ---- time: the retries and the list poll run on the endpoint's Clock ----

// A loopback HTTP server that counts what the endpoint asks it. /ping is the test's own:
// answered after every request that reached the server before it.
class CountingServer
{
public:
    explicit CountingServer(QByteArray version, QByteArray list = {})
    {
        const auto answer = [](int *count, QByteArray body, QByteArray type) {
            return [count, body = std::move(body), type = std::move(type)](const QString &, const QString &) {
                ++*count;
                return LocalWebServer::Response { 200, type, body, {} };
            };
        };
        server.addRoute(u"/json/version"_s, answer(&versions, std::move(version), "application/json"));
        server.addRoute(u"/json/list"_s, answer(&lists, std::move(list), "application/json"));
        server.addRoute(u"/ping"_s, answer(&pings, "pong", "text/plain"));
        network.setProxy(QNetworkProxy::NoProxy);
    }

    // One round trip of the test's own: the requests the endpoint sent before it are served.
    bool ping()
    {
        QNetworkReply *reply
            = network.get(QNetworkRequest(QUrl(u"http://127.0.0.1:%1/ping"_s.arg(server.port()))));
        const bool answered = waitForSignal(reply, &QNetworkReply::finished);
        reply->deleteLater();
        return answered && reply->error() == QNetworkReply::NoError;
    }

    LocalWebServer server;
    QNetworkAccessManager network;
    int versions = 0;
    int lists = 0;
    int pings = 0;
};

QDateTime clockStart()
{
    return QDateTime(QDate(2026, 3, 2), QTime(9, 0), QTimeZone::utc());
}

TEST(CdpEndpointClockTest, ARetryComesWhenTheClockReachesItsDelayNotBefore)
{
    // A web page, not a browser: every discovery fails and the endpoint retries with backoff.
    CountingServer http("<!doctype html><title>not a browser</title>");
    ASSERT_TRUE(http.server.listen()) << http.server.errorString().toStdString();
    FakeClock clock(clockStart());
    CdpEndpoint endpoint(nullptr, &clock);
    endpoint.setAddress(u"127.0.0.1"_s, http.server.port());
    endpoint.setRetryDelays(250ms, 1000ms);
    endpoint.start();
    // The first failure arms the retry on the clock (and nothing else is armed).
    ASSERT_TRUE(waitUntil([&] { return http.versions == 1 && clock.armedTimers() == 1; }))
        << "versions asked: " << http.versions;
    EXPECT_EQ(endpoint.state(), CdpEndpoint::State::Retrying);

    for (const auto delay : { 250ms, 500ms, 1000ms, 1000ms }) {
        const int asked = http.versions;
        clock.advance(delay - 1ms);
        EXPECT_EQ(clock.armedTimers(), 1) << "the retry after " << delay.count() << " ms came early";
        ASSERT_TRUE(http.ping());
        EXPECT_EQ(http.versions, asked) << "asked again before " << delay.count() << " ms";
        clock.advance(1ms);
        ASSERT_TRUE(waitUntil([&] { return http.versions == asked + 1 && clock.armedTimers() == 1; }))
            << "no retry when the clock reached " << delay.count() << " ms";
    }
    endpoint.stop();
    EXPECT_EQ(clock.armedTimers(), 0) << "a stopped endpoint left a timer armed";
}

TEST(CdpEndpointClockTest, WithoutABrowserLevelTargetTheListIsReadAgainAtEachPollOfTheClock)
{
    // What an embedder without a browser-level target answers (an Electron app's /json/version
    // has no webSocketDebuggerUrl), with no pages open.
    CountingServer http(R"({"Browser": "Electron/30.0.0", "Protocol-Version": "1.3"})", "[]");
    ASSERT_TRUE(http.server.listen()) << http.server.errorString().toStdString();
    FakeClock clock(clockStart());
    CdpEndpoint endpoint(nullptr, &clock);
    endpoint.setAddress(u"127.0.0.1"_s, http.server.port());
    endpoint.start();
    ASSERT_TRUE(waitUntil([&] { return endpoint.state() == CdpEndpoint::State::Connected; }))
        << endpoint.lastError().toStdString();
    ASSERT_EQ(http.lists, 1);

    for (int poll = 2; poll <= 4; ++poll) {
        clock.advance(CdpEndpoint::kListPoll - 1ms);
        ASSERT_TRUE(http.ping());
        EXPECT_EQ(http.lists, poll - 1) << "the list was read again before the poll interval";
        clock.advance(1ms);
        ASSERT_TRUE(waitUntil([&] { return http.lists == poll; })) << "poll " << poll << " did not come";
    }
    EXPECT_EQ(endpoint.state(), CdpEndpoint::State::Connected);
    EXPECT_EQ(http.versions, 1);
    endpoint.stop();
    EXPECT_EQ(clock.armedTimers(), 0) << "a stopped endpoint left the poll armed";
}

} // namespace
