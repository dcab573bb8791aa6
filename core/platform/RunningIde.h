#pragma once
// A running IDE as its process table shows it, for restarting it with remote debugging (the
// extension's Relauncher did this from inside the IDE: "Relaunch the IDE with the CDP flag
// explicitly" with its workspace folders). Picks the IDE's main process (not an Electron
// helper, which carries --type=…), reads its command line — program, options, the folders and
// workspace files it opened — and builds the command that starts it again on a port.

#include "IdeLauncher.h"
#include "ProcessFinder.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace mpa {

struct RunningIde
{
    qint64 pid = 0;
    QString ideId; // "antigravity"; empty for a process chosen by pid that no known IDE names
    QString ideName; // "Antigravity"; the program's name when unknown
    QString program; // argv[0]
    QStringList arguments; // argv without argv[0]
    QStringList folders; // the arguments that name an existing folder or .code-workspace file
    quint16 debugPort = 0; // the --remote-debugging-port it runs with; 0: none

    // The main process of a known IDE (any, or the one with id `ideId`; never Chrome, which is
    // no IDE), or the process `pid` when given. Nullopt with `error` when there is none.
    static std::optional<RunningIde> find(const QList<ProcessInfo> &processes, qint64 pid,
                                          const QString &ideId, QString *error);
    static RunningIde fromProcess(const ProcessInfo &process);
    // Electron's helpers (renderer, GPU, utility) carry --type=…; the main process does not.
    static bool isMainProcess(const ProcessInfo &process);

    // The same command line with --remote-debugging-port=<port> (any earlier one dropped).
    QStringList relaunchArguments(quint16 port) const;
};

} // namespace mpa
