// The scheduler on a fake clock with a scripted chat: every mode and transition, the silence
// rule, check prompts, failures, quota holds and what survives a crash.
#include "scheduler/Scheduler.h"

#include "QtPrinters.h"
#include "ScheduleTestBase.h"
#include "ScriptedChat.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

#include <functional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// The sentence a queue control refuses with (it must refuse).
QString refusal(const std::function<bool(QString *why)> &act)
{
    QString why;
    EXPECT_FALSE(act(&why));
    return why;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

class SchedulerTest : public ScheduleTestBase
{
protected:
    void SetUp() override { startSettingsAndClock(berlin()); }

    static QTimeZone berlin() { return QTimeZone("Europe/Berlin"); }

    Scheduler &make()
    {
        scheduler = std::make_unique<Scheduler>(settings.get(), &chat, clock.get(), dir);
        scheduler->start();
        return *scheduler;
    }

    // Turns on the `mode` schedule ("interval", "daily") at `value`, sending `prompt`, and
    // starts the scheduler.
    void startSchedule(const QString &mode, const QString &value, const QString &prompt = {})
    {
        set(SettingKey::ScheduleMode, mode);
        set(SettingKey::ScheduleValue, value);
        if (!prompt.isEmpty())
            set(SettingKey::SchedulePrompt, prompt);
        set(SettingKey::ScheduleEnabled, true);
        make();
    }

    void startQueue(const QStringList &prompts)
    {
        if (!scheduler)
            make();
        ASSERT_TRUE(scheduler->setQueue(prompts));
        ASSERT_TRUE(scheduler->startQueue());
    }

    // The history holds one prompt, sent or not: its source, outcome and why.
    void expectOnlyRecord(const QString &source, const QString &outcome, const QString &detail)
    {
        ASSERT_EQ(scheduler->history().entries().size(), 1);
        const PromptRecord &entry = scheduler->history().entries().last();
        EXPECT_EQ(entry.source, source);
        EXPECT_EQ(entry.outcome, outcome);
        EXPECT_EQ(entry.detail, detail);
    }

    // The quota is spent for `span`, then back.
    void quotaSpentFor(std::chrono::milliseconds span)
    {
        scheduler->setQuotaHold(true, u"spent"_s);
        clock->advance(span);
        scheduler->setQuotaHold(false);
    }

    // Lets the agent answer for `busy` (generating), then stay quiet.
    void agentWorks(std::chrono::milliseconds busy)
    {
        chat.generating = true;
        clock->advance(busy);
        chat.generating = false;
    }

    QString file(const QString &name) const { return QDir(dir).filePath(name); }
    QJsonObject savedQueue() const { return readJson(file(Scheduler::queueFileName())); }

    // A clean quit and the next start.
    void restart()
    {
        scheduler->shutdown();
        scheduler.reset();
        make();
    }

    // What a SIGKILL leaves behind: the files as they are now, without the clean shutdown.
    void simulateKill()
    {
        const QStringList names
            = { Scheduler::queueFileName(), Scheduler::historyFileName(), Scheduler::statsFileName() };
        QHash<QString, QByteArray> contents;
        for (const QString &name : names) {
            QFile f(file(name));
            if (f.open(QIODevice::ReadOnly))
                contents.insert(name, f.readAll());
        }
        scheduler.reset();
        for (auto it = contents.cbegin(); it != contents.cend(); ++it) {
            QFile f(file(it.key()));
            ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(it.value());
        }
    }

    ScriptedChat chat;
    std::unique_ptr<Scheduler> scheduler;
};

TEST_F(SchedulerTest, TheQueueSendsInOrderEachAfterTheAgentFallsSilent)
{
    startQueue({ u"one"_s, u"two"_s, u"three"_s });
    EXPECT_EQ(chat.delivered, QStringList { u"one"_s });
    EXPECT_EQ(scheduler->phase(), Scheduler::Phase::WaitingForSilence);

    agentWorks(20s); // generating until t0+20
    clock->advance(29s); // quiet for 29 s
    EXPECT_EQ(chat.delivered.size(), 1);
    clock->advance(1s); // quiet for 30 s
    EXPECT_EQ(chat.delivered, (QStringList { u"one"_s, u"two"_s }));

    // A short answer: the silence counts from 10 s after the send, not from the answer's end.
    agentWorks(5s);
    clock->advance(34s);
    EXPECT_EQ(chat.delivered.size(), 2);
    clock->advance(1s);
    EXPECT_EQ(chat.delivered, (QStringList { u"one"_s, u"two"_s, u"three"_s }));
    clock->advance(60s);
    EXPECT_EQ(chat.delivered.size(), 3);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
    EXPECT_TRUE(scheduler->queue().items.isEmpty()); // consume
    EXPECT_EQ(scheduler->queue().reason.english(), u"Every prompt of the queue was sent."_s);
    EXPECT_EQ(scheduler->stats().queueItemsCompleted, 3);
    EXPECT_EQ(scheduler->promptsSentThisRun(), 3);
}

TEST_F(SchedulerTest, TheSilenceWindowOpensTenSecondsAfterTheSend)
{
    // An agent that is quiet right after the send is not yet silent: it may be starting up.
    set(SettingKey::ScheduleSilenceTimeoutS, 10);
    startQueue({ u"one"_s, u"two"_s, u"three"_s });
    clock->advance(19s);
    EXPECT_EQ(chat.delivered.size(), 1);
    clock->advance(1s);
    EXPECT_EQ(chat.delivered.size(), 2);
    // It starts answering 8 s after the send, for 4 s: silent from then on.
    clock->advance(8s);
    agentWorks(4s);
    clock->advance(9s);
    EXPECT_EQ(chat.delivered.size(), 2);
    clock->advance(1s);
    EXPECT_EQ(chat.delivered.size(), 3);
}

TEST_F(SchedulerTest, ALongGenerationNeverCountsAsSilence)
{
    startQueue({ u"one"_s, u"two"_s });
    agentWorks(10min);
    EXPECT_EQ(chat.delivered.size(), 1) << "the queue advanced while the agent was generating";
    // No stop button, but the reply keeps growing: still not silent.
    for (int i = 0; i < 20; ++i) {
        chat.growReply();
        clock->advance(5s);
    }
    EXPECT_EQ(chat.delivered.size(), 1) << "the queue advanced while the reply grew";
    clock->advance(31s);
    EXPECT_EQ(chat.delivered.size(), 2);
}

TEST_F(SchedulerTest, ClicksRestartTheSilenceWindow)
{
    startQueue({ u"one"_s, u"two"_s });
    for (int i = 0; i < 6; ++i) {
        clock->advance(20s);
        scheduler->noteActivity(u"auto-accept clicked Run"_s);
    }
    EXPECT_EQ(chat.delivered.size(), 1);
    clock->advance(30s);
    EXPECT_EQ(chat.delivered.size(), 2);
}

TEST_F(SchedulerTest, WhatCannotBeSeenIsNotSilence)
{
    startQueue({ u"one"_s, u"two"_s });
    chat.observeFails = true;
    clock->advance(5min);
    EXPECT_EQ(chat.delivered.size(), 1);
    EXPECT_FALSE(scheduler->queueStatus().value(u"silence"_s).toObject().value(u"watching"_s).toBool());
    chat.observeFails = false;
    clock->advance(31s);
    EXPECT_EQ(chat.delivered.size(), 2);
}

TEST_F(SchedulerTest, CheckPromptsFollowEachTaskAndConsumeRemovesOnlyFinishedTasks)
{
    set(SettingKey::ScheduleCheckPromptEnabled, true);
    set(SettingKey::ScheduleCheckPromptText, u"Check it."_s);
    startQueue({ u"one"_s, u"two"_s });
    EXPECT_EQ(chat.delivered, QStringList { u"one"_s });
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"one"_s, u"Check it."_s }));
    EXPECT_EQ(scheduler->queue().items.size(), 2) << "the task is removed only after its check";
    EXPECT_EQ(scheduler->queue().step, PromptQueue::Step::Check);
    EXPECT_EQ(savedQueue().value(u"step"_s).toString(), u"check"_s);
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"one"_s, u"Check it."_s, u"two"_s }));
    ASSERT_EQ(scheduler->queue().items.size(), 1);
    EXPECT_EQ(scheduler->queue().items.first().text, u"two"_s);
    EXPECT_EQ(savedQueue().value(u"items"_s).toArray().size(), 1);
    clock->advance(40s);
    clock->advance(40s);
    EXPECT_EQ(chat.delivered.size(), 4);
    EXPECT_EQ(chat.delivered.last(), u"Check it."_s);
    EXPECT_TRUE(scheduler->queue().items.isEmpty());
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
    const QStringList sources = [&] {
        QStringList list;
        for (const PromptRecord &r : scheduler->history().entries())
            list.append(r.source);
        return list;
    }();
    EXPECT_EQ(sources, (QStringList { u"queue"_s, u"check"_s, u"queue"_s, u"check"_s }));
}

