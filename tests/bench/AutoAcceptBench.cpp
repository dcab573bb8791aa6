// Auto-accept benchmark, in real headless Chromium with the app's controller and payload:
//  1. reaction latency from a button's insertion to its verified click (p50/p95), in the
//     foreground tab and in a background tab;
//  2. the payload's main-thread cost on a page of 20,000 nodes with steady DOM churn and new
//     agent blocks every 500 ms, over 10 s: self time of the payload's own functions in a CPU
//     profile (Profiler domain), and the page's task time with and without the payload.
// Prints tables; asserts nothing timed.
//
// Run: build/ci/tests/bench/mpa_autoaccept_bench [insertions per row, default 200] [seconds, default 10]
//      [rounds of without/with, default 2]
#include "BenchSupport.h"
#include "HeadlessChromium.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "page/PayloadHub.h"
#include "settings/Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// Runs the event loop for `ms` (the bench's own pacing; tests never do this).
void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// True once the page's payload is configured and running.
bool waitActive(PayloadHub &hub, CdpSession *page)
{
    return waitUntil([&] {
        PayloadInjector *injector = hub.injectorFor(page);
        if (!injector || !injector->isReady())
            return false;
        std::optional<QJsonValue> out;
        QObject context;
        injector->evaluate(PayloadInjector::moduleCall(u"autoAccept"_s, u"stats"_s), &context,
                           [&](const QJsonValue &v, const CdpError &) { out = v; });
        waitUntil([&] { return out.has_value(); }, 2s);
        return out && out->toObject().value(u"active").toBool();
    });
}

struct Latency
{
    QList<double> ms;
    int missed = 0;
    QString visibility;
};

// Inserts `count` Accept buttons one after another (at most ~16 a second, under the payload's
// rate limit) and measures insertion → verified click with the page's own clock.
Latency measureLatency(PayloadHub &hub, CdpSession *page, const QString &prefix, int count)
{
    Latency result;
    result.visibility = evaluate(page, u"document.visibilityState"_s).toString();
    QHash<QString, double> verifiedAt;
    QObject context;
    QObject::connect(&hub, &PayloadHub::reportReceived, &context,
                     [&](CdpSession *session, const QString &module, const QString &kind,
                         const QJsonObject &data, const QString &) {
                         if (session == page && module == u"autoAccept"_s && kind == u"clicked"_s)
                             verifiedAt.insert(data.value(u"id").toString(),
                                               data.value(u"verifiedAt").toDouble());
                     });
    QElapsedTimer pace;
    for (int i = 0; i < count; ++i) {
        const QString id = u"%1-%2"_s.arg(prefix).arg(i);
        pace.start();
        QString error;
        evaluate(page, u"addStep({ id: '%1', label: 'Accept' })"_s.arg(id), &error);
        if (!error.isEmpty())
            std::fprintf(stderr, "cannot insert %s: %s\n", qPrintable(id), qPrintable(error));
        if (!waitUntil([&] { return verifiedAt.contains(id); }, 5s)) {
            ++result.missed;
            std::fprintf(
                stderr, "no verified click for %s: %s\n", qPrintable(id),
                qPrintable(
                    evaluate(
                        page,
                        u"(() => { const b = document.getElementById('%1'); const r = b && "
                        u"b.getBoundingClientRect(); "
                        "return JSON.stringify({ href: location.href, steps: document.querySelector('[data-steps]').children.length, inserted: Object.keys(window.__insertedAt || {}), exists: !!b, clicked: window.__clicked.includes('%1'), top: r && r.top, h: innerHeight }); })()"_s
                            .arg(id))
                        .toString()));
            continue;
        }
        if (const qint64 left = 62 - pace.elapsed(); left > 0)
            spin(int(left));
    }
    const QJsonObject inserted = evaluate(page, u"window.__insertedAt"_s).toObject();
    for (auto it = verifiedAt.cbegin(); it != verifiedAt.cend(); ++it) {
        if (inserted.contains(it.key()))
            result.ms.append(it.value() - inserted.value(it.key()).toDouble());
    }
    return result;
}

struct Cost
{
    double wallMs = 0;
    double payloadSelfMs = 0;
    double scriptSelfMs = 0; // all JavaScript, page and payload
    double taskMs = 0;
    int nodes = 0;
    int blocks = 0;
    int clicked = 0;
    QHash<QString, double> payloadFunctions; // self ms by function name
};

double metric(CdpSession *page, const QString &name)
{
    const CdpResult metrics = sendAndWait(page, u"Performance.getMetrics"_s);
    for (const QJsonValue &m : metrics.result.value(u"metrics").toArray()) {
        if (m.toObject().value(u"name").toString() == name)
            return m.toObject().value(u"value").toDouble();
    }
    return 0;
}

