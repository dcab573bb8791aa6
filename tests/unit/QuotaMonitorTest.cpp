// The quota monitor: which readings hold the queue, when it polls, and the whole path from a
// spent model to the queue holding and resuming.
#include "quota/QuotaMonitor.h"

#include "FakeClock.h"
#include "QtPrinters.h"
#include "ScriptedChat.h"
#include "TestEnvironment.h"
#include "quota/QuotaProvider.h"
#include "scheduler/Scheduler.h"
#include "settings/Settings.h"

#include <QDir>
#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// Answers every refresh with the reading the test set.
class FakeQuotaProvider : public QuotaProvider
{
public:
    QString name() const override { return u"fake"_s; }
    void refresh() override
    {
        ++refreshes;
        Q_EMIT finished(next);
    }
    bool isBusy() const override { return false; }

    QuotaSnapshot next;
    int refreshes = 0;
};

ModelQuota model(const QString &label, std::optional<double> fraction, const QDateTime &reset = {})
{
    ModelQuota m;
    m.label = label;
    m.remainingFraction = fraction;
    m.resetTime = reset;
    return m;
}

QuotaSnapshot reading(const QList<ModelQuota> &models)
{
    QuotaSnapshot s;
    s.provider = u"fake"_s;
    s.ok = true;
    s.models = models;
    return s;
}

TEST(QuotaMonitorVerdictTest, WatchedModelsHoldWhenAnyIsSpent)
{
    using Rule = QuotaMonitor::HoldRule;
    const QuotaSnapshot s
        = reading({ model(u"Claude Sonnet 4.5"_s, 0.0), model(u"Gemini 3 Pro (High)"_s, 0.4),
                    model(u"GPT-OSS 120B"_s, std::nullopt) });
    const QTimeZone utc = QTimeZone::utc();
    EXPECT_TRUE(QuotaMonitor::evaluate(s, { u"claude sonnet 4.5"_s }, utc, Rule::Any).hold);
    EXPECT_EQ(QuotaMonitor::evaluate(s, { u"Claude Sonnet 4.5"_s }, utc, Rule::Any).reason.english(),
              u"Claude Sonnet 4.5 is out of quota"_s);
    EXPECT_FALSE(QuotaMonitor::evaluate(s, { u"Gemini 3 Pro (High)"_s }, utc, Rule::Any).hold);
    // Unknown quota never holds, nor does a model the IDE does not list.
    EXPECT_FALSE(QuotaMonitor::evaluate(s, { u"GPT-OSS 120B"_s, u"Nonexistent"_s }, utc, Rule::Any).hold);
    // With none chosen every model counts: the extension held when any was spent
    // (refreshQuotaStatus: `anyExhausted = snapshot.models.some(m => m.isExhausted === true)`).
    const QuotaMonitor::Verdict any = QuotaMonitor::evaluate(s, {}, utc, Rule::Any);
    EXPECT_TRUE(any.hold);
    EXPECT_EQ(any.exhausted, QStringList { u"Claude Sonnet 4.5"_s });
    QuotaSnapshot failed;
    failed.error = u"Antigravity is not running"_s;
    EXPECT_FALSE(QuotaMonitor::evaluate(failed, {}, utc, Rule::Any).hold);
    EXPECT_FALSE(QuotaMonitor::evaluate(reading({ model(u"C"_s, std::nullopt) }), {}, utc, Rule::Any).hold);
}

TEST(QuotaMonitorVerdictTest, HoldWhenAllWaitsForEveryModelWithKnownQuota)
{
    using Rule = QuotaMonitor::HoldRule;
    const QTimeZone utc = QTimeZone::utc();
    const QuotaSnapshot s
        = reading({ model(u"Claude Sonnet 4.5"_s, 0.0), model(u"Gemini 3 Pro (High)"_s, 0.4),
                    model(u"GPT-OSS 120B"_s, std::nullopt) });
    EXPECT_FALSE(QuotaMonitor::evaluate(s, {}, utc, Rule::All).hold);
    EXPECT_FALSE(
        QuotaMonitor::evaluate(s, { u"Claude Sonnet 4.5"_s, u"Gemini 3 Pro (High)"_s }, utc, Rule::All).hold);
    // Only the watched model with known quota counts; the unknown one is not "spent".
    EXPECT_TRUE(
        QuotaMonitor::evaluate(s, { u"Claude Sonnet 4.5"_s, u"GPT-OSS 120B"_s }, utc, Rule::All).hold);
    const QuotaSnapshot allSpent
        = reading({ model(u"A"_s, 0.0, QDateTime(QDate(2026, 2, 7), QTime(14, 0), utc)), model(u"B"_s, 0.0),
                    model(u"C"_s, std::nullopt) });
    const QuotaMonitor::Verdict verdict = QuotaMonitor::evaluate(allSpent, {}, utc, Rule::All);
    EXPECT_TRUE(verdict.hold);
    EXPECT_EQ(verdict.exhausted, (QStringList { u"A"_s, u"B"_s }));
    EXPECT_EQ(verdict.reason.english(), u"A is out of quota until 2026-02-07 14:00; B is out of quota"_s);
    EXPECT_FALSE(QuotaMonitor::evaluate(reading({ model(u"C"_s, std::nullopt) }), {}, utc, Rule::All).hold);
    EXPECT_EQ(QuotaMonitor::holdRuleFromName(u"all"_s), Rule::All);
    EXPECT_EQ(QuotaMonitor::holdRuleFromName(u"any"_s), Rule::Any);
}

