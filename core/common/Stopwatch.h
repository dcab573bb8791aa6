#pragma once
// Elapsed time on a Clock (Clock.h): the QElapsedTimer of code whose timers are ClockTimers, so
// a test that moves a FakeClock moves its measurements too. Invalid until started.

#include "Clock.h"

#include <QPointer>

#include <chrono>

namespace mpa {

class Stopwatch
{
public:
    explicit Stopwatch(Clock *clock = nullptr)
        : m_clock(clock)
    {
    }

    void setClock(Clock *clock) { m_clock = clock; }
    void start()
    {
        m_valid = m_clock != nullptr;
        m_startMs = m_valid ? m_clock->nowMs() : 0;
    }
    void invalidate() { m_valid = false; }
    bool isValid() const { return m_valid; }
    // Milliseconds since start(); 0 when not started.
    qint64 elapsed() const { return m_valid && m_clock ? m_clock->nowMs() - m_startMs : 0; }
    // Whether more than `timeout` has passed since start() (false when not started).
    bool hasExpired(std::chrono::milliseconds timeout) const
    {
        return m_valid && elapsed() > timeout.count();
    }

private:
    QPointer<Clock> m_clock;
    qint64 m_startMs = 0;
    bool m_valid = false;
};

} // namespace mpa
