// Auto-accept totals: cumulative and weekly, persisted atomically, read back after a restart.
#include "autoaccept/AutoAcceptStats.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include <gtest/gtest.h>

#include <limits>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace mpa {
inline void PrintTo(const AutoAcceptCounts &counts, std::ostream *os)
{
    *os << QJsonDocument(counts.toJson()).toJson(QJsonDocument::Compact).toStdString();
}
} // namespace mpa

namespace {

AutoAcceptCounts counts(qint64 clicks, qint64 blocked, qint64 failed, qint64 edits, qint64 commands)
{
    AutoAcceptCounts c;
    c.clicks = clicks;
    c.blocked = blocked;
    c.failedVerifications = failed;
    c.fileEdits = edits;
    c.terminalCommands = commands;
    return c;
}

TEST(AutoAcceptStatsTest, CountsGrowOnlyForward)
{
    const AutoAcceptCounts before = counts(3, 1, 0, 2, 1);
    const AutoAcceptCounts now = counts(5, 1, 1, 3, 2);
    EXPECT_EQ(AutoAcceptCounts::growth(before, now), counts(2, 0, 1, 1, 1));
    // A new document starts from zero: what shrank is not negative growth.
    EXPECT_EQ(AutoAcceptCounts::growth(now, counts(1, 0, 0, 1, 0)), counts(0, 0, 0, 0, 0));
    EXPECT_EQ(AutoAcceptCounts::fromJson(now.toJson()), now);
}

TEST(AutoAcceptStatsTest, CumulativeAndWeeklyTotalsSurviveARestart)
{
    const QDate monday(2026, 11, 23);
    {
        AutoAcceptStats stats(configDir());
        stats.add(counts(2, 1, 0, 1, 1), monday.addDays(-7));
        stats.add(counts(3, 0, 1, 2, 1), monday);
        stats.add(counts(1, 0, 0, 0, 1), monday.addDays(6));
        EXPECT_EQ(stats.cumulative(), counts(6, 1, 1, 3, 3));
        EXPECT_EQ(stats.week(monday), counts(4, 0, 1, 2, 2));
        EXPECT_EQ(stats.week(monday.addDays(-1)), counts(2, 1, 0, 1, 1));
        // Written a moment later and on destruction, not on every click.
    }
    const QString path = QDir(configDir()).filePath(AutoAcceptStats::fileName());
    ASSERT_TRUE(QFile::exists(path));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    EXPECT_EQ(json.value(u"cumulative").toObject().value(u"clicks").toInt(), 6);
    EXPECT_EQ(json.value(u"weeks").toObject().keys(), (QStringList { u"2026-W47"_s, u"2026-W48"_s }));

    AutoAcceptStats reloaded(configDir());
    EXPECT_EQ(reloaded.cumulative(), counts(6, 1, 1, 3, 3));
    EXPECT_EQ(reloaded.week(monday), counts(4, 0, 1, 2, 2));
    reloaded.add(counts(1, 1, 0, 1, 0), monday);
    QString error;
    ASSERT_TRUE(reloaded.save(&error)) << error.toStdString();
    EXPECT_EQ(AutoAcceptStats(configDir()).cumulative(), counts(7, 2, 1, 4, 3));
}

TEST(AutoAcceptStatsTest, OnlyTheLastWeeksAreKeptAndAnUnreadableFileIsSetAside)
{
    {
        AutoAcceptStats stats(configDir());
        for (int week = 0; week < AutoAcceptStats::kWeeksKept + 3; ++week)
            stats.add(counts(1, 0, 0, 1, 0), QDate(2026, 1, 5).addDays(7 * week));
        EXPECT_EQ(stats.weeks().size(), AutoAcceptStats::kWeeksKept);
        EXPECT_EQ(stats.cumulative().clicks, AutoAcceptStats::kWeeksKept + 3);
        EXPECT_EQ(stats.weeks().firstKey(), u"2026-W05"_s);
    }
    const QString path = QDir(configDir()).filePath(AutoAcceptStats::fileName());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{ broken");
    file.close();
    AutoAcceptStats stats(configDir());
    EXPECT_TRUE(stats.cumulative().isZero());
    const QStringList aside = QDir(configDir()).entryList({ AutoAcceptStats::fileName() + u".corrupt-*"_s });
    EXPECT_EQ(aside.size(), 1);
}

// Per day, for the tray's "today" and for plots: the days survive a restart, only the last
// kDaysKept are kept, and a file written before days were kept loads with none.
TEST(AutoAcceptStatsTest, DailyTotalsSurviveARestartAndOnlyTheLastDaysAreKept)
{
    const QDate day(2026, 11, 26);
    {
        AutoAcceptStats stats(configDir());
        stats.add(counts(2, 1, 0, 0, 0), day.addDays(-1));
        stats.add(counts(3, 0, 0, 1, 0), day);
        stats.add(counts(1, 2, 0, 0, 0), day);
        EXPECT_EQ(stats.day(day), counts(4, 2, 0, 1, 0));
        EXPECT_EQ(stats.day(day.addDays(-1)), counts(2, 1, 0, 0, 0));
        EXPECT_TRUE(stats.day(day.addDays(-2)).isZero());
    }
    AutoAcceptStats reloaded(configDir());
    EXPECT_EQ(reloaded.day(day), counts(4, 2, 0, 1, 0));
    EXPECT_EQ(reloaded.days().keys(), (QStringList { u"2026-11-25"_s, u"2026-11-26"_s }));
    for (int i = 1; i <= AutoAcceptStats::kDaysKept; ++i)
        reloaded.add(counts(1, 0, 0, 0, 0), day.addDays(i));
    EXPECT_EQ(reloaded.days().size(), AutoAcceptStats::kDaysKept);
    EXPECT_EQ(reloaded.days().firstKey(), AutoAcceptStats::dayKey(day.addDays(1)));

    QFile file(QDir(configDir()).filePath(AutoAcceptStats::fileName()));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"version":1,"cumulative":{"clicks":5},"weeks":{}})");
    file.close();
    AutoAcceptStats older(configDir());
    EXPECT_EQ(older.cumulative().clicks, 5);
    EXPECT_TRUE(older.days().isEmpty());
}

