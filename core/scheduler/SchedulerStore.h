#pragma once
// The scheduler's files in the data folder: queue.json, history.json, stats.json (JsonDataFile:
// atomic writes; a corrupt file moved aside and said so). Loading gives what could be read and
// the sentences about what could not.

#include "PromptHistory.h"
#include "PromptQueue.h"

#include <QString>
#include <QStringList>

namespace mpa {

class SchedulerStore
{
public:
    explicit SchedulerStore(QString dataDir);

    static QString queueFileName() { return QStringLiteral("queue.json"); }
    static QString historyFileName() { return QStringLiteral("history.json"); }
    static QString statsFileName() { return QStringLiteral("stats.json"); }

    struct Loaded
    {
        PromptQueue queue;
        QJsonObject history; // for PromptHistory::loadJson (it keeps its own limit)
        QJsonObject stats;
        bool queueExisted = false;
        QStringList notices; // files moved aside, for the user
        QStringList queueWarnings; // entries of queue.json that were skipped, for the log
    };
    Loaded load() const;

    // False (and a warning in the log) when the disk refuses; `error` says why.
    bool saveQueue(const PromptQueue &queue, QString *error = nullptr) const;
    bool saveHistory(const PromptHistory &history) const;
    bool saveStats(const QJsonObject &stats) const;

private:
    QString path(const QString &fileName) const;
    // Writes `object` to `fileName`; a failure is logged naming `what` it holds.
    bool saveFile(const QString &fileName, const QJsonObject &object, const char *what,
                  QString *error = nullptr) const;

    QString m_dataDir;
};

} // namespace mpa
