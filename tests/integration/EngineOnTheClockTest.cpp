// The whole engine, as the app composes it, on a FakeClock against real Chromium: its scheduler
// sends into the chat of tests/fixtures/chat/ide.html (a make-believe agent that answers in
// real time) and every prompt is read back from the page's own log of what its chat received.
//
//   quota      the queue runs, the language server (a fake at the true boundary, answering with
//              the recorded GetUserStatus reply of tests/fixtures/quota, the watched model's
//              remaining fraction as the test sets it) reports the model spent at a poll the
//              clock drives, the queue holds, the model comes back at a later poll, and the
//              prompt that was cut off is sent again — or "Continue", per setting
//   schedules  interval prompts, daily prompts across the spring DST change (Europe/Berlin),
//              check prompts after each task, consume and loop
//
// The clock moves in steps while the page and the browser connection run in real time: each
// step lets the event loop turn, so what the engine started (a send, a look at the chat) goes on.
#include "EngineChromiumTest.h"
#include "FakeClock.h"
#include "FakeLanguageServer.h"
#include "FakeProcTree.h"
#include "QtPrinters.h"
#include "TlsTestServer.h"
#include "Wait.h"
#include "cdp/CdpEndpoint.h"
#include "platform/ProcFsProcessFinder.h"
#include "quota/AntigravityQuotaProvider.h"
#include "quota/QuotaMonitor.h"
#include "scheduler/Scheduler.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimeZone>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const QString kCsrfToken = u"5be1c9d2-csrf-of-the-test"_s;
const QString kWatched = u"Gemini 3 Pro (High)"_s; // a model of the recorded reply

class EngineOnTheClockTest : public EngineChromiumTest
{
protected:
    // Starts the engine on `clock` with the settings `configure` gives, the language server
    // found through a /proc of its own, and the fixture chat page open.
    void startOn(const QDateTime &start, const std::function<void()> &configure)
    {
        clock = std::make_unique<FakeClock>(start, start.timeZone());
        configure();
        QSslCertificate certificate;
        QSslKey key;
        QString error;
        ASSERT_TRUE(TlsTestServer::makeCertificate(tempDir(), &certificate, &key, &error)) << error.toStdString();
        languageServer = std::make_unique<TlsTestServer>(certificate, key, languageServerAnswers(kCsrfToken, quota));
        ASSERT_TRUE(languageServer->listenOnLoopback());
        procTree = std::make_unique<FakeProcTree>(QDir(tempDir()).filePath(u"proc"_s));
        addLanguageServerProcess(*procTree, 4242, kCsrfToken, { languageServer->serverPort() });
        const QString procRoot = procTree->root();
        ASSERT_TRUE(startEngineOnBrowser({ .beforeStart =
                                               [procRoot](Engine *e) {
                                                   e->quota()->setProvider(new AntigravityQuotaProvider(
                                                       std::make_shared<ProcFsProcessFinder>(procRoot)));
                                               },
                                           .clock = clock.get() }));
        CdpEndpoint *own = connectEndpoint();
        ASSERT_TRUE(own);
        page = openPage(own, fixtureUrl(u"chat/ide.html?gen=300"_s));
        ASSERT_TRUE(page);
        const QString target = page->targetId();
        ASSERT_TRUE(waitUntil([&] { return engine->endpoint()->sessionForTarget(target) != nullptr; }))
            << "the engine never attached to the chat page";
    }

    void set(SettingKey key, const QVariant &value) { ASSERT_TRUE(settings->setValue(key, value)); }

    // The prompts the page's chat received, in order.
    QStringList received() const
    {
        QStringList texts;
        for (const QJsonValue &entry : evaluate(page, u"window.chatLog || []"_s).toArray())
            texts.append(entry.toObject().value(u"text"_s).toString());
        return texts;
    }

    // Moves the engine's time forward `step` at a time — letting the event loop run between
    // steps, so the page, the browser connection and the language server answer in real
    // time — until `done` holds; false when `limit` of the clock passed first.
    bool drive(const std::function<bool()> &done, std::chrono::milliseconds limit,
               std::chrono::milliseconds step = 1s)
    {
        const QDateTime until = clock->now().addMSecs(limit.count());
        while (!done()) {
            if (clock->now() >= until)
                return false;
            clock->advance(step);
            // A moment of real time for what the step set going (a send takes a few round trips).
            waitUntil(done, 40ms);
        }
        return true;
    }

