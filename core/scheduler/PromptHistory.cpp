#include "PromptHistory.h"

#include "common/JsonFields.h"

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr JsonTextField<PromptRecord> kRecordTexts[] { { u"source", &PromptRecord::source },
                                                       { u"target", &PromptRecord::target },
                                                       { u"conversation", &PromptRecord::conversation },
                                                       { u"text", &PromptRecord::text },
                                                       { u"outcome", &PromptRecord::outcome },
                                                       { u"detail", &PromptRecord::detail } };

} // namespace

QJsonObject PromptRecord::toJson() const
{
    QJsonObject json { { u"time"_s, jsonTime(time) } };
    writeTexts(json, *this, kRecordTexts, EmptyText::Write);
    return json;
}

PromptRecord PromptRecord::fromJson(const QJsonObject &json)
{
    PromptRecord record;
    record.time = jsonTimeFrom(json.value(u"time"));
    readFields(json, record, kRecordTexts);
    return record;
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
    return jsonArrayOf(m_entries);
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
    putText(json, u"lastSentAt"_s, jsonTime(lastSentAt));
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
    stats.lastSentAt = jsonTimeFrom(json.value(u"lastSentAt"));
    stats.lastDailyFire = QDate::fromString(json.value(u"lastDailyFire").toString(), Qt::ISODate);
    return stats;
}

} // namespace mpa
