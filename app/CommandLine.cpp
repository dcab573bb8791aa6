#include "CommandLine.h"

#include <QCommandLineParser>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

struct Parser
{
    QCommandLineParser parser;
    QCommandLineOption headless { u"headless"_s, u"Run the engine without a GUI; logs go to stderr."_s };
    QCommandLineOption configDir { u"config-dir"_s, u"Keep settings, data and logs in DIR."_s, u"DIR"_s };
    QCommandLineOption cdpHost { u"cdp-host"_s, u"Browser debugging host (default 127.0.0.1)."_s, u"HOST"_s };
    QCommandLineOption cdpPort { u"cdp-port"_s,
                                 u"Browser debugging port (default: setting cdp/port, 9004)."_s, u"PORT"_s };
    QCommandLineOption cdpUrl {
        u"cdp-url"_s,
        u"mcp, run: use the browser at this ws(s):// browser-level WebSocket (a remote "
        "service such as Browserless or a Selenium Grid's se:cdp) or http(s):// "
        "address instead of --cdp-host/--cdp-port."_s,
        u"URL"_s
    };
    QCommandLineOption cdpHeader { u"cdp-header"_s,
                                   u"mcp, run: send this header (\"Authorization: Bearer TOKEN\") to the "
                                   "--cdp-url service; its value is never logged."_s,
                                   u"HEADER"_s };
    QCommandLineOption autoAccept { u"auto-accept"_s, u"Turn auto-accept on for this run."_s };
    QCommandLineOption debugServer {
        u"debug-server"_s,
        u"Serve the debug API on 127.0.0.1 (default: setting debug/port, 54321; 0 picks a free port)."_s,
        u"PORT"_s
    };
    QCommandLineOption quitAfter { u"quit-after"_s,
                                   u"Exit cleanly after SECONDS, printing the summary line."_s,
                                   u"SECONDS"_s };
    QCommandLineOption demo { u"demo"_s, u"Start the bundled demo: a Chromium on a demo agent panel."_s };
    QCommandLineOption standby {
        u"standby"_s, u"If another instance drives this config dir, wait and take over when it exits."_s
    };
    QCommandLineOption show { u"show"_s, u"Open the window (of the running instance, if there is one)."_s };
    QCommandLineOption launch {
        u"launch"_s,
        u"mcp: start a Chromium of its own when nothing answers on the debugging port "
        "(setting toolkit/launchBrowser)."_s
    };
    QCommandLineOption http {
        u"http"_s,
        u"mcp: serve MCP's streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio "
        "(the agent token as Authorization: Bearer; 0 picks a free port)."_s,
        u"PORT"_s
    };
    QCommandLineOption tab { u"tab"_s, u"run: work in this tab (an id from tab list, or its number)."_s,
                             u"ID"_s };
    QCommandLineOption url { u"url"_s, u"run: start at this address, in a new tab."_s, u"URL"_s };
    QCommandLineOption mode { u"mode"_s, u"run: careful (asks before risky steps) or autonomous."_s,
                              u"MODE"_s };
    QCommandLineOption maxSteps { u"max-steps"_s, u"run: stop after N steps (default: agent/maxSteps)."_s,
                                  u"N"_s };
    QCommandLineOption json { u"json"_s, u"run: print each step as a JSON line."_s };
    QCommandLineOption schema { u"schema"_s,
                                u"run: the task returns data matching the JSON Schema in FILE (printed as "
                                "result.data)."_s,
                                u"FILE"_s };
    QCommandLineOption verbose { QStringList { u"v"_s, u"verbose"_s }, u"Log debug messages too."_s };
    QCommandLineOption help { QStringList { u"h"_s, u"help"_s }, u"Show this help."_s };
    QCommandLineOption version { u"version"_s, u"Show the version."_s };

    Parser()
    {
        parser.setApplicationDescription(
            u"Keeps AI coding agents moving and lets agents drive browser tabs over the Chrome DevTools Protocol."_s);
        parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
        parser.addPositionalArgument(
            u"command"_s,
            u"mcp: serve the browser toolkit over MCP on stdio (or HTTP with --http PORT). "
            "ctl ACTION [JSON]: call the running instance's debug API. run \"TASK\": do one task in the "
            "browser with the LLM of the settings."_s,
            u"[mcp | ctl ACTION [JSON] | run TASK]"_s);
        parser.addOptions({ headless, configDir, cdpHost, cdpPort, autoAccept, debugServer, quitAfter,
                            demo,     standby,   show,    launch,  http,       tab,         url,
                            mode,     maxSteps,  json,    schema,  verbose,    help,        version });
        parser.addOptions({ cdpUrl, cdpHeader });
    }
};

