#pragma once
// Whether a process still runs, for files that name the process that wrote them (the debug
// API's debug-server.json). One implementation per OS (ProcessInfo_*.cpp).

#include <QtGlobal>

namespace mpa::ProcessInfo {

// True while `pid` names a live process (not a zombie). Where the OS cannot tell, true.
bool isRunning(qint64 pid);
// Asks `pid` to quit as its own Quit would (SIGTERM; on Windows a close request to its
// windows): the app may still ask to save. False when the request could not be made.
bool requestQuit(qint64 pid);

} // namespace mpa::ProcessInfo
