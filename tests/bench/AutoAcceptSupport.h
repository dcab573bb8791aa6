#pragma once
// What the auto-accept benchmarks share (AutoAcceptBench, ScaleBench): waiting until a page's
// payload runs, and the reaction latency from a button's insertion to its verified click,
// measured with the page's own clock.
#include "HeadlessChromium.h"
#include "Wait.h"
#include "page/PayloadHub.h"
#include "page/PayloadInjector.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QHash>
#include <QJsonObject>
#include <QTimer>

#include <cstdio>
#include <optional>

namespace mpa::test {

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

// Runs the event loop for `ms` (the bench's own pacing; tests never do this).
inline void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// True once the page's payload is configured and running.
inline bool waitActive(PayloadHub &hub, CdpSession *page)
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
// `command`: the steps are command steps (a Run under a terminal block with it), which are read
// whole and hit-tested; otherwise plain Accept buttons.
inline Latency measureLatency(PayloadHub &hub, CdpSession *page, const QString &prefix, int count,
                              const QString &command = {})
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
        // The panel keeps its last steps only, so the new one is in view (a button out of view
        // is not hit-tested: measured there, the hit test would be left out).
        evaluate(page,
                 u"(() => { const s = document.querySelector('[data-steps]'); "
                 "while (s && s.children.length > 3) s.firstElementChild.remove(); return true; })()"_s);
        pace.start();
        QString error;
        evaluate(page,
                 command.isEmpty()
                     ? u"addStep({ id: '%1', label: 'Accept' })"_s.arg(id)
                     : u"addStep({ id: '%1', label: 'Run', code: '%2 %3' })"_s.arg(id, command).arg(i),
                 &error);
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

} // namespace mpa::test