Cost measureCost(CdpSession *page, int seconds)
{
    Cost cost;
    sendAndWait(page, u"Performance.enable"_s);
    sendAndWait(page, u"Profiler.enable"_s);
    sendAndWait(page, u"Profiler.setSamplingInterval"_s, { { u"interval"_s, 100 } });
    const double taskBefore = metric(page, u"TaskDuration"_s);
    sendAndWait(page, u"Profiler.start"_s);
    QString error;
    cost.nodes = evaluate(page, u"startChurn()"_s, &error).toInt();
    if (!error.isEmpty())
        std::fprintf(stderr, "cannot start the churn in %s: %s\n", qPrintable(page->targetInfo().url),
                     qPrintable(error));
    QElapsedTimer wall;
    wall.start();
    spin(seconds * 1000);
    cost.blocks = evaluate(page, u"stopChurn()"_s).toInt();
    const CdpResult stopped = sendAndWait(page, u"Profiler.stop"_s);
    cost.wallMs = double(wall.elapsed());
    cost.taskMs = (metric(page, u"TaskDuration"_s) - taskBefore) * 1000.0;
    cost.clicked = int(evaluate(page, u"window.__clicked.length"_s).toDouble());

    // Self time per node: each sample's time delta goes to the node it landed in.
    const QJsonObject profile = stopped.result.value(u"profile").toObject();
    QHash<int, QString> urlOf;
    QHash<int, QString> nameOf;
    for (const QJsonValue &node : profile.value(u"nodes").toArray()) {
        const QJsonObject frame = node.toObject().value(u"callFrame").toObject();
        urlOf.insert(node.toObject().value(u"id").toInt(), frame.value(u"url").toString());
        nameOf.insert(node.toObject().value(u"id").toInt(), frame.value(u"functionName").toString());
    }
    const QJsonArray samples = profile.value(u"samples").toArray();
    const QJsonArray deltas = profile.value(u"timeDeltas").toArray();
    for (qsizetype i = 0; i + 1 < samples.size() && i + 1 < deltas.size(); ++i) {
        // timeDeltas[i + 1] is the time from sample i to sample i + 1: sample i's duration.
        const int id = samples.at(i).toInt();
        const double ms = deltas.at(i + 1).toDouble() / 1000.0;
        const QString url = urlOf.value(id);
        const QString name = nameOf.value(id);
        if (url.startsWith(u"mpa://payload/autoAccept"_s)) {
            cost.payloadSelfMs += ms;
            cost.payloadFunctions[name.isEmpty() ? u"(anonymous)"_s : name] += ms;
        }
        if (!url.isEmpty()
            || (name != u"(idle)"_s && name != u"(program)"_s && name != u"(root)"_s
                && name != u"(garbage collector)"_s))
            cost.scriptSelfMs += ms;
    }
    sendAndWait(page, u"Profiler.disable"_s);
    return cost;
}

