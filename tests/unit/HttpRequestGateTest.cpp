// The transport checks the debug API makes before a request is read.
#include "common/HttpRequestGate.h"

#include "BlockingSend.h"
#include "RawHttp.h"
#include "Wait.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTimer>

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <memory>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

HttpRequestGate::Head inspect(const QByteArray &head)
{
    return HttpRequestGate::inspectHead(head, HttpRequestGate::Limits());
}

TEST(HttpRequestGate, AcceptsAnOrdinaryRequestHead)
{
    const QByteArray head = "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1:54321\r\nContent-Length: 42\r\n"
                            "Expect: 100-continue\r\n\r\n";
    const HttpRequestGate::Head h = inspect(head);
    EXPECT_EQ(h.status, 0) << h.error.toStdString();
    EXPECT_EQ(h.method, "POST");
    EXPECT_EQ(h.target, "/api/action");
    EXPECT_EQ(h.contentLength, 42);
    EXPECT_EQ(h.headBytes, head.size());
    EXPECT_TRUE(h.expectContinue);
    EXPECT_EQ(inspect("GET /api/state HTTP/1.0\r\n\r\n").status, 0);
}

TEST(HttpRequestGate, RefusesOversizedMalformedAndChunkedRequests)
{
    struct Case
    {
        QByteArray head;
        int status;
        const char *mentions;
    };
    const QList<Case> cases = {
        { "POST / HTTP/1.1\r\nContent-Length: 2097152\r\n\r\n", 413, "the limit is 1048576 bytes" },
        { "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411, "Content-Length" },
        { "POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400, "conflicting" },
        { "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400, "not a number" },
        { "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n", 400, "not a number" },
        { "GET / HTTP/1.1\r\nX-A: 1\r\n folded\r\n\r\n", 400, "folded" },
        { "GET / HTTP/1.1\r\nBad Header: 1\r\n\r\n", 400, "malformed header" },
        { "GET / HTTP/1.1\r\nX-A: a\x01z\r\n\r\n", 400, "control characters" },
        { "GET / HTTP/1.1\nHost: x\r\n\r\n", 400, "CR LF" },
        { "GET /\r\n\r\n", 400, "malformed request line" },
        { "GET / HTTP/2.0\r\n\r\n", 505, "not supported" },
        { "GET http://example.com/ HTTP/1.1\r\n\r\n", 400, "not a path" },
        { "CONNECT /x HTTP/1.1\r\n\r\n", 405, "CONNECT" },
        { "GET / HTTP/1.1\r\nUpgrade: websocket\r\n\r\n", 400, "upgrades" },
        { "POST / HTTP/1.1\r\nExpect: 200-ok\r\n\r\n", 417, "Expect" },
        { "G\"T / HTTP/1.1\r\n\r\n", 400, "method" },
        { "GET / HTTP/1.1\r\nX-Pad: " + QByteArray(40 * 1024, 'x') + "\r\n\r\n", 431, "larger than" },
    };
    for (const Case &c : cases) {
        const HttpRequestGate::Head h = inspect(c.head);
        EXPECT_EQ(h.status, c.status) << c.head.left(80).toStdString() << " → " << h.error.toStdString();
        EXPECT_TRUE(h.error.contains(QLatin1StringView(c.mentions)))
            << c.head.left(80).toStdString() << " → " << h.error.toStdString();
    }
    QByteArray many = "GET / HTTP/1.1\r\n";
    for (int i = 0; i < 120; ++i)
        many += "X-" + QByteArray::number(i) + ": 1\r\n";
    EXPECT_EQ(inspect(many + "\r\n").status, 431);
}

TEST(HttpRequestGate, ErrorRepliesAreCompleteJsonAnswersThatCloseTheConnection)
{
    const QByteArray reply = HttpRequestGate::errorReply(413, QStringLiteral("too big"));
    EXPECT_TRUE(reply.startsWith("HTTP/1.1 413 Payload Too Large\r\n"));
    EXPECT_TRUE(reply.contains("\r\nConnection: close\r\n"));
    EXPECT_TRUE(reply.contains("\r\nContent-Type: application/json\r\n"));
    EXPECT_TRUE(reply.endsWith("{\"error\":\"too big\",\"success\":false}\n"));
    EXPECT_FALSE(reply.contains("Access-Control"));
}

TEST(HttpRequestGate, ARequestThatDoesNotArriveInTimeIsRefusedWith408)
{
    HttpRequestGate gate({ .requestTimeout = 300ms });
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    QSignalSpy refused(&gate, &HttpRequestGate::refused);
    // Half a head, then nothing (a slow client holding the connection).
    const RawHttpReply reply
        = rawHttp(gate.serverPort(), "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\n", 10s);
    EXPECT_EQ(reply.status, 408) << reply.describe().toStdString();
    ASSERT_EQ(refused.count(), 1);
    EXPECT_EQ(refused.first().at(0).toInt(), 408);
    // A declared body that never comes is the same.
    const RawHttpReply body
        = rawHttp(gate.serverPort(),
                  "POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n{", 10s);
    EXPECT_EQ(body.status, 408) << body.describe().toStdString();
}

// Answers every delivered request with 200 {"ok":true}.
void answerEverything(HttpRequestGate &gate)
{
    QObject::connect(&gate, &HttpRequestGate::requestReceived, &gate,
                     [](const HttpRequestGate::Request &, QTcpSocket *socket) {
                         HttpRequestGate::reply(socket, 200, { { "Content-Type", "application/json" } },
                                                "{\"ok\":true}\n");
                     });
}

// A client in another process, as far as the gate can tell: connects and sends its whole
// request at once with blocking calls (the bytes are in the gate's socket before it even
// accepts), then reads the reply while the event loop turns. The HTTP status, 0 for none.
int separateClientRequest(quint16 port, const QByteArray &request)
{
    const int fd = blockingSend(port, request);
    if (fd < 0)
        return 0;
    QByteArray received;
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    waitUntil(
        [&] {
            char buffer[4096];
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n > 0)
                received.append(buffer, n);
            return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
        },
        10s);
    ::close(fd);
    return received.startsWith("HTTP/1.1 ") ? received.mid(9, 3).toInt() : 0;
}

std::unique_ptr<QTcpSocket> connectIdle(quint16 port)
{
    auto socket = std::make_unique<QTcpSocket>();
    socket->connectToHost(QHostAddress::LocalHost, port);
    return socket;
}

TEST(HttpRequestGate, ANewConnectionEvictsTheOldestUnfinishedOne)
{
    // Two places, and two more for connections that have only just opened: four idle ones fill
    // them all.
    HttpRequestGate gate({ .maxWaitingConnections = 2 });
    answerEverything(gate);
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    std::vector<std::unique_ptr<QTcpSocket>> idle;
    QByteArray firstGot;
    for (int i = 0; i < 4; ++i) {
        idle.push_back(connectIdle(gate.serverPort()));
        ASSERT_TRUE(waitUntil([&] { return gate.waitingConnections() == i + 1; }));
    }
    QObject::connect(idle.front().get(), &QTcpSocket::readyRead, idle.front().get(),
                     [&] { firstGot += idle.front()->readAll(); });
    // A client that sends its request at once is answered; the oldest idle one made room.
    const RawHttpReply reply
        = rawHttp(gate.serverPort(), "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    EXPECT_EQ(reply.status, 200) << reply.describe().toStdString();
    ASSERT_TRUE(waitUntil([&] { return idle.front()->state() == QAbstractSocket::UnconnectedState; }));
    EXPECT_TRUE(firstGot.startsWith("HTTP/1.1 408 ")) << firstGot.toStdString();
    EXPECT_TRUE(firstGot.contains("newer connections needed its place")) << firstGot.toStdString();
    EXPECT_EQ(idle.back()->state(), QAbstractSocket::ConnectedState) << "the newer one keeps its place";
    EXPECT_LE(gate.waitingConnections(), 4);
}

// A burst of complete requests, far more than the places for unfinished ones: clients in another
// thread connect and send each request whole at once, as a script firing requests in parallel
// does. Every one is answered 200: what has fully arrived is served, never evicted.
TEST(HttpRequestGate, ABurstOfCompleteRequestsIsServedWhole)
{
    HttpRequestGate gate({ .maxWaitingConnections = 8 });
    answerEverything(gate);
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    const quint16 port = gate.serverPort();
    constexpr int kClients = 300;
    std::atomic<int> answered200 = 0;
    std::atomic<bool> done = false;
    std::thread clients([&] {
        std::vector<int> fds;
        const QByteArray request = "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        for (int i = 0; i < kClients; ++i) {
            if (const int fd = blockingSend(port, request); fd >= 0)
                fds.push_back(fd);
        }
        for (const int fd : fds) {
            const timeval limit { 20, 0 };
            ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
            QByteArray received;
            char buffer[1024];
            for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;)
                received.append(buffer, n);
            if (received.startsWith("HTTP/1.1 200 "))
                ++answered200;
            ::close(fd);
        }
        done = true;
    });
    const bool finished = waitUntil([&] { return done.load(); }, 60s);
    clients.join();
    ASSERT_TRUE(finished);
    EXPECT_EQ(answered200.load(), kClients);
}

// When a place must be made, the connection that goes is one that has sent nothing (an idle
// hold), before an older one that is sending its request.
TEST(HttpRequestGate, EvictionPicksAConnectionThatHasSentNothing)
{
    HttpRequestGate gate({ .maxWaitingConnections = 2, .quietGrace = 0ms });
    answerEverything(gate);
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    auto partial = connectIdle(gate.serverPort());
    QObject::connect(partial.get(), &QTcpSocket::connected, partial.get(),
                     [&] { partial->write("POST /api/action HTTP/1.1\r\nHost: 127"); });
    ASSERT_TRUE(waitUntil([&] { return gate.waitingConnections() == 1; }));
    auto idle = connectIdle(gate.serverPort());
    ASSERT_TRUE(waitUntil([&] { return gate.waitingConnections() == 2; }));
    QByteArray idleGot;
    QObject::connect(idle.get(), &QTcpSocket::readyRead, idle.get(), [&] { idleGot += idle->readAll(); });
    EXPECT_EQ(separateClientRequest(gate.serverPort(), "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
              200);
    ASSERT_TRUE(waitUntil([&] { return idle->state() == QAbstractSocket::UnconnectedState; }));
    EXPECT_TRUE(idleGot.startsWith("HTTP/1.1 408 ")) << idleGot.toStdString();
    EXPECT_EQ(partial->state(), QAbstractSocket::ConnectedState) << "the one sending its request was evicted";
}

// A connection that has sent nothing only just now may be a client of a burst whose request is
// on its way: such connections may take as many places again, and are evicted only once they
// have had quietGrace; past that the new connection waits for it.
TEST(HttpRequestGate, AConnectionThatHasJustOpenedIsGivenItsGrace)
{
    HttpRequestGate gate({ .maxWaitingConnections = 1, .quietGrace = 300ms });
    answerEverything(gate);
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    auto first = connectIdle(gate.serverPort());
    QElapsedTimer sinceFirst;
    sinceFirst.start();
    ASSERT_TRUE(waitUntil([&] { return gate.waitingConnections() == 1; }));
    auto second = connectIdle(gate.serverPort());
    ASSERT_TRUE(waitUntil([&] { return gate.waitingConnections() == 2; }))
        << "the young one had no place more";
    QByteArray firstGot;
    QObject::connect(first.get(), &QTcpSocket::readyRead, first.get(), [&] { firstGot += first->readAll(); });
    EXPECT_EQ(separateClientRequest(gate.serverPort(), "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
              200);
    EXPECT_GE(sinceFirst.elapsed(), 250) << "a connection that had just opened was evicted at once";
    ASSERT_TRUE(waitUntil([&] { return first->state() == QAbstractSocket::UnconnectedState; }));
    EXPECT_TRUE(firstGot.startsWith("HTTP/1.1 408 ")) << firstGot.toStdString();
    EXPECT_EQ(second->state(), QAbstractSocket::ConnectedState) << "one eviction made the place";
    EXPECT_LE(gate.waitingConnections(), 2);
}

TEST(HttpRequestGate, TwoHundredSlowHeadsCannotStarveANormalRequest)
{
    // 200 connections trickle a head that never ends; each is reopened when the gate closes
    // it. Every normal request in between is answered, and the gate never holds more
    // unfinished requests than its limit (and its places for connections just opened).
    const HttpRequestGate::Limits limits { .maxWaitingConnections = 16 };
    HttpRequestGate gate(limits);
    answerEverything(gate);
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    int mostWaiting = 0;
    std::vector<std::unique_ptr<QTcpSocket>> slow;
    bool attacking = true;
    int reopened = 0;
    for (int i = 0; i < 200; ++i) {
        slow.push_back(connectIdle(gate.serverPort()));
        QTcpSocket *s = slow.back().get();
        QObject::connect(s, &QTcpSocket::connected, s,
                         [s] { s->write("POST /api/action HTTP/1.1\r\nX-Pad: "); });
        QObject::connect(s, &QTcpSocket::readyRead, s, [s] { s->readAll(); });
        QObject::connect(s, &QTcpSocket::disconnected, s, [s, &attacking, &reopened, &gate] {
            if (!attacking)
                return;
            ++reopened;
            QTimer::singleShot(0, s,
                               [s, &gate] { s->connectToHost(QHostAddress::LocalHost, gate.serverPort()); });
        });
    }
    QTimer drip;
    QObject::connect(&drip, &QTimer::timeout, &drip, [&] {
        mostWaiting = qMax(mostWaiting, gate.waitingConnections());
        for (const auto &s : slow) {
            if (s->state() == QAbstractSocket::ConnectedState)
                s->write("a");
        }
    });
    drip.start(10);
    ASSERT_TRUE(waitUntil([&] { return reopened >= 200; })) << reopened;
    for (int i = 0; i < 20; ++i) {
        EXPECT_EQ(
            separateClientRequest(gate.serverPort(), "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
            200)
            << "request " << i;
        mostWaiting = qMax(mostWaiting, gate.waitingConnections());
    }
    attacking = false;
    // The limit, and as many again for connections that had only just opened.
    EXPECT_LE(mostWaiting, 2 * limits.maxWaitingConnections);
}

TEST(HttpRequestGate, AHeadMustArriveWithinItsOwnDeadline)
{
    HttpRequestGate gate({ .headTimeout = 300ms });
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    const RawHttpReply reply = rawHttp(gate.serverPort(), "POST /api/action HTTP/1.1\r\nHost: 1", 10s);
    EXPECT_EQ(reply.status, 408) << reply.describe().toStdString();
    EXPECT_TRUE(
        reply.json.value(QStringLiteral("error")).toString().contains(QStringLiteral("head did not arrive")))
        << reply.describe().toStdString();
}

TEST(HttpRequestGate, RequestsBeingAnsweredAreCappedAndThenTurnedAway)
{
    HttpRequestGate gate({ .maxConnections = 3 });
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    QList<QPointer<QTcpSocket>> held; // requests the owner has not answered yet
    QObject::connect(&gate, &HttpRequestGate::requestReceived, &gate,
                     [&held](const HttpRequestGate::Request &, QTcpSocket *socket) { held.append(socket); });
    std::vector<std::unique_ptr<QTcpSocket>> clients;
    for (int i = 0; i < 3; ++i) {
        clients.push_back(connectIdle(gate.serverPort()));
        clients.back()->write("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        ASSERT_TRUE(waitUntil([&] { return held.size() == i + 1; }));
    }
    const RawHttpReply reply
        = rawHttp(gate.serverPort(), "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    EXPECT_EQ(reply.status, 503) << reply.describe().toStdString();
    EXPECT_TRUE(reply.json.value(QStringLiteral("error"))
                    .toString()
                    .contains(QStringLiteral("too many connections")));
    // Once one is answered there is room again.
    HttpRequestGate::reply(held.first(), 200, {}, "{}");
    ASSERT_TRUE(waitUntil([&] { return gate.openConnections() == 2; }));
    held.clear();
    QObject::connect(&gate, &HttpRequestGate::requestReceived, &gate,
                     [](const HttpRequestGate::Request &, QTcpSocket *socket) {
                         HttpRequestGate::reply(socket, 200, {}, "{}");
                     });
    EXPECT_EQ(rawHttp(gate.serverPort(), "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status, 200);
}

TEST(HttpRequestGate, NothingOfAConnectionOutlivesIt)
{
    // Every timer of a connection dies with it (a QTimer::singleShot per request used to live
    // on for the connection lifetime, 2 minutes, in the event dispatcher: memory and
    // throughput fell with every request).
    HttpRequestGate gate;
    answerEverything(gate);
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    QObject *dispatcher = QAbstractEventDispatcher::instance();
    ASSERT_EQ(rawHttp(gate.serverPort(), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status, 200);
    ASSERT_TRUE(waitUntil([&] { return gate.openConnections() == 0; }));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    const qsizetype before = dispatcher->children().size();
    for (int i = 0; i < 200; ++i) {
        ASSERT_EQ(rawHttp(gate.serverPort(), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").status, 200);
        // Refused ones too.
        ASSERT_EQ(rawHttp(gate.serverPort(), "GET / HTTP/9\r\n\r\n").status, 505);
    }
    ASSERT_TRUE(waitUntil(
        [&] {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            return gate.openConnections() == 0 && gate.findChildren<QTcpSocket *>().isEmpty();
        },
        10s))
        << gate.openConnections() << " connections still open";
    EXPECT_LE(dispatcher->children().size(), before + 2)
        << "timers left behind in the event dispatcher: " << dispatcher->children().size() - before;
}

} // namespace
