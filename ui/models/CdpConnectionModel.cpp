#include "CdpConnectionModel.h"

#include "cdp/CdpEndpoint.h"
#include "cdp/CdpProbe.h"
#include "cdp/IdeRelauncher.h"
#include "logging/LogCategories.h"
#include "platform/IdeLauncher.h"
#include "platform/IdeStarter.h"
#include "platform/StartedIde.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace mpa {

CdpConnectionModel::CdpConnectionModel(CdpEndpoint *endpoint, IdeRelauncher *relauncher, AppPaths paths,
                                       QObject *parent)
    : ConnectionModel(parent)
    , m_endpoint(endpoint)
    , m_relauncher(relauncher)
    , m_paths(std::move(paths))
    , m_launcher(IdeLauncher::create(profileRoot(m_paths)))
    , m_probe(new CdpProbe(this))
    , m_startProbe(new CdpProbe(this))
{
    connect(m_probe, &CdpProbe::finished, this,
            [this](const CdpProbeResult &result) { Q_EMIT probed(plain(result)); });
    connect(m_startProbe, &CdpProbe::attemptFailed, this, &ConnectionModel::waitAttemptFailed);
    connect(m_startProbe, &CdpProbe::finished, this,
            [this](const CdpProbeResult &result) { Q_EMIT waitFinished(plain(result)); });
    connect(relauncher, &IdeRelauncher::progress, this, &ConnectionModel::relaunchProgress);
    connect(relauncher, &IdeRelauncher::finished, this, [this](const IdeRelauncher::Result &result) {
        Q_EMIT relaunchFinished({ result.ok, result.error, result.before.ideName,
                                  int(result.before.folders.size()), result.browser });
    });
}

CdpConnectionModel::~CdpConnectionModel() = default;

bool CdpConnectionModel::isConnected() const
{
    return m_endpoint->isConnected();
}

QString CdpConnectionModel::browserVersion() const
{
    return m_endpoint->browserVersion();
}

void CdpConnectionModel::probe(const QString &host, quint16 port)
{
    m_probe->probe(host, port);
}

ConnectionModel::ProbeResult CdpConnectionModel::plain(const CdpProbeResult &result) const
{
    ProbeResult plain { result.ok, result.address(), result.port, result.error, result.browser, {} };
    const TargetFilter &filter = m_endpoint->targetFilter();
    for (const CdpProbeTarget &target : result.targets) {
        Target shown { target.info.title, target.info.url, target.info.type, target.attachable, {} };
        QString reason;
        if (target.attachable && !filter.accepts(target.info, &reason))
            shown.skipReason = reason;
        plain.targets.append(shown);
    }
    return plain;
}

QList<ConnectionModel::Ide> CdpConnectionModel::ides() const
{
    QList<Ide> result;
    for (const IdeInfo &info : IdeInfo::known()) {
        // A browser is called by its name, as the desktop's own launcher it starts says.
        const QString name = info.dedicatedProfile
            ? browserName(m_launcher->state(info).originalPath, info.name)
            : info.name;
        result.append({ info.id, name, info.dedicatedProfile });
    }
    return result;
}

ConnectionModel::Launcher CdpConnectionModel::launcher(const QString &ideId) const
{
    const std::optional<IdeInfo> info = IdeInfo::byId(ideId);
    if (!info)
        return {};
    const LauncherState state = m_launcher->state(*info);
    return { state.found,        state.rewritten, state.port,         state.originalPath,
             state.launcherPath, state.separate,  state.separatePath, state.separateName };
}

bool CdpConnectionModel::rewriteLauncher(const QString &ideId, quint16 port, QString *error)
{
    const std::optional<IdeInfo> info = IdeInfo::byId(ideId);
    QString why = info ? QString() : u"no IDE is known as %1"_s.arg(ideId);
    if (info && m_launcher->rewrite(*info, port, &why))
        return true;
    qCWarning(lcPlatform).noquote() << "launcher of" << ideId << ":" << why;
    if (error)
        *error = why;
    return false;
}

