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

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class PageEffectsTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(link.open());
        session = link.session(u"T1"_s, QString(), u"page"_s, u"https://example.test/start"_s);
        effects = std::make_unique<PageEffects>(session.get());
    }

    // As the endpoint routes a page's event to its session.
    void event(const QString &method, const QJsonObject &params) { session->dispatchEvent(method, params); }

    FakeCdpLink link;
    FakeCdpTransport *transport = link.transport;
    std::unique_ptr<CdpSession> session;
    std::unique_ptr<PageEffects> effects;
};

TEST_F(PageEffectsTest, ANavigationAndADialogSinceTheMarkAreReported)
{
    const PageEffects::Mark start = effects->mark();
    EXPECT_TRUE(effects->since(start).isEmpty());
    event(u"Page.frameNavigated"_s,
          { { u"frame"_s,
              QJsonObject { { u"id"_s, u"T1"_s }, { u"url"_s, u"https://example.test/next"_s } } } });
    // A child frame's navigation is not the tab's.
    event(
        u"Page.frameNavigated"_s,
        { { u"frame"_s,
            QJsonObject {
                { u"id"_s, u"F2"_s }, { u"parentId"_s, u"T1"_s }, { u"url"_s, u"https://ads.test/"_s } } } });
    event(u"Page.javascriptDialogOpening"_s, { { u"type"_s, u"confirm"_s }, { u"message"_s, u"Sure?"_s } });
    const QJsonObject since = effects->since(start);
    EXPECT_TRUE(since.value(u"navigated"_s).toBool());
    EXPECT_EQ(since.value(u"url"_s).toString(), u"https://example.test/next"_s);
    ASSERT_EQ(since.value(u"dialogs"_s).toArray().size(), 1);
    EXPECT_EQ(since.value(u"dialogs"_s).toArray().at(0).toObject().value(u"action"_s).toString(),
              u"accepted"_s);
    EXPECT_EQ(transport->lastSent().value(u"method"_s).toString(), u"Page.handleJavaScriptDialog"_s);
    EXPECT_TRUE(transport->lastSent().value(u"params"_s).toObject().value(u"accept"_s).toBool());
}

TEST_F(PageEffectsTest, ARequestedNavigationIsNotSettledUntilItCommitsOrStops)
{
    const PageEffects::Mark start = effects->mark();
    event(u"Page.frameRequestedNavigation"_s,
          { { u"frameId"_s, u"T1"_s }, { u"disposition"_s, u"currentTab"_s } });
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

    const auto popup = link.session(u"T2"_s, u"S2"_s, u"page"_s, u"https://example.test/popup"_s);
    effects->noteNewTab(popup.get());
    effects->noteNewTab(popup.get()); // once
    EXPECT_TRUE(effects->settled(start));
    EXPECT_EQ(effects->since(start).value(u"newTabs"_s).toArray().size(), 1);
}

TEST_F(PageEffectsTest, AfterAnActionItsEffectsComeOnceTheRendererAnsweredAndItsNavigationCommitted)
{
    const PageEffects::Mark start = effects->mark();
    std::optional<QJsonObject> answered;
    effects->afterAction(start, 60000, [&](const QJsonObject &e) { answered = e; });
    // A round trip through the renderer first: the click's events come before its answer.
    const QJsonObject roundTrip = transport->lastSent(u"Runtime.evaluate"_s);
    ASSERT_FALSE(roundTrip.isEmpty());
    event(u"Page.frameRequestedNavigation"_s,
          { { u"frameId"_s, u"T1"_s }, { u"disposition"_s, u"currentTab"_s } });
    transport->respond(roundTrip.value(u"id"_s).toInt(),
                       { { u"result"_s, QJsonObject { { u"type"_s, u"number"_s }, { u"value"_s, 0 } } } });
    EXPECT_FALSE(answered) << "the navigation the action asked for has not committed";
    event(u"Page.frameNavigated"_s,
          { { u"frame"_s,
              QJsonObject { { u"id"_s, u"T1"_s }, { u"url"_s, u"https://example.test/next"_s } } } });
    ASSERT_TRUE(answered) << "the commit answers at once";
    EXPECT_EQ(*answered,
              (QJsonObject { { u"navigated"_s, true }, { u"url"_s, u"https://example.test/next"_s } }));
}

