#include "AppRuntime.h"

#include "Subcommands.h"
#include "demo/DemoEnvironment.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "platform/Display.h"
#include "platform/InstanceLock.h"
#include "platform/TerminationSignals.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QProcess>

using namespace Qt::StringLiterals;

namespace mpa {

AppRuntime::AppRuntime(const AppOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{
    m_quitTimer.setSingleShot(true);
    connect(&m_quitTimer, &QTimer::timeout, this, [this] {
        qCInfo(lcApp) << "--quit-after elapsed; exiting";
        Q_EMIT quitRequested(0);
    });
}

AppRuntime::~AppRuntime()
{
    shutdown();
}

int AppRuntime::prepare()
{
    const bool headless = m_options.mode == AppOptions::Mode::Headless;
    m_paths
        = m_options.configDir.isEmpty() ? AppPaths::standard() : AppPaths::forConfigDir(m_options.configDir);
    QString error;
    if (!m_paths.ensureExists(&error)) {
        printProblem(nullptr, (m_options.configDir.isEmpty() ? QString() : u"--config-dir: "_s) + error);
        return m_options.configDir.isEmpty() ? 1 : 2;
    }

    // Until we own the config dir, log to stderr only: the log file belongs to the holder.
    Logging::install({ QString(), headless, 5000, m_options.verbose });
    if (m_options.headlessFallback)
        qCWarning(lcApp) << "no graphical display found; running headless (pass --headless to say so)";

    m_lock = std::make_unique<InstanceLock>(m_paths.configDir);
    switch (m_lock->tryAcquire(&error)) {
    case InstanceLock::Result::Acquired:
        break;
    case InstanceLock::Result::Failed:
        printProblem(nullptr, error);
        return 1;
    case InstanceLock::Result::HeldByOther:
        if (m_options.standby) {
            m_standingBy = true;
            break;
        }
        const qint64 pid = m_lock->holderPid();
        // Launched again from the desktop's menu (nothing asked but the window): the running
        // instance shows its window, as KeePassXC does, and this launch is done.
        if (m_options.mode == AppOptions::Mode::Tray && onlyAsksForTheWindow(m_options.arguments)) {
            QStringList arguments = m_options.arguments;
            if (!arguments.contains(u"--show"_s))
                arguments.append(u"--show"_s);
            if (m_lock->forwardArguments(arguments)) {
                printProblem(nullptr,
                             u"the running instance%1 shows its window"_s.arg(
                                 pid > 0 ? u" (pid %1)"_s.arg(pid) : QString()));
                return 0;
            }
        }
        const bool forwarded = m_lock->forwardArguments(m_options.arguments);
        printProblem(nullptr,
                     u"another instance%1 already drives %2%3"_s.arg(
                         pid > 0 ? u" (pid %1)"_s.arg(pid) : QString(), m_paths.configDir,
                         forwarded ? u"; it was handed this launch's arguments"_s
                                   : u"; it did not answer (pass --standby to wait for it to exit)"_s));
        return 3;
    }
    connect(m_lock.get(), &InstanceLock::argumentsReceived, this, &AppRuntime::onForwardedArguments);

    m_signals = new TerminationSignals(this);
    connect(m_signals, &TerminationSignals::terminationRequested, this, [this](const QString &name) {
        qCInfo(lcApp).noquote() << u"received %1; exiting"_s.arg(name);
        Q_EMIT quitRequested(0);
    });
    if (m_options.quitAfterSeconds)
        m_quitTimer.start(int(*m_options.quitAfterSeconds * 1000));
    return -1;
}

void AppRuntime::start()
{
    if (!m_standingBy) {
        startEngine();
        return;
    }
    qCInfo(lcApp).noquote() << u"another instance drives %1; standing by to take over when it exits"_s.arg(
        m_paths.configDir);
    Q_EMIT standbyChanged(true);
    connect(m_lock.get(), &InstanceLock::acquired, this, [this] {
        m_standingBy = false;
        qCInfo(lcApp).noquote() << "took over" << m_paths.configDir << "from the previous instance";
        Q_EMIT standbyChanged(false);
        startEngine();
    });
    m_lock->waitForTakeover();
}

void AppRuntime::startEngine()
{
    const bool headless = m_options.mode == AppOptions::Mode::Headless;
    Logging::install({ m_paths.logDir, headless, 5000, m_options.verbose });
    m_settings = std::make_unique<Settings>(m_paths.settingsFile());
    m_engine = std::make_unique<Engine>(m_settings.get(), m_paths);
    Engine::Overrides overrides;
    overrides.cdpHost = m_options.cdpHost;
    overrides.cdpPort = m_options.cdpPort;
    // The demo exists to show auto-accept at work.
    if (m_options.autoAccept || m_options.demo)
        overrides.autoAccept = true;
    overrides.debugServer = m_options.debugServer;
    overrides.debugServerPort = m_options.debugServerPort;
    m_engine->setOverrides(overrides);

    if (!m_options.demo) {
        m_engine->start();
        return;
    }
    m_demo = std::make_unique<DemoEnvironment>();
    connect(m_demo.get(), &DemoEnvironment::ready, this, [this](quint16 port) {
        qCInfo(lcApp).noquote()
            << u"demo: Chromium is up with debugging on port %1; attaching to the demo agent panel"_s.arg(
                   port);
        m_engine->setCdpAddressOverride(u"127.0.0.1"_s, port);
        m_engine->start();
    });
    connect(m_demo.get(), &DemoEnvironment::failed, this, [this](const QString &reason) {
        printProblem(nullptr, u"demo: "_s + reason);
        Q_EMIT quitRequested(1);
    });
    connect(m_demo.get(), &DemoEnvironment::browserExited, this, [this] {
        if (m_engine && m_engine->isRunning()) {
            qCInfo(lcApp) << "demo: the browser window was closed; exiting";
            Q_EMIT quitRequested(0);
        }
    });
    QString error;
    const bool headlessBrowser = headless || !Display::desktopAvailable();
    if (!m_demo->start(headlessBrowser, &error)) {
        printProblem(nullptr, u"demo: "_s + error);
        QTimer::singleShot(0, this, [this] { Q_EMIT quitRequested(1); });
    }
}

void AppRuntime::shutdown()
{
    if (m_engine)
        m_engine->stop();
    if (m_demo)
        m_demo->stop();
    m_quitTimer.stop();
}

QStringList AppRuntime::demoArguments() const
{
    // --standby: the new instance takes the config dir over as soon as this one has quit.
    QStringList arguments { u"--demo"_s, u"--standby"_s, u"--show"_s };
    if (!m_options.configDir.isEmpty())
        arguments += { u"--config-dir"_s, m_options.configDir };
    if (m_options.verbose)
        arguments.append(u"--verbose"_s);
    return arguments;
}

bool AppRuntime::restartInDemo(QString *error)
{
    const QString program = QCoreApplication::applicationFilePath();
    const QStringList arguments = demoArguments();
    if (!QProcess::startDetached(program, arguments)) {
        if (error)
            *error = u"%1 could not be started"_s.arg(program);
        return false;
    }
    qCInfo(lcApp).noquote() << "restarting in the demo:" << program << arguments.join(u' ');
    Q_EMIT quitRequested(0);
    return true;
}

QString AppRuntime::summaryLine() const
{
    // Field order as documented; QJsonObject would sort the keys.
    auto field = [this](const char *name) {
        return m_engine ? m_engine->summary().value(QLatin1StringView(name)).toInteger() : 0;
    };
    return u"{\"summary\":{\"clicks\":%1,\"blocked\":%2,\"targets\":%3,\"promptsSent\":%4,\"uptimeS\":%5}}"_s
        .arg(field("clicks"))
        .arg(field("blocked"))
        .arg(field("targets"))
        .arg(field("promptsSent"))
        .arg(field("uptimeS"));
}

bool AppRuntime::onlyAsksForTheWindow(const QStringList &arguments)
{
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &arg = arguments.at(i);
        if (arg == u"--config-dir"_s)
            ++i; // its folder
        else if (arg != u"--show"_s && !arg.startsWith(u"--config-dir="_s) && arg != u"-v"_s
                 && arg != u"--verbose"_s)
            return false;
    }
    return true;
}

void AppRuntime::onForwardedArguments(const QStringList &arguments)
{
    qCInfo(lcApp).noquote() << "another launch handed over its arguments:" << arguments.join(u' ');
    if (arguments.contains(u"--show"_s))
        Q_EMIT showWindowRequested();
}

} // namespace mpa
