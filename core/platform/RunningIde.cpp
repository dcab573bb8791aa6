#include "RunningIde.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

bool isDebugPortOption(const QString &arg)
{
    return arg == u"--remote-debugging-port"_s || arg.startsWith(u"--remote-debugging-port="_s);
}

std::optional<IdeInfo> ideFor(const ProcessInfo &process)
{
    for (const IdeInfo &ide : IdeInfo::known()) {
        if (ide.dedicatedProfile)
            continue; // a browser, not an IDE
        for (const QString &executable : ide.executables) {
            if (process.name.compare(executable, Qt::CaseInsensitive) == 0
                || process.name.compare(executable + u".exe"_s, Qt::CaseInsensitive) == 0)
                return ide;
        }
    }
    return std::nullopt;
}

} // namespace

bool RunningIde::isMainProcess(const ProcessInfo &process)
{
    for (const QString &arg : process.arguments) {
        if (arg.startsWith(u"--type="_s))
            return false;
    }
    return !process.arguments.isEmpty();
}

RunningIde RunningIde::fromProcess(const ProcessInfo &process)
{
    RunningIde ide;
    ide.pid = process.pid;
    ide.program = process.arguments.value(0);
    ide.arguments = process.arguments.mid(1);
    if (const std::optional<IdeInfo> info = ideFor(process)) {
        ide.ideId = info->id;
        ide.ideName = info->name;
    } else {
        ide.ideName = process.name;
    }
    ide.debugPort = quint16(process.option(u"remote-debugging-port"_s).toUInt());
    for (const QString &arg : std::as_const(ide.arguments)) {
        const QFileInfo info(arg);
        if (arg.startsWith(u'-') || !info.isAbsolute())
            continue;
        if (info.isDir() || (info.isFile() && arg.endsWith(u".code-workspace"_s)))
            ide.folders.append(arg);
    }
    return ide;
}

std::optional<RunningIde> RunningIde::find(const QList<ProcessInfo> &processes, qint64 pid,
                                           const QString &ideId, QString *error)
{
    for (const ProcessInfo &process : processes) {
        if (pid > 0) {
            if (process.pid != pid)
                continue;
            if (!isMainProcess(process)) {
                *error = u"process %1 is a helper process (%2), not the IDE's main process"_s.arg(pid).arg(
                    process.option(u"type"_s));
                return std::nullopt;
            }
            return fromProcess(process);
        }
        if (!isMainProcess(process))
            continue;
        const std::optional<IdeInfo> info = ideFor(process);
        if (info && (ideId.isEmpty() || info->id == ideId))
            return fromProcess(process);
    }
    if (pid > 0) {
        *error = u"no process %1 is running"_s.arg(pid);
    } else {
        QStringList names;
        for (const IdeInfo &ide : IdeInfo::known()) {
            if (!ide.dedicatedProfile && (ideId.isEmpty() || ide.id == ideId))
                names.append(ide.name);
        }
        *error = names.isEmpty() ? u"'%1' is not an IDE this app knows"_s.arg(ideId)
                                 : u"no %1 is running"_s.arg(names.join(u", "_s));
    }
    return std::nullopt;
}

QStringList RunningIde::relaunchArguments(quint16 port) const
{
    QStringList args;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &arg = arguments.at(i);
        if (arg == u"--remote-debugging-port"_s) {
            ++i; // and its value
            continue;
        }
        if (!isDebugPortOption(arg))
            args.append(arg);
    }
    args.append(u"--remote-debugging-port=%1"_s.arg(port));
    return args;
}

} // namespace mpa