std::optional<quint16> parsePort(const QString &text)
{
    bool ok = false;
    const int port = text.toInt(&ok);
    if (!ok || port < 1 || port > 65535)
        return std::nullopt;
    return quint16(port);
}

} // namespace

ParseResult CommandLine::parse(const QStringList &arguments)
{
    ParseResult result;
    AppOptions &o = result.options;
    o.arguments = arguments.mid(1);

    // "--debug-server" may come without a value; QCommandLineParser wants one.
    QStringList args;
    for (const QString &arg : arguments)
        args.append(arg == u"--debug-server"_s ? u"--debug-server="_s : arg);

    Parser p;
    if (!p.parser.parse(args)) {
        result.error = p.parser.errorText();
        return result;
    }
    // Subcommands: `mcp`, `ctl ACTION [JSON]`.
    const QStringList positional = p.parser.positionalArguments();
    if (!positional.isEmpty()) {
        const QString command = positional.first();
        if (command == u"mcp"_s && positional.size() == 1) {
            o.mode = AppOptions::Mode::Mcp;
        } else if (command == u"ctl"_s) {
            if (positional.size() < 2 || positional.size() > 3) {
                result.error = u"ctl: usage is 'ctl ACTION [JSON]', e.g. ctl getStats or ctl sendPrompt "
                               "'{\"text\":\"hi\"}'"_s;
                return result;
            }
            o.mode = AppOptions::Mode::Ctl;
            o.ctlAction = positional.at(1);
            o.ctlParams = positional.value(2);
        } else if (command == u"run"_s) {
            if (positional.size() != 2 || positional.at(1).trimmed().isEmpty()) {
                result.error
                    = u"run: usage is 'run \"TASK\" [--tab ID | --url URL] [--mode careful|autonomous] "
                      "[--max-steps N] [--schema FILE] [--json]' (the task in quotes, as one argument)"_s;
                return result;
            }
            o.mode = AppOptions::Mode::Run;
            o.runTask = positional.at(1);
        } else {
            result.error
                = u"unexpected argument '%1'"_s.arg(command == u"mcp"_s ? positional.at(1) : command);
            return result;
        }
    }
    o.help = p.parser.isSet(p.help);
    o.version = p.parser.isSet(p.version);
    if (o.mode == AppOptions::Mode::Tray && p.parser.isSet(p.headless))
        o.mode = AppOptions::Mode::Headless;
    o.autoAccept = p.parser.isSet(p.autoAccept);
    o.demo = p.parser.isSet(p.demo);
    o.standby = p.parser.isSet(p.standby);
    o.show = p.parser.isSet(p.show);
    o.launch = p.parser.isSet(p.launch);
    if (o.launch && o.mode != AppOptions::Mode::Mcp) {
        result.error = u"--launch goes with the mcp command (multi-purpose-agent mcp --launch)"_s;
        return result;
    }
    if (p.parser.isSet(p.http)) {
        const QString value = p.parser.value(p.http);
        if (o.mode != AppOptions::Mode::Mcp) {
            result.error = u"--http goes with the mcp command (multi-purpose-agent mcp --http PORT)"_s;
            return result;
        }
        o.mcpHttpPort = value == u"0"_s ? std::optional<quint16>(0) : parsePort(value);
        if (!o.mcpHttpPort) {
            result.error
                = u"--http: '%1' is not a port number (1-65535, or 0 for any free port)"_s.arg(value);
            return result;
        }
    }
    o.verbose = p.parser.isSet(p.verbose);
    const bool runOptions = p.parser.isSet(p.tab) || p.parser.isSet(p.url) || p.parser.isSet(p.mode)
        || p.parser.isSet(p.maxSteps) || p.parser.isSet(p.json) || p.parser.isSet(p.schema);
    if (runOptions && o.mode != AppOptions::Mode::Run) {
        result.error = u"--tab, --url, --mode, --max-steps, --schema and --json go with the run command "
                       "(multi-purpose-agent run \"TASK\" …)"_s;
        return result;
    }
    if (o.mode == AppOptions::Mode::Run) {
        o.runTab = p.parser.value(p.tab).trimmed();
        o.runUrl = p.parser.value(p.url).trimmed();
        if (p.parser.isSet(p.tab) && o.runTab.isEmpty()) {
            result.error = u"--tab: the tab id is empty"_s;
            return result;
        }
        if (!o.runTab.isEmpty() && !o.runUrl.isEmpty()) {
            result.error = u"--tab and --url: give one (a tab to work in, or an address to start at)"_s;
            return result;
        }
        if (p.parser.isSet(p.url)) {
            const QUrl url(o.runUrl, QUrl::StrictMode);
            if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s)) {
                result.error = u"--url: '%1' is not an http(s) address"_s.arg(o.runUrl);
                return result;
            }
        }
        if (p.parser.isSet(p.mode)) {
            o.runMode = p.parser.value(p.mode).trimmed();
            if (o.runMode != u"careful"_s && o.runMode != u"autonomous"_s) {
                result.error = u"--mode: '%1' is neither careful nor autonomous"_s.arg(o.runMode);
                return result;
            }
        }
        if (p.parser.isSet(p.maxSteps)) {
            bool ok = false;
            o.runMaxSteps = p.parser.value(p.maxSteps).toInt(&ok);
            if (!ok || o.runMaxSteps < 1 || o.runMaxSteps > 500) {
                result.error
                    = u"--max-steps: '%1' is not a number from 1 to 500"_s.arg(p.parser.value(p.maxSteps));
                return result;
            }
        }
        o.runJson = p.parser.isSet(p.json);
        if (p.parser.isSet(p.schema)) {
            o.runSchemaFile = p.parser.value(p.schema).trimmed();
            if (o.runSchemaFile.isEmpty()) {
                result.error = u"--schema: the file name is empty"_s;
                return result;
            }
        }
    }

    if (p.parser.isSet(p.configDir)) {
        o.configDir = p.parser.value(p.configDir);
        if (o.configDir.trimmed().isEmpty()) {
            result.error = u"--config-dir: the folder name is empty"_s;
            return result;
        }
    }
    if (p.parser.isSet(p.cdpHost)) {
        const QString host = p.parser.value(p.cdpHost).trimmed();
        if (host.isEmpty() || host.contains(u' ') || host.contains(u'/')) {
            result.error = u"--cdp-host: '%1' is not a host name or address"_s.arg(host);
            return result;
        }
        o.cdpHost = host;
    }
    if (p.parser.isSet(p.cdpPort)) {
        o.cdpPort = parsePort(p.parser.value(p.cdpPort));
        if (!o.cdpPort) {
            result.error
                = u"--cdp-port: '%1' is not a port number (1-65535)"_s.arg(p.parser.value(p.cdpPort));
            return result;
        }
    }
    if (p.parser.isSet(p.cdpUrl) || p.parser.isSet(p.cdpHeader)) {
        if (o.mode != AppOptions::Mode::Mcp && o.mode != AppOptions::Mode::Run) {
            result.error = u"--cdp-url and --cdp-header go with the mcp and run commands "
                           "(multi-purpose-agent mcp --cdp-url ws://…)"_s;
            return result;
        }
        if (!p.parser.isSet(p.cdpUrl)) {
            result.error = u"--cdp-header goes with --cdp-url (the service the header is for)"_s;
            return result;
        }
        if (o.cdpHost || o.cdpPort || o.launch) {
            result.error = u"--cdp-url: give it alone, without --cdp-host, --cdp-port or --launch"_s;
            return result;
        }
        QString error;
        o.cdpRemote
            = CdpRemote::parse(p.parser.value(p.cdpUrl),
                               p.parser.isSet(p.cdpHeader) ? p.parser.value(p.cdpHeader) : QString(), &error);
        if (!o.cdpRemote) {
            result.error = error;
            return result;
        }
    }
    if (p.parser.isSet(p.debugServer)) {
        o.debugServer = true;
        const QString value = p.parser.value(p.debugServer);
        if (!value.isEmpty()) {
            // 0 asks the OS for a free port; `ctl` finds it in the config dir.
            o.debugServerPort = value == u"0"_s ? std::optional<quint16>(0) : parsePort(value);
            if (!o.debugServerPort) {
                result.error
                    = u"--debug-server: '%1' is not a port number (1-65535, or 0 for any free port)"_s.arg(
                        value);
                return result;
            }
        }
    }
    if (p.parser.isSet(p.quitAfter)) {
        bool ok = false;
        const double seconds = p.parser.value(p.quitAfter).toDouble(&ok);
        if (!ok || seconds <= 0 || seconds > 365.0 * 24 * 3600) {
            result.error = u"--quit-after: '%1' is not a positive number of seconds"_s.arg(
                p.parser.value(p.quitAfter));
            return result;
        }
        o.quitAfterSeconds = seconds;
    }
    return result;
}

QString CommandLine::helpText()
{
    Parser p;
    QString text = p.parser.helpText();
    text.replace(u"--debug-server <PORT>"_s, u"--debug-server[=PORT]"_s);
    text.replace(u"<executable_name>"_s, u"multi-purpose-agent"_s);
    return text;
}

QString CommandLine::versionText()
{
    return u"multi-purpose-agent "_s + QStringLiteral(MPA_VERSION);
}

} // namespace mpa
