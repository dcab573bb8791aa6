#pragma once
// The run files: <config-dir>/runs/<id>.json, one per run (jobs/JobStore.h: written atomically
// after every step, <id>.lock held while a run is under way, a file that is not a run moved
// aside); runs older than agent/keepRunsDays go.

#include "RunRecord.h"
#include "jobs/JobStore.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace mpa {

class RunStore : public JobStore<RunRecord>
{
public:
    explicit RunStore(const QString &dir);

    // A new id: time-ordered and unique ("20261125-143012-3f9a").
    static QString newId(const QDateTime &now);
    // Why a run whose process ended is interrupted.
    static QString interruptedReason();

    struct Loaded
    {
        QList<RunRecord> runs; // newest first
        QStringList warnings; // files moved aside
    };
    Loaded loadAll() const;

    // Runs that were running or waiting for the user when their process ended (no live lock):
    // marked interrupted and saved. Returns their ids.
    QStringList markInterrupted(const QDateTime &now) const;
};

} // namespace mpa
