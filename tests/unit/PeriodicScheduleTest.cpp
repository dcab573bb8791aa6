// When the interval and daily prompts are due, on given times (the DST rules themselves are
// DailyTimeTest's).
#include "scheduler/PeriodicSchedule.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

const QTimeZone kUtc = QTimeZone::utc();
QDateTime at(int h, int m, int day = 2)
{
    return QDateTime(QDate(2026, 3, day), QTime(h, m), kUtc);
}

TEST(PeriodicScheduleTest, AnIntervalKeepsItsCadenceAndCountsFromNowAfterASleep)
{
    const PeriodicSchedule::Slot slot = PeriodicSchedule::first(u"interval"_s, u"30"_s, at(9, 0), kUtc, {});
    EXPECT_EQ(slot.at, at(9, 30));
    // Fired a little late: the next slot keeps the cadence.
    EXPECT_EQ(PeriodicSchedule::after(u"interval"_s, u"30"_s, at(9, 30), at(9, 31), kUtc, {}), at(10, 0));
    // The machine slept through several slots: count from now, no burst.
    EXPECT_EQ(PeriodicSchedule::after(u"interval"_s, u"30"_s, at(9, 30), at(12, 10), kUtc, {}), at(12, 40));
}

TEST(PeriodicScheduleTest, ADailyTimeFiresOncePerDay)
{
    EXPECT_EQ(PeriodicSchedule::first(u"daily"_s, u"14:00"_s, at(9, 0), kUtc, {}).at, at(14, 0));
    EXPECT_EQ(PeriodicSchedule::first(u"daily"_s, u"08:00"_s, at(9, 0), kUtc, {}).at, at(8, 0, 3));
    // It fired today at 14:00: the next one is tomorrow, even if asked a second early.
    EXPECT_EQ(PeriodicSchedule::after(u"daily"_s, u"14:00"_s, at(14, 0), at(13, 59), kUtc, QDate(2026, 3, 2)),
              at(14, 0, 3));
}

TEST(PeriodicScheduleTest, AValueThatIsNotOneSaysWhy)
{
    const PeriodicSchedule::Slot minutes
        = PeriodicSchedule::first(u"interval"_s, u"soon"_s, at(9, 0), kUtc, {});
    EXPECT_FALSE(minutes.at.isValid());
    EXPECT_EQ(minutes.problem,
              u"schedule/value “soon” is not a number of minutes; the interval schedule is off"_s);
    const PeriodicSchedule::Slot time = PeriodicSchedule::first(u"daily"_s, u"25:00"_s, at(9, 0), kUtc, {});
    EXPECT_TRUE(time.problem.contains(u"not a time of day (HH:MM)"_s));
    EXPECT_FALSE(PeriodicSchedule::after(u"daily"_s, u"25:00"_s, at(9, 0), at(9, 0), kUtc, {}).isValid());
}

} // namespace
