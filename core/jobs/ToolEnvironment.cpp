#include "ToolEnvironment.h"

#include "common/ClockTimer.h"

#include <memory>

namespace mpa {

namespace {

// One settle under way: looks every kSettleStep until the tab is done or the limit is reached.
struct Settle
{
    std::function<int(const QString &, qint64)> pending;
    std::function<QList<NetworkEntry>(const QString &, qint64, int)> since;
    QString tab;
    qint64 mark = 0;
    std::chrono::milliseconds limit;
    Clock *clock = nullptr;
    QObject *context = nullptr;
    std::function<void()> done;

    void look(const std::shared_ptr<Settle> &self, std::chrono::milliseconds waited,
              std::chrono::milliseconds quiet)
    {
        const int open = pending ? pending(tab, mark) : 0;
        const bool calledOut = since && !since(tab, mark, 1).isEmpty();
        const bool busy = open > 0 || (calledOut && quiet < ToolEnvironment::kSettleQuiet);
        if (!busy || waited >= limit)
            return done();
        const std::chrono::milliseconds nextQuiet
            = open > 0 ? std::chrono::milliseconds::zero() : quiet + ToolEnvironment::kSettleStep;
        ClockTimer::singleShot(clock, ToolEnvironment::kSettleStep, context, [self, waited, nextQuiet] {
            self->look(self, waited + ToolEnvironment::kSettleStep, nextQuiet);
        });
    }
};

} // namespace

void ToolEnvironment::settle(const QString &tab, qint64 mark, std::chrono::milliseconds limit, Clock *clock,
                             QObject *context, std::function<void()> done) const
{
    auto settle = std::make_shared<Settle>(
        Settle { networkPending, networkSince, tab, mark, limit, clock, context, std::move(done) });
    settle->look(settle, std::chrono::milliseconds::zero(), std::chrono::milliseconds::zero());
}

} // namespace mpa
