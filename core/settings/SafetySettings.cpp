#include "SafetySettings.h"

#include "Settings.h"

using namespace Qt::StringLiterals;

namespace mpa::SafetySettings {

CommandPolicy policy(const Settings *settings)
{
    CommandPolicy policy;
    policy.mode = settings->stringValue(SettingKey::SafetyCommandPolicy) == u"allowlist"_s
        ? CommandPolicy::Mode::Allowlist
        : CommandPolicy::Mode::Rules;
    policy.allowed = settings->listValue(SettingKey::SafetyAllowedCommands);
    return policy;
}

BanList banList(const Settings *settings)
{
    return BanList(settings->listValue(SettingKey::SafetyBannedCommands), policy(settings));
}

} // namespace mpa::SafetySettings
