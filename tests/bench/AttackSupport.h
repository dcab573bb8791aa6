#pragma once
// What the attack and soak benchmarks share: the app run as users run it (its own process,
// its own config dir, the debug API and the agent server on), its memory read from /proc, a
// normal debug API client timed on its socket's signals, and a normal agent over WebSocket.
//
// MPA_BENCH_APP names another multi-purpose-agent binary to measure (e.g. an older build, for
// before/after figures).

#include "AppRun.h"
#include "BenchSupport.h"
#include "BlockingSend.h"
#include "RawWebSocket.h"
#include "TestEnvironment.h"
#include "server/DebugApiClient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QSettings>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>
#include <QWebSocket>

#include <atomic>
#include <cstdio>
#include <optional>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace mpa::test {

// Where an agent presents its token: a first {"type":"auth"} message, ?token= in the URL, or the
// upgrade request's Authorization header.
enum class TokenIn { Message, Url, Header };

std::optional<double> blockingAgentRoundTrip(quint16 port, const QByteArray &token, TokenIn tokenIn);

class AppUnderTest
{
public:
    // Starts the app with the debug API and the agent server on; the browser at `cdpPort`
    // (0: a port nothing listens on).
    bool start(quint16 cdpPort = 0)
    {
        agentPort = unusedPort();
        {
            QSettings ini(QDir(config.path()).filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
            ini.setValue(QStringLiteral("agentServer/enabled"), true);
            ini.setValue(QStringLiteral("agentServer/mode"), QStringLiteral("server"));
            ini.setValue(QStringLiteral("agentServer/port"), agentPort);
        }
        const QString binary = qEnvironmentVariable("MPA_BENCH_APP", appBinary());
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.start(binary,
                      { QStringLiteral("--headless"), QStringLiteral("--config-dir"), config.path(),
                        QStringLiteral("--debug-server=0"), QStringLiteral("--cdp-port"),
                        QString::number(cdpPort ? cdpPort : unusedPort()) });
        if (!process.waitForStarted()) {
            std::fprintf(stderr, "cannot start %s\n", qPrintable(binary));
            return false;
        }
        QString problem;
        std::optional<DebugApiClient::Endpoint> found;
        waitUntil([&] { return (found = DebugApiClient::locate(config.path(), &problem)).has_value(); }, 20s);
        if (!found) {
            std::fprintf(stderr, "the debug API did not come up: %s\n", qPrintable(problem));
            return false;
        }
        debug = *found;
        QFile tokenFile(QDir(config.path()).filePath(QStringLiteral("agent-token")));
        waitUntil([&] { return tokenFile.exists(); });
        if (!tokenFile.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "no agent-token\n");
            return false;
        }
        agentToken = QString::fromUtf8(tokenFile.readAll()).trimmed();
        // The agent server listens once the engine has started it.
        if (!waitUntil([&] { return agentRoundTrip().has_value(); }, 20s)) {
            std::fprintf(stderr, "the agent server did not come up on %u\n", unsigned(agentPort));
            return false;
        }
        return true;
    }

    void stop()
    {
        if (process.state() == QProcess::NotRunning)
            return;
        process.terminate();
        if (!process.waitForFinished(15000))
            process.kill();
        process.waitForFinished();
    }

    ~AppUnderTest() { stop(); }

    // The app's resident memory in MiB (VmRSS).
    double rssMiB() const { return mpa::test::rssMiB(QString::number(process.processId())); }

    QByteArray debugRequest(const QByteArray &action) const
    {
        const QByteArray body = "{\"action\":\"" + action + "\"}";
        return "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(debug.port)
            + "\r\nAuthorization: Bearer " + debug.token.toUtf8()
            + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
            + "\r\n\r\n" + body;
    }

