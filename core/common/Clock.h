#pragma once
// Time for the scheduler and the quota monitor, injectable so tests never wait in real time.
// A Clock says what time it is (in its time zone) and runs ClockTimers: single-shot timers
// with a wall-clock deadline. SystemClock is the real one; tests use a FakeClock they
// advance by hand.

#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QTimeZone>

#include <chrono>

namespace mpa {

class ClockTimer;

class Clock : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // The current time, expressed in timeZone().
    virtual QDateTime now() const = 0;
    // The zone "daily at HH:MM" is read in (the system's, for the real clock).
    virtual QTimeZone timeZone() const = 0;
    qint64 nowMs() const { return now().toMSecsSinceEpoch(); }

protected:
    friend class ClockTimer;
    // A timer's deadline was set (or moved); the clock must fire it once the deadline has come.
    virtual void arm(ClockTimer *timer) = 0;
    virtual void disarm(ClockTimer *timer) = 0;
    // For implementations: fires a timer whose deadline has come.
    static void fire(ClockTimer *timer);
};

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