TEST_F(SchedulerTest, LoopModeStartsOverAndKeepsItsPrompts)
{
    set(SettingKey::ScheduleQueueMode, u"loop"_s);
    startQueue({ u"a"_s, u"b"_s });
    clock->advance(40s);
    clock->advance(40s);
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s, u"a"_s, u"b"_s }));
    EXPECT_EQ(scheduler->queue().items.size(), 2);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    EXPECT_EQ(scheduler->queue().position, 1);
    EXPECT_EQ(scheduler->queue().items.at(0).status, QueueItem::Status::Done);
}

TEST_F(SchedulerTest, PauseResumeSkipStopAndReset)
{
    startQueue({ u"a"_s, u"b"_s, u"c"_s, u"d"_s });
    EXPECT_TRUE(scheduler->pauseQueue());
    EXPECT_EQ(refusal([&](QString *why) { return scheduler->pauseQueue(why); }),
              u"The queue is not running."_s);
    clock->advance(5min);
    EXPECT_EQ(chat.delivered.size(), 1) << "a paused queue never advances";
    EXPECT_EQ(savedQueue().value(u"state"_s).toString(), u"paused"_s);

    // Resuming waits for a fresh silence window; the sent prompt is not sent again.
    EXPECT_TRUE(scheduler->resumeQueue());
    EXPECT_EQ(chat.delivered.size(), 1);
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s }));

    // Skip moves on at once; in consume mode the skipped prompt stays in the queue.
    EXPECT_TRUE(scheduler->skipPrompt());
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s, u"c"_s }));
    EXPECT_EQ(scheduler->queue().items.at(0).text, u"b"_s);
    EXPECT_EQ(scheduler->queue().items.at(0).status, QueueItem::Status::Skipped);

    EXPECT_TRUE(scheduler->stopQueue());
    EXPECT_EQ(refusal([&](QString *why) { return scheduler->stopQueue(why); }),
              u"The queue is not running."_s);
    EXPECT_EQ(refusal([&](QString *why) { return scheduler->resumeQueue(why); }),
              u"The queue is stopped, not paused; start it."_s);
    clock->advance(5min);
    EXPECT_EQ(chat.delivered.size(), 3);

    EXPECT_TRUE(scheduler->rewindQueue());
    EXPECT_EQ(scheduler->queue().position, 0);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
    for (const QueueItem &item : scheduler->queue().items)
        EXPECT_EQ(item.status, QueueItem::Status::Pending);
    EXPECT_TRUE(scheduler->startQueue());
    EXPECT_EQ(chat.delivered.last(), u"b"_s) << "after a reset the queue starts at its first prompt";

    // Clearing (the extension's resetQueue) stops the running queue and empties it.
    const qsizetype sent = chat.delivered.size();
    EXPECT_TRUE(scheduler->clearQueue());
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
    EXPECT_TRUE(scheduler->queue().items.isEmpty());
    clock->advance(5min);
    EXPECT_EQ(chat.delivered.size(), sent) << "a cleared queue sends nothing more";
    EXPECT_EQ(refusal([&](QString *why) { return scheduler->startQueue(why); }),
              u"The queue is empty; add prompts first."_s);
}

