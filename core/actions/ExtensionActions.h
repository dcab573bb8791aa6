#pragma once
// The VS Code extension's debug actions that this app had no name for: the switch and its
// poll period, the quota switches and status, ROI statistics, the log file, a reset of every
// setting, the servers' and the browser connection's state, the instance lock, the settings
// window. Registered in the host's CommandDispatcher (scope DebugApi) under the extension's
// names, taking its parameter names; their data carries the fields its replies had (enabled,
// roiStats, server, cdp, isLockedOut, …) beside ours. Nothing here changes a privileged
// setting: the API cannot raise its own rights.

namespace mpa {

class ActionHost;

class ExtensionActions
{
public:
    // Registers every action against `host` (and its dispatcher). Call after
    // DebugActions::install: refreshAntigravityQuota answers through getQuota.
    static void install(ActionHost *host);
};

} // namespace mpa
