// Chat-tab bridge benchmark on real headless Chromium, with the fixture web chat
// (tests/fixtures/bridge/chat.html) answering every message with one command at once:
//  - turn overhead: from the chat's reply finishing (its stop button gone, as the page logs it)
//    to the bridge's next message arriving in the chat, p50 / p95 — everything the bridge does
//    in between: noticing the end, reading the reply, parsing, the gate, the command, the network
//    settle, the snapshot, redaction, and typing and submitting the message;
//    on a small page (a counter) and on the toolkit's generated page of ~3,000 elements;
//  - the bridge's own view of the same (reply seen → message submitted);
//  - redaction cost per 100 kB of snapshot text.
//
// Run: build/ci/tests/bench/mpa_bridge_bench [turns per row, default 30]
#include "BenchSupport.h"
#include "bridge/BridgeManager.h"
#include "engine/Engine.h"
#include "safety/Redactor.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QUuid>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

struct Row
{
    QString name;
    QList<double> overheads; // ms, from the chat's own log
    QList<double> ownView; // ms, the session's reply seen → submitted
    int turns = 0;
    qint64 wallMs = 0;
};

bool measure(BenchBrowser &browser, Engine &engine, const QString &targetPath, int turns, Row &row)
{
    QUrl chatUrl = browser.site.url(u"bridge/chat.html"_s);
    chatUrl.setQuery(u"scenario=forever&id=%1"_s.arg(QUuid::createUuid().toString(QUuid::WithoutBraces)));
    CdpSession *chat = browser.openTab(chatUrl.path() + u'?' + chatUrl.query());
    CdpSession *target = browser.openTab(targetPath, false);
    if (!chat || !target)
        return false;
    if (!waitUntil([&] {
            return engine.endpoint()->sessionForTarget(chat->targetId())
                && engine.endpoint()->sessionForTarget(target->targetId());
        }))
        return false;
    sendAndWait(chat, u"Page.bringToFront"_s);
    browser.settings.setValue(SettingKey::BridgeMaxTurns, turns + 1);
    BridgeManager::StartRequest request {
        chat->targetId(), { target->targetId() }, u"Scroll down the page"_s, {}, u"ui"_s, {}
    };
    QString id;
    engine.bridge()->start(request, [&](const CommandResult &started) {
        id = started.data[u"sessionId"].toString();
        if (!started.ok)
            std::fprintf(stderr, "start failed: %s\n", qPrintable(started.error));
    });
    if (id.isEmpty())
        return false;
    QList<qint64> own;
    QElapsedTimer wall;
    wall.start();
    QObject watching; // the connection ends with this row
    QObject::connect(engine.bridge(), &BridgeManager::sessionChanged, &watching, [&](const QString &changed) {
        if (BridgeSession *live = engine.bridge()->live(changed))
            own = live->turnOverheads();
    });
    if (!waitUntil(
            [&] {
                const auto r = engine.bridge()->session(id);
                return r && r->isFinished();
            },
            600s)) {
        std::fprintf(stderr, "the session did not end\n");
        return false;
    }
    row.wallMs = wall.elapsed();
    row.turns = engine.bridge()->session(id)->turn;
    for (qint64 ms : own)
        row.ownView.append(double(ms));
    // The chat's log: a user message after each finished reply.
    const QJsonArray log = evaluate(chat, u"window.fixtureChat.log()"_s).toArray();
    double replyDone = -1;
    for (const QJsonValue &entry : log) {
        const QString kind = entry[u"kind"].toString();
        if (kind == u"replyDone"_s)
            replyDone = entry[u"at"].toDouble();
        else if (kind == u"user"_s && replyDone >= 0) {
            row.overheads.append(entry[u"at"].toDouble() - replyDone);
            replyDone = -1;
        }
    }
    browserCall(browser.endpoint, u"Target.closeTarget"_s, { { u"targetId"_s, chat->targetId() } });
    browserCall(browser.endpoint, u"Target.closeTarget"_s, { { u"targetId"_s, target->targetId() } });
    return true;
}

double redactionMsPer100k()
{
    // Snapshot-like text: element lines with ordinary numbers and a few findings.
    QString text;
    for (int i = 0; text.size() < 500000; ++i) {
        text += u"- row \"Order %1 — 2026-11-%2, $%3.99, v%4.2.%5\" [ref=e%1]\n"_s.arg(i)
                    .arg(i % 28 + 1)
                    .arg(i % 300)
                    .arg(i % 9)
                    .arg(i % 17);
        if (i % 50 == 0)
            text += u"- text: contact ada.lovelace%1@example.com or +44 20 7946 0%2%3\n"_s.arg(i)
                        .arg(i % 10)
                        .arg((i / 10) % 10 * 11);
    }
    Redactor redactor;
    QElapsedTimer timer;
    timer.start();
    int rounds = 0;
    while (timer.elapsed() < 2000 || rounds < 3) {
        redactor.redact(text);
        ++rounds;
    }
    return double(timer.elapsed()) / rounds / (double(text.size()) / 100000.0);
}

int run(BenchBrowser &browser, int turns)
{
    const AppPaths paths = AppPaths::forConfigDir(browser.config.path());
    Engine engine(&browser.settings, paths);
    Engine::Overrides overrides;
    overrides.cdpPort = browser.chromium.port();
    engine.setOverrides(overrides);
    engine.start();
    if (!waitUntil([&] { return engine.endpoint()->isConnected(); }, 20s))
        return 1;

    QList<Row> rows;
    for (const auto &[name, path] :
         { std::pair { u"counter page"_s, u"agent/counter.html"_s },
           std::pair { u"3,000-element page"_s, u"toolkit/bench.html?n=3000"_s } }) {
        Row row;
        row.name = name;
        if (!measure(browser, engine, path, turns, row)) {
            std::fprintf(stderr, "the %s row failed\n", qPrintable(name));
            return 1;
        }
        rows.append(row);
    }
    std::printf(
        "Chat-tab bridge: turn overhead (the chat's reply finished → the next message in the chat)\n");
    std::printf("%-20s %6s %10s %10s %10s %16s %10s\n", "target", "turns", "p50 ms", "p95 ms", "max ms",
                "own view p50", "wall s");
    for (const Row &row : rows) {
        std::printf("%-20s %6d %10.1f %10.1f %10.1f %16.1f %10.1f\n", qPrintable(row.name), row.turns,
                    percentile(row.overheads, 50), percentile(row.overheads, 95),
                    percentile(row.overheads, 100), percentile(row.ownView, 50), double(row.wallMs) / 1000.0);
    }
    std::printf("Redaction: %.1f ms per 100 kB of snapshot-like text\n", redactionMsPer100k());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const auto [turns] = intArguments(argc, argv, { 30 });
    return runWithBrowser(argc, argv, [&](BenchBrowser &browser) { return run(browser, turns); });
}
