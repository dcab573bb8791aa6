#include "ProcessInfo.h"

#include <QFile>

#include <cerrno>
#include <csignal>

namespace mpa::ProcessInfo {

bool isRunning(qint64 pid)
{
    if (pid <= 0)
        return false;
#ifdef Q_OS_LINUX
    // A killed process nobody has reaped yet still answers kill(pid, 0): read its state.
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0 || close + 2 >= line.size())
        return true;
    const char state = line.at(close + 2);
    return state != 'Z' && state != 'X';
#else
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
#endif
}

bool requestQuit(qint64 pid)
{
    return pid > 0 && ::kill(pid_t(pid), SIGTERM) == 0;
}

} // namespace mpa::ProcessInfo
