// The agent job's state machine alone (jobs/AgentJob): a scripted brain, the toolkit faked at the
// job's seam (FakeToolkit) and time on a FakeClock — a command saved as running before the
// toolkit gets it and timed on the clock, the gate holding a payment for the user, pause at a
// safe point, answers that come after the end, the network settle before the next look, tabs a
// click opens and the tab limit, the mask; and the job files (JobStore): a job left under way by
// a dead process is interrupted, what was running unknown. The payment button is the Hulu
// checkout's “Pay now” from tests/fixtures/gate-corpus.json (WebGuard's reviewed annotations).
#include "jobs/AgentJob.h"

#include "FakeClock.h"
#include "FakeToolkit.h"
#include "QtPrinters.h"
#include "jobs/JobBrain.h"
#include "jobs/JobStore.h"

#include <QJsonArray>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

using Phase = AgentJob::Phase;
using State = JobCommand::State;

// A brain that runs the batches it was given, one per look, then ends the job.
class ScriptBrain : public JobBrain
{
public:
    void begin() override
    {
        ++begun;
        job->observe();
    }
    void observed(const AgentJob::Look &look, const QList<JobCommand> &ran) override
    {
        looks.append(look);
        ranSinceLook.append(ran);
        if (batches.isEmpty())
            return job->finish(AgentJob::End::Done, u"the script is over"_s);
        job->run(batches.takeFirst());
    }
    void commandDone(const JobCommand &command) override { done.append(command); }
    void answered(const AgentJob::Question &, bool, const QString &) override { job->observe(); }
    void halt() override { ++halts; }

    AgentJob *job = nullptr;
    QList<QList<JobCommand>> batches;
    QList<AgentJob::Look> looks;
    QList<QList<JobCommand>> ranSinceLook;
    QList<JobCommand> done;
    int begun = 0;
    int halts = 0;
};

// A kind of job that keeps what the job told it.
class ProbeJob : public AgentJob
{
public:
    ProbeJob(ToolEnvironment tools, Clock *clock)
        : AgentJob(std::move(tools), clock)
    {
        script.job = this;
    }

    ScriptBrain script;
    QHash<QString, JobCommand> commands; // by key, as last recorded
    QList<QPair<QString, State>> history; // key and state, each time a command was recorded
    std::function<void(const JobCommand &)> onRecord;
    QList<Question> questions;
    QList<QPair<End, QString>> ends;
    QStringList phases; // recordPhase, in order
    CommandExecutor::Tabs tabs;
    QDateTime updatedAt;
    int pauseRequests = 0;

protected:
    JobBrain *brain() override { return &script; }
    QString refusal(Refusal refusal) const override
    {
        return refusal == Refusal::NotWaiting ? u"not waiting"_s : u"refused"_s;
    }
    void recordCommand(const JobCommand &command) override
    {
        commands.insert(command.key, command);
        history.append({ command.key, command.state });
        if (onRecord)
            onRecord(command);
    }
    void recordQuestion(const Question &question) override { questions.append(question); }
    void recordAnswer(const Question &, bool, const QString &) override { }
    void recordPhase(Phase phase, const JobCommand *) override { phases.append(phaseName(phase)); }
    void recordPauseRequested() override { ++pauseRequests; }
    void recordEnd(End end, const QString &reason) override { ends.append({ end, reason }); }
    void recordTabs(const CommandExecutor::Tabs &now) override { tabs = now; }
    void stamp(const QDateTime &now) override { updatedAt = now; }
    QString maskText(Phase phase, const JobCommand *acting) const override
    {
        return phase == Phase::Acting && acting ? u"working: %1"_s.arg(acting->tool) : QString();
    }
    QString gateQuestion(const JobCommand &command, const QString &reason) const override
    {
        return u"Allow %1? %2"_s.arg(command.tool, reason);
    }
};

JobCommand command(const QString &key, const QString &tool, const QJsonObject &params)
{
    JobCommand c;
    c.key = key;
    c.tool = tool;
    c.params = params;
    return c;
}

class AgentJobTest : public ::testing::Test
{
protected:
    void SetUp() override { toolkit.openOnly(u"T1"_s, FakeToolkit::huluCheckout()); }

