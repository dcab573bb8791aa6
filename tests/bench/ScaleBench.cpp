// Scale (issue 32): one app attached to two browsers (two endpoints of one CdpEndpoint, as
// cdp/endpoints makes them) with many pages each, auto-accept on all of them. Prints:
//   - the app's memory (this process's VmRSS) before and after attaching, per attached page;
//   - idle CPU of the app (this process's user + system time) with every page attached and still;
//   - auto-accept's reaction (insertion → verified click, page clock) on one 20,000-node page in
//     front: alone (the only page, one endpoint), then while the other pages churn and get
//     buttons to click;
//   - the reconnect time of one endpoint whose browser is killed and started again, while the
//     other endpoint's pages keep being clicked (how many clicks happened meanwhile).
// Goals: <= 1 MB of app memory per attached page, reaction p50 and p95 within 20 % of the
// single-page figures, idle CPU <= 0.5 %. Asserts nothing timed.
//
// Run: build/ci/tests/bench/mpa_scale_bench [PAGES per endpoint, default 100] [BIG pages in all,
//      default 10] [INSERTIONS per row, default 100] [IDLE seconds, default 20]
#include "AutoAcceptSupport.h"
#include "BenchSupport.h"
#include "autoaccept/AutoAcceptController.h"

#include <QFile>

#include <sys/resource.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

double cpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// Opens `count` tabs of `path` on `source` without waiting for each to load (they load side by
// side), then waits until the set has attached them all.
QStringList openTabs(CdpEndpoint &endpoint, CdpSource *source, const QUrl &url, int count)
{
    QStringList ids;
    for (int i = 0; i < count; ++i) {
        std::optional<CdpResult> created;
        endpoint.sendToBrowserAt(source, u"Target.createTarget"_s, { { u"url"_s, url.toString() } },
                                 &endpoint, [&created](const CdpResult &r) { created = r; });
        waitUntil([&] { return created.has_value(); }, 30s);
        if (created && created->ok())
            ids.append(created->result.value(u"targetId"_s).toString());
    }
    waitUntil(
        [&] {
            for (const QString &id : std::as_const(ids)) {
                if (!endpoint.sessionForTarget(id))
                    return false;
            }
            return true;
        },
        120s);
    return ids;
}

// Waits until every page of `ids` runs the payload (bounded; says how many did not).
void waitAllActive(PayloadHub &hub, CdpEndpoint &endpoint, const QStringList &ids)
{
    int inactive = 0;
    for (const QString &id : ids) {
        CdpSession *page = endpoint.sessionForTarget(id);
        if (!page || !waitActive(hub, page))
            ++inactive;
    }
    if (inactive > 0)
        std::fprintf(stderr, "%d page(s) never ran the payload\n", inactive);
}

void printLatency(const char *what, const Latency &l)
{
    std::printf("| %-58s | %5lld | %7.2f | %7.2f | %7.2f | %d\n", what, qlonglong(l.ms.size()),
                percentile(l.ms, 50), percentile(l.ms, 95), percentile(l.ms, 100), l.missed);
    std::fflush(stdout);
}

