#pragma once
// A performance trace of one tab, for the toolkit's `trace`: the Tracing domain on the tab's own
// session (as puppeteer's page.tracing does), the categories DevTools' Performance panel records
// (timeline, frames, loading, user timing), the trace returned as a stream and read through the
// IO domain. The trace is Chrome's trace event format (JSON: {"traceEvents": [...]}), what the
// Performance panel and ui.perfetto.dev open; summarize() reads what an agent asks of it first:
// long tasks, layout shifts and the largest contentful paint.

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

namespace mpa {

class CdpSession;

class PageTrace : public QObject
{
    Q_OBJECT
public:
    // A trace bigger than this is not read to the end (the answer says so).
    static constexpr qint64 kMaxTraceBytes = qint64(200) * 1024 * 1024;
    // A task of the page's main thread at least this long is a long task (as Lighthouse counts).
    static constexpr qint64 kLongTaskUs = 50000;

    explicit PageTrace(CdpSession *page, QObject *parent = nullptr);

    bool running() const { return m_state != State::Idle; }
    void start(std::function<void(const QString &error)> done);
    // Ends the trace: its bytes and summarize() of them, or why not.
    void
    stop(std::function<void(const QByteArray &trace, const QJsonObject &summary, const QString &error)> done);
    // Ends a trace no one will read (the agent let the tab go).
    void discard();

    // {events, durationMs, longTasks: {count, totalMs, longestMs}, layoutShifts: {count,
    // cumulativeScore}, lcp: {ms, size} (only when the trace holds the page's load)}.
    static QJsonObject summarize(const QByteArray &trace);

private:
    enum class State { Idle, Starting, Running, Stopping };
    void onEvent(const QString &method, const QJsonObject &params);
    void read(const QString &handle);
    void finish(const QString &error);

    QPointer<CdpSession> m_page;
    State m_state = State::Idle;
    QByteArray m_trace;
    bool m_discard = false;
    std::function<void(const QByteArray &, const QJsonObject &, const QString &)> m_done;
};

} // namespace mpa
