#include "DebugActions.h"

#include "CommandDispatcher.h"
#include "CommandParams.h"
#include "ParamsSchema.h"
#include "actions/ActionHost.h"
#include "autoaccept/AutoAcceptController.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "chat/AgentChat.h"
#include "common/Loopback.h"
#include "common/Refuse.h"
#include "logging/LogBuffer.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "page/PayloadHub.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "safety/BanList.h"
#include "scheduler/Scheduler.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QMetaEnum>
#include <QPointer>
#include <QSysInfo>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

using Scope = CommandDispatcher::Scope;

// The debug actions take the extension's extra parameter names too: their schemas stay open.
QJsonObject objectSchema(const QJsonObject &properties = {}, const QStringList &required = {})
{
    return ParamsSchema::object(properties, required, ParamsSchema::Extra::Allowed);
}
constexpr auto typed = &ParamsSchema::property;



void add(CommandDispatcher *commands, const QString &name, const QString &description,
         const QJsonObject &schema, CommandDispatcher::Handler handler)
{
    commands->add({ name, Scope::DebugApi, description, schema, std::move(handler) });
}

// True when `params` holds only `known` names; otherwise names the first stranger.
bool onlyKnownParams(const QJsonObject &params, const QStringList &known, QString *error)
{
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (!known.contains(it.key()))
            return refuse(error,
                          known.isEmpty()
                              ? u"this action takes no params (got '%1')"_s.arg(it.key())
                              : u"unknown parameter '%1' (known: %2)"_s.arg(it.key(), known.join(u", "_s)));
    }
    return true;
}

// A setting's value as JSON, and JSON as a setting's value with strict types.
QJsonValue settingToJson(const Settings *settings, SettingKey key)
{
    return QJsonValue::fromVariant(settings->value(key));
}

std::optional<QVariant> settingFromJson(const SettingSpec &spec, const QJsonValue &value,
                                        const QString &label, QString *error)
{
    switch (spec.type) {
    case SettingSpec::Type::Bool:
        if (!value.isBool()) {
            *error = u"%1 must be true or false"_s.arg(label);
            return std::nullopt;
        }
        return QVariant(value.toBool());
    case SettingSpec::Type::Int: {
        const double number = value.toDouble();
        if (!value.isDouble() || number != double(qint64(number))) {
            *error = u"%1 must be a whole number"_s.arg(label);
            return std::nullopt;
        }
        return QVariant(qint64(number));
    }
    case SettingSpec::Type::String:
    case SettingSpec::Type::Choice:
        if (!value.isString()) {
            *error = u"%1 must be a string"_s.arg(label);
            return std::nullopt;
        }
        return QVariant(value.toString());
    case SettingSpec::Type::StringList: {
        if (!value.isArray()) {
            *error = u"%1 must be an array of strings"_s.arg(label);
            return std::nullopt;
        }
        QStringList list;
        for (const QJsonValue &item : value.toArray()) {
            if (!item.isString()) {
                *error = u"%1 must be an array of strings"_s.arg(label);
                return std::nullopt;
            }
            list.append(item.toString());
        }
        return QVariant(list);
    }
    }
    return std::nullopt;
}

// Validates every change through the Settings registry first, then stores them all: a
// refused value leaves every setting as it was. Returns the names whose value changed.
std::optional<QStringList> applySettings(Settings *settings,
                                         const QList<QPair<SettingKey, QVariant>> &changes, QString *error)
{
    for (const auto &[key, value] : changes) {
        if (!settings->validate(key, value, error))
            return std::nullopt;
    }
    QStringList changed;
    for (const auto &[key, value] : changes) {
        const QVariant before = settings->value(key);
        if (!settings->setValue(key, value, error))
            return std::nullopt;
        if (settings->value(key) != before)
            changed.append(QString::fromLatin1(settings->spec(key).name));
    }
    return changed;
}

QString stateName(CdpEndpoint::State state)
{
    return QString::fromLatin1(QMetaEnum::fromType<CdpEndpoint::State>().valueToKey(int(state))).toLower();
}

// ---- state ---------------------------------------------------------------------------------

QJsonObject appSection(ActionHost *host)
{
    return {
        { u"name"_s, QCoreApplication::applicationName() },
        { u"version"_s, QStringLiteral(MPA_VERSION) },
        { u"pid"_s, QCoreApplication::applicationPid() },
        { u"running"_s, host->isRunning() },
        { u"paused"_s, host->isPaused() },
        { u"status"_s, host->statusLine() },
        { u"uptimeS"_s, host->uptimeSeconds() },
        { u"configDir"_s, host->paths().configDir },
        { u"logFile"_s, Logging::logFilePath() },
        { u"summary"_s, host->summary() },
    };
}

QJsonObject autoAcceptSection(ActionHost *host)
{
    const Settings *s = host->settings();
    const bool setting = s->boolValue(SettingKey::AutoAcceptEnabled);
    return {
        { u"enabled"_s, host->autoAcceptOverride().value_or(setting) },
        { u"enabledSetting"_s, setting },
        { u"forcedByCommandLine"_s, host->autoAcceptOverride().has_value() },
        { u"pollIntervalMs"_s, settingToJson(s, SettingKey::AutoAcceptPollIntervalMs) },
        { u"acceptWords"_s, settingToJson(s, SettingKey::AutoAcceptAcceptWords) },
        { u"rejectWords"_s, settingToJson(s, SettingKey::AutoAcceptRejectWords) },
        { u"userIdleMs"_s, settingToJson(s, SettingKey::AutoAcceptUserIdleMs) },
    };
}