int run(int pagesPerEndpoint, int bigPages, int insertions, int idleSeconds)
{
    LocalWebServer site;
    site.setRoot(fixturesDir());
    if (!site.listen())
        return 1;
    HeadlessChromium first;
    HeadlessChromium second;
    if (!startChromium(first) || !startChromium(second))
        return 1;
    QTemporaryDir config;
    Settings settings(QDir(config.path()).filePath(u"settings.ini"_s));
    settings.setValue(SettingKey::AutoAcceptUserIdleMs, 0);
    settings.setValue(SettingKey::AutoAcceptEnabled, true);

    const double rssStart = rssMiB();
    CdpEndpoint endpoint;
    endpoint.setAddress(u"127.0.0.1"_s, first.port());
    PayloadHub hub(&endpoint);
    AutoAcceptController controller(&endpoint, &hub, &settings, config.path());
    endpoint.start();
    if (!waitUntil([&] { return endpoint.targetsKnown(); }))
        return 1;

    // 1. One page alone: the reaction on a 20,000-node page, still and with its own churn.
    CdpSession *front = nullptr;
    {
        const QStringList ids
            = openTabs(endpoint, endpoint.primary(), site.url(u"/autoaccept/bench.html?front"_s), 1);
        front = ids.isEmpty() ? nullptr : endpoint.sessionForTarget(ids.first());
    }
    if (!front || !waitActive(hub, front))
        return 1;
    sendAndWait(front, u"Page.bringToFront"_s);
    std::printf("Auto-accept reaction (insertion → verified click, ms)\n");
    std::printf("| %-58s | %5s | %7s | %7s | %7s | missed\n", "page in front", "n", "p50", "p95", "max");
    std::printf("|%s|\n", QByteArray(110, '-').constData());
    const Latency alone = measureLatency(hub, front, u"alone"_s, insertions);
    printLatency("20,000 nodes, the only page (one endpoint)", alone);

    // 2. The second endpoint, and the pages: `bigPages` 20,000-node ones, the rest small.
    endpoint.setMoreEndpoints({ CdpAddress { u"127.0.0.1"_s, second.port(), std::nullopt } });
    CdpSource *secondSource = endpoint.source(u"127.0.0.1:%1"_s.arg(second.port()));
    if (!secondSource || !waitUntil([&] { return secondSource->targetsKnown(); }))
        return 1;
    const double rssOnePage = rssMiB();
    QStringList others;
    for (CdpSource *source : { endpoint.primary(), secondSource }) {
        const int count = source == endpoint.primary() ? pagesPerEndpoint - 1 : pagesPerEndpoint;
        const int big = source == endpoint.primary() ? bigPages / 2 : bigPages - bigPages / 2;
        others += openTabs(endpoint, source, site.url(u"/autoaccept/bench.html"_s), big);
        others += openTabs(endpoint, source, site.url(u"/autoaccept/bench.html?small"_s), count - big);
    }
    waitAllActive(hub, endpoint, others);
    sendAndWait(front, u"Page.bringToFront"_s);
    const int attached = int(endpoint.pageSessions().size());

    // 3. Memory and idle CPU with every page attached and still.
    spin(2000);
    const double rssAll = rssMiB();
    const double cpuBefore = cpuSeconds();
    QElapsedTimer idle;
    idle.start();
    spin(idleSeconds * 1000);
    const double idleCpuPercent = 100.0 * (cpuSeconds() - cpuBefore) / (double(idle.elapsed()) / 1000.0);

    // Verified clicks as the pages report them, by endpoint.
    QHash<QString, qint64> clicksAt;
    QObject::connect(&hub, &PayloadHub::reportReceived, &hub,
                     [&clicksAt](CdpSession *session, const QString &module, const QString &kind) {
                         if (module == u"autoAccept"_s && kind == u"clicked"_s)
                             ++clicksAt[session->endpoint()];
                     });
    const auto totalClicks = [&clicksAt] {
        qint64 sum = 0;
        for (const qint64 n : std::as_const(clicksAt))
            sum += n;
        return sum;
    };

    // 4. The reaction while the other pages churn and get buttons (each a block every 2 s): first
    // with auto-accept paused on them (what the browser's own load costs the page in front), then
    // running there too (what the app and its page scripts add).
    for (const QString &id : std::as_const(others)) {
        if (CdpSession *page = endpoint.sessionForTarget(id))
            page->send(u"Runtime.evaluate"_s, { { u"expression"_s, u"startChurn(2000)"_s } });
    }
    for (const QString &id : std::as_const(others))
        controller.setTargetPaused(id, true);
    spin(3000);
    const Latency churnOnly = measureLatency(hub, front, u"churn"_s, insertions);
    printLatency(
        qPrintable(u"20,000 nodes, %1 others churning, auto-accept paused there"_s.arg(others.size())),
        churnOnly);
    for (const QString &id : std::as_const(others))
        controller.setTargetPaused(id, false);
    spin(3000);
    const qint64 clicksBefore = totalClicks();
    const Latency crowded = measureLatency(hub, front, u"crowded"_s, insertions);
    const qint64 crowdClicks = totalClicks() - clicksBefore - qint64(crowded.ms.size());
    printLatency(qPrintable(u"20,000 nodes, %1 others churning and clicked"_s.arg(others.size())), crowded);
    std::printf("(the other pages got %lld clicks meanwhile)\n", crowdClicks);

    // 5. One endpoint's browser killed and started again while the first endpoint's pages keep
    // being clicked.
    second.kill();
    waitUntil([&] { return !secondSource->isConnected(); }, 30s);
    const qint64 clicksAtKill = clicksAt.value(endpoint.primary()->name());
    QElapsedTimer reconnect;
    QString error;
    if (!second.restart(&error)) {
        std::fprintf(stderr, "cannot restart the second browser: %s\n", qPrintable(error));
        return 1;
    }
    reconnect.start();
    const bool back = waitUntil([&] { return secondSource->targetsKnown(); }, 60s);
    const qint64 reconnectMs = reconnect.elapsed();
    const qint64 clicksDuring = clicksAt.value(endpoint.primary()->name()) - clicksAtKill;

    std::printf("\nScale: %d pages attached on 2 endpoints (%d of 20,000 nodes)\n", attached, bigPages + 1);
    std::printf(
        "  app memory (VmRSS): %.1f MiB at start, %.1f with one page, %.1f with %d pages: %.0f KiB per "
        "page (goal <= 1 MB: %s)\n",
        rssStart, rssOnePage, rssAll, attached, (rssAll - rssOnePage) * 1024.0 / std::max(1, attached - 1),
        (rssAll - rssOnePage) / std::max(1, attached - 1) <= 1.0 ? "met" : "NOT met");
    std::printf(
        "  idle CPU of the app over %d s with every page still: %.2f %% of a core (goal <= 0.5 %%: %s)\n",
        idleSeconds, idleCpuPercent, idleCpuPercent <= 0.5 ? "met" : "NOT met");
    const auto within = [](double crowdedMs, double aloneMs) { return crowdedMs <= aloneMs * 1.2; };
    std::printf(
        "  reaction p50 %.2f → %.2f ms (%.2f with auto-accept paused on the others), p95 %.2f → %.2f ms "
        "(%.2f) (goal within 20 %%: p50 %s, p95 %s)\n",
        percentile(alone.ms, 50), percentile(crowded.ms, 50), percentile(churnOnly.ms, 50),
        percentile(alone.ms, 95), percentile(crowded.ms, 95), percentile(churnOnly.ms, 95),
        within(percentile(crowded.ms, 50), percentile(alone.ms, 50)) ? "met" : "NOT met",
        within(percentile(crowded.ms, 95), percentile(alone.ms, 95)) ? "met" : "NOT met");
    std::printf("  reconnect of the second endpoint after its browser came back: %s %lld ms; the first "
                "endpoint's pages got %lld clicks while it was away\n",
                back ? "" : "NOT within 60 s,", reconnectMs, clicksDuring);
    endpoint.stop();
    first.stop();
    second.stop();
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const auto [pages, big, insertions, idleSeconds] = intArguments(argc, argv, { 100, 10, 100, 20 });
    return run(pages, big, insertions, idleSeconds);
}
