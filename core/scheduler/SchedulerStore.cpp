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

bool SchedulerStore::saveQueue(const PromptQueue &queue, QString *error) const
{
    return saveFile(queueFileName(), queue.toJson(), "the queue", error);
}

bool SchedulerStore::saveHistory(const PromptHistory &history) const
{
    return saveFile(historyFileName(), history.toJson(), "the prompt history");
}

bool SchedulerStore::saveStats(const QJsonObject &stats) const
{
    return saveFile(statsFileName(), stats, "the scheduler's stats");
}

bool SchedulerStore::saveFile(const QString &fileName, const QJsonObject &object, const char *what,
                              QString *error) const
{
    QString problem;
    const bool ok = JsonDataFile(path(fileName)).save(object, 1, &problem);
    if (!ok)
        qCWarning(lcScheduler).noquote() << what << "could not be saved:" << problem;
    if (error)
        *error = problem;
    return ok;
}

} // namespace mpa