QJsonObject debugApiSection(ActionHost *host)
{
    QJsonObject section = host->debugApiState();
    section.insert(u"allowEvaluate"_s, host->settings()->boolValue(SettingKey::DebugAllowEvaluate));
    return section;
}

QJsonObject allSettings(const Settings *settings)
{
    QJsonObject result;
    for (const SettingSpec &spec : settings->table())
        result.insert(QString::fromLatin1(spec.name), settingToJson(settings, spec.key));
    return result;
}

void getFullState(ActionHost *host, const CommandCaller &caller, const CommandReply &reply)
{
    struct Gathering
    {
        QJsonObject state;
        QJsonObject unavailable;
        int pending = 0;
        CommandReply reply;
    };
    auto gathering = std::make_shared<Gathering>();
    gathering->reply = reply;
    gathering->state.insert(u"app"_s, appSection(host));
    gathering->state.insert(u"autoAccept"_s, autoAcceptSection(host));
    gathering->state.insert(u"debugApi"_s, debugApiSection(host));
    gathering->state.insert(u"agentServer"_s, host->agentServerState());
    gathering->state.insert(u"settings"_s, allSettings(host->settings()));

    const auto sections = DebugActions::fullStateSections();
    gathering->pending = int(sections.size());
    for (const auto &[section, action] : sections) {
        host->commands()->dispatch(action, {}, caller, Scope::DebugApi,
                                   [gathering, section = section](const CommandResult &result) {
                                       if (result.ok) {
                                           gathering->state.insert(section, result.data);
                                       } else {
                                           gathering->state.insert(section, QJsonValue::Null);
                                           gathering->unavailable.insert(section, result.error);
                                       }
                                       if (--gathering->pending == 0) {
                                           gathering->state.insert(u"unavailable"_s, gathering->unavailable);
                                           gathering->reply(CommandResult::success(gathering->state));
                                       }
                                   });
    }
}

// `fresh`: current target infos by id (Chromium does not report title changes as they happen,
// so the sessions' own infos can hold a page's title from before it loaded).
QJsonObject cdpConnections(ActionHost *host, const QHash<QString, CdpTargetInfo> &fresh)
{
    CdpEndpoint *endpoint = host->endpoint();
    QJsonArray connections;
    const QList<CdpSession *> sessions = endpoint->sessions();
    for (CdpSession *session : sessions) {
        const CdpTargetInfo info = fresh.value(session->targetId(), session->targetInfo());
        QJsonObject connection {
            { u"targetId"_s, info.targetId },
            { u"type"_s, info.type },
            { u"title"_s, info.title },
            { u"url"_s, info.url },
            { u"attached"_s, session->isAttached() },
            { u"crashed"_s, session->hasCrashed() },
        };
        if (CdpSession *parent = session->parentSession())
            connection.insert(u"parentTargetId"_s, parent->targetId());
        const PayloadInjector *injector = host->payloads()->injectorFor(session);
        connection.insert(u"injected"_s, injector && injector->isReady());
        connections.append(connection);
    }
    return {
        { u"endpoint"_s,
          QJsonObject {
              { u"address"_s, endpoint->address() },
              { u"host"_s, endpoint->host() },
              { u"port"_s, endpoint->port() },
              { u"state"_s, stateName(endpoint->state()) },
              { u"connected"_s, endpoint->isConnected() },
              { u"browserLevel"_s, endpoint->isBrowserLevel() },
              { u"browserVersion"_s, endpoint->browserVersion() },
              { u"lastError"_s, endpoint->lastError() },
          } },
        { u"count"_s, connections.size() },
        { u"pages"_s, host->attachedPages() },
        { u"connections"_s, connections },
    };
}

void getCDPConnections(ActionHost *host, const CommandReply &reply)
{
    CdpEndpoint *endpoint = host->endpoint();
    if (!endpoint->isConnected() || !endpoint->isBrowserLevel())
        return reply(CommandResult::success(cdpConnections(host, {})));
    QPointer<QObject> guard(host->lifetime());
    endpoint->sendToBrowser(
        u"Target.getTargets"_s, {}, host->lifetime(),
        [guard, host, reply](const CdpResult &result) {
            if (!guard)
                return reply(CommandResult::failure(u"the engine stopped"_s, 503));
            QHash<QString, CdpTargetInfo> fresh;
            if (result.ok()) {
                for (const QJsonValue &value : result.result.value(u"targetInfos").toArray()) {
                    const CdpTargetInfo info = CdpTargetInfo::fromJson(value.toObject());
                    fresh.insert(info.targetId, info);
                }
            } else {
                qCDebug(lcServer).noquote()
                    << "getCDPConnections: Target.getTargets failed:" << result.error.toString();
            }
            reply(CommandResult::success(cdpConnections(host, fresh)));
        },
        std::chrono::seconds(5));
}

// ---- logs ----------------------------------------------------------------------------------

