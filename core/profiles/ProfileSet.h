#pragma once
// What the IDE profiles and the web chat profiles share: a bundled folder overridden and
// extended by id with the user's folder under <config-dir>, kept in id order, with one
// sentence per file that was skipped. Each kind adds how a page picks its profile.

#include "ProfileJson.h"

#include <QDir>
#include <QList>
#include <QLoggingCategory>
#include <QStringList>

#include <algorithm>

namespace mpa {

template<typename Profile> class ProfileSet
{
public:
    const QList<Profile> &profiles() const { return m_profiles; }
    const Profile *find(const QString &id) const
    {
        const auto it = std::find_if(m_profiles.cbegin(), m_profiles.cend(),
                                     [&](const Profile &profile) { return profile.id == id; });
        return it != m_profiles.cend() ? &*it : nullptr;
    }
    // One sentence per file that was skipped, naming the file.
    QStringList errors() const { return m_errors; }

protected:
    // Reads `bundledFolder`, then, when `configDir` is given, its `folderName` over it; `kind`
    // names a profile in the sentences ("IDE profile"), which are logged to `category`.
    void loadFolders(const QString &bundledFolder, const QString &configDir, const QString &folderName,
                     const QString &kind, const QLoggingCategory &category)
    {
        m_profiles.clear();
        m_errors.clear();
        loadProfileFolder(m_profiles, bundledFolder, kind, false, &m_errors, category);
        if (!configDir.isEmpty())
            loadProfileFolder(m_profiles, QDir(configDir).filePath(folderName), kind, true, &m_errors,
                              category);
        std::sort(m_profiles.begin(), m_profiles.end(),
                  [](const Profile &a, const Profile &b) { return a.id < b.id; });
        for (const QString &error : std::as_const(m_errors))
            qCWarning(category).noquote() << error;
    }

private:
    QList<Profile> m_profiles;
    QStringList m_errors;
};

} // namespace mpa