    std::unique_ptr<ProbeJob> makeJob(SecurityGate::Mode mode = SecurityGate::Mode::Careful, int maxTabs = 0)
    {
        auto job = std::make_unique<ProbeJob>(toolkit.environment(), &clock);
        CommandExecutor::Policy policy;
        policy.mode = mode;
        policy.maxTabs = maxTabs;
        policy.closeOwnTabsOnly = maxTabs > 0;
        job->executor()->setPolicy(policy);
        job->executor()->setTabs({ u"T1"_s, {}, {} });
        return job;
    }

    // A job whose one command is a click, and whose look after it waits for the page's requests
    // up to a second.
    std::unique_ptr<ProbeJob> makeClickingJobThatSettles()
    {
        auto job = makeJob();
        AgentJob::LookOptions look;
        look.settle = 1000ms;
        job->setLookOptions(look);
        job->script.batches = { { command(u"1"_s, u"click"_s, { { u"ref"_s, u"e1"_s } }) } };
        return job;
    }

    // A job started on one fill, which the toolkit holds until release().
    std::unique_ptr<ProbeJob> startJobWithAHeldFill()
    {
        auto job = makeJob();
        job->script.batches
            = { { command(u"1"_s, u"fill"_s, { { u"ref"_s, u"e1"_s }, { u"value"_s, u"A"_s } }) } };
        toolkit.held = { u"fill"_s };
        job->start();
        return job;
    }

    FakeClock clock { QDateTime(QDate(2026, 11, 27), QTime(10, 0), QTimeZone::utc()) };
    FakeToolkit toolkit;
};

} // namespace

TEST_F(AgentJobTest, ACommandIsSavedRunningBeforeTheToolkitGetsItAndTimedOnTheClock)
{
    auto job = makeJob();
    job->script.batches
        = { { command(u"1"_s, u"fill"_s, { { u"ref"_s, u"e1"_s }, { u"value"_s, u"SAVE10"_s } }) } };
    int fillsWhenSavedRunning = -1;
    int changesWhenSavedRunning = -1;
    int changes = 0;
    QObject::connect(job.get(), &AgentJob::changed, job.get(), [&] { ++changes; });
    job->onRecord = [&](const JobCommand &c) {
        if (c.state == State::Running) {
            fillsWhenSavedRunning = toolkit.count(u"fill"_s);
            changesWhenSavedRunning = changes;
        }
    };
    toolkit.held = { u"fill"_s };
    job->start();
    ASSERT_EQ(toolkit.heldCalls(), 1);
    EXPECT_EQ(fillsWhenSavedRunning, 0) << "the fill reached the toolkit before it was recorded running";
    // The owner saves on changed(): the running state was out before the toolkit's answer.
    EXPECT_GT(changes, changesWhenSavedRunning);
    EXPECT_EQ(job->commands.value(u"1"_s).state, State::Running);
    EXPECT_EQ(job->commands.value(u"1"_s).tab, u"T1"_s);
    EXPECT_EQ(job->commands.value(u"1"_s).at, clock.now());

    clock.advance(1200ms);
    toolkit.release();
    const JobCommand done = job->commands.value(u"1"_s);
    EXPECT_EQ(done.state, State::Done);
    EXPECT_EQ(done.durationMs, 1200) << "the action's time comes from the job's clock";
    EXPECT_EQ(done.element, u"textbox “Discount code”"_s);
    EXPECT_TRUE(done.gate.isEmpty());
    // Queued, running, done: each once.
    EXPECT_EQ(job->history,
              (QList<QPair<QString, State>> {
                  { u"1"_s, State::Queued }, { u"1"_s, State::Running }, { u"1"_s, State::Done } }));
    EXPECT_EQ(toolkit.count(u"fill"_s), 1);
    // The brain looked again after the command and ended the job.
    ASSERT_EQ(job->script.ranSinceLook.size(), 2);
    EXPECT_EQ(job->script.ranSinceLook.at(1).size(), 1);
    ASSERT_EQ(job->ends.size(), 1);
    EXPECT_EQ(job->phase(), Phase::Finished);
    EXPECT_EQ(job->updatedAt, clock.now());
}

