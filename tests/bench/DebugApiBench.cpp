// Debug API benchmark: action round trips over HTTP against an engine attached to real
// Chromium (as ctl's client makes them), a refusal at the gate, and a whole `ctl` call as a
// process. Prints a table.
#include "AppRun.h"
#include "BenchSupport.h"
#include "HeadlessChromium.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "engine/Engine.h"
#include "server/DebugApiClient.h"
#include "server/DebugApiService.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

void row(const char *what, const QList<double> &values)
{
    std::printf("| %-44s | %9.3f | %9.3f | %9.3f | ms   | %5d |\n", what, percentile(values, 50),
                percentile(values, 95), percentile(values, 100), int(values.size()));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"mpa-bench"_s);
    const auto [calls, processes] = intArguments(argc, argv, { 300, 10 });

    HeadlessChromium chromium;
    if (!startChromium(chromium))
        return 1;
    QTemporaryDir config;
    const AppPaths paths = AppPaths::forConfigDir(config.path());
    Settings settings(paths.settingsFile());
    Engine engine(&settings, paths);
    Engine::Overrides overrides;
    overrides.cdpPort = chromium.port();
    overrides.debugServer = true;
    overrides.debugServerPort = 0;
    engine.setOverrides(overrides);
    engine.start();
    if (!waitForFirstPage(*engine.endpoint()))
        return 1;
    QString error;
    const auto endpoint = DebugApiClient::locate(paths.configDir, &error);
    if (!endpoint) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    DebugApiClient client(*endpoint);

    auto measure = [&](const QString &action, int n) {
        QList<double> times;
        for (int i = 0; i < 20; ++i) // warm-up
            client.callAndWait(action, {});
        QElapsedTimer timer;
        for (int i = 0; i < n; ++i) {
            timer.start();
            const DebugApiClient::Reply reply = client.callAndWait(action, {});
            times.append(double(timer.nsecsElapsed()) / 1e6);
            if (!reply.ok()) {
                std::fprintf(stderr, "%s failed: %s\n", qPrintable(action), qPrintable(reply.error));
                std::exit(1);
            }
        }
        return times;
    };
    const QList<double> systemInfo = measure(u"getSystemInfo"_s, calls);
    const QList<double> connections = measure(u"getCDPConnections"_s, calls);
    const QList<double> fullState = measure(u"getFullState"_s, calls);

    // A 2 MiB body refused on its declared length, before it is read.
    QList<double> refusals;
    const QByteArray head = "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
        + endpoint->token.toUtf8() + "\r\nContent-Length: 2097152\r\n\r\n";
    QElapsedTimer timer;
    for (int i = 0; i < calls; ++i) {
        // Timed on the socket's own signals (the test helpers poll, which would blur this).
        QTcpSocket socket;
        QEventLoop loop;
        QByteArray received;
        QObject::connect(&socket, &QTcpSocket::connected, &loop, [&] { socket.write(head); });
        QObject::connect(&socket, &QTcpSocket::readyRead, &loop, [&] {
            received += socket.readAll();
            if (received.endsWith("}\n"))
                loop.quit();
        });
        QObject::connect(&socket, &QTcpSocket::disconnected, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        timer.start();
        socket.connectToHost(QHostAddress::LocalHost, endpoint->port);
        loop.exec();
        refusals.append(double(timer.nsecsElapsed()) / 1e6);
        if (!received.startsWith("HTTP/1.1 413 ")) {
            std::fprintf(stderr, "expected 413: %s\n", received.constData());
            return 1;
        }
        socket.abort();
    }

    // `multi-purpose-agent ctl getSystemInfo` from spawn to exit.
    QList<double> ctl;
    for (int i = 0; i < processes; ++i) {
        timer.start();
        AppRun run({ u"ctl"_s, u"getSystemInfo"_s, u"--config-dir"_s, paths.configDir });
        if (run.finish() != 0) {
            std::fprintf(stderr, "ctl failed:%s\n", qPrintable(run.dump()));
            return 1;
        }
        ctl.append(double(timer.nsecsElapsed()) / 1e6);
    }

    std::printf("\nDebug API benchmark (127.0.0.1:%u, engine attached to %s)\n\n", endpoint->port,
                qPrintable(engine.endpoint()->browserVersion()));
    std::printf("| %-44s | %9s | %9s | %9s | %-4s | %5s |\n", "measure", "p50", "p95", "max", "unit", "n");
    std::printf("|%s|%s|%s|%s|%s|%s|\n", "----------------------------------------------", "-----------",
                "-----------", "-----------", "------", "-------");
    row("getSystemInfo round trip (HTTP)", systemInfo);
    row("getCDPConnections round trip (getTargets)", connections);
    row("getFullState round trip", fullState);
    row("2 MiB body refused (413) on Content-Length", refusals);
    row("ctl getSystemInfo, spawn to exit", ctl);
    std::printf("\n");
    engine.stop();
    chromium.stop();
    return 0;
}
