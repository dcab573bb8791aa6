#pragma once
// What every benchmark needs: percentiles of its samples, and a Chromium to measure against.

#include "HeadlessChromium.h"
#include "NodeBridge.h"
#include "Wait.h"
#include "TestEnvironment.h"
#include "cdp/CdpEndpoint.h"
#include "common/LocalWebServer.h"

#include <QByteArray>
#include <QList>
#include <QProcess>
#include <QString>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

namespace mpa::test {

// The p-th percentile (0–100) of `values`, nearest rank; 0 for no values.
inline double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    if (values.isEmpty())
        return 0;
    const auto index
        = qsizetype(std::min<double>(double(values.size() - 1), p / 100.0 * double(values.size())));
    return values.at(index);
}

// Starts `chromium`; says why on stderr when it cannot.
inline bool startChromium(HeadlessChromium &chromium)
{
    QString error;
    if (chromium.start(&error))
        return true;
    std::fprintf(stderr, "cannot start Chromium: %s\n", qPrintable(error));
    return false;
}

// Points `endpoint` at `chromium` and waits until it is connected.
inline bool connectEndpoint(CdpEndpoint &endpoint, const HeadlessChromium &chromium)
{
    endpoint.setAddress(QStringLiteral("127.0.0.1"), chromium.port());
    endpoint.start();
    if (waitUntil([&] { return endpoint.isConnected(); }))
        return true;
    std::fprintf(stderr, "cannot connect to Chromium on port %u\n", unsigned(chromium.port()));
    return false;
}

// What most benchmarks start from: the fixture site on 127.0.0.1, a headless Chromium and an
// endpoint connected to it. start() says on stderr what failed.
struct BenchBrowser
{
    LocalWebServer site;
    HeadlessChromium chromium;
    CdpEndpoint endpoint;

    bool start()
    {
        site.setRoot(fixturesDir());
        if (!site.listen()) {
            std::fprintf(stderr, "cannot serve the fixtures on 127.0.0.1\n");
            return false;
        }
        return startChromium(chromium) && connectEndpoint(endpoint, chromium);
    }
};

// Runs node with `arguments` to its end and returns its stdout; nothing (saying why on stderr)
// when it fails. The event loop keeps turning meanwhile: the servers the script talks to (the
// fixture site, the agent server) live on this thread.
inline std::optional<QByteArray> runNode(const QStringList &arguments, const QString &workingDirectory = {})
{
    QProcess node;
    node.setWorkingDirectory(workingDirectory);
    node.start(NodeBridge::nodeBinary(), arguments);
    waitUntil([&] { return node.state() == QProcess::NotRunning; }, std::chrono::minutes(10));
    if (node.state() != QProcess::NotRunning || node.exitStatus() != QProcess::NormalExit || node.exitCode() != 0) {
        std::fprintf(stderr, "node %s failed: %s\n", qPrintable(arguments.value(0)),
                     node.readAllStandardError().constData());
        node.kill();
        node.waitForFinished();
        return std::nullopt;
    }
    return node.readAllStandardOutput();
}

} // namespace mpa::test
