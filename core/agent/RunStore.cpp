#include "RunStore.h"

#include "logging/LogCategories.h"

#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace mpa {

RunStore::RunStore(const QString &dir)
    : JobStore<RunRecord>(dir, {}, u"run"_s)
{
}

QString RunStore::newId(const QDateTime &now)
{
    return now.toUTC().toString(u"yyyyMMdd-HHmmss"_s) + u'-'
        + QString::number(QRandomGenerator::global()->bounded(0x10000), 16).rightJustified(4, u'0');
}

QString RunStore::interruptedReason()
{
    return u"the app stopped while the run was under way; resume it to go on"_s;
}

RunStore::Loaded RunStore::loadAll() const
{
    JobStore<RunRecord>::Loaded loaded = JobStore<RunRecord>::loadAll();
    return { std::move(loaded.records), std::move(loaded.warnings) };
}

QStringList RunStore::markInterrupted(const QDateTime &now) const
{
    QStringList failed;
    QStringList ids = JobStore<RunRecord>::markInterrupted(interruptedReason(), now, &failed);
    for (const QString &warning : std::as_const(failed))
        qCWarning(lcAgent).noquote() << warning;
    return ids;
}

} // namespace mpa
