// A bridge session's brain (ChatBrain in a BridgeSession) on a FakeClock, with the web chat
// scripted at the CDP boundary (FakeChatPage) and the target tab faked at the job's seam
// (FakeToolkit): the first prompt (goal, keyword, page, masked), a reply taken only once it
// holds still and its command run once, the reply timeout kept to the clock, and a pause while
// the chat writes. The target is the Hulu checkout of tests/fixtures/gate-corpus.json; the
// protocol is the one DESIGN.md ("Bridge turn") and the README give the chat.
#include "FakeChatPage.h"
#include "FakeClock.h"
#include "FakeToolkit.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "bridge/BridgeManager.h"
#include "bridge/BridgeSession.h"
#include "chat/ChatSurface.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class ChatBrainTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(page.isReady());
        page.injector()->addScript(BridgeSession::watchScript());
        toolkit.openOnly(u"T1"_s, FakeToolkit::huluCheckout());
    }

    void start(const QString &goal, std::chrono::milliseconds replyTimeout = std::chrono::minutes(10))
    {
        BridgeRecord record;
        record.id = u"bridge-20261127-100000-abcd"_s;
        record.goal = goal;
        record.keyword = u"KAROMI-4242"_s;
        record.agentTab = u"CHAT"_s;
        record.targetTabs = { u"T1"_s };
        record.currentTab = u"T1"_s;
        record.createdAt = record.updatedAt = clock.now();
        BridgeEnvironment environment;
        static_cast<ToolEnvironment &>(environment) = toolkit.environment();
        environment.chat = page.newSurface();
        environment.profile = u"generic"_s;
        BridgeOptions options;
        options.replyTimeout = replyTimeout;
        session = std::make_unique<BridgeSession>(record, environment, options, &clock);
        session->start();
        drain();
    }

    void drain() { page.drain(); }
    void pass(std::chrono::milliseconds span, std::chrono::milliseconds step = 100ms)
    {
        page.pass(clock, span, step);
    }
    BridgeStatus status() const { return session->record().status; }

    FakeClock clock { QDateTime(QDate(2026, 11, 27), QTime(10, 0), QTimeZone::utc()) };
    FakeChatPage page;
    FakeToolkit toolkit;
    std::unique_ptr<BridgeSession> session;
};

} // namespace

TEST_F(ChatBrainTest, TheFirstPromptCarriesTheGoalTheKeywordAndThePageMasked)
{
    start(u"Apply the discount code and mail the receipt to ada@example.com"_s);
    ASSERT_EQ(page.userMessages().size(), 1)
        << bridgeStatusName(status()).toStdString() << ": " << session->record().activity.toStdString();
    const QString first = page.userMessages().first();
    EXPECT_TRUE(first.contains(u"GOAL: Apply the discount code and mail the receipt to [email]"_s))
        << first.toStdString();
    EXPECT_FALSE(first.contains(u"ada@example.com"_s));
    EXPECT_TRUE(first.contains(u"session keyword KAROMI-4242"_s));
    // The checkout's address carries a session token (Z2NwLXVz…): the redactor takes it for a
    // secret, as it takes every long high-entropy string.
    EXPECT_TRUE(first.contains(u"THE PAGE NOW (tab “Checkout - Hulu Shop”, https://shop.hulu."_s))
        << first.toStdString();
    EXPECT_FALSE(first.contains(u"Z2NwLXVzLWNlbnRyYWwx"_s));
    EXPECT_TRUE(first.contains(u"- button \"Pay now\" [ref=e2]"_s));
    EXPECT_TRUE(first.contains(u"<tool_code>{\"tool\": \"click\""_s));
    EXPECT_EQ(session->record().turn, 1);
    EXPECT_EQ(status(), BridgeStatus::WaitingChat);
    EXPECT_EQ(session->record().maskedTotal, 2); // the address in the goal, the token in the page's address
    EXPECT_EQ(session->record().lastMasked.value(u"email"_s).toInt(), 1);
    EXPECT_EQ(session->record().lastSent, page.userMessages().first());
    // The chat watcher is on while the chat writes.
    EXPECT_TRUE(page.config(BridgeSession::watchModule()).value(u"active"_s).toBool());
}

