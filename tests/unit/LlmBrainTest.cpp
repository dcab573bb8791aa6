// A task run's brain (LlmBrain in a TaskRunner) on a FakeClock, with the model a scripted
// OpenAI-compatible server on 127.0.0.1 (ScriptedLlmServer) and the browser faked at the job's
// seam (FakeToolkit): the model's time and the action's time come from the run's clock, and a
// step the app was running when it stopped is told to the model as unknown and never run again.
// The page is the Hulu checkout of tests/fixtures/gate-corpus.json (WebGuard's annotations).
#include "FakeClock.h"
#include "FakeToolkit.h"
#include "QtPrinters.h"
#include "ScriptedLlmServer.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "agent/LlmClient.h"
#include "agent/RunStore.h"
#include "agent/TaskRunner.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

QString promptOf(const QJsonObject &request)
{
    QString text;
    for (const QJsonValue &message : request.value(u"messages").toArray())
        text += message.toObject().value(u"content").toString() + u'\n';
    return text;
}

class LlmBrainTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        toolkit.openOnly(u"T1"_s, FakeToolkit::huluCheckout());
        LlmConfig config;
        config.provider = u"custom"_s;
        config.displayName = u"scripted"_s;
        config.baseUrl = model.baseUrl();
        config.model = u"scripted-1"_s;
        config.maxRetries = 0;
        llm.setConfig(config);
    }

    RunRecord newRun()
    {
        RunRecord run;
        run.id = u"20261127-100000-beef"_s;
        run.task = u"Apply the discount code SAVE10"_s;
        run.tab = u"T1"_s;
        run.mode = RunMode::Careful;
        run.createdAt = run.updatedAt = clock.now();
        return run;
    }

    std::unique_ptr<TaskRunner> runner(RunRecord run)
    {
        RunLimits limits;
        limits.stream = false;
        limits.reflectEvery = 0;
        return std::make_unique<TaskRunner>(std::move(run), &llm, toolkit.environment(), limits, &clock);
    }

    // The model ends the run with done(`args`) when first asked; `seen` gets the prompt it was given.
    void answerDone(const QJsonObject &args, QString *seen)
    {
        model.setResponder([args, seen](const QJsonObject &request) {
            *seen = promptOf(request);
            return ScriptedLlmServer::toolCall(u"done"_s, args);
        });
    }

    FakeClock clock { QDateTime(QDate(2026, 11, 27), QTime(10, 0), QTimeZone::utc()) };
    ScriptedLlmServer model;
    LlmClient llm { &clock };
    FakeToolkit toolkit;
};

} // namespace

TEST_F(LlmBrainTest, TheModelsTimeAndTheActionsTimeComeFromTheRunsClock)
{
    // The model takes 700 ms (of the run's clock) to choose the fill, then finishes.
    model.setResponder([this](const QJsonObject &request) {
        if (promptOf(request).contains(u"fill textbox “Discount code”"_s))
            return ScriptedLlmServer::toolCall(u"done"_s,
                                               { { u"success"_s, true }, { u"result"_s, u"applied"_s } });
        clock.advance(700ms);
        return ScriptedLlmServer::toolCall(u"fill"_s,
                                           { { u"ref"_s, u"e1"_s },
                                             { u"value"_s, u"SAVE10"_s },
                                             { u"thought"_s, u"the code goes here"_s } });
    });
    toolkit.held = { u"fill"_s };
    auto run = runner(newRun());
    QList<RunStep> added;
    QObject::connect(run.get(), &TaskRunner::stepAdded, run.get(),
                     [&](const RunStep &step) { added.append(step); });
    run->start();
    ASSERT_TRUE(waitUntil([&] { return toolkit.heldCalls() == 1; }));
    // Saved as running while the toolkit has it.
    ASSERT_EQ(run->record().steps.size(), 1);
    EXPECT_EQ(run->record().steps.first().state, JobCommand::State::Running);
    EXPECT_TRUE(added.isEmpty());
    clock.advance(1200ms);
    toolkit.release();
    ASSERT_TRUE(waitUntil([&] { return run->record().isFinished(); }));
    const RunRecord &record = run->record();
    EXPECT_EQ(record.status, RunStatus::Done) << record.reason.toStdString();
    ASSERT_EQ(record.steps.size(), 2);
    const RunStep &fill = record.steps.first();
    EXPECT_EQ(fill.modelMs, 700);
    EXPECT_EQ(fill.durationMs, 1200);
    EXPECT_EQ(fill.state, JobCommand::State::Done);
    EXPECT_EQ(fill.thought, u"the code goes here"_s);
    EXPECT_EQ(fill.element, u"textbox “Discount code”"_s);
    EXPECT_EQ(record.steps.at(1).tool, u"done"_s);
    EXPECT_EQ(record.resultText, u"applied"_s);
    EXPECT_EQ(added.size(), 2);
    EXPECT_EQ(record.finishedAt, clock.now());
}