    // One debug API request on a new connection, timed on the socket's signals: the HTTP
    // status (0: none within 10 s) and the milliseconds it took. The request is sent as a
    // client in another process sends it: connect and write at once (blocking calls), so the
    // attackers' sockets in this process do not delay it; the reply is read in the event loop.
    std::pair<int, double> debugCall(const QByteArray &request) const
    {
        QElapsedTimer timer;
        timer.start();
        const int fd = blockingSend(debug.port, request);
        if (fd < 0)
            return { 0, double(timer.nsecsElapsed()) / 1e6 };
        QTcpSocket socket;
        socket.setSocketDescriptor(fd);
        QEventLoop loop;
        QByteArray received;
        const auto complete = [&] {
            const qsizetype end = received.indexOf("\r\n\r\n");
            if (end < 0)
                return false;
            const qsizetype at = received.indexOf("Content-Length: ");
            const qsizetype length
                = at < 0 ? 0 : received.mid(at + 16, received.indexOf('\r', at) - at - 16).toLongLong();
            return received.size() >= end + 4 + length;
        };
        QObject::connect(&socket, &QTcpSocket::readyRead, &loop, [&] {
            received += socket.readAll();
            if (complete())
                loop.quit();
        });
        QObject::connect(&socket, &QTcpSocket::disconnected, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        if (socket.bytesAvailable() > 0)
            received += socket.readAll();
        if (!complete())
            loop.exec();
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        socket.abort();
        const int status = received.startsWith("HTTP/1.1 ") ? received.mid(9, 3).toInt() : 0;
        return { status, ms };
    }

    // One agent's round trip as an agent in another process makes it: on a thread of its own
    // with blocking sockets, so the attackers in this process never delay its reads and writes,
    // while they go on in this thread's event loop. Connect, upgrade, authenticate (in the
    // first message, with ?token= in the URL or in the upgrade's header) and ping: the milliseconds from
    // connect to pong, or nothing when there was no pong within 10 s.
    std::optional<double> agentRoundTrip(TokenIn tokenIn = TokenIn::Message) const
    {
        std::atomic<bool> done = false;
        std::optional<double> result;
        std::thread agent([&, port = agentPort, token = agentToken.toUtf8()] {
            result = blockingAgentRoundTrip(port, token, tokenIn);
            done = true;
        });
        QEventLoop loop;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (done)
                loop.quit();
        });
        poll.start(1);
        loop.exec();
        agent.join();
        return result;
    }

    QTemporaryDir config;
    QProcess process;
    DebugApiClient::Endpoint debug;
    quint16 agentPort = 0;
    QString agentToken;
};

// The agent of AppUnderTest::agentRoundTrip, on blocking POSIX sockets.
inline std::optional<double> blockingAgentRoundTrip(quint16 port, const QByteArray &token, TokenIn tokenIn)
{
    QElapsedTimer timer;
    timer.start();
    const QByteArray path = tokenIn == TokenIn::Url
        ? QByteArray("/?token=" + QUrl::toPercentEncoding(QString::fromUtf8(token)))
        : QByteArray("/");
    const QByteArray headers
        = tokenIn == TokenIn::Header ? "Authorization: Bearer " + token + "\r\n" : QByteArray();
    QList<QByteArray> first;
    if (tokenIn == TokenIn::Message)
        first.append("{\"type\":\"auth\",\"token\":\"" + token + "\"}");
    std::string why;
    if (!blockingAgentPing(port, path, headers, first, &why))
        return std::nullopt;
    return double(timer.nsecsElapsed()) / 1e6;
}

// `count` clients that each connect and send `request` whole at once — as a script firing
// requests in parallel does — on blocking sockets in a thread of their own (connections the
// server has not accepted yet wait in its kernel queue), then read every reply. The statuses
// (0: no answer within 20 s) and the milliseconds until the last reply.
struct BurstOutcome
{
    QMap<int, int> statuses; // status -> how many
    double ms = 0;
};

inline BurstOutcome blockingBurst(quint16 port, const QByteArray &request, int count)
{
    BurstOutcome outcome;
    QElapsedTimer timer;
    timer.start();
    std::vector<int> fds;
    for (int i = 0; i < count; ++i) {
        const int fd = blockingSend(port, request);
        if (fd < 0) {
            ++outcome.statuses[0];
            continue;
        }
        fds.push_back(fd);
    }
    std::vector<QByteArray> replies(fds.size());
    std::vector<bool> open(fds.size(), true);
    size_t left = fds.size();
    while (left > 0 && timer.elapsed() < 20000) {
        std::vector<pollfd> polled;
        std::vector<size_t> which;
        for (size_t i = 0; i < fds.size(); ++i) {
            if (open[i]) {
                polled.push_back({ fds[i], POLLIN, 0 });
                which.push_back(i);
            }
        }
        if (::poll(polled.data(), nfds_t(polled.size()), 200) <= 0)
            continue;
        for (size_t k = 0; k < polled.size(); ++k) {
            if (!(polled[k].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const size_t i = which[k];
            char buffer[4096];
            const ssize_t n = ::recv(fds[i], buffer, sizeof buffer, 0);
            if (n > 0) {
                replies[i].append(buffer, n);
                continue;
            }
            open[i] = false;
            --left;
        }
    }
    outcome.ms = double(timer.nsecsElapsed()) / 1e6;
    for (size_t i = 0; i < fds.size(); ++i) {
        ::close(fds[i]);
        const QByteArray &reply = replies[i];
        ++outcome.statuses[reply.startsWith("HTTP/1.1 ") ? reply.mid(9, 3).toInt() : 0];
    }
    return outcome;
}

} // namespace mpa::test
