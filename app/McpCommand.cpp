// `multi-purpose-agent mcp [--cdp-port P] [--cdp-host H] [--config-dir D]`: the browser
// toolkit as an MCP server on stdio. Runs an engine that only connects to the browser (no
// tray, scheduler or other servers, no instance lock: a tray app may drive the same config
// dir) and answers MCP on stdin/stdout. stdout carries the protocol only; logs go to stderr.
// Exits 0 when the client closes stdin or on SIGINT/SIGTERM; 2 on bad arguments.

#include "Subcommands.h"
#include "engine/Engine.h"
#include "logging/LogCategories.h"
#include "logging/Logging.h"
#include "platform/TerminationSignals.h"
#include "server/McpServer.h"
#include "server/McpStdio.h"
#include "settings/AppPaths.h"
#include "settings/Settings.h"

#include <QCoreApplication>

#include <cstdio>
#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

int runMcp(int argc, char **argv, const AppOptions &options)
{
    QCoreApplication app(argc, argv);
    setApplicationIdentity();

    const AppPaths paths
        = options.configDir.isEmpty() ? AppPaths::standard() : AppPaths::forConfigDir(options.configDir);
    QString error;
    if (!paths.ensureExists(&error)) {
        std::fprintf(stderr, "multi-purpose-agent mcp: %s%s\n",
                     options.configDir.isEmpty() ? "" : "--config-dir: ", qPrintable(error));
        return options.configDir.isEmpty() ? 1 : 2;
    }
    // stderr only: the log file belongs to the tray app of this config dir.
    Logging::install({ QString(), true, 2000, options.verbose });

    Settings settings(paths.settingsFile());
    Engine engine(&settings, paths);
    Engine::Overrides overrides;
    overrides.cdpHost = options.cdpHost;
    overrides.cdpPort = options.cdpPort;
    overrides.toolkitOnly = true;
    engine.setOverrides(overrides);

    McpServer server(engine.commands());
    McpStdio stdio;
    QObject::connect(&stdio, &McpStdio::lineReceived, &server, &McpServer::handleLine);
    QObject::connect(&server, &McpServer::send, &stdio, &McpStdio::writeLine);
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
    qCInfo(lcServer).noquote() << u"mcp: serving the browser toolkit on stdio; browser at %1:%2"_s
                                      .arg(engine.cdpHost())
                                      .arg(engine.cdpPort());
    stdio.start();
    const int code = app.exec();
    engine.stop();
    Logging::uninstall();
    return code;
}

} // namespace mpa
