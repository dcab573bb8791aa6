#include "FakeProcTree.h"

#include <QDir>
#include <QFile>

using namespace Qt::StringLiterals;

namespace mpa::test {

FakeProcTree::FakeProcTree(const QString &root)
    : m_root(root)
{
    QDir().mkpath(root);
}

void FakeProcTree::addProcess(qint64 pid, const QStringList &arguments, const QString &comm)
{
    const QString dir = QDir(m_root).filePath(QString::number(pid));
    QDir().mkpath(dir + u"/fd"_s);
    QDir().mkpath(dir + u"/net"_s);
    QFile cmdline(dir + u"/cmdline"_s);
    cmdline.open(QIODevice::WriteOnly);
    for (const QString &argument : arguments) {
        cmdline.write(argument.toLocal8Bit());
        cmdline.write("\0", 1);
    }
    // Every process sees its network namespace's tables, if only their header lines.
    QFile tcp(dir + u"/net/tcp"_s);
    if (tcp.open(QIODevice::WriteOnly))
        tcp.write("  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  "
                  "timeout inode\n");
    QFile commFile(dir + u"/comm"_s);
    commFile.open(QIODevice::WriteOnly);
    commFile.write((comm.isEmpty() ? arguments.value(0).section(u'/', -1).left(15) : comm).toLocal8Bit()
                   + '\n');
}

void FakeProcTree::addSocket(qint64 pid, int fd, quint64 inode)
{
    const QString link = QDir(m_root).filePath(u"%1/fd/%2"_s.arg(pid).arg(fd));
    QFile::link(u"socket:[%1]"_s.arg(inode), link);
}

void FakeProcTree::append(const QString &path, const QString &line, const QString &header)
{
    QFile file(path);
    const bool fresh = !file.exists();
    file.open(QIODevice::Append);
    if (fresh)
        file.write(header.toLatin1() + '\n');
    file.write(line.toLatin1() + '\n');
}

void FakeProcTree::addTcp(qint64 pid, const QString &hexAddress, quint16 port, quint64 inode,
                          const QString &state)
{
    const QString row
        = u"%1: %2:%3 00000000:0000 %4 00000000:00000000 00:00000000 00000000  1000        0 %5 1 "
          "0000000000000000 100 0 0 10 0"_s.arg(m_rows++, 4)
              .arg(hexAddress)
              .arg(QString::number(port, 16).toUpper().rightJustified(4, u'0'))
              .arg(state)
              .arg(inode);
    append(
        QDir(m_root).filePath(u"%1/net/tcp"_s.arg(pid)), row,
        u"  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode"_s);
}

void FakeProcTree::addTcp6(qint64 pid, const QString &hexAddress, quint16 port, quint64 inode,
                           const QString &state)
{
    const QString row = u"%1: %2:%3 00000000000000000000000000000000:0000 %4 00000000:00000000 00:00000000 "
                        "00000000  1000        0 %5 1 0000000000000000 100 0 0 10 0"_s.arg(m_rows++, 4)
                            .arg(hexAddress)
                            .arg(QString::number(port, 16).toUpper().rightJustified(4, u'0'))
                            .arg(state)
                            .arg(inode);
    append(QDir(m_root).filePath(u"%1/net/tcp6"_s.arg(pid)), row,
           u"  sl  local_address                         remote_address                        st tx_queue "
           "rx_queue tr tm->when retrnsmt   uid  timeout inode"_s);
}

} // namespace mpa::test
