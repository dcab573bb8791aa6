#include "ProcessInfo.h"

#include <QProcess>
#include <QStringList>

namespace mpa::ProcessInfo {

bool isRunning(qint64 pid)
{
    // No portable way to ask; whoever calls this tries to reach the process next anyway.
    return pid > 0;
}

bool requestQuit(qint64 pid)
{
#ifdef Q_OS_WIN
    // taskkill without /F posts WM_CLOSE to the process's windows: the app closes as on its X.
    return pid > 0
        && QProcess::startDetached(QStringLiteral("taskkill"),
                                   { QStringLiteral("/PID"), QString::number(pid) });
#else
    Q_UNUSED(pid);
    return false;
#endif
}

} // namespace mpa::ProcessInfo
