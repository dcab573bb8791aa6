#include "ExtensionRoiStats.h"

#include "autoaccept/AutoAcceptController.h"
#include "autoaccept/AutoAcceptStats.h"

#include <QDate>
#include <QDateTime>

using namespace Qt::StringLiterals;

namespace mpa::ExtensionRoi {

QJsonObject timeSaved(qint64 seconds)
{
    const qint64 minutes = qRound64(double(seconds) / 60.0);
    const QString formatted
        = minutes >= 60 ? u"%1 hours"_s.arg(double(minutes) / 60.0, 0, 'f', 1) : u"%1 minutes"_s.arg(minutes);
    return {
        { u"timeSavedS"_s, seconds },
        { u"timeSavedMinutes"_s, minutes },
        { u"timeSavedFormatted"_s, formatted },
    };
}

QJsonObject counts(const AutoAcceptCounts &counts)
{
    QJsonObject json = timeSaved(counts.secondsSaved());
    json.insert(u"clicks"_s, counts.clicks);
    json.insert(u"blocked"_s, counts.blocked);
    json.insert(u"sessions"_s, counts.sessions);
    return json;
}

QJsonObject stats(const AutoAcceptController *autoAccept)
{
    const AutoAcceptStats *recorded = autoAccept->stats();
    const QDate today = QDate::currentDate();
    const QDate monday = today.addDays(1 - today.dayOfWeek()); // ISO weeks start on Monday
    const AutoAcceptCounts week = recorded->week(today);
    QJsonObject thisWeek = counts(week);
    thisWeek.insert(u"week"_s, AutoAcceptStats::weekKey(today));
    thisWeek.insert(u"since"_s, monday.toString(Qt::ISODate));
    QJsonObject allTime = counts(recorded->cumulative());
    allTime.insert(u"since"_s,
                   recorded->since().isValid() ? QJsonValue(recorded->since().toString(Qt::ISODate))
                                               : QJsonValue());
    // The extension's object, field for field (its dashboard's numbers): this week only.
    QJsonObject extension = timeSaved(week.secondsSaved());
    extension.remove(u"timeSavedS"_s);
    extension.insert(u"weekStart"_s, QDateTime(monday, QTime(0, 0)).toMSecsSinceEpoch());
    extension.insert(u"clicksThisWeek"_s, week.clicks);
    extension.insert(u"blockedThisWeek"_s, week.blocked);
    extension.insert(u"sessionsThisWeek"_s, week.sessions);
    return {
        { u"roiStats"_s, extension },
        { u"thisWeek"_s, thisWeek },
        { u"allTime"_s, allTime },
        { u"thisRun"_s, counts(autoAccept->runCounts()) },
        { u"secondsSavedPerClick"_s, AutoAcceptCounts::kSecondsSavedPerClick },
    };
}

} // namespace mpa::ExtensionRoi
