#pragma once
// The command line of DESIGN.md, parsed without side effects so main() can decide what to
// run. A bad argument yields a message that names it (exit code 2).

#include "cdp/CdpRemote.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace mpa {

struct AppOptions
{
    // Tray and Headless run the engine; Mcp serves the toolkit on stdio; Ctl calls the
    // running instance's debug API.
    // Run runs one LLM task in this process and prints its steps.
    enum class Mode { Tray, Headless, Mcp, Ctl, Run };

    Mode mode = Mode::Tray;
    QString configDir; // empty: the platform's standard locations
    std::optional<QString> cdpHost;
    std::optional<quint16> cdpPort;
    std::optional<CdpRemote> cdpRemote; // mcp/run --cdp-url URL [--cdp-header "Name: value"]
    bool autoAccept = false;
    bool debugServer = false;
    std::optional<quint16> debugServerPort; // --debug-server=PORT
    std::optional<double> quitAfterSeconds;
    bool demo = false;
    bool standby = false;
    bool show = false;
    bool launch = false; // mcp --launch
    std::optional<quint16> mcpHttpPort; // mcp --http PORT (0: any free port)
    bool verbose = false;
    bool help = false;
    bool version = false;
    bool headlessFallback = false; // no display: the tray app runs headless instead
    QString ctlAction; // ctl ACTION
    QString ctlParams; // ctl ACTION [JSON] (the JSON text, unparsed)
    QString runTask; // run "TASK"
    QString runTab; // --tab ID
    QString runUrl; // --url URL
    QString runMode; // --mode careful|autonomous (empty: agent/mode)
    int runMaxSteps = 0; // --max-steps N (0: agent/maxSteps)
    bool runJson = false; // --json: each step as a JSON line
    QString runSchemaFile; // --schema FILE: the JSON Schema the result's data must match
    QStringList arguments; // as given, for forwarding to a running instance
};

struct ParseResult
{
    AppOptions options;
    QString error; // non-empty: print it and exit with code 2
};

class CommandLine
{
public:
    static ParseResult parse(const QStringList &arguments);
    static QString helpText();
    static QString versionText();
};

} // namespace mpa