    // The same for a span in which nothing must happen: the clock moves `span`, in steps.
    void idle(std::chrono::milliseconds span, std::chrono::milliseconds step = 1s)
    {
        drive([] { return false; }, span, step);
    }

    QJsonObject queueStatus() const { return engine->scheduler()->queueStatus(); }
    QString phase() const { return queueStatus().value(u"phase"_s).toString(); }

    std::unique_ptr<FakeClock> clock;
    std::shared_ptr<LanguageServerQuota> quota = std::make_shared<LanguageServerQuota>();
    std::unique_ptr<TlsTestServer> languageServer;
    std::unique_ptr<FakeProcTree> procTree;
    CdpSession *page = nullptr;
};

// 2026-02-07 09:00 UTC: the recorded reply's reset times (14:23, 15:00) lie ahead, so the
// polls come at the interval.
QDateTime quotaMorning()
{
    return QDateTime(QDate(2026, 2, 7), QTime(9, 0), QTimeZone::utc());
}

void configureQuotaQueue(Settings *settings, bool resend)
{
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    settings->setValue(SettingKey::ScheduleQueueMode, u"consume"_s);
    // Longer than a poll: the model runs out while the agent still works on the first task.
    settings->setValue(SettingKey::ScheduleSilenceTimeoutS, 90);
    settings->setValue(SettingKey::QuotaEnabled, true);
    settings->setValue(SettingKey::QuotaPollIntervalS, 30);
    settings->setValue(SettingKey::QuotaModels, QStringList { kWatched });
    settings->setValue(SettingKey::QuotaResumeQueue, resend);
    settings->setValue(SettingKey::QuotaAutoContinue, !resend);
}

TEST_F(EngineOnTheClockTest, TheQueueHoldsWhileTheModelIsSpentAndResendsTheCutOffPrompt)
{
    quota->remaining.insert(kWatched, 0.6);
    startOn(quotaMorning(), [&] { configureQuotaQueue(settings, true); });
    ASSERT_FALSE(HasFatalFailure());
    // The first reading (at start) finds the model available.
    ASSERT_TRUE(drive([&] { return engine->quota()->snapshot().ok; }, 10s)) << "no quota reading";
    EXPECT_FALSE(engine->quota()->isHolding());

    ASSERT_TRUE(engine->scheduler()->setQueue({ u"Refactor the parser"_s, u"Write the changelog"_s }));
    ASSERT_TRUE(engine->scheduler()->startQueue());
    ASSERT_TRUE(drive([&] { return received().size() == 1; }, 20s)) << received().join(u" | "_s).toStdString();
    EXPECT_EQ(received(), QStringList { u"Refactor the parser"_s });

    // The model runs out; the next poll (30 s on the clock) sees it, and the queue holds.
    quota->remaining.insert(kWatched, 0.0);
    ASSERT_TRUE(drive([&] { return engine->quota()->isHolding(); }, 40s)) << "the poll never saw the spent model";
    EXPECT_EQ(phase(), u"heldByQuota"_s) << QJsonDocument(queueStatus()).toJson().toStdString();
    EXPECT_TRUE(queueStatus().value(u"quotaHold"_s).toObject().value(u"held"_s).toBool());
    EXPECT_TRUE(queueStatus().value(u"quotaHold"_s).toObject().value(u"reason"_s).toString().contains(kWatched));

    // Five minutes of the clock, far past the silence: nothing more reaches the chat.
    idle(5min, 5s);
    EXPECT_EQ(received(), QStringList { u"Refactor the parser"_s });
    EXPECT_EQ(phase(), u"heldByQuota"_s);

    // Back at the next poll: the task that was cut off goes again, then the queue goes on.
    quota->remaining.insert(kWatched, 0.8);
    ASSERT_TRUE(drive([&] { return received().size() == 2; }, 40s)) << received().join(u" | "_s).toStdString();
    EXPECT_FALSE(engine->quota()->isHolding());
    EXPECT_EQ(received().last(), u"Refactor the parser"_s);
    ASSERT_TRUE(drive([&] { return received().size() == 3; }, 3min)) << received().join(u" | "_s).toStdString();
    EXPECT_EQ(received().last(), u"Write the changelog"_s);
    savePageScreenshot(page, u"engine-clock-quota-resend.png"_s);
}

