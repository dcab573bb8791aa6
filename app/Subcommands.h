#pragma once
// The subcommands that do not run the engine in this process.

#include "CommandLine.h"
#include "engine/Engine.h"
#include "settings/AppPaths.h"

#include <optional>

namespace mpa {

// Application name, version and organisation, on which the standard folders depend (main.cpp).
void setApplicationIdentity();

// One line on stderr for the person who ran it (also what is not an error: where the window
// went): "multi-purpose-agent[ <command>]: <message>"
// (`command` null for the app itself).
void printProblem(const char *command, const QString &message);

// The folders of a subcommand that runs only the browser side (mcp, run), made when missing;
// nothing, having said why on stderr ("multi-purpose-agent <command>: …"), when they cannot be.
// Logs go to stderr: the log file belongs to the tray app of the config folder.
std::optional<AppPaths> prepareSubcommand(const AppOptions &options, const char *command);
// Its engine overrides: the command line's browser address; only the toolkit runs (no
// scheduler, servers or instance lock), so it can share a config folder with the tray app.
Engine::Overrides toolkitOverrides(const AppOptions &options);

// `multi-purpose-agent mcp`: the browser toolkit as an MCP server on stdio (McpCommand.cpp).
int runMcp(int argc, char **argv, const AppOptions &options);
// `multi-purpose-agent ctl ACTION [JSON]`: one call to the running instance's debug API
// (CtlCommand.cpp).
int runCtl(int argc, char **argv, const AppOptions &options);
// `multi-purpose-agent run "TASK"`: one LLM task run in this process (RunCommand.cpp).
int runTask(int argc, char **argv, const AppOptions &options);

} // namespace mpa
