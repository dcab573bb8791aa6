#include "PageTrace.h"

#include "cdp/CdpSession.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// What DevTools' Performance panel records, less the sampling profiler (large, and not summarized).
QJsonObject traceConfig()
{
    return { { u"recordMode"_s, u"recordAsMuchAsPossible"_s },
             { u"includedCategories"_s,
               QJsonArray { u"devtools.timeline"_s, u"disabled-by-default-devtools.timeline"_s,
                            u"disabled-by-default-devtools.timeline.frame"_s, u"toplevel"_s, u"loading"_s,
                            u"blink.user_timing"_s, u"latencyInfo"_s, u"v8.execute"_s } },
             { u"excludedCategories"_s, QJsonArray { u"*"_s } } };
}

} // namespace

PageTrace::PageTrace(CdpSession *page, QObject *parent)
    : QObject(parent)
    , m_page(page)
{
    connect(page, &CdpSession::eventReceived, this, &PageTrace::onEvent);
}

void PageTrace::start(std::function<void(const QString &)> done)
{
    if (running())
        return done(tr("a trace is already running on this tab: stop it first"));
    if (!m_page)
        return done(tr("the tab was closed"));
    m_state = State::Starting;
    m_trace.clear();
    m_discard = false;
    m_page->send(u"Tracing.start"_s,
                 { { u"transferMode"_s, u"ReturnAsStream"_s },
                   { u"streamFormat"_s, u"json"_s },
                   { u"traceConfig"_s, traceConfig() } },
                 this, [this, done = std::move(done)](const CdpResult &result) {
                     if (result.error.isError()) {
                         m_state = State::Idle;
                         return done(tr("the browser did not start the trace: %1").arg(result.error.message));
                     }
                     m_state = State::Running;
                     done({});
                 });
}

void PageTrace::stop(std::function<void(const QByteArray &, const QJsonObject &, const QString &)> done)
{
    if (m_state != State::Running)
        return done({}, {},
                    m_state == State::Idle ? tr("no trace is running on this tab: start one first")
                                           : tr("the trace is still starting or already stopping"));
    if (!m_page)
        return done({}, {}, tr("the tab was closed"));
    m_state = State::Stopping;
    m_done = std::move(done);
    m_page->send(u"Tracing.end"_s, {}, this, [this](const CdpResult &result) {
        if (result.error.isError())
            finish(tr("the browser did not end the trace: %1").arg(result.error.message));
        // The trace comes with Tracing.tracingComplete.
    });
}

void PageTrace::discard()
{
    if (m_state != State::Running)
        return;
    m_discard = true;
    stop([](const QByteArray &, const QJsonObject &, const QString &) {});
}

void PageTrace::onEvent(const QString &method, const QJsonObject &params)
{
    if (method != u"Tracing.tracingComplete"_s || m_state != State::Stopping)
        return;
    const QString handle = params.value(u"stream").toString();
    if (handle.isEmpty())
        return finish(tr("the browser returned no trace"));
    read(handle);
}

void PageTrace::read(const QString &handle)
{
    if (!m_page)
        return finish(tr("the tab was closed"));
    m_page->send(
        u"IO.read"_s, { { u"handle"_s, handle }, { u"size"_s, 1024 * 1024 } }, this,
        [this, handle](const CdpResult &result) {
            if (result.error.isError())
                return finish(tr("could not read the trace: %1").arg(result.error.message));
            const QString data = result.result.value(u"data").toString();
            if (!m_discard) {
                m_trace += result.result.value(u"base64Encoded").toBool()
                    ? QByteArray::fromBase64(data.toLatin1())
                    : data.toUtf8();
            }
            const bool tooBig = m_trace.size() > kMaxTraceBytes;
            if (!result.result.value(u"eof").toBool() && !tooBig)
                return read(handle);
            if (m_page)
                m_page->send(u"IO.close"_s, { { u"handle"_s, handle } });
            finish(tooBig
                       ? tr("the trace is bigger than %1 MB: trace a shorter time").arg(kMaxTraceBytes >> 20)
                       : QString());
        });
}

void PageTrace::finish(const QString &error)
{
    m_state = State::Idle;
    const auto done = std::exchange(m_done, {});
    QByteArray trace = std::exchange(m_trace, {});
    if (!done)
        return;
    if (!error.isEmpty())
        return done({}, {}, error);
    const QJsonObject summary = m_discard ? QJsonObject() : summarize(trace);
    done(trace, summary, {});
}

