// How the run and bridge managers keep their jobs (jobs/JobManager.h): the stored record of every
// job, and the live object of each one under way, whose record is newer; the job files under
// them (JobStore), a job's lock while it is under way, and at quit the unfinished ones saved
// interrupted. (It replaces common/LiveRecords.h, which read the same two tables.)
#include "jobs/JobManager.h"

#include "QtPrinters.h"

#include <QDateTime>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QObject>
#include <QTemporaryDir>
#include <QTimeZone>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

Q_LOGGING_CATEGORY(lcJobManagerTest, "mpa.test.jobs")

const QDateTime kT0(QDate(2026, 11, 26), QTime(10, 0), QTimeZone::utc());

struct Record
{
    QString id;
    QString state; // what the job is doing
    QDateTime createdAt;
    QString status = u"running"_s;
    QString reason = {};
    QDateTime updatedAt = {};

    bool isFinished() const { return status == u"done"_s; }
    bool isUnderWay() const { return status == u"running"_s; }
    void interrupt(const QString &why, const QDateTime &now)
    {
        status = u"interrupted"_s;
        reason = why;
        updatedAt = now;
    }
    QJsonObject toJson() const
    {
        return { { u"id"_s, id },
                 { u"state"_s, state },
                 { u"status"_s, status },
                 { u"reason"_s, reason },
                 { u"createdAt"_s, createdAt.toString(Qt::ISODateWithMs) },
                 { u"updatedAt"_s, updatedAt.toString(Qt::ISODateWithMs) } };
    }
    static std::optional<Record> fromJson(const QJsonObject &json, QString *)
    {
        Record r;
        r.id = json.value(u"id").toString();
        r.state = json.value(u"state").toString();
        r.status = json.value(u"status").toString();
        r.reason = json.value(u"reason").toString();
        r.createdAt = QDateTime::fromString(json.value(u"createdAt").toString(), Qt::ISODateWithMs);
        r.updatedAt = QDateTime::fromString(json.value(u"updatedAt").toString(), Qt::ISODateWithMs);
        return r;
    }
};

class Live : public QObject
{
public:
    Live(Record record, QObject *owner)
        : QObject(owner)
        , current(std::move(record))
    {
    }
    const Record &record() const { return current; }
    Record current;
};

using Manager = JobManager<Record, Live>;

class JobManagerTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        // An ended job and one that is under way in this process (its file written by the
        // manager when it adopts it).
        ASSERT_TRUE(manager.store().save({ u"job-old"_s, u"done"_s, kT0, u"done"_s }));
        manager.load(u"the app stopped"_s, kT0);
        running = new Live({ u"job-new"_s, u"running"_s, kT0.addSecs(60) }, &owner);
        manager.adopt(running, manager.store().lock(u"job-new"_s));
        running->current.state = u"clicking"_s; // newer than anything saved
    }

    QTemporaryDir dir;
    QObject owner; // the caller that owns the live jobs (RunManager, BridgeManager)
    Manager manager { JobStore<Record>(dir.path(), u"job-"_s, u"job"_s), lcJobManagerTest() };
    Live *running = nullptr;
};

} // namespace

TEST_F(JobManagerTest, AJobUnderWayIsReadFromItsLiveObjectAndAnEndedOneFromTheStore)
{
    EXPECT_EQ(manager.record(u"job-new"_s)->state, u"clicking"_s);
    EXPECT_EQ(manager.record(u"job-old"_s)->state, u"done"_s);
    EXPECT_FALSE(manager.record(u"job-none"_s));
    EXPECT_EQ(manager.liveIds(), QStringList { u"job-new"_s });
    EXPECT_TRUE(manager.knows(u"job-old"_s));
    // Adopting saved it: the file is there, and its lock is this process's.
    EXPECT_EQ(manager.store().load(u"job-new"_s)->state, u"running"_s);
    EXPECT_FALSE(manager.store().lock(u"job-new"_s)) << "a second holder got the lock of a job under way";
}

TEST_F(JobManagerTest, TheListIsEveryJobsCurrentRecordNewestFirst)
{
    const QList<Record> list = manager.records();
    ASSERT_EQ(list.size(), 2);
    EXPECT_EQ(list.at(0).id, u"job-new"_s);
    EXPECT_EQ(list.at(0).state, u"clicking"_s);
    EXPECT_EQ(list.at(1).id, u"job-old"_s);
}

TEST_F(JobManagerTest, ALiveJobIsFoundAndOtherwiseTheErrorSaysWhetherItEndedOrNeverWas)
{
    QString error;
    EXPECT_EQ(manager.liveOrRefuse(u"job-new"_s, u"job %1 ended"_s, u"no job %1"_s, &error), running);
    EXPECT_TRUE(error.isEmpty());
    EXPECT_EQ(manager.liveOrRefuse(u"job-old"_s, u"job %1 ended"_s, u"no job %1"_s, &error), nullptr);
    EXPECT_EQ(error, u"job job-old ended"_s);
    EXPECT_EQ(manager.liveOrRefuse(u"x"_s, u"job %1 ended"_s, u"no job %1"_s, &error), nullptr);
    EXPECT_EQ(error, u"no job x"_s);
    EXPECT_EQ(manager.liveOrRefuse(u"x"_s, u"job %1 ended"_s, u"no job %1"_s, nullptr), nullptr)
        << "no sentence needed";
}

TEST_F(JobManagerTest, AFinishedJobIsSavedItsLockLetGoAndReadFromTheStoreAfter)
{
    running->current.status = u"done"_s;
    running->current.state = u"finished"_s;
    manager.release(u"job-new"_s);
    EXPECT_TRUE(manager.liveIds().isEmpty());
    EXPECT_EQ(manager.record(u"job-new"_s)->state, u"finished"_s);
    EXPECT_EQ(manager.store().load(u"job-new"_s)->status, u"done"_s);
    EXPECT_TRUE(manager.store().lock(u"job-new"_s)) << "the lock was kept after the end";
}

TEST_F(JobManagerTest, AtQuitTheUnfinishedJobsAreInterruptedAndSavedAndFinishedOnesLeftAlone)
{
    auto *finished = new Live({ u"job-fin"_s, u"done"_s, kT0.addSecs(120), u"done"_s }, &owner);
    manager.adopt(finished);
    manager.interruptAll(u"the app stopped"_s, kT0.addSecs(5));
    const Record saved = *manager.store().load(u"job-new"_s);
    EXPECT_EQ(saved.status, u"interrupted"_s);
    EXPECT_EQ(saved.reason, u"the app stopped"_s);
    EXPECT_EQ(saved.updatedAt, kT0.addSecs(5));
    EXPECT_EQ(saved.state, u"clicking"_s) << "the live record is the one saved";
    EXPECT_EQ(manager.store().load(u"job-fin"_s)->status, u"done"_s);
}
