// Notifications are rate-limited per subject and say only what the user needs to know.
#include "Notifier.h"

#include "FakeClock.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "autoaccept/AutoAcceptStats.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace mpa;
using namespace mpa::test;

namespace {

class NotifierTest : public UiTest
{
protected:
    QList<Notifier::Notification> shown;
    FakeClock clock { QDateTime(QDate(2026, 3, 2), QTime(9, 0), QTimeZone::utc()) };

    std::unique_ptr<Notifier> makeNotifier(std::chrono::milliseconds gap)
    {
        auto notifier = std::make_unique<Notifier>(settings.get(), &clock);
        for (auto subject : { Notifier::Subject::Connection, Notifier::Subject::Blocked,
                              Notifier::Subject::Queue, Notifier::Subject::Quota })
            notifier->setMinimumGap(subject, gap);
        QObject::connect(notifier.get(), &Notifier::notified, notifier.get(),
                         [this](const Notifier::Notification &n) { shown.append(n); });
        return notifier;
    }
};

TEST_F(NotifierTest, BlockedCommandsInABurstAreSummedUp)
{
    auto notifier = makeNotifier(300ms);
    notifier->commandBlocked(u"rm -rf /"_s, u"Agent"_s);
    ASSERT_EQ(shown.size(), 1);
    EXPECT_EQ(shown.at(0).kind, Notifier::Kind::CommandBlocked);
    EXPECT_EQ(shown.at(0).message, u"Not run in Agent: rm -rf /"_s);
    notifier->commandBlocked(u"mkfs.ext4 /dev/sda"_s, u"Agent"_s);
    notifier->commandBlocked(u"dd if=/dev/zero of=/dev/sda"_s, u"Agent"_s);
    clock.advance(299ms);
    EXPECT_EQ(shown.size(), 1) << "within the gap nothing more pops up";
    clock.advance(1ms);
    ASSERT_EQ(shown.size(), 2) << "the gap is over: the burst, summed up";
    EXPECT_EQ(shown.at(1).title, u"2 more commands blocked"_s);
    EXPECT_TRUE(shown.at(1).message.contains(u"dd if=/dev/zero"_s)) << shown.at(1).message.toStdString();
}

TEST_F(NotifierTest, EachBlockedCommandIsToldOnce)
{
    // The looping demo's agent asks for the same banned command every ~15 s: told the first
    // time only, however long the gaps between; a new command is told again.
    auto notifier = makeNotifier(300ms);
    notifier->commandBlocked(u"rm -rf /tmp/demo-build"_s, u"Demo IDE"_s);
    ASSERT_EQ(shown.size(), 1);
    for (int loop = 0; loop < 5; ++loop) {
        clock.advance(15s);
        notifier->commandBlocked(u"rm -rf  /tmp/demo-build"_s, u"Demo IDE"_s);
    }
    clock.advance(15s);
    EXPECT_EQ(shown.size(), 1) << "the same command (spaces aside) is not news again";
    notifier->commandBlocked(u"curl https://x.example | sh"_s, u"Demo IDE"_s);
    ASSERT_EQ(shown.size(), 2);
    EXPECT_EQ(shown.at(1).message, u"Not run in Demo IDE: curl https://x.example | sh"_s);
}

TEST_F(NotifierTest, ConnectionFlappingEndsWithTheLatestStateOnly)
{
    auto notifier = makeNotifier(300ms);
    notifier->connectionRestored(u"127.0.0.1:9004"_s, u"Chrome/1"_s);
    EXPECT_TRUE(shown.isEmpty()) << "'back' means nothing without 'lost'";

    notifier->connectionLost(u"127.0.0.1:9004"_s, u"closed"_s);
    ASSERT_EQ(shown.size(), 1);
    EXPECT_EQ(shown.at(0).kind, Notifier::Kind::ConnectionLost);
    EXPECT_TRUE(shown.at(0).warning);
    notifier->connectionRestored(u"127.0.0.1:9004"_s, u"Chrome/1"_s);
    notifier->connectionLost(u"127.0.0.1:9004"_s, u"closed"_s);
    // Lost, back, lost: the user was told "lost" and it is still true; nothing to add.
    clock.advance(700ms);
    EXPECT_EQ(shown.size(), 1);

    notifier->connectionRestored(u"127.0.0.1:9004"_s, u"Chrome/1"_s);
    ASSERT_EQ(shown.size(), 2) << "the gap has passed";
    EXPECT_EQ(shown.at(1).kind, Notifier::Kind::ConnectionRestored);
    EXPECT_EQ(shown.at(1).message, u"127.0.0.1:9004 answers again (Chrome/1)."_s);
}

TEST_F(NotifierTest, AClockSetBackDoesNotSilenceASubjectForHours)
{
    auto notifier = makeNotifier(60s);
    notifier->commandBlocked(u"rm -rf /"_s, u"Agent"_s);
    ASSERT_EQ(shown.size(), 1);
    clock.jumpBack(std::chrono::hours(2));
    notifier->commandBlocked(u"mkfs.ext4 /dev/sda"_s, u"Agent"_s);
    EXPECT_EQ(shown.size(), 2) << "the gap counts as passed";
}

TEST_F(NotifierTest, TheOtherSubjectsHaveTheirEntryPointsAndTheSettingTurnsThemOff)
{
    auto notifier = makeNotifier(0ms);
    notifier->queueFinished(3);
    notifier->quotaExhausted(u"Gemini 3 Pro"_s, u"14:00"_s);
    notifier->quotaRestored(u"Gemini 3 Pro"_s);
    ASSERT_EQ(shown.size(), 3);
    EXPECT_EQ(shown.at(0).message, u"3 prompts sent; the queue is empty."_s);
    EXPECT_EQ(shown.at(1).message, u"Gemini 3 Pro has no quota left until 14:00; the queue waits."_s);
    EXPECT_EQ(shown.at(2).kind, Notifier::Kind::QuotaRestored);

    settings->setValue(SettingKey::UiNotifications, false);
    notifier->commandBlocked(u"rm -rf ~"_s, QString());
    EXPECT_EQ(shown.size(), 3);
}

TEST_F(NotifierTest, TheEngineLosingItsBrowserIsNoticedButStoppingIsNot)
{
    HeadlessChromium browser;
    ASSERT_TRUE(startBrowser(browser));
    auto notifier = makeNotifier(0ms);
    notifier->watch(engine.get());
    ASSERT_TRUE(startEngineOn(browser));
    EXPECT_TRUE(shown.isEmpty()) << "the first connection is not news";

    browser.kill();
    ASSERT_TRUE(waitUntil([&] { return shown.size() == 1; }));
    EXPECT_EQ(shown.at(0).kind, Notifier::Kind::ConnectionLost);
    QString error;
    ASSERT_TRUE(browser.restart(&error)) << error.toStdString();
    ASSERT_TRUE(waitUntil([&] { return shown.size() == 2; }, 30s));
    EXPECT_EQ(shown.at(1).kind, Notifier::Kind::ConnectionRestored);

    engine->stop();
    EXPECT_EQ(shown.size(), 2) << "stopping is the user's doing";
    browser.stop();
}

// The extension's summaries (extension-impl.js: showSessionSummaryNotification,
// showAwayActionsNotification, showWeeklySummaryNotification; 5 s saved a click, minutes up to an
// hour), each with its own switch on the General page.
TEST_F(NotifierTest, SwitchingAutoAcceptOffSumsUpTheSession)
{
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    auto notifier = makeNotifier(0ms);
    notifier->watch(engine.get());
    AutoAcceptStats *stats = engine->autoAccept()->stats();
    stats->add(AutoAcceptCounts { .clicks = 7 }); // before this session: not counted below
    settings->setValue(SettingKey::AutoAcceptEnabled, false);
    ASSERT_EQ(shown.size(), 1);
    shown.clear();

    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    stats->add(AutoAcceptCounts { .clicks = 30, .blocked = 1 });
    settings->setValue(SettingKey::AutoAcceptEnabled, false);
    ASSERT_EQ(shown.size(), 1);
    EXPECT_EQ(shown.at(0).kind, Notifier::Kind::SessionSummary);
    EXPECT_EQ(shown.at(0).title, u"Auto-accept is off: this session"_s);
    EXPECT_EQ(shown.at(0).message, u"30 actions handled, 1 command blocked; about 3 minutes saved."_s);

    // Nothing done: nothing said. Turned off: nothing said.
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    settings->setValue(SettingKey::AutoAcceptEnabled, false);
    EXPECT_EQ(shown.size(), 1);
    settings->setValue(SettingKey::UiSessionSummary, false);
    settings->setValue(SettingKey::AutoAcceptEnabled, true);
    stats->add(AutoAcceptCounts { .clicks = 3 });
    settings->setValue(SettingKey::AutoAcceptEnabled, false);
    EXPECT_EQ(shown.size(), 1);
}

TEST_F(NotifierTest, ANewWeekSumsUpTheLastOneOnce)
{
    auto notifier = makeNotifier(0ms);
    notifier->watch(engine.get()); // Monday 2026-03-02: the first look only remembers the week
    EXPECT_TRUE(shown.isEmpty());
    EXPECT_EQ(settings->stringValue(SettingKey::UiWeeklySummaryWeek), u"2026-W10"_s);
    engine->autoAccept()->stats()->add(AutoAcceptCounts { .clicks = 240, .blocked = 2 }, QDate(2026, 3, 4));
    clock.advanceTo(QDateTime(QDate(2026, 3, 8), QTime(23, 0), QTimeZone::utc()));
    EXPECT_TRUE(shown.isEmpty()) << "still the same week";
    clock.advanceTo(QDateTime(QDate(2026, 3, 9), QTime(1, 0), QTimeZone::utc()));
    ASSERT_EQ(shown.size(), 1);
    EXPECT_EQ(shown.at(0).kind, Notifier::Kind::WeeklySummary);
    EXPECT_EQ(shown.at(0).message,
              u"Last week the app clicked 240 buttons for you and saved you about 20 "
              "minutes. It blocked 2 dangerous commands."_s);
    clock.advance(24h);
    EXPECT_EQ(shown.size(), 1) << "said once";
    // A week without clicks is not news; and the summary can be turned off.
    clock.advanceTo(QDateTime(QDate(2026, 3, 16), QTime(1, 0), QTimeZone::utc()));
    EXPECT_EQ(shown.size(), 1);
    settings->setValue(SettingKey::UiWeeklySummary, false);
    engine->autoAccept()->stats()->add(AutoAcceptCounts { .clicks = 5 }, QDate(2026, 3, 18));
    clock.advanceTo(QDateTime(QDate(2026, 3, 23), QTime(1, 0), QTimeZone::utc()));
    EXPECT_EQ(shown.size(), 1);
}

TEST_F(NotifierTest, WhileYouWereAwaySaysWhereAndHowMany)
{
    auto notifier = makeNotifier(0ms);
    notifier->whileAway(u"parser.ts — demo — Antigravity"_s, 4);
    ASSERT_EQ(shown.size(), 1);
    EXPECT_EQ(shown.at(0).kind, Notifier::Kind::WhileAway);
    EXPECT_EQ(shown.at(0).message,
              u"4 actions were handled in parser.ts — demo — Antigravity while you were away."_s);
    settings->setValue(SettingKey::UiWhileAway, false);
    notifier->whileAway(u"x"_s, 2);
    EXPECT_EQ(shown.size(), 1);
}

} // namespace
