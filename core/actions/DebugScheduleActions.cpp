#include "DebugScheduleActions.h"

#include "CommandDispatcher.h"
#include "CommandParams.h"
#include "DebugActionSupport.h"
#include "chat/AgentChat.h"
#include "logging/LogCategories.h"
#include "quota/QuotaMonitor.h"
#include "quota/QuotaProvider.h"
#include "scheduler/Scheduler.h"
#include "settings/Settings.h"

#include <QJsonArray>

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

using namespace debugactions;

namespace {

using Scope = CommandDispatcher::Scope;

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
                ErrorKind::Conflict));
        prompts = list;
    }
    if (prompts && params.isEmpty()) {
        if (QString refused; !scheduler->setQueue(*prompts, &refused))
            return reply(CommandResult::failure(refused + u" (nothing was changed)"_s,
                                                scheduler->queueSaveFailed() ? ErrorKind::Internal
                                                                             : ErrorKind::Conflict));
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
        return reply(
            CommandResult::failure(error + u"; nothing was changed"_s,
                                   settings->lastSaveFailed() ? ErrorKind::Internal : ErrorKind::BadInput));
    if (prompts) {
        if (QString refused; !scheduler->setQueue(*prompts, &refused))
            return reply(CommandResult::failure(refused + u" (the other fields were saved)"_s,
                                                scheduler->queueSaveFailed() ? ErrorKind::Internal
                                                                             : ErrorKind::Conflict));
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

void queueAction(CommandDispatcher *commands, Scheduler *scheduler, const QString &name,
                 const QString &description, bool (Scheduler::*act)(QString *error))
{
    add(commands, name, description + u" Answers the queue's status."_s, objectSchema(),
        [scheduler, act](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            if (QString refused; !(scheduler->*act)(&refused))
                return reply(CommandResult::failure(refused, ErrorKind::Conflict));
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

void installQueueActions(CommandDispatcher *commands, const DebugScheduleActions::Services &services)
{
    Scheduler *scheduler = services.scheduler;

    add(commands, u"getQueueStatus"_s,
        u"The prompt queue: running or paused, current prompt, each item's status, what is left."_s,
        objectSchema(), [scheduler](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
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
        [services, scheduler](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            if (QString unknown; !onlyKnownParams(params, { u"prompt"_s, u"conversation"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            const QString prompt = p.requiredString(u"prompt"_s);
            const QString conversation = p.string(u"conversation"_s);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            if (prompt.trimmed().isEmpty())
                return reply(CommandResult::failure(u"params.prompt is empty"_s));
            scheduler->sendPrompt(prompt, conversation, services.lifetime,
                                  [reply](const ChatSendOutcome &outcome) {
                                      if (outcome.ok)
                                          return reply(CommandResult::success(sendOutcomeJson(outcome)));
                                      reply(CommandResult::failure(
                                          u"the prompt was not sent: "_s + outcome.error,
                                          outcome.retryLater ? ErrorKind::Conflict : ErrorKind::Upstream));
                                  });
        });

    add(commands, u"getPromptHistory"_s,
        u"Prompts sent so far, newest first: {\"limit\": 1-1000 (all kept)}."_s,
        objectSchema({ { u"limit"_s, typed(u"integer"_s, u"at most this many entries"_s) } }),
        [scheduler](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
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
        [services](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            if (QString unknown; !onlyKnownParams(params, {}, &unknown))
                return reply(CommandResult::failure(unknown));
            services.chat->conversations(services.lifetime, reply);
        });

    add(commands, u"getQuota"_s,
        u"The model quota as the IDE's language server reports it, the watched models and whether the queue "
        "is held: {\"refresh\": true} polls now first."_s,
        objectSchema({ { u"refresh"_s, typed(u"boolean"_s, u"poll the language server now"_s) } }),
        [services](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            if (QString unknown; !onlyKnownParams(params, { u"refresh"_s }, &unknown))
                return reply(CommandResult::failure(unknown));
            CommandParams p(params);
            const bool refresh = p.boolean(u"refresh"_s, false);
            if (!p.ok())
                return reply(CommandResult::failure(p.error()));
            QuotaMonitor *quota = services.quota;
            if (!refresh)
                return reply(CommandResult::success(quota->toJson()));
            if (!services.settings->boolValue(SettingKey::QuotaEnabled))
                return reply(CommandResult::failure(u"quota/enabled is off: there is nothing to refresh"_s,
                                                    ErrorKind::Conflict));
            auto connection = std::make_shared<QMetaObject::Connection>();
            *connection = QObject::connect(quota, &QuotaMonitor::snapshotChanged, services.lifetime,
                                           [quota, reply, connection](const QuotaSnapshot &) {
                                               QObject::disconnect(*connection);
                                               reply(CommandResult::success(quota->toJson()));
                                           });
            quota->refreshNow();
        });
}

} // namespace

void DebugScheduleActions::install(CommandDispatcher *commands, const Services &services)
{
    add(commands, u"getSchedule"_s,
        u"The prompt schedule's settings (schedule/*) and the queue's task prompts (prompts)."_s,
        objectSchema(), [services](const QJsonObject &, const CommandCaller &, const CommandReply &reply) {
            QJsonObject data = schedule(services.settings);
            QJsonArray prompts;
            for (const QueueItem &item : services.scheduler->queue().items)
                prompts.append(item.text);
            data.insert(u"prompts"_s, prompts); // as the extension's getSchedule gave them
            reply(CommandResult::success(data));
        });

    add(commands, u"updateSchedule"_s,
        u"Changes schedule settings: any of enabled, mode, value, prompt, queueMode, silenceTimeoutS, "
        "checkPrompt {enabled, text}, targetConversation (all validated before any is saved), and prompts "
        "(the queue's task prompts, not while it runs). The extension's names silenceTimeout, "
        "checkPromptEnabled and checkPromptText are read as these."_s,
        objectSchema(),
        [services](const QJsonObject &params, const CommandCaller &, const CommandReply &reply) {
            updateSchedule(services.settings, services.scheduler, params, reply);
        });

    installQueueActions(commands, services);
}

} // namespace mpa
