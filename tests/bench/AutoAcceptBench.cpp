// Auto-accept benchmark, in real headless Chromium with the app's controller and payload:
//  1. reaction latency from a button's insertion to its verified click (p50/p95), in the
//     foreground tab and in a background tab;
//  2. the payload's main-thread cost on a page of 20,000 nodes with steady DOM churn and new
//     agent blocks every 500 ms, over 10 s: self time of the payload's own functions in a CPU
//     profile (Profiler domain), and the page's task time with and without the payload.
// Prints tables; asserts nothing timed.
//
// Run: build/bench/tests/bench/mpa_autoaccept_bench [insertions per row, default 200] [seconds, default 10]
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

double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    if (values.isEmpty())
        return 0;
    const auto index
        = qsizetype(std::min<double>(double(values.size() - 1), p / 100.0 * double(values.size())));
    return values.at(index);
}

// Runs the event loop for `ms` (the bench's own pacing; tests never do this).
void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

CdpSession *openTab(CdpEndpoint &endpoint, const QUrl &url, bool front = true)
{
    const CdpResult created
        = browserCall(endpoint, u"Target.createTarget"_s, { { u"url"_s, url.toString() } });
    const QString id = created.result.value(u"targetId").toString();
    CdpSession *page = nullptr;
    waitUntil([&] { return (page = endpoint.sessionForTarget(id)) != nullptr; });
    if (page) {
        if (front)
            sendAndWait(page, u"Page.bringToFront"_s);
        waitUntil([&] { return evaluate(page, u"document.readyState"_s).toString() == u"complete"_s; });
    }
    return page;
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
        evaluate(page, u"addStep({ id: '%1', label: 'Accept' })"_s.arg(id));
        if (!waitUntil([&] { return verifiedAt.contains(id); }, 5s)) {
            ++result.missed;
            std::fprintf(
                stderr, "no verified click for %s: %s\n", qPrintable(id),
                qPrintable(
                    evaluate(
                        page,
                        u"(() => { const b = document.getElementById('%1'); const r = b && "
                        u"b.getBoundingClientRect(); "
                        "return JSON.stringify({ exists: !!b, clicked: window.__clicked.includes('%1'), top: r && r.top, h: innerHeight }); })()"_s
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
    cost.nodes = evaluate(page, u"startChurn()"_s).toInt();
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

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int insertions = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 200;
    const int seconds = argc > 2 ? QString::fromLocal8Bit(argv[2]).toInt() : 10;

    LocalWebServer site;
    site.setRoot(fixturesDir());
    if (!site.listen())
        return 1;
    HeadlessChromium chromium;
    QString error;
    if (!chromium.start(&error)) {
        std::fprintf(stderr, "cannot start Chromium: %s\n", qPrintable(error));
        return 1;
    }
    CdpEndpoint endpoint;
    endpoint.setAddress(u"127.0.0.1"_s, chromium.port());
    endpoint.start();
    if (!waitUntil([&] { return endpoint.isConnected(); }))
        return 1;
    QTemporaryDir config;
    Settings settings(QDir(config.path()).filePath(u"settings.ini"_s));
    settings.setValue(SettingKey::AutoAcceptUserIdleMs, 0);
    settings.setValue(SettingKey::AutoAcceptEnabled, true);
    PayloadHub hub(&endpoint);
    AutoAcceptController controller(&endpoint, &hub, &settings, config.path());

    // 1. Latency: a small page in front, the same in a background tab, and the big page.
    CdpSession *front = openTab(endpoint, site.url(u"/autoaccept/bench.html?small&front"_s));
    if (!front || !waitActive(hub, front))
        return 1;
    const Latency foreground = measureLatency(hub, front, u"fg"_s, insertions);
    CdpSession *background = openTab(endpoint, site.url(u"/autoaccept/bench.html?small&background"_s));
    if (!background || !waitActive(hub, background))
        return 1;
    CdpSession *cover = openTab(endpoint, site.url(u"/basic.html"_s)); // in front of the background tab
    Q_UNUSED(cover)
    const Latency behind = measureLatency(hub, background, u"bg"_s, insertions);
    CdpSession *big = openTab(endpoint, site.url(u"/autoaccept/bench.html?big"_s));
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

    // 2. Main-thread cost, without the payload (auto-accept off: a new tab gets none) and with it.
    settings.setValue(SettingKey::AutoAcceptEnabled, false);
    CdpSession *plain = openTab(endpoint, site.url(u"/autoaccept/bench.html?without"_s));
    if (!plain)
        return 1;
    const bool plainHasPayload = hub.injectorFor(plain) && hub.injectorFor(plain)->hasScript(u"autoAccept"_s);
    const Cost without = measureCost(plain, seconds);
    settings.setValue(SettingKey::AutoAcceptEnabled, true);
    CdpSession *loaded = openTab(endpoint, site.url(u"/autoaccept/bench.html?with"_s));
    if (!loaded || !waitActive(hub, loaded))
        return 1;
    const Cost with = measureCost(loaded, seconds);

    std::printf("\nMain-thread cost over %d s: %d nodes, 40 text changes + 1 row replaced every 50 ms, an "
                "agent block "
                "every 500 ms\n\n",
                seconds, with.nodes);
    std::printf("| %-24s | %8s | %10s | %8s | %10s | %9s | %8s | %7s |\n", "page", "wall ms", "payload ms",
                "% wall", "all JS ms", "task ms", "% wall", "clicked");
    std::printf("|%s|%s|%s|%s|%s|%s|%s|%s|\n", "--------------------------", "----------", "------------",
                "----------", "------------", "-----------", "----------", "---------");
    for (const auto &[name, c] :
         { std::pair { plainHasPayload ? u"without (BROKEN: has payload)"_s : u"without payload"_s, without },
           std::pair { u"with payload"_s, with } }) {
        std::printf("| %-24s | %8.0f | %10.2f | %7.3f%% | %10.1f | %9.1f | %7.2f%% | %3d/%-3d |\n",
                    qPrintable(name), c.wallMs, c.payloadSelfMs, 100.0 * c.payloadSelfMs / c.wallMs,
                    c.scriptSelfMs, c.taskMs, 100.0 * c.taskMs / c.wallMs, c.clicked, c.blocks);
    }
    QList<std::pair<double, QString>> functions;
    for (auto it = with.payloadFunctions.cbegin(); it != with.payloadFunctions.cend(); ++it)
        functions.append({ it.value(), it.key() });
    std::sort(functions.rbegin(), functions.rend());
    std::printf("\nThe payload's functions by self time (ms):");
    for (qsizetype i = 0; i < std::min<qsizetype>(6, functions.size()); ++i)
        std::printf(" %s %.1f;", qPrintable(functions.at(i).second), functions.at(i).first);
    std::printf("\n");
    std::printf("\nTask time added by the payload: %.1f ms over %.0f ms (%.2f%% of wall)\n",
                with.taskMs - without.taskMs, with.wallMs,
                100.0 * (with.taskMs - without.taskMs) / with.wallMs);
    endpoint.stop();
    chromium.stop();
    return 0;
}
