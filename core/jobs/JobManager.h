#pragma once
// Every job of one kind in this config dir, live and stored (RunManager and BridgeManager each
// keep one): the stored record of every job by id, the live object of each one under way —
// whose record() is the current one — with the lock that keeps other processes of the app off
// it, and the job files (JobStore). The live objects are owned by the caller that adopts them
// (their QObject parent); the manager lets go of one when the caller says it finished, and
// deletes it later.
//
// Live has `const Record &record() const` and is a QObject; Store is a JobStore<Record> (or a
// kind's own store built on it).

#include "JobStore.h"
#include "common/Refuse.h"

#include <QHash>
#include <QLockFile>
#include <QLoggingCategory>
#include <QObject>

#include <algorithm>
#include <memory>
#include <optional>

namespace mpa {

template<typename Record, typename Live, typename Store = JobStore<Record>> class JobManager
{
public:
    JobManager(Store store, const QLoggingCategory &category)
        : m_store(std::move(store))
        , m_category(category)
    {
    }

    Store &store() { return m_store; }
    const Store &store() const { return m_store; }

    struct Loaded
    {
        QStringList warnings; // files moved aside, records that could not be saved
        QStringList interrupted; // the jobs found under way with their process gone
    };

    // Reads the files; a job left under way by a process that ended is interrupted first (with
    // `reason`), and, with `pruneDays`, finished jobs older than that are deleted. The warnings
    // are logged too.
    Loaded load(const QString &reason, const QDateTime &now, int pruneDays = 0)
    {
        const JobStore<Record> &files = m_store;
        Loaded loaded;
        loaded.warnings = files.loadAll().warnings;
        loaded.interrupted = files.markInterrupted(reason, now, &loaded.warnings);
        if (pruneDays > 0)
            files.prune(pruneDays, now);
        for (Record &record : files.loadAll().records) {
            if (!m_live.contains(record.id))
                m_records.insert(record.id, std::move(record));
        }
        for (const QString &warning : std::as_const(loaded.warnings))
            qCWarning(m_category).noquote() << warning;
        return loaded;
    }

    bool knows(const QString &id) const { return m_records.contains(id) || m_live.contains(id); }
    Live *live(const QString &id) const { return m_live.value(id); }
    QStringList liveIds() const { return m_live.keys(); }
    QList<Live *> liveJobs() const { return m_live.values(); }

    // The current record of job `id`: the live one's while it is under way, else the stored one.
    std::optional<Record> record(const QString &id) const
    {
        if (const Live *job = m_live.value(id))
            return job->record();
        const auto it = m_records.constFind(id);
        if (it != m_records.cend())
            return *it;
        return std::nullopt;
    }

    // Every job's current record, the newest (createdAt) first.
    QList<Record> records() const
    {
        QList<Record> list;
        for (auto it = m_records.cbegin(); it != m_records.cend(); ++it) {
            const Live *job = m_live.value(it.key());
            list.append(job ? job->record() : it.value());
        }
        std::sort(list.begin(), list.end(),
                  [](const Record &a, const Record &b) { return a.createdAt > b.createdAt; });
        return list;
    }

    // The live job `id`; null with `error` set to `over` (a job that has ended) or `unknown` (an
    // id the manager does not know), each with the id for its %1.
    Live *liveOrRefuse(const QString &id, const QString &over, const QString &unknown, QString *error) const
    {
        if (Live *job = m_live.value(id))
            return job;
        refuse(error, (m_records.contains(id) ? over : unknown).arg(id));
        return nullptr;
    }

    // A job is under way: the manager keeps it (with its lock, when it has one) and saves its record.
    void adopt(Live *job, std::shared_ptr<QLockFile> lock = {})
    {
        const Record &record = job->record();
        m_live.insert(record.id, job);
        if (lock)
            m_locks.insert(record.id, std::move(lock));
        save(record);
    }

    // The job finished: its record is saved, its lock let go, and the object deleted later.
    void release(const QString &id)
    {
        Live *job = m_live.take(id);
        if (!job)
            return;
        save(job->record());
        m_locks.remove(id);
        job->deleteLater();
    }

    // Saves a record (the table and the file); a file that cannot be written is logged.
    void save(const Record &record)
    {
        m_records.insert(record.id, record);
        QString error;
        if (!m_store.save(record, &error))
            qCWarning(m_category).noquote()
                << QStringLiteral("%1 %2 could not be saved: %3").arg(m_store.noun(), record.id, error);
    }

    // The app quits: every live job that has not finished is saved interrupted (with `reason`),
    // so a later start can resume it.
    void interruptAll(const QString &reason, const QDateTime &now)
    {
        for (const Live *job : std::as_const(m_live)) {
            Record record = job->record();
            if (record.isFinished())
                continue;
            record.interrupt(reason, now);
            save(record);
        }
    }

private:
    Store m_store;
    const QLoggingCategory &m_category;
    QHash<QString, Record> m_records;
    QHash<QString, Live *> m_live;
    QHash<QString, std::shared_ptr<QLockFile>> m_locks;
};

} // namespace mpa