TEST_F(SchedulerTest, AStartWithinTwoSecondsOfAnotherIsIgnored)
{
    startQueue({ u"a"_s, u"b"_s });
    EXPECT_EQ(refusal([&](QString *why) { return scheduler->startQueue(why); }),
              u"Ignored: the queue was started less than 2 s ago."_s);
    scheduler->stopQueue();
    clock->advance(1500ms);
    EXPECT_EQ(refusal([&](QString *why) { return scheduler->startQueue(why); }),
              u"Ignored: the queue was started less than 2 s ago."_s);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
    clock->advance(600ms);
    EXPECT_TRUE(scheduler->startQueue());
    EXPECT_EQ(chat.delivered.size(), 1) << "a restarted queue does not send its sent prompt again";
}

TEST_F(SchedulerTest, StartIsRefusedWithAReason)
{
    make();
    EXPECT_EQ(refusal([&](QString *why) { return scheduler->startQueue(why); }),
              u"The queue is empty; add prompts first."_s);
    set(SettingKey::ScheduleMode, u"interval"_s);
    scheduler->setQueue({ u"a"_s });
    EXPECT_EQ(refusal([&](QString *why) { return scheduler->startQueue(why); }),
              u"The queue runs in Queue mode only, and prompts are now sent every few "
              "minutes. Choose Queue as the mode first (schedule/mode “queue”)."_s);
    set(SettingKey::ScheduleMode, u"queue"_s);
    EXPECT_EQ(refusal([&](QString *why) {
                  return scheduler->setQueue({ u"a"_s, u"  "_s }, why);
              }),
              u"Prompt 2 of the queue is empty."_s);
    EXPECT_TRUE(scheduler->startQueue());
    EXPECT_EQ(refusal([&](QString *why) { return scheduler->setQueue({ u"x"_s }, why); }),
              u"The queue is running; pause or stop it before replacing its prompts."_s);
}

TEST_F(SchedulerTest, AFailedSendIsRetriedOnceThenTheQueueStopsAndSaysWhy)
{
    make();
    QStringList stopped;
    QObject::connect(scheduler.get(), &Scheduler::queueStopped, scheduler.get(),
                     [&](const QString &reason) { stopped.append(reason); });
    chat.failNext(2, u"no chat input box on “Fixture IDE”"_s);
    startQueue({ u"a"_s, u"b"_s });
    EXPECT_EQ(chat.attempts.size(), 1);
    EXPECT_EQ(scheduler->phase(), Scheduler::Phase::RetryWait);
    clock->advance(4s);
    EXPECT_EQ(chat.attempts.size(), 1);
    clock->advance(1s);
    EXPECT_EQ(chat.attempts.size(), 2);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
    ASSERT_EQ(stopped.size(), 1);
    EXPECT_TRUE(stopped.first().contains(u"no chat input box on “Fixture IDE”"_s))
        << stopped.first().toStdString();
    EXPECT_TRUE(stopped.first().contains(u"tried twice"_s));
    EXPECT_EQ(scheduler->queue().current().status, QueueItem::Status::Failed);
    EXPECT_EQ(savedQueue().value(u"reason"_s).toString(), stopped.first());
    const QList<PromptRecord> &history = scheduler->history().entries();
    ASSERT_EQ(history.size(), 2);
    EXPECT_EQ(history.at(0).outcome, u"failed"_s);
    EXPECT_EQ(history.at(1).detail, u"no chat input box on “Fixture IDE”"_s);
    EXPECT_EQ(scheduler->stats().sendFailures, 2);

    // Started again (past the debounce), it sends the failed prompt.
    clock->advance(3s);
    EXPECT_TRUE(scheduler->startQueue());
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
}

TEST_F(SchedulerTest, OneFailureThenSuccessGoesOn)
{
    chat.failNext(1, u"the page reloaded"_s);
    startQueue({ u"a"_s, u"b"_s, u"c"_s });
    clock->advance(5s);
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s }));
    // A later failure gets its own retry.
    chat.failNext(1, u"the page reloaded"_s);
    clock->advance(40s);
    EXPECT_EQ(chat.delivered.size(), 2);
    clock->advance(5s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s, u"c"_s }));
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
}

TEST_F(SchedulerTest, AUserTypingInTheBoxDelaysWithoutCountingAsAFailure)
{
    chat.failNext(3, u"the user is typing in the chat box"_s, true);
    startQueue({ u"a"_s });
    clock->advance(10s);
    clock->advance(10s);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    clock->advance(10s);
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
    EXPECT_EQ(scheduler->stats().sendFailures, 0);
}