TEST_F(AgentJobTest, TheGateHoldsAPaymentUntilTheUserAnswersAndDenyKeepsItFromRunning)
{
    auto job = makeJob();
    job->script.batches = { { command(u"1"_s, u"click"_s, { { u"ref"_s, u"e2"_s } }) } };
    QStringList asked;
    QObject::connect(job.get(), &AgentJob::questionAsked, job.get(),
                     [&](const QString &q) { asked.append(q); });
    job->start();
    ASSERT_EQ(job->phase(), Phase::Waiting);
    ASSERT_EQ(job->questions.size(), 1);
    const AgentJob::Question question = job->questions.first();
    EXPECT_EQ(question.kind, AgentJob::Question::Kind::Gate);
    EXPECT_EQ(question.category, u"payment"_s);
    EXPECT_EQ(question.command.element, u"button “Pay now”"_s);
    EXPECT_TRUE(asked.value(0).startsWith(u"Allow click? "_s)) << asked.value(0).toStdString();
    EXPECT_EQ(toolkit.count(u"click"_s), 0);
    // Held, not running: a crash now would not make it unknown.
    EXPECT_EQ(job->commands.value(u"1"_s).state, State::Queued);
    // Nobody can answer twice, and a pause waits for the answer.
    job->pause();
    EXPECT_EQ(job->phase(), Phase::Waiting);

    QString error;
    ASSERT_TRUE(job->answer(false, u"not today"_s, &error)) << error.toStdString();
    EXPECT_FALSE(job->answer(true, {}, &error));
    EXPECT_EQ(error, u"not waiting"_s);
    EXPECT_EQ(toolkit.count(u"click"_s), 0) << "the payment was made after Deny";
    const JobCommand denied = job->commands.value(u"1"_s);
    EXPECT_EQ(denied.state, State::Refused);
    EXPECT_EQ(denied.decision, u"denied"_s);
    EXPECT_EQ(denied.gate, u"payment"_s);
    EXPECT_EQ(denied.error, u"the user denied it: not today"_s);
    // The pause asked for meanwhile holds the job before its next look.
    EXPECT_EQ(job->phase(), Phase::Paused);
    ASSERT_TRUE(job->resume());
    EXPECT_EQ(job->script.done.size(), 1);
}

TEST_F(AgentJobTest, AnApprovedPaymentRunsOnceAndSaysWhoAllowedIt)
{
    auto job = makeJob(SecurityGate::Mode::Autonomous);
    job->script.batches = { { command(u"1"_s, u"click"_s, { { u"ref"_s, u"e2"_s } }) } };
    job->start();
    // Autonomous still asks about payments (the floor).
    ASSERT_EQ(job->phase(), Phase::Waiting);
    ASSERT_TRUE(job->answer(true, {}));
    EXPECT_EQ(toolkit.count(u"click"_s), 1);
    EXPECT_EQ(job->commands.value(u"1"_s).state, State::Done);
    EXPECT_EQ(job->commands.value(u"1"_s).decision, u"approved"_s);
    EXPECT_EQ(job->commands.value(u"1"_s).gate, u"payment"_s);
    EXPECT_EQ(job->phase(), Phase::Finished);
}

TEST_F(AgentJobTest, APauseHoldsBeforeTheNextCommandAndResumeGoesOn)
{
    auto job = makeJob();
    job->script.batches
        = { { command(u"1"_s, u"fill"_s, { { u"ref"_s, u"e1"_s }, { u"value"_s, u"A"_s } }),
              command(u"2"_s, u"fill"_s, { { u"ref"_s, u"e1"_s }, { u"value"_s, u"B"_s } }) } };
    toolkit.held = { u"fill"_s };
    job->start();
    ASSERT_EQ(toolkit.heldCalls(), 1);
    ASSERT_TRUE(job->pause());
    EXPECT_EQ(job->pauseRequests, 1) << "a command under way finishes first";
    EXPECT_EQ(job->phase(), Phase::Acting);
    toolkit.release();
    EXPECT_EQ(job->phase(), Phase::Paused);
    EXPECT_EQ(job->commands.value(u"1"_s).state, State::Done);
    EXPECT_EQ(job->commands.value(u"2"_s).state, State::Queued);
    EXPECT_EQ(toolkit.count(u"fill"_s), 1);
    QString error;
    EXPECT_FALSE(job->answer(true, {}, &error));

    // The kind's record says where it stood; here the brain picks the queue up again.
    job->script.begun = 0;
    ASSERT_TRUE(job->resume(&error)) << error.toStdString();
    EXPECT_EQ(job->script.begun, 1);
}