void getLogs(const QJsonObject &params, const CommandReply &reply)
{
    LogBuffer *buffer = Logging::buffer();
    if (!buffer)
        return reply(CommandResult::failure(
            u"getLogs is not available: logging is not set up in this process"_s, 503));
    if (QString unknown; !onlyKnownParams(params, { u"tailLines"_s, u"level"_s, u"category"_s }, &unknown))
        return reply(CommandResult::failure(unknown));
    CommandParams p(params);
    const int tailLines = p.integer(u"tailLines"_s, 100, 1, buffer->capacity());
    const QString level = p.choice(u"level"_s, { u"debug"_s, u"info"_s, u"warning"_s, u"critical"_s });
    const QString category = p.string(u"category"_s);
    if (!p.ok())
        return reply(CommandResult::failure(p.error()));
    const QtMsgType minimum = level == u"info"_s ? QtInfoMsg
        : level == u"warning"_s                  ? QtWarningMsg
        : level == u"critical"_s                 ? QtCriticalMsg
                                                 : QtDebugMsg;

    QList<const LogEntry *> picked;
    for (int row = buffer->rowCount() - 1; row >= 0 && picked.size() < tailLines; --row) {
        const LogEntry &entry = buffer->at(row);
        if (LogBuffer::severity(entry.level) < LogBuffer::severity(minimum))
            continue;
        if (!category.isEmpty() && !entry.category.startsWith(category))
            continue;
        picked.prepend(&entry);
    }
    QJsonArray lines;
    QStringList text;
    for (const LogEntry *entry : std::as_const(picked)) {
        lines.append(QJsonObject {
            { u"time"_s, QDateTime::fromMSecsSinceEpoch(entry->msecsSinceEpoch).toString(Qt::ISODateWithMs) },
            { u"level"_s, entry->levelName() },
            { u"category"_s, entry->category },
            { u"message"_s, entry->message },
        });
        text.append(entry->format());
    }
    reply(CommandResult::success(QJsonObject {
        { u"logs"_s, text.join(u'\n') },
        { u"linesCount"_s, lines.size() },
        { u"lines"_s, lines },
        { u"logFile"_s, Logging::logFilePath() },
    }));
}

// ---- ban list ------------------------------------------------------------------------------

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
            return reply(CommandResult::failure(why + u". Nothing was changed"_s, 403));
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
        return reply(CommandResult::failure(why + u". Nothing was changed"_s, 403));
    if (!applySettings(settings, { { SettingKey::SafetyBannedCommands, *value } }, &error))
        return reply(CommandResult::failure(error, settings->lastSaveFailed() ? 500 : 400));
    const QStringList list = value->toStringList();
    if (list.isEmpty())
        qCInfo(lcSafety) << "the ban list's own entries were emptied through the debug API; the built-in "
                            "rules still apply";
    else
        qCInfo(lcSafety).noquote() << u"ban list changed through the debug API: %1 patterns"_s.arg(
            list.size());
    reply(CommandResult::success(bannedCommands(settings)));
}

// ---- schedule ------------------------------------------------------------------------------

struct ScheduleField
{
    const char *name; // in getSchedule's object; "a.b" is b inside object a
    SettingKey key;
};

constexpr ScheduleField kScheduleFields[] = {
    { "enabled", SettingKey::ScheduleEnabled },
    { "mode", SettingKey::ScheduleMode },
    { "value", SettingKey::ScheduleValue },
    { "prompt", SettingKey::SchedulePrompt },
    { "queueMode", SettingKey::ScheduleQueueMode },
    { "silenceTimeoutS", SettingKey::ScheduleSilenceTimeoutS },
    { "checkPrompt.enabled", SettingKey::ScheduleCheckPromptEnabled },
    { "checkPrompt.text", SettingKey::ScheduleCheckPromptText },
    { "targetConversation", SettingKey::ScheduleTargetConversation },
};

QJsonObject schedule(const Settings *settings)
{
    QJsonObject result;
    QJsonObject checkPrompt;
    for (const ScheduleField &field : kScheduleFields) {
        const QString name = QString::fromLatin1(field.name);
        if (name.startsWith(u"checkPrompt."_s))
            checkPrompt.insert(name.mid(12), settingToJson(settings, field.key));
        else
            result.insert(name, settingToJson(settings, field.key));
    }
    result.insert(u"checkPrompt"_s, checkPrompt);
    return result;
}

// The VS Code extension's parameter names for the schedule, read as ours.
bool takeExtensionScheduleNames(QJsonObject &params, const CommandReply &reply)
{
    if (QString twice; !takeAlias(params, u"silenceTimeout"_s, u"silenceTimeoutS"_s, &twice)) {
        reply(CommandResult::failure(twice + u" (nothing was changed)"_s));
        return false;
    }
    for (const auto &[theirs, field] :
         { std::pair(u"checkPromptEnabled"_s, u"enabled"_s), std::pair(u"checkPromptText"_s, u"text"_s) }) {
        if (!params.contains(theirs))
            continue;
        QJsonObject check = params.value(u"checkPrompt"_s).toObject();
        if (check.contains(field)) {
            reply(
                CommandResult::failure(u"params.%1 and params.checkPrompt.%2 are the same setting; give one "
                                       "(nothing was changed)"_s.arg(theirs, field)));
            return false;
        }
        check.insert(field, params.take(theirs));
        params.insert(u"checkPrompt"_s, check);
    }
    return true;
}