int run(BenchBrowser &browser, int insertions, int seconds, int rounds)
{
    CdpEndpoint &endpoint = browser.endpoint;
    Settings &settings = browser.settings;
    settings.setValue(SettingKey::AutoAcceptUserIdleMs, 0);
    settings.setValue(SettingKey::AutoAcceptEnabled, true);
    PayloadHub hub(&endpoint);
    AutoAcceptController controller(&endpoint, &hub, &settings, browser.config.path());

    // 1. Latency: a small page in front, the same in a background tab, and the big page.
    CdpSession *front = browser.openTab(u"/autoaccept/bench.html?small&front"_s);
    if (!front || !waitActive(hub, front))
        return 1;
    const Latency foreground = measureLatency(hub, front, u"fg"_s, insertions);
    CdpSession *background = browser.openTab(u"/autoaccept/bench.html?small&background"_s);
    if (!background || !waitActive(hub, background))
        return 1;
    CdpSession *cover = browser.openTab(u"/basic.html"_s); // in front of the background tab
    Q_UNUSED(cover)
    const Latency behind = measureLatency(hub, background, u"bg"_s, insertions);
    CdpSession *big = browser.openTab(u"/autoaccept/bench.html?big"_s);
    if (!big || !waitActive(hub, big))
        return 1;
    const Latency bigPage = measureLatency(hub, big, u"big"_s, insertions);

    std::printf("\nReaction latency: button inserted → click verified (ms, page clock)\n\n");
    std::printf("| %-34s | %7s | %7s | %7s | %5s | %6s |\n", "tab", "p50", "p95", "max", "n", "missed");
    std::printf("|%s|%s|%s|%s|%s|%s|\n", "------------------------------------", "---------", "---------",
                "---------", "-------", "--------");
    for (const auto &[name, l] :
         { std::pair { u"foreground"_s, foreground }, std::pair { u"background"_s, behind },
           std::pair { u"foreground, 20,000 nodes"_s, bigPage } }) {
        std::printf("| %-34s | %7.2f | %7.2f | %7.2f | %5d | %6d |\n",
                    qPrintable(u"%1 (visibility %2)"_s.arg(name, l.visibility)), percentile(l.ms, 50),
                    percentile(l.ms, 95), l.ms.isEmpty() ? 0.0 : *std::max_element(l.ms.begin(), l.ms.end()),
                    int(l.ms.size()), l.missed);
    }

    // 2. Main-thread cost, without the payload (auto-accept off: a new tab gets none) and with
    // it, in alternating rounds (the machine's other load varies; the rounds show how much).
    QList<std::pair<QString, Cost>> runs;
    for (int round = 1; round <= rounds; ++round) {
        for (const bool withPayload : { false, true }) {
            settings.setValue(SettingKey::AutoAcceptEnabled, withPayload);
            CdpSession *tab
                = browser.openTab(u"/autoaccept/bench.html?round%1-%2"_s.arg(round).arg(withPayload ? 1 : 0));
            if (!tab || (withPayload && !waitActive(hub, tab)))
                return 1;
            const bool hasPayload = hub.injectorFor(tab) && hub.injectorFor(tab)->hasScript(u"autoAccept"_s);
            if (hasPayload != withPayload)
                std::fprintf(stderr, "round %d: the tab %s the payload\n", round,
                             hasPayload ? "has" : "lacks");
            runs.append({ u"%1 payload, round %2"_s.arg(withPayload ? u"with"_s : u"without"_s).arg(round),
                          measureCost(tab, seconds) });
            browserCall(endpoint, u"Target.closeTarget"_s, { { u"targetId"_s, tab->targetId() } });
        }
    }

    std::printf("\nMain-thread cost over %d s: %d nodes, 40 text changes + 1 row replaced every 50 ms, an "
                "agent block every 500 ms\n\n",
                seconds, runs.last().second.nodes);
    std::printf("| %-26s | %8s | %10s | %8s | %10s | %9s | %8s | %7s |\n", "page", "wall ms", "payload ms",
                "% wall", "all JS ms", "task ms", "% wall", "clicked");
    std::printf("|%s|%s|%s|%s|%s|%s|%s|%s|\n", "----------------------------", "----------", "------------",
                "----------", "------------", "-----------", "----------", "---------");
    QList<double> withTask, withoutTask, selfShare;
    for (const auto &[name, c] : runs) {
        std::printf("| %-26s | %8.0f | %10.2f | %7.3f%% | %10.1f | %9.1f | %7.2f%% | %3d/%-3d |\n",
                    qPrintable(name), c.wallMs, c.payloadSelfMs, 100.0 * c.payloadSelfMs / c.wallMs,
                    c.scriptSelfMs, c.taskMs, 100.0 * c.taskMs / c.wallMs, c.clicked, c.blocks);
        if (name.startsWith(u"with "_s)) {
            withTask.append(100.0 * c.taskMs / c.wallMs);
            selfShare.append(100.0 * c.payloadSelfMs / c.wallMs);
        } else {
            withoutTask.append(100.0 * c.taskMs / c.wallMs);
        }
    }
    QHash<QString, double> byFunction;
    for (const auto &[name, c] : runs) {
        for (auto it = c.payloadFunctions.cbegin(); it != c.payloadFunctions.cend(); ++it)
            byFunction[it.key()] += it.value();
    }
    QList<std::pair<double, QString>> functions;
    for (auto it = byFunction.cbegin(); it != byFunction.cend(); ++it)
        functions.append({ it.value(), it.key() });
    std::sort(functions.rbegin(), functions.rend());
    std::printf("\nThe payload's functions by self time, all rounds (ms):");
    for (qsizetype i = 0; i < std::min<qsizetype>(6, functions.size()); ++i)
        std::printf(" %s %.1f;", qPrintable(functions.at(i).second), functions.at(i).first);
    std::printf("\nPayload self time, median over rounds: %.3f%% of wall. Task time: %.2f%% of wall with the "
                "payload, %.2f%% without (medians; task time moves with the machine's other load)\n",
                percentile(selfShare, 50), percentile(withTask, 50), percentile(withoutTask, 50));
    endpoint.stop();
    browser.chromium.stop();
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const auto [insertions, seconds, rounds] = intArguments(argc, argv, { 200, 10, 2 });
    return runWithBrowser(argc, argv,
                          [&](BenchBrowser &browser) { return run(browser, insertions, seconds, rounds); });
}
