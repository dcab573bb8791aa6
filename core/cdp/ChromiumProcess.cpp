#include "ChromiumProcess.h"

#include "logging/LogCategories.h"
#include "platform/ProcessGroup.h"
#include "platform/ThisProcess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QThread>

using namespace Qt::StringLiterals;

namespace mpa {

QString ChromiumProcess::findExecutable()
{
    QString fromEnv = qEnvironmentVariable("MPA_CHROMIUM");
    if (!fromEnv.isEmpty() && QFileInfo(fromEnv).isExecutable())
        return fromEnv;
    for (const QString &name : { u"chromium"_s, u"chromium-browser"_s, u"google-chrome"_s,
                                 u"google-chrome-stable"_s, u"chrome"_s, u"microsoft-edge"_s }) {
        QString found = QStandardPaths::findExecutable(name);
        if (!found.isEmpty())
            return found;
    }
    const QStringList known {
        u"/Applications/Chromium.app/Contents/MacOS/Chromium"_s,
        u"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"_s,
        u"C:/Program Files/Google/Chrome/Application/chrome.exe"_s,
        u"C:/Program Files (x86)/Google/Chrome/Application/chrome.exe"_s,
        u"C:/Program Files (x86)/Microsoft/Edge/Application/msedge.exe"_s,
    };
    for (const QString &path : known) {
        if (QFileInfo(path).isExecutable())
            return path;
    }
    return {};
}

QStringList ChromiumProcess::baseArguments(bool headless)
{
    QStringList args {
        u"--no-first-run"_s,
        u"--no-default-browser-check"_s,
        u"--disable-background-networking"_s,
        u"--disable-component-update"_s,
        u"--disable-sync"_s,
        u"--disable-breakpad"_s,
        u"--disable-crash-reporter"_s,
        u"--disable-dev-shm-usage"_s,
        u"--disable-features=Translate,MediaRouter,OptimizationHints"_s,
        u"--password-store=basic"_s,
        u"--use-mock-keychain"_s,
    };
    if (headless)
        args << u"--headless=new"_s << u"--disable-gpu"_s;
    // Chromium refuses to run as root with its sandbox on.
    if (ThisProcess::runsAsRoot())
        args << u"--no-sandbox"_s;
    return args;
}

ChromiumProcess::ChromiumProcess(QObject *parent)
    : QObject(parent)
{
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    m_readyTimer.setSingleShot(true);
    connect(&m_readyTimer, &QTimer::timeout, this,
            [this] { fail(u"Chromium did not open its debugging port in time"_s); });
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &ChromiumProcess::onOutput);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            fail(u"Chromium could not be started: "_s + m_process.errorString());
    });
    connect(&m_process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus) {
        if (!isReady())
            fail(u"Chromium exited (code %1) before it was ready"_s.arg(exitCode));
        Q_EMIT exited(exitCode);
    });
}

ChromiumProcess::~ChromiumProcess()
{
    stop(1000);
}

bool ChromiumProcess::start(const Options &options, QString *error)
{
    const QString executable = options.executable.isEmpty() ? findExecutable() : options.executable;
    if (executable.isEmpty()) {
        if (error)
            *error = u"no Chromium or Chrome was found; install chromium or set MPA_CHROMIUM to its path"_s;
        return false;
    }
    if (options.userDataDir.isEmpty()) {
        m_tempProfile = std::make_unique<QTemporaryDir>(QDir::tempPath() + u"/mpa-chromium-XXXXXX"_s);
        if (!m_tempProfile->isValid()) {
            if (error)
                *error = u"cannot create a temporary browser profile: "_s + m_tempProfile->errorString();
            return false;
        }
        m_userDataDir = m_tempProfile->path();
    } else {
        m_userDataDir = options.userDataDir;
        QDir().mkpath(m_userDataDir);
    }
    QFile::remove(QDir(m_userDataDir).filePath(u"DevToolsActivePort"_s));

    QStringList args = baseArguments(options.headless);
    args << u"--user-data-dir="_s + m_userDataDir << u"--remote-debugging-port=%1"_s.arg(options.port)
         << u"--remote-debugging-address=127.0.0.1"_s;
    args += options.extraArguments;
    args += options.urls.isEmpty() ? QStringList { u"about:blank"_s } : options.urls;

    m_port = 0;
    m_failed = false;
    m_recentOutput.clear();
    ProcessGroup::makeLeader(m_process);
    qCDebug(lcCdp).noquote() << "starting" << executable << args.join(u' ');
    m_process.start(executable, args);
    if (!m_process.waitForStarted(10000)) {
        if (error)
            *error = u"Chromium could not be started: "_s + m_process.errorString();
        return false;
    }
    m_pid = m_process.processId();
    m_readyTimer.start(options.readyTimeoutMs);
    return true;
}