void updateSchedule(Settings *settings, Scheduler *scheduler, QJsonObject params, const CommandReply &reply)
{
    if (!takeExtensionScheduleNames(params, reply))
        return;
    // The queue's prompts are not settings: the scheduler owns them. Checked first so that a
    // refusal (the queue runs) changes nothing.
    std::optional<QStringList> prompts;
    if (params.contains(u"prompts"_s)) {
        const QJsonValue value = params.take(u"prompts"_s);
        if (!value.isArray())
            return reply(CommandResult::failure(
                u"params.prompts must be an array of strings (the queue's task prompts); nothing was changed"_s));
        QStringList list;
        for (const QJsonValue &item : value.toArray()) {
            if (!item.isString())
                return reply(
                    CommandResult::failure(u"params.prompts must hold strings only; nothing was changed"_s));
            list.append(item.toString());
        }
        if (scheduler->queue().state == PromptQueue::State::Running)
            return reply(CommandResult::failure(
                u"params.prompts cannot change while the queue runs; pause or stop it first (nothing was "
                "changed)"_s,
                409));
        prompts = list;
    }
    if (prompts && params.isEmpty()) {
        if (QString refused; !scheduler->setQueue(*prompts, &refused))
            return reply(CommandResult::failure(refused + u" (nothing was changed)"_s,
                                                scheduler->queueSaveFailed() ? 500 : 409));
        QJsonObject data = schedule(settings);
        data.insert(u"changed"_s, QJsonArray { u"prompts"_s });
        data.insert(u"prompts"_s, QJsonArray::fromStringList(*prompts));
        return reply(CommandResult::success(data));
    }
    QStringList known;
    for (const ScheduleField &field : kScheduleFields) {
        const QString name = QString::fromLatin1(field.name);
        if (!name.startsWith(u"checkPrompt."_s))
            known.append(name);
    }
    known.append(u"checkPrompt"_s);
    if (QString unknown; !onlyKnownParams(params, known, &unknown))
        return reply(CommandResult::failure(unknown + u"; nothing was changed"_s));
    const QJsonValue checkPrompt = params.value(u"checkPrompt");
    if (!checkPrompt.isUndefined() && !checkPrompt.isObject())
        return reply(
            CommandResult::failure(u"params.checkPrompt must be an object {\"enabled\", \"text\"}"_s));
    if (QString unknown; !onlyKnownParams(checkPrompt.toObject(), { u"enabled"_s, u"text"_s }, &unknown))
        return reply(
            CommandResult::failure(u"params.checkPrompt: "_s + unknown + u"; nothing was changed"_s));

    QList<QPair<SettingKey, QVariant>> changes;
    for (const ScheduleField &field : kScheduleFields) {
        const QString name = QString::fromLatin1(field.name);
        QJsonValue value = name.startsWith(u"checkPrompt."_s) ? checkPrompt.toObject().value(name.mid(12))
                                                              : params.value(name);
        if (value.isUndefined())
            continue;
        if (field.key == SettingKey::ScheduleValue && value.isDouble())
            value = QString::number(value.toDouble()); // 30 and "30" are the same interval
        QString error;
        const auto converted = settingFromJson(settings->spec(field.key), value, u"params."_s + name, &error);
        if (!converted)
            return reply(CommandResult::failure(error + u"; nothing was changed"_s));
        changes.append({ field.key, *converted });
    }
    if (changes.isEmpty())
        return reply(
            CommandResult::failure(u"no schedule field given; known: prompts, "_s + known.join(u", "_s)));
    QString error;
    auto changed = applySettings(settings, changes, &error);
    if (!changed)
        return reply(CommandResult::failure(error + u"; nothing was changed"_s, settings->lastSaveFailed() ? 500 : 400));
    if (prompts) {
        if (QString refused; !scheduler->setQueue(*prompts, &refused))
            return reply(CommandResult::failure(refused + u" (the other fields were saved)"_s,
                                                scheduler->queueSaveFailed() ? 500 : 409));
        changed->append(u"prompts"_s);
    }
    if (!changed->isEmpty())
        qCInfo(lcScheduler).noquote() << "schedule changed through the debug API:" << changed->join(u", "_s);
    QJsonObject data = schedule(settings);
    data.insert(u"changed"_s, QJsonArray::fromStringList(*changed));
    if (prompts)
        data.insert(u"prompts"_s, QJsonArray::fromStringList(*prompts));
    reply(CommandResult::success(data));
}

