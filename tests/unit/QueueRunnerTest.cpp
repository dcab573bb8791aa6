// The queue's state machine alone, on a fake clock with a scripted chat: what happens when the
// user or the quota steps in while a send or a check of the chat is under way, the check step's
// edges, the end of the queue, and the recovery of a step a crash cut off. (The ordinary runs are
// SchedulerTest's, through the façade.)
#include "scheduler/QueueRunner.h"

#include "QtPrinters.h"
#include "ScheduleTestBase.h"
#include "ScriptedChat.h"
#include "scheduler/PromptSender.h"
#include "scheduler/SchedulerStore.h"

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

using RunnerPhase = QueueRunner::Phase;
using Status = QueueItem::Status;

// A scripted chat whose looks at the transcript can also wait until the test answers them, as a
// real page's do.
class SlowLookingChat : public ScriptedChat
{
public:
    using ScriptedChat::ScriptedChat;

    void observe(QObject *context, ObserveCallback done) override
    {
        if (holdObservations) {
            m_heldObservations.append(std::move(done));
            return;
        }
        ScriptedChat::observe(context, std::move(done));
    }
    void answerHeldObservation()
    {
        if (!m_heldObservations.isEmpty())
            ScriptedChat::observe(nullptr, m_heldObservations.takeFirst());
    }
    int heldObservations() const { return int(m_heldObservations.size()); }

    bool holdObservations = false;

private:
    QList<ObserveCallback> m_heldObservations;
};

class QueueRunnerTest : public ScheduleTestBase
{
protected:
    void SetUp() override
    {
        startSettingsAndClock(QTimeZone::utc());
        store = std::make_unique<SchedulerStore>(dir);
        sender = std::make_unique<PromptSender>(settings.get(), &chat, clock.get(), store.get());
        runner = std::make_unique<QueueRunner>(settings.get(), clock.get(), sender.get(), store.get());
        QObject::connect(runner.get(), &QueueRunner::stopped, runner.get(),
                         [this](const QString &reason) { stopped.append(reason); });
        QObject::connect(runner.get(), &QueueRunner::finished, runner.get(),
                         [this](const QString &reason) { finished.append(reason); });
        QObject::connect(runner.get(), &QueueRunner::stepCompleted, runner.get(),
                         [this](int position, const QString &step) {
                             completed.append(u"%1:%2"_s.arg(position).arg(step));
                         });
    }

    void run(const QStringList &prompts)
    {
        ASSERT_TRUE(runner->setPrompts(prompts));
        ASSERT_TRUE(runner->start());
    }

    // What a restart finds after a kill while `prompts`' first step was with the chat.
    QString restoreCutOffSend(const QStringList &prompts)
    {
        PromptQueue queue;
        queue.replace(prompts);
        queue.state = PromptQueue::State::Running;
        queue.current().status = Status::Sending;
        return runner->restore(queue, true);
    }

    const QueueItem &current() const { return runner->queue().current(); }
    const PromptRecord &lastRecord() const { return sender->history().entries().last(); }

    SlowLookingChat chat;
    std::unique_ptr<SchedulerStore> store;
    std::unique_ptr<PromptSender> sender;
    std::unique_ptr<QueueRunner> runner;
    QStringList stopped;
    QStringList finished;
    QStringList completed;
};

// ---- the user steps in while a send is under way ------------------------------------------

TEST_F(QueueRunnerTest, APauseDuringASendLetsItLandAndTheResumeWaitsForSilenceWithoutSendingAgain)
{
    chat.setHoldSends(true);
    run({ u"a"_s, u"b"_s });
    ASSERT_EQ(runner->phase(), RunnerPhase::Sending);
    EXPECT_TRUE(runner->pause());
    EXPECT_EQ(runner->phase(), RunnerPhase::Sending) << "the send's answer settles the phase";

    chat.answerHeld(true);
    EXPECT_EQ(runner->phase(), RunnerPhase::Idle);
    EXPECT_EQ(current().status, Status::Sent);
    EXPECT_EQ(store->load().queue.current().status, Status::Sent);
    chat.setHoldSends(false);
    clock->advance(5min);
    EXPECT_EQ(chat.attempts.size(), 1) << "a paused queue sent";

    EXPECT_TRUE(runner->resume());
    EXPECT_EQ(runner->phase(), RunnerPhase::WaitingForSilence);
    clock->advance(39s);
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
    clock->advance(1s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s }));
}

TEST_F(QueueRunnerTest, ASendThatFailsAfterTheUserStoppedTheQueueIsNotTriedAgainUntilItStarts)
{
    chat.setHoldSends(true);
    run({ u"a"_s });
    EXPECT_TRUE(runner->stop());
    chat.answerHeld(false, u"the page reloaded"_s);
    EXPECT_EQ(runner->phase(), RunnerPhase::Idle);
    EXPECT_EQ(current().status, Status::Pending);
    EXPECT_EQ(current().error, u"the page reloaded"_s);
    chat.setHoldSends(false);
    clock->advance(1min);
    EXPECT_EQ(chat.attempts.size(), 1);
    EXPECT_TRUE(stopped.isEmpty()) << "the user stopped it; the queue did not stop on its own";

    EXPECT_TRUE(runner->start());
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
}

