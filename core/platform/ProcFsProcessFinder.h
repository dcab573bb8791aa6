#pragma once
// ProcessFinder over a Linux /proc tree: processes from <root>/<pid>/cmdline, listening
// ports from the LISTEN entries of <root>/<pid>/net/tcp{,6} whose socket inode is one of the
// process's open descriptors (<root>/<pid>/fd/* → "socket:[inode]"). Plain file reading, so
// it builds everywhere; tests hand it a fake tree.

#include "ProcessFinder.h"

#include <QSet>

namespace mpa {

class ProcFsProcessFinder : public ProcessFinder
{
public:
    explicit ProcFsProcessFinder(const QString &procRoot = QStringLiteral("/proc"));

    QString procRoot() const { return m_root; }

    QList<ProcessInfo> processes(QString *error = nullptr) const override;
    QList<quint16> listeningTcpPorts(qint64 pid, QString *error = nullptr) const override;

    // One /proc/net/tcp{,6} table: the ports of its LISTEN sockets on a loopback or
    // any-address interface whose inode is one of `inodes`.
    static QList<quint16> listeningPortsInTable(const QByteArray &table, const QSet<quint64> &inodes);

private:
    QString m_root;
};

} // namespace mpa
