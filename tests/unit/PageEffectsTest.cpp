// What an action set off on its tab (navigations, dialogs, new tabs) and the event-driven waits,
// fed CDP events as the endpoint routes them to a session over a scripted transport: no
// browser, no polling.
#include "page/PageEffects.h"

#include "FakeCdpTransport.h"
#include "Wait.h"
#include "cdp/CdpConnection.h"
#include "cdp/CdpSession.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class PageEffectsTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        transport = new FakeCdpTransport;
        connection = std::make_unique<CdpConnection>(transport);
        connection->open(QUrl(u"ws://127.0.0.1:9/devtools/page/T1"_s));
        ASSERT_TRUE(waitForSignal(connection.get(), &CdpConnection::opened));
        CdpTargetInfo info;
        info.targetId = u"T1"_s;
        info.type = u"page"_s;
        info.url = u"https://example.test/start"_s;
        session = std::make_unique<CdpSession>(connection.get(), QString(), info, nullptr);
        effects = std::make_unique<PageEffects>(session.get());
    }

    // As the endpoint routes a page's event to its session.
    void event(const QString &method, const QJsonObject &params) { session->dispatchEvent(method, params); }

    FakeCdpTransport *transport = nullptr;
    std::unique_ptr<CdpConnection> connection;
    std::unique_ptr<CdpSession> session;
    std::unique_ptr<PageEffects> effects;
};

TEST_F(PageEffectsTest, ANavigationAndADialogSinceTheMarkAreReported)
{
    const PageEffects::Mark start = effects->mark();
    EXPECT_TRUE(effects->since(start).isEmpty());
    event(u"Page.frameNavigated"_s,
          { { u"frame"_s, QJsonObject { { u"id"_s, u"T1"_s }, { u"url"_s, u"https://example.test/next"_s } } } });
    // A child frame's navigation is not the tab's.
    event(u"Page.frameNavigated"_s, { { u"frame"_s, QJsonObject { { u"id"_s, u"F2"_s }, { u"parentId"_s, u"T1"_s },
                                                                    { u"url"_s, u"https://ads.test/"_s } } } });
    event(u"Page.javascriptDialogOpening"_s, { { u"type"_s, u"confirm"_s }, { u"message"_s, u"Sure?"_s } });
    const QJsonObject since = effects->since(start);
    EXPECT_TRUE(since.value(u"navigated"_s).toBool());
    EXPECT_EQ(since.value(u"url"_s).toString(), u"https://example.test/next"_s);
    ASSERT_EQ(since.value(u"dialogs"_s).toArray().size(), 1);
    EXPECT_EQ(since.value(u"dialogs"_s).toArray().at(0).toObject().value(u"action"_s).toString(), u"accepted"_s);
    EXPECT_EQ(transport->lastSent().value(u"method"_s).toString(), u"Page.handleJavaScriptDialog"_s);
    EXPECT_TRUE(transport->lastSent().value(u"params"_s).toObject().value(u"accept"_s).toBool());
}

TEST_F(PageEffectsTest, ARequestedNavigationIsNotSettledUntilItCommitsOrStops)
{
    const PageEffects::Mark start = effects->mark();
    event(u"Page.frameRequestedNavigation"_s, { { u"frameId"_s, u"T1"_s }, { u"disposition"_s, u"currentTab"_s } });
    EXPECT_FALSE(effects->settled(start));
    std::optional<bool> answered;
    effects->waitUntil([&] { return effects->settled(start); }, 60000, [&](bool met) { answered = met; });
    EXPECT_FALSE(answered) << "nothing answers before an event";
    event(u"Page.frameStoppedLoading"_s, { { u"frameId"_s, u"T1"_s } });
    ASSERT_TRUE(answered) << "the event itself answers the wait: no polling";
    EXPECT_TRUE(*answered);
}

TEST_F(PageEffectsTest, AWindowOpenWaitsForItsTabAndAWaitEndsFalseWhenTimeRunsOut)
{
    const PageEffects::Mark start = effects->mark();
    event(u"Page.windowOpen"_s, { { u"url"_s, u"https://example.test/popup"_s } });
    EXPECT_FALSE(effects->settled(start));
    std::optional<bool> answered;
    effects->waitUntil([] { return false; }, 1, [&](bool met) { answered = met; });
    ASSERT_TRUE(waitUntil([&] { return answered.has_value(); }));
    EXPECT_FALSE(*answered);

    CdpTargetInfo tab;
    tab.targetId = u"T2"_s;
    tab.type = u"page"_s;
    tab.url = u"https://example.test/popup"_s;
    CdpSession popup(connection.get(), u"S2"_s, tab, nullptr);
    effects->noteNewTab(&popup);
    effects->noteNewTab(&popup); // once
    EXPECT_TRUE(effects->settled(start));
    EXPECT_EQ(effects->since(start).value(u"newTabs"_s).toArray().size(), 1);
}

TEST_F(PageEffectsTest, DialogsAreDismissedWhenTheTabSaysSo)
{
    effects->setAcceptDialogs(false);
    event(u"Page.javascriptDialogOpening"_s, { { u"type"_s, u"alert"_s }, { u"message"_s, u"Hi"_s } });
    EXPECT_FALSE(transport->lastSent().value(u"params"_s).toObject().value(u"accept"_s).toBool(true));
}

} // namespace