QJsonObject PageTrace::summarize(const QByteArray &trace)
{
    const QJsonDocument document = QJsonDocument::fromJson(trace);
    // Either {"traceEvents": [...]} or the bare array.
    const QJsonArray events
        = document.isArray() ? document.array() : document.object().value(u"traceEvents").toArray();

    // The renderers' main threads, by the metadata that names them.
    QSet<QString> mainThreads;
    for (const QJsonValue &value : events) {
        const QJsonObject event = value.toObject();
        if (event.value(u"ph").toString() == u"M"_s && event.value(u"name").toString() == u"thread_name"_s
            && event.value(u"args").toObject().value(u"name").toString() == u"CrRendererMain"_s)
            mainThreads.insert(
                u"%1:%2"_s.arg(event.value(u"pid").toInteger()).arg(event.value(u"tid").toInteger()));
    }

    qint64 first = std::numeric_limits<qint64>::max();
    qint64 last = 0;
    int longTasks = 0;
    qint64 longTotalUs = 0;
    qint64 longestUs = 0;
    int shifts = 0;
    double cumulative = 0;
    QHash<QString, qint64> navigationStarts; // a load's navigationId → when it started
    qint64 lcpTs = -1;
    qint64 lcpSize = 0;
    QString lcpNavigation;
    for (const QJsonValue &value : events) {
        const QJsonObject event = value.toObject();
        const QString name = event.value(u"name").toString();
        const qint64 ts = event.value(u"ts").toInteger();
        if (event.value(u"ph").toString() != u"M"_s && ts > 0) {
            first = std::min(first, ts);
            last = std::max(last, ts + event.value(u"dur").toInteger());
        }
        const QJsonObject data = event.value(u"args").toObject().value(u"data").toObject();
        if (name == u"RunTask"_s) {
            const qint64 dur = event.value(u"dur").toInteger();
            const QString thread
                = u"%1:%2"_s.arg(event.value(u"pid").toInteger()).arg(event.value(u"tid").toInteger());
            if (dur >= kLongTaskUs && mainThreads.contains(thread)) {
                ++longTasks;
                longTotalUs += dur;
                longestUs = std::max(longestUs, dur);
            }
        } else if (name == u"LayoutShift"_s) {
            // Shifts right after the user's input are expected (CLS leaves them out too).
            if (!data.value(u"had_recent_input").toBool()) {
                ++shifts;
                cumulative += data.value(u"score").toDouble();
            }
        } else if (name == u"navigationStart"_s && data.value(u"isOutermostMainFrame").toBool()) {
            navigationStarts.insert(data.value(u"navigationId").toString(), ts);
        } else if (name == u"largestContentfulPaint::Candidate"_s
                   && data.value(u"isOutermostMainFrame").toBool() && ts >= lcpTs) {
            // The last candidate of the last load that has one is the page's LCP, timed from the
            // start of that load (its navigationStart, by navigationId).
            lcpTs = ts;
            lcpSize = data.value(u"size").toInteger();
            lcpNavigation = data.value(u"navigationId").toString();
        }
    }

    QJsonObject summary { { u"events"_s, events.size() },
                          { u"durationMs"_s, last > first ? double(last - first) / 1000.0 : 0.0 },
                          { u"longTasks"_s,
                            QJsonObject { { u"count"_s, longTasks },
                                          { u"totalMs"_s, double(longTotalUs) / 1000.0 },
                                          { u"longestMs"_s, double(longestUs) / 1000.0 } } },
                          { u"layoutShifts"_s,
                            QJsonObject {
                                { u"count"_s, shifts },
                                { u"cumulativeScore"_s, std::round(cumulative * 10000.0) / 10000.0 } } } };
    const qint64 loadStart = navigationStarts.value(lcpNavigation, -1);
    if (lcpTs >= 0 && loadStart >= 0 && lcpTs >= loadStart)
        summary.insert(
            u"lcp"_s,
            QJsonObject { { u"ms"_s, double(lcpTs - loadStart) / 1000.0 }, { u"size"_s, lcpSize } });
    else
        summary.insert(u"lcpNote"_s,
                       u"no page load in the trace: start the trace, then open or reload the page"_s);
    return summary;
}

} // namespace mpa
