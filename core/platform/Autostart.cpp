#include "Autostart.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace mpa {

bool Autostart::removeEntryFile(const QString &path, QString *error)
{
    if (QFile::exists(path) && !QFile::remove(path)) {
        if (error)
            *error = u"cannot remove %1"_s.arg(path);
        return false;
    }
    return true;
}

} // namespace mpa
