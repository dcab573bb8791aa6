#include "IdeStarter.h"

#include "logging/LogCategories.h"

#include <QProcess>

using namespace Qt::StringLiterals;

namespace mpa {

IdeStarter::IdeStarter(const IdeLauncher *launcher, QString profileRoot)
    : m_launcher(launcher)
    , m_profileRoot(std::move(profileRoot))
{
}

std::optional<IdeStartPlan> IdeStarter::plan(const IdeInfo &ide, quint16 port, QString *error) const
{
    std::optional<QStringList> command = m_launcher->launchCommand(ide);
    if (!command || command->isEmpty()) {
        if (error)
            *error = u"no launcher for %1 was found on this system"_s.arg(ide.name);
        return std::nullopt;
    }
    const LauncherState state = m_launcher->state(ide);
    IdeStartPlan plan;
    plan.port = port;
    plan.throughLauncher = state.rewritten && state.port == port;
    if (!plan.throughLauncher) {
        // Debugging on this port this once, whatever the launcher says.
        command->removeIf([](const QString &arg) {
            return arg.startsWith(u"--remote-debugging-port"_s) || arg.startsWith(u"--user-data-dir="_s);
        });
        *command += IdeLauncher::debuggingArguments(ide, port, m_profileRoot);
    }
    plan.program = command->takeFirst();
    plan.arguments = *command;
    return plan;
}

std::optional<qint64> IdeStarter::start(const IdeStartPlan &plan, QString *error)
{
    qint64 pid = 0;
    if (!QProcess::startDetached(plan.program, plan.arguments, QString(), &pid)) {
        qCWarning(lcPlatform).noquote() << "could not start" << plan.program << plan.arguments.join(u' ');
        if (error)
            *error = u"%1 could not be started"_s.arg(plan.program);
        return std::nullopt;
    }
    qCInfo(lcPlatform).noquote()
        << u"started %1 (pid %2) %3"_s.arg(plan.program).arg(pid).arg(plan.arguments.join(u' '));
    return pid;
}

} // namespace mpa
