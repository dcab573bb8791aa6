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
#include <functional>
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

// Inserts the step `id` (an Accept button; with `command`, a Run under "<command> <i>") into the
// panel, which keeps its last steps only, so the new one is in view (a button out of view is not
// hit-tested: measured there, the hit test would be left out). Returns the page's error, if any.
inline QString insertStep(CdpSession *page, const QString &id, const QString &command, int i)
{
    evaluate(page,
             u"(() => { const s = document.querySelector('[data-steps]'); "
             "while (s && s.children.length > 3) s.firstElementChild.remove(); return true; })()"_s);
    QString error;
    evaluate(page,
             command.isEmpty()
                 ? u"addStep({ id: '%1', label: 'Accept' })"_s.arg(id)
                 : u"addStep({ id: '%1', label: 'Run', code: '%2 %3' })"_s.arg(id, command).arg(i),
             &error);
    return error;
}

// Inserts `count` steps "<prefix>-<i>" (see insertStep), at most one every 62 ms (about 16 a
// second, under the payload's rate limit), each after `clicked(id)`, which waits for its click,
// returned. Returns how many were not clicked.
inline int insertPaced(CdpSession *page, const QString &prefix, int count, const QString &command,
                       const std::function<bool(const QString &id)> &clicked)
{
    int missed = 0;
    QElapsedTimer pace;
    for (int i = 0; i < count; ++i) {
        const QString id = u"%1-%2"_s.arg(prefix).arg(i);
        pace.start();
        if (const QString error = insertStep(page, id, command, i); !error.isEmpty())
            std::fprintf(stderr, "cannot insert %s: %s\n", qPrintable(id), qPrintable(error));
        if (!clicked(id))
            ++missed;
        if (const qint64 left = 62 - pace.elapsed(); left > 0)
            spin(int(left));
    }
    return missed;
}

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
    result.missed = insertPaced(page, prefix, count, command, [&](const QString &id) {
        if (waitUntil([&] { return verifiedAt.contains(id); }, 5s))
            return true;
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
        return false;
    });
    const QJsonObject inserted = evaluate(page, u"window.__insertedAt"_s).toObject();
    for (auto it = verifiedAt.cbegin(); it != verifiedAt.cend(); ++it) {
        if (inserted.contains(it.key()))
            result.ms.append(it.value() - inserted.value(it.key()).toDouble());
    }
    return result;
}

} // namespace mpa::test
