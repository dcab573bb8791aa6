#pragma once
// The files of one kind of agent job (task runs, bridge sessions): <dir>/<id>.json, one per job,
// written whole and atomically after every change (JsonDataFile, owner-only). A job under way
// in some process holds <id>.lock, so another process of the app (the `run` command beside the
// tray app) never takes a live job for an interrupted one. A file that is not a job of the kind
// is moved aside with a warning, and the others are read.
//
// A Record has `id`, `createdAt`, `updatedAt`, `isFinished()`, `isUnderWay()` (it would still be
// going if its process lived), `interrupt(reason, now)` (its process is gone: interrupted, and
// what was running unknown), `toJson()` and `static std::optional<Record> fromJson(json, error)`.

#include "common/JsonDataFile.h"

#include <QDateTime>
#include <QFile>
#include <QList>
#include <QLockFile>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <memory>
#include <optional>

namespace mpa {

// The part that does not depend on the record: where the files are, and the locks.
class JobFiles
{
public:
    // `prefix`: the file names of the kind start with it ("" for every *.json of `dir`);
    // `noun`: what one job is called in warnings ("run", "bridge session").
    JobFiles(const QString &dir, const QString &prefix, const QString &noun);

    QString dir() const { return m_dir; }
    QString noun() const { return m_noun; }
    QString pathOf(const QString &id) const;
    // Every job file, by name.
    QStringList files() const;

    // Held while a job is under way in this process; null when another process holds it.
    std::unique_ptr<QLockFile> lock(const QString &id) const;
    // Whether another live process holds the job's lock.
    bool isLockedElsewhere(const QString &id) const;

protected:
    bool write(const QString &id, const QJsonObject &json, QString *error) const;
    // A file's object; nullopt with `warning` when it was moved aside (or could not be read).
    std::optional<QJsonObject> read(const QString &path, QString *warning) const;
    // Moves a file that is not a job aside: the sentence that says so.
    QString notAJob(const QString &path, const QString &why) const;

private:
    QString m_dir;
    QString m_prefix;
    QString m_noun;
};

template<typename Record> class JobStore : public JobFiles
{
public:
    using JobFiles::JobFiles;

    struct Loaded
    {
        QList<Record> records; // newest (createdAt) first
        QStringList warnings; // files moved aside
    };

    bool save(const Record &record, QString *error = nullptr) const
    {
        return write(record.id, record.toJson(), error);
    }

    std::optional<Record> load(const QString &id, QString *error = nullptr) const
    {
        const JsonDataFile::Loaded loaded = JsonDataFile(pathOf(id)).load(1);
        if (!loaded.existed || loaded.object.isEmpty()) {
            if (error)
                *error = loaded.warning.isEmpty() ? QStringLiteral("there is no %1 %2").arg(noun(), id)
                                                  : loaded.warning;
            return std::nullopt;
        }
        return Record::fromJson(loaded.object, error);
    }

    Loaded loadAll() const
    {
        Loaded out;
        for (const QString &path : files()) {
            QString warning;
            const std::optional<QJsonObject> object = read(path, &warning);
            if (!object) {
                out.warnings.append(warning);
                continue;
            }
            QString why;
            std::optional<Record> record = Record::fromJson(*object, &why);
            if (!record) {
                out.warnings.append(notAJob(path, why));
                continue;
            }
            out.records.append(std::move(*record));
        }
        std::sort(out.records.begin(), out.records.end(),
                  [](const Record &a, const Record &b) { return a.createdAt > b.createdAt; });
        return out;
    }

    // Jobs that were under way when their process ended (no live lock): interrupted with
    // `reason` and saved; `failed` gets a sentence for each that could not be saved. Their ids.
    QStringList markInterrupted(const QString &reason, const QDateTime &now,
                                QStringList *failed = nullptr) const
    {
        QStringList ids;
        for (Record &record : loadAll().records) {
            if (!record.isUnderWay() || isLockedElsewhere(record.id))
                continue;
            record.interrupt(reason, now);
            QString error;
            if (!save(record, &error) && failed)
                failed->append(QStringLiteral("%1 %2 could not be marked interrupted: %3")
                                   .arg(noun(), record.id, error));
            ids.append(record.id);
        }
        return ids;
    }

    // Deletes finished jobs last changed more than `days` ago; how many.
    int prune(int days, const QDateTime &now) const
    {
        int removed = 0;
        const QDateTime limit = now.addDays(-days);
        for (const Record &record : loadAll().records) {
            const QDateTime last = record.updatedAt.isValid() ? record.updatedAt : record.createdAt;
            if (record.isFinished() && last.isValid() && last < limit && QFile::remove(pathOf(record.id)))
                ++removed;
        }
        return removed;
    }
};

} // namespace mpa
