#include "Wait.h"

#include <QDeadlineTimer>

namespace mpa::test {

bool waitUntil(const std::function<bool()> &condition, std::chrono::milliseconds timeout)
{
    if (condition())
        return true;
    QEventLoop loop;
    QDeadlineTimer deadline(timeout);
    QTimer tick;
    bool satisfied = false;
    // The tick only re-checks the condition; the events that change it run in this loop.
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        if (condition()) {
            satisfied = true;
            loop.quit();
        } else if (deadline.hasExpired()) {
            loop.quit();
        }
    });
    tick.start(5);
    loop.exec();
    return satisfied;
}

} // namespace mpa::test
