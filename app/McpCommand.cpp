// `multi-purpose-agent mcp [--launch] [--cdp-port P] [--cdp-host H] [--config-dir D]`
// (or `mcp --cdp-url URL [--cdp-header "Name: value"]`, a remote browser service): the
// browser toolkit as an MCP server on stdio. Runs an engine that only connects to the browser
// (no tray, scheduler or other servers, no instance lock: a tray app may drive the same config
// dir) and answers MCP on stdin/stdout. stdout carries the protocol only; logs go to stderr.
// With --launch (or toolkit/launchBrowser) and nothing answering on a local port, it starts a
// Chromium of its own there (the system's chromium / google-chrome, a profile of its own in the
// data folder, headed when a desktop exists), as Playwright's MCP server does, and ends it on
// exit. Exits 0 when the client closes stdin or on SIGINT/SIGTERM; 2 on bad arguments.

#include "Subcommands.h"
#include "actions/RemoteBrowserNotice.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpProbe.h"
#include "cdp/ChromiumProcess.h"
#include "common/Loopback.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "platform/Display.h"
#include "platform/TerminationSignals.h"
#include "server/McpServer.h"
#include "server/McpStdio.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QCoreApplication>

#include <csignal>
#include <cstdio>
#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// Starts a Chromium on the engine's debugging port when nothing answers there.
void launchBrowserIfNeeded(Engine &engine, const AppPaths &paths, std::unique_ptr<ChromiumProcess> &browser)
{
    const QString host = engine.cdpHost();
    const quint16 port = engine.cdpPort();
    if (!isLoopbackHostName(host)) {
        qCWarning(lcServer).noquote()
            << u"mcp --launch: %1 is not this machine; start the browser there"_s.arg(host);
        return;
    }
    auto *probe = new CdpProbe(&engine);
    QObject::connect(
        probe, &CdpProbe::finished, &engine,
        [&engine, &paths, &browser, probe, port](const CdpProbeResult &result) {
            probe->deleteLater();
            if (result.ok) {
                qCInfo(lcServer).noquote() << u"mcp --launch: %1 already answers (%2); using it"_s.arg(
                    result.address(), result.browser);
                return;
            }
            ChromiumProcess::Options options;
            options.port = port;
            options.userDataDir = paths.browserProfileDir();
            options.headless = !Display::desktopAvailable();
            browser = std::make_unique<ChromiumProcess>();
            QObject::connect(browser.get(), &ChromiumProcess::ready, &engine, [&engine](quint16 readyPort) {
                qCInfo(lcServer).noquote()
                    << u"mcp --launch: Chromium is up with debugging on port %1"_s.arg(readyPort);
                engine.endpoint()->retryNow();
            });
            QObject::connect(browser.get(), &ChromiumProcess::failed, &engine, [](const QString &reason) {
                qCWarning(lcServer).noquote() << "mcp --launch: the browser did not start:" << reason;
            });
            QString error;
            if (!browser->start(options, &error)) {
                qCWarning(lcServer).noquote()
                    << "mcp --launch: cannot start a browser:" << error
                    << "(install chromium or google-chrome, or name one in MPA_CHROMIUM)";
                return;
            }
            qCInfo(lcServer).noquote()
                << u"mcp --launch: nothing answers at %1; starting %2 (%3, profile %4)"_s.arg(
                       result.address(), ChromiumProcess::findExecutable(),
                       options.headless ? u"headless"_s : u"with a window"_s, options.userDataDir);
        });
    probe->probe(host, port);
}

} // namespace

int runMcp(int argc, char **argv, const AppOptions &options)
{
    QCoreApplication app(argc, argv);
    const std::optional<AppPaths> prepared = prepareSubcommand(options, "mcp");
    if (!prepared)
        return options.configDir.isEmpty() ? 1 : 2;
    const AppPaths &paths = *prepared;
    Settings settings(paths.settingsFile());
    Engine engine(&settings, paths);
    engine.setOverrides(toolkitOverrides(options));

    if (options.cdpRemote)
        RemoteBrowserNotice::install(engine.commands(), engine.endpoint(), &engine);
    McpServer server(engine.commands());
    McpStdio stdio;
    stdio.setMaxLineBytes(McpServer::kMaxMessageBytes);
    QObject::connect(&stdio, &McpStdio::lineReceived, &server, &McpServer::handleLine);
    QObject::connect(&stdio, &McpStdio::lineTooLong, &server, &McpServer::refuseLongLine);
    QObject::connect(&server, &McpServer::send, &stdio, &McpStdio::writeLine);
    // A client that stops reading (or closes its end) is given up on with the reason on stderr.
    ::signal(SIGPIPE, SIG_IGN); // a closed pipe is an error to report, not a silent death
    QObject::connect(&stdio, &McpStdio::outputFailed, &app, [](const QString &reason) {
        qCCritical(lcServer).noquote() << u"mcp: %1; exiting"_s.arg(reason);
        QCoreApplication::exit(1);
    });
    QObject::connect(&stdio, &McpStdio::closed, &app, [] {
        qCInfo(lcServer) << "mcp: the client closed stdin; exiting";
        QCoreApplication::exit(0);
    });
    TerminationSignals termination;
    QObject::connect(&termination, &TerminationSignals::terminationRequested, &app, [](const QString &name) {
        qCInfo(lcServer).noquote() << u"mcp: received %1; exiting"_s.arg(name);
        QCoreApplication::exit(0);
    });

    engine.start();
    qCInfo(lcServer).noquote() << u"mcp: serving the browser toolkit on stdio; browser at %1"_s.arg(
        engine.endpoint()->address());
    std::unique_ptr<ChromiumProcess> launched;
    if (!options.cdpRemote && (options.launch || settings.boolValue(SettingKey::ToolkitLaunchBrowser)))
        launchBrowserIfNeeded(engine, paths, launched);
    stdio.start();
    const int code = app.exec();
    engine.stop();
    if (launched && launched->isRunning()) {
        qCInfo(lcServer) << "mcp: closing the browser it started";
        launched->stop();
    }
    Logging::uninstall();
    return code;
}

} // namespace mpa
