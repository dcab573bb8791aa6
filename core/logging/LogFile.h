#pragma once
// A size-rotated log file: multi-purpose-agent.log, rolled to .1 … .N when it grows past
// the limit. Thread-safe.
//
// It follows the app's file rule (FileRule): before the file is opened, rotated or cleared, a
// log folder or log file that is a link out of its own folder is moved aside — at start-up and
// whenever someone puts one there while the app runs — and a new folder or file of the app's
// own is used; what the link pointed at is never written, chmod-ed, truncated or removed. Each
// such move is said in the log (takeNotices()).

#include <QFile>
#include <QMutex>
#include <QString>
#include <QStringList>

namespace mpa {

class LogFile
{
public:
    explicit LogFile(QString path, qint64 maxBytes = qint64(1024) * 1024, int keep = 3);

    QString path() const { return m_path; }
    void write(const QString &line);
    void flush();
    // Empties the file and removes its rolled copies (.1 … .N); returns how many bytes were
    // removed and, in `files`, which files held them.
    qint64 clear(QStringList *files = nullptr);
    // The sentences saying which links were moved aside since the last call (for the log).
    QStringList takeNotices();

private:
    void rotate();
    // Moves a link out of its folder away from the log folder's and the log file's place, makes
    // the folder (owner-only); call it before touching either by name. False when the folder
    // cannot be made.
    bool keepToTheRule();

    QString m_path;
    QString m_folder;
    qint64 m_maxBytes;
    int m_keep;
    QMutex m_mutex;
    QFile m_file;
    QStringList m_notices;
};

} // namespace mpa
