#include "LogFile.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace mpa {

LogFile::LogFile(QString path, qint64 maxBytes, int keep)
    : m_path(std::move(path))
    , m_maxBytes(maxBytes)
    , m_keep(qMax(1, keep))
    , m_file(m_path)
{
    // The log holds commands, prompts and page titles: the user's eyes only.
    const QString folder = QFileInfo(m_path).absolutePath();
    QDir().mkpath(folder);
    QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

void LogFile::write(const QString &line)
{
    QMutexLocker lock(&m_mutex);
    if (!m_file.isOpen()) {
        if (!m_file.open(QIODevice::Append | QIODevice::Text))
            return;
        m_file.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    }
    m_file.write(line.toUtf8());
    m_file.write("\n", 1);
    m_file.flush();
    if (m_file.size() >= m_maxBytes)
        rotate();
}

void LogFile::flush()
{
    QMutexLocker lock(&m_mutex);
    if (m_file.isOpen())
        m_file.flush();
}

qint64 LogFile::clear(QStringList *files)
{
    QMutexLocker lock(&m_mutex);
    m_file.close();
    qint64 bytes = 0;
    const QFileInfo current(m_path);
    if (current.exists()) {
        bytes += current.size();
        if (files)
            files->append(m_path);
        QFile truncated(m_path);
        if (truncated.open(QIODevice::WriteOnly | QIODevice::Truncate))
            truncated.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    }
    for (int i = 1; i <= m_keep; ++i) {
        const QString rolled = m_path + u'.' + QString::number(i);
        const QFileInfo info(rolled);
        if (!info.exists())
            continue;
        const qint64 size = info.size();
        if (QFile::remove(rolled)) {
            bytes += size;
            if (files)
                files->append(rolled);
        }
    }
    return bytes;
}

void LogFile::rotate()
{
    m_file.close();
    QFile::remove(m_path + u'.' + QString::number(m_keep));
    for (int i = m_keep - 1; i >= 1; --i)
        QFile::rename(m_path + u'.' + QString::number(i), m_path + u'.' + QString::number(i + 1));
    QFile::rename(m_path, m_path + u".1"_s);
}

} // namespace mpa
