#include "TerminationSignals.h"

#include <QSocketNotifier>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
int g_pipe[2] = { -1, -1 };

void onSignal(int number)
{
    const char byte = char(number);
    [[maybe_unused]] const auto written = ::write(g_pipe[1], &byte, 1);
}
} // namespace

struct TerminationSignals::Private
{
    QSocketNotifier *notifier = nullptr;
};

TerminationSignals::TerminationSignals(QObject *parent)
    : QObject(parent)
    , d(new Private)
{
    if (g_pipe[0] < 0 && ::socketpair(AF_UNIX, SOCK_STREAM, 0, g_pipe) != 0)
        return;
    d->notifier = new QSocketNotifier(g_pipe[0], QSocketNotifier::Read, this);
    connect(d->notifier, &QSocketNotifier::activated, this, [this] {
        char byte = 0;
        if (::read(g_pipe[0], &byte, 1) != 1)
            return;
        const int number = static_cast<unsigned char>(byte);
        const QString name = number == SIGINT ? u"SIGINT"_s : number == SIGTERM ? u"SIGTERM"_s : u"SIGHUP"_s;
        Q_EMIT terminationRequested(name);
    });
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int number : { SIGINT, SIGTERM, SIGHUP })
        ::sigaction(number, &action, nullptr);
}

TerminationSignals::~TerminationSignals()
{
    for (int number : { SIGINT, SIGTERM, SIGHUP })
        ::signal(number, SIG_DFL);
    delete d;
}

} // namespace mpa
