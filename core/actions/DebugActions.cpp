#include "DebugActions.h"

#include "CommandDispatcher.h"
#include "DebugActionSupport.h"
#include "DebugPageActions.h"
#include "DebugScheduleActions.h"
#include "DebugSettingsActions.h"
#include "DebugStateActions.h"
#include "actions/ActionHost.h"

using namespace Qt::StringLiterals;

namespace mpa {

using namespace debugactions;

namespace {

using Scope = CommandDispatcher::Scope;

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
    DebugStateActions::install(host);
    DebugSettingsActions::install(commands, host->settings());
    DebugScheduleActions::install(commands, { host->settings(), host->scheduler(), host->agentChat(),
                                              host->quota(), host->lifetime() });
    DebugPageActions::install(commands, { host->settings(), host->endpoint(), host->autoAccept(),
                                          host->lifetime() });
    installExtensionNames(commands);
}

} // namespace mpa