bool CdpConnectionModel::restoreLauncher(const QString &ideId, QString *error)
{
    const std::optional<IdeInfo> info = IdeInfo::byId(ideId);
    QString why = info ? QString() : u"no IDE is known as %1"_s.arg(ideId);
    if (info && m_launcher->restore(*info, &why))
        return true;
    qCWarning(lcPlatform).noquote() << "launcher of" << ideId << ":" << why;
    if (error)
        *error = why;
    return false;
}

bool CdpConnectionModel::canStartIde(const QString &ideId) const
{
    const std::optional<IdeInfo> info = IdeInfo::byId(ideId);
    return info && IdeStarter(m_launcher.get(), profileRoot(m_paths)).plan(*info, 0).has_value();
}

qint64 CdpConnectionModel::startIde(const QString &ideId, quint16 port, QString *error)
{
    const std::optional<IdeInfo> info = IdeInfo::byId(ideId);
    QString why = info ? QString() : u"no IDE is known as %1"_s.arg(ideId);
    const std::optional<IdeStartPlan> plan
        = info ? IdeStarter(m_launcher.get(), profileRoot(m_paths)).plan(*info, port, &why) : std::nullopt;
    if (plan) {
        delete m_started; // a previous start's watch (its program runs on)
        m_started = StartedIde::start(*plan, QDir(m_paths.logDir).filePath(u"ide-start.log"_s), &why, this);
    }
    if (!plan || !m_started) {
        if (error)
            *error = why;
        return 0;
    }
    connect(m_started, &StartedIde::exited, this, &ConnectionModel::startedIdeExited);
    return m_started->pid();
}

bool CdpConnectionModel::startedIdeRunning() const
{
    return m_started && m_started->isRunning();
}

QString CdpConnectionModel::startedIdeOutput(int lines) const
{
    return m_started ? m_started->outputTail(lines) : QString();
}

QString CdpConnectionModel::startedIdeOutputFile() const
{
    return m_started ? m_started->outputFile() : QString();
}

void CdpConnectionModel::waitForIde(const QString &host, quint16 port, std::chrono::milliseconds timeout)
{
    m_startProbe->waitUntilUp(host, port, timeout);
}

bool CdpConnectionModel::isWaiting() const
{
    return m_startProbe->isRunning();
}

void CdpConnectionModel::cancelWait()
{
    m_startProbe->cancel();
}

std::optional<ConnectionModel::RunningIde> CdpConnectionModel::runningIde(const QString &ideId) const
{
    QString error;
    std::optional<mpa::RunningIde> running = m_relauncher->find(0, ideId, &error);
    if (!running && !ideId.isEmpty())
        running = m_relauncher->find(0, QString(), &error);
    if (!running)
        return std::nullopt;
    return RunningIde { running->pid, running->ideName, running->folders };
}

bool CdpConnectionModel::isRelaunching() const
{
    return m_relauncher->isBusy();
}

void CdpConnectionModel::relaunch(qint64 pid, const QString &host, quint16 port)
{
    IdeRelauncher::Request request;
    request.pid = pid;
    request.host = host;
    request.port = port;
    m_relauncher->relaunch(request, this, nullptr);
}

QString CdpConnectionModel::browserName(const QString &launcherPath, const QString &fallback)
{
    const QString file = QFileInfo(launcherPath).fileName().toLower();
    if (file.contains(u"chromium"_s))
        return u"Chromium"_s;
    if (file.contains(u"chrome"_s))
        return u"Google Chrome"_s;
    return fallback;
}

QString CdpConnectionModel::profileRoot(const AppPaths &paths)
{
    // Next to the logs: the data folder (or the --config-dir folder), not the config folder.
    return QDir::cleanPath(paths.logDir + u"/../browser-profiles"_s);
}

} // namespace mpa