// Every send goes one way (send, count, record); a manual send that meets a typing user is told
// so and the history says "skipped", as it does for scheduled prompts — not "failed".
TEST_F(SchedulerTest, AManualSendWhileTheUserTypesIsSkippedNotFailed)
{
    make();
    chat.failNext(1, u"the user is typing in the chat box"_s, true);
    std::optional<ChatSendOutcome> told;
    QObject context;
    scheduler->sendPrompt(u"hello"_s, {}, &context, [&](const ChatSendOutcome &o) { told = o; });
    ASSERT_TRUE(told);
    EXPECT_TRUE(told->retryLater);
    ASSERT_EQ(scheduler->history().entries().size(), 1);
    EXPECT_EQ(scheduler->history().entries().first().outcome, u"skipped"_s);
    EXPECT_EQ(scheduler->stats().sendFailures, 0);
    EXPECT_EQ(scheduler->stats().promptsSent, 0);
}

TEST_F(SchedulerTest, TheTargetConversationGoesWithEverySend)
{
    set(SettingKey::ScheduleTargetConversation, u"Fix flaky test"_s);
    startQueue({ u"a"_s });
    ASSERT_EQ(chat.attempts.size(), 1);
    EXPECT_EQ(chat.attempts.first().conversation, u"Fix flaky test"_s);
    EXPECT_EQ(scheduler->history().entries().first().conversation, u"Fix flaky test"_s);
}

TEST_F(SchedulerTest, HistoryKeepsTheLastFiftySendsWithTimeTargetTextAndOutcome)
{
    make();
    for (int i = 0; i < 55; ++i) {
        scheduler->sendPrompt(u"prompt %1"_s.arg(i), {}, nullptr, {});
        clock->advance(1s);
    }
    const QList<PromptRecord> &entries = scheduler->history().entries();
    ASSERT_EQ(entries.size(), 50);
    EXPECT_EQ(entries.first().text, u"prompt 5"_s);
    EXPECT_EQ(entries.last().text, u"prompt 54"_s);
    EXPECT_EQ(entries.last().outcome, u"sent"_s);
    EXPECT_EQ(entries.last().target, u"Fixture IDE"_s);
    EXPECT_EQ(entries.last().source, u"manual"_s);
    EXPECT_EQ(entries.last().time, QDateTime(QDate(2024, 3, 30), QTime(10, 0, 54), berlin()));
    const QJsonArray saved = readJson(file(Scheduler::historyFileName())).value(u"entries"_s).toArray();
    ASSERT_EQ(saved.size(), 50);
    EXPECT_EQ(saved.last().toObject().value(u"text"_s).toString(), u"prompt 54"_s);

    set(SettingKey::ScheduleHistorySize, 10);
    EXPECT_EQ(scheduler->history().entries().size(), 10);
}

// ---- quota --------------------------------------------------------------------------------

TEST_F(SchedulerTest, QuotaHoldsTheQueueAndResendsTheCutOffPrompt)
{
    startQueue({ u"a"_s, u"b"_s });
    clock->advance(5s);
    scheduler->setQuotaHold(true, u"Claude Sonnet 4.5 is out of quota"_s);
    EXPECT_EQ(scheduler->phase(), Scheduler::Phase::HeldByQuota);
    clock->advance(2h);
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s }) << "the queue advanced while the quota was spent";
    scheduler->setQuotaHold(false);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"a"_s }))
        << "quota/resumeQueue resends the current prompt";
    EXPECT_EQ(scheduler->history().entries().last().source, u"resend"_s);
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"a"_s, u"b"_s }));
}

TEST_F(SchedulerTest, QuotaResumeWinsOverAutoContinueAsInTheExtension)
{
    set(SettingKey::QuotaAutoContinue, true);
    startQueue({ u"a"_s, u"b"_s });
    quotaSpentFor(1h);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"a"_s }));
    EXPECT_EQ(scheduler->history().entries().last().source, u"resend"_s);
}

TEST_F(SchedulerTest, QuotaAutoContinueSendsContinueWhenResumeIsOff)
{
    set(SettingKey::QuotaResumeQueue, false);
    set(SettingKey::QuotaAutoContinue, true);
    startQueue({ u"a"_s, u"b"_s });
    quotaSpentFor(1h);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"Continue"_s }));
    EXPECT_EQ(scheduler->history().entries().last().source, u"continue"_s);
    clock->advance(39s);
    EXPECT_EQ(chat.delivered.size(), 2);
    clock->advance(1s);
    EXPECT_EQ(chat.delivered.last(), u"b"_s);
}

TEST_F(SchedulerTest, WithNeitherResumeOptionTheQueueWaitsForSilenceAgain)
{
    set(SettingKey::QuotaResumeQueue, false);
    startQueue({ u"a"_s, u"b"_s });
    quotaSpentFor(1h);
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s }));
}

TEST_F(SchedulerTest, AHoldBeforeTheFirstSendJustDelaysIt)
{
    make();
    scheduler->setQuotaHold(true, u"spent"_s);
    startQueue({ u"a"_s });
    EXPECT_TRUE(chat.attempts.isEmpty());
    EXPECT_EQ(scheduler->phase(), Scheduler::Phase::HeldByQuota);
    scheduler->setQuotaHold(false);
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
    EXPECT_EQ(scheduler->history().entries().last().source, u"queue"_s);
}

// ---- interval and daily -------------------------------------------------------------------

