#include "AppPaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace mpa {

AppPaths AppPaths::forConfigDir(const QString &dir)
{
    const QString absolute = QDir(dir).absolutePath();
    return { absolute, QDir(absolute).filePath(u"logs"_s), absolute };
}

AppPaths AppPaths::standard()
{
    const QString config = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    return { config, QDir(data).filePath(u"logs"_s), data };
}

QString AppPaths::settingsFile() const
{
    return file(u"settings.ini"_s);
}

QString AppPaths::browserProfileDir() const
{
    return QDir(dataDir).filePath(u"browser-profile"_s);
}

QString AppPaths::file(const QString &name) const
{
    return QDir(configDir).filePath(name);
}

bool AppPaths::ensureExists(QString *error) const
{
    const bool existed = QFileInfo::exists(configDir);
    if (!QDir().mkpath(configDir)) {
        if (error)
            *error = u"cannot create the config folder %1"_s.arg(configDir);
        return false;
    }
    if (!existed) {
        // Tokens and the instance lock live here: keep the folder private.
        QFile::setPermissions(configDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    if (!QFileInfo(configDir).isWritable()) {
        if (error)
            *error = u"the config folder %1 is not writable"_s.arg(configDir);
        return false;
    }
    // The log folder itself is made by the log file (core/logging/LogFile), which first moves
    // aside a link out of its place; here only the folder that holds it.
    const QString logParent = QFileInfo(logDir).absolutePath();
    if (!QDir().mkpath(logParent)) {
        if (error)
            *error = u"cannot create the folder of the logs, %1"_s.arg(logParent);
        return false;
    }
    return true;
}

} // namespace mpa
