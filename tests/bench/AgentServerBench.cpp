// Agent server and MCP benchmark: request → reply round trips timed by outside clients (npm
// "ws" against the agent WebSocket server of an engine attached to real Chromium, and the
// official MCP SDK against `multi-purpose-agent mcp`). A trivial command shows what the
// protocol itself costs; the toolkit's snapshot and click (when this build has them) what an
// agent sees. Prints a table.
//   build/ci/tests/bench/mpa_agentserver_bench [ROUNDS]
#include "AppRun.h"
#include "BenchSupport.h"
#include "HeadlessChromium.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "common/LocalWebServer.h"
#include "engine/Engine.h"
#include "server/TokenFile.h"
#include "server/ToolkitServerService.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

// Runs a node script from tests/npm to its end; its stdout's JSON lines.
QList<QJsonObject> runNodeScript(const QStringList &arguments)
{
    QList<QJsonObject> lines;
    const std::optional<QByteArray> output = runNode(arguments, QDir(sourceDir()).filePath(u"tests/npm"_s));
    for (const QByteArray &line : output.value_or(QByteArray()).split('\n')) {
        const QJsonDocument document = QJsonDocument::fromJson(line);
        if (document.isObject())
            lines.append(document.object());
    }
    return lines;
}

void row(const QString &what, const QJsonObject &stats)
{
    QString note;
    const QJsonArray errors = stats.value(u"errors"_s).toArray();
    if (!errors.isEmpty())
        note = u"  (errors: %1)"_s.arg(errors.at(0).toString().left(60));
    std::printf("| %-46s | %9.3f | %9.3f | %9.3f | %5d |%s\n", qPrintable(what),
                stats.value(u"p50"_s).toDouble(), stats.value(u"p95"_s).toDouble(),
                stats.value(u"max"_s).toDouble(), stats.value(u"n"_s).toInt(), qPrintable(note));
}

QString json(const QJsonValue &value)
{
    return QString::fromUtf8(value.isArray()
                                 ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                 : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"mpa-bench"_s);
    const auto [rounds] = intArguments(argc, argv, { 500 });

    HeadlessChromium chromium;
    if (!startChromium(chromium))
        return 1;
    LocalWebServer site;
    site.setRoot(fixturesDir());
    if (!site.listen()) {
        std::fprintf(stderr, "cannot serve the fixtures: %s\n", qPrintable(site.errorString()));
        return 1;
    }
    const QString pageUrl = u"http://127.0.0.1:%1/agent-counter.html"_s.arg(site.port());

    QTemporaryDir config;
    const AppPaths paths = AppPaths::forConfigDir(config.path());
    Settings settings(paths.settingsFile());
    const quint16 port = unusedPort();
    settings.setValue(SettingKey::AgentServerPort, port);
    settings.setValue(SettingKey::AgentServerEnabled, true);
    Engine engine(&settings, paths);
    engine.commands()->add(
        { u"benchEcho"_s, CommandDispatcher::Scope::Toolkit, u"echo (benchmark only)"_s,
          QJsonDocument::fromJson(R"({"type":"object","properties":{"text":{"type":"string"}}})").object(),
          [](const QJsonObject &params, const CommandCaller &, CommandReply reply) {
              reply(CommandResult::success(params));
          } });
    Engine::Overrides overrides;
    overrides.cdpPort = chromium.port();
    engine.setOverrides(overrides);
    engine.start();
    if (!engine.toolkitServer()->isListening()
        || !waitUntil([&] { return engine.endpoint()->state() == CdpEndpoint::State::Connected; })) {
        std::fprintf(stderr, "engine not ready: %s\n", qPrintable(engine.toolkitServer()->statusText()));
        return 1;
    }
    const QString token = TokenFile(engine.toolkitServer()->tokenFilePath()).read();
    const QString url = u"ws://127.0.0.1:%1/?token=%2"_s.arg(port).arg(token);
    const bool toolkit = engine.commands()->contains(u"snapshot"_s, CommandDispatcher::Scope::Toolkit);

    QJsonArray wsRequests { QJsonObject { { u"type"_s, u"benchEcho"_s },
                                          { u"params"_s, QJsonObject { { u"text"_s, u"hello"_s } } } } };
    if (toolkit) {
        wsRequests.append(
            QJsonObject { { u"type"_s, u"open"_s },
                          { u"once"_s, true },
                          { u"params"_s, QJsonObject { { u"url"_s, pageUrl }, { u"newTab"_s, true } } } });
        wsRequests.append(QJsonObject { { u"type"_s, u"snapshot"_s } });
        wsRequests.append(QJsonObject { { u"type"_s, u"click"_s },
                                        { u"params"_s, QJsonObject { { u"ref"_s, u"@Add one"_s } } } });
    }
    QStringList wsArgs { u"ws-bench.mjs"_s, url, QString::number(rounds) };
    for (const QJsonValue &r : std::as_const(wsRequests))
        wsArgs.append(json(r));
    const QList<QJsonObject> ws = runNodeScript(wsArgs);

    QJsonArray mcpCalls;
    if (toolkit) {
        mcpCalls.append(
            QJsonObject { { u"name"_s, u"open"_s },
                          { u"once"_s, true },
                          { u"arguments"_s, QJsonObject { { u"url"_s, pageUrl }, { u"newTab"_s, true } } } });
        mcpCalls.append(QJsonObject { { u"name"_s, u"snapshot"_s }, { u"arguments"_s, QJsonObject() } });
        mcpCalls.append(QJsonObject { { u"name"_s, u"click"_s },
                                      { u"arguments"_s, QJsonObject { { u"ref"_s, u"@Add one"_s } } } });
    }
    QTemporaryDir mcpConfig;
    const QList<QJsonObject> mcp = runNodeScript(
        { u"mcp-bench.mjs"_s, QString::number(rounds), json(mcpCalls), u"--"_s, appBinary(), u"mcp"_s,
          u"--cdp-port"_s, QString::number(chromium.port()), u"--config-dir"_s, mcpConfig.path() });

    std::printf("\nAgent server and MCP benchmark (%s; %d rounds, one request at a time)\n\n",
                qPrintable(engine.endpoint()->browserVersion()), rounds);
    std::printf("| %-46s | %9s | %9s | %9s | %5s |\n", "round trip (ms)", "p50", "p95", "max", "n");
    std::printf(
        "|------------------------------------------------|-----------|-----------|-----------|-------|\n");
    for (const QJsonObject &stats : ws)
        row(u"ws: "_s + stats.value(u"type"_s).toString(), stats);
    for (const QJsonObject &stats : mcp) {
        if (stats.contains(u"connectMs"_s))
            std::printf("| %-46s | %9.1f | %9s | %9s | %5d |\n", "mcp: spawn to initialized",
                        stats.value(u"connectMs"_s).toDouble(), "", "", 1);
        else
            row(u"mcp: tools/call "_s + stats.value(u"name"_s).toString(), stats);
    }
    if (!toolkit)
        std::printf("\n(this build has no toolkit commands: snapshot and click rows are left out)\n");
    std::printf("\n");
    engine.stop();
    chromium.stop();
    return 0;
}
