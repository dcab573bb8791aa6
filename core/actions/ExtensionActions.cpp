#include "ExtensionActions.h"

#include "ActionHost.h"
#include "CommandDispatcher.h"
#include "DebugActionSupport.h"
#include "DesktopUi.h"
#include "ExtensionQuotaStatus.h"
#include "ExtensionRoiStats.h"
#include "ExtensionState.h"
#include "autoaccept/AutoAcceptController.h"
#include "common/ParamsSchema.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QJsonArray>

#include <functional>
#include <optional>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

using Scope = CommandDispatcher::Scope;
using debugactions::add;
using debugactions::typed;
using ParamsSchema::object;

// Stores one setting through the registry (its validation, its range); the debug API never
// makes a change only a person makes (Settings::isPersonOnly). Empty on success, else the failure to answer
// with.
std::optional<CommandResult> store(Settings *settings, SettingKey key, const QVariant &value)
{
    const SettingSpec &spec = settings->spec(key);
    if (QString why; settings->isPersonOnly(key, value, &why))
        return CommandResult::failure(why + u". Nothing was changed"_s, ErrorKind::Refused);
    QString error;
    if (!settings->setValue(key, value, &error))
        return CommandResult::failure(error + u"; nothing was changed"_s,
                                      settings->lastSaveFailed() ? ErrorKind::Internal : ErrorKind::BadInput);
    qCInfo(lcSettings).noquote() << u"%1 set to %2 through the debug API"_s.arg(
        QString::fromLatin1(spec.name), settings->value(key).toString());
    return std::nullopt;
}

// A boolean setting under the extension's {"value": true|false}; answers {"enabled", "setting"}.
void addSwitch(ActionHost *host, const QString &name, SettingKey key, const QString &what)
{
    const QString setting = QString::fromLatin1(host->settings()->spec(key).name);
    add(host->commands(), name,
        u"Turns %1 on or off (%2): {\"value\": true|false}, the extension's parameter."_s.arg(what, setting),
        object({ { u"value"_s, typed(u"boolean"_s, u"on (true) or off (false)"_s) } }, { u"value"_s }),
        [host, key, setting](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            if (auto refused = store(host->settings(), key, params.value(u"value"_s).toBool()))
                return reply(*refused);
            reply(CommandResult::success(QJsonObject {
                { u"enabled"_s, host->settings()->boolValue(key) },
                { u"setting"_s, setting },
            }));
        });
}

// A boolean setting read back as the extension's {"enabled"}.
void addSwitchReader(ActionHost *host, const QString &name, SettingKey key, const QString &what)
{
    const QString setting = QString::fromLatin1(host->settings()->spec(key).name);
    add(host->commands(), name, u"Whether %1 is on (%2)."_s.arg(what, setting), object({}),
        [host, key, setting](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            reply(CommandResult::success(QJsonObject {
                { u"enabled"_s, host->settings()->boolValue(key) },
                { u"setting"_s, setting },
            }));
        });
}

// Gives an existing action's data the fields the extension's reply had, beside ours.
void addExtensionFields(CommandDispatcher *commands, const QString &name,
                        const std::function<void(QJsonObject &data)> &extend)
{
    const CommandDispatcher::Command *existing = commands->find(name);
    if (!existing)
        return;
    CommandDispatcher::Command wrapped = *existing;
    wrapped.handler = [inner = existing->handler, extend](
                          const QJsonObject &params, const CommandCaller &caller, const CommandReply &reply) {
        inner(params, caller, [reply, extend](const CommandResult &result) {
            if (!result.ok || !result.data.isObject())
                return reply(result);
            QJsonObject data = result.data.toObject();
            extend(data);
            reply(CommandResult::success(data));
        });
    };
    commands->add(wrapped);
}

QString headlessRefusal(const QString &action, const QString &instead)
{
    return u"%1 needs the desktop: this instance runs without a window (--headless, or no display)%2"_s.arg(
        action, instead.isEmpty() ? QString() : u"; "_s + instead);
}

} // namespace

