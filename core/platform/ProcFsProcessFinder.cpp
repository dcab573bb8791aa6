#include "ProcFsProcessFinder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QByteArray readSmallFile(const QString &path, bool *ok = nullptr)
{
    QFile file(path);
    const bool opened = file.open(QIODevice::ReadOnly);
    if (ok)
        *ok = opened;
    // /proc files report size 0: read until the end rather than size().
    return opened ? file.readAll() : QByteArray();
}

// "0100007F" (IPv4) or 32 hex digits (IPv6), as the kernel prints them: is it a loopback or
// the any-address?
bool isLocalListenAddress(const QByteArray &hex)
{
    if (hex.size() == 8) {
        // IPv4 in host byte order (little-endian): 127.x.x.x ends with "7F"; 0.0.0.0.
        return hex.endsWith("7F") || hex == "00000000";
    }
    if (hex.size() == 32) {
        static const QByteArray any(32, '0');
        // ::1 prints as 00000000000000000000000001000000 on little-endian machines.
        static const QByteArray loopback = "00000000000000000000000001000000";
        // ::ffff:127.x.x.x (IPv4-mapped): 0000000000000000FFFF0000xxxxxx7F.
        const bool mappedLoopback = hex.startsWith("0000000000000000FFFF0000") && hex.endsWith("7F");
        const bool mappedAny = hex == "0000000000000000FFFF000000000000";
        return hex == any || hex == loopback || mappedLoopback || mappedAny;
    }
    return false;
}

} // namespace

ProcFsProcessFinder::ProcFsProcessFinder(const QString &procRoot)
    : m_root(procRoot)
{
}

QList<ProcessInfo> ProcFsProcessFinder::processes(QString *error) const
{
    QDir root(m_root);
    if (!root.exists()) {
        if (error)
            *error = u"%1 does not exist; the process list is unavailable"_s.arg(m_root);
        return {};
    }
    QList<ProcessInfo> found;
    const QStringList entries = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (!isPid || pid <= 0)
            continue;
        // A process may end between the listing and this read: skip it quietly.
        const QByteArray cmdline = readSmallFile(root.filePath(entry + u"/cmdline"_s));
        ProcessInfo info;
        info.pid = pid;
        if (!cmdline.isEmpty()) {
            QList<QByteArray> parts = cmdline.split('\0');
            if (!parts.isEmpty() && parts.constLast().isEmpty())
                parts.removeLast(); // the terminating NUL
            for (const QByteArray &part : std::as_const(parts))
                info.arguments.append(QString::fromLocal8Bit(part));
        }
        if (!info.arguments.isEmpty()) {
            QString program = info.arguments.constFirst();
            program.replace(u'\\', u'/');
            info.name = program.section(u'/', -1);
        } else {
            // Kernel threads and zombies have no command line; their comm is all there is.
            info.name = QString::fromLocal8Bit(readSmallFile(root.filePath(entry + u"/comm"_s)).trimmed());
        }
        found.append(info);
    }
    return found;
}

QList<quint16> ProcFsProcessFinder::listeningTcpPorts(qint64 pid, QString *error) const
{
    const QString processDir = QDir(m_root).filePath(QString::number(pid));
    if (!QFileInfo(processDir).isDir()) {
        if (error)
            *error = u"process %1 is gone"_s.arg(pid);
        return {};
    }
    QDir fdDir(processDir + u"/fd"_s);
    if (!fdDir.isReadable()) {
        if (error)
            *error = u"cannot read the open files of process %1 (%2/fd): not permitted"_s.arg(pid).arg(
                processDir);
        return {};
    }
    QSet<quint64> inodes;
    const QFileInfoList descriptors
        = fdDir.entryInfoList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot);
    for (const QFileInfo &descriptor : descriptors) {
        if (!descriptor.isSymLink())
            continue;
        // symLinkTarget() resolves relative targets against the folder: keep the last part.
        const QString target = descriptor.symLinkTarget().section(u'/', -1);
        if (target.startsWith(u"socket:["_s) && target.endsWith(u']')) {
            bool ok = false;
            const quint64 inode = target.mid(8, target.size() - 9).toULongLong(&ok);
            if (ok)
                inodes.insert(inode);
        }
    }
    QList<quint16> ports;
    bool anyTable = false;
    for (const QString &table : { u"/net/tcp"_s, u"/net/tcp6"_s }) {
        bool ok = false;
        const QByteArray contents = readSmallFile(processDir + table, &ok);
        anyTable = anyTable || ok;
        ports += listeningPortsInTable(contents, inodes);
    }
    if (!anyTable) {
        if (error)
            *error = u"cannot read %1/net/tcp"_s.arg(processDir);
        return {};
    }
    std::sort(ports.begin(), ports.end());
    ports.erase(std::unique(ports.begin(), ports.end()), ports.end());
    return ports;
}

QList<quint16> ProcFsProcessFinder::listeningPortsInTable(const QByteArray &table,
                                                          const QSet<quint64> &inodes)
{
    // "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode"
    QList<quint16> ports;
    const QList<QByteArray> lines = table.split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> fields = lines.at(i).simplified().split(' ');
        if (fields.size() < 10 || fields.at(3) != "0A") // 0A: TCP_LISTEN
            continue;
        const QList<QByteArray> local = fields.at(1).split(':');
        if (local.size() != 2 || !isLocalListenAddress(local.at(0)))
            continue;
        bool inodeOk = false;
        const quint64 inode = fields.at(9).toULongLong(&inodeOk);
        if (!inodeOk || !inodes.contains(inode))
            continue;
        bool portOk = false;
        const uint port = local.at(1).toUInt(&portOk, 16);
        if (portOk && port > 0 && port <= 65535)
            ports.append(quint16(port));
    }
    return ports;
}

} // namespace mpa
