#pragma once
// The debug API's state actions: everything at once (getFullState), the system (getSystemInfo),
// the actions themselves (listActions), recent log lines (getLogs) and the browser connection
// with its targets (getCDPConnections). They read the whole application's state, so they take
// the host.

namespace mpa {

class ActionHost;

class DebugStateActions
{
public:
    static void install(ActionHost *host);
};

} // namespace mpa
