#pragma once
// The IDE profiles the app knows: the bundled ones (:/profiles/*.json) overridden and extended
// by id with the files in <config-dir>/profiles. An invalid file is reported by name and
// skipped; the others still load.

#include "IdeProfile.h"

#include <QList>
#include <QStringList>

namespace mpa {

class IdeProfiles
{
public:
    // Loads the bundled profiles and, when `configDir` is given, its profiles folder.
    void load(const QString &configDir = {});

    const QList<IdeProfile> &profiles() const { return m_profiles; }
    const IdeProfile *find(const QString &id) const;
    // The first specific profile that matches the page (in id order), else the fallback.
    const IdeProfile *match(const QString &url, const QString &title) const;
    // One sentence per file that was skipped, naming the file.
    QStringList errors() const { return m_errors; }

    static QString folderName() { return QStringLiteral("profiles"); }
    static QString bundledFolder() { return QStringLiteral(":/profiles"); }

private:
    void loadFolder(const QString &folder, bool overriding);

    QList<IdeProfile> m_profiles;
    QStringList m_errors;
};

} // namespace mpa