TEST_F(ChatBrainTest, AReplyIsTakenOnceItHoldsStillAndItsCommandRunsOnce)
{
    start(u"Apply the discount code SAVE10"_s);
    ASSERT_EQ(status(), BridgeStatus::WaitingChat);
    const QString reply
        = u"Filling it in.\n<tool_code>{\"tool\": \"fill\", \"params\": {\"ref\": \"e1\", \"value\": "
          "\"SAVE10\"}}</tool_code>\nKAROMI-4242"_s;
    page.generating = true;
    page.assistantWrites(reply.left(20));
    pass(1000ms);
    EXPECT_EQ(toolkit.count(u"fill"_s), 0) << "taken while the chat was still writing";
    page.assistantWrites(reply);
    page.generating = false;
    // Stopped and held still between two looks (200 ms apart): taken.
    pass(500ms);
    ASSERT_EQ(toolkit.count(u"fill"_s), 1);
    ASSERT_TRUE(waitUntil([&] { return page.userMessages().size() == 2; }, 5s));
    pass(100ms);
    const QString results = page.userMessages().at(1);
    EXPECT_TRUE(results.contains(u"RESULT\nfill e1 (textbox “Discount code”): ok"_s))
        << results.toStdString();
    EXPECT_TRUE(results.contains(u"THE PAGE did not change"_s)) << results.toStdString();
    ASSERT_EQ(session->record().commands.size(), 1);
    EXPECT_EQ(session->record().commands.first().state, BridgeCommand::State::Done);
    EXPECT_EQ(session->record().commands.first().raw.isEmpty(), false);

    // The chat shows the same reply again (a re-render): nothing runs twice. Then it is done.
    page.assistantWrites(reply);
    pass(1000ms);
    EXPECT_EQ(toolkit.count(u"fill"_s), 1);
    page.assistantWrites(u"<done>the code is applied</done>"_s);
    pass(2000ms);
    EXPECT_EQ(status(), BridgeStatus::Done) << session->record().activity.toStdString();
    EXPECT_EQ(session->record().doneText, u"the code is applied"_s);
    EXPECT_EQ(toolkit.count(u"fill"_s), 1);
}

TEST_F(ChatBrainTest, AChatThatNeverAnswersFailsTheSessionAtTheReplyTimeoutAndNotBefore)
{
    start(u"Apply the discount code SAVE10"_s, 60s);
    ASSERT_EQ(status(), BridgeStatus::WaitingChat);
    pass(59800ms, 200ms);
    EXPECT_EQ(status(), BridgeStatus::WaitingChat);
    pass(400ms, 200ms);
    EXPECT_EQ(status(), BridgeStatus::Failed);
    EXPECT_EQ(session->record().reason, u"the chat did not answer within 1 minutes"_s);
    // Once ended it looks no more.
    const int looks = page.looks();
    pass(2000ms, 200ms);
    EXPECT_EQ(page.looks(), looks);
}

TEST_F(ChatBrainTest, APauseWhileTheChatWritesHoldsAtOnceAndResumeWaitsForTheReplyAgain)
{
    start(u"Apply the discount code SAVE10"_s);
    ASSERT_EQ(status(), BridgeStatus::WaitingChat);
    QString error;
    ASSERT_TRUE(session->pause(&error)) << error.toStdString();
    EXPECT_EQ(status(), BridgeStatus::Paused);
    // The watcher in the chat is switched off (the page gets that a turn of the event loop later).
    EXPECT_TRUE(waitUntil(
        [&] { return !page.config(BridgeSession::watchModule()).value(u"active"_s).toBool(); }, 5s));
    const int looks = page.looks();
    page.assistantWrites(
        u"<tool_code>{\"tool\": \"fill\", \"params\": {\"ref\": \"e1\", \"value\": \"X\"}}</tool_code>"_s);
    pass(5000ms);
    EXPECT_EQ(page.looks(), looks) << "a paused session looked at the chat";
    EXPECT_EQ(toolkit.count(u"fill"_s), 0);
    ASSERT_TRUE(session->resume(&error)) << error.toStdString();
    EXPECT_EQ(status(), BridgeStatus::WaitingChat);
    // No sign of writing seen: the reply is taken once it held still for the quiet time (1.5 s).
    pass(1000ms);
    EXPECT_EQ(toolkit.count(u"fill"_s), 0);
    pass(1000ms);
    EXPECT_EQ(toolkit.count(u"fill"_s), 1);
    EXPECT_FALSE(session->resume(&error));
    EXPECT_EQ(error, u"session bridge-20261127-100000-abcd is not paused"_s);
}

