#include "DebugSettingsActions.h"

#include "CommandDispatcher.h"
#include "CommandParams.h"
#include "DebugActionSupport.h"
#include "common/Loopback.h"
#include "logging/LogCategories.h"
#include "safety/BanList.h"
#include "settings/Settings.h"

#include <QJsonArray>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

using namespace debugactions;

namespace {

using Scope = CommandDispatcher::Scope;

QJsonObject bannedCommands(const Settings *settings)
{
    const QStringList list = settings->listValue(SettingKey::SafetyBannedCommands);
    // The built-in rules apply whatever the list holds.
    QJsonArray rules;
    for (const BanList::RuleInfo &rule : BanList::builtInRules())
        rules.append(QJsonObject { { u"id"_s, rule.id }, { u"what"_s, rule.what } });
    return {
        { u"bannedCommands"_s, QJsonArray::fromStringList(list) },
        { u"count"_s, list.size() },
        { u"isDefault"_s, !settings->isSet(SettingKey::SafetyBannedCommands) },
        { u"rules"_s, rules },
    };
}

void updateBannedCommands(Settings *settings, QJsonObject params, const CommandReply &reply)
{
    // "commands" is the VS Code extension's name for the list.
    if (QString twice; !takeAlias(params, u"commands"_s, u"bannedCommands"_s, &twice))
        return reply(CommandResult::failure(twice + u" (nothing was changed)"_s));
    if (QString unknown; !onlyKnownParams(params, { u"bannedCommands"_s, u"reset"_s }, &unknown))
        return reply(CommandResult::failure(unknown));
    CommandParams p(params);
    const bool reset = p.boolean(u"reset"_s, false);
    if (!p.ok())
        return reply(CommandResult::failure(p.error()));
    if (reset) {
        if (params.contains(u"bannedCommands"_s))
            return reply(
                CommandResult::failure(u"give either params.bannedCommands or params.reset, not both"_s));
        if (QString why; settings->isPersonOnly(SettingKey::SafetyBannedCommands, QStringList(), &why))
            return reply(CommandResult::failure(why + u". Nothing was changed"_s, ErrorKind::Refused));
        settings->reset(SettingKey::SafetyBannedCommands);
        qCInfo(lcSafety) << "ban list reset to the defaults through the debug API";
        return reply(CommandResult::success(bannedCommands(settings)));
    }
    if (!params.contains(u"bannedCommands"_s))
        return reply(CommandResult::failure(
            u"params.bannedCommands is required: an array of patterns (substrings, or /regex/flags)"_s));
    QString error;
    const auto value = settingFromJson(settings->spec(SettingKey::SafetyBannedCommands),
                                       params.value(u"bannedCommands"), u"params.bannedCommands"_s, &error);
    if (!value)
        return reply(CommandResult::failure(error));
    if (!settings->validate(SettingKey::SafetyBannedCommands, *value, &error))
        return reply(CommandResult::failure(error));
    if (QString why; settings->isPersonOnly(SettingKey::SafetyBannedCommands, *value, &why))
        return reply(CommandResult::failure(why + u". Nothing was changed"_s, ErrorKind::Refused));
    if (!applySettings(settings, { { SettingKey::SafetyBannedCommands, *value } }, &error))
        return reply(CommandResult::failure(
            error, settings->lastSaveFailed() ? ErrorKind::Internal : ErrorKind::BadInput));
    const QStringList list = value->toStringList();
    if (list.isEmpty())
        qCInfo(lcSafety) << "the ban list's own entries were emptied through the debug API; the built-in "
                            "rules still apply";
    else
        qCInfo(lcSafety).noquote() << u"ban list changed through the debug API: %1 patterns"_s.arg(
            list.size());
    reply(CommandResult::success(bannedCommands(settings)));
}

void getSettings(const Settings *settings, const QJsonObject &params, const CommandReply &reply)
{
    if (QString unknown; !onlyKnownParams(params, { u"keys"_s }, &unknown))
        return reply(CommandResult::failure(unknown));
    CommandParams p(params);
    const QStringList keys = p.stringList(u"keys"_s);
    if (!p.ok())
        return reply(CommandResult::failure(p.error()));
    if (keys.isEmpty())
        return reply(CommandResult::success(QJsonObject { { u"settings"_s, allSettings(settings) } }));
    QJsonObject result;
    for (const QString &name : keys) {
        const auto key = settings->keyForName(name);
        if (!key)
            return reply(CommandResult::failure(u"unknown setting '%1'"_s.arg(name), ErrorKind::NotFound));
        result.insert(name, settingToJson(settings, *key));
    }
    reply(CommandResult::success(QJsonObject { { u"settings"_s, result } }));
}

// The host a cdp/host or agentServer/url value points at when it is not this machine; empty
// for loopback addresses and other keys.
QString offThisMachine(SettingKey key, const QVariant &value)
{
    QString host;
    if (key == SettingKey::CdpHost)
        host = value.toString().trimmed();
    else if (key == SettingKey::AgentServerUrl)
        host = QUrl(value.toString().trimmed()).host();
    else
        return {};
    return isLoopbackHostName(host) ? QString() : host;
}

void updateSettings(Settings *settings, const QJsonObject &params, const CommandReply &reply)
{
    if (QString unknown; !onlyKnownParams(params, { u"settings"_s }, &unknown))
        return reply(CommandResult::failure(unknown));
    const QJsonValue given = params.value(u"settings");
    if (!given.isObject() || given.toObject().isEmpty())
        return reply(CommandResult::failure(
            u"params.settings is required: an object of setting names and values, e.g. {\"autoAccept/enabled\": true}"_s));
    QList<QPair<SettingKey, QVariant>> changes;
    const QJsonObject values = given.toObject();
    for (auto it = values.begin(); it != values.end(); ++it) {
        const auto key = settings->keyForName(it.key());
        if (!key)
            return reply(CommandResult::failure(u"unknown setting '%1'; nothing was changed"_s.arg(it.key()),
                                                ErrorKind::NotFound));
        QString why;
        // A privileged key is refused whatever its value, before the value is read.
        if (settings->spec(*key).privileged && settings->isPersonOnly(*key, {}, &why))
            return reply(CommandResult::failure(why + u". Nothing was changed"_s, ErrorKind::Refused));
        QString error;
        const auto value = settingFromJson(settings->spec(*key), it.value(), it.key(), &error);
        if (!value)
            return reply(CommandResult::failure(error + u"; nothing was changed"_s));
        // Handing the browser to another machine is the user's call, in the window.
        if (const QString offHost = offThisMachine(*key, *value); !offHost.isEmpty())
            return reply(CommandResult::failure(
                u"%1 may point only at this machine through the debug API (%2 is not a loopback address): "
                "another host is set in the settings window. Nothing was changed"_s.arg(it.key(), offHost),
                ErrorKind::Refused));
        // A valid value first (BadInput says what is wrong with it), then whether the API may
        // make the change (Refused: removing a ban pattern).
        if (!settings->validate(*key, *value, &error))
            return reply(CommandResult::failure(error + u"; nothing was changed"_s));
        if (settings->isPersonOnly(*key, *value, &why))
            return reply(CommandResult::failure(why + u". Nothing was changed"_s, ErrorKind::Refused));
        changes.append({ *key, *value });
    }
    QString error;
    const auto changed = applySettings(settings, changes, &error);
    if (!changed)
        return reply(
            CommandResult::failure(error + u"; nothing was changed"_s,
                                   settings->lastSaveFailed() ? ErrorKind::Internal : ErrorKind::BadInput));
    if (!changed->isEmpty())
        qCInfo(lcSettings).noquote() << "settings changed through the debug API:" << changed->join(u", "_s);
    QJsonObject current;
    for (const auto &[key, value] : std::as_const(changes))
        current.insert(QString::fromLatin1(settings->spec(key).name), settingToJson(settings, key));
    reply(CommandResult::success(QJsonObject {
        { u"changed"_s, QJsonArray::fromStringList(*changed) },
        { u"settings"_s, current },
    }));
}

} // namespace

