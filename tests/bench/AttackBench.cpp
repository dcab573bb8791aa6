// Hostile local clients (issue 19): the app runs as users run it, and while each attack goes on
// a normal client's latency is measured — debug API requests, or an agent connecting,
// authenticating and getting a pong — with the app's memory before, at its peak and after.
//
//   slow heads      200 connections to the debug API sending a head a byte at a time, never
//                   finishing it, reconnecting whenever they are closed
//   WS pre-auth     64, then 256 tokenless WebSocket clients holding connections, reconnecting
//   silent TCP      256 connections to the agent port sending nothing at all, reconnecting
//   half-open       200 connections sending an upgrade request without its end, reconnecting
//   WS 16 MiB       32 tokenless clients each sending a 16 MiB message
//   non-reader      an authenticated agent sending pings with 256 KiB ids and never reading
//   bursts          65, 100 and 500 complete debug API requests sent at once (no attacker: every
//                   one should get its 200)
//
// During the tokenless storms the agent presents its token three ways: in a first message, in
// the URL (?token=) and in the upgrade request's Authorization header.
//
// Run: build/ci/tests/bench/mpa_attack_bench [SECONDS per attack, default 8] [NORMAL calls, default 40]
#include "AttackSupport.h"

#include <QCoreApplication>
#include <QPointer>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

struct Outcome
{
    QList<double> latencies; // of the normal client's calls that got through
    int failed = 0; // calls that got no good answer
    double rssBefore = 0;
    double rssPeak = 0;
    double rssAfter = 0; // a few seconds after the attack stopped
    QString note;
};

void printRow(const char *attack, const Outcome &o)
{
    std::printf("| %-26s | %8.2f | %8.2f | %8.2f | %3d/%-3d | %6.1f | %6.1f | %6.1f | %s\n", attack,
                percentile(o.latencies, 50), percentile(o.latencies, 95), percentile(o.latencies, 100),
                o.failed, int(o.latencies.size()) + o.failed, o.rssBefore, o.rssPeak, o.rssAfter,
                qPrintable(o.note));
    std::fflush(stdout);
}

// Watches the app's memory during an attack: from what it is now (the outcome's baseline and
// first peak), sampled every 100 ms into the outcome's peak.
class RssSampler
{
public:
    RssSampler(const AppUnderTest &app, Outcome &outcome)
    {
        outcome.rssBefore = outcome.rssPeak = app.rssMiB();
        double *peak = &outcome.rssPeak;
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer,
                         [&app, peak] { *peak = qMax(*peak, app.rssMiB()); });
        m_timer.start(100);
    }

private:
    QTimer m_timer;
};

// Runs `normal` (one call: ok or not, and its milliseconds) `calls` times spread over `seconds`
// while the attack runs.
void measureDuring(Outcome &outcome, int calls, int seconds,
                   const std::function<std::pair<bool, double>()> &normal)
{
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < calls; ++i) {
        // Spread over the attack: wait (in the event loop, so the attackers keep going) for this
        // call's moment.
        const qint64 at = qint64(seconds) * 1000 * i / calls;
        waitUntil([&] { return clock.elapsed() >= at; }, std::chrono::milliseconds(seconds * 1000 + 1000));
        const auto [ok, ms] = normal();
        if (ok)
            outcome.latencies.append(ms);
        else
            ++outcome.failed;
    }
}

void settle(const AppUnderTest &app, Outcome &outcome)
{
    // Let what the attack left go, then read the memory.
    QElapsedTimer clock;
    clock.start();
    waitUntil([&] { return clock.elapsed() > 3000; }, 5s);
    outcome.rssAfter = app.rssMiB();
}

// The attack's `count` sockets, each handed to `start` (with its index) to wire and connect.
template<typename Socket>
std::vector<std::unique_ptr<Socket>> crowd(int count, const std::function<void(Socket *, int)> &start)
{
    std::vector<std::unique_ptr<Socket>> sockets;
    for (int i = 0; i < count; ++i) {
        sockets.push_back(std::make_unique<Socket>());
        start(sockets.back().get(), i);
    }
    return sockets;
}

