#pragma once
// A size-rotated log file: multi-purpose-agent.log, rolled to .1 … .N when it grows past
// the limit. Thread-safe.

#include <QFile>
#include <QMutex>
#include <QString>
#include <QStringList>

namespace mpa {

class LogFile
{
public:
    explicit LogFile(QString path, qint64 maxBytes = 1024 * 1024, int keep = 3);

    QString path() const { return m_path; }
    void write(const QString &line);
    void flush();
    // Empties the file and removes its rolled copies (.1 … .N); returns how many bytes were
    // removed and, in `files`, which files held them.
    qint64 clear(QStringList *files = nullptr);

private:
    void rotate();

    QString m_path;
    qint64 m_maxBytes;
    int m_keep;
    QMutex m_mutex;
    QFile m_file;
};

} // namespace mpa
