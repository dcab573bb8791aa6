// The CDP engine against real headless Chromium.
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "Wait.h"
#include "cdp/CdpConnection.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class CdpIntegrationTest : public ChromiumTest
{
protected:
    static CdpSession *frameSessionFor(CdpEndpoint *endpoint, const QString &urlPart)
    {
        for (CdpSession *s : endpoint->sessions()) {
            if (!s->isPage() && s->targetInfo().url.contains(urlPart))
                return s;
        }
        return nullptr;
    }

    // iframe-host.html with `frame` in its iframe.
    static QUrl iframeHostUrl(const QUrl &frame)
    {
        QUrl host = fixtureUrl(u"iframe-host.html"_s);
        host.setQuery(u"src="_s + QString::fromLatin1(QUrl::toPercentEncoding(frame.toString())));
        return host;
    }
};

TEST_F(CdpIntegrationTest, EvaluatesInAPage)
{
    CdpEndpoint *endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    EXPECT_TRUE(endpoint->isBrowserLevel());
    EXPECT_TRUE(endpoint->browserVersion().startsWith(u"Chrome/"_s)
                || endpoint->browserVersion().startsWith(u"HeadlessChrome/"_s))
        << endpoint->browserVersion().toStdString();
    CdpSession *page = openPage(endpoint, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(page);
    // The browser's user agent, for the Cmd-or-Ctrl choice: the page's own navigator says the same.
    EXPECT_TRUE(page->browserUserAgent().contains(u"Linux"_s)) << page->browserUserAgent().toStdString();
    EXPECT_EQ(page->browserUserAgent(), evaluate(page, u"navigator.userAgent"_s).toString());

    QString error;
    EXPECT_EQ(evaluate(page, u"document.title"_s, &error).toString(), u"Basic fixture"_s)
        << error.toStdString();
    EXPECT_EQ(evaluate(page, u"new Promise(r => setTimeout(() => r(6 * 7), 10))"_s).toInt(), 42);
    evaluate(page, u"(() => { throw new Error('boom') })()"_s, &error);
    EXPECT_TRUE(error.contains(u"script error"_s) && error.contains(u"boom"_s)) << error.toStdString();

    // The session helper reports the same through its callback.
    std::optional<QJsonValue> value;
    QObject context;
    page->evaluate(u"document.getElementById('greeting').textContent"_s, &context,
                   [&](const QJsonValue &v, const CdpError &e) {
                       EXPECT_FALSE(e.isError()) << e.toString().toStdString();
                       value = v;
                   });
    ASSERT_TRUE(waitUntil([&] { return value.has_value(); }));
    EXPECT_EQ(value->toString(), u"Hello from the fixture server."_s);
}

TEST_F(CdpIntegrationTest, ANewTabAppearsAsASessionAndClosingItDetaches)
{
    CdpEndpoint *endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    QSignalSpy attached(endpoint, &CdpEndpoint::sessionAttached);
    const CdpResult created = browserCall(*endpoint, u"Target.createTarget"_s,
                                          { { u"url"_s, fixtureUrl(u"basic.html"_s).toString() } });
    ASSERT_TRUE(created.ok()) << created.error.toString().toStdString();
    const QString targetId = created.result.value(u"targetId").toString();
    QPointer<CdpSession> tab;
    ASSERT_TRUE(waitUntil([&] { return (tab = endpoint->sessionForTarget(targetId)) != nullptr; }));
    EXPECT_TRUE(tab->isPage());
    EXPECT_GE(attached.count(), 1);

    QSignalSpy detached(endpoint, &CdpEndpoint::sessionDetached);
    ASSERT_TRUE(browserCall(*endpoint, u"Target.closeTarget"_s, { { u"targetId"_s, targetId } }).ok());
    ASSERT_TRUE(waitUntil([&] { return endpoint->sessionForTarget(targetId) == nullptr; }));
    EXPECT_GE(detached.count(), 1);
    EXPECT_TRUE(waitUntil([&] { return tab.isNull(); }));
}

TEST_F(CdpIntegrationTest, ACrossSiteIframeAttachesAsItsOwnSession)
{
    CdpEndpoint *endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    const QUrl frameUrl = crossSiteUrl(u"frame.html"_s);
    CdpSession *page = openPage(endpoint, iframeHostUrl(frameUrl));
    ASSERT_TRUE(page);

    CdpSession *frame = nullptr;
    ASSERT_TRUE(waitUntil([&] { return (frame = frameSessionFor(endpoint, u"localhost:"_s)) != nullptr; }))
        << "no out-of-process iframe session for " << frameUrl.toString().toStdString();
    EXPECT_EQ(frame->targetInfo().type, u"iframe"_s);
    EXPECT_EQ(frame->parentSession(), page);
    EXPECT_EQ(frame->pageSession(), page);
    EXPECT_FALSE(endpoint->pageSessions().contains(frame));
    QString error;
    ASSERT_TRUE(
        waitUntil([&] { return evaluate(frame, u"document.readyState"_s).toString() == u"complete"_s; }));
    EXPECT_EQ(evaluate(frame, u"document.getElementById('where').textContent"_s, &error).toString(),
              u"inside the frame"_s)
        << error.toStdString();
    // The page itself cannot see into the other site's frame.
    EXPECT_TRUE(
        evaluate(page,
                 u"(() => { try { return document.getElementById('child').contentDocument === null; } "
                 "catch (e) { return true; } })()"_s)
            .toBool());
}

TEST_F(CdpIntegrationTest, ASameSiteIframeOnAnotherPortStaysInThePageProcess)
{
    CdpEndpoint *endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    const QUrl frameUrl = crossPortUrl(u"frame.html"_s);
    CdpSession *page = openPage(endpoint, iframeHostUrl(frameUrl)); // the load event waits for the frame
    ASSERT_TRUE(page);

    const CdpResult tree = sendAndWait(page, u"Page.getFrameTree"_s);
    ASSERT_TRUE(tree.ok());
    const QJsonArray children = tree.result.value(u"frameTree").toObject().value(u"childFrames").toArray();
    ASSERT_EQ(children.size(), 1);
    EXPECT_EQ(children.at(0).toObject().value(u"frame").toObject().value(u"url").toString(),
              frameUrl.toString());
    EXPECT_EQ(frameSessionFor(endpoint, u"frame.html"_s), nullptr)
        << "a same-site frame on another port is not a separate target";
}

TEST_F(CdpIntegrationTest, ACrashedTabIsReported)
{
    CdpEndpoint *endpoint = connectEndpoint();
    ASSERT_TRUE(endpoint);
    CdpSession *page = openPage(endpoint, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(page);
    QSignalSpy crashed(page, &CdpSession::crashed);
    page->send(u"Page.crash"_s);
    ASSERT_TRUE(waitUntil([&] { return crashed.count() > 0; }));
    EXPECT_TRUE(page->hasCrashed());
}

TEST_F(CdpIntegrationTest, ABrowserKilledAndRestartedOnTheSamePortIsReconnected)
{
    HeadlessChromium own;
    ASSERT_TRUE(startBrowser(own));
    CdpEndpoint endpoint;
    endpoint.setRetryDelays(100ms, 500ms);
    endpoint.setAddress(u"127.0.0.1"_s, own.port());
    endpoint.start();
    ASSERT_TRUE(waitUntil([&] { return endpoint.isConnected() && !endpoint.pageSessions().isEmpty(); }));

    QSignalSpy disconnected(&endpoint, &CdpEndpoint::disconnected);
    own.kill();
    ASSERT_TRUE(waitUntil([&] { return disconnected.count() == 1; }));
    EXPECT_TRUE(endpoint.sessions().isEmpty());
    EXPECT_NE(endpoint.state(), CdpEndpoint::State::Connected);

    QString error;
    ASSERT_TRUE(own.restart(&error)) << error.toStdString();
    ASSERT_TRUE(waitUntil([&] { return endpoint.isConnected() && !endpoint.pageSessions().isEmpty(); }, 20s))
        << "not reconnected: " << endpoint.lastError().toStdString();
    EXPECT_EQ(evaluate(endpoint.pageSessions().first(), u"1 + 1"_s).toInt(), 2);
    endpoint.stop();
}

TEST_F(CdpIntegrationTest, AnEndpointWithoutABrowserTargetIsServedPerPage)
{
    // Stand in for an embedder whose /json/version has no browser URL: its /json/list
    // points at the real browser's pages.
    CdpEndpoint *direct = connectEndpoint();
    ASSERT_TRUE(direct);
    CdpSession *page = openPage(direct, fixtureUrl(u"basic.html"_s));
    ASSERT_TRUE(page);
    const QString targetId = page->targetId();

    QNetworkAccessManager network;
    QNetworkReply *reply
        = network.get(QNetworkRequest(QUrl(u"http://127.0.0.1:%1/json/list"_s.arg(browser().port()))));
    ASSERT_TRUE(waitUntil([&] { return reply->isFinished(); }));
    const QByteArray list = reply->readAll();
    reply->deleteLater();

    LocalWebServer embedder;
    embedder.addRoute(u"/json/version"_s, [](const QString &, const QString &) {
        return LocalWebServer::Response { 200, "application/json", R"({"Browser":"Embedder/1.0"})", {} };
    });
    embedder.addRoute(u"/json/list"_s, [list](const QString &, const QString &) {
        return LocalWebServer::Response { 200, "application/json", list, {} };
    });
    ASSERT_TRUE(embedder.listen());

    CdpEndpoint endpoint;
    endpoint.setAddress(u"127.0.0.1"_s, embedder.port());
    endpoint.start();
    CdpSession *perTarget = nullptr;
    ASSERT_TRUE(waitUntil([&] { return (perTarget = endpoint.sessionForTarget(targetId)) != nullptr; }));
    EXPECT_FALSE(endpoint.isBrowserLevel());
    EXPECT_TRUE(perTarget->sessionId().isEmpty());
    EXPECT_EQ(evaluate(perTarget, u"document.title"_s).toString(), u"Basic fixture"_s);
    QString error;
    std::optional<CdpResult> browserLevel;
    QObject context;
    endpoint.sendToBrowser(u"Target.getTargets"_s, {}, &context,
                           [&](const CdpResult &r) { browserLevel = r; });
    ASSERT_TRUE(waitUntil([&] { return browserLevel.has_value(); }));
    EXPECT_TRUE(browserLevel->error.message.contains(u"no browser-level target"_s));
    endpoint.stop();
}

} // namespace
