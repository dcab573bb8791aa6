#pragma once
// Finds running processes and the TCP ports they listen on, for features that talk to a
// local helper of another app (the Antigravity language server for quota). One
// implementation per OS (ProcessFinder_<os>.cpp, chosen in CMake) behind this interface;
// ProcFsProcessFinder reads a /proc tree and takes its root, so tests can point it at a
// fake one. Calls may block for a moment (they read the OS's process table): run them off
// the GUI thread. Implementations keep no state and are safe to call from any thread.

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace mpa {

struct ProcessInfo
{
    qint64 pid = 0;
    QString name; // file name of the executable (argv[0]'s last path part)
    QStringList arguments; // argv, argv[0] first

    // The value of `--name VALUE` or `--name=VALUE` in the arguments; empty when absent.
    QString option(const QString &name) const;
};

class ProcessFinder
{
public:
    virtual ~ProcessFinder() = default;

    // Every process this user may inspect. On failure, empty with `error` set.
    virtual QList<ProcessInfo> processes(QString *error = nullptr) const = 0;
    // TCP ports `pid` listens on, on a loopback or any-address interface (IPv4 and IPv6),
    // sorted. On failure, empty with `error` set.
    virtual QList<quint16> listeningTcpPorts(qint64 pid, QString *error = nullptr) const = 0;

    // This OS's implementation.
    static std::unique_ptr<ProcessFinder> createDefault();
};

} // namespace mpa
