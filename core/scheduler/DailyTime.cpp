#include "DailyTime.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace mpa::DailyTime {

std::optional<QTime> parse(const QString &text)
{
    static const QRegularExpression shape(u"^([01]?\\d|2[0-3]):([0-5]\\d)$"_s);
    const auto match = shape.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    return QTime(match.captured(1).toInt(), match.captured(2).toInt());
}

QDateTime instantOf(const QDate &date, const QTime &time, const QTimeZone &zone)
{
    // Try the offsets in force at the start and at the end of the day: a time that exists
    // shows up under one (or, when repeated, both) of them.
    const QDateTime dayStart = QDateTime(date, QTime(0, 0), zone);
    const QDateTime dayEnd = QDateTime(date, QTime(23, 59, 59), zone);
    QDateTime best;
    for (const int offset : { zone.offsetFromUtc(dayStart), zone.offsetFromUtc(dayEnd) }) {
        const QDateTime candidate = QDateTime(date, time, QTimeZone::utc()).addSecs(-offset);
        const QDateTime local = candidate.toTimeZone(zone);
        if (local.date() == date && local.time() == time && (!best.isValid() || candidate < best))
            best = candidate;
    }
    if (best.isValid())
        return best.toTimeZone(zone);
    // In a gap: fire at the transition that skipped over it.
    const QTimeZone::OffsetData transition = zone.nextTransition(dayStart.addSecs(-1));
    if (transition.atUtc.isValid() && transition.atUtc.toTimeZone(zone).date() == date)
        return transition.atUtc.toTimeZone(zone);
    return QDateTime(date, time, zone);
}

QDateTime next(const QTime &time, const QDateTime &after, const QTimeZone &zone, const QDate &lastFiredDate)
{
    QDate date = after.toTimeZone(zone).date();
    if (lastFiredDate.isValid() && date <= lastFiredDate)
        date = lastFiredDate.addDays(1);
    for (int i = 0; i < 3; ++i, date = date.addDays(1)) {
        QDateTime candidate = instantOf(date, time, zone);
        if (candidate > after)
            return candidate;
    }
    return instantOf(date, time, zone);
}

} // namespace mpa::DailyTime
