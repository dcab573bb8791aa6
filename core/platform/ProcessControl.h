#pragma once
// ProcessInfo's questions and requests for code that also sees the ProcessInfo *struct* of
// ProcessFinder.h (the two names cannot meet in one file): is a process alive, ask it to quit.

#include <QtGlobal>

namespace mpa::ProcessControl {

bool isRunning(qint64 pid); // ProcessInfo::isRunning
bool requestQuit(qint64 pid); // ProcessInfo::requestQuit

} // namespace mpa::ProcessControl
