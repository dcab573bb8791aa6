#include "AutoAcceptStats.h"

#include "common/JsonFields.h"
#include "logging/LogCategories.h"

#include <QDir>
#include <QJsonArray>

#include <cmath>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

using Field = JsonField<AutoAcceptCounts, qint64>;

constexpr Field kFields[] = {
    { u"clicks", &AutoAcceptCounts::clicks },
    { u"blocked", &AutoAcceptCounts::blocked },
    { u"failedVerifications", &AutoAcceptCounts::failedVerifications },
    { u"fileEdits", &AutoAcceptCounts::fileEdits },
    { u"terminalCommands", &AutoAcceptCounts::terminalCommands },
    { u"sessions", &AutoAcceptCounts::sessions },
};

} // namespace

AutoAcceptCounts &AutoAcceptCounts::operator+=(const AutoAcceptCounts &other)
{
    for (const Field &field : kFields)
        this->*field.member += other.*field.member;
    return *this;
}

QJsonObject AutoAcceptCounts::toJson() const
{
    QJsonObject json;
    for (const Field &field : kFields)
        json.insert(field.key, this->*field.member);
    return json;
}

AutoAcceptCounts AutoAcceptCounts::fromJson(const QJsonObject &json)
{
    AutoAcceptCounts counts;
    for (const Field &field : kFields)
        counts.*field.member = std::max<qint64>(0, json.value(field.key).toInteger());
    return counts;
}

AutoAcceptCounts AutoAcceptCounts::growth(const AutoAcceptCounts &before, const AutoAcceptCounts &now)
{
    AutoAcceptCounts delta;
    for (const Field &field : kFields)
        delta.*field.member = std::max<qint64>(0, now.*field.member - before.*field.member);
    return delta;
}

AutoAcceptStats::AutoAcceptStats(const QString &configDir, QObject *parent)
    : JsonStore(QDir(configDir).filePath(fileName()), std::chrono::seconds(1),
                u"the auto-accept statistics"_s, lcAutoAccept(), parent)
{
    load();
}

AutoAcceptStats::~AutoAcceptStats()
{
    saveIfChanged();
}

QString AutoAcceptStats::weekKey(QDate day)
{
    int year = 0;
    const int week = day.weekNumber(&year);
    return u"%1-W%2"_s.arg(year).arg(week, 2, 10, QLatin1Char('0'));
}

QString AutoAcceptStats::dayKey(QDate day)
{
    return day.toString(Qt::ISODate);
}

void AutoAcceptStats::add(const AutoAcceptCounts &counts, QDate day)
{
    if (counts.isZero())
        return;
    m_cumulative += counts;
    m_weeks[weekKey(day)] += counts;
    while (m_weeks.size() > kWeeksKept)
        m_weeks.erase(m_weeks.begin());
    m_days[dayKey(day)] += counts;
    while (m_days.size() > kDaysKept)
        m_days.erase(m_days.begin());
    touch();
}

void AutoAcceptStats::addReaction(double ms)
{
    if (!std::isfinite(ms) || ms < 0 || ms > kLongestReactionMs)
        return;
    m_reactionsMs.append(std::round(ms * 10) / 10);
    while (m_reactionsMs.size() > kReactionsKept)
        m_reactionsMs.removeFirst();
    touch();
}

void AutoAcceptStats::reset()
{
    m_cumulative = {};
    m_weeks.clear();
    m_days.clear();
    m_reactionsMs.clear();
    m_since = QDateTime::currentDateTimeUtc();
    touch();
    save();
}

QJsonObject AutoAcceptStats::weeksJson() const
{
    QJsonObject weeks;
    for (auto it = m_weeks.cbegin(); it != m_weeks.cend(); ++it)
        weeks.insert(it.key(), it.value().toJson());
    return weeks;
}

QJsonObject AutoAcceptStats::toJson() const
{
    QJsonObject days;
    for (auto it = m_days.cbegin(); it != m_days.cend(); ++it)
        days.insert(it.key(), it.value().toJson());
    QJsonArray reactions;
    for (double ms : m_reactionsMs)
        reactions.append(ms);
    return {
        { u"cumulative"_s, m_cumulative.toJson() },
        { u"weeks"_s, weeksJson() },
        { u"days"_s, days },
        { u"reactionsMs"_s, reactions },
        { u"since"_s, m_since.toString(Qt::ISODate) },
    };
}

void AutoAcceptStats::load()
{
    const JsonDataFile::Loaded loaded = loadFile();
    m_cumulative = AutoAcceptCounts::fromJson(loaded.object.value(u"cumulative").toObject());
    const QJsonObject weeks = loaded.object.value(u"weeks").toObject();
    for (auto it = weeks.begin(); it != weeks.end(); ++it)
        m_weeks.insert(it.key(), AutoAcceptCounts::fromJson(it.value().toObject()));
    while (m_weeks.size() > kWeeksKept)
        m_weeks.erase(m_weeks.begin());
    const QJsonObject days = loaded.object.value(u"days").toObject(); // absent before days were kept
    for (auto it = days.begin(); it != days.end(); ++it) {
        if (QDate::fromString(it.key(), Qt::ISODate).isValid())
            m_days.insert(it.key(), AutoAcceptCounts::fromJson(it.value().toObject()));
    }
    while (m_days.size() > kDaysKept)
        m_days.erase(m_days.begin());
    // Absent before reaction times were kept; an entry that is not a plausible time is dropped.
    for (const QJsonValue &value : loaded.object.value(u"reactionsMs").toArray()) {
        const double ms = value.toDouble(-1);
        if (value.isDouble() && ms >= 0 && ms <= kLongestReactionMs)
            m_reactionsMs.append(ms);
    }
    while (m_reactionsMs.size() > kReactionsKept)
        m_reactionsMs.removeFirst();
    m_since = QDateTime::fromString(loaded.object.value(u"since").toString(), Qt::ISODate);
    if (!m_since.isValid())
        m_since = QDateTime::currentDateTimeUtc();
}

} // namespace mpa
