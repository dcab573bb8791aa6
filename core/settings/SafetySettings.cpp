#include "SafetySettings.h"

#include "Settings.h"

#include <QJsonArray>

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

QJsonObject policyJson(const Settings *settings)
{
    const CommandPolicy p = policy(settings);
    return {
        { u"mode"_s, p.mode == CommandPolicy::Mode::Allowlist ? u"allowlist"_s : u"rules"_s },
        { u"allowed"_s, QJsonArray::fromStringList(p.allowed) },
        { u"interpreters"_s, QJsonArray::fromStringList(p.interpreters) },
    };
}

} // namespace mpa::SafetySettings