TEST_F(AgentJobTest, AnswersThatComeAfterTheEndChangeNothing)
{
    auto job = startJobWithAHeldFill();
    ASSERT_EQ(toolkit.heldCalls(), 1);
    const int halts = job->script.halts;
    job->finish(AgentJob::End::Stopped, u"stopped by the user"_s);
    EXPECT_EQ(job->script.halts, halts + 1) << "the brain was not told to stop";
    const auto history = job->history;
    toolkit.release();
    EXPECT_EQ(job->history, history) << "a late answer was recorded";
    EXPECT_EQ(job->commands.value(u"1"_s).state, State::Running)
        << "it may have happened: the record says so";
    ASSERT_EQ(job->ends.size(), 1);
    EXPECT_EQ(job->ends.first().first, AgentJob::End::Stopped);
    // Ending twice is once.
    job->finish(AgentJob::End::Failed, u"again"_s);
    EXPECT_EQ(job->ends.size(), 1);
}

TEST_F(AgentJobTest, TheLookAfterCommandsWaitsForTheirRequestsOnTheClock)
{
    auto job = makeClickingJobThatSettles();
    // The click starts a request that is answered 300 ms later.
    toolkit.onAction = [&](const QString &, const QJsonObject &) {
        NetworkEntry entry;
        entry.sequence = toolkit.requests.size() + 1;
        entry.method = u"POST"_s;
        entry.url = u"https://shop.hulu.com/api/discount"_s;
        toolkit.requests.append(entry);
        toolkit.pendingRequests = 1;
        return CommandResult::success(QJsonObject());
    };
    job->start();
    ASSERT_EQ(job->script.looks.size(), 1);
    EXPECT_EQ(job->phase(), Phase::Observing);
    clock.advance(275ms);
    EXPECT_EQ(job->script.looks.size(), 1) << "looked while the request was still open";
    toolkit.pendingRequests = 0;
    toolkit.requests.last().status = 200;
    toolkit.requests.last().finished = true;
    // Answered: the page gets a quiet moment (150 ms) to update itself after it.
    clock.advance(100ms);
    EXPECT_EQ(job->script.looks.size(), 1) << "looked before the page had a quiet moment";
    clock.advance(100ms);
    ASSERT_EQ(job->script.looks.size(), 2);
    ASSERT_EQ(job->script.looks.last().requests.size(), 1);
    EXPECT_EQ(job->script.looks.last().requests.first().line(), u"POST /api/discount → 200"_s);
}

TEST_F(AgentJobTest, ARequestThatNeverEndsHoldsTheLookNoLongerThanTheLimit)
{
    auto job = makeClickingJobThatSettles();
    toolkit.onAction = [&](const QString &, const QJsonObject &) {
        toolkit.pendingRequests = 1;
        return CommandResult::success(QJsonObject());
    };
    job->start();
    clock.advance(975ms);
    EXPECT_EQ(job->script.looks.size(), 1);
    clock.advance(25ms);
    EXPECT_EQ(job->script.looks.size(), 2);
}

