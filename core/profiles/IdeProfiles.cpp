#include "IdeProfiles.h"

#include "logging/LogCategories.h"

using namespace Qt::StringLiterals;

namespace mpa {

void IdeProfiles::load(const QString &configDir)
{
    loadFolders(bundledFolder(), configDir, folderName(), u"IDE profile"_s, lcAutoAccept());
}

const IdeProfile *IdeProfiles::match(const QString &url, const QString &title) const
{
    const IdeProfile *fallback = nullptr;
    for (const IdeProfile &profile : profiles()) {
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
