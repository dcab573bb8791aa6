#include "SystemClock.h"

#include <algorithm>
#include <limits>

namespace mpa {

namespace {
constexpr qint64 kLongestNap = qint64(60) * 1000;
}

SystemClock::SystemClock(QObject *parent)
    : Clock(parent)
{
    m_wake.setSingleShot(true);
    m_wake.setTimerType(Qt::PreciseTimer);
    connect(&m_wake, &QTimer::timeout, this, &SystemClock::onWake);
}

QDateTime SystemClock::now() const
{
    return QDateTime::currentDateTime();
}

QTimeZone SystemClock::timeZone() const
{
    return QTimeZone::systemTimeZone();
}

void SystemClock::arm(ClockTimer *timer)
{
    if (!m_armed.contains(timer))
        m_armed.append(timer);
    reschedule();
}

void SystemClock::disarm(ClockTimer *timer)
{
    m_armed.removeAll(timer);
    reschedule();
}

void SystemClock::reschedule()
{
    m_armed.removeAll(nullptr);
    if (m_armed.isEmpty()) {
        m_wake.stop();
        return;
    }
    qint64 earliest = std::numeric_limits<qint64>::max();
    for (const QPointer<ClockTimer> &timer : std::as_const(m_armed))
        earliest = std::min(earliest, timer->deadlineMs());
    const qint64 wait = std::clamp<qint64>(earliest - nowMs(), 0, kLongestNap);
    m_wake.start(int(wait));
}

void SystemClock::onWake()
{
    const qint64 now = nowMs();
    QList<QPointer<ClockTimer>> due;
    for (const QPointer<ClockTimer> &timer : std::as_const(m_armed)) {
        if (timer && timer->deadlineMs() <= now)
            due.append(timer);
    }
    std::sort(due.begin(), due.end(), [](const QPointer<ClockTimer> &a, const QPointer<ClockTimer> &b) {
        return std::pair(a->deadlineMs(), a->sequence()) < std::pair(b->deadlineMs(), b->sequence());
    });
    for (const QPointer<ClockTimer> &timer : std::as_const(due)) {
        // A timer fired earlier in this round may have stopped, moved or deleted this one.
        if (!timer || !timer->isActive() || timer->deadlineMs() > now)
            continue;
        m_armed.removeAll(timer);
        fire(timer);
    }
    reschedule();
}

} // namespace mpa
