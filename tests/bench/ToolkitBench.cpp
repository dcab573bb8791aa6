// Browser toolkit benchmark: snapshot time (p50) and size, and how many interactables it names,
// on generated pages of about 3,000 and 30,000 elements, with the CPU time a snapshot costs this
// process and the browser's processes (all their threads), which the machine's other load does not
// inflate as it does the wall-clock times; the click round trip (request to
// reply, through the command dispatcher) over many clicks. The same is measured with
// Playwright (playwright-core over CDP: locator.ariaSnapshot(), locator.click()) against the
// same Chromium in the same run, and printed side by side.
//
// Run: build/ci/tests/bench/mpa_toolkit_bench [clicks, default 500] [snapshot runs, default 10]
// Playwright's half needs node and tests/npm/node_modules (scripts/test installs them).
#include "BenchSupport.h"
#include "HeadlessChromium.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "actions/ToolkitCommands.h"
#include "common/SystemClock.h"
#include "page/PayloadHub.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <optional>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

const CommandCaller kCaller { u"debug-api"_s, u"bench"_s };

double processCpuMs()
{
    timespec t {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1000.0 + double(t.tv_nsec) / 1e6;
}

// User and system time of every process in the process group `group` (the benchmark's Chromium
// and its children), from /proc; 10 ms granularity.
double groupCpuMs(qint64 group)
{
    const double tick = 1000.0 / double(sysconf(_SC_CLK_TCK));
    double ms = 0;
    const QStringList pids = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &pid : pids) {
        QFile stat(u"/proc/%1/stat"_s.arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        // Fields after the command's closing parenthesis: state ppid pgrp … utime(14) stime(15).
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 12 && fields.at(2).toLongLong() == group)
            ms += double(fields.at(11).toLongLong() + fields.at(12).toLongLong()) * tick;
    }
    return ms;
}

struct PageFigures
{
    int elements = 0;
    QList<double> snapshotMs; // after the first snapshot, which installs the module
    // CPU time per snapshot, which other load on the machine does not inflate as it does the
    // wall-clock times: this process (the app's dispatcher, CDP and assembly run in it) and the
    // browser's processes (the page script in the renderer, the browser and network processes).
    double appCpuMs = 0;
    double browserCpuMs = 0;
    int chars = 0;
    int named = 0;
    int interactive = 0;
};

// Runs a command; `ms` is the time from the request to the reply (taken in the reply, not
// after the wait's polling).
std::optional<CommandResult> call(CommandDispatcher &commands, const QString &type, const QJsonObject &params,
                                  double *ms = nullptr)
{
    std::optional<CommandResult> result;
    QElapsedTimer timer;
    timer.start();
    commands.dispatch(type, params, kCaller, CommandDispatcher::Scope::Toolkit, [&](const CommandResult &r) {
        if (ms)
            *ms = double(timer.nsecsElapsed()) / 1e6;
        result = r;
    });
    if (!waitUntil([&] { return result.has_value(); }, 60s))
        return std::nullopt;
    return result;
}