TEST_F(LlmBrainTest, AStepTheAppWasRunningWhenItStoppedIsToldAsUnknownAndNeverRunAgain)
{
    // What a killed process leaves: step 1 saved as running, the run under way.
    QTemporaryDir dir;
    RunStore store(dir.path());
    RunRecord left = newRun();
    RunStep fill;
    fill.number = 1;
    fill.at = clock.now();
    fill.tool = u"fill"_s;
    fill.params = { { u"ref"_s, u"e1"_s }, { u"value"_s, u"SAVE10"_s } };
    fill.element = u"textbox “Discount code”"_s;
    fill.state = JobCommand::State::Running;
    left.steps = { fill };
    left.currentTab = u"T1"_s;
    ASSERT_TRUE(store.save(left));
    ASSERT_EQ(store.markInterrupted(clock.now()), QStringList { left.id });
    std::optional<RunRecord> interrupted = store.load(left.id);
    ASSERT_TRUE(interrupted);
    EXPECT_EQ(interrupted->status, RunStatus::Interrupted);
    EXPECT_EQ(interrupted->steps.first().state, JobCommand::State::Unknown);
    EXPECT_FALSE(interrupted->steps.first().ok);

    QString seen;
    answerDone({ { u"success"_s, true }, { u"result"_s, u"checked"_s } }, &seen);
    auto run = runner(*interrupted);
    run->start();
    ASSERT_TRUE(waitUntil([&] { return run->record().isFinished(); }));
    EXPECT_EQ(run->record().status, RunStatus::Done) << run->record().reason.toStdString();
    EXPECT_TRUE(seen.contains(
        u"1. fill textbox “Discount code” {\"ref\":\"e1\",\"value\":\"SAVE10\"} → failed: the app "
        "stopped while it ran; whether it happened is unknown, so it was not run again"_s))
        << seen.toStdString();
    EXPECT_TRUE(seen.contains(u"The run was interrupted and is now resumed"_s));
    EXPECT_EQ(toolkit.count(u"fill"_s), 0) << "the step was run again";
    // The file says so too, and reads back.
    ASSERT_TRUE(store.save(run->record()));
    EXPECT_EQ(store.load(left.id)->steps.first().state, JobCommand::State::Unknown);
}

