#include "LogFile.h"

#include "FileRule.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace mpa {

LogFile::LogFile(QString path, qint64 maxBytes, int keep)
    : m_path(std::move(path))
    , m_folder(QFileInfo(m_path).absolutePath())
    , m_maxBytes(maxBytes)
    , m_keep(qMax(1, keep))
    , m_file(m_path)
{
    QMutexLocker lock(&m_mutex);
    keepToTheRule();
}

bool LogFile::keepToTheRule()
{
    for (const QString &entry : { m_folder, m_path }) {
        if (QString problem; !FileRule::checkLink(entry, &problem)) {
            m_notices.append(FileRule::moveAside(entry, problem, u"the log goes on in a new one"_s));
            if (QFileInfo(entry).isSymLink())
                return false; // still there: nothing is written through it
        }
    }
    if (!QFileInfo(m_folder).isDir() && !QDir().mkpath(m_folder))
        return false;
    // The log holds commands, prompts and page titles: the user's eyes only.
    QFile::setPermissions(m_folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return true;
}

QStringList LogFile::takeNotices()
{
    QMutexLocker lock(&m_mutex);
    return std::exchange(m_notices, {});
}

void LogFile::write(const QString &line)
{
    QMutexLocker lock(&m_mutex);
    if (!m_file.isOpen()) {
        if (!keepToTheRule() || !m_file.open(QIODevice::Append | QIODevice::Text))
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
    // A folder or file put in place as a link meanwhile is moved aside, not emptied.
    if (!keepToTheRule())
        return 0;
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
        if (!info.exists() && !info.isSymLink())
            continue;
        // A link is removed itself (never its target), and its target's size is not ours to count.
        const qint64 size = info.isSymLink() ? 0 : info.size();
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
    if (!keepToTheRule())
        return;
    QFile::remove(m_path + u'.' + QString::number(m_keep));
    for (int i = m_keep - 1; i >= 1; --i)
        QFile::rename(m_path + u'.' + QString::number(i), m_path + u'.' + QString::number(i + 1));
    QFile::rename(m_path, m_path + u".1"_s);
}

} // namespace mpa
