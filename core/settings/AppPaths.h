#pragma once
// Where this instance keeps its files. With --config-dir everything lives in that one folder
// (logs in its logs/ subfolder); otherwise settings and data go to the platform's config
// location and logs to its local data location.

#include <QString>

namespace mpa {

struct AppPaths
{
    QString configDir; // settings.ini, JSON data files, tokens, the instance lock
    QString logDir;
    QString dataDir; // larger data of our own: the browser profile `mcp --launch` uses

    static AppPaths forConfigDir(const QString &dir);
    static AppPaths standard();

    QString settingsFile() const;
    QString file(const QString &name) const; // a file in the config dir
    QString browserProfileDir() const; // <data>/browser-profile
    // Creates the folders (config dir with mode 0700; the log folder is left to the log file);
    // false with a message on failure.
    bool ensureExists(QString *error) const;
};

} // namespace mpa
