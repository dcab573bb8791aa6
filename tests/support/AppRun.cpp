#include "AppRun.h"

#include "TestEnvironment.h"
#include "Wait.h"

#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QTcpServer>

#include <csignal>

using namespace Qt::StringLiterals;

namespace mpa::test {

AppRun::AppRun(const QStringList &args, const QString &tmpDir)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"DISPLAY"_s);
    env.remove(u"WAYLAND_DISPLAY"_s);
    if (!tmpDir.isEmpty())
        env.insert(u"TMPDIR"_s, tmpDir);
    m_process.setProcessEnvironment(env);
    QObject::connect(&m_process, &QProcess::readyReadStandardError, &m_process,
                     [this] { m_stderr += QString::fromUtf8(m_process.readAllStandardError()); });
    QObject::connect(&m_process, &QProcess::readyReadStandardOutput, &m_process,
                     [this] { m_stdout += QString::fromUtf8(m_process.readAllStandardOutput()); });
    m_process.start(appBinary(), args);
}

AppRun::~AppRun()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

bool AppRun::waitForStderr(const QString &text, std::chrono::milliseconds timeout)
{
    return waitUntil([&] { return m_stderr.contains(text); }, timeout);
}

int AppRun::finish(std::chrono::milliseconds timeout)
{
    if (!waitUntil([&] { return m_process.state() == QProcess::NotRunning; }, timeout))
        return -1;
    m_stderr += QString::fromUtf8(m_process.readAllStandardError());
    m_stdout += QString::fromUtf8(m_process.readAllStandardOutput());
    return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
}

void AppRun::signal(int number)
{
#ifdef Q_OS_UNIX
    ::kill(pid_t(m_process.processId()), number);
#else
    Q_UNUSED(number)
    m_process.kill();
#endif
}

QString AppRun::dump() const
{
    return u"\n--- stdout ---\n"_s + m_stdout + u"\n--- stderr ---\n"_s + m_stderr;
}

QJsonObject AppRun::summary() const
{
    const QStringList lines = m_stdout.trimmed().split(u'\n');
    return QJsonDocument::fromJson(lines.last().toUtf8()).object().value(u"summary").toObject();
}

quint16 unusedPort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

} // namespace mpa::test
