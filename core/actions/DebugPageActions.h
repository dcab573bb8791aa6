#pragma once
// The debug API's actions on the browser's pages: running code in one (evaluateInBrowser, off
// unless debug/allowEvaluate), auto-accept's statistics (getStats), pausing auto-accept in one
// page (pauseTarget, resumeTarget), and the IDE's command palette (executeVSCodeCommand,
// listChatCommands: the VS Code extension's names, through the palette of a VS Code-family
// window).

class QObject;

namespace mpa {

class AutoAcceptController;
class CdpEndpoint;
class Clock;
class CommandDispatcher;
class Settings;

class DebugPageActions
{
public:
    struct Services
    {
        Settings *settings = nullptr;
        CdpEndpoint *endpoint = nullptr;
        AutoAcceptController *autoAccept = nullptr;
        Clock *clock = nullptr;
        // The context of asynchronous replies (evaluateInBrowser).
        QObject *lifetime = nullptr;
    };

    static void install(CommandDispatcher *commands, const Services &services);
};

} // namespace mpa
