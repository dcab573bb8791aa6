#include "JobStore.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace mpa {

JobFiles::JobFiles(const QString &dir, const QString &prefix, const QString &noun)
    : m_dir(dir)
    , m_prefix(prefix)
    , m_noun(noun)
{
    QDir().mkpath(m_dir);
}

QString JobFiles::pathOf(const QString &id) const
{
    return QDir(m_dir).filePath(id + u".json"_s);
}

QStringList JobFiles::files() const
{
    QStringList paths;
    const QDir dir(m_dir);
    for (const QString &name : dir.entryList({ m_prefix + u"*.json"_s }, QDir::Files, QDir::Name))
        paths.append(dir.filePath(name));
    return paths;
}

std::unique_ptr<QLockFile> JobFiles::lock(const QString &id) const
{
    QDir().mkpath(m_dir);
    auto file = std::make_unique<QLockFile>(QDir(m_dir).filePath(id + u".lock"_s));
    file->setStaleLockTime(0); // a lock whose process is gone is stale at once
    if (!file->tryLock(0))
        return nullptr;
    return file;
}

bool JobFiles::isLockedElsewhere(const QString &id) const
{
    const QString path = QDir(m_dir).filePath(id + u".lock"_s);
    if (!QFile::exists(path))
        return false;
    QLockFile file(path);
    file.setStaleLockTime(0);
    if (file.tryLock(0)) {
        file.unlock(); // it was stale: now removed
        return false;
    }
    return file.error() == QLockFile::LockFailedError;
}

bool JobFiles::write(const QString &id, const QJsonObject &json, QString *error) const
{
    QDir().mkpath(m_dir);
    return JsonDataFile(pathOf(id)).save(json, 1, error, true);
}

std::optional<QJsonObject> JobFiles::read(const QString &path, QString *warning) const
{
    const JsonDataFile::Loaded loaded = JsonDataFile(path).load(1);
    if (!loaded.warning.isEmpty()) {
        *warning = loaded.warning;
        return std::nullopt;
    }
    return loaded.object;
}

QString JobFiles::notAJob(const QString &path, const QString &why) const
{
    return JsonDataFile::moveAside(path, u"it is not a %1: %2"_s.arg(m_noun, why),
                                   u"the other %1s were read"_s.arg(m_noun));
}

} // namespace mpa
