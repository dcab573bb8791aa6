// How the run and bridge managers read their two tables (common/LiveRecords.h): the stored
// record of every job, and the live object of each one under way, whose record is newer.
#include "common/LiveRecords.h"

#include <QDateTime>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

struct Record
{
    QString id;
    QString state;
    QDateTime createdAt;
    QString status = u"running"_s;
    QString reason = {};
    QDateTime updatedAt = {};
    bool isFinished() const { return status == u"done"_s; }
};

struct Live
{
    Record current;
    const Record &record() const { return current; }
};

const QDateTime kT0(QDate(2026, 11, 26), QTime(10, 0), Qt::UTC);

struct Tables
{
    QHash<QString, Record> stored { { u"old"_s, { u"old"_s, u"done"_s, kT0 } },
                                    { u"new"_s, { u"new"_s, u"starting"_s, kT0.addSecs(60) } } };
    Live running { { u"new"_s, u"running"_s, kT0.addSecs(60) } };
    QHash<QString, Live *> live { { u"new"_s, &running } };
};

TEST(LiveRecordsTest, AJobUnderWayIsReadFromItsLiveObjectAndAnEndedOneFromTheStore)
{
    const Tables t;
    EXPECT_EQ(currentRecord(t.stored, t.live, u"new"_s)->state, u"running"_s);
    EXPECT_EQ(currentRecord(t.stored, t.live, u"old"_s)->state, u"done"_s);
    EXPECT_FALSE(currentRecord(t.stored, t.live, u"none"_s));
}

TEST(LiveRecordsTest, TheListIsEveryJobsCurrentRecordNewestFirst)
{
    const Tables t;
    const QList<Record> list = currentRecords(t.stored, t.live);
    ASSERT_EQ(list.size(), 2);
    EXPECT_EQ(list.at(0).id, u"new"_s);
    EXPECT_EQ(list.at(0).state, u"running"_s);
    EXPECT_EQ(list.at(1).id, u"old"_s);
}

TEST(LiveRecordsTest, ALiveJobIsFoundAndOtherwiseTheErrorSaysWhetherItEndedOrNeverWas)
{
    Tables t;
    QString error;
    EXPECT_EQ(liveJob(t.stored, t.live, u"new"_s, u"job %1 ended"_s, u"no job %1"_s, &error), &t.running);
    EXPECT_TRUE(error.isEmpty());
    EXPECT_EQ(liveJob(t.stored, t.live, u"old"_s, u"job %1 ended"_s, u"no job %1"_s, &error), nullptr);
    EXPECT_EQ(error, u"job old ended"_s);
    EXPECT_EQ(liveJob(t.stored, t.live, u"x"_s, u"job %1 ended"_s, u"no job %1"_s, &error), nullptr);
    EXPECT_EQ(error, u"no job x"_s);
    EXPECT_EQ(liveJob(t.stored, t.live, u"x"_s, u"job %1 ended"_s, u"no job %1"_s, nullptr), nullptr)
        << "no sentence needed";
}

TEST(LiveRecordsTest, AtQuitTheUnfinishedJobsAreInterruptedAndSavedAndFinishedOnesLeftAlone)
{
    Live finished { { u"f"_s, {}, kT0 } };
    finished.current.status = u"done"_s;
    Live running { { u"r"_s, {}, kT0 } };
    const QHash<QString, Live *> live { { u"f"_s, &finished }, { u"r"_s, &running } };
    QList<Record> saved;
    interruptUnfinished(live, u"interrupted"_s, u"the app stopped"_s, kT0.addSecs(5),
                        [&](const Record &record) { saved.append(record); });
    ASSERT_EQ(saved.size(), 1);
    EXPECT_EQ(saved.at(0).id, u"r"_s);
    EXPECT_EQ(saved.at(0).status, u"interrupted"_s);
    EXPECT_EQ(saved.at(0).reason, u"the app stopped"_s);
    EXPECT_EQ(saved.at(0).updatedAt, kT0.addSecs(5));
}

} // namespace
