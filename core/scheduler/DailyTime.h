#pragma once
// "Daily at HH:MM" in local time, right across DST changes: on the day clocks spring forward
// past HH:MM it fires when the gap ends (02:30 in a 02:00→03:00 gap fires at 03:00); on the
// day they fall back it fires once, at the first 02:30. Pure functions, tested with fixed zones.

#include <QDateTime>
#include <QTimeZone>

#include <optional>

namespace mpa::DailyTime {

// "HH:MM" or "H:MM" (24-hour); nothing for anything else.
std::optional<QTime> parse(const QString &text);

// The instant `date` shows `time` on the wall clocks of `zone`: the first such instant when the
// time occurs twice, the end of the gap when it does not occur at all.
QDateTime instantOf(const QDate &date, const QTime &time, const QTimeZone &zone);

// The first instant after `after` at which it is `time` in `zone`, on a day after
// `lastFiredDate` (when valid), so that one day never fires twice.
QDateTime next(const QTime &time, const QDateTime &after, const QTimeZone &zone,
               const QDate &lastFiredDate = {});

} // namespace mpa::DailyTime
