// Soak (issue 19): flat memory and throughput over many requests. The app runs as users run it,
// attached to a real headless Chromium; the benchmark makes
//   - debug API requests (getSystemInfo, a new connection each, 8 at a time),
//   - agent round trips (tab list over one authenticated WebSocket, 8 in flight),
//   - browser restarts (Chromium killed and started again on its port; the app reconnects),
// and prints the app's memory (VmRSS) and the throughput after the warm-up and at the end.
// Goal: growth ≤ 1 MiB, throughput within 10 %.
//
// Run: build/ci/tests/bench/mpa_soak_bench [DEBUG requests, default 100000]
//          [AGENT round trips, default 100000] [RESTARTS, default 200]
#include "AttackSupport.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

constexpr int kLanes = 8;

struct Window
{
    int done = 0; // requests completed when it was taken
    double rate = 0; // per second over the window before it
    double rssMiB = 0;
};

void printPhase(const char *what, const QList<Window> &windows, int total, int failures)
{
    if (windows.size() < 4) {
        std::printf("| %-34s | too few requests to compare (%d)\n", what, total);
        return;
    }
    // After the warm-up (the first tenth): the next two tenths; at the end: the last two.
    // Two windows each, as the machine's other load makes single windows noisy.
    const auto average = [](const Window &a, const Window &b) {
        return Window { b.done, (a.rate + b.rate) / 2, b.rssMiB };
    };
    const Window warm = average(windows.at(1), windows.at(2));
    const Window end = average(windows.at(windows.size() - 2), windows.last());
    std::printf("| %-34s | %8d | %9.0f | %9.0f | %+6.1f %% | %7.1f | %7.1f | %+6.2f | %d\n", what, total,
                warm.rate, end.rate, warm.rate > 0 ? 100.0 * (end.rate - warm.rate) / warm.rate : 0.0,
                warm.rssMiB, end.rssMiB, end.rssMiB - warm.rssMiB, failures);
    std::fflush(stdout);
}