TEST_F(SchedulerTest, IntervalModeSendsEveryNMinutes)
{
    startSchedule(u"interval"_s, u"30"_s, u"Status report please"_s);
    EXPECT_EQ(scheduler->nextScheduledSend(), clock->now().addSecs(30 * 60));
    clock->advance(29min);
    EXPECT_TRUE(chat.delivered.isEmpty());
    clock->advance(1min);
    EXPECT_EQ(chat.delivered, QStringList { u"Status report please"_s });
    clock->advance(90min);
    EXPECT_EQ(chat.delivered.size(), 4);
    EXPECT_EQ(scheduler->history().entries().last().source, u"interval"_s);

    // A spent quota skips a slot (and says so); disabling stops the schedule.
    scheduler->setQuotaHold(true, u"spent"_s);
    clock->advance(30min);
    EXPECT_EQ(chat.delivered.size(), 4);
    EXPECT_EQ(scheduler->history().entries().last().outcome, u"skipped"_s);
    scheduler->setQuotaHold(false);
    set(SettingKey::ScheduleEnabled, false);
    EXPECT_FALSE(scheduler->nextScheduledSend().isValid());
    clock->advance(3h);
    EXPECT_EQ(chat.delivered.size(), 4);
}

TEST_F(SchedulerTest, TheAppsPauseHoldsTimedPromptsAndSaysWhyEachWasSkipped)
{
    startSchedule(u"interval"_s, u"30"_s, u"Status report please"_s);
    scheduler->setAppPaused(true);
    clock->advance(30min);
    EXPECT_TRUE(chat.delivered.isEmpty()) << "a timed prompt went while the app was paused";
    const PromptRecord &skipped = scheduler->history().entries().last();
    EXPECT_EQ(skipped.outcome, u"skipped"_s);
    EXPECT_TRUE(skipped.detail.contains(u"paused"_s)) << skipped.detail.toStdString();
    EXPECT_TRUE(scheduler->nextScheduledSend().isValid()) << "the schedule stays armed";
    scheduler->setAppPaused(false);
    clock->advance(30min);
    EXPECT_EQ(chat.delivered, QStringList { u"Status report please"_s });
}

TEST_F(SchedulerTest, TheAppsPausePausesARunningQueueAndResumesOnlyWhatItPaused)
{
    startQueue({ u"a"_s, u"b"_s, u"c"_s });
    scheduler->setAppPaused(true);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Paused);
    clock->advance(5min);
    EXPECT_EQ(chat.delivered.size(), 1) << "the queue went on under the app's pause";
    scheduler->setAppPaused(false);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s }));

    // Paused by the user first: the app's pause and its end leave it paused.
    EXPECT_TRUE(scheduler->pauseQueue());
    scheduler->setAppPaused(true);
    scheduler->setAppPaused(false);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Paused)
        << "unpausing the app resumed the user's pause";

    // Paused by the app, then stopped by the user meanwhile: it stays stopped.
    EXPECT_TRUE(scheduler->resumeQueue());
    scheduler->setAppPaused(true);
    EXPECT_TRUE(scheduler->stopQueue());
    scheduler->setAppPaused(false);
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
    clock->advance(5min);
    EXPECT_EQ(chat.delivered.size(), 2);
}

// A user typing in the chat box when an interval, daily or "Continue" prompt comes: the chat
// touches nothing and asks to be tried later (ChatSurface's typing rule).
const QString kTyping = u"the user is typing in the chat box"_s;

TEST_F(SchedulerTest, AnIntervalPromptThatMeetsAUserTypingIsSentWhenTheUserStops)
{
    startSchedule(u"interval"_s, u"30"_s, u"Status report please"_s);
    const QDateTime start = clock->now();
    chat.failNext(2, kTyping, true);
    clock->advance(30min);
    ASSERT_EQ(chat.attempts.size(), 1);
    EXPECT_TRUE(chat.delivered.isEmpty());
    EXPECT_TRUE(scheduler->isWaitingForTyping());
    EXPECT_TRUE(scheduler->history().entries().isEmpty()); // not a failure
    EXPECT_EQ(scheduler->scheduleStatus().value(u"waitingForTyping"_s).toObject().value(u"nextTry"_s).toInt(),
              2);

    clock->advance(Scheduler::kUserTypingDelay);
    EXPECT_EQ(chat.attempts.size(), 2);
    EXPECT_TRUE(chat.delivered.isEmpty());
    clock->advance(Scheduler::kUserTypingDelay);
    EXPECT_EQ(chat.delivered, QStringList { u"Status report please"_s });
    EXPECT_FALSE(scheduler->isWaitingForTyping());
    ASSERT_NO_FATAL_FAILURE(expectOnlyRecord(
        u"interval"_s, u"sent"_s, u"the user was typing in the chat box; sent on try 3, 20 s late"_s));
    EXPECT_EQ(scheduler->stats().sendFailures, 0);
    EXPECT_EQ(scheduler->stats().promptsSent, 1);
    // The cadence is the schedule's, not the late send's.
    EXPECT_EQ(scheduler->nextScheduledSend(), start.addSecs(60 * 60));
}

TEST_F(SchedulerTest, ADailyPromptWhileTheUserKeepsTypingIsTriedABoundedNumberOfTimesThenSkipped)
{
    startSchedule(u"daily"_s, u"10:30"_s, u"Morning review"_s);
    chat.failNext(1 + Scheduler::kTypingRetries, kTyping, true);
    clock->advance(30min);
    clock->advance(10min);
    EXPECT_EQ(chat.attempts.size(), 1 + Scheduler::kTypingRetries);
    EXPECT_TRUE(chat.delivered.isEmpty());
    EXPECT_FALSE(scheduler->isWaitingForTyping());
    ASSERT_NO_FATAL_FAILURE(
        expectOnlyRecord(u"daily"_s, u"skipped"_s,
                         u"the user kept typing in the chat box; not sent after 7 tries over 60 s"_s));
    EXPECT_EQ(scheduler->stats().sendFailures, 0);
    clock->advance(1h);
    EXPECT_EQ(chat.attempts.size(), 1 + Scheduler::kTypingRetries);
    // The next day's prompt goes as usual.
    clock->advance(24h);
    EXPECT_EQ(chat.delivered, QStringList { u"Morning review"_s });
}

