#include "IdeRelauncher.h"

#include "common/BoundCallback.h"
#include "logging/LogCategories.h"
#include "platform/ProcessControl.h"

#include <QDir>
#include <QJsonArray>
#include <QProcess>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
constexpr std::chrono::milliseconds kPollInterval { 200 };
} // namespace

QJsonObject IdeRelauncher::Result::toJson() const
{
    QJsonObject json { { u"relaunched"_s, ok }, { u"stage"_s, stage }, { u"elapsedMs"_s, elapsedMs } };
    if (!error.isEmpty())
        json.insert(u"error"_s, error);
    if (before.pid > 0) {
        json.insert(u"ide"_s, before.ideName);
        json.insert(u"oldPid"_s, before.pid);
        json.insert(u"program"_s, before.program);
        json.insert(u"folders"_s, QJsonArray::fromStringList(before.folders));
    }
    if (pid > 0) {
        json.insert(u"pid"_s, pid);
        json.insert(u"arguments"_s, QJsonArray::fromStringList(arguments));
    }
    if (!browser.isEmpty())
        json.insert(u"browser"_s, browser);
    return json;
}

IdeRelauncher::IdeRelauncher(std::unique_ptr<ProcessFinder> finder, QObject *parent)
    : QObject(parent)
    , m_finder(std::move(finder))
    , m_probe(new CdpProbe(this))
{
    m_poll.setInterval(kPollInterval);
    connect(&m_poll, &QTimer::timeout, this, &IdeRelauncher::checkGone);
    connect(m_probe, &CdpProbe::finished, this, &IdeRelauncher::onProbe);
}

IdeRelauncher::~IdeRelauncher() = default;

std::optional<RunningIde> IdeRelauncher::find(qint64 pid, const QString &ideId, QString *error) const
{
    QString listError;
    const QList<ProcessInfo> processes = m_finder->processes(&listError);
    if (processes.isEmpty() && !listError.isEmpty()) {
        *error = u"the running processes could not be listed: %1"_s.arg(listError);
        return std::nullopt;
    }
    return RunningIde::find(processes, pid, ideId, error);
}

void IdeRelauncher::relaunch(const Request &request, QObject *context, Callback done)
{
    const Callback reply = boundTo(context, std::move(done));
    if (m_busy) {
        Result busy;
        busy.stage = u"find"_s;
        busy.error = u"a relaunch is already under way"_s;
        reply(busy);
        return;
    }
    m_busy = true;
    m_request = request;
    m_result = Result {};
    m_done = reply;
    m_elapsed.start();
    m_result.stage = u"find"_s;
    QString error;
    const std::optional<RunningIde> ide = find(request.pid, request.ideId, &error);
    if (!ide) {
        m_result.error = error + u"; nothing was restarted"_s;
        finish(m_result);
        return;
    }
    m_result.before = *ide;
    m_result.stage = u"quit"_s;
    qCInfo(lcCdp).noquote() << u"relaunch: asking %1 (pid %2) to quit, to start it again with debugging on "
                               "port %3"_s.arg(ide->ideName)
                                   .arg(ide->pid)
                                   .arg(request.port);
    if (!ProcessControl::requestQuit(ide->pid)) {
        m_result.error = u"%1 (pid %2) could not be asked to quit; nothing was restarted"_s.arg(ide->ideName)
                             .arg(ide->pid);
        finish(m_result);
        return;
    }
    Q_EMIT progress(tr("Waiting for %1 to quit…").arg(ide->ideName));
    m_quitDeadline = QDeadlineTimer(request.quitTimeout);
    m_poll.start();
}

void IdeRelauncher::checkGone()
{
    if (!ProcessControl::isRunning(m_result.before.pid)) {
        m_poll.stop();
        startAgain();
        return;
    }
    if (m_quitDeadline.hasExpired()) {
        m_poll.stop();
        m_result.error = u"%1 did not quit within %2 s (is it asking whether to save?); it was not started "
                         "again"_s.arg(m_result.before.ideName)
                             .arg(m_request.quitTimeout.count() / 1000);
        finish(m_result);
    }
}

void IdeRelauncher::startAgain()
{
    m_result.stage = u"start"_s;
    const RunningIde &ide = m_result.before;
    m_result.arguments = ide.relaunchArguments(m_request.port);
    qint64 pid = 0;
    if (!QProcess::startDetached(ide.program, m_result.arguments, QDir::homePath(), &pid)) {
        m_result.error = u"%1 quit, but %2 could not be started again"_s.arg(ide.ideName, ide.program);
        finish(m_result);
        return;
    }
    m_result.pid = pid;
    m_result.stage = u"wait"_s;
    qCInfo(lcCdp).noquote()
        << u"relaunch: started %1 (pid %2) %3"_s.arg(ide.program).arg(pid).arg(m_result.arguments.join(u' '));
    Q_EMIT progress(tr("Waiting for %1 to open port %2…").arg(ide.ideName).arg(m_request.port));
    m_probe->waitUntilUp(m_request.host, m_request.port, m_request.upTimeout);
}

void IdeRelauncher::onProbe(const CdpProbeResult &probe)
{
    if (!m_busy)
        return;
    if (!probe.ok) {
        m_result.error = u"%1 was started again (pid %2), but nothing answered on %3 within %4 s: %5"_s
                             .arg(m_result.before.ideName)
                             .arg(m_result.pid)
                             .arg(probe.address())
                             .arg(m_request.upTimeout.count() / 1000)
                             .arg(probe.error);
        finish(m_result);
        return;
    }
    m_result.ok = true;
    m_result.stage = u"done"_s;
    m_result.browser = probe.browser;
    finish(m_result);
}

void IdeRelauncher::finish(Result result)
{
    result.elapsedMs = m_elapsed.isValid() ? m_elapsed.elapsed() : 0;
    m_busy = false;
    if (result.ok)
        qCInfo(lcCdp).noquote() << u"relaunch: %1 answers on port %2 (%3)"_s.arg(result.before.ideName)
                                       .arg(m_request.port)
                                       .arg(result.browser);
    else
        qCWarning(lcCdp).noquote() << u"relaunch: %1"_s.arg(result.error);
    const Callback done = std::exchange(m_done, nullptr);
    Q_EMIT finished(result);
    if (done)
        done(result);
}

} // namespace mpa
