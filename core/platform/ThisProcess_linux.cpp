#include "ThisProcess.h"

#include <QFile>
#include <QList>

#include <ctime>
#include <unistd.h>

namespace mpa::ThisProcess {

bool runsAsRoot()
{
    return ::getuid() == 0;
}

std::optional<uint> userId()
{
    return uint(::getuid());
}

bool stdinIsTerminal()
{
    return ::isatty(STDIN_FILENO) == 1;
}

qint64 msSinceStart()
{
    // Field 22 of /proc/self/stat: start time in clock ticks after boot.
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (stat.open(QIODevice::ReadOnly)) {
        const QByteArray line = stat.readAll();
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        const long ticks = ::sysconf(_SC_CLK_TCK);
        timespec now {};
        if (fields.size() > 19 && ticks > 0 && ::clock_gettime(CLOCK_BOOTTIME, &now) == 0) {
            const qint64 startMs = fields.at(19).toLongLong() * 1000 / ticks;
            const qint64 nowMs = qint64(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
            return nowMs - startMs;
        }
    }
    return msSinceFirstCall();
}

} // namespace mpa::ThisProcess
