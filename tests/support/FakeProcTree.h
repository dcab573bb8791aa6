#pragma once
// A /proc tree in a temporary folder, for ProcFsProcessFinder and the quota provider:
// processes with a command line, open sockets (fd symlinks to "socket:[inode]") and the
// TCP tables they see.

#include <QString>
#include <QStringList>

namespace mpa::test {

class FakeProcTree
{
public:
    explicit FakeProcTree(const QString &root);

    QString root() const { return m_root; }
    // A process with this argv (empty: a kernel thread, known by `comm` only).
    void addProcess(qint64 pid, const QStringList &arguments, const QString &comm = {});
    void addSocket(qint64 pid, int fd, quint64 inode);
    // A row of <pid>/net/tcp (IPv4) or tcp6: address as the kernel prints it ("0100007F"),
    // state "0A" for LISTEN, "01" for ESTABLISHED.
    void addTcp(qint64 pid, const QString &hexAddress, quint16 port, quint64 inode,
                const QString &state = QStringLiteral("0A"));
    void addTcp6(qint64 pid, const QString &hexAddress, quint16 port, quint64 inode,
                 const QString &state = QStringLiteral("0A"));

private:
    void append(const QString &path, const QString &line, const QString &header);

    QString m_root;
    int m_rows = 0;
};

} // namespace mpa::test
