// `multi-purpose-agent mcp [--launch] [--cdp-port P] [--cdp-host H] [--config-dir D]`
// (or `mcp --cdp-url URL [--cdp-header "Name: value"]`, a remote browser service): the
// browser toolkit as an MCP server on stdio. Runs an engine that only connects to the browser
// (no tray, scheduler or other servers, no instance lock: a tray app may drive the same config
// dir) and answers MCP on stdin/stdout. stdout carries the protocol only; logs go to stderr.
// With --launch (or toolkit/launchBrowser) and nothing answering on a local port, it starts a
// Chromium of its own there (the system's chromium / google-chrome, a profile of its own in the
// data folder, headed when a desktop exists), as Playwright's MCP server does, and ends it on
// exit. Exits 0 when the client closes stdin or on SIGINT/SIGTERM; 2 on bad arguments.
// With --http PORT it serves MCP's streamable HTTP at http://127.0.0.1:PORT/mcp instead
// (McpHttpServer: a session per client, the agent token of <config-dir>/agent-token as
// Authorization: Bearer) and runs until SIGINT/SIGTERM; 1 when it cannot listen.

#include "Subcommands.h"
#include "actions/RemoteBrowserNotice.h"
#include "actions/ToolkitCommands.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpProbe.h"
#include "cdp/ChromiumProcess.h"
#include "common/Loopback.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "platform/Display.h"
#include "platform/TerminationSignals.h"
#include "server/McpHttpServer.h"
#include "server/McpServer.h"
#include "server/McpStdio.h"
#include "server/TokenFile.h"
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

// Ends the browser the command started, and the logging.
int finish(int code, Engine &engine, std::unique_ptr<ChromiumProcess> &launched)
{
    engine.stop();
    if (launched && launched->isRunning()) {
        qCInfo(lcServer) << "mcp: closing the browser it started";
        launched->stop();
    }
    Logging::uninstall();
    return code;
}

int runMcpHttp(QCoreApplication &app, Engine &engine, Settings &settings, const AppPaths &paths,
               const AppOptions &options)
{
    // The token a tray app on the same config dir gives its agents, created when missing and
    // read again at each request (a token made anew in the window is followed at once).
    const TokenFile tokenFile(paths.file(u"agent-token"_s));
    QString error;
    if (tokenFile.ensure(&error).isEmpty()) {
        qCCritical(lcServer).noquote() << u"mcp --http: the agent token cannot be created: %1"_s.arg(error);
        Logging::uninstall();
        return 1;
    }
    McpHttpServer server(engine.commands(), engine.clock());
    server.setTokenSource([tokenFile] { return tokenFile.trusted() ? tokenFile.read() : QString(); });
    // A session that ends gives its agent's tabs back, as a WebSocket agent's disconnect does.
    QObject::connect(&server, &McpHttpServer::callerGone, engine.toolkit(), &ToolkitCommands::releaseCaller);
    if (!server.start(*options.mcpHttpPort, &error)) {
        qCCritical(lcServer).noquote() << u"mcp --http: %1"_s.arg(error);
        Logging::uninstall();
        return 1;
    }
    TerminationSignals termination;
    QObject::connect(&termination, &TerminationSignals::terminationRequested, &app, [](const QString &name) {
        qCInfo(lcServer).noquote() << u"mcp: received %1; exiting"_s.arg(name);
        QCoreApplication::exit(0);
    });
    engine.start();
    qCInfo(lcServer).noquote() << u"mcp: serving the browser toolkit over HTTP at http://127.0.0.1:%1/mcp "
                                  "(the agent token in %2 as Authorization: Bearer); browser at %3"_s
                                      .arg(server.port())
                                      .arg(tokenFile.path(), engine.endpoint()->address());
    std::unique_ptr<ChromiumProcess> launched;
    if (!options.cdpRemote && (options.launch || settings.boolValue(SettingKey::ToolkitLaunchBrowser)))
        launchBrowserIfNeeded(engine, paths, launched);
    const int code = app.exec();
    server.stop();
    return finish(code, engine, launched);
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
    if (options.mcpHttpPort)
        return runMcpHttp(app, engine, settings, paths, options);

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
    return finish(app.exec(), engine, launched);
}

} // namespace mpa