// The Dashboard's reaction-time histogram: the last kReactionsKept reaction times survive a
// restart, oldest dropped first; a value that is no plausible time is ignored; reset clears them.
TEST(AutoAcceptStatsTest, TheLastReactionTimesAreKeptAndSurviveARestart)
{
    {
        AutoAcceptStats stats(configDir());
        for (int i = 0; i < AutoAcceptStats::kReactionsKept + 10; ++i)
            stats.addReaction(100 + i);
        stats.addReaction(std::numeric_limits<double>::quiet_NaN());
        stats.addReaction(-5);
        stats.addReaction(AutoAcceptStats::kLongestReactionMs + 1);
        stats.addReaction(42.04);
        ASSERT_EQ(stats.reactionsMs().size(), AutoAcceptStats::kReactionsKept);
        EXPECT_EQ(stats.reactionsMs().first(), 111) << "the oldest go first";
        EXPECT_EQ(stats.reactionsMs().last(), 42) << "kept to a tenth of a millisecond";
    }
    AutoAcceptStats reloaded(configDir());
    ASSERT_EQ(reloaded.reactionsMs().size(), AutoAcceptStats::kReactionsKept);
    EXPECT_EQ(reloaded.reactionsMs().first(), 111);
    EXPECT_EQ(reloaded.reactionsMs().last(), 42);

    // A hand-edited file: entries that are not a time are dropped, the rest load.
    {
        QFile file(QDir(configDir()).filePath(AutoAcceptStats::fileName()));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(R"({"version":1,"cumulative":{"clicks":3},"reactionsMs":[120.5,"fast",-1,null,340]})");
    }
    AutoAcceptStats edited(configDir());
    EXPECT_EQ(edited.reactionsMs(), (QList<double> { 120.5, 340 }));
    edited.reset();
    EXPECT_TRUE(edited.reactionsMs().isEmpty());
    EXPECT_TRUE(AutoAcceptStats(configDir()).reactionsMs().isEmpty());
}

} // namespace