TEST_F(QueueRunnerTest, APauseDuringTheWaitForAUserTypingHoldsTheRetryUntilTheResume)
{
    chat.failNext(1, u"the user is typing in the chat box"_s, true);
    run({ u"a"_s });
    ASSERT_EQ(runner->phase(), RunnerPhase::RetryWait);
    EXPECT_TRUE(runner->pause());
    EXPECT_EQ(runner->phase(), RunnerPhase::Idle);
    clock->advance(1min);
    EXPECT_EQ(chat.attempts.size(), 1);
    EXPECT_TRUE(runner->resume());
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });
    EXPECT_EQ(sender->stats().sendFailures, 0);
}

TEST_F(QueueRunnerTest, ASkipDuringASendGoesOnToTheNextPromptOnceTheChatAnswers)
{
    chat.setHoldSends(true);
    run({ u"a"_s, u"b"_s });
    EXPECT_TRUE(runner->skip());
    EXPECT_EQ(chat.heldSends(), 1) << "one send at a time";
    chat.answerHeld(true); // "a" landed after all; it stays skipped
    ASSERT_EQ(chat.attempts.size(), 2);
    EXPECT_EQ(chat.attempts.last().text, u"b"_s);
    EXPECT_EQ(runner->phase(), RunnerPhase::Sending);
    EXPECT_EQ(runner->queue().items.at(0).status, Status::Skipped);
}

TEST_F(QueueRunnerTest, AResetDuringASendLeavesTheQueueIdleOnceTheChatAnswers)
{
    chat.setHoldSends(true);
    run({ u"a"_s, u"b"_s });
    runner->reset();
    chat.answerHeld(true);
    EXPECT_EQ(runner->phase(), RunnerPhase::Idle);
    EXPECT_EQ(current().status, Status::Pending) << "an answer about a step that was reset changes nothing";
    clock->advance(5min);
    EXPECT_EQ(chat.attempts.size(), 1);
}

TEST_F(QueueRunnerTest, ASkipWhileTheChatIsCheckedForAnUnconfirmedStepGoesOnToTheNextPrompt)
{
    restoreCutOffSend({ u"a"_s, u"b"_s });
    chat.holdObservations = true;
    EXPECT_TRUE(runner->resume());
    ASSERT_EQ(chat.heldObservations(), 1);
    EXPECT_TRUE(runner->skip());
    EXPECT_TRUE(chat.attempts.isEmpty()) << "nothing is sent while the chat is being looked at";
    chat.holdObservations = false;
    chat.answerHeldObservation();
    EXPECT_EQ(chat.delivered, QStringList { u"b"_s });
    EXPECT_EQ(runner->queue().items.at(0).status, Status::Skipped);
}

// ---- the quota steps in -------------------------------------------------------------------

TEST_F(QueueRunnerTest, AQuotaSpentDuringASendHoldsTheQueueOnceTheChatTookTheStepAndResendsItLater)
{
    chat.setHoldSends(true);
    run({ u"a"_s, u"b"_s });
    runner->setQuotaHold(true, u"spent"_s);
    EXPECT_EQ(runner->phase(), RunnerPhase::Sending);
    chat.answerHeld(true);
    EXPECT_EQ(runner->phase(), RunnerPhase::HeldByQuota);
    EXPECT_EQ(runner->status().value(u"quotaHold"_s).toObject().value(u"reason"_s).toString(), u"spent"_s);
    chat.setHoldSends(false);
    clock->advance(1h);
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s });

    runner->setQuotaHold(false);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"a"_s })) << "quota/resumeQueue sends the step again";
    EXPECT_EQ(lastRecord().source, u"resend"_s);
    EXPECT_EQ(runner->phase(), RunnerPhase::WaitingForSilence);
}

TEST_F(QueueRunnerTest, TheQuotaComingBackIsHandedOnOnlyWhenNoQueueRuns)
{
    int handedOn = 0;
    QObject::connect(runner.get(), &QueueRunner::quotaBackWithoutQueue, runner.get(), [&] { ++handedOn; });
    runner->setQuotaHold(true, u"spent"_s);
    runner->setQuotaHold(false);
    runner->setQuotaHold(false);
    EXPECT_EQ(handedOn, 1) << "only a change counts";

    run({ u"a"_s });
    runner->setQuotaHold(true, u"spent"_s);
    runner->setQuotaHold(false);
    EXPECT_EQ(handedOn, 1) << "the running queue takes the quota back itself";
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"a"_s }));
}

// ---- the check step and the end of the queue ----------------------------------------------

TEST_F(QueueRunnerTest, SkippingTheCheckStepCountsItsTaskAsDone)
{
    set(SettingKey::ScheduleCheckPromptEnabled, true);
    set(SettingKey::ScheduleCheckPromptText, u"Check it."_s);
    run({ u"a"_s, u"b"_s });
    clock->advance(40s);
    ASSERT_EQ(runner->queue().step, PromptQueue::Step::Check);
    EXPECT_EQ(runner->status().value(u"current"_s).toObject().value(u"stepText"_s).toString(),
              u"Check it."_s);

    EXPECT_TRUE(runner->skip());
    EXPECT_EQ(sender->stats().queueItemsCompleted, 1);
    ASSERT_EQ(runner->queue().items.size(), 1) << "consume removes the task whose check was skipped";
    EXPECT_EQ(current().text, u"b"_s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"Check it."_s, u"b"_s }));
    EXPECT_EQ(completed, QStringList { u"0:task"_s });
}

