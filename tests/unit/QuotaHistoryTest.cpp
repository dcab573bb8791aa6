// The quota history behind the Quota page's plot: a point per model per reading, flat runs
// kept by their ends, the last days only, at most kPointsKept per model, read back after a
// restart, and an unreadable file moved aside. The readings start from Antigravity's
// GetUserStatus answer in tests/fixtures/quota (the shape the language server returns).
#include "quota/QuotaHistory.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "quota/QuotaSnapshot.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

const QDateTime kStart(QDate(2026, 11, 20), QTime(9, 0), Qt::UTC);

QuotaSnapshot reading(const QDateTime &at)
{
    QuotaSnapshot snapshot;
    QString error;
    const QJsonObject answer
        = QJsonDocument::fromJson(readFixture(u"quota/antigravity-user-status.json"_s)).object();
    EXPECT_TRUE(QuotaSnapshot::parseUserStatus(answer, &snapshot, &error)) << error.toStdString();
    snapshot.ok = true;
    snapshot.fetchedAt = at;
    return snapshot;
}

QList<double> lefts(const QList<QuotaHistory::Point> &points)
{
    QList<double> values;
    for (const QuotaHistory::Point &p : points)
        values.append(p.left);
    return values;
}

TEST(QuotaHistoryTest, EachReadingAddsAPointPerModelAndFlatRunsKeepTheirEnds)
{
    {
        QuotaHistory history(configDir());
        // The fixture: Gemini 3 Pro (High) 60 %, Claude Sonnet 4.5 0 %, GPT-OSS with no quota
        // information (not plotted: unknown is not 0).
        for (int minute = 0; minute < 4; ++minute)
            history.record(reading(kStart.addSecs(60 * minute)));
        ASSERT_EQ(history.models().keys(),
                  (QStringList { u"Claude Sonnet 4.5"_s, u"Gemini 3 Pro (High)"_s }));
        const QList<QuotaHistory::Point> gemini = history.models().value(u"Gemini 3 Pro (High)"_s);
        ASSERT_EQ(gemini.size(), 2) << "four equal readings are one flat run: its first and last point";
        EXPECT_EQ(gemini.first().at, kStart);
        EXPECT_EQ(gemini.last().at, kStart.addSecs(180));
        EXPECT_DOUBLE_EQ(gemini.first().left, 0.6);
        EXPECT_EQ(gemini.first().resets, QDateTime(QDate(2026, 2, 7), QTime(14, 23, 1), Qt::UTC));

        QuotaSnapshot used = reading(kStart.addSecs(240));
        used.models[0].remainingFraction = 0.4;
        history.record(used);
        // A failed reading, and one older than what is kept, add nothing.
        QuotaSnapshot failed = reading(kStart.addSecs(300));
        failed.ok = false;
        history.record(failed);
        history.record(reading(kStart.addSecs(-60)));
        EXPECT_EQ(lefts(history.models().value(u"Gemini 3 Pro (High)"_s)), (QList<double> { 0.6, 0.6, 0.4 }));
        EXPECT_EQ(history.models().value(u"Claude Sonnet 4.5"_s).size(), 2);
        // Written a moment later and on destruction, not on every reading.
    }
    ASSERT_TRUE(QFile::exists(QDir(configDir()).filePath(QuotaHistory::fileName())));
    QuotaHistory reloaded(configDir());
    const QList<QuotaHistory::Point> gemini = reloaded.models().value(u"Gemini 3 Pro (High)"_s);
    EXPECT_EQ(lefts(gemini), (QList<double> { 0.6, 0.6, 0.4 }));
    ASSERT_EQ(gemini.size(), 3);
    EXPECT_EQ(gemini.at(2).at, kStart.addSecs(240));
    EXPECT_EQ(gemini.at(2).resets, QDateTime(QDate(2026, 2, 7), QTime(14, 23, 1), Qt::UTC));
}