// Runs `total` requests, `kLanes` at a time; `start(lane, done)` starts one and calls done(ok).
// A window is taken every `total / 10` requests.
QList<Window> drive(const AppUnderTest &app, int total, int *failures,
                    const std::function<void(int lane, std::function<void(bool)>)> &start)
{
    // Shared with the callbacks, which may still be queued when this returns.
    struct State
    {
        QList<Window> windows;
        int started = 0;
        int done = 0;
        int failures = 0;
        QElapsedTimer clock;
        qint64 windowStart = 0;
        std::function<void(int)> next;
    };
    auto state = std::make_shared<State>();
    const int every = qMax(1, total / 10);
    state->clock.start();
    const std::weak_ptr<State> weak = state;
    state->next = [weak, total, every, &app, start](int lane) {
        const std::shared_ptr<State> s = weak.lock();
        if (!s || s->started >= total)
            return;
        ++s->started;
        start(lane, [weak, lane, every, &app](bool ok) {
            const std::shared_ptr<State> s = weak.lock();
            if (!s)
                return;
            ++s->done;
            if (!ok)
                ++s->failures;
            if (s->done % every == 0) {
                const qint64 now = s->clock.nsecsElapsed();
                s->windows.append({ s->done, every / (double(now - s->windowStart) / 1e9), app.rssMiB() });
                s->windowStart = now;
                std::fprintf(stderr, "soak: %d done, %.0f/s, %.1f MiB\n", s->done, s->windows.last().rate,
                             s->windows.last().rssMiB);
            }
            QTimer::singleShot(0, &app.process, [weak, lane] {
                if (const std::shared_ptr<State> s = weak.lock())
                    s->next(lane);
            });
        });
    };
    for (int lane = 0; lane < kLanes; ++lane)
        state->next(lane);
    waitUntil([&] { return state->done >= total; }, std::chrono::hours(2));
    *failures += state->failures;
    const QList<Window> windows = state->windows;
    state->next = {}; // breaks nothing: the callbacks hold only a weak pointer
    return windows;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const auto [debugRequests, agentTrips, restarts] = intArguments(argc, argv, { 100000, 100000, 200 });

    HeadlessChromium chromium;
    if (!startChromium(chromium))
        return 1;
    AppUnderTest target;
    if (!target.start(chromium.port()))
        return 1;
    const QByteArray cdpRequest = target.debugRequest("getCDPConnections");
    if (!waitUntil([&] { return target.debugCall(cdpRequest).first == 200; }, 30s)) {
        std::fprintf(stderr, "the app did not attach to Chromium\n");
        return 1;
    }

    std::printf("\nSoak benchmark: %s against %s\n\n",
                qPrintable(qEnvironmentVariable("MPA_BENCH_APP", appBinary())),
                qPrintable(chromium.port() ? u"Chromium on port %1"_s.arg(chromium.port()) : QString()));
    std::printf("| %-34s | %8s | %9s | %9s | %8s | %7s | %7s | %6s | %s\n", "phase", "n", "warm /s", "end /s",
                "change", "RSS MiB", "end MiB", "growth", "failed");
    std::printf("|%s|\n", QByteArray(112, '-').constData());

    // Debug API requests, a connection each.
    {
        const QByteArray request = target.debugRequest("getSystemInfo");
        std::vector<std::unique_ptr<QTcpSocket>> sockets;
        int failures = 0;
        const QList<Window> windows
            = drive(target, debugRequests, &failures, [&](int, std::function<void(bool)> done) {
                  auto *socket = new QTcpSocket;
                  auto received = std::make_shared<QByteArray>();
                  auto finished = std::make_shared<bool>(false);
                  auto finish = [socket, finished, done, received](bool ok) {
                      if (*finished)
                          return;
                      *finished = true;
                      socket->abort();
                      socket->deleteLater();
                      done(ok);
                  };
                  QObject::connect(socket, &QTcpSocket::connected, socket,
                                   [socket, &request] { socket->write(request); });
                  QObject::connect(socket, &QTcpSocket::readyRead, socket, [socket, received, finish] {
                      *received += socket->readAll();
                      if (received->endsWith("}\n"))
                          finish(received->startsWith("HTTP/1.1 200 "));
                  });
                  QObject::connect(socket, &QTcpSocket::disconnected, socket, [finish, received] {
                      finish(received->startsWith("HTTP/1.1 200 ") && received->endsWith("}\n"));
                  });
                  QObject::connect(socket, &QTcpSocket::errorOccurred, socket, [finish] { finish(false); });
                  socket->connectToHost(QHostAddress::LocalHost, target.debug.port);
              });
        printPhase("debug API getSystemInfo", windows, debugRequests, failures);
    }

    // Agent round trips over one connection.
    {
        QWebSocket agent;
        bool open = false;
        QObject::connect(&agent, &QWebSocket::connected, &agent, [&] { open = true; });
        agent.open(QUrl(u"ws://127.0.0.1:%1/?token=%2"_s.arg(target.agentPort)
                            .arg(QString::fromLatin1(QUrl::toPercentEncoding(target.agentToken)))));
        if (!waitUntil([&] { return open; })) {
            std::fprintf(stderr, "the agent could not connect\n");
            return 1;
        }
        QHash<QString, std::function<void(bool)>> waiting;
        QObject::connect(&agent, &QWebSocket::textMessageReceived, &agent, [&](const QString &text) {
            const QJsonObject reply = QJsonDocument::fromJson(text.toUtf8()).object();
            const auto done = waiting.take(reply.value(u"id").toString());
            if (done)
                done(reply.value(u"success").toBool());
        });
        int failures = 0;
        int id = 0;
        const QList<Window> windows
            = drive(target, agentTrips, &failures, [&](int, std::function<void(bool)> done) {
                  const QString key = QString::number(++id);
                  waiting.insert(key, std::move(done));
                  agent.sendTextMessage(
                      u"{\"id\":\"%1\",\"type\":\"tab\",\"params\":{\"action\":\"list\"}}"_s.arg(key));
              });
        printPhase("agent round trips (tab list)", windows, agentTrips, failures);
        agent.close();
    }

    // Browser restarts.
    {
        QList<Window> windows;
        int failures = 0;
        QList<double> times;
        QElapsedTimer clock;
        clock.start();
        qint64 windowStart = 0;
        const int every = qMax(1, restarts / 10);
        for (int i = 1; i <= restarts; ++i) {
            QElapsedTimer one;
            one.start();
            chromium.kill();
            QString error;
            if (!chromium.restart(&error)) {
                std::fprintf(stderr, "Chromium did not start again: %s\n", qPrintable(error));
                return 1;
            }
            if (!waitUntil([&] { return target.debugCall(cdpRequest).first == 200; }, 30s))
                ++failures;
            times.append(double(one.nsecsElapsed()) / 1e6);
            if (i % every == 0) {
                const qint64 now = clock.nsecsElapsed();
                windows.append({ i, every / (double(now - windowStart) / 1e9), target.rssMiB() });
                windowStart = now;
            }
        }
        printPhase("browser restarts (per second)", windows, restarts, failures);
        if (!times.isEmpty())
            std::printf(
                "\nbrowser restart to the app answering again: p50 %.0f ms, p95 %.0f ms, max %.0f ms\n",
                percentile(times, 50), percentile(times, 95), percentile(times, 100));
    }
    std::printf("\n");
    target.stop();
    chromium.stop();
    return 0;
}
