#include "ProcessGroup.h"

#include <QDir>
#include <QFile>
#include <QProcess>

#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace mpa::ProcessGroup {

void makeLeader(QProcess &process)
{
    process.setChildProcessModifier([] {
        ::setpgid(0, 0);
#ifdef Q_OS_LINUX
        // Should this process die without cleaning up, the child goes with it.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    });
}

bool signal(qint64 leaderPid, Signal sig)
{
    if (leaderPid <= 0)
        return false;
    return ::kill(-pid_t(leaderPid), sig == Signal::Kill ? SIGKILL : SIGTERM) == 0;
}

bool isAlive(qint64 leaderPid)
{
    if (leaderPid <= 0)
        return false;
#ifdef Q_OS_LINUX
    // kill(-pgid, 0) also counts zombies nobody reaps (common in containers): read /proc.
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool isPid = false;
        entry.toLongLong(&isPid);
        if (!isPid)
            continue;
        QFile stat(QStringLiteral("/proc/") + entry + QStringLiteral("/stat"));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        // pid (comm) state ppid pgrp …; comm may contain spaces and parentheses.
        const qsizetype close = line.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() < 3)
            continue;
        if (fields.at(0) != "Z" && fields.at(0) != "X" && fields.at(2).toLongLong() == leaderPid)
            return true;
    }
    return false;
#else
    return ::kill(-pid_t(leaderPid), 0) == 0 || errno == EPERM;
#endif
}

} // namespace mpa::ProcessGroup
