#include "FileRule.h"

#include <QDateTime>
#include <QFileInfo>

#include <filesystem>
#include <system_error>

using namespace Qt::StringLiterals;

namespace mpa {

bool FileRule::checkLink(const QString &path, QString *error)
{
    const QFileInfo info(path);
    if (!info.isSymLink())
        return true;
    const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
    const QFileInfo pointedAt(info.symLinkTarget());
    QString target = pointedAt.canonicalFilePath();
    if (target.isEmpty()) {
        // A dangling link: where its file would be made (its folder must exist).
        const QString targetFolder = QFileInfo(pointedAt.absolutePath()).canonicalFilePath();
        if (!targetFolder.isEmpty())
            target = targetFolder + u'/' + pointedAt.fileName();
    }
    if (!folder.isEmpty() && !target.isEmpty() && target.startsWith(folder + u'/'))
        return true;
    if (error)
        *error
            = u"it is a link to %1, outside the config folder, and the app does not write through such links"_s
                  .arg(info.symLinkTarget());
    return false;
}

QString FileRule::moveAside(const QString &path, const QString &problem, const QString &instead,
                            QString *movedTo)
{
    const QString stamped
        = path + u".corrupt-"_s + QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s);
    QString target = stamped;
    // rename(2) would replace what is there: each gets a name of its own.
    for (int n = 2; QFileInfo(target).exists() || QFileInfo(target).isSymLink(); ++n)
        target = stamped + u'-' + QString::number(n);
    // The entry itself: a link is renamed, never followed (QFile::rename takes a dangling link for
    // a missing file).
    std::error_code failed;
    std::filesystem::rename(std::filesystem::path(path.toStdU16String()),
                            std::filesystem::path(target.toStdU16String()), failed);
    if (!failed) {
        if (movedTo)
            *movedTo = target;
        return u"%1 could not be read: %2. It was moved to %3 and %4."_s.arg(path, problem, target, instead);
    }
    if (movedTo)
        movedTo->clear();
    return u"%1 could not be read: %2, nor moved aside; %3, and it will be overwritten."_s.arg(path, problem,
                                                                                               instead);
}

} // namespace mpa
