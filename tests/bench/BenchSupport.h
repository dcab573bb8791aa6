#pragma once
// What every benchmark needs: percentiles of its samples, its arguments, and a Chromium (with the
// fixture site and settings of its own) to measure against.

#include "HeadlessChromium.h"
#include "NodeBridge.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "cdp/CdpEndpoint.h"
#include "common/LocalWebServer.h"
#include "settings/Settings.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QList>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <functional>
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

// The resident memory (VmRSS) of process `pid` ("self": this one) in MiB; 0 when it cannot be read.
inline double rssMiB(const QString &pid = QStringLiteral("self"))
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return 0;
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

// The whole numbers given on the command line, in order; `defaults[i]` for each one not given.
template<std::size_t N> std::array<int, N> intArguments(int argc, char **argv, const int (&defaults)[N])
{
    std::array<int, N> values;
    for (std::size_t i = 0; i < N; ++i)
        values[i] = int(i) + 1 < argc ? QString::fromLocal8Bit(argv[i + 1]).toInt() : defaults[i];
    return values;
}

// Waits for the first page `endpoint` attaches; nothing (saying so on stderr) when none comes.
inline CdpSession *waitForFirstPage(CdpEndpoint &endpoint)
{
    if (waitUntil([&] { return !endpoint.pageSessions().isEmpty(); }))
        return endpoint.pageSessions().first();
    std::fprintf(stderr, "no page attached\n");
    return nullptr;
}

// What most benchmarks start from: the fixture site on 127.0.0.1, a headless Chromium, an
// endpoint connected to it and settings of their own. start() says on stderr what failed.
struct BenchBrowser
{
    LocalWebServer site;
    HeadlessChromium chromium;
    CdpEndpoint endpoint;
    QTemporaryDir config;
    Settings settings { QDir(config.path()).filePath(QStringLiteral("settings.ini")) };

    bool start()
    {
        site.setRoot(fixturesDir());
        if (!site.listen()) {
            std::fprintf(stderr, "cannot serve the fixtures on 127.0.0.1\n");
            return false;
        }
        return startChromium(chromium) && connectEndpoint(endpoint, chromium);
    }

    // Opens the fixture page `path` in a new tab (brought to the front unless `front` is false)
    // and waits until it has loaded; nothing when the tab did not attach.
    CdpSession *openTab(const QString &path, bool front = true)
    {
        const QUrl url = site.url(path);
        const CdpResult created = browserCall(endpoint, QStringLiteral("Target.createTarget"),
                                              { { QStringLiteral("url"), url.toString() } });
        const QString id = created.result.value(QStringLiteral("targetId")).toString();
        CdpSession *page = nullptr;
        waitUntil([&] { return (page = endpoint.sessionForTarget(id)) != nullptr; });
        if (page) {
            if (front)
                sendAndWait(page, QStringLiteral("Page.bringToFront"));
            // The tab starts on about:blank (complete at once): wait for the page itself.
            waitUntil([&] {
                return evaluate(page, QStringLiteral("location.href + ' ' + document.readyState")).toString()
                    == url.toString() + QStringLiteral(" complete");
            });
        }
        return page;
    }
};

// Runs a benchmark on a started BenchBrowser (the application object made first): what
// `bench` returns, or 1 when the browser did not start.
inline int runWithBrowser(int &argc, char **argv, const std::function<int(BenchBrowser &)> &bench)
{
    QCoreApplication app(argc, argv);
    BenchBrowser browser;
    if (!browser.start())
        return 1;
    return bench(browser);
}

// Runs node with `arguments` to its end and returns its stdout; nothing (saying why on stderr)
// when it fails. The event loop keeps turning meanwhile: the servers the script talks to (the
// fixture site, the agent server) live on this thread.
inline std::optional<QByteArray> runNode(const QStringList &arguments, const QString &workingDirectory = {})
{
    QProcess node;
    node.setWorkingDirectory(workingDirectory);
    node.start(NodeBridge::nodeBinary(), arguments);
    waitUntil([&] { return node.state() == QProcess::NotRunning; }, std::chrono::minutes(10));
    if (node.state() != QProcess::NotRunning || node.exitStatus() != QProcess::NormalExit
        || node.exitCode() != 0) {
        std::fprintf(stderr, "node %s failed: %s\n", qPrintable(arguments.value(0)),
                     node.readAllStandardError().constData());
        node.kill();
        node.waitForFinished();
        return std::nullopt;
    }
    return node.readAllStandardOutput();
}

} // namespace mpa::test