// While `attacking`, counts each time the server closes `socket` and opens it again (with
// `reopen`) on the next turn of the event loop, so the attacker keeps its places.
template<typename Socket>
void reopenWhenClosed(Socket *socket, const bool &attacking, int &closed, std::function<void()> reopen)
{
    QObject::connect(socket, &Socket::disconnected, socket, [socket, &attacking, &closed, reopen] {
        if (!attacking)
            return;
        ++closed;
        QTimer::singleShot(0, socket, reopen);
    });
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const auto [seconds, calls] = intArguments(argc, argv, { 8, 40 });

    AppUnderTest target;
    if (!target.start())
        return 1;
    const QByteArray request = target.debugRequest("getSystemInfo");
    const auto debugCall = [&]() -> std::pair<bool, double> {
        const auto [status, ms] = target.debugCall(request);
        return { status == 200, ms };
    };
    // A normal agent's call, its token in the first message, in the URL or in the upgrade's header.
    const auto agentCallWith = [&](TokenIn tokenIn) {
        return [&target, tokenIn]() -> std::pair<bool, double> {
            const std::optional<double> ms = target.agentRoundTrip(tokenIn);
            return { ms.has_value(), ms.value_or(0) };
        };
    };
    const auto agentCall = agentCallWith(TokenIn::Message);
    const auto urlAgentCall = agentCallWith(TokenIn::Url);
    const auto headerAgentCall = agentCallWith(TokenIn::Header);

    std::printf("\nAttack benchmark: %s, %d s per attack, normal client's calls spread over it\n\n",
                qPrintable(qEnvironmentVariable("MPA_BENCH_APP", appBinary())), seconds);
    std::printf("| %-26s | %8s | %8s | %8s | %7s | %6s | %6s | %6s | note\n", "attack (normal client)",
                "p50 ms", "p95 ms", "max ms", "fail/n", "RSS0", "RSSpk", "RSS+3s");
    std::printf("|%s|\n", QByteArray(110, '-').constData());

    // Baselines: `n` normal calls over 2 s with no attack.
    const auto baseline = [&](const char *name, int n, const std::function<std::pair<bool, double>()> &call) {
        Outcome o;
        o.rssBefore = o.rssPeak = target.rssMiB();
        measureDuring(o, n, 2, call);
        o.rssAfter = target.rssMiB();
        printRow(name, o);
    };
    baseline("none (debug API)", calls, debugCall);
    baseline("none (agent connects)", qMin(calls, 30), agentCall);

    // 200 slow heads.
    {
        Outcome o;
        RssSampler sampler(target, o);
        const QByteArray trickle
            = "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + QByteArray(30000, 'a');
        std::vector<qsizetype> sent(200, 0);
        int reconnects = 0;
        bool attacking = true;
        auto slow = crowd<QTcpSocket>(200, [&](QTcpSocket *s, int i) {
            reopenWhenClosed(s, attacking, reconnects, [&sent, s, i, &target] {
                sent[size_t(i)] = 0;
                s->connectToHost(QHostAddress::LocalHost, target.debug.port);
            });
            QObject::connect(s, &QTcpSocket::readyRead, s, [s] { s->readAll(); });
            s->connectToHost(QHostAddress::LocalHost, target.debug.port);
        });
        QTimer drip;
        QObject::connect(&drip, &QTimer::timeout, &drip, [&] {
            for (size_t i = 0; i < slow.size(); ++i) {
                if (slow[i]->state() != QAbstractSocket::ConnectedState)
                    continue;
                slow[i]->write(trickle.mid(sent[i] % trickle.size(), 1));
                ++sent[i];
            }
        });
        drip.start(20); // 50 bytes a second each
        measureDuring(o, calls, seconds, debugCall);
        attacking = false;
        drip.stop();
        slow.clear();
        settle(target, o);
        o.note = u"%1 slow connections closed by the server and reopened"_s.arg(reconnects);
        printRow("200 slow heads (debug)", o);
    }

    // Tokenless WebSocket clients holding connections, reconnecting the moment they are closed:
    // 64, then 256 (far more than the pre-auth places).
    const auto tokenlessStorm = [&](int count) {
        Outcome o;
        RssSampler sampler(target, o);
        bool attacking = true;
        int evicted = 0;
        const QUrl url(u"ws://127.0.0.1:%1/"_s.arg(target.agentPort));
        auto idle = crowd<QWebSocket>(count, [&](QWebSocket *s, int) {
            reopenWhenClosed(s, attacking, evicted, [s, url] { s->open(url); });
            s->open(url);
        });
        measureDuring(o, qMin(calls, 30), seconds / 3, agentCall);
        Outcome byUrl;
        byUrl.rssBefore = o.rssBefore;
        measureDuring(byUrl, qMin(calls, 30), seconds / 3, urlAgentCall);
        Outcome byHeader;
        byHeader.rssBefore = o.rssBefore;
        measureDuring(byHeader, qMin(calls, 30), seconds / 3, headerAgentCall);
        attacking = false;
        idle.clear();
        settle(target, o);
        for (Outcome *other : { &byUrl, &byHeader }) {
            other->rssPeak = o.rssPeak;
            other->rssAfter = o.rssAfter;
        }
        o.note = u"%1 tokenless connections closed by the server and reopened"_s.arg(evicted);
        printRow(qPrintable(u"%1 tokenless WS (agent)"_s.arg(count)), o);
        printRow("  same (agent, ?token=)", byUrl);
        printRow("  same (agent, header)", byHeader);
    };
    tokenlessStorm(64);
    tokenlessStorm(256);

    // `count` TCP connections to the agent port that send `sent` once connected and nothing more,
    // reconnecting the moment they are closed, while the normal client's `call`s are measured.
    const auto agentPortCrowd = [&](const char *row, int count, const QByteArray &sent,
                                    const std::function<std::pair<bool, double>()> &call,
                                    const QString &what) {
        Outcome o;
        RssSampler sampler(target, o);
        bool attacking = true;
        int closed = 0;
        auto sockets = crowd<QTcpSocket>(count, [&](QTcpSocket *s, int) {
            if (!sent.isEmpty())
                QObject::connect(s, &QTcpSocket::connected, s, [s, sent] { s->write(sent); });
            reopenWhenClosed(s, attacking, closed,
                             [s, &target] { s->connectToHost(QHostAddress::LocalHost, target.agentPort); });
            s->connectToHost(QHostAddress::LocalHost, target.agentPort);
        });
        measureDuring(o, qMin(calls, 30), seconds, call);
        attacking = false;
        sockets.clear();
        settle(target, o);
        o.note = u"%1 %2 closed by the server and reopened"_s.arg(closed).arg(what);
        printRow(row, o);
    };
    // 256 that send nothing at all (not even the upgrade); an agent with its token in the
    // upgrade's header.
    agentPortCrowd("256 silent TCP (agent, header)", 256, {}, headerAgentCall, u"silent connections"_s);
    // 200 that start an upgrade request and never finish it.
    const QByteArray head = webSocketUpgradeRequest(target.agentPort, "/");
    agentPortCrowd("200 half-open upgrades (agent)", 200,
                   head.left(head.size() - 2) /* all but the blank line */, agentCall,
                   u"half-open upgrades"_s);

    // 32 tokenless clients sending 16 MiB messages.
    {
        Outcome o;
        RssSampler sampler(target, o);
        const QByteArray big(16 * 1024 * 1024, 'x');
        int closed = 0;
        const QUrl url(u"ws://127.0.0.1:%1/"_s.arg(target.agentPort));
        auto senders = crowd<QWebSocket>(32, [&](QWebSocket *s, int) {
            QObject::connect(s, &QWebSocket::connected, s, [s, &big] { s->sendBinaryMessage(big); });
            QObject::connect(s, &QWebSocket::disconnected, s, [&closed] { ++closed; });
            s->open(url);
        });
        measureDuring(o, qMin(calls, 30), seconds, agentCall);
        senders.clear();
        settle(target, o);
        o.note = u"%1 of 32 senders closed by the server"_s.arg(closed);
        printRow("32 x 16 MiB pre-auth (agent)", o);
    }

    // An agent that never reads its replies.
    {
        Outcome o;
        RssSampler sampler(target, o);
        auto reader = std::make_unique<QTcpSocket>();
        reader->setReadBufferSize(1); // reads nothing more: the replies pile up at the server
        bool upgraded = false;
        bool dropped = false;
        const QByteArray ping
            = webSocketFrame("{\"type\":\"ping\",\"id\":\"" + QByteArray(256 * 1024, 'i') + "\"}");
        QTimer flood;
        QObject::connect(reader.get(), &QTcpSocket::connected, reader.get(), [&] {
            reader->write(webSocketUpgradeRequest(target.agentPort,
                                                  "/?token=" + QUrl::toPercentEncoding(target.agentToken)));
            upgraded = true;
        });
        bool leaving = false;
        QObject::connect(reader.get(), &QTcpSocket::disconnected, reader.get(), [&] { dropped = !leaving; });
        QObject::connect(&flood, &QTimer::timeout, &flood, [&] {
            // Keep a few MiB in flight: the server reads our pings as fast as it can.
            if (upgraded && reader->state() == QAbstractSocket::ConnectedState
                && reader->bytesToWrite() < 4 * 1024 * 1024)
                reader->write(ping);
        });
        reader->connectToHost(QHostAddress::LocalHost, target.agentPort);
        flood.start(1);
        measureDuring(o, qMin(calls, 30), seconds, agentCall);
        flood.stop();
        leaving = true;
        reader->abort();
        reader.reset();
        settle(target, o);
        o.note = dropped ? u"the server dropped the non-reader"_s : u"the non-reader was kept to the end"_s;
        printRow("non-reading agent (agent)", o);
    }

    // Bursts of complete requests, no attacker: each request should be answered, none evicted.
    for (const int count : { 65, 100, 500 }) {
        Outcome o;
        RssSampler sampler(target, o);
        std::atomic<bool> done = false;
        BurstOutcome burst;
        std::thread clients([&] {
            burst = blockingBurst(target.debug.port, request, count);
            done = true;
        });
        waitUntil([&] { return done.load(); }, 60s);
        clients.join();
        o.rssAfter = target.rssMiB();
        o.latencies.append(burst.ms);
        o.failed = count - burst.statuses.value(200);
        QStringList statuses;
        for (auto it = burst.statuses.cbegin(); it != burst.statuses.cend(); ++it)
            statuses.append(u"%1 × %2"_s.arg(it.value()).arg(it.key()));
        o.note
            = u"%1 requests at once: %2 (ms = until the last reply)"_s.arg(count).arg(statuses.join(u", "_s));
        // The failed column counts requests without a 200.
        std::printf("| %-26s | %8.2f | %8s | %8s | %3d/%-3d | %6.1f | %6.1f | %6.1f | %s\n",
                    qPrintable(u"burst of %1 (debug)"_s.arg(count)), burst.ms, "", "", o.failed, count,
                    o.rssBefore, o.rssPeak, o.rssAfter, qPrintable(o.note));
        std::fflush(stdout);
    }

    std::printf("\n");
    target.stop();
    return 0;
}