TEST_F(AgentJobTest, ATabAClickOpenedBecomesCurrentAndTheOldestOverTheLimitIsLetGo)
{
    auto job = makeJob(SecurityGate::Mode::Careful, 2);
    // A link that opens a tab (the toolkit reports it as newTabs), then the job opens two itself.
    toolkit.onAction = [&](const QString &type, const QJsonObject &) {
        if (type != u"click"_s)
            return CommandResult::success(QJsonObject());
        toolkit.tabs.insert(u"L1"_s,
                            { u"https://help.hulu.com/"_s, u"Help"_s, u"- RootWebArea \"Help\""_s, {}, {} });
        return CommandResult::success(
            QJsonObject { { u"newTabs"_s,
                            QJsonArray { QJsonObject { { u"tab"_s, u"L1"_s },
                                                       { u"url"_s, u"https://help.hulu.com/"_s } } } } });
    };
    job->script.batches
        = { { command(u"1"_s, u"click"_s, { { u"ref"_s, u"e1"_s } }) },
            { command(u"2"_s, u"open_tab"_s, { { u"url"_s, u"https://example.com/a"_s } }),
              command(u"3"_s, u"tab"_s, { { u"action"_s, u"new"_s } }),
              command(u"4"_s, u"tab"_s, { { u"action"_s, u"close"_s }, { u"tab"_s, u"T1"_s } }) } };
    job->start();
    ASSERT_EQ(job->phase(), Phase::Finished) << job->ends.value(0).second.toStdString();
    // The job went on in the tab the click opened, and the toolkit was told.
    EXPECT_EQ(job->script.looks.value(1).page.title, u"Help"_s);
    EXPECT_EQ(toolkit.calls().value(3).type, u"tab"_s);
    EXPECT_EQ(toolkit.calls().value(3).params.value(u"action"_s).toString(), u"switch"_s);
    EXPECT_EQ(job->commands.value(u"1"_s).summary, u"opened a new tab https://help.hulu.com/"_s);
    // Three tabs opened, the limit is two: the first is let go (left open), not closed.
    EXPECT_EQ(job->tabs.opened, (QStringList { u"N1"_s, u"N2"_s }));
    EXPECT_EQ(job->tabs.released, QStringList { u"L1"_s });
    EXPECT_EQ(toolkit.released, QStringList { u"L1"_s });
    EXPECT_EQ(job->tabs.current, u"N2"_s);
    EXPECT_EQ(job->commands.value(u"3"_s).summary, u"opened tab N2"_s);
    // The user's own tab is not the job's to close.
    EXPECT_EQ(job->commands.value(u"4"_s).state, State::Refused);
    EXPECT_TRUE(job->commands.value(u"4"_s).error.contains(u"user's own tabs stay open"_s));
}

TEST_F(AgentJobTest, TheMaskShowsWhileACommandRunsOnItsTabAndGoesWithIt)
{
    auto job = startJobWithAHeldFill();
    EXPECT_EQ(toolkit.masks, QStringList { u"on T1: working: fill"_s });
    toolkit.release();
    EXPECT_EQ(toolkit.masks, (QStringList { u"on T1: working: fill"_s, u"off T1"_s }));
}

TEST_F(AgentJobTest, TheMaskStaysWhileTheCommandRunsWhateverPhaseTheBrainMovesTo)
{
    // The chat's brain goes back to reading the chat while a long command (a wait) still runs:
    // the user's input on the tab must stay held until the command is over (seen under ASan in
    // BridgeTest: the target in front, the chat hidden, and no mask).
    auto job = makeJob();
    job->script.batches = { { command(u"1"_s, u"wait"_s, { { u"ms"_s, 25000 } }) } };
    toolkit.held = { u"wait"_s };
    job->start();
    ASSERT_EQ(toolkit.masks, QStringList { u"on T1: working: wait"_s });
    job->setPhase(AgentJob::Phase::Thinking);
    EXPECT_EQ(toolkit.masks.last(), u"on T1: working: wait"_s) << "the mask went while the command ran";
    toolkit.release();
    EXPECT_EQ(toolkit.masks.last(), u"off T1"_s) << "the mask outlived its command";
}

namespace {

// The smallest record a JobStore keeps.
struct TinyRecord
{
    QString id;
    QString status = u"running"_s;
    QString reason;
    QStringList running; // keys of commands under way
    QStringList unknown;
    QDateTime createdAt;
    QDateTime updatedAt;

