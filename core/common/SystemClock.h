#pragma once
// The real clock: the system's time and time zone. Timers wait on one precise QTimer, which
// wakes at least once a minute to look at the wall clock again, so a deadline is kept after
// a suspend, a manual clock change or a DST switch (QTimer alone measures elapsed time).

#include "Clock.h"
#include "ClockTimer.h"

#include <QList>
#include <QTimer>

namespace mpa {

class SystemClock : public Clock
{
    Q_OBJECT
public:
    explicit SystemClock(QObject *parent = nullptr);

    QDateTime now() const override;
    QTimeZone timeZone() const override;

protected:
    void arm(ClockTimer *timer) override;
    void disarm(ClockTimer *timer) override;

private:
    void reschedule();
    void onWake();

    QList<QPointer<ClockTimer>> m_armed;
    QTimer m_wake;
};

} // namespace mpa
