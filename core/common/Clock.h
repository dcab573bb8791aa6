#pragma once
// Time for the scheduler and the quota monitor, injectable so tests never wait in real time.
// A Clock says what time it is (in its time zone) and runs ClockTimers (ClockTimer.h):
// single-shot timers with a wall-clock deadline. SystemClock is the real one; tests use a FakeClock they
// advance by hand.

#include <QDateTime>
#include <QObject>
#include <QTimeZone>

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

} // namespace mpa
