// "Daily at HH:MM" in a zone with DST, and the clocks that run the schedule.
#include "scheduler/DailyTime.h"

#include "FakeClock.h"
#include "QtPrinters.h"
#include "Wait.h"
#include "common/SystemClock.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const QTimeZone kBerlin("Europe/Berlin");
const QTimeZone kNewYork("America/New_York");

QDateTime utc(int y, int mo, int d, int h, int mi)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi), QTimeZone::utc());
}

TEST(DailyTimeTest, ParsesHoursAndMinutesOnly)
{
    EXPECT_EQ(DailyTime::parse(u"09:00"_s), QTime(9, 0));
    EXPECT_EQ(DailyTime::parse(u"9:05"_s), QTime(9, 5));
    EXPECT_EQ(DailyTime::parse(u" 23:59 "_s), QTime(23, 59));
    for (const QString &bad : { u"24:00"_s, u"12:60"_s, u"30"_s, u"noon"_s, u"12:5"_s, u""_s })
        EXPECT_FALSE(DailyTime::parse(bad).has_value()) << bad.toStdString();
}

TEST(DailyTimeTest, AnOrdinaryDayAndBothSidesOfTheSpringChange)
{
    ASSERT_TRUE(kBerlin.isValid()) << "the system's time zone data (tzdata) is missing";
    EXPECT_EQ(DailyTime::instantOf(QDate(2024, 3, 30), QTime(9, 0), kBerlin).toUTC(), utc(2024, 3, 30, 8, 0));
    EXPECT_EQ(DailyTime::instantOf(QDate(2024, 3, 31), QTime(9, 0), kBerlin).toUTC(), utc(2024, 3, 31, 7, 0));
    // 02:30 does not exist on 2024-03-31 in Berlin (02:00 → 03:00): it fires when the gap ends.
    EXPECT_EQ(DailyTime::instantOf(QDate(2024, 3, 31), QTime(2, 30), kBerlin).toUTC(),
              utc(2024, 3, 31, 1, 0));
    // New York springs forward on 2024-03-10 at 02:00.
    EXPECT_EQ(DailyTime::instantOf(QDate(2024, 3, 10), QTime(2, 15), kNewYork).toUTC(),
              utc(2024, 3, 10, 7, 0));
}

TEST(DailyTimeTest, TheRepeatedHourOfAutumnFiresAtItsFirstOccurrence)
{
    EXPECT_EQ(DailyTime::instantOf(QDate(2024, 10, 27), QTime(2, 30), kBerlin).toUTC(),
              utc(2024, 10, 27, 0, 30));
    EXPECT_EQ(DailyTime::instantOf(QDate(2024, 11, 3), QTime(1, 30), kNewYork).toUTC(),
              utc(2024, 11, 3, 5, 30));
}

TEST(DailyTimeTest, NextSkipsADayThatAlreadyFired)
{
    const QDateTime morning(QDate(2024, 10, 27), QTime(2, 45), kBerlin); // between the two 02:30s
    // Fired at the first 02:30 today: the second one must not fire again.
    EXPECT_EQ(DailyTime::next(QTime(2, 30), morning, kBerlin, QDate(2024, 10, 27)).toUTC(),
              utc(2024, 10, 28, 1, 30));
    EXPECT_EQ(DailyTime::next(QTime(9, 0), QDateTime(QDate(2024, 3, 30), QTime(8, 0), kBerlin), kBerlin),
              QDateTime(QDate(2024, 3, 30), QTime(9, 0), kBerlin));
    EXPECT_EQ(
        DailyTime::next(QTime(9, 0), QDateTime(QDate(2024, 3, 30), QTime(9, 0), kBerlin), kBerlin).toUTC(),
        utc(2024, 3, 31, 7, 0));
}

TEST(ClockTest, AFakeClockFiresTimersInDeadlineOrderAtTheirDeadline)
{
    FakeClock clock(utc(2024, 1, 1, 0, 0));
    ClockTimer late(&clock);
    ClockTimer early(&clock);
    ClockTimer moved(&clock);
    QList<QPair<QString, QDateTime>> fired;
    for (auto [timer, name] :
         { std::pair(&late, u"late"_s), std::pair(&early, u"early"_s), std::pair(&moved, u"moved"_s) }) {
        QObject::connect(timer, &ClockTimer::timeout, timer, [&fired, &clock, name] {
            fired.append({ name, clock.now() });
        });
    }
    late.start(10s);
    early.start(5s);
    moved.start(1s);
    moved.startAt(utc(2024, 1, 1, 0, 0).addSecs(7));
    clock.advance(20s);
    ASSERT_EQ(fired.size(), 3);
    EXPECT_EQ(fired.at(0).first, u"early"_s);
    EXPECT_EQ(fired.at(0).second, utc(2024, 1, 1, 0, 0).addSecs(5));
    EXPECT_EQ(fired.at(1).first, u"moved"_s);
    EXPECT_EQ(fired.at(2).first, u"late"_s);
    EXPECT_EQ(clock.now(), utc(2024, 1, 1, 0, 0).addSecs(20));
    EXPECT_FALSE(late.isActive());
    late.start(1s);
    late.stop();
    clock.advance(5s);
    EXPECT_EQ(fired.size(), 3);
    EXPECT_EQ(clock.armedTimers(), 0);
}

TEST(ClockTest, TheSystemClockFiresAtTheWallClockDeadline)
{
    SystemClock clock;
    ClockTimer timer(&clock);
    const QDateTime deadline = clock.now().addMSecs(150);
    timer.startAt(deadline);
    ASSERT_TRUE(waitForSignal(&timer, &ClockTimer::timeout, 5s));
    EXPECT_GE(clock.now(), deadline);
    EXPECT_EQ(clock.timeZone(), QTimeZone::systemTimeZone());
}

} // namespace