// ---- settings ------------------------------------------------------------------------------

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
            return reply(CommandResult::failure(u"unknown setting '%1'"_s.arg(name), 404));
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
            return reply(
                CommandResult::failure(u"unknown setting '%1'; nothing was changed"_s.arg(it.key()), 404));
        QString why;
        // A privileged key is refused whatever its value, before the value is read.
        if (settings->spec(*key).privileged && settings->isPersonOnly(*key, {}, &why))
            return reply(CommandResult::failure(why + u". Nothing was changed"_s, 403));
        QString error;
        const auto value = settingFromJson(settings->spec(*key), it.value(), it.key(), &error);
        if (!value)
            return reply(CommandResult::failure(error + u"; nothing was changed"_s));
        // Handing the browser to another machine is the user's call, in the window.
        if (const QString offHost = offThisMachine(*key, *value); !offHost.isEmpty())
            return reply(CommandResult::failure(
                u"%1 may point only at this machine through the debug API (%2 is not a loopback address): "
                "another host is set in the settings window. Nothing was changed"_s.arg(it.key(), offHost),
                403));
        // A valid value first (400 says what is wrong with it), then whether the API may make
        // the change (403: removing a ban pattern).
        if (!settings->validate(*key, *value, &error))
            return reply(CommandResult::failure(error + u"; nothing was changed"_s));
        if (settings->isPersonOnly(*key, *value, &why))
            return reply(CommandResult::failure(why + u". Nothing was changed"_s, 403));
        changes.append({ *key, *value });
    }
    QString error;
    const auto changed = applySettings(settings, changes, &error);
    if (!changed)
        return reply(CommandResult::failure(error + u"; nothing was changed"_s, settings->lastSaveFailed() ? 500 : 400));
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

// ---- browser -------------------------------------------------------------------------------

void evaluateInBrowser(ActionHost *host, const QJsonObject &params, const CommandReply &reply)
{
    if (!host->settings()->boolValue(SettingKey::DebugAllowEvaluate))
        return reply(CommandResult::failure(u"evaluateInBrowser is turned off: running code in pages needs "
                                            u"the setting debug/allowEvaluate=true "
                                            "(settings window or settings.ini)"_s,
                                            403));
    if (QString unknown; !onlyKnownParams(params, { u"code"_s, u"targetId"_s, u"timeoutMs"_s }, &unknown))
        return reply(CommandResult::failure(unknown));
    CommandParams p(params);
    const QString code = p.requiredString(u"code"_s);
    const QString targetId = p.string(u"targetId"_s);
    const int timeoutMs = p.integer(u"timeoutMs"_s, 10000, 100, 120000);
    if (!p.ok())
        return reply(CommandResult::failure(p.error()));
    if (code.trimmed().isEmpty())
        return reply(CommandResult::failure(u"params.code is empty"_s));

    CdpEndpoint *endpoint = host->endpoint();
    CdpSession *session = nullptr;
    if (!targetId.isEmpty()) {
        session = endpoint->sessionForTarget(targetId);
        if (!session)
            return reply(CommandResult::failure(
                u"no attached target '%1'; getCDPConnections lists the targets"_s.arg(targetId), 404));
    } else {
        const QList<CdpSession *> pages = endpoint->pageSessions();
        if (pages.isEmpty())
            return reply(CommandResult::failure(
                u"no page is attached (the browser endpoint %1 is %2); start the browser or IDE with "
                "--remote-debugging-port=%3"_s.arg(endpoint->address(), stateName(endpoint->state()))
                    .arg(endpoint->port()),
                503));
        session = pages.first();
    }
    const CdpTargetInfo info = session->targetInfo();
    qCInfo(lcServer).noquote() << u"debug API: evaluating %1 characters of code in '%2' (%3)"_s
                                      .arg(code.size())
                                      .arg(info.title, info.targetId);
    session->evaluate(
        code, host->lifetime(),
        [reply, info, timeoutMs](const QJsonValue &value, const CdpError &error) {
            if (!error.isError()) {
                return reply(CommandResult::success(QJsonObject {
                    { u"result"_s, value.isUndefined() ? QJsonValue() : value },
                    { u"targetId"_s, info.targetId },
                    { u"type"_s, info.type },
                    { u"url"_s, info.url },
                }));
            }
            switch (error.kind) {
            case CdpError::Kind::Script:
                return reply(CommandResult::failure(u"the code threw: "_s + error.message, 400));
            case CdpError::Kind::Timeout:
                return reply(CommandResult::failure(
                    u"the code did not finish within %1 ms (params.timeoutMs)"_s.arg(timeoutMs), 504));
            default:
                return reply(
                    CommandResult::failure(u"the browser did not run the code: "_s + error.toString(), 502));
            }
        },
        std::chrono::milliseconds(timeoutMs));
}

// process.platform's names: linux, darwin, win32, freebsd, …
QString nodePlatformName()
{
    const QString kernel = QSysInfo::kernelType();
    if (kernel == u"winnt"_s)
        return u"win32"_s;
    return kernel;
}

// As VS Code's env.machineId: a SHA-256 in hex that names the machine without giving its id away.
QString machineId()
{
    const QByteArray id = QSysInfo::machineUniqueId();
    if (id.isEmpty())
        return {};
    return QString::fromLatin1(
        QCryptographicHash::hash(QByteArray("multi-purpose-agent:" + id), QCryptographicHash::Sha256)
            .toHex());
}