TEST(QuotaMonitorVerdictTest, LowestPercentIgnoresModelsWithoutQuotaInformation)
{
    EXPECT_EQ(QuotaMonitor::lowestPercent(
                  reading({ model(u"A"_s, 0.734), model(u"B"_s, 0.2), model(u"C"_s, std::nullopt) })),
              std::optional<int>(20));
    EXPECT_EQ(QuotaMonitor::lowestPercent(reading({ model(u"C"_s, std::nullopt) })), std::nullopt);
    EXPECT_EQ(QuotaMonitor::lowestPercent(QuotaSnapshot {}), std::nullopt);
}

class QuotaMonitorTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        settings = std::make_unique<Settings>(QDir(configDir()).filePath(u"settings.ini"_s));
        clock = std::make_unique<FakeClock>(QDateTime(QDate(2026, 2, 7), QTime(12, 0), QTimeZone::utc()));
        monitor = std::make_unique<QuotaMonitor>(settings.get(), clock.get());
        provider = new FakeQuotaProvider;
        monitor->setProvider(provider);
        settings->setValue(SettingKey::QuotaModels, QStringList { u"Claude Sonnet 4.5"_s });
    }

    QDateTime at(int hour, int minute) const
    {
        return QDateTime(QDate(2026, 2, 7), QTime(hour, minute), QTimeZone::utc());
    }

    std::unique_ptr<Settings> settings;
    std::unique_ptr<FakeClock> clock;
    std::unique_ptr<QuotaMonitor> monitor;
    FakeQuotaProvider *provider = nullptr;
};

TEST_F(QuotaMonitorTest, PollsEveryIntervalAndSoonerWhenASpentModelResets)
{
    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 0.5) });
    QSignalSpy holds(monitor.get(), &QuotaMonitor::holdChanged);
    monitor->start();
    EXPECT_EQ(provider->refreshes, 1);
    clock->advance(59s);
    EXPECT_EQ(provider->refreshes, 1);
    clock->advance(1s);
    EXPECT_EQ(provider->refreshes, 2); // quota/pollIntervalS = 60

    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 0.0, at(12, 1).addSecs(30)) });
    clock->advance(60s); // 12:02: spent, with a reset time already past
    ASSERT_EQ(holds.size(), 1);
    EXPECT_TRUE(holds.at(0).at(0).toBool());
    EXPECT_TRUE(monitor->isHolding());

    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 0.0, at(12, 2).addSecs(40)) });
    const int before = provider->refreshes;
    clock->advance(5s); // the reset time was past: looked again after 5 s
    EXPECT_EQ(provider->refreshes, before + 1);
    // Now spent until 12:02:40: the next look is 2 s after that, not a minute later.
    clock->advanceTo(at(12, 2).addSecs(41));
    EXPECT_EQ(provider->refreshes, before + 1);
    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 1.0) });
    clock->advance(1s);
    EXPECT_EQ(provider->refreshes, before + 2);
    ASSERT_EQ(holds.size(), 2);
    EXPECT_FALSE(holds.at(1).at(0).toBool());

    // Switching quota off stops polling and releases any hold.
    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 0.0) });
    monitor->refreshNow();
    EXPECT_TRUE(monitor->isHolding());
    settings->setValue(SettingKey::QuotaEnabled, false);
    EXPECT_FALSE(monitor->isHolding());
    const int stopped = provider->refreshes;
    clock->advance(1h);
    EXPECT_EQ(provider->refreshes, stopped);
}

TEST_F(QuotaMonitorTest, AFailedReadingKeepsTheLastVerdict)
{
    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 0.0) });
    monitor->start();
    EXPECT_TRUE(monitor->isHolding());
    provider->next = QuotaSnapshot {};
    provider->next.error = u"the language server on port 4242 stopped answering"_s;
    clock->advance(60s);
    EXPECT_TRUE(monitor->isHolding());
    EXPECT_EQ(monitor->toJson().value(u"error"_s).toString(),
              u"the language server on port 4242 stopped answering"_s);
}

