#pragma once
// forceRelaunch: the extension's debug action of that name ("auto-accept.relaunch"), which
// restarts the running IDE with --remote-debugging-port on the app's port and the same
// workspaces (IdeRelauncher). The API call is the user's consent; the settings window asks.

namespace mpa {

class CommandDispatcher;
class IdeRelauncher;
class Settings;

class RelaunchActions
{
public:
    static void install(CommandDispatcher *commands, IdeRelauncher *relauncher, Settings *settings);
};

} // namespace mpa
