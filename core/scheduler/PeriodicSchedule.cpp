#include "PeriodicSchedule.h"

#include "DailyTime.h"

using namespace Qt::StringLiterals;

namespace mpa::PeriodicSchedule {

Slot first(const QString &mode, const QString &value, const QDateTime &now, const QTimeZone &zone,
           const QDate &lastDailyFire)
{
    if (mode == u"interval"_s) {
        bool ok = false;
        const int minutes = value.toInt(&ok);
        if (!ok || minutes < 1)
            return { {},
                     u"schedule/value “%1” is not a number of minutes; the interval schedule is off"_s.arg(
                         value) };
        return { now.addSecs(qint64(minutes) * 60), {} };
    }
    if (mode == u"daily"_s) {
        const std::optional<QTime> time = DailyTime::parse(value);
        if (!time)
            return { {},
                     u"schedule/value “%1” is not a time of day (HH:MM); the daily schedule is off"_s.arg(
                         value) };
        return { DailyTime::next(*time, now, zone, lastDailyFire), {} };
    }
    return { {}, u"schedule/mode “%1” has no periodic prompt"_s.arg(mode) };
}

QDateTime after(const QString &mode, const QString &value, const QDateTime &due, const QDateTime &now,
                const QTimeZone &zone, const QDate &lastDailyFire)
{
    if (mode == u"daily"_s) {
        const std::optional<QTime> time = DailyTime::parse(value);
        return time ? DailyTime::next(*time, now, zone, lastDailyFire) : QDateTime();
    }
    if (mode == u"interval"_s) {
        const qint64 step = qint64(std::max(1, value.toInt())) * 60;
        // Keep the cadence of the first slot; after a long sleep, count from now.
        const QDateTime next = due.addSecs(step);
        return next <= now ? now.addSecs(step) : next;
    }
    return {};
}

} // namespace mpa::PeriodicSchedule
