#pragma once
// When the interval or daily prompt is due (schedule/mode and schedule/value): the first slot,
// and the slot after one that fired. An interval keeps the cadence of its first slot, and
// after a long sleep counts from now; a daily time follows DailyTime across DST and never fires
// twice on one day. Pure functions over given times, tested alone.

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QTimeZone>

namespace mpa::PeriodicSchedule {

struct Slot
{
    QDateTime at; // invalid when there is none
    QString problem; // why not, for the log ("schedule/value “x” is not a number of minutes …")
};

// The first slot after `now` for `mode` ("interval" or "daily") and `value` (minutes, or HH:MM).
Slot first(const QString &mode, const QString &value, const QDateTime &now, const QTimeZone &zone,
           const QDate &lastDailyFire);
// The slot after the one due at `due` fired (daily: `lastDailyFire` is that day).
QDateTime after(const QString &mode, const QString &value, const QDateTime &due, const QDateTime &now,
                const QTimeZone &zone, const QDate &lastDailyFire);

} // namespace mpa::PeriodicSchedule