QJsonObject systemInfo(ActionHost *host)
{
    return {
        { u"name"_s, QCoreApplication::applicationName() },
        { u"version"_s, QStringLiteral(MPA_VERSION) },
        { u"appId"_s, QStringLiteral(MPA_APP_ID) },
        { u"qtVersion"_s, QString::fromLatin1(qVersion()) },
        { u"os"_s, QSysInfo::prettyProductName() },
        { u"kernel"_s, QString(QSysInfo::kernelType() + u' ' + QSysInfo::kernelVersion()) },
        { u"cpuArchitecture"_s, QSysInfo::currentCpuArchitecture() },
        { u"pid"_s, QCoreApplication::applicationPid() },
        { u"configDir"_s, host->paths().configDir },
        { u"settingsFile"_s, host->settings()->filePath() },
        { u"logFile"_s, Logging::logFilePath() },
        // The extension's reply ({success, info: {platform, nodeVersion, appName, machineId,
        // time}}, main_scripts/debug-handler.js), which its test scripts read as info.info.*:
        // platform in Node's words, the app's name where it gave the IDE's, no Node.
        { u"info"_s,
          QJsonObject {
              { u"platform"_s, nodePlatformName() },
              { u"appName"_s, u"Multi Purpose Agent"_s },
              { u"appVersion"_s, QStringLiteral(MPA_VERSION) },
              { u"machineId"_s, machineId() },
              { u"time"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs) },
          } },
    };
}

// ---- queue, prompts, conversations, quota ----------------------------------------------------

void queueAction(CommandDispatcher *commands, Scheduler *scheduler, const QString &name,
                 const QString &description, bool (Scheduler::*act)(QString *error))
{
    add(commands, name, description + u" Answers the queue's status."_s, objectSchema(),
        [scheduler, act](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            if (QString refused; !(scheduler->*act)(&refused))
                return reply(CommandResult::failure(refused, 409));
            reply(CommandResult::success(scheduler->queueStatus()));
        });
}

QJsonObject sendOutcomeJson(const ChatSendOutcome &outcome)
{
    return {
        { u"sent"_s, outcome.ok },
        { u"target"_s, outcome.target },
        { u"conversation"_s, outcome.conversation },
        { u"method"_s, outcome.method },
        { u"draftSetAside"_s, outcome.draftSetAside },
        { u"draftRestored"_s, outcome.draftRestored },
        { u"note"_s, outcome.note },
    };
}

