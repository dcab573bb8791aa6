#include "IdeProfiles.h"

#include "logging/LogCategories.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace mpa {

void IdeProfiles::load(const QString &configDir)
{
    m_profiles.clear();
    m_errors.clear();
    loadFolder(bundledFolder(), false);
    if (!configDir.isEmpty())
        loadFolder(QDir(configDir).filePath(folderName()), true);
    std::sort(m_profiles.begin(), m_profiles.end(),
              [](const IdeProfile &a, const IdeProfile &b) { return a.id < b.id; });
    for (const QString &error : std::as_const(m_errors))
        qCWarning(lcAutoAccept).noquote() << error;
}

void IdeProfiles::loadFolder(const QString &folder, bool overriding)
{
    const QDir dir(folder);
    const QStringList files = dir.entryList({ u"*.json"_s }, QDir::Files | QDir::Readable, QDir::Name);
    for (const QString &fileName : files) {
        const QString path = dir.filePath(fileName);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            m_errors.append(
                u"IDE profile %1 was skipped: it cannot be read (%2)"_s.arg(path, file.errorString()));
            continue;
        }
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
        if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
            m_errors.append(u"IDE profile %1 was skipped: it is not a JSON object (%2 at offset %3)"_s.arg(
                path,
                parseError.error != QJsonParseError::NoError ? parseError.errorString() : u"not an object"_s,
                QString::number(parseError.offset)));
            continue;
        }
        QString error;
        std::optional<IdeProfile> profile = IdeProfile::fromJson(document.object(), &error);
        if (!profile) {
            m_errors.append(u"IDE profile %1 was skipped: %2"_s.arg(path, error));
            continue;
        }
        profile->origin = path;
        const auto existing = std::find_if(m_profiles.begin(), m_profiles.end(),
                                           [&](const IdeProfile &p) { return p.id == profile->id; });
        if (existing != m_profiles.end()) {
            if (overriding)
                qCInfo(lcAutoAccept).noquote()
                    << u"IDE profile '%1' overridden by %2"_s.arg(profile->id, path);
            *existing = *profile;
        } else {
            if (overriding)
                qCInfo(lcAutoAccept).noquote() << u"IDE profile '%1' added from %2"_s.arg(profile->id, path);
            m_profiles.append(*profile);
        }
    }
}

const IdeProfile *IdeProfiles::find(const QString &id) const
{
    for (const IdeProfile &profile : m_profiles) {
        if (profile.id == id)
            return &profile;
    }
    return nullptr;
}

const IdeProfile *IdeProfiles::match(const QString &url, const QString &title) const
{
    const IdeProfile *fallback = nullptr;
    for (const IdeProfile &profile : m_profiles) {
        if (profile.isFallback()) {
            if (!fallback)
                fallback = &profile;
        } else if (profile.matches(url, title)) {
            return &profile;
        }
    }
    return fallback;
}

} // namespace mpa