TEST_F(EngineOnTheClockTest, WithResumeOffAndAutoContinueOnTheChatIsToldToContinue)
{
    quota->remaining.insert(kWatched, 0.6);
    startOn(quotaMorning(), [&] {
        configureQuotaQueue(settings, false);
        settings->setValue(SettingKey::QuotaContinuePrompt, u"Continue where you stopped"_s);
    });
    ASSERT_FALSE(HasFatalFailure());
    ASSERT_TRUE(drive([&] { return engine->quota()->snapshot().ok; }, 10s)) << "no quota reading";
    ASSERT_TRUE(engine->scheduler()->setQueue({ u"Port the tests"_s, u"Tag the release"_s }));
    ASSERT_TRUE(engine->scheduler()->startQueue());
    ASSERT_TRUE(drive([&] { return received().size() == 1; }, 20s)) << received().join(u" | "_s).toStdString();

    quota->remaining.insert(kWatched, 0.0);
    ASSERT_TRUE(drive([&] { return engine->quota()->isHolding(); }, 40s));
    idle(2min, 5s);
    EXPECT_EQ(received().size(), 1);

    quota->remaining.insert(kWatched, 0.5);
    ASSERT_TRUE(drive([&] { return received().size() == 2; }, 40s)) << received().join(u" | "_s).toStdString();
    EXPECT_EQ(received().last(), u"Continue where you stopped"_s);
    ASSERT_TRUE(drive([&] { return received().size() == 3; }, 3min)) << received().join(u" | "_s).toStdString();
    EXPECT_EQ(received().last(), u"Tag the release"_s);
}

// ---- schedules --------------------------------------------------------------------------------

TEST_F(EngineOnTheClockTest, IntervalPromptsGoIntoThePageAtEachInterval)
{
    startOn(QDateTime(QDate(2026, 5, 4), QTime(10, 0), QTimeZone::utc()), [&] {
        settings->setValue(SettingKey::QuotaEnabled, false);
        settings->setValue(SettingKey::ScheduleMode, u"interval"_s);
        settings->setValue(SettingKey::ScheduleValue, u"30"_s);
        settings->setValue(SettingKey::SchedulePrompt, u"Status report please"_s);
        settings->setValue(SettingKey::ScheduleEnabled, true);
    });
    ASSERT_FALSE(HasFatalFailure());
    const QDateTime started = clock->now();
    idle(29min, 30s);
    EXPECT_TRUE(received().isEmpty()) << "sent before its interval";
    ASSERT_TRUE(drive([&] { return received().size() == 1; }, 2min, 10s)) << "nothing at 30 minutes";
    EXPECT_GE(started.secsTo(clock->now()), 30 * 60);
    EXPECT_LT(started.secsTo(clock->now()), 31 * 60);
    ASSERT_TRUE(drive([&] { return received().size() == 2; }, 31min, 30s)) << "nothing at 60 minutes";
    EXPECT_EQ(received(), (QStringList { u"Status report please"_s, u"Status report please"_s }));
    const QList<PromptRecord> history = engine->scheduler()->history().entries();
    ASSERT_EQ(history.size(), 2);
    EXPECT_EQ(history.last().source, u"interval"_s);
    EXPECT_EQ(history.last().outcome, u"sent"_s);
}

