#include "WebChatProfiles.h"

#include "common/Refuse.h"
#include "logging/LogCategories.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace mpa {

void WebChatProfiles::load(const QString &configDir)
{
    loadFolders(bundledFolder(), configDir, folderName(), u"Web chat profile"_s, lcChat());
}

bool WebChatProfiles::isUserProfile(const WebChatProfile &profile) const
{
    return !profile.origin.startsWith(bundledFolder());
}

const WebChatProfile *WebChatProfiles::match(const QString &url, const QString &title) const
{
    for (const bool user : { true, false }) {
        for (const WebChatProfile &profile : profiles()) {
            if (isUserProfile(profile) == user && !profile.isFallback() && profile.matches(url, title))
                return &profile;
        }
    }
    if (const WebChatProfile *generic = find(QString::fromLatin1(kGenericId)))
        return generic;
    for (const WebChatProfile &profile : profiles()) {
        if (profile.isFallback())
            return &profile;
    }
    return nullptr;
}

bool WebChatProfiles::save(const QString &configDir, const WebChatProfile &profile, QString *error)
{
    if (QString invalid; !WebChatProfile::fromJson(profile.toJson(), &invalid))
        return refuse(error, u"The web chat profile '%1' was not saved: %2."_s.arg(profile.id, invalid));
    if (configDir.isEmpty())
        return refuse(error,
                      u"The web chat profile '%1' was not saved: no config folder is set."_s.arg(profile.id));
    const QDir folder(QDir(configDir).filePath(folderName()));
    if (!folder.mkpath(u"."_s))
        return refuse(error,
                      u"The web chat profile '%1' was not saved: the folder %2 cannot be created; check its "
                      u"permissions."_s.arg(profile.id, folder.path()));
    const QString path = folder.filePath(profile.id + u".json"_s);
    if (QFileInfo(path).isSymLink())
        return refuse(
            error,
            u"The web chat profile '%1' was not saved: %2 is a symbolic link, which the app does not "
            u"write through; remove the link and learn the chat again."_s.arg(profile.id, path));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return refuse(error,
                      u"The web chat profile '%1' was not saved: %2 cannot be written (%3)."_s.arg(
                          profile.id, path, file.errorString()));
    file.write(QJsonDocument(profile.toJson()).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return refuse(error,
                      u"The web chat profile '%1' was not saved: %2 cannot be written (%3)."_s.arg(
                          profile.id, path, file.errorString()));
    qCInfo(lcChat).noquote() << u"Web chat profile '%1' saved as %2"_s.arg(profile.id, path);
    load(configDir);
    return true;
}

} // namespace mpa