void installSchedulerActions(ActionHost *host)
{
    CommandDispatcher *commands = host->commands();
    Scheduler *scheduler = host->scheduler();

    add(commands, u"getQueueStatus"_s,
        u"The prompt queue: running or paused, current prompt, each item's status, what is left."_s,
        objectSchema(), [scheduler](const QJsonObject &, const CommandCaller &, CommandReply reply) {
            reply(CommandResult::success(scheduler->queueStatus()));
        });
    queueAction(commands, scheduler, u"startQueue"_s,
                u"Starts the prompt queue (schedule/mode must be queue)."_s, &Scheduler::startQueue);
    queueAction(commands, scheduler, u"pauseQueue"_s, u"Pauses the running queue."_s, &Scheduler::pauseQueue);
    queueAction(commands, scheduler, u"resumeQueue"_s, u"Resumes a paused queue."_s, &Scheduler::resumeQueue);
    queueAction(commands, scheduler, u"stopQueue"_s, u"Stops the queue."_s, &Scheduler::stopQueue);
    queueAction(commands, scheduler, u"skipPrompt"_s, u"Skips the queue's current prompt."_s,
                &Scheduler::skipPrompt);
    queueAction(commands, scheduler, u"rewindQueue"_s,
                u"Stops the queue and puts it back to its first prompt, keeping its prompts."_s,
                &Scheduler::rewindQueue);
    queueAction(commands, scheduler, u"resetQueue"_s,
                u"Stops the queue and empties it, as the extension's resetQueue did (rewindQueue keeps the "
                "prompts)."_s,
                &Scheduler::clearQueue);

    add(commands, u"sendPrompt"_s,
        u"Sends a prompt to the IDE agent's chat now, outside the queue, and records it in the history: "
        "{\"prompt\": TEXT, \"conversation\": NAME (default: schedule/targetConversation, else the active one)}."_s,
        objectSchema(
            {
                { u"prompt"_s, typed(u"string"_s, u"the text to send"_s) },
                { u"conversation"_s, typed(u"string"_s, u"the conversation (tab) to send it to"_s) },
            },
            { u"prompt"_s }),
        [host, scheduler](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, { u"prompt"_s, u"conversation"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            const QString prompt = p.requiredString(u"prompt"_s);
            const QString conversation = p.string(u"conversation"_s);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            if (prompt.trimmed().isEmpty())
                return reply(CommandResult::failure(u"params.prompt is empty"_s));
            scheduler->sendPrompt(
                prompt, conversation, host->lifetime(), [reply](const ChatSendOutcome &outcome) {
                    if (outcome.ok)
                        return reply(CommandResult::success(sendOutcomeJson(outcome)));
                    reply(CommandResult::failure(u"the prompt was not sent: "_s + outcome.error,
                                                 outcome.retryLater ? 409 : 502));
                });
        });

    add(commands, u"getPromptHistory"_s,
        u"Prompts sent so far, newest first: {\"limit\": 1-1000 (all kept)}."_s,
        objectSchema({ { u"limit"_s, typed(u"integer"_s, u"at most this many entries"_s) } }),
        [scheduler](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, { u"limit"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            const int limit = p.integer(u"limit"_s, 1000, 1, 1000);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            QJsonArray entries;
            const QList<PromptRecord> &records = scheduler->history().entries();
            for (auto it = records.crbegin(); it != records.crend() && entries.size() < limit; ++it)
                entries.append(it->toJson());
            reply(CommandResult::success(QJsonObject {
                { u"entries"_s, entries },
                { u"capacity"_s, scheduler->history().capacity() },
            }));
        });

    add(commands, u"getConversations"_s,
        u"The agent panel's conversations (tab names) and which one is active."_s, objectSchema(),
        [host](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            host->agentChat()->conversations(host->lifetime(), reply);
        });

    add(commands, u"getQuota"_s,
        u"The model quota as the IDE's language server reports it, the watched models and whether the queue "
        "is held: {\"refresh\": true} polls now first."_s,
        objectSchema({ { u"refresh"_s, typed(u"boolean"_s, u"poll the language server now"_s) } }),
        [host](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, { u"refresh"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            const bool refresh = p.boolean(u"refresh"_s, false);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            QuotaMonitor *quota = host->quota();
            if (!refresh)
                return reply(CommandResult::success(quota->toJson()));
            if (!host->settings()->boolValue(SettingKey::QuotaEnabled))
                return reply(
                    CommandResult::failure(u"quota/enabled is off: there is nothing to refresh"_s, 409));
            auto connection = std::make_shared<QMetaObject::Connection>();
            *connection = QObject::connect(quota, &QuotaMonitor::snapshotChanged, host->lifetime(),
                                           [quota, reply, connection](const QuotaSnapshot &) {
                                               QObject::disconnect(*connection);
                                               reply(CommandResult::success(quota->toJson()));
                                           });
            quota->refreshNow();
        });
}

// ---- auto-accept --------------------------------------------------------------------------

void installAutoAcceptActions(ActionHost *host)
{
    CommandDispatcher *commands = host->commands();
    AutoAcceptController *autoAccept = host->autoAccept();
    add(commands, u"getStats"_s,
        u"Auto-accept statistics: totals since the first run, this week, weeks, this run, per target (with "
        "its IDE profile), the last blocked commands and the profiles loaded. Counters are collected from "
        "the pages first."_s,
        objectSchema(), [autoAccept](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            autoAccept->collectNow(
                autoAccept, [autoAccept, reply] { reply(CommandResult::success(autoAccept->toJson())); });
        });

    const auto pauseAction = [host, autoAccept](bool paused) {
        return [host, autoAccept, paused](const QJsonObject &params, const CommandCaller &,
                                          CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, { u"targetId"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            const QString targetId = p.requiredString(u"targetId"_s);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            const CdpSession *page = host->endpoint()->sessionForTarget(targetId);
            if (!page || !page->isPage())
                return reply(CommandResult::failure(
                    u"no attached page has targetId '%1' (see getCDPConnections)"_s.arg(targetId), 404));
            autoAccept->setTargetPaused(targetId, paused);
            reply(
                CommandResult::success(QJsonObject { { u"targetId"_s, targetId }, { u"paused"_s, paused } }));
        };
    };
    const QJsonObject targetSchema = objectSchema(
        { { u"targetId"_s, typed(u"string"_s, u"a page from getCDPConnections"_s) } }, { u"targetId"_s });
    add(commands, u"pauseTarget"_s, u"Pauses auto-accept in one page (and its frames): {\"targetId\"}."_s,
        targetSchema, pauseAction(true));
    add(commands, u"resumeTarget"_s,
        u"Resumes auto-accept in one page paused with pauseTarget: {\"targetId\"}."_s, targetSchema,
        pauseAction(false));
}

// The VS Code extension's names for actions this app has under another name, and the two that
// only made sense inside VS Code: its scripts get an answer they can act on.
void installExtensionNames(CommandDispatcher *commands)
{
    if (const CommandDispatcher::Command *send = commands->find(u"sendPrompt"_s)) {
        CommandDispatcher::Command alias = *send;
        alias.name = u"sendChatPrompt"_s;
        alias.description = u"The extension's name for sendPrompt. "_s + send->description;
        commands->add(alias);
    }
    const auto insideVsCode = [commands](const QString &name, const QString &instead) {
        add(commands, name,
            u"The extension ran this inside VS Code; this app answers it with 501 and what to use instead."_s,
            objectSchema(), [name, instead](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                reply(CommandResult::failure(
                    u"%1 ran inside VS Code's extension host, which this app is not part of; %2"_s.arg(
                        name, instead),
                    501));
            });
    };
    insideVsCode(u"listChatCommands"_s,
                 u"to see what the agent's chat offers, use getFullState (its chat and conversations) or "
                 "getConversations"_s);
    insideVsCode(
        u"executeVSCodeCommand"_s,
        u"run the command from VS Code's command palette, or drive the IDE's window through the browser "
        "toolkit (press, click)"_s);
}

} // namespace

QList<QPair<QString, QString>> DebugActions::fullStateSections()
{
    return {
        { u"cdp"_s, u"getCDPConnections"_s },
        { u"stats"_s, u"getStats"_s },
        { u"bannedCommands"_s, u"getBannedCommands"_s },
        { u"schedule"_s, u"getSchedule"_s },
        { u"queue"_s, u"getQueueStatus"_s },
        { u"quota"_s, u"getQuota"_s },
    };
}

void DebugActions::install(ActionHost *host)
{
    CommandDispatcher *commands = host->commands();
    // The host owns the dispatcher; handlers capture it plainly.

    add(commands, u"getFullState"_s,
        u"Everything at once: app, CDP connections, auto-accept, stats, ban list, schedule, queue, quota, "
        "settings (GET /api/state is the same)."_s,
        objectSchema(), [host](const QJsonObject &params, const CommandCaller &caller, CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            getFullState(host, caller, reply);
        });

    add(commands, u"getSystemInfo"_s, u"Version, Qt, OS, process id and the app's folders."_s, objectSchema(),
        [host](const QJsonObject &, const CommandCaller &, CommandReply reply) {
            reply(CommandResult::success(systemInfo(host)));
        });

    add(commands, u"listActions"_s, u"The debug API's actions with a line on each."_s, objectSchema(),
        [commands](const QJsonObject &, const CommandCaller &, CommandReply reply) {
            QJsonArray actions;
            for (const CommandDispatcher::Command &command : commands->commands(Scope::DebugApi))
                actions.append(
                    QJsonObject { { u"name"_s, command.name }, { u"description"_s, command.description } });
            reply(CommandResult::success(QJsonObject { { u"actions"_s, actions } }));
        });

    add(commands, u"getLogs"_s,
        u"Recent log lines: {\"tailLines\": 1-capacity (100), \"level\": debug|info|warning|critical, "
        "\"category\": prefix such as mpa.cdp}."_s,
        objectSchema({
            { u"tailLines"_s, typed(u"integer"_s, u"how many lines, newest last (default 100)"_s) },
            { u"level"_s, typed(u"string"_s, u"lowest level shown: debug, info, warning or critical"_s) },
            { u"category"_s, typed(u"string"_s, u"only categories starting with this, e.g. mpa.cdp"_s) },
        }),
        [](const QJsonObject &params, const CommandCaller &, CommandReply reply) { getLogs(params, reply); });

    add(commands, u"getCDPConnections"_s,
        u"The browser endpoint (address, state, browser version) and every attached target (type, title, URL)."_s,
        objectSchema(), [host](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            getCDPConnections(host, reply);
        });

    add(commands, u"getBannedCommands"_s,
        u"The ban list: your own patterns (substrings or /regex/flags) and the built-in rules, which always "
        "apply."_s,
        objectSchema(), [host](const QJsonObject &, const CommandCaller &, CommandReply reply) {
            reply(CommandResult::success(bannedCommands(host->settings())));
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
        [host](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            updateBannedCommands(host->settings(), params, reply);
        });

    add(commands, u"getSchedule"_s,
        u"The prompt schedule's settings (schedule/*) and the queue's task prompts (prompts)."_s,
        objectSchema(), [host](const QJsonObject &, const CommandCaller &, CommandReply reply) {
            QJsonObject data = schedule(host->settings());
            QJsonArray prompts;
            for (const QueueItem &item : host->scheduler()->queue().items)
                prompts.append(item.text);
            data.insert(u"prompts"_s, prompts); // as the extension's getSchedule gave them
            reply(CommandResult::success(data));
        });

    add(commands, u"updateSchedule"_s,
        u"Changes schedule settings: any of enabled, mode, value, prompt, queueMode, silenceTimeoutS, "
        "checkPrompt {enabled, text}, targetConversation (all validated before any is saved), and prompts "
        "(the queue's task prompts, not while it runs). The extension's names silenceTimeout, "
        "checkPromptEnabled and checkPromptText are read as these."_s,
        objectSchema(), [host](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            updateSchedule(host->settings(), host->scheduler(), params, reply);
        });

    add(commands, u"getSettings"_s, u"Settings by name: {\"keys\": [names]} or all of them."_s,
        objectSchema({ { u"keys"_s, QJsonObject { { u"type"_s, u"array"_s } } } }),
        [host](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            getSettings(host->settings(), params, reply);
        });

    QStringList personOnly;
    for (const SettingSpec &spec : host->settings()->table()) {
        if (spec.privileged)
            personOnly.append(QString::fromLatin1(spec.name));
    }
    add(commands, u"updateSettings"_s,
        u"Changes settings: {\"settings\": {name: value}} (validated before any is saved). Only in the "
        "window (403 here): %1; safety/bannedCommands may gain patterns here but not lose one."_s.arg(
            personOnly.join(u", "_s)),
        objectSchema({ { u"settings"_s, QJsonObject { { u"type"_s, u"object"_s } } } }, { u"settings"_s }),
        [host](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            updateSettings(host->settings(), params, reply);
        });

    add(commands, u"evaluateInBrowser"_s,
        u"Runs JavaScript in a page: {\"code\", \"targetId\" (default: the first page), \"timeoutMs\"}. Off "
        "unless debug/allowEvaluate."_s,
        objectSchema(
            {
                { u"code"_s, typed(u"string"_s, u"a JavaScript expression or script"_s) },
                { u"targetId"_s, typed(u"string"_s, u"a target from getCDPConnections"_s) },
                { u"timeoutMs"_s, typed(u"integer"_s, u"100-120000 (default 10000)"_s) },
            },
            { u"code"_s }),
        [host](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
            evaluateInBrowser(host, params, reply);
        });

    installSchedulerActions(host);
    installAutoAcceptActions(host);
    installExtensionNames(commands);
}

} // namespace mpa