TEST_F(SchedulerTest, TheRetriesAlsoEndWithinTheirWindowWhenEachTryWaitsLong)
{
    // In the app each try waits for the typing to rest (ChatSurface's typing patience) before
    // it asks to be retried: the window bounds the whole wait, whatever the number of tries.
    startSchedule(u"interval"_s, u"60"_s, u"Hourly check"_s);
    chat.setHoldSends(true);
    clock->advance(60min);
    int tries = 0;
    while (chat.heldSends() > 0) {
        ++tries;
        clock->advance(100s);
        chat.answerHeld(false, kTyping, true);
        clock->advance(Scheduler::kUserTypingDelay);
    }
    EXPECT_LT(tries, 1 + Scheduler::kTypingRetries);
    EXPECT_EQ(tries, 3); // 110 s a try: a fourth would end after the 5 minutes
    EXPECT_EQ(scheduler->history().entries().last().outcome, u"skipped"_s);
    EXPECT_EQ(scheduler->history().entries().last().detail,
              u"the user kept typing in the chat box; not sent after 3 tries over 320 s"_s);
}

TEST_F(SchedulerTest, TheNextScheduledPromptTakesThePlaceOfOneStillWaitingForTheUser)
{
    startSchedule(u"interval"_s, u"1"_s, u"Keep going"_s);
    chat.setHoldSends(true);
    // The first try takes 55 s to find the user still typing: its retry would be due after
    // the next slot, which takes its place.
    clock->advance(1min);
    clock->advance(55s);
    chat.answerHeld(false, kTyping, true);
    EXPECT_TRUE(scheduler->isWaitingForTyping());
    clock->advance(5s);
    EXPECT_EQ(chat.heldSends(), 1); // the second slot's prompt
    ASSERT_EQ(scheduler->history().entries().size(), 1);
    EXPECT_EQ(scheduler->history().entries().last().outcome, u"skipped"_s);
    EXPECT_TRUE(scheduler->history().entries().last().detail.contains(u"the next scheduled prompt came"_s));

    // A try still under way when the next slot comes is not tried again either.
    clock->advance(1min);
    EXPECT_EQ(chat.heldSends(), 2);
    chat.answerHeld(false, kTyping, true);
    EXPECT_EQ(scheduler->history().entries().size(), 2);
    EXPECT_EQ(scheduler->history().entries().last().outcome, u"skipped"_s);
    chat.answerHeld(true);
    EXPECT_EQ(scheduler->history().entries().last().outcome, u"sent"_s);

    // Turning the schedule off drops a prompt that waits, and says so.
    chat.setHoldSends(false);
    chat.failNext(1, kTyping, true);
    clock->advance(1min);
    EXPECT_TRUE(scheduler->isWaitingForTyping());
    set(SettingKey::ScheduleEnabled, false);
    EXPECT_FALSE(scheduler->isWaitingForTyping());
    EXPECT_EQ(scheduler->history().entries().last().detail,
              u"the schedule was turned off while it waited for the user to stop typing"_s);
    const qsizetype attempts = chat.attempts.size();
    clock->advance(10min);
    EXPECT_EQ(chat.attempts.size(), attempts);
}

TEST_F(SchedulerTest, ContinueAfterTheQuotaReturnsAlsoWaitsForTheUserToStopTyping)
{
    set(SettingKey::QuotaAutoContinue, true);
    make();
    scheduler->setQuotaHold(true, u"spent"_s);
    chat.failNext(1, kTyping, true);
    scheduler->setQuotaHold(false);
    EXPECT_TRUE(chat.delivered.isEmpty());
    EXPECT_TRUE(scheduler->isWaitingForTyping());
    clock->advance(Scheduler::kUserTypingDelay);
    ASSERT_EQ(chat.delivered.size(), 1);
    EXPECT_EQ(scheduler->history().entries().last().source, u"continue"_s);
    EXPECT_EQ(scheduler->history().entries().last().outcome, u"sent"_s);
}

TEST_F(SchedulerTest, ASendThatWentToTheActiveConversationInsteadSaysSoInTheHistory)
{
    set(SettingKey::ScheduleTargetConversation, u"Refactor the lexer"_s);
    make();
    chat.sendNote
        = u"no conversation named “Refactor the lexer”; sent to the active conversation “Fix the parser”"_s;
    startQueue({ u"a"_s });
    ASSERT_EQ(chat.delivered, QStringList { u"a"_s });
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Running);
    EXPECT_EQ(scheduler->history().entries().last().outcome, u"sent"_s);
    EXPECT_EQ(scheduler->history().entries().last().detail, chat.sendNote);
}

