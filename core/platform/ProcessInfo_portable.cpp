#include "ProcessInfo.h"

namespace mpa::ProcessInfo {

bool isRunning(qint64 pid)
{
    // No portable way to ask; whoever calls this tries to reach the process next anyway.
    return pid > 0;
}

} // namespace mpa::ProcessInfo