int run(BenchBrowser &browser, int clicks, int runs)
{
    CdpEndpoint &endpoint = browser.endpoint;
    PayloadHub hub(&endpoint);
    CommandDispatcher commands;
    SystemClock clock;
    ToolkitCommands toolkit(&endpoint, &hub, &browser.settings, &clock, &commands);

    const QList<int> sizes { 3000, 30000 };
    QStringList urls;
    QList<PageFigures> ours;
    QList<double> clickMs;
    for (const int size : sizes) {
        const QUrl url = browser.site.url(u"toolkit/bench.html?n=%1"_s.arg(size));
        urls.append(url.toString());
        const std::optional<CommandResult> opened
            = call(commands, u"tab"_s, { { u"action"_s, u"new"_s }, { u"url"_s, url.toString() } });
        if (!opened || !opened->ok) {
            std::fprintf(stderr, "cannot open %s: %s\n", qPrintable(url.toString()),
                         opened ? qPrintable(opened->error) : "no answer");
            return 1;
        }
        const QString tab = opened->data.toObject().value(u"tab"_s).toString();
        CdpSession *page = endpoint.sessionForTarget(tab);
        sendAndWait(page, u"Page.bringToFront"_s);
        PageFigures figures;
        figures.elements = evaluate(page, u"window.benchElements"_s).toInt();
        const QJsonObject params { { u"maxElements"_s, 1000000 }, { u"maxChars"_s, 10000000 } };
        QString text;
        const qint64 group = getpgid(pid_t(browser.chromium.process().pid()));
        double appBefore = 0;
        double browserBefore = 0;
        for (int i = 0; i <= runs; ++i) {
            if (i == 1) {
                appBefore = processCpuMs();
                browserBefore = groupCpuMs(group);
            }
            double ms = 0;
            const std::optional<CommandResult> shot = call(commands, u"snapshot"_s, params, &ms);
            if (!shot || !shot->ok) {
                std::fprintf(stderr, "snapshot failed: %s\n", shot ? qPrintable(shot->error) : "no answer");
                return 1;
            }
            if (i > 0) // the first one installs the module
                figures.snapshotMs.append(ms);
            const QJsonObject data = shot->data.toObject();
            text = data.value(u"snapshot"_s).toString();
            figures.named = data.value(u"named"_s).toInt();
            figures.interactive = data.value(u"interactive"_s).toInt();
        }
        if (runs > 0) {
            figures.appCpuMs = (processCpuMs() - appBefore) / runs;
            figures.browserCpuMs = (groupCpuMs(group) - browserBefore) / runs;
        }
        figures.chars = int(text.size());
        ours.append(figures);

        if (size == sizes.constFirst()) {
            static const QRegularExpression refPattern(u"button \"Count\" \\[ref=(e\\d+)\\]"_s);
            const QString ref = refPattern.match(text).captured(1);
            for (int i = 0; i <= clicks; ++i) {
                double ms = 0;
                const std::optional<CommandResult> clicked
                    = call(commands, u"click"_s, { { u"ref"_s, ref } }, &ms);
                if (!clicked || !clicked->ok) {
                    std::fprintf(stderr, "click failed: %s\n",
                                 clicked ? qPrintable(clicked->error) : "no answer");
                    return 1;
                }
                if (i > 0)
                    clickMs.append(ms);
            }
            const int counted = evaluate(page, u"window.benchClicks"_s).toInt();
            if (counted != clicks + 1)
                std::fprintf(stderr, "the page counted %d clicks of %d\n", counted, clicks + 1);
        }
        call(commands, u"tab"_s, { { u"action"_s, u"close"_s }, { u"tab"_s, tab } });
    }

    // Playwright on the same pages, same browser.
    QStringList args { QDir(sourceDir()).filePath(u"tests/bench/toolkit-playwright.cjs"_s),
                       QString::number(browser.chromium.port()), QString::number(clicks),
                       QString::number(runs) };
    args += urls;
    const QJsonObject playwright
        = QJsonDocument::fromJson(runNode(args).value_or(QByteArray())).object(); // {} when it failed
    const QJsonArray pwPages = playwright.value(u"pages"_s).toArray();
    QList<double> pwClicks;
    for (const QJsonValue &v : playwright.value(u"clickMs"_s).toArray())
        pwClicks.append(v.toDouble());

    std::printf("\n| %-44s | %16s | %16s |\n", "measure", "toolkit", "playwright");
    std::printf("|%s|%s|%s|\n", "----------------------------------------------", "------------------",
                "------------------");
    for (qsizetype i = 0; i < sizes.size(); ++i) {
        const PageFigures &f = ours.at(i);
        const QJsonObject pw = pwPages.at(i).toObject();
        QList<double> pwTimes;
        for (const QJsonValue &v : pw.value(u"snapshotMs"_s).toArray())
            pwTimes.append(v.toDouble());
        const QString label = u"%1 elements"_s.arg(f.elements);
        std::printf("| %-44s | %16.1f | %16.1f |\n", qPrintable(label + u": snapshot p50 (ms)"_s),
                    percentile(f.snapshotMs, 50), percentile(pwTimes, 50));
        // A stall shows in the slowest, not in the median.
        std::printf("| %-44s | %16.1f | %16.1f |\n", qPrintable(label + u": snapshot max (ms)"_s),
                    percentile(f.snapshotMs, 100), percentile(pwTimes, 100));
        std::printf("| %-44s | %16.1f | %16s |\n", qPrintable(label + u": snapshot CPU, app (ms)"_s),
                    f.appCpuMs, "");
        std::printf("| %-44s | %16.1f | %16s |\n", qPrintable(label + u": snapshot CPU, browser (ms)"_s),
                    f.browserCpuMs, "");
        std::printf("| %-44s | %16d | %16d |\n", qPrintable(label + u": snapshot size (chars)"_s), f.chars,
                    pw.value(u"chars"_s).toInt());
        std::printf("| %-44s | %9d of %4d | %16d |\n", qPrintable(label + u": interactables named"_s),
                    f.named, f.interactive, pw.value(u"named"_s).toInt());
    }
    std::printf("| %-44s | %16.2f | %16.2f |\n", qPrintable(u"click round trip p50 (ms, n=%1)"_s.arg(clicks)),
                percentile(clickMs, 50), percentile(pwClicks, 50));
    std::printf("| %-44s | %16.2f | %16.2f |\n", qPrintable(u"click round trip p95 (ms, n=%1)"_s.arg(clicks)),
                percentile(clickMs, 95), percentile(pwClicks, 95));
    browser.chromium.stop();
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const auto [clicks, runs] = intArguments(argc, argv, { 500, 10 });
    return runWithBrowser(argc, argv, [&](BenchBrowser &browser) { return run(browser, clicks, runs); });
}
