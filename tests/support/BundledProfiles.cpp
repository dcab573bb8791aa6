#include "BundledProfiles.h"

#include "profiles/IdeProfiles.h"

namespace mpa::test {

std::optional<ChatSelectors> bundledChatSelectors(const QString &profileId)
{
    IdeProfiles profiles;
    profiles.load();
    const IdeProfile *profile = profiles.find(profileId);
    if (!profile || !profile->chat)
        return std::nullopt;
    return *profile->chat;
}

} // namespace mpa::test
