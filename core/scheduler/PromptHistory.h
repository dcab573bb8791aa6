#pragma once
// The last sends (50 by default; schedule/historySize): when, from which source, to which
// target and conversation, what text, and how it ended. Saved as history.json.

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace mpa {

struct PromptRecord
{
    QDateTime time;
    QString source; // queue, check, resend, continue, interval, daily, manual
    QString target; // the page (title) the chat lives in
    QString conversation; // the conversation asked for; empty: the active one
    QString text;
    QString outcome; // sent, failed, sent, unconfirmed, skipped
    QString detail; // the error or remark

    QJsonObject toJson() const;
    static PromptRecord fromJson(const QJsonObject &json);
};

class PromptHistory
{
public:
    explicit PromptHistory(int capacity = 50);

    void setCapacity(int capacity);
    int capacity() const { return m_capacity; }
    void append(const PromptRecord &record);
    const QList<PromptRecord> &entries() const { return m_entries; } // oldest first
    void clear() { m_entries.clear(); }

    QJsonObject toJson() const;
    void loadJson(const QJsonObject &json);
    QJsonArray entriesJson() const;

private:
    void trim();

    int m_capacity;
    QList<PromptRecord> m_entries;
};

// Running totals, saved as stats.json.
struct SchedulerStats
{
    qint64 promptsSent = 0;
    qint64 sendFailures = 0;
    qint64 queueItemsCompleted = 0;
    QDateTime lastSentAt;
    QDate lastDailyFire; // the local date "daily at HH:MM" last fired on

    QJsonObject toJson() const;
    static SchedulerStats fromJson(const QJsonObject &json);
};

} // namespace mpa
