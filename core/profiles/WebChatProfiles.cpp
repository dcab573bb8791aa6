#include "WebChatProfiles.h"

#include "logging/LogCategories.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace mpa {

void WebChatProfiles::load(const QString &configDir)
{
    m_profiles.clear();
    m_errors.clear();
    loadFolder(bundledFolder(), false);
    if (!configDir.isEmpty())
        loadFolder(QDir(configDir).filePath(folderName()), true);
    std::sort(m_profiles.begin(), m_profiles.end(),
              [](const WebChatProfile &a, const WebChatProfile &b) { return a.id < b.id; });
    for (const QString &error : std::as_const(m_errors))
        qCWarning(lcChat).noquote() << error;
}

void WebChatProfiles::loadFolder(const QString &folder, bool user)
{
    const QDir dir(folder);
    const QStringList files = dir.entryList({ u"*.json"_s }, QDir::Files | QDir::Readable, QDir::Name);
    for (const QString &fileName : files) {
        const QString path = dir.filePath(fileName);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            m_errors.append(
                u"Web chat profile %1 was skipped: it cannot be read (%2)"_s.arg(path, file.errorString()));
            continue;
        }
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
        if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
            m_errors.append(u"Web chat profile %1 was skipped: it is not a JSON object (%2 at offset %3); "
                            u"fix or remove the file"_s.arg(path,
                                                            parseError.error != QJsonParseError::NoError
                                                                ? parseError.errorString()
                                                                : u"not an object"_s,
                                                            QString::number(parseError.offset)));
            continue;
        }
        QString error;
        std::optional<WebChatProfile> profile = WebChatProfile::fromJson(document.object(), &error);
        if (!profile) {
            m_errors.append(u"Web chat profile %1 was skipped: %2"_s.arg(path, error));
            continue;
        }
        profile->origin = path;
        const auto existing = std::find_if(m_profiles.begin(), m_profiles.end(),
                                           [&](const WebChatProfile &p) { return p.id == profile->id; });
        if (existing != m_profiles.end()) {
            if (user)
                qCInfo(lcChat).noquote()
                    << u"Web chat profile '%1' overridden by %2"_s.arg(profile->id, path);
            *existing = *profile;
        } else {
            if (user)
                qCInfo(lcChat).noquote() << u"Web chat profile '%1' added from %2"_s.arg(profile->id, path);
            m_profiles.append(*profile);
        }
    }
}

bool WebChatProfiles::isUserProfile(const WebChatProfile &profile) const
{
    return !profile.origin.startsWith(bundledFolder());
}

const WebChatProfile *WebChatProfiles::find(const QString &id) const
{
    for (const WebChatProfile &profile : m_profiles) {
        if (profile.id == id)
            return &profile;
    }
    return nullptr;
}

const WebChatProfile *WebChatProfiles::match(const QString &url, const QString &title) const
{
    for (const bool user : { true, false }) {
        for (const WebChatProfile &profile : m_profiles) {
            if (isUserProfile(profile) == user && !profile.isFallback() && profile.matches(url, title))
                return &profile;
        }
    }
    if (const WebChatProfile *generic = find(QString::fromLatin1(kGenericId)))
        return generic;
    for (const WebChatProfile &profile : m_profiles) {
        if (profile.isFallback())
            return &profile;
    }
    return nullptr;
}

QString WebChatProfiles::save(const QString &configDir, const WebChatProfile &profile)
{
    QString error;
    if (!WebChatProfile::fromJson(profile.toJson(), &error))
        return u"The web chat profile '%1' was not saved: %2."_s.arg(profile.id, error);
    if (configDir.isEmpty())
        return u"The web chat profile '%1' was not saved: no config folder is set."_s.arg(profile.id);
    const QDir folder(QDir(configDir).filePath(folderName()));
    if (!folder.mkpath(u"."_s))
        return u"The web chat profile '%1' was not saved: the folder %2 cannot be created; check its "
               u"permissions."_s.arg(profile.id, folder.path());
    const QString path = folder.filePath(profile.id + u".json"_s);
    if (QFileInfo(path).isSymLink())
        return u"The web chat profile '%1' was not saved: %2 is a symbolic link, which the app does not "
               u"write through; remove the link and learn the chat again."_s.arg(profile.id, path);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return u"The web chat profile '%1' was not saved: %2 cannot be written (%3)."_s.arg(
            profile.id, path, file.errorString());
    file.write(QJsonDocument(profile.toJson()).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return u"The web chat profile '%1' was not saved: %2 cannot be written (%3)."_s.arg(
            profile.id, path, file.errorString());
    qCInfo(lcChat).noquote() << u"Web chat profile '%1' saved as %2"_s.arg(profile.id, path);
    load(configDir);
    return {};
}

} // namespace mpa
