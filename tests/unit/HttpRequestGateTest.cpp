// The transport checks the debug API makes before a request is read.
#include "common/HttpRequestGate.h"

#include "RawHttp.h"
#include "Wait.h"

#include <QSignalSpy>
#include <QTcpSocket>

#include <gtest/gtest.h>

#include <memory>

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
    HttpRequestGate::Limits limits;
    limits.requestTimeout = 300ms;
    HttpRequestGate gate(limits);
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

TEST(HttpRequestGate, TooManyWaitingConnectionsAreTurnedAway)
{
    HttpRequestGate::Limits limits;
    limits.maxWaitingConnections = 2;
    HttpRequestGate gate(limits);
    ASSERT_TRUE(gate.listen(QHostAddress::LocalHost, 0));
    QSignalSpy refused(&gate, &HttpRequestGate::refused);
    std::vector<std::unique_ptr<QTcpSocket>> idle;
    for (int i = 0; i < 2; ++i) {
        idle.push_back(std::make_unique<QTcpSocket>());
        idle.back()->connectToHost(QHostAddress::LocalHost, gate.serverPort());
        ASSERT_TRUE(waitUntil([&] { return idle.back()->state() == QAbstractSocket::ConnectedState; }));
    }
    ASSERT_TRUE(waitUntil([&] { return gate.findChildren<QTcpSocket *>().size() == 2; }));
    const RawHttpReply reply
        = rawHttp(gate.serverPort(), "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    EXPECT_EQ(reply.status, 503) << reply.describe().toStdString();
    EXPECT_TRUE(reply.json.value(QStringLiteral("error"))
                    .toString()
                    .contains(QStringLiteral("too many connections")));
}

} // namespace