TEST_F(PageEffectsTest, ALoadIsSeenInItsEventsOrInTheDocumentWhenTheEventsWereLost)
{
    // The events: committed, then the DOM loaded.
    PageEffects::Mark start = effects->mark();
    event(
        u"Page.frameNavigated"_s,
        { { u"frame"_s, QJsonObject { { u"id"_s, u"T1"_s }, { u"url"_s, u"https://example.test/a"_s } } } });
    event(u"Page.domContentEventFired"_s, { { u"timestamp"_s, 1.0 } });
    std::optional<bool> loaded;
    effects->waitForLoad(start, false, QDeadlineTimer(60000), [&](bool l) { loaded = l; });
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(*loaded);

    // No events (a renderer swap lost them): the document is asked until it is past loading.
    start = effects->mark();
    loaded.reset();
    const qsizetype before = transport->sent().size();
    effects->waitForLoad(start, false, QDeadlineTimer(60000), [&](bool l) { loaded = l; });
    auto answerDocument = [&](const QString &readyState, const QString &href) {
        const QJsonObject asked = transport->lastSent(u"Runtime.evaluate"_s);
        EXPECT_EQ(asked.value(u"params"_s).toObject().value(u"expression"_s).toString(),
                  u"[document.readyState, location.href]"_s);
        transport->respond(asked.value(u"id"_s).toInt(),
                           { { u"result"_s,
                               QJsonObject { { u"type"_s, u"object"_s },
                                             { u"value"_s, QJsonArray { readyState, href } } } } });
    };
    ASSERT_GT(transport->sent().size(), before);
    answerDocument(u"loading"_s, u"https://example.test/b"_s);
    EXPECT_FALSE(loaded) << "still parsing";
    const qsizetype asked = transport->sent().size();
    ASSERT_TRUE(waitUntil([&] { return transport->sent().size() > asked; })) << "asked again";
    answerDocument(u"interactive"_s, u"https://example.test/b"_s);
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(*loaded);
    EXPECT_EQ(effects->since(start),
              (QJsonObject { { u"navigated"_s, true }, { u"url"_s, u"https://example.test/b"_s } }))
        << "the document's address stands for the commit that was not seen";

    // Past the deadline: not loaded.
    loaded.reset();
    effects->waitForLoad(effects->mark(), false, QDeadlineTimer(0), [&](bool l) { loaded = l; });
    ASSERT_TRUE(loaded);
    EXPECT_FALSE(*loaded);
}

TEST_F(PageEffectsTest, DialogsAreDismissedWhenTheTabSaysSo)
{
    effects->setDialogPolicy(PageEffects::DialogPolicy::Dismiss);
    event(u"Page.javascriptDialogOpening"_s, { { u"type"_s, u"alert"_s }, { u"message"_s, u"Hi"_s } });
    EXPECT_FALSE(transport->lastSent().value(u"params"_s).toObject().value(u"accept"_s).toBool(true));
}