TEST_F(SchedulerTest, DailyModeFiresAtLocalTimeAcrossTheSpringDstChange)
{
    // Europe/Berlin moves from CET to CEST on 2024-03-31 at 02:00.
    clock = std::make_unique<FakeClock>(QDateTime(QDate(2024, 3, 29), QTime(12, 0), berlin()), berlin());
    startSchedule(u"daily"_s, u"09:00"_s);
    clock->advanceTo(QDateTime(QDate(2024, 4, 2), QTime(0, 0), berlin()));
    const QList<PromptRecord> &sent = scheduler->history().entries();
    ASSERT_EQ(sent.size(), 3);
    const QList<QDateTime> expected = {
        QDateTime(QDate(2024, 3, 30), QTime(8, 0), QTimeZone::utc()), // 09:00 CET
        QDateTime(QDate(2024, 3, 31), QTime(7, 0), QTimeZone::utc()), // 09:00 CEST
        QDateTime(QDate(2024, 4, 1), QTime(7, 0), QTimeZone::utc()),
    };
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(sent.at(i).time.toUTC(), expected.at(i)) << i;
        EXPECT_EQ(sent.at(i).time.toTimeZone(berlin()).time(), QTime(9, 0)) << i;
    }
    EXPECT_EQ(scheduler->stats().lastDailyFire, QDate(2024, 4, 1));
}

TEST_F(SchedulerTest, DailyModeFiresOnceOnTheAutumnDayWhenTheHourRepeats)
{
    // On 2024-10-27 Berlin's clocks go from 03:00 CEST back to 02:00 CET: 02:30 happens twice.
    clock = std::make_unique<FakeClock>(QDateTime(QDate(2024, 10, 26), QTime(12, 0), berlin()), berlin());
    startSchedule(u"daily"_s, u"02:30"_s);
    clock->advanceTo(QDateTime(QDate(2024, 10, 27), QTime(12, 0), berlin()));
    ASSERT_EQ(scheduler->history().entries().size(), 1);
    EXPECT_EQ(scheduler->history().entries().first().time.toUTC(),
              QDateTime(QDate(2024, 10, 27), QTime(0, 30), QTimeZone::utc()));
}

TEST_F(SchedulerTest, ARestartOnTheSameDayDoesNotFireTheDailyPromptAgain)
{
    startSchedule(u"daily"_s, u"10:30"_s);
    clock->advance(30min);
    EXPECT_EQ(chat.delivered.size(), 1);
    scheduler.reset();
    make();
    EXPECT_EQ(scheduler->nextScheduledSend().date(), QDate(2024, 3, 31));
}

// ---- clock jumps: suspend and resume, the clock set by hand ---------------------------------

TEST_F(SchedulerTest, AfterASuspendAnIntervalSendsOnceAndCountsFromNow)
{
    startSchedule(u"interval"_s, u"30"_s, u"Status report please"_s);
    clock->advance(10min);
    // Five hours asleep: ten slots went by unseen; one prompt on waking, not ten.
    clock->jumpForward(5h);
    EXPECT_EQ(chat.delivered.size(), 1);
    EXPECT_EQ(scheduler->nextScheduledSend(), clock->now().addSecs(30 * 60));
    clock->advance(29min);
    EXPECT_EQ(chat.delivered.size(), 1);
    clock->advance(1min);
    EXPECT_EQ(chat.delivered.size(), 2);
}

TEST_F(SchedulerTest, AClockSetBackDoesNotSendAnIntervalPromptTwice)
{
    startSchedule(u"interval"_s, u"30"_s, u"Status report please"_s);
    clock->advance(30min); // 10:30, sent
    ASSERT_EQ(chat.delivered.size(), 1);
    clock->jumpBack(2h); // 08:30 again
    // 10:30 comes a second time: already sent; the next slot is the one after it.
    clock->advance(2h);
    EXPECT_EQ(chat.delivered.size(), 1);
    clock->advance(30min); // 11:00
    EXPECT_EQ(chat.delivered.size(), 2);
    EXPECT_EQ(scheduler->history().entries().size(), 2);
}

TEST_F(SchedulerTest, AClockSetBackOrForwardSendsADailyPromptOncePerDay)
{
    startSchedule(u"daily"_s, u"10:30"_s, u"Morning review"_s);
    clock->advance(30min); // 10:30, sent
    ASSERT_EQ(chat.delivered.size(), 1);
    clock->jumpBack(1h); // 09:30 the same day
    clock->advance(3h);
    EXPECT_EQ(chat.delivered.size(), 1) << "the same day's 10:30 again";
    // Set forward past the next day's time: it is sent once, on waking.
    clock->jumpForward(26h);
    EXPECT_EQ(chat.delivered.size(), 2);
    clock->advance(1h);
    EXPECT_EQ(chat.delivered.size(), 2);
    EXPECT_EQ(scheduler->stats().lastDailyFire, clock->now().date());
}

TEST_F(SchedulerTest, AQueueWaitingForSilenceAdvancesOneItemAfterASuspend)
{
    startQueue({ u"a"_s, u"b"_s, u"c"_s });
    ASSERT_EQ(chat.delivered, QStringList { u"a"_s });
    clock->jumpForward(2h);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s }));
    clock->advance(29s);
    EXPECT_EQ(chat.delivered.size(), 2);
}

// ---- persistence and crash recovery -------------------------------------------------------

