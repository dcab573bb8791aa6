// macOS: the system's own tools, as the IDE vendors' helpers do — `ps` for processes and
// their arguments, `lsof` for a process's listening TCP ports. No private APIs.
// Compiled on every Linux run, syntax only (PlatformCompileCheck); kept small; both tools ship
// with every macOS.
#include "ProcessFinder.h"

#include <QProcess>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// Runs a tool and returns its standard output; empty with `error` set on failure.
QByteArray run(const QString &program, const QStringList &arguments, QString *error)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(5000) || process.exitStatus() != QProcess::NormalExit) {
        process.kill();
        process.waitForFinished(1000);
        if (error)
            *error = u"%1 did not finish: %2"_s.arg(program, process.errorString());
        return {};
    }
    return process.readAllStandardOutput();
}

class MacProcessFinder : public ProcessFinder
{
public:
    QList<ProcessInfo> processes(QString *error) const override
    {
        // -ww: never truncate the command; pid= / command=: no header.
        const QByteArray output = run(u"/bin/ps"_s, { u"-axww"_s, u"-o"_s, u"pid=,command="_s }, error);
        QList<ProcessInfo> found;
        for (const QByteArray &rawLine : output.split('\n')) {
            const QString line = QString::fromLocal8Bit(rawLine).trimmed();
            const qsizetype space = line.indexOf(u' ');
            if (space <= 0)
                continue;
            bool ok = false;
            ProcessInfo info;
            info.pid = line.left(space).toLongLong(&ok);
            if (!ok)
                continue;
            // ps prints argv joined by spaces; arguments with spaces cannot be told apart,
            // which the flags we read (--csrf_token, ports) never contain.
            info.arguments = line.mid(space + 1).split(u' ', Qt::SkipEmptyParts);
            if (!info.arguments.isEmpty())
                info.name = info.arguments.constFirst().section(u'/', -1);
            found.append(info);
        }
        return found;
    }

    QList<quint16> listeningTcpPorts(qint64 pid, QString *error) const override
    {
        // -F n: one "n<address>:<port>" line per socket; -a: AND the filters.
        const QByteArray output = run(
            u"/usr/sbin/lsof"_s,
            { u"-nP"_s, u"-a"_s, u"-p"_s, QString::number(pid), u"-iTCP"_s, u"-sTCP:LISTEN"_s, u"-Fn"_s },
            error);
        QList<quint16> ports;
        static const QRegularExpression name(uR"(^n(\*|127\.[0-9.]+|localhost|\[::1?\]):(\d+)$)"_s);
        for (const QByteArray &rawLine : output.split('\n')) {
            const auto match = name.match(QString::fromLatin1(rawLine.trimmed()));
            if (!match.hasMatch())
                continue;
            const uint port = match.captured(2).toUInt();
            if (port > 0 && port <= 65535)
                ports.append(quint16(port));
        }
        std::sort(ports.begin(), ports.end());
        ports.erase(std::unique(ports.begin(), ports.end()), ports.end());
        return ports;
    }
};

} // namespace

std::unique_ptr<ProcessFinder> ProcessFinder::createDefault()
{
    return std::make_unique<MacProcessFinder>();
}

} // namespace mpa