    bool isFinished() const { return status == u"done"_s; }
    bool isUnderWay() const { return status == u"running"_s; }
    void interrupt(const QString &why, const QDateTime &now)
    {
        status = u"interrupted"_s;
        reason = why;
        updatedAt = now;
        unknown += std::exchange(running, {});
    }
    QJsonObject toJson() const
    {
        return { { u"id"_s, id },
                 { u"status"_s, status },
                 { u"reason"_s, reason },
                 { u"running"_s, QJsonArray::fromStringList(running) },
                 { u"unknown"_s, QJsonArray::fromStringList(unknown) },
                 { u"createdAt"_s, createdAt.toString(Qt::ISODateWithMs) },
                 { u"updatedAt"_s, updatedAt.toString(Qt::ISODateWithMs) } };
    }
    static std::optional<TinyRecord> fromJson(const QJsonObject &json, QString *error)
    {
        if (json.value(u"id").toString().isEmpty()) {
            *error = u"it has no id"_s;
            return std::nullopt;
        }
        TinyRecord r;
        r.id = json.value(u"id").toString();
        r.status = json.value(u"status").toString();
        r.reason = json.value(u"reason").toString();
        for (const QJsonValue &v : json.value(u"running").toArray())
            r.running.append(v.toString());
        for (const QJsonValue &v : json.value(u"unknown").toArray())
            r.unknown.append(v.toString());
        r.createdAt = QDateTime::fromString(json.value(u"createdAt").toString(), Qt::ISODateWithMs);
        r.updatedAt = QDateTime::fromString(json.value(u"updatedAt").toString(), Qt::ISODateWithMs);
        return r;
    }
};

} // namespace

TEST(JobStoreTest, AJobLeftUnderWayByADeadProcessIsInterruptedAndWhatRanIsUnknown)
{
    QTemporaryDir dir;
    JobStore<TinyRecord> store(dir.path(), u"tiny-"_s, u"tiny job"_s);
    const QDateTime now = QDateTime::fromString(u"2026-11-27T10:00:00Z"_s, Qt::ISODate);
    TinyRecord left { u"tiny-left"_s, u"running"_s, {}, { u"c2"_s }, {}, now, now };
    TinyRecord live { u"tiny-live"_s, u"running"_s, {}, { u"c9"_s }, {}, now.addSecs(1), now };
    TinyRecord over { u"tiny-over"_s, u"done"_s, {}, {}, {}, now.addSecs(2), now };
    ASSERT_TRUE(store.save(left));
    ASSERT_TRUE(store.save(live));
    ASSERT_TRUE(store.save(over));
    // A file of another kind in the same folder is not read; one of this kind that is not a job
    // is moved aside with a sentence.
    QFile other(QDir(dir.path()).filePath(u"tools.json"_s));
    ASSERT_TRUE(other.open(QIODevice::WriteOnly));
    other.write("{\"tools\": []}");
    other.close();
    QFile junk(QDir(dir.path()).filePath(u"tiny-junk.json"_s));
    ASSERT_TRUE(junk.open(QIODevice::WriteOnly));
    junk.write("{\"status\": \"running\"}");
    junk.close();

    const JobStore<TinyRecord>::Loaded loaded = store.loadAll();
    ASSERT_EQ(loaded.warnings.size(), 1);
    EXPECT_TRUE(loaded.warnings.first().contains(u"it is not a tiny job: it has no id"_s))
        << loaded.warnings.first().toStdString();
    EXPECT_TRUE(QFile::exists(other.fileName()));
    ASSERT_EQ(loaded.records.size(), 3);
    EXPECT_EQ(loaded.records.first().id, u"tiny-over"_s) << "newest first";

    const auto lock = store.lock(u"tiny-live"_s);
    ASSERT_TRUE(lock);
    const QStringList interrupted = store.markInterrupted(u"the app stopped"_s, now.addSecs(60));
    EXPECT_EQ(interrupted, QStringList { u"tiny-left"_s });
    const TinyRecord back = *store.load(u"tiny-left"_s);
    EXPECT_EQ(back.status, u"interrupted"_s);
    EXPECT_EQ(back.reason, u"the app stopped"_s);
    EXPECT_EQ(back.unknown, QStringList { u"c2"_s });
    EXPECT_TRUE(back.running.isEmpty());
    EXPECT_EQ(back.updatedAt, now.addSecs(60));
    // The live one is left alone; a second process cannot take its lock.
    EXPECT_EQ(store.load(u"tiny-live"_s)->status, u"running"_s);
    EXPECT_FALSE(store.lock(u"tiny-live"_s));
    QString error;
    EXPECT_FALSE(store.load(u"tiny-none"_s, &error));
    EXPECT_EQ(error, u"there is no tiny job tiny-none"_s);
}
