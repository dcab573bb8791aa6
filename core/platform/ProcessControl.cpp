#include "ProcessControl.h"

#include "ProcessInfo.h"

namespace mpa::ProcessControl {

bool isRunning(qint64 pid)
{
    return ProcessInfo::isRunning(pid);
}

bool requestQuit(qint64 pid)
{
    return ProcessInfo::requestQuit(pid);
}

} // namespace mpa::ProcessControl
