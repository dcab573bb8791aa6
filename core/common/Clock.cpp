#include "Clock.h"

#include "ClockTimer.h"

namespace mpa {

void Clock::fire(ClockTimer *timer)
{
    timer->fire();
}

} // namespace mpa