void DebugSettingsActions::install(CommandDispatcher *commands, Settings *settings)
{
    add(commands, u"getBannedCommands"_s,
        u"The ban list: your own patterns (substrings or /regex/flags) and the built-in rules, which always "
        "apply."_s,
        objectSchema(), [settings](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            reply(CommandResult::success(bannedCommands(settings)));
        });

    add(commands, u"updateBannedCommands"_s,
        u"Replaces the ban list: {\"bannedCommands\": [patterns]} (validated; nothing is saved on an error), "
        "or {\"reset\": true} for the defaults. Patterns may be added; removing one (a list without it, or "
        "reset) is the user's, in the window: 403."_s,
        objectSchema({
            { u"bannedCommands"_s,
              QJsonObject { { u"type"_s, u"array"_s },
                            { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } } } },
            { u"reset"_s, typed(u"boolean"_s, u"restore the default ban list"_s) },
        }),
        [settings](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            updateBannedCommands(settings, params, reply);
        });

    add(commands, u"getSettings"_s, u"Settings by name: {\"keys\": [names]} or all of them."_s,
        objectSchema({ { u"keys"_s, QJsonObject { { u"type"_s, u"array"_s } } } }),
        [settings](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            getSettings(settings, params, reply);
        });

    QStringList personOnly;
    for (const SettingSpec &spec : settings->table()) {
        if (spec.privileged)
            personOnly.append(QString::fromLatin1(spec.name));
    }
    add(commands, u"updateSettings"_s,
        u"Changes settings: {\"settings\": {name: value}} (validated before any is saved). Only in the "
        "window (403 here): %1; safety/bannedCommands may gain patterns here but not lose one."_s.arg(
            personOnly.join(u", "_s)),
        objectSchema({ { u"settings"_s, QJsonObject { { u"type"_s, u"object"_s } } } }, { u"settings"_s }),
        [settings](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            updateSettings(settings, params, reply);
        });
}

} // namespace mpa
