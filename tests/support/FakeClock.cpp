#include "FakeClock.h"

#include "Wait.h"

#include <QElapsedTimer>

namespace mpa::test {

FakeClock::FakeClock(const QDateTime &start, const QTimeZone &zone, QObject *parent)
    : Clock(parent)
    , m_nowMs(start.toMSecsSinceEpoch())
    , m_zone(zone)
{
}

QDateTime FakeClock::now() const
{
    return QDateTime::fromMSecsSinceEpoch(m_nowMs, m_zone);
}

void FakeClock::advance(std::chrono::milliseconds step)
{
    const qint64 target = m_nowMs + step.count();
    for (;;) {
        m_armed.removeAll(nullptr);
        ClockTimer *next = nullptr;
        for (const QPointer<ClockTimer> &timer : std::as_const(m_armed)) {
            if (timer->deadlineMs() <= target
                && (!next
                    || std::pair(timer->deadlineMs(), timer->sequence())
                        < std::pair(next->deadlineMs(), next->sequence())))
                next = timer;
        }
        if (!next)
            break;
        m_nowMs = std::max(m_nowMs, next->deadlineMs());
        m_armed.removeAll(next);
        fire(next);
    }
    m_nowMs = target;
}

void FakeClock::advanceTo(const QDateTime &when)
{
    advance(std::chrono::milliseconds(std::max<qint64>(0, when.toMSecsSinceEpoch() - m_nowMs)));
}

void FakeClock::jumpBack(std::chrono::milliseconds step)
{
    m_nowMs -= step.count();
}

void FakeClock::jumpForward(std::chrono::milliseconds step)
{
    m_nowMs += step.count();
    advance(std::chrono::milliseconds::zero());
}

int FakeClock::armedTimers() const
{
    int count = 0;
    for (const QPointer<ClockTimer> &timer : m_armed)
        count += timer && timer->isActive() ? 1 : 0;
    return count;
}

void FakeClock::arm(ClockTimer *timer)
{
    if (!m_armed.contains(timer))
        m_armed.append(timer);
}

void FakeClock::disarm(ClockTimer *timer)
{
    m_armed.removeAll(timer);
}

bool FakeClock::runUntil(const std::function<bool()> &done, std::chrono::milliseconds timeout,
                         std::chrono::milliseconds step)
{
    QElapsedTimer real;
    real.start();
    return waitUntil(
        [&] {
            if (done())
                return true;
            if (real.elapsed() >= 50) {
                advance(step);
                real.restart();
            }
            return done();
        },
        timeout);
}

} // namespace mpa::test
