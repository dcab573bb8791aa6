#pragma once
// Facts about this process that only the OS knows: how long it has run and with whose rights.
// One implementation per OS (ThisProcess_*.cpp).

#include <QtGlobal>

#include <optional>

namespace mpa::ThisProcess {

// True when this process runs with the administrator's rights (root on Unix).
bool runsAsRoot();

// Milliseconds since this process started, as the OS recorded it where it can tell (Linux);
// elsewhere since the first call (made early, at start-up).
qint64 msSinceStart();
// Milliseconds since the first call: msSinceStart() where the OS keeps no start time
// (ThisProcess.cpp, the same on every OS).
qint64 msSinceFirstCall();

// The user this process runs as (a Unix uid); nothing where the OS has no such number.
std::optional<uint> userId();

// True when standard input is a terminal a person types at (not a pipe or a file).
bool stdinIsTerminal();

} // namespace mpa::ThisProcess
