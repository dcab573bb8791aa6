#include "TerminationSignals.h"

#include <QTimer>

#include <atomic>
#include <csignal>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
std::atomic<int> g_signal { 0 };

extern "C" void onSignal(int number)
{
    g_signal = number;
}
} // namespace

struct TerminationSignals::Private
{
    QTimer timer;
};

TerminationSignals::TerminationSignals(QObject *parent)
    : QObject(parent)
    , d(new Private)
{
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    // A signal handler may do next to nothing here; the event loop looks for the flag.
    d->timer.setInterval(200);
    connect(&d->timer, &QTimer::timeout, this, [this] {
        if (const int number = g_signal.exchange(0))
            Q_EMIT terminationRequested(number == SIGINT ? u"SIGINT"_s : u"SIGTERM"_s);
    });
    d->timer.start();
}

TerminationSignals::~TerminationSignals()
{
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    delete d;
}

} // namespace mpa