TEST_F(SchedulerTest, AKillWhileTheAgentWorksPausesAtTheSameItemOnTheNextStart)
{
    startQueue({ u"a"_s, u"b"_s, u"c"_s });
    clock->advance(40s);
    ASSERT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s }));
    EXPECT_EQ(savedQueue().value(u"state"_s).toString(), u"running"_s);
    simulateKill();

    make();
    const PromptQueue &queue = scheduler->queue();
    EXPECT_EQ(queue.state, PromptQueue::State::Paused);
    ASSERT_EQ(queue.items.size(), 2);
    EXPECT_EQ(queue.current().text, u"b"_s);
    EXPECT_EQ(queue.current().status, QueueItem::Status::Unconfirmed);
    EXPECT_EQ(QueueItem::statusName(queue.current().status), u"sent, unconfirmed"_s);
    EXPECT_TRUE(queue.reason.english().contains(u"“b”"_s)) << queue.reason.english().toStdString();
    EXPECT_EQ(scheduler->history().entries().last().outcome, u"sent, unconfirmed"_s);
    EXPECT_EQ(scheduler->notices().size(), 1);
    clock->advance(10min);
    EXPECT_EQ(chat.delivered.size(), 2) << "nothing is sent without the user's word";

    // Resumed, "b" (which the chat had taken) is not sent again; the queue goes on after silence.
    EXPECT_TRUE(scheduler->resumeQueue());
    EXPECT_EQ(chat.delivered.size(), 2);
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s, u"c"_s }));
}

TEST_F(SchedulerTest, AKillDuringTheSendLeavesItUnconfirmedAndResumeChecksTheChatFirst)
{
    chat.setHoldSends(true);
    startQueue({ u"a"_s, u"b"_s });
    ASSERT_EQ(chat.heldSends(), 1);
    EXPECT_EQ(savedQueue().value(u"items"_s).toArray().first().toObject().value(u"status"_s).toString(),
              u"sending"_s);
    simulateKill();
    chat.setHoldSends(false);

    make();
    EXPECT_EQ(scheduler->queue().current().status, QueueItem::Status::Unconfirmed);
    EXPECT_FALSE(scheduler->queue().current().delivered);

    // The chat does not show "a": resuming sends it (once).
    EXPECT_TRUE(scheduler->resumeQueue());
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
    EXPECT_EQ(scheduler->history().entries().last().source, u"resend"_s);
}

TEST_F(SchedulerTest, AnUnconfirmedPromptTheChatShowsIsNotSentAgain)
{
    chat.setHoldSends(true);
    startQueue({ u"a"_s, u"b"_s });
    simulateKill();
    chat.setHoldSends(false);
    chat.userMessages = { u"earlier"_s, u"a"_s }; // it did arrive before the kill

    make();
    EXPECT_TRUE(scheduler->resumeQueue());
    EXPECT_TRUE(chat.delivered.isEmpty());
    EXPECT_EQ(scheduler->phase(), Scheduler::Phase::WaitingForSilence);
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, QStringList { u"b"_s });
}

TEST_F(SchedulerTest, ACleanQuitSavesARunningQueuePaused)
{
    startQueue({ u"a"_s, u"b"_s });
    scheduler->shutdown();
    EXPECT_EQ(savedQueue().value(u"state"_s).toString(), u"paused"_s);
    EXPECT_TRUE(savedQueue().value(u"reason"_s).toString().contains(u"quit"_s));
    scheduler.reset();
    make();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Paused);
    EXPECT_EQ(chat.delivered.size(), 1);
}

// Stopped by the user while the agent worked on a prompt, then a clean quit: the next start says
// nothing about an interruption (there was none) and Start picks the prompt up where it was.
TEST_F(SchedulerTest, AStopAndACleanQuitAreNotReportedAsAnInterruption)
{
    startQueue({ u"a"_s, u"b"_s });
    ASSERT_EQ(scheduler->queue().current().status, QueueItem::Status::Sent);
    EXPECT_TRUE(scheduler->stopQueue());
    restart();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Stopped);
    EXPECT_EQ(scheduler->queue().reason.english(), u"Stopped by the user."_s);
    EXPECT_TRUE(scheduler->notices().isEmpty()) << scheduler->notices().join(u" | "_s).toStdString();
    EXPECT_EQ(scheduler->queue().current().status, QueueItem::Status::Sent);
    // Paused by a clean quit: the quit's own words stay.
    EXPECT_TRUE(scheduler->startQueue());
    restart();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Paused);
    EXPECT_TRUE(scheduler->queue().reason.english().contains(u"The app quit while the queue was running"_s))
        << scheduler->queue().reason.english().toStdString();
    EXPECT_TRUE(scheduler->notices().isEmpty());
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s }) << "nothing sent twice";
}

TEST_F(SchedulerTest, CorruptFilesAreMovedAsideAndTheSchedulerStarts)
{
    for (const QString &name : { Scheduler::queueFileName(), Scheduler::historyFileName() }) {
        QFile f(file(name));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("{\"items\": [ this is not json");
    }
    make();
    EXPECT_TRUE(scheduler->queue().isEmpty());
    ASSERT_EQ(scheduler->notices().size(), 2);
    EXPECT_TRUE(scheduler->notices().first().contains(u"was moved to"_s))
        << scheduler->notices().first().toStdString();
    const QStringList aside = QDir(dir).entryList({ u"*.corrupt-*"_s }, QDir::Files);
    EXPECT_EQ(aside.size(), 2) << aside.join(u' ').toStdString();
    startQueue({ u"a"_s });
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
    EXPECT_FALSE(savedQueue().isEmpty());
}

TEST_F(SchedulerTest, AutoStartRunsAStoppedQueueButNotAPausedOne)
{
    set(SettingKey::ScheduleEnabled, true);
    set(SettingKey::ScheduleAutoStartQueue, true);
    {
        PromptQueue queue;
        queue.replace({ u"a"_s, u"b"_s });
        QFile f(file(Scheduler::queueFileName()));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(queue.toJson()).toJson());
    }
    make();
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
    simulateKill();
    make();
    EXPECT_EQ(scheduler->queue().state, PromptQueue::State::Paused);
    EXPECT_EQ(chat.delivered.size(), 1);
}

} // namespace
