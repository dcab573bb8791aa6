#pragma once
// The debug API's settings actions: every setting by name (getSettings, updateSettings) and the
// ban list (getBannedCommands, updateBannedCommands). A change is validated whole before any is
// saved; what only a person may change (privileged keys, removing a ban pattern, another host
// for the browser or the agent server) is Refused (403 over the HTTP API).

namespace mpa {

class CommandDispatcher;
class Settings;

class DebugSettingsActions
{
public:
    static void install(CommandDispatcher *commands, Settings *settings);
};

} // namespace mpa