TEST_F(LlmBrainTest, ARunFileInMainsFormatLoadsIsInterruptedAndGoesOnWhereItStood)
{
    // tests/fixtures/jobs/run-main-format.json was written by the app before core/jobs (see the
    // README there): waiting at the gate for a payment, a fill done, a click failed, no step
    // states. It must read, be interrupted, and go on with its history as it was.
    QTemporaryDir dir;
    RunStore store(dir.path());
    const QString id = u"20261120-093000-1a2b"_s;
    {
        QFile file(store.pathOf(id));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(readFixture(u"jobs/run-main-format.json"_s));
    }
    const RunStore::Loaded loaded = store.loadAll();
    EXPECT_TRUE(loaded.warnings.isEmpty()) << loaded.warnings.join(u'\n').toStdString();
    ASSERT_EQ(loaded.runs.size(), 1);
    const RunRecord &old = loaded.runs.first();
    EXPECT_EQ(old.status, RunStatus::WaitingUser);
    ASSERT_EQ(old.steps.size(), 2);
    EXPECT_EQ(old.steps.at(0).state, JobCommand::State::Done);
    EXPECT_EQ(old.steps.at(1).state, JobCommand::State::Failed);
    EXPECT_EQ(old.steps.at(0).durationMs, 120);
    EXPECT_EQ(old.steps.at(0).promptTokens, 1500);
    ASSERT_NE(old.pendingQuestion(), nullptr);
    EXPECT_EQ(old.pendingQuestion()->category, u"payment"_s);

    ASSERT_EQ(store.markInterrupted(clock.now()), QStringList { id });
    std::optional<RunRecord> interrupted = store.load(id);
    ASSERT_TRUE(interrupted);
    EXPECT_EQ(interrupted->status, RunStatus::Interrupted);
    EXPECT_EQ(interrupted->reason, RunStore::interruptedReason());
    // Nothing was running: no step became unknown, and finished steps are written as before
    // (without a state).
    EXPECT_EQ(interrupted->steps.at(0).state, JobCommand::State::Done);
    EXPECT_EQ(interrupted->steps.at(1).state, JobCommand::State::Failed);
    EXPECT_FALSE(interrupted->toJson().value(u"steps"_s).toArray().at(0).toObject().contains(u"state"_s));

    QString seen;
    answerDone({ { u"success"_s, false }, { u"result"_s, u"left for you"_s } }, &seen);
    auto run = runner(*interrupted);
    run->start();
    ASSERT_TRUE(waitUntil([&] { return run->record().isFinished(); }));
    const RunRecord &record = run->record();
    EXPECT_EQ(record.status, RunStatus::Done) << record.reason.toStdString();
    EXPECT_TRUE(
        seen.contains(u"1. fill textbox “Discount code” {\"ref\":\"e1\",\"value\":\"SAVE10\"} → done"_s))
        << seen.toStdString();
    EXPECT_TRUE(seen.contains(u"2. click {\"ref\":\"e9\"} → failed: Element not found: e9"_s))
        << seen.toStdString();
    EXPECT_TRUE(seen.contains(u"interrupted while it waited for the user"_s)) << seen.toStdString();
    EXPECT_TRUE(seen.contains(u"This is step 3 of at most 20"_s)) << seen.toStdString();
    // The question left open is closed as unanswered; nothing of the old steps ran again.
    ASSERT_EQ(record.questions.size(), 1);
    EXPECT_TRUE(record.questions.first().answered);
    EXPECT_EQ(record.questions.first().answer, u"(not answered: the run was interrupted)"_s);
    EXPECT_EQ(toolkit.count(u"fill"_s) + toolkit.count(u"click"_s), 0);
    ASSERT_EQ(record.steps.size(), 3);
    EXPECT_EQ(record.steps.at(2).tool, u"done"_s);
    EXPECT_GE(record.promptTokens, 3000) << "the totals go on from the file's";
    // Saved and read back by today's store.
    ASSERT_TRUE(store.save(record));
    EXPECT_EQ(store.load(id)->toJson(), record.toJson());
}

TEST_F(LlmBrainTest, ThePageReachesTheModelMaskedBeforeTheBudgetCutsIt)
{
    // A card line the budget would cut in the middle (a test card of the Luhn kind payment
    // providers publish for tests), an address in the page's title and in a tab's address.
    FakeToolkit::Page &page = toolkit.tabs[u"T1"_s];
    page.title = u"Receipt for grace@example.org"_s;
    page.url = u"https://shop.example/receipt?to=grace%40example.org"_s;
    page.snapshot
        = u"- RootWebArea \"Receipt\"\n- paragraph: Card on file: 4111 1111 1111 1111 · receipts to "
          "ada.lovelace@example.org\n- button \"Done\" [ref=e1]"_s;
    page.inView = { u"e1"_s };
    QString seen;
    answerDone({ { u"success"_s, true }, { u"result"_s, u"read"_s } }, &seen);
    auto run = runner(newRun());
    run->start();
    ASSERT_TRUE(waitUntil([&] { return run->record().isFinished(); }));
    EXPECT_FALSE(seen.isEmpty());
    EXPECT_TRUE(seen.contains(u"Card on file: [card]"_s)) << seen.toStdString();
    EXPECT_TRUE(seen.contains(u"receipts to [email]"_s)) << seen.toStdString();
    EXPECT_TRUE(seen.contains(u"Page: Receipt for [email] — https://shop.example/receipt?to=[email]"_s))
        << seen.toStdString();
    for (const QString &part : { u"4111"_s, u"1111 1111"_s, u"grace@"_s, u"lovelace"_s, u"grace%40"_s })
        EXPECT_FALSE(seen.contains(part)) << part.toStdString();
    // The task itself is the user's and goes as it is.
    EXPECT_TRUE(seen.contains(u"Task: Apply the discount code SAVE10"_s));
}

