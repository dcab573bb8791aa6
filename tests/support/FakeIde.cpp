#include "FakeIde.h"

#include "TestEnvironment.h"
#include "Wait.h"
#include "cdp/ChromiumProcess.h"
#include "platform/ProcessGroup.h"

#include <QDir>
#include <QFile>
#include <QProcess>

#include <csignal>
#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace mpa::test {

FakeIde::FakeIde(const QString &dir)
    : m_dir(dir)
    , m_program(QDir(dir).filePath(u"antigravity"_s))
{
    QDir().mkpath(dir);
    m_chromium = std::make_unique<ScopedEnv>("MPA_FAKE_IDE_CHROMIUM", ChromiumProcess::findExecutable());
    m_record = std::make_unique<ScopedEnv>("MPA_FAKE_IDE_DIR", dir);
    QFile::remove(m_program);
    QFile::copy(QDir(sourceDir()).filePath(u"tests/fixtures/relaunch/fake-ide.sh"_s), m_program);
    QFile(m_program).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

FakeIde::~FakeIde()
{
    // QProcess::startDetached forks twice and the middle process leads the new session: a start's
    // group is that of its pid (with the Chromium it became and that Chromium's helpers).
    for (const Start &start : starts()) {
#ifdef Q_OS_UNIX
        const pid_t group = ::getpgid(pid_t(start.pid));
        if (group <= 0)
            continue; // gone already
        if (group == ::getpgrp()) {
            ::kill(pid_t(start.pid), SIGKILL); // never the test's own group
            continue;
        }
        ProcessGroup::signal(group, ProcessGroup::Signal::Kill);
        waitUntil([&] { return !ProcessGroup::isAlive(group); }, 10s);
#else
        ProcessGroup::signal(start.pid, ProcessGroup::Signal::Kill);
#endif
    }
}

bool FakeIde::start(const QStringList &folders, qint64 *pid, QString *error)
{
    const qsizetype before = starts().size();
    if (!QProcess::startDetached(m_program, folders, m_dir, pid)) {
        *error = u"%1 could not be started"_s.arg(m_program);
        return false;
    }
    if (!waitUntil([&] { return starts().size() > before; }, 10s)) {
        *error = u"%1 started but recorded nothing in %2"_s.arg(m_program, m_dir);
        return false;
    }
    return true;
}

QStringList FakeIde::lines() const
{
    QFile file(QDir(m_dir).filePath(u"record"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n');
}

QList<FakeIde::Start> FakeIde::starts() const
{
    QList<Start> list;
    for (const QString &line : lines()) {
        if (line.startsWith(u"start "_s))
            list.append(Start { line.mid(6).toLongLong(), {} });
        else if (line.startsWith(u"arg "_s) && !list.isEmpty())
            list.last().arguments.append(line.mid(4));
    }
    return list;
}

bool FakeIde::hasQuit(qint64 pid) const
{
    return lines().contains(u"quit %1"_s.arg(pid));
}

} // namespace mpa::test
