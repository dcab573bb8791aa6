#include "PromptHistory.h"

using namespace Qt::StringLiterals;

namespace mpa {

QJsonObject PromptRecord::toJson() const
{
    return {
        { u"time"_s, time.toUTC().toString(Qt::ISODateWithMs) },
        { u"source"_s, source },
        { u"target"_s, target },
        { u"conversation"_s, conversation },
        { u"text"_s, text },
        { u"outcome"_s, outcome },
        { u"detail"_s, detail },
    };
}

PromptRecord PromptRecord::fromJson(const QJsonObject &json)
{
    return {
        QDateTime::fromString(json.value(u"time").toString(), Qt::ISODateWithMs),
        json.value(u"source").toString(),
        json.value(u"target").toString(),
        json.value(u"conversation").toString(),
        json.value(u"text").toString(),
        json.value(u"outcome").toString(),
        json.value(u"detail").toString(),
    };
}

PromptHistory::PromptHistory(int capacity)
    : m_capacity(std::max(1, capacity))
{
}

void PromptHistory::setCapacity(int capacity)
{
    m_capacity = std::max(1, capacity);
    trim();
}

void PromptHistory::append(const PromptRecord &record)
{
    m_entries.append(record);
    trim();
}

void PromptHistory::trim()
{
    if (m_entries.size() > m_capacity)
        m_entries.remove(0, m_entries.size() - m_capacity);
}

QJsonArray PromptHistory::entriesJson() const
{
    QJsonArray list;
    for (const PromptRecord &record : m_entries)
        list.append(record.toJson());
    return list;
}

QJsonObject PromptHistory::toJson() const
{
    return { { u"entries"_s, entriesJson() } };
}

void PromptHistory::loadJson(const QJsonObject &json)
{
    m_entries.clear();
    for (const QJsonValue &entry : json.value(u"entries").toArray()) {
        PromptRecord record = PromptRecord::fromJson(entry.toObject());
        if (record.time.isValid())
            m_entries.append(record);
    }
    trim();
}

QJsonObject SchedulerStats::toJson() const
{
    QJsonObject json {
        { u"promptsSent"_s, promptsSent },
        { u"sendFailures"_s, sendFailures },
        { u"queueItemsCompleted"_s, queueItemsCompleted },
    };
    if (lastSentAt.isValid())
        json.insert(u"lastSentAt"_s, lastSentAt.toUTC().toString(Qt::ISODateWithMs));
    if (lastDailyFire.isValid())
        json.insert(u"lastDailyFire"_s, lastDailyFire.toString(Qt::ISODate));
    return json;
}

SchedulerStats SchedulerStats::fromJson(const QJsonObject &json)
{
    SchedulerStats stats;
    stats.promptsSent = json.value(u"promptsSent").toInteger();
    stats.sendFailures = json.value(u"sendFailures").toInteger();
    stats.queueItemsCompleted = json.value(u"queueItemsCompleted").toInteger();
    stats.lastSentAt = QDateTime::fromString(json.value(u"lastSentAt").toString(), Qt::ISODateWithMs);
    stats.lastDailyFire = QDate::fromString(json.value(u"lastDailyFire").toString(), Qt::ISODate);
    return stats;
}

} // namespace mpa