// A run with a result schema (startRun {schema}): the model is offered done with a data
// parameter of that schema and told of it; a done whose data does not match goes back with the
// validation error, and the corrected answer is the run's result.data.
TEST_F(LlmBrainTest, DataThatDoesNotMatchTheResultSchemaGoesBackAndTheCorrectedDataIsTheResult)
{
    const QJsonObject schema { { u"type"_s, u"object"_s },
                               { u"properties"_s,
                                 QJsonObject {
                                     { u"code"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                                     { u"percentOff"_s, QJsonObject { { u"type"_s, u"integer"_s } } } } },
                               { u"required"_s, QJsonArray { u"code"_s, u"percentOff"_s } },
                               { u"additionalProperties"_s, false } };
    QList<QJsonObject> requests;
    model.setResponder([&](const QJsonObject &request) {
        requests.append(request);
        if (promptOf(request).contains(u"data.percentOff must be a whole number"_s))
            return ScriptedLlmServer::toolCall(
                u"done"_s,
                { { u"success"_s, true },
                  { u"result"_s, u"applied"_s },
                  { u"data"_s, QJsonObject { { u"code"_s, u"SAVE10"_s }, { u"percentOff"_s, 10 } } } });
        return ScriptedLlmServer::toolCall(
            u"done"_s,
            { { u"success"_s, true },
              { u"result"_s, u"applied"_s },
              { u"data"_s, QJsonObject { { u"code"_s, u"SAVE10"_s }, { u"percentOff"_s, u"10%"_s } } } });
    });
    RunRecord started = newRun();
    started.schema = schema;
    auto run = runner(started);
    run->start();
    ASSERT_TRUE(waitUntil([&] { return run->record().isFinished(); }));
    const RunRecord &record = run->record();
    ASSERT_EQ(record.status, RunStatus::Done) << record.reason.toStdString();
    EXPECT_EQ(record.resultData,
              QJsonValue(QJsonObject { { u"code"_s, u"SAVE10"_s }, { u"percentOff"_s, 10 } }));
    ASSERT_EQ(record.steps.size(), 2);
    EXPECT_FALSE(record.steps.first().ok);
    EXPECT_EQ(record.steps.first().result,
              u"the data does not match the result schema: data.percentOff must be a whole number, not the "
              "string \"10%\""_s);
    EXPECT_TRUE(record.steps.at(1).ok);
    // What the model was offered and told.
    ASSERT_EQ(requests.size(), 2);
    QJsonObject done;
    for (const QJsonValue &tool : requests.first().value(u"tools").toArray()) {
        if (tool[u"function"][u"name"] == u"done"_s)
            done = tool[u"function"][u"parameters"].toObject();
    }
    EXPECT_EQ(done[u"properties"][u"data"][u"required"],
              QJsonValue(QJsonArray { u"code"_s, u"percentOff"_s }));
    EXPECT_TRUE(promptOf(requests.first()).contains(u"params.data matching this JSON Schema"_s));
    // getRun's form, and a run file that reads back the same.
    const QJsonObject json = record.toJson();
    EXPECT_EQ(json[u"result"][u"data"][u"percentOff"], 10);
    EXPECT_EQ(json[u"schema"].toObject(), schema);
    const std::optional<RunRecord> back = RunRecord::fromJson(json);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->resultData, record.resultData);
    EXPECT_EQ(back->schema, schema);
}

