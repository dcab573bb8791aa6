#include "ClockTimer.h"

namespace mpa {

namespace {
quint64 g_sequence = 0;
}

ClockTimer::ClockTimer(Clock *clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock)
{
}

ClockTimer::~ClockTimer()
{
    stop();
}

void ClockTimer::start(std::chrono::milliseconds delay)
{
    if (!m_clock)
        return;
    stop();
    m_deadlineMs = m_clock->nowMs() + std::max<qint64>(0, delay.count());
    m_sequence = ++g_sequence;
    m_active = true;
    m_clock->arm(this);
}

void ClockTimer::singleShot(Clock *clock, std::chrono::milliseconds delay, QObject *context,
                            std::function<void()> step)
{
    auto *timer = new ClockTimer(clock, context);
    connect(timer, &ClockTimer::timeout, context, [timer, step = std::move(step)] {
        timer->deleteLater();
        step();
    });
    timer->start(delay);
}

void ClockTimer::startAt(const QDateTime &when)
{
    if (!m_clock)
        return;
    start(std::chrono::milliseconds(when.toMSecsSinceEpoch() - m_clock->nowMs()));
}

void ClockTimer::stop()
{
    if (!m_active)
        return;
    m_active = false;
    if (m_clock)
        m_clock->disarm(this);
}

void ClockTimer::fire()
{
    if (!m_active)
        return;
    m_active = false;
    Q_EMIT timeout();
}

} // namespace mpa
