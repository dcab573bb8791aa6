#pragma once
// A single-shot timer with a wall-clock deadline, run by a Clock (Clock.h): the real one
// fires it in real time, a test's FakeClock when the test advances it.

#include "Clock.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>

namespace mpa {

class ClockTimer : public QObject
{
    Q_OBJECT
public:
    explicit ClockTimer(Clock *clock, QObject *parent = nullptr);
    ~ClockTimer() override;

    // Fires once after `delay`, or at `when`; starting an active timer moves it.
    void start(std::chrono::milliseconds delay);
    void startAt(const QDateTime &when);
    void stop();

    // Runs `step` once after `delay` on `clock`, unless `context` is gone by then.
    static void singleShot(Clock *clock, std::chrono::milliseconds delay, QObject *context,
                           std::function<void()> step);

    bool isActive() const { return m_active; }
    qint64 deadlineMs() const { return m_deadlineMs; }
    // Tells timers with the same deadline apart: earlier started, earlier fired.
    quint64 sequence() const { return m_sequence; }

Q_SIGNALS:
    void timeout();

private:
    friend class Clock;
    void fire();

    QPointer<Clock> m_clock;
    qint64 m_deadlineMs = 0;
    quint64 m_sequence = 0;
    bool m_active = false;
};

} // namespace mpa
