#include "Subcommands.h"

#include "logging/Logging.h"

#include <cstdio>

namespace mpa {

void printProblem(const char *command, const QString &message)
{
    std::fprintf(stderr, "multi-purpose-agent%s%s: %s\n", command ? " " : "", command ? command : "",
                 qPrintable(message));
}

std::optional<AppPaths> prepareSubcommand(const AppOptions &options, const char *command)
{
    setApplicationIdentity();
    const AppPaths paths
        = options.configDir.isEmpty() ? AppPaths::standard() : AppPaths::forConfigDir(options.configDir);
    QString error;
    if (!paths.ensureExists(&error)) {
        printProblem(command,
                     (options.configDir.isEmpty() ? QString() : QStringLiteral("--config-dir: ")) + error);
        return std::nullopt;
    }
    Logging::install({ QString(), true, 2000, options.verbose });
    return paths;
}

Engine::Overrides toolkitOverrides(const AppOptions &options)
{
    Engine::Overrides overrides;
    overrides.cdpHost = options.cdpHost;
    overrides.cdpPort = options.cdpPort;
    overrides.cdpRemote = options.cdpRemote;
    // A remote service's pages are nobody's IDE: auto-accept stays off there.
    if (options.cdpRemote)
        overrides.autoAccept = false;
    overrides.toolkitOnly = true;
    return overrides;
}

} // namespace mpa
