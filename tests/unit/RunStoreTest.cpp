// Run files: written whole, read back, interrupted when their process is gone, pruned when old,
// moved aside when they are not runs.
#include "agent/RunStore.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

RunRecord sampleRun(const QString &id, RunStatus status, const QDateTime &when)
{
    RunRecord run;
    run.id = id;
    run.task = u"Sign up"_s;
    run.status = status;
    run.provider = u"groq"_s;
    run.model = u"llama-3.3-70b"_s;
    run.createdAt = run.updatedAt = when;
    RunStep step;
    step.number = 1;
    step.at = when;
    step.tool = u"click"_s;
    step.params = { { u"ref"_s, u"e3"_s } };
    step.element = u"button “Continue”"_s;
    step.result = u"navigated to https://example.com/2"_s;
    step.effect = { { u"navigated"_s, true } };
    step.promptTokens = 1200;
    step.completionTokens = 40;
    run.steps.append(step);
    RunQuestion question;
    question.kind = u"gate"_s;
    question.category = u"payment"_s;
    question.question = u"Allow this step?"_s;
    question.askedAt = when;
    run.questions.append(question);
    run.reflections.append({ 1, u"on_track"_s, u"the form is half done"_s, {} });
    return run;
}

} // namespace

TEST(RunStoreTest, ARunReadsBackAsItWasWritten)
{
    QTemporaryDir dir;
    RunStore store(dir.path());
    const QDateTime when = QDateTime::fromString(u"2026-11-25T10:00:00Z"_s, Qt::ISODate);
    const RunRecord run = sampleRun(u"r1"_s, RunStatus::WaitingUser, when);
    ASSERT_TRUE(store.save(run));
    const std::optional<RunRecord> back = store.load(u"r1"_s);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->toJson(), run.toJson());
    EXPECT_EQ(back->toJson().value(u"question"_s).toObject().value(u"category"_s).toString(), u"payment"_s);
    EXPECT_EQ(QFile(store.pathOf(u"r1"_s)).permissions() & (QFile::ReadOther | QFile::ReadGroup), 0);
}

TEST(RunStoreTest, RunsLeftRunningWithoutALiveProcessAreInterrupted)
{
    QTemporaryDir dir;
    RunStore store(dir.path());
    const QDateTime when = QDateTime::currentDateTimeUtc();
    ASSERT_TRUE(store.save(sampleRun(u"left"_s, RunStatus::Running, when)));
    ASSERT_TRUE(store.save(sampleRun(u"live"_s, RunStatus::Running, when)));
    ASSERT_TRUE(store.save(sampleRun(u"over"_s, RunStatus::Done, when)));
    // "live" is held by a run in progress.
    const auto lock = store.lock(u"live"_s);
    ASSERT_TRUE(lock);
    // A lock of this process is the lock of a live process for any other reader.
    EXPECT_EQ(store.markInterrupted(when), QStringList { u"left"_s });
    EXPECT_EQ(store.load(u"left"_s)->status, RunStatus::Interrupted);
    EXPECT_EQ(store.load(u"live"_s)->status, RunStatus::Running);
    EXPECT_EQ(store.load(u"over"_s)->status, RunStatus::Done);
}

TEST(RunStoreTest, OldFinishedRunsArePrunedAndFilesThatAreNotRunsMovedAside)
{
    QTemporaryDir dir;
    RunStore store(dir.path());
    const QDateTime now = QDateTime::fromString(u"2026-11-25T10:00:00Z"_s, Qt::ISODate);
    ASSERT_TRUE(store.save(sampleRun(u"old"_s, RunStatus::Done, now.addDays(-40))));
    ASSERT_TRUE(store.save(sampleRun(u"oldButWaiting"_s, RunStatus::Interrupted, now.addDays(-40))));
    ASSERT_TRUE(store.save(sampleRun(u"new"_s, RunStatus::Failed, now.addDays(-2))));
    QFile junk(QDir(dir.path()).filePath(u"junk.json"_s));
    ASSERT_TRUE(junk.open(QIODevice::WriteOnly));
    junk.write("{\"not\": \"a run\"}");
    junk.close();
    const RunStore::Loaded loaded = store.loadAll();
    ASSERT_EQ(loaded.warnings.size(), 1);
    EXPECT_TRUE(loaded.warnings.first().contains(u"it is not a run"_s))
        << loaded.warnings.first().toStdString();
    EXPECT_FALSE(QFile::exists(junk.fileName()));
    EXPECT_EQ(store.prune(30, now), 1);
    const RunStore::Loaded after = store.loadAll();
    QStringList ids;
    for (const RunRecord &run : after.runs)
        ids.append(run.id);
    ids.sort();
    EXPECT_EQ(ids, (QStringList { u"new"_s, u"oldButWaiting"_s }));
    EXPECT_TRUE(after.warnings.isEmpty());
}
