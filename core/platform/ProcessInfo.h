#pragma once
// Whether a process still runs, for files that name the process that wrote them (the debug
// API's debug-server.json). One implementation per OS (ProcessInfo_*.cpp).

#include <QtGlobal>

namespace mpa::ProcessInfo {

// True while `pid` names a live process (not a zombie). Where the OS cannot tell, true.
bool isRunning(qint64 pid);

} // namespace mpa::ProcessInfo