TEST_F(EngineOnTheClockTest, ADailyPromptKeepsItsTimeOfDayAcrossTheSpringDstChange)
{
    // Saturday 2026-03-28 in Berlin; the clocks go forward on Sunday at 02:00.
    const QTimeZone berlin("Europe/Berlin");
    ASSERT_TRUE(berlin.isValid()) << "no time zone data for Europe/Berlin";
    startOn(QDateTime(QDate(2026, 3, 28), QTime(8, 0), berlin), [&] {
        settings->setValue(SettingKey::QuotaEnabled, false);
        settings->setValue(SettingKey::ScheduleMode, u"daily"_s);
        settings->setValue(SettingKey::ScheduleValue, u"09:00"_s);
        settings->setValue(SettingKey::SchedulePrompt, u"Good morning: plan the day"_s);
        settings->setValue(SettingKey::ScheduleEnabled, true);
    });
    ASSERT_FALSE(HasFatalFailure());
    ASSERT_TRUE(drive([&] { return received().size() == 1; }, 2h, 1min)) << "nothing on Saturday";
    EXPECT_EQ(clock->now().toTimeZone(berlin).time().hour(), 9);
    // Sunday 09:00 in Berlin is 23 hours after Saturday's: the prompt keeps the time of day.
    idle(22h + 50min, 10min);
    EXPECT_EQ(received().size(), 1) << "sent before 09:00 on Sunday";
    ASSERT_TRUE(drive([&] { return received().size() == 2; }, 30min, 1min)) << "nothing on Sunday";
    const QDateTime sunday = clock->now().toTimeZone(berlin);
    EXPECT_EQ(sunday.date(), QDate(2026, 3, 29));
    EXPECT_EQ(sunday.time().hour(), 9) << sunday.toString(Qt::ISODate).toStdString();
    EXPECT_EQ(sunday.offsetFromUtc(), 2 * 3600) << "not summer time";
    EXPECT_EQ(received(), (QStringList { u"Good morning: plan the day"_s, u"Good morning: plan the day"_s }));
}

TEST_F(EngineOnTheClockTest, ACheckPromptFollowsEachTaskAndConsumedTasksLeaveTheQueue)
{
    startOn(QDateTime(QDate(2026, 5, 4), QTime(10, 0), QTimeZone::utc()), [&] {
        settings->setValue(SettingKey::QuotaEnabled, false);
        settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
        settings->setValue(SettingKey::ScheduleQueueMode, u"consume"_s);
        settings->setValue(SettingKey::ScheduleSilenceTimeoutS, 10);
        settings->setValue(SettingKey::ScheduleCheckPromptEnabled, true);
        settings->setValue(SettingKey::ScheduleCheckPromptText, u"Check that it is done and tested"_s);
    });
    ASSERT_FALSE(HasFatalFailure());
    ASSERT_TRUE(engine->scheduler()->setQueue({ u"Add the login form"_s, u"Add the logout button"_s }));
    ASSERT_TRUE(engine->scheduler()->startQueue());
    ASSERT_TRUE(drive([&] { return queueStatus().value(u"state"_s).toString() == u"stopped"_s; }, 5min))
        << received().join(u" | "_s).toStdString();
    EXPECT_EQ(received(), (QStringList { u"Add the login form"_s, u"Check that it is done and tested"_s,
                                         u"Add the logout button"_s, u"Check that it is done and tested"_s }));
    // Consumed: every task left the queue once done.
    EXPECT_TRUE(queueStatus().value(u"items"_s).toArray().isEmpty()) << QJsonDocument(queueStatus()).toJson().toStdString();
}

TEST_F(EngineOnTheClockTest, ALoopingQueueStartsOverAndKeepsItsTasks)
{
    startOn(QDateTime(QDate(2026, 5, 4), QTime(10, 0), QTimeZone::utc()), [&] {
        settings->setValue(SettingKey::QuotaEnabled, false);
        settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
        settings->setValue(SettingKey::ScheduleQueueMode, u"loop"_s);
        settings->setValue(SettingKey::ScheduleSilenceTimeoutS, 10);
    });
    ASSERT_FALSE(HasFatalFailure());
    ASSERT_TRUE(engine->scheduler()->setQueue({ u"Run the linter"_s, u"Run the tests"_s }));
    ASSERT_TRUE(engine->scheduler()->startQueue());
    ASSERT_TRUE(drive([&] { return received().size() == 5; }, 5min)) << received().join(u" | "_s).toStdString();
    EXPECT_EQ(received(), (QStringList { u"Run the linter"_s, u"Run the tests"_s, u"Run the linter"_s,
                                         u"Run the tests"_s, u"Run the linter"_s }));
    EXPECT_EQ(queueStatus().value(u"items"_s).toArray().size(), 2);
    EXPECT_EQ(queueStatus().value(u"state"_s).toString(), u"running"_s);
    ASSERT_TRUE(engine->scheduler()->stopQueue());
}

} // namespace
