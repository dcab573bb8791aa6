#pragma once
// Starting a child in its own process group and ending the whole group, so that a browser's
// helper processes never outlive it. One implementation per OS (ProcessGroup_*.cpp).

#include <QtGlobal>

class QProcess;

namespace mpa::ProcessGroup {

enum class Signal { Terminate, Kill };

// Call before QProcess::start(): the child leads a new process group.
void makeLeader(QProcess &process);
// Sends the signal to every process of the group led by `leaderPid`.
bool signal(qint64 leaderPid, Signal sig);
// True while any live (non-zombie) process remains in the group.
bool isAlive(qint64 leaderPid);

} // namespace mpa::ProcessGroup
