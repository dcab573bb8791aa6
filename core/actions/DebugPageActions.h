#pragma once
// The debug API's actions on the browser's pages: running code in one (evaluateInBrowser, off
// unless debug/allowEvaluate), auto-accept's statistics (getStats) and pausing auto-accept in
// one page (pauseTarget, resumeTarget).

class QObject;

namespace mpa {

class AutoAcceptController;
class CdpEndpoint;
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
        // The context of asynchronous replies (evaluateInBrowser).
        QObject *lifetime = nullptr;
    };

    static void install(CommandDispatcher *commands, const Services &services);
};

} // namespace mpa
