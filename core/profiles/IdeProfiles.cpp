#include "IdeProfiles.h"

#include "ProfileJson.h"

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
    loadProfileFolder(m_profiles, folder, u"IDE profile"_s, overriding, &m_errors, lcAutoAccept());
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
