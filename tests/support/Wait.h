#pragma once
// Waiting in tests without sleeping: run the event loop until a signal arrives or a condition
// holds, with a hard timeout; fail at once when a failure signal arrives instead.

#include <QEventLoop>
#include <QObject>
#include <QString>
#include <QTimer>

#include <chrono>
#include <functional>

namespace mpa::test {

using namespace std::chrono_literals;
constexpr std::chrono::milliseconds kDefaultWait = 15s;

// Runs the event loop until `condition` holds (checked after events and every few ms).
bool waitUntil(const std::function<bool()> &condition, std::chrono::milliseconds timeout = kDefaultWait);

// Runs the event loop until `sender` emits `signal`.
template<typename Sender, typename Signal>
bool waitForSignal(Sender *sender, Signal signal, std::chrono::milliseconds timeout = kDefaultWait)
{
    QEventLoop loop;
    bool fired = false;
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(sender, signal, &loop, [&] {
        fired = true;
        loop.quit();
    });
    timer.start(timeout);
    loop.exec();
    return fired;
}

// Waits for `okSignal`; returns false at once when `failSignal` fires, with its first
// argument (when it is a string) in `failure`.
template<typename OkSender, typename OkSignal, typename FailSender, typename FailSignal>
bool waitForSignalOrFail(OkSender *okSender, OkSignal okSignal, FailSender *failSender, FailSignal failSignal,
                         QString *failure = nullptr, std::chrono::milliseconds timeout = kDefaultWait)
{
    QEventLoop loop;
    int outcome = 0; // 1 ok, -1 failed
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(okSender, okSignal, &loop, [&] {
        outcome = 1;
        loop.quit();
    });
    QObject::connect(failSender, failSignal, &loop, [&](auto &&...args) {
        outcome = -1;
        if (failure) {
            if constexpr (sizeof...(args) > 0) {
                const auto &first = std::get<0>(std::forward_as_tuple(args...));
                if constexpr (std::is_convertible_v<decltype(first), QString>)
                    *failure = first;
            }
        }
        loop.quit();
    });
    timer.start(timeout);
    loop.exec();
    if (outcome == 0 && failure)
        *failure = QStringLiteral("timed out");
    return outcome == 1;
}

} // namespace mpa::test
