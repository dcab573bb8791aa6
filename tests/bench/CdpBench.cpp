// CDP engine benchmark: Runtime.evaluate round trips through the engine, and the time from
// launching multi-purpose-agent to its first attached page. Prints a table.
#include "BenchSupport.h"
#include "HeadlessChromium.h"
#include "TestEnvironment.h"
#include "Wait.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

void row(const char *what, double p50, double p95, double max, const char *unit, int n)
{
    std::printf("| %-44s | %9.3f | %9.3f | %9.3f | %-4s | %5d |\n", what, p50, p95, max, unit, n);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const auto [evaluations, launches] = intArguments(argc, argv, { 1000, 10 });

    HeadlessChromium chromium;
    if (!startChromium(chromium))
        return 1;

    // 1. Runtime.evaluate round trip through CdpEndpoint → CdpSession → CdpConnection.
    CdpEndpoint endpoint;
    if (!connectEndpoint(endpoint, chromium))
        return 1;
    CdpSession *page = waitForFirstPage(endpoint);
    if (!page)
        return 1;
    for (int i = 0; i < 50; ++i) // warm-up
        evaluate(page, u"1"_s);
    QList<double> roundTrips;
    QElapsedTimer timer;
    for (int i = 0; i < evaluations; ++i) {
        timer.start();
        const QJsonValue value = evaluate(page, u"%1 + 1"_s.arg(i));
        roundTrips.append(double(timer.nsecsElapsed()) / 1e6);
        if (value.toInt() != i + 1) {
            std::fprintf(stderr, "wrong answer at %d\n", i);
            return 1;
        }
    }
    endpoint.stop();

    // 2. Process start → first page attached, seen from outside (spawn to the log line) and
    //    as the app measures it (from the kernel's process start time).
    QList<double> external, internal;
    static const QRegularExpression reported(u"first page attached (\\d+) ms after process start"_s);
    for (int i = 0; i < launches; ++i) {
        QTemporaryDir config;
        QProcess process;
        QString err;
        QObject::connect(&process, &QProcess::readyReadStandardError, &process,
                         [&] { err += QString::fromUtf8(process.readAllStandardError()); });
        timer.start();
        process.start(appBinary(),
                      { u"--headless"_s, u"--config-dir"_s, config.path(), u"--cdp-port"_s,
                        QString::number(chromium.port()) });
        if (!waitUntil([&] { return err.contains(u"first page attached"_s); }, std::chrono::seconds(20))) {
            std::fprintf(stderr, "launch %d never attached:\n%s\n", i, qPrintable(err));
            return 1;
        }
        external.append(double(timer.nsecsElapsed()) / 1e6);
        if (const auto m = reported.match(err); m.hasMatch())
            internal.append(m.captured(1).toDouble());
        process.terminate();
        process.waitForFinished(10000);
    }

    std::printf("\nCDP engine benchmark (Chromium on 127.0.0.1:%u, %s)\n\n", chromium.port(),
                qPrintable(endpoint.browserVersion()));
    std::printf("| %-44s | %9s | %9s | %9s | %-4s | %5s |\n", "measure", "p50", "p95", "max", "unit", "n");
    std::printf("|%s|%s|%s|%s|%s|%s|\n", "----------------------------------------------", "-----------",
                "-----------", "-----------", "------", "-------");
    row("Runtime.evaluate round trip", percentile(roundTrips, 50), percentile(roundTrips, 95),
        percentile(roundTrips, 100), "ms", int(roundTrips.size()));
    row("spawn to first page attached (outside view)", percentile(external, 50), percentile(external, 95),
        percentile(external, 100), "ms", int(external.size()));
    row("process start to first page attached (app)", percentile(internal, 50), percentile(internal, 95),
        percentile(internal, 100), "ms", int(internal.size()));
    std::printf("\n");
    chromium.stop();
    return 0;
}