TEST_F(QuotaMonitorTest, ChangingTheWatchedModelsReevaluatesAtOnce)
{
    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 0.7), model(u"Gemini 3 Flash"_s, 0.0) });
    monitor->start();
    EXPECT_FALSE(monitor->isHolding());
    settings->setValue(SettingKey::QuotaModels, QStringList { u"Gemini 3 Flash"_s });
    EXPECT_TRUE(monitor->isHolding());
    EXPECT_EQ(monitor->toJson().value(u"exhausted"_s).toArray().at(0).toString(), u"Gemini 3 Flash"_s);
}

TEST_F(QuotaMonitorTest, HoldWhenIsASettingThatAppliesAtOnce)
{
    settings->setValue(SettingKey::QuotaModels, QStringList());
    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 0.7), model(u"Gemini 3 Flash"_s, 0.0),
                               model(u"GPT-OSS 120B"_s, std::nullopt) });
    EXPECT_EQ(settings->stringValue(SettingKey::QuotaHoldWhen), u"any"_s); // the extension's rule
    QSignalSpy holds(monitor.get(), &QuotaMonitor::holdChanged);
    monitor->start();
    EXPECT_TRUE(monitor->isHolding());
    EXPECT_EQ(monitor->verdict().exhausted, QStringList { u"Gemini 3 Flash"_s });
    ASSERT_TRUE(settings->setValue(SettingKey::QuotaHoldWhen, u"all"_s));
    EXPECT_FALSE(monitor->isHolding());
    EXPECT_EQ(holds.size(), 2);
    QString error;
    EXPECT_FALSE(settings->setValue(SettingKey::QuotaHoldWhen, u"most"_s, &error));
    EXPECT_TRUE(error.contains(u"quota/holdWhen"_s)) << error.toStdString();
    EXPECT_EQ(monitor->toJson().value(u"holdWhen"_s).toString(), u"all"_s);
    EXPECT_EQ(monitor->toJson().value(u"lowestPercent"_s).toInt(-1), 0);
}

// The whole path: the provider says spent → the queue holds past its silence → the quota
// returns at its reset time → the queue resends the cut-off prompt (quota/resumeQueue on, even
// with auto-continue on), or sends "Continue" (resume off, auto-continue on) — the extension's
// rule (Scheduler.resume(): "1. Handle Queue Resume (Prioritized)", then "2. Handle Generic
// Auto-Continue (if not in queue or queue resume disabled)").
struct ResumeCase
{
    bool resume;
    bool autoContinue;
    const char *name;
};

class QuotaHoldsTheQueueTest : public QuotaMonitorTest, public ::testing::WithParamInterface<ResumeCase>
{
};

TEST_P(QuotaHoldsTheQueueTest, AndResumesWhenTheQuotaReturns)
{
    const ResumeCase rule = GetParam();
    settings->setValue(SettingKey::ScheduleMode, u"queue"_s);
    settings->setValue(SettingKey::QuotaResumeQueue, rule.resume);
    settings->setValue(SettingKey::QuotaAutoContinue, rule.autoContinue);
    ScriptedChat chat;
    Scheduler scheduler(settings.get(), &chat, clock.get(), configDir());
    QObject::connect(monitor.get(), &QuotaMonitor::holdChanged, &scheduler, &Scheduler::setQuotaHold);
    scheduler.start();
    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 0.2) });
    monitor->start();
    ASSERT_TRUE(scheduler.setQueue({ u"task one"_s, u"task two"_s }));
    ASSERT_TRUE(scheduler.startQueue());
    ASSERT_EQ(chat.delivered, QStringList { u"task one"_s });

    // The agent works, then the model runs out mid-task (spent until 13:00).
    chat.generating = true;
    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 0.0, at(13, 0)) });
    clock->advance(60s);
    chat.generating = false;
    EXPECT_TRUE(scheduler.isQuotaHeld());
    clock->advanceTo(at(12, 59));
    EXPECT_EQ(chat.delivered, QStringList { u"task one"_s })
        << "the queue moved on while the quota was spent";

    provider->next = reading({ model(u"Claude Sonnet 4.5"_s, 1.0, at(18, 0)) });
    clock->advanceTo(at(13, 0).addSecs(2));
    EXPECT_FALSE(scheduler.isQuotaHeld());
    EXPECT_EQ(chat.delivered, (QStringList { u"task one"_s, rule.resume ? u"task one"_s : u"Continue"_s }));
    clock->advance(40s);
    EXPECT_EQ(chat.delivered.last(), u"task two"_s);
}

INSTANTIATE_TEST_SUITE_P(ResendOrContinue, QuotaHoldsTheQueueTest,
                         ::testing::Values(ResumeCase { true, false, "ResumeQueue" },
                                           ResumeCase { true, true, "ResumeWinsOverAutoContinue" },
                                           ResumeCase { false, true, "AutoContinue" }),
                         [](const ::testing::TestParamInfo<ResumeCase> &info) {
                             return std::string(info.param.name);
                         });

} // namespace