bool ChromiumProcess::isRunning() const
{
    return m_process.state() != QProcess::NotRunning;
}

void ChromiumProcess::onOutput()
{
    m_partialLine += m_process.readAllStandardOutput();
    qsizetype newline;
    while ((newline = m_partialLine.indexOf('\n')) >= 0) {
        const QString line = QString::fromLocal8Bit(m_partialLine.left(newline)).trimmed();
        m_partialLine.remove(0, newline + 1);
        if (line.isEmpty())
            continue;
        m_recentOutput.append(line);
        if (m_recentOutput.size() > 30)
            m_recentOutput.removeFirst();
        static const QRegularExpression listening(u"DevTools listening on (ws://\\S+)"_s);
        if (const auto match = listening.match(line); match.hasMatch() && !isReady()) {
            const QUrl url(match.captured(1));
            m_browserUrl = url;
            m_port = quint16(url.port());
            readActivePortFile();
            m_readyTimer.stop();
            qCDebug(lcCdp) << "Chromium is listening on port" << m_port;
            Q_EMIT ready(m_port);
        }
    }
}

void ChromiumProcess::readActivePortFile()
{
    // The file is authoritative when present (the log line can be localised or absent).
    QFile file(QDir(m_userDataDir).filePath(u"DevToolsActivePort"_s));
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QList<QByteArray> lines = file.readAll().split('\n');
    bool ok = false;
    const int port = lines.value(0).trimmed().toInt(&ok);
    if (ok && port > 0 && port < 65536)
        m_port = quint16(port);
}

void ChromiumProcess::fail(const QString &reason)
{
    if (m_failed || isReady())
        return;
    m_failed = true;
    m_readyTimer.stop();
    const QString detail
        = m_recentOutput.isEmpty() ? QString() : u"; its last output: "_s + m_recentOutput.last();
    Q_EMIT failed(reason + detail);
}

void ChromiumProcess::stop(int graceMs)
{
    m_readyTimer.stop();
    if (m_pid <= 0)
        return;
    if (isRunning() || ProcessGroup::isAlive(m_pid)) {
        ProcessGroup::signal(m_pid, ProcessGroup::Signal::Terminate);
        m_process.terminate();
        if (!m_process.waitForFinished(graceMs)) {
            ProcessGroup::signal(m_pid, ProcessGroup::Signal::Kill);
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    ProcessGroup::signal(m_pid, ProcessGroup::Signal::Kill); // helpers that ignored SIGTERM
    waitForGroupToEnd(5000);
    m_pid = 0;
    m_port = 0;
    m_tempProfile.reset();
}

void ChromiumProcess::kill()
{
    if (m_pid <= 0)
        return;
    ProcessGroup::signal(m_pid, ProcessGroup::Signal::Kill);
    m_process.kill();
    m_process.waitForFinished(5000);
    waitForGroupToEnd(5000);
    m_port = 0;
}

void ChromiumProcess::waitForGroupToEnd(int timeoutMs)
{
    // Helpers die within milliseconds of SIGKILL; this only covers the kernel's teardown.
    QDeadlineTimer deadline(timeoutMs);
    while (ProcessGroup::isAlive(m_pid) && !deadline.hasExpired())
        QThread::msleep(10);
}

} // namespace mpa