TEST_F(ChatBrainTest, ASessionFileInMainsFormatLoadsAndGoesOnWithoutRunningItsRunningCommandAgain)
{
    // tests/fixtures/jobs/bridge-main-format.json was written by the app before core/jobs (see
    // the README there): killed in the execute phase of turn 2 with a fill running and a click
    // queued. BridgeManager reads it as it reads every session file at start.
    QTemporaryDir dir;
    const QString id = u"bridge-20261120-093500-4c5d"_s;
    {
        QFile file(QDir(dir.path()).filePath(id + u".json"_s));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(readFixture(u"jobs/bridge-main-format.json"_s));
    }
    Settings settings(QDir(dir.path()).filePath(u"settings.ini"_s));
    BridgeManager manager(&settings, &clock, dir.path());
    manager.load();
    EXPECT_TRUE(manager.notices().isEmpty()) << manager.notices().join(u'\n').toStdString();
    std::optional<BridgeRecord> loaded = manager.session(id);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->status, BridgeStatus::Interrupted);
    ASSERT_EQ(loaded->commands.size(), 3);
    EXPECT_EQ(loaded->commands.at(0).state, BridgeCommand::State::Done);
    EXPECT_EQ(loaded->commands.at(1).state, BridgeCommand::State::Unknown);
    EXPECT_EQ(loaded->commands.at(1).error,
              u"the app stopped while it ran; whether it happened is unknown, so it was not run again"_s);
    EXPECT_EQ(loaded->commands.at(2).state, BridgeCommand::State::Queued);
    EXPECT_EQ(loaded->turn, 2);
    // The file on disk says so too (interrupted when read).
    QFile file(QDir(dir.path()).filePath(id + u".json"_s));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().contains("\"interrupted\""));

    // Resumed on the checkout: the queued click runs, the fill never again, and the chat hears
    // both.
    toolkit.tabs[u"T1"_s].elements.insert(
        u"e3"_s, { { u"role"_s, u"button"_s }, { u"name"_s, u"Apply"_s }, { u"tag"_s, u"button"_s } });
    BridgeEnvironment environment;
    static_cast<ToolEnvironment &>(environment) = toolkit.environment();
    environment.chat = page.newSurface();
    environment.profile = u"generic"_s;
    session = std::make_unique<BridgeSession>(*loaded, environment, BridgeOptions(), &clock);
    session->start();
    drain();
    ASSERT_TRUE(waitUntil([&] { return page.userMessages().size() == 1; }, 5s))
        << bridgeStatusName(status()).toStdString() << ": " << session->record().activity.toStdString();
    EXPECT_EQ(toolkit.count(u"fill"_s), 0) << "the command that was running was run again";
    EXPECT_EQ(toolkit.count(u"click"_s), 1);
    const QString message = page.userMessages().first();
    EXPECT_TRUE(
        message.contains(u"fill e1 (textbox “Discount code”): unknown — the app stopped while it ran"_s))
        << message.toStdString();
    EXPECT_TRUE(message.contains(u"click e3 (button “Apply”): ok"_s)) << message.toStdString();
    EXPECT_EQ(session->record().turn, 3);
    EXPECT_EQ(status(), BridgeStatus::WaitingChat);
}