// Two retries, then the run fails and says why; a done that reports failure needs no data.
TEST_F(LlmBrainTest, ThreeAnswersWithDataThatDoesNotMatchFailTheRunAndAFailedDoneNeedsNoData)
{
    const QJsonObject schema { { u"type"_s, u"array"_s },
                               { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } } };
    int asked = 0;
    model.setResponder([&](const QJsonObject &) {
        ++asked;
        return ScriptedLlmServer::toolCall(u"done"_s, { { u"success"_s, true }, { u"result"_s, u"here"_s } });
    });
    RunRecord started = newRun();
    started.schema = schema;
    auto run = runner(started);
    run->start();
    ASSERT_TRUE(waitUntil([&] { return run->record().isFinished(); }));
    EXPECT_EQ(run->record().status, RunStatus::Failed);
    EXPECT_EQ(
        run->record().reason,
        u"the model's data did not match the result schema in 3 answers; the last: done has no data: the "
        "task asks for params.data matching the result schema"_s);
    EXPECT_EQ(asked, 1 + LlmBrain::kDataRetries);
    EXPECT_TRUE(run->record().resultData.isUndefined());

    model.setResponder([&](const QJsonObject &) {
        return ScriptedLlmServer::toolCall(u"done"_s,
                                           { { u"success"_s, false }, { u"result"_s, u"no such page"_s } });
    });
    RunRecord second = newRun();
    second.id = u"20261127-100001-beef"_s;
    second.schema = schema;
    auto failed = runner(second);
    failed->start();
    ASSERT_TRUE(waitUntil([&] { return failed->record().isFinished(); }));
    EXPECT_EQ(failed->record().status, RunStatus::Done);
    EXPECT_FALSE(failed->record().success);
    EXPECT_FALSE(failed->record().toJson()[u"result"].toObject().contains(u"data"_s));
}

// The review every agent/reflectEvery steps is computed from the steps: a model that fills the
// same value again and again is told the figures, rated slow twice in a row and stopped, with
// the figures kept in the run's reflections and no request spent on a self-rating. (Reviewed
// after every step: on this page, which never changes, the loop warning comes at the third.)
TEST_F(LlmBrainTest, TheReviewIsComputedFromTheStepsAndTwoLowOnesInARowStopTheRun)
{
    QStringList prompts;
    model.setResponder([&](const QJsonObject &request) {
        prompts.append(promptOf(request));
        return ScriptedLlmServer::toolCall(u"fill"_s, { { u"ref"_s, u"e1"_s }, { u"value"_s, u"SAVE10"_s } });
    });
    RunLimits limits;
    limits.stream = false;
    limits.reflectEvery = 1;
    auto run = std::make_unique<TaskRunner>(newRun(), &llm, toolkit.environment(), limits, &clock);
    run->start();
    ASSERT_TRUE(waitUntil([&] { return run->record().isFinished(); }));
    const RunRecord &record = run->record();
    EXPECT_EQ(record.status, RunStatus::Failed);
    EXPECT_TRUE(
        record.reason.startsWith(u"stopped: progress was rated slow twice in a row — nothing moved"_s))
        << record.reason.toStdString();
    EXPECT_EQ(record.steps.size(), 3);
    ASSERT_EQ(record.reflections.size(), 3);
    EXPECT_EQ(record.reflections.at(0).rating, u"on_track"_s); // the code went in once
    EXPECT_EQ(record.reflections.at(0).metrics[u"newValues"], 1);
    EXPECT_EQ(record.reflections.at(1).rating, u"slow"_s);
    EXPECT_EQ(record.reflections.at(1).afterStep, 2);
    EXPECT_EQ(record.reflections.at(1).metrics[u"newValues"], 0);
    // Three decisions and no self-rating request; the model read the slow review before step 3.
    ASSERT_EQ(prompts.size(), 3);
    EXPECT_TRUE(
        prompts.at(2).contains(u"Review after step 2 (from your steps): slow — 1 step: 1 succeeded"_s))
        << prompts.at(2).toStdString();
    const std::optional<RunRecord> back = RunRecord::fromJson(record.toJson());
    ASSERT_TRUE(back);
    EXPECT_EQ(back->reflections.at(1).metrics, record.reflections.at(1).metrics);
}
