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

// The VS Code extension's names for actions this app has under another name.
void installExtensionNames(CommandDispatcher *commands)
{
    if (const CommandDispatcher::Command *send = commands->find(u"sendPrompt"_s)) {
        CommandDispatcher::Command alias = *send;
        alias.name = u"sendChatPrompt"_s;
        alias.description = u"The extension's name for sendPrompt. "_s + send->description;
        commands->add(alias);
    }
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
    DebugScheduleActions::install(
        commands,
        { host->settings(), host->scheduler(), host->agentChat(), host->quota(), host->lifetime() });
    DebugPageActions::install(
        commands,
        { host->settings(), host->endpoint(), host->autoAccept(), host->clock(), host->lifetime() });
    installExtensionNames(commands);
}

} // namespace mpa
