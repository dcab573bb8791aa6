#pragma once
// What the managers of records that live for a while (task runs, bridge sessions) share: each
// keeps the stored record of every job by id and a live object for each one under way, whose
// record() is the current one. These read that pair of tables one way for both.

#include "common/Refuse.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <algorithm>
#include <optional>

namespace mpa {

// The current record of job `id`: the live one's while it is under way, else the stored one;
// nullopt for an id neither table has.
template<typename Record, typename Live>
std::optional<Record> currentRecord(const QHash<QString, Record> &stored, const QHash<QString, Live *> &live,
                                    const QString &id)
{
    if (const Live *job = live.value(id))
        return job->record();
    const auto it = stored.constFind(id);
    if (it != stored.cend())
        return *it;
    return std::nullopt;
}

// Every job's current record, the newest (createdAt) first.
template<typename Record, typename Live>
QList<Record> currentRecords(const QHash<QString, Record> &stored, const QHash<QString, Live *> &live)
{
    QList<Record> list;
    for (auto it = stored.cbegin(); it != stored.cend(); ++it) {
        const Live *job = live.value(it.key());
        list.append(job ? job->record() : it.value());
    }
    std::sort(list.begin(), list.end(),
              [](const Record &a, const Record &b) { return a.createdAt > b.createdAt; });
    return list;
}

// Marks each live job that has not finished `interrupted`, with `reason`, at `now`, and hands its
// record to `save`: what the managers do with the jobs under way when the app quits (a later
// start can resume them).
template<typename Live, typename Status, typename Save>
void interruptUnfinished(const QHash<QString, Live *> &live, Status interrupted, const QString &reason,
                         const QDateTime &now, Save save)
{
    for (const Live *job : live) {
        auto record = job->record();
        if (record.isFinished())
            continue;
        record.status = interrupted;
        record.reason = reason;
        record.updatedAt = now;
        save(record);
    }
}

// The live object of job `id`; null with `error` set to `over` (a job that has ended) or `unknown`
// (an id neither table has), each with the id for its %1.
template<typename Record, typename Live>
Live *liveJob(const QHash<QString, Record> &stored, const QHash<QString, Live *> &live, const QString &id,
              const QString &over, const QString &unknown, QString *error)
{
    if (Live *job = live.value(id))
        return job;
    refuse(error, (stored.contains(id) ? over : unknown).arg(id));
    return nullptr;
}

} // namespace mpa
