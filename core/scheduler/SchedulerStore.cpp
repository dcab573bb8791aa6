#include "SchedulerStore.h"

#include "common/JsonDataFile.h"
#include "logging/LogCategories.h"

#include <QDir>

namespace mpa {

SchedulerStore::SchedulerStore(QString dataDir)
    : m_dataDir(std::move(dataDir))
{
}

QString SchedulerStore::path(const QString &fileName) const
{
    return QDir(m_dataDir).filePath(fileName);
}

SchedulerStore::Loaded SchedulerStore::load() const
{
    Loaded loaded;
    const JsonDataFile::Loaded queue = JsonDataFile(path(queueFileName())).load();
    const JsonDataFile::Loaded history = JsonDataFile(path(historyFileName())).load();
    const JsonDataFile::Loaded stats = JsonDataFile(path(statsFileName())).load();
    for (const JsonDataFile::Loaded *file : { &queue, &history, &stats }) {
        if (!file->warning.isEmpty())
            loaded.notices.append(file->warning);
    }
    loaded.queue = PromptQueue::fromJson(queue.object, &loaded.queueWarnings);
    loaded.queueExisted = queue.existed;
    loaded.history = history.object;
    loaded.stats = stats.object;
    return loaded;
}

bool SchedulerStore::saveQueue(const PromptQueue &queue) const
{
    QString error;
    const bool ok = JsonDataFile(path(queueFileName())).save(queue.toJson(), 1, &error);
    if (!ok)
        qCWarning(lcScheduler).noquote() << "the queue could not be saved:" << error;
    return ok;
}

bool SchedulerStore::saveHistory(const PromptHistory &history) const
{
    QString error;
    const bool ok = JsonDataFile(path(historyFileName())).save(history.toJson(), 1, &error);
    if (!ok)
        qCWarning(lcScheduler).noquote() << "the prompt history could not be saved:" << error;
    return ok;
}

bool SchedulerStore::saveStats(const QJsonObject &stats) const
{
    QString error;
    const bool ok = JsonDataFile(path(statsFileName())).save(stats, 1, &error);
    if (!ok)
        qCWarning(lcScheduler).noquote() << "the scheduler's stats could not be saved:" << error;
    return ok;
}

} // namespace mpa