TEST_F(PageEffectsTest, AHeldDialogWaitsForItsAnswerAndTheNextAnswerWinsOnce)
{
    effects->setDialogPolicy(PageEffects::DialogPolicy::Hold);
    QList<QJsonObject> held;
    QObject::connect(effects.get(), &PageEffects::dialogHeld, [&](const QJsonObject &d) { held.append(d); });
    const qsizetype sentBefore = transport->sent().size();
    event(u"Page.javascriptDialogOpening"_s,
          { { u"type"_s, u"prompt"_s }, { u"message"_s, u"Name?"_s }, { u"defaultPrompt"_s, u"anon"_s } });
    ASSERT_EQ(held.size(), 1);
    EXPECT_EQ(transport->sent().size(), sentBefore) << "held: nothing is answered";
    EXPECT_EQ(effects->heldDialog().value(u"action"_s).toString(), u"pending"_s);
    EXPECT_EQ(effects->heldDialog().value(u"defaultPrompt"_s).toString(), u"anon"_s);

    std::optional<QJsonObject> answered;
    effects->answerDialog(true, u"Ada"_s, [&](const QJsonObject &d, const QString &error) {
        EXPECT_TRUE(error.isEmpty()) << error.toStdString();
        answered = d;
    });
    const QJsonObject sent = transport->lastSent(u"Page.handleJavaScriptDialog"_s);
    EXPECT_TRUE(sent.value(u"params"_s).toObject().value(u"accept"_s).toBool());
    EXPECT_EQ(sent.value(u"params"_s).toObject().value(u"promptText"_s).toString(), u"Ada"_s);
    transport->respond(sent.value(u"id"_s).toInt(), {});
    ASSERT_TRUE(waitUntil([&] { return answered.has_value(); }));
    EXPECT_EQ(answered->value(u"action"_s).toString(), u"accepted"_s);
    EXPECT_EQ(answered->value(u"text"_s).toString(), u"Ada"_s);
    EXPECT_TRUE(effects->heldDialog().isEmpty());

    // Nothing held: refused, saying so.
    std::optional<QString> refused;
    effects->answerDialog(false, {}, [&](const QJsonObject &, const QString &error) { refused = error; });
    ASSERT_TRUE(refused);
    EXPECT_EQ(*refused, u"no dialog is open on this tab"_s);

    // The next answer wins over the policy, once.
    effects->answerNextDialog(false, {});
    event(u"Page.javascriptDialogOpening"_s, { { u"type"_s, u"confirm"_s }, { u"message"_s, u"Sure?"_s } });
    EXPECT_EQ(held.size(), 1);
    EXPECT_FALSE(transport->lastSent(u"Page.handleJavaScriptDialog"_s)
                     .value(u"params"_s)
                     .toObject()
                     .value(u"accept"_s)
                     .toBool(true));
    event(u"Page.javascriptDialogOpening"_s, { { u"type"_s, u"alert"_s }, { u"message"_s, u"Done"_s } });
    EXPECT_EQ(held.size(), 2);

    // Closed by the user meanwhile: no longer held, and said how it ended.
    event(u"Page.javascriptDialogClosed"_s, { { u"result"_s, true } });
    EXPECT_TRUE(effects->heldDialog().isEmpty());
    EXPECT_EQ(effects->dialogs().last().toObject().value(u"action"_s).toString(), u"accepted"_s);
    EXPECT_EQ(effects->dialogs().size(), 3);
}

TEST_F(PageEffectsTest, OnlyTheLastHundredDialogsAreKeptAndTheMarksStillCount)
{
    for (int i = 0; i < 150; ++i)
        event(u"Page.javascriptDialogOpening"_s,
              { { u"type"_s, u"alert"_s }, { u"message"_s, QString::number(i) } });
    EXPECT_EQ(effects->dialogs().size(), PageEffects::kMaxDialogs);
    EXPECT_EQ(effects->dialogs().first().toObject().value(u"message"_s).toString(), u"50"_s);
    const PageEffects::Mark start = effects->mark();
    event(u"Page.javascriptDialogOpening"_s, { { u"type"_s, u"alert"_s }, { u"message"_s, u"new"_s } });
    const QJsonArray since = effects->since(start).value(u"dialogs"_s).toArray();
    ASSERT_EQ(since.size(), 1);
    EXPECT_EQ(since.at(0).toObject().value(u"message"_s).toString(), u"new"_s);
}

} // namespace