// A reset between two equal readings is kept (the plot marks it); a reset time that only moves
// along with the clock (a model not in use) is not a reset and the run still merges.
TEST(QuotaHistoryTest, AResetSplitsAFlatRun)
{
    QuotaHistory history(configDir());
    const QDateTime firstReset = kStart.addSecs(3 * 3600);
    for (int hour = 0; hour <= 4; ++hour) {
        QuotaSnapshot snapshot = reading(kStart.addSecs(3600LL * hour));
        snapshot.models[0].remainingFraction = 1.0;
        snapshot.models[0].resetTime = hour < 3 ? firstReset : firstReset.addSecs(5 * 3600);
        // Claude's reset is always five hours from the reading: it moves, nothing resets.
        snapshot.models[1].resetTime = snapshot.fetchedAt.addSecs(5 * 3600);
        history.record(snapshot);
    }
    const QList<QuotaHistory::Point> gemini = history.models().value(u"Gemini 3 Pro (High)"_s);
    ASSERT_EQ(gemini.size(), 4);
    EXPECT_EQ(gemini.at(1).at, kStart.addSecs(2 * 3600))
        << "the run before the reset ends at its last reading";
    EXPECT_TRUE(gemini.at(1).resetBefore(gemini.at(2)));
    EXPECT_EQ(gemini.at(1).resets, firstReset);
    const QList<QuotaHistory::Point> claude = history.models().value(u"Claude Sonnet 4.5"_s);
    ASSERT_EQ(claude.size(), 2);
    EXPECT_EQ(claude.last().resets, kStart.addSecs(9 * 3600)) << "the merged point has the newest reset time";
}

TEST(QuotaHistoryTest, OnlyTheLastDaysAndAtMostSoManyPointsAreKept)
{
    QuotaHistory history(configDir());
    // Hourly readings over nine days, the quota going down and up (no flat runs).
    const int hours = 9 * 24;
    for (int hour = 0; hour <= hours; ++hour) {
        QuotaSnapshot snapshot = reading(kStart.addSecs(3600LL * hour));
        snapshot.models[0].remainingFraction = (hour % 10) / 10.0;
        history.record(snapshot);
    }
    const QList<QuotaHistory::Point> gemini = history.models().value(u"Gemini 3 Pro (High)"_s);
    const QDateTime newest = kStart.addSecs(3600LL * hours);
    EXPECT_EQ(gemini.last().at, newest);
    EXPECT_EQ(gemini.first().at, newest.addDays(-QuotaHistory::kDaysKept));
    EXPECT_EQ(gemini.size(), QuotaHistory::kDaysKept * 24 + 1);

    // Readings every 10 s for longer than kPointsKept: the count stays at the cap, the newest kept.
    const QDateTime later = newest.addSecs(3600);
    for (int i = 0; i < QuotaHistory::kPointsKept + 50; ++i) {
        QuotaSnapshot snapshot = reading(later.addSecs(10LL * i));
        snapshot.models[0].remainingFraction = (i % 2) ? 0.5 : 0.25;
        history.record(snapshot);
    }
    const QList<QuotaHistory::Point> capped = history.models().value(u"Gemini 3 Pro (High)"_s);
    EXPECT_EQ(capped.size(), QuotaHistory::kPointsKept);
    EXPECT_EQ(capped.last().at, later.addSecs(10LL * (QuotaHistory::kPointsKept + 49)));
    QString error;
    ASSERT_TRUE(history.save(&error)) << error.toStdString();
    EXPECT_EQ(QuotaHistory(configDir()).models().value(u"Gemini 3 Pro (High)"_s).size(),
              QuotaHistory::kPointsKept)
        << "the file holds what is kept, no more";
}

TEST(QuotaHistoryTest, AnUnreadableFileIsMovedAsideAndBadPointsAreLeftOut)
{
    const QString path = QDir(configDir()).filePath(QuotaHistory::fileName());
    {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{ \"models\": [ broken");
    }
    QuotaHistory history(configDir());
    EXPECT_TRUE(history.models().isEmpty());
    EXPECT_EQ(QDir(configDir()).entryList({ QuotaHistory::fileName() + u".corrupt-*"_s }).size(), 1);
    history.record(reading(kStart));
    EXPECT_EQ(history.models().size(), 2) << "a fresh history starts after the move";

    // Points that are not a time and a share 0–1 are dropped one by one; the rest loads, in order.
    {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(R"({"version":1,"models":{"Claude Opus":[
            {"at":"2026-11-20T10:00:00Z","left":0.5},
            {"at":"yesterday","left":0.4},
            {"at":"2026-11-20T09:00:00Z","left":0.9,"resets":"2026-11-20T12:00:00Z"},
            {"at":"2026-11-20T11:00:00Z","left":7},
            {"at":"2026-11-20T11:30:00Z","left":"half"}]}})");
    }
    QuotaHistory partly(configDir());
    const QList<QuotaHistory::Point> opus = partly.models().value(u"Claude Opus"_s);
    EXPECT_EQ(lefts(opus), (QList<double> { 0.9, 0.5 }));
    EXPECT_EQ(opus.first().resets, QDateTime(QDate(2026, 11, 20), QTime(12, 0), Qt::UTC));
    EXPECT_FALSE(opus.last().resets.isValid());
}

} // namespace