void ExtensionActions::install(ActionHost *host)
{
    CommandDispatcher *commands = host->commands();
    Settings *settings = host->settings();

    // ---- auto-accept -------------------------------------------------------------------------
    add(commands, u"toggle"_s,
        u"Flips auto-accept on or off, as the tray's switch does (saves autoAccept/enabled and drops a "
        "--auto-accept of this run). Answers {\"enabled\"}."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            const bool enabled = !host->autoAcceptEnabled();
            // Not saved, not switched: the answer says so rather than the old state as done.
            if (QString error; !host->setAutoAcceptEnabled(enabled, &error))
                return reply(CommandResult::failure(
                    u"auto-accept stays %1: %2"_s.arg(host->autoAcceptEnabled() ? u"on"_s : u"off"_s, error),
                    ErrorKind::Internal));
            qCInfo(lcAutoAccept) << "auto-accept switched" << (enabled ? "on" : "off")
                                 << "through the debug API";
            reply(CommandResult::success(QJsonObject {
                { u"enabled"_s, host->autoAcceptEnabled() },
                { u"setting"_s, u"autoAccept/enabled"_s },
            }));
        });
    add(commands, u"getEnabled"_s,
        u"Whether auto-accept is on for this run ({\"enabled\"}), the saved setting and whether "
        u"--auto-accept "
        "decides it."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            reply(CommandResult::success(QJsonObject {
                { u"enabled"_s, host->autoAcceptEnabled() },
                { u"enabledSetting"_s, host->settings()->boolValue(SettingKey::AutoAcceptEnabled) },
                { u"forcedByCommandLine"_s, host->autoAcceptOverride().has_value() },
            }));
        });
    const SettingSpec &poll = settings->spec(SettingKey::AutoAcceptPollIntervalMs);
    add(commands, u"setFrequency"_s,
        u"Sets auto-accept's fallback scan period in ms (autoAccept/pollIntervalMs, %1-%2): {\"value\": ms}."_s
            .arg(poll.minimum)
            .arg(poll.maximum),
        object({ { u"value"_s, ParamsSchema::integer(poll.minimum, poll.maximum, u"milliseconds"_s) } },
               { u"value"_s }),
        [host](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            const qint64 ms = params.value(u"value"_s).toInteger();
            if (auto refused = store(host->settings(), SettingKey::AutoAcceptPollIntervalMs, ms))
                return reply(*refused);
            reply(CommandResult::success(QJsonObject {
                { u"pollIntervalMs"_s, host->settings()->intValue(SettingKey::AutoAcceptPollIntervalMs) },
                { u"setting"_s, u"autoAccept/pollIntervalMs"_s },
            }));
        });

    // ---- schedule ------------------------------------------------------------------------------
    add(commands, u"setTargetConversation"_s,
        u"The conversation (tab name) prompts go to, schedule/targetConversation: {\"conversationId\": "
        u"NAME}; "
        "empty for the active one."_s,
        object({ { u"conversationId"_s,
                   typed(u"string"_s,
                         u"the conversation's name (getConversations); empty: the active one"_s) } },
               { u"conversationId"_s }),
        [host](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            const QString name = params.value(u"conversationId"_s).toString().trimmed();
            if (auto refused = store(host->settings(), SettingKey::ScheduleTargetConversation, name))
                return reply(*refused);
            reply(CommandResult::success(QJsonObject {
                { u"targetConversation"_s,
                  host->settings()->stringValue(SettingKey::ScheduleTargetConversation) },
                { u"setting"_s, u"schedule/targetConversation"_s },
            }));
        });

    // ---- quota ---------------------------------------------------------------------------------
    addSwitch(host, u"setAntigravityQuota"_s, SettingKey::QuotaEnabled,
              u"reading Antigravity's model quota"_s);
    addSwitchReader(host, u"getAntigravityQuota"_s, SettingKey::QuotaEnabled,
                    u"reading Antigravity's model quota"_s);
    addSwitch(host, u"setResumeEnabled"_s, SettingKey::QuotaResumeQueue,
              u"resuming the queue when the quota comes back"_s);
    addSwitch(host, u"setAutoContinue"_s, SettingKey::QuotaAutoContinue,
              u"sending \"Continue\" when the quota comes back"_s);
    addSwitchReader(host, u"getAutoContinue"_s, SettingKey::QuotaAutoContinue,
                    u"sending \"Continue\" when the quota comes back"_s);
    add(commands, u"refreshAntigravityQuota"_s,
        u"Reads the model quota from Antigravity's language server now; answers {\"snapshot\"} (getQuota's "
        "reading)."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &caller, const CommandReply &reply) {
            host->commands()->dispatch(
                u"getQuota"_s, { { u"refresh"_s, true } }, caller, Scope::DebugApi,
                [reply](const CommandResult &result) {
                    if (!result.ok)
                        return reply(result);
                    reply(CommandResult::success(QJsonObject { { u"snapshot"_s, result.data } }));
                });
        });
    add(commands, u"getAntigravityStatus"_s,
        u"Whether Antigravity's language server was found and answered the last quota reading: status "
        "connected, disconnected, not_initialized or disabled, and the reason when not connected."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            reply(CommandResult::success(antigravityStatus(host->settings(), host->quota())));
        });

    // ---- statistics and logs ---------------------------------------------------------------------
    add(commands, u"getROIStats"_s,
        u"What auto-accept saved you, as the extension's dashboard showed it: clicks, blocked commands, "
        "sessions and time saved (5 s a click) this week and all time. Counters are collected from the pages "
        "first."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            AutoAcceptController *autoAccept = host->autoAccept();
            autoAccept->collectNow(autoAccept, [autoAccept, reply] {
                reply(CommandResult::success(ExtensionRoi::stats(autoAccept)));
            });
        });
    add(commands, u"clearLogs"_s,
        u"Empties the log file (and its rolled copies) and the in-memory log; answers how much went."_s,
        object({}), [](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            const Logging::Cleared cleared = Logging::clear();
            qCInfo(lcApp).noquote()
                << u"logs cleared through the debug API: %1 lines, %2 bytes in %3 file(s)"_s
                       .arg(cleared.lines)
                       .arg(cleared.bytes)
                       .arg(cleared.files.size());
            reply(CommandResult::success(QJsonObject {
                { u"linesCleared"_s, cleared.lines },
                { u"bytesCleared"_s, cleared.bytes },
                { u"files"_s, QJsonArray::fromStringList(cleared.files) },
                { u"logFile"_s, Logging::logFilePath() },
            }));
        });
    add(commands, u"openLogFile"_s,
        u"Opens the log file with the desktop's handler for text files; refused without a window."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            const QString path = Logging::logFilePath();
            if (path.isEmpty())
                return reply(CommandResult::failure(
                    u"this instance writes no log file (it logs to stderr only); getLogs reads its log"_s,
                    ErrorKind::NotFound));
            DesktopUi *ui = host->desktopUi();
            if (!ui)
                return reply(CommandResult::failure(
                    headlessRefusal(u"openLogFile"_s, u"the log file is %1 (getLogs reads it)"_s.arg(path)),
                    ErrorKind::Unavailable));
            QString error;
            if (!ui->openWithDesktop(path, &error))
                return reply(CommandResult::failure(u"the desktop did not open %1: %2"_s.arg(path, error),
                                                    ErrorKind::Upstream));
            reply(CommandResult::success(QJsonObject { { u"opened"_s, path } }));
        });

    // ---- settings ------------------------------------------------------------------------------
    add(commands, u"resetAllSettings"_s,
        u"Puts every setting back to its default, as the General page's Reset does, after copying "
        "settings.ini next to it; what only the user changes (debug/*, toolkit rights, what auto-accept "
        "clicks, their ban patterns) is kept."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            Settings *s = host->settings();
            QJsonArray kept;
            for (const SettingSpec &spec : s->table()) {
                if (s->isPersonOnly(spec.key, spec.defaultValue))
                    kept.append(QString::fromLatin1(spec.name));
            }
            QString backup, error;
            if (!s->resetAllWithBackup(Settings::ResetScope::ExceptPrivileged, &backup, &error))
                return reply(CommandResult::failure(error, ErrorKind::Internal));
            reply(CommandResult::success(QJsonObject {
                { u"reset"_s, true },
                { u"backup"_s, backup.isEmpty() ? QJsonValue() : QJsonValue(backup) },
                { u"settingsFile"_s, s->filePath() },
                { u"kept"_s, kept },
            }));
        });

    // ---- servers, connection, instance ---------------------------------------------------------
    add(commands, u"getServerStatus"_s,
        u"The debug API's server ({\"server\": {running, port, address, tokenFile}}) and the agent server's "
        "state."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            const QJsonObject api = host->debugApiState();
            reply(CommandResult::success(QJsonObject {
                { u"server"_s,
                  QJsonObject {
                      { u"running"_s, api.value(u"listening"_s).toBool() },
                      { u"port"_s, api.value(u"port"_s) },
                      { u"address"_s, u"127.0.0.1"_s },
                      { u"tokenFile"_s, api.value(u"tokenFile"_s) },
                  } },
                { u"agentServer"_s, host->agentServerState() },
            }));
        });
    add(commands, u"getCDPStatus"_s,
        u"The browser connection at a glance: {\"cdp\": {connectionCount, isEnabled (auto-accept), "
        u"connections "
        "(target ids), connected, state, address, browserVersion, lastError}}; getCDPConnections has the "
        "details."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            reply(CommandResult::success(
                cdpStatus(host->endpoint(), host->attachedPages(), host->autoAcceptEnabled())));
        });
    add(commands, u"getLockedOut"_s,
        u"Whether another instance holds this config dir's lock ({\"isLockedOut\"}) and who holds it (pid, "
        "host)."_s,
        object({}), [host](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            reply(CommandResult::success(lockState(host->paths().configDir)));
        });

    // ---- the extension's reply fields on actions both have ---------------------------------------
    // getSchedule's {"schedule": {…, "prompts", "silenceTimeout", "checkPromptEnabled", …}}.
    addExtensionFields(commands, u"getSchedule"_s, [](QJsonObject &data) {
        const QJsonObject check = data.value(u"checkPrompt"_s).toObject();
        data.insert(u"schedule"_s,
                    QJsonObject {
                        { u"enabled"_s, data.value(u"enabled"_s) },
                        { u"mode"_s, data.value(u"mode"_s) },
                        { u"value"_s, data.value(u"value"_s) },
                        { u"prompt"_s, data.value(u"prompt"_s) },
                        { u"prompts"_s, data.value(u"prompts"_s) },
                        { u"queueMode"_s, data.value(u"queueMode"_s) },
                        { u"silenceTimeout"_s, data.value(u"silenceTimeoutS"_s) },
                        { u"checkPromptEnabled"_s, check.value(u"enabled"_s) },
                        { u"checkPromptText"_s, check.value(u"text"_s) },
                    });
    });
    // getQueueStatus's {"status": {isRunningQueue, isPaused, queueLength, queueIndex, …}}.
    addExtensionFields(commands, u"getQueueStatus"_s, [host](QJsonObject &data) {
        const QString state = data.value(u"state"_s).toString();
        const QJsonObject current = data.value(u"current"_s).toObject();
        data.insert(u"status"_s,
                    QJsonObject {
                        { u"enabled"_s, host->settings()->boolValue(SettingKey::ScheduleEnabled) },
                        { u"mode"_s, host->settings()->stringValue(SettingKey::ScheduleMode) },
                        { u"isRunningQueue"_s, state == u"running"_s || state == u"paused"_s },
                        { u"isPaused"_s, state == u"paused"_s },
                        { u"queueLength"_s, data.value(u"total"_s) },
                        { u"queueIndex"_s, data.value(u"position"_s) },
                        { u"isQuotaExhausted"_s, data.value(u"quotaHold"_s).toObject().value(u"held"_s) },
                        { u"targetConversation"_s,
                          host->settings()->stringValue(SettingKey::ScheduleTargetConversation) },
                        { u"currentPrompt"_s, current.isEmpty() ? QJsonValue() : current.value(u"text"_s) },
                    });
    });
    // getBannedCommands's {"commands": [...]}.
    addExtensionFields(commands, u"getBannedCommands"_s, [](QJsonObject &data) {
        data.insert(u"commands"_s, data.value(u"bannedCommands"_s));
    });

    // getFullState's {"state": {enabled, frequency, schedule, quota, queueStatus, bannedCommands,
    // stats, isLockedOut, debugMode, antigravityStatus}}, built from the sections above.
    addExtensionFields(commands, u"getFullState"_s, [host](QJsonObject &data) {
        const Settings *s = host->settings();
        const QJsonObject queue = data.value(u"queue"_s).toObject();
        data.insert(u"state"_s,
                    QJsonObject {
                        { u"enabled"_s, host->autoAcceptEnabled() },
                        { u"frequency"_s, s->intValue(SettingKey::AutoAcceptPollIntervalMs) },
                        { u"schedule"_s, data.value(u"schedule"_s).toObject().value(u"schedule"_s) },
                        { u"quota"_s,
                          QJsonObject {
                              { u"enabled"_s, s->boolValue(SettingKey::QuotaEnabled) },
                              { u"pollInterval"_s, s->intValue(SettingKey::QuotaPollIntervalS) },
                              { u"resumeEnabled"_s, s->boolValue(SettingKey::QuotaResumeQueue) },
                              { u"autoContinueEnabled"_s, s->boolValue(SettingKey::QuotaAutoContinue) },
                          } },
                        { u"queueStatus"_s, queue.isEmpty() ? QJsonValue() : queue.value(u"status"_s) },
                        { u"bannedCommands"_s,
                          QJsonArray::fromStringList(s->listValue(SettingKey::SafetyBannedCommands)) },
                        { u"stats"_s, data.value(u"stats"_s).toObject().value(u"totals"_s) },
                        { u"isLockedOut"_s, lockState(host->paths().configDir).value(u"isLockedOut"_s) },
                        // Whether the debug API serves now (the setting or --debug-server), read
                        // from the server rather than assumed (the extension wrote a literal true).
                        { u"debugMode"_s, host->debugApiState().value(u"listening"_s).toBool() },
                        { u"antigravityStatus"_s,
                          antigravityStatus(host->settings(), host->quota()).value(u"status"_s) },
                    });
    });

    // ---- the window ----------------------------------------------------------------------------
    add(commands, u"openSettingsPanel"_s,
        u"Shows and raises the settings window, on a page when given: {\"page\": NAME} (dashboard, queue, "
        "quota, logs, general, …); refused without a window."_s,
        object({ { u"page"_s, typed(u"string"_s, u"the page to show (case does not matter)"_s) } }),
        [host](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            DesktopUi *ui = host->desktopUi();
            if (!ui)
                return reply(CommandResult::failure(
                    headlessRefusal(u"openSettingsPanel"_s,
                                    u"getFullState and the other actions read the same "
                                    "settings"_s),
                    ErrorKind::Unavailable));
            const QString page = params.value(u"page"_s).toString().trimmed();
            QString error;
            if (!ui->showSettings(page, &error))
                return reply(CommandResult::failure(error, ErrorKind::BadInput));
            reply(CommandResult::success(QJsonObject {
                { u"shown"_s, true },
                { u"page"_s, page },
                { u"pages"_s, QJsonArray::fromStringList(ui->settingsPages()) },
            }));
        });
}

} // namespace mpa
