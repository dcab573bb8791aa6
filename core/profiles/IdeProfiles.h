#pragma once
// The IDE profiles the app knows: the bundled ones (:/profiles/*.json) overridden and extended
// by id with the files in <config-dir>/profiles. An invalid file is reported by name and
// skipped; the others still load.

#include "IdeProfile.h"
#include "ProfileSet.h"

namespace mpa {

class IdeProfiles : public ProfileSet<IdeProfile>
{
public:
    // Loads the bundled profiles and, when `configDir` is given, its profiles folder.
    void load(const QString &configDir = {});

    // The first specific profile that matches the page (in id order), else the fallback.
    const IdeProfile *match(const QString &url, const QString &title) const;

    static QString folderName() { return QStringLiteral("profiles"); }
    static QString bundledFolder() { return QStringLiteral(":/profiles"); }
};

} // namespace mpa
