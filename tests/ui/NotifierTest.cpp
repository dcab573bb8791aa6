// Notifications are rate-limited per subject and say only what the user needs to know.
#include "Notifier.h"

#include "FakeClock.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "UiTest.h"
#include "Wait.h"

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
    engine->setCdpAddressOverride(u"127.0.0.1"_s, browser.port());
    engine->start();
    ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->isConnected(); }));
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

} // namespace
