#pragma once
// A folder of the app's own that only its owner may enter (uploads, downloads, storage states):
// made with its parents when missing, its mode set to 0700 either way.

#include <QDir>
#include <QFile>
#include <QString>

namespace mpa {

// False when the folder cannot be made or kept to its owner.
inline bool makePrivateFolder(const QString &folder)
{
    return QDir().mkpath(folder)
        && QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

} // namespace mpa
