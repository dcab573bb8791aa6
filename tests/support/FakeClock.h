#pragma once
// A clock that stands still until the test moves it: advance() walks time forward, firing
// every ClockTimer that comes due on the way, in deadline order, with now() at each timer's
// deadline — hours of schedule in microseconds of test.

#include "common/Clock.h"
#include "common/ClockTimer.h"

#include <QList>
#include <QPointer>

#include <chrono>
#include <functional>

namespace mpa::test {

class FakeClock : public Clock
{
    Q_OBJECT
public:
    explicit FakeClock(const QDateTime &start, const QTimeZone &zone = QTimeZone::utc(),
                       QObject *parent = nullptr);

    QDateTime now() const override;
    QTimeZone timeZone() const override { return m_zone; }

    void advance(std::chrono::milliseconds step);
    void advanceTo(const QDateTime &when);
    // The system clock set back by hand: no timer fires.
    void jumpBack(std::chrono::milliseconds step);
    // Time passed unseen (suspend and resume, or the clock set forward by hand): now() moves
    // at once, then every timer that came due fires, each once, with now() already there.
    void jumpForward(std::chrono::milliseconds step);
    int armedTimers() const;

    // For the engine's parts that also wait on real things (a browser, a socket): moves the clock
    // `step` (a second) at a time, no faster than every 50 ms of real time so those keep up, until
    // `done` holds (false when `timeout` of real time passes first). A longer step for a long
    // wait in which the real things only need to keep answering.
    bool runUntil(const std::function<bool()> &done,
                  std::chrono::milliseconds timeout = std::chrono::seconds(90),
                  std::chrono::milliseconds step = std::chrono::seconds(1));

protected:
    void arm(ClockTimer *timer) override;
    void disarm(ClockTimer *timer) override;

private:
    qint64 m_nowMs;
    QTimeZone m_zone;
    QList<QPointer<ClockTimer>> m_armed;
};

} // namespace mpa::test