TEST_F(QueueRunnerTest, ACheckPromptWithoutTextIsNoStep)
{
    set(SettingKey::ScheduleCheckPromptEnabled, true);
    set(SettingKey::ScheduleCheckPromptText, u"   "_s);
    run({ u"a"_s, u"b"_s });
    clock->advance(40s);
    EXPECT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s }));
    EXPECT_EQ(completed, QStringList { u"0:task"_s });
}

TEST_F(QueueRunnerTest, SkippingTheLastPromptEndsTheQueueAndSaysWhatRemains)
{
    run({ u"a"_s, u"b"_s });
    clock->advance(40s);
    ASSERT_EQ(chat.delivered, (QStringList { u"a"_s, u"b"_s }));
    EXPECT_TRUE(runner->skip());
    const QString reason = u"The queue reached its end; 1 skipped prompt remains."_s;
    EXPECT_EQ(stopped, QStringList { reason });
    EXPECT_EQ(finished, QStringList { reason });
    EXPECT_EQ(runner->queue().state, PromptQueue::State::Stopped);
    EXPECT_EQ(runner->queue().position, 0);
    EXPECT_EQ(runner->phase(), RunnerPhase::Idle);
    EXPECT_EQ(runner->queue().reason.english(), reason);
    EXPECT_EQ(store->load().queue.reason.english(), reason);
}

// ---- a step a crash cut off ---------------------------------------------------------------

TEST_F(QueueRunnerTest, ARestoredSendIsRecordedAsUnconfirmedAndTheQueueWaitsPaused)
{
    const QString said = restoreCutOffSend({ u"a"_s, u"b"_s });
    EXPECT_TRUE(said.contains(u"“a”"_s)) << said.toStdString();
    EXPECT_EQ(runner->queue().state, PromptQueue::State::Paused);
    EXPECT_EQ(runner->queue().reason.english(), said);
    EXPECT_EQ(current().status, Status::Unconfirmed);
    EXPECT_EQ(lastRecord().outcome, u"sent, unconfirmed"_s);
    EXPECT_EQ(lastRecord().detail, u"the app stopped before the chat confirmed it"_s);
    EXPECT_EQ(store->load().queue.current().status, Status::Unconfirmed);
    clock->advance(10min);
    EXPECT_TRUE(chat.attempts.isEmpty());

    PromptQueue clean;
    clean.replace({ u"c"_s });
    EXPECT_EQ(runner->restore(clean, true), QString()) << "a queue saved cleanly has nothing to say";
}

TEST_F(QueueRunnerTest, AnUnconfirmedStepIsNotSentAgainWhileTheChatCannotBeSeen)
{
    restoreCutOffSend({ u"a"_s, u"b"_s });
    chat.observeFails = true;
    EXPECT_TRUE(runner->resume());
    EXPECT_EQ(chat.observations, 1);
    clock->advance(4s);
    EXPECT_EQ(chat.observations, 1);
    clock->advance(1s);
    EXPECT_EQ(chat.observations, 2) << "the chat is looked at again every 5 s";
    EXPECT_TRUE(chat.attempts.isEmpty());
    EXPECT_EQ(current().status, Status::Unconfirmed);

    chat.observeFails = false;
    clock->advance(5s);
    EXPECT_EQ(chat.delivered, QStringList { u"a"_s }) << "the chat does not show it: sent again, once";
    EXPECT_EQ(lastRecord().source, u"resend"_s);
}

// ---- signals and status -------------------------------------------------------------------

TEST_F(QueueRunnerTest, TheStatusNamesThePhaseAndHowLongTheAgentHasBeenQuiet)
{
    chat.setHoldSends(true);
    run({ u"a"_s, u"b"_s });
    EXPECT_EQ(runner->status().value(u"phase"_s).toString(), u"sending"_s);
    EXPECT_FALSE(runner->status().contains(u"silence"_s));
    chat.answerHeld(true);
    clock->advance(25s);
    runner->noteActivity(u"auto-accept clicked Run"_s);
    clock->advance(5s);
    const QJsonObject status = runner->status();
    EXPECT_EQ(status.value(u"phase"_s).toString(), u"waitingForSilence"_s);
    const QJsonObject silence = status.value(u"silence"_s).toObject();
    EXPECT_EQ(silence.value(u"sinceSendS"_s).toInt(), 30);
    EXPECT_EQ(silence.value(u"quietForS"_s).toInt(), 5);
    EXPECT_TRUE(silence.value(u"watching"_s).toBool());
    EXPECT_EQ(status.value(u"total"_s).toInt(), 2);
    EXPECT_EQ(QueueRunner::phaseName(RunnerPhase::HeldByQuota), u"heldByQuota"_s);
}

} // namespace
