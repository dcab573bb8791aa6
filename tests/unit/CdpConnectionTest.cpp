#include "cdp/CdpConnection.h"

#include "FakeCdpTransport.h"
#include "QtPrinters.h"
#include "Wait.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

class CdpConnectionTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        transport = new FakeCdpTransport;
        connection = std::make_unique<CdpConnection>(transport);
        connection->open(QUrl(u"ws://127.0.0.1:9/devtools/browser/x"_s));
        ASSERT_TRUE(waitForSignal(connection.get(), &CdpConnection::opened));
    }

    // Sends a command and records its one result.
    int sendRecorded(const QString &method, std::optional<CdpResult> *out,
                     std::chrono::milliseconds timeout = 0ms, QObject *context = nullptr)
    {
        return connection->send(
            method, {}, {}, context ? context : &owner, [out](const CdpResult &r) { *out = r; }, timeout);
    }

    FakeCdpTransport *transport = nullptr;
    std::unique_ptr<CdpConnection> connection;
    QObject owner;
};

TEST_F(CdpConnectionTest, IdsIncreaseAndCarryMethodParamsAndSession)
{
    const int first = connection->send(u"Runtime.evaluate"_s, { { u"expression"_s, u"1+1"_s } }, u"S1"_s);
    const int second = connection->send(u"Page.enable"_s);
    EXPECT_LT(first, second);
    ASSERT_EQ(transport->sent().size(), 2);
    const QJsonObject sent = transport->sent().at(0);
    EXPECT_EQ(sent.value(u"id").toInt(), first);
    EXPECT_EQ(sent.value(u"method").toString(), u"Runtime.evaluate"_s);
    EXPECT_EQ(sent.value(u"sessionId").toString(), u"S1"_s);
    EXPECT_EQ(sent.value(u"params").toObject().value(u"expression").toString(), u"1+1"_s);
    EXPECT_FALSE(transport->sent().at(1).contains(u"sessionId"_s));
}

TEST_F(CdpConnectionTest, OutOfOrderAnswersReachTheirOwnCommands)
{
    std::optional<CdpResult> a, b;
    const int idA = sendRecorded(u"A.one"_s, &a);
    const int idB = sendRecorded(u"B.two"_s, &b);
    transport->respond(idB, { { u"value"_s, u"b"_s } });
    transport->respond(idA, { { u"value"_s, u"a"_s } });
    ASSERT_TRUE(a && b);
    EXPECT_TRUE(a->ok());
    EXPECT_EQ(a->result.value(u"value").toString(), u"a"_s);
    EXPECT_EQ(b->result.value(u"value").toString(), u"b"_s);
    EXPECT_EQ(connection->pendingCount(), 0);
}

TEST_F(CdpConnectionTest, ProtocolErrorsAreNotTransportErrors)
{
    std::optional<CdpResult> r;
    const int id = sendRecorded(u"DOM.resolveNode"_s, &r);
    transport->respondError(id, -32000, u"No node with given id found"_s);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->error.kind, CdpError::Kind::Protocol);
    EXPECT_EQ(r->error.code, -32000);
    EXPECT_EQ(r->error.method, u"DOM.resolveNode"_s);
    EXPECT_EQ(r->error.toString(), u"DOM.resolveNode: protocol error -32000: No node with given id found"_s);
    EXPECT_TRUE(connection->isOpen());
}

TEST_F(CdpConnectionTest, TimeoutFailsTheCommandAndNamesTheMethod)
{
    std::optional<CdpResult> slow, fast;
    sendRecorded(u"Page.captureScreenshot"_s, &slow, 30ms);
    const int fastId = sendRecorded(u"Runtime.evaluate"_s, &fast, 10s);
    ASSERT_TRUE(waitUntil([&] { return slow.has_value(); }, 5s));
    EXPECT_EQ(slow->error.kind, CdpError::Kind::Timeout);
    EXPECT_TRUE(slow->error.toString().startsWith(u"Page.captureScreenshot: no answer within 30 ms"_s))
        << slow->error.toString().toStdString();
    EXPECT_FALSE(fast.has_value());
    // A late answer to the timed-out command is dropped; the other still completes.
    transport->respond(fastId - 1, {});
    transport->respond(fastId, {});
    ASSERT_TRUE(fast);
    EXPECT_TRUE(fast->ok());
}

TEST_F(CdpConnectionTest, CloseFailsEveryPendingCommandWithATransportError)
{
    std::optional<CdpResult> a, b;
    sendRecorded(u"Page.navigate"_s, &a);
    sendRecorded(u"Runtime.evaluate"_s, &b);
    QSignalSpy closed(connection.get(), &CdpConnection::closed);
    transport->dropConnection(u"remote host closed"_s);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->error.kind, CdpError::Kind::Transport);
    EXPECT_EQ(b->error.kind, CdpError::Kind::Transport);
    EXPECT_TRUE(a->error.toString().contains(u"Page.navigate"_s));
    EXPECT_TRUE(a->error.toString().contains(u"remote host closed"_s));
    EXPECT_EQ(closed.count(), 1);
    EXPECT_EQ(connection->pendingCount(), 0);
}

TEST_F(CdpConnectionTest, SendingWhileClosedFailsLaterNotInsideSend)
{
    transport->dropConnection(u"gone"_s);
    std::optional<CdpResult> r;
    sendRecorded(u"Runtime.evaluate"_s, &r);
    EXPECT_FALSE(r.has_value()) << "the callback ran inside send()";
    ASSERT_TRUE(waitUntil([&] { return r.has_value(); }));
    EXPECT_EQ(r->error.kind, CdpError::Kind::Transport);
    EXPECT_EQ(r->error.message, u"not connected to the browser"_s);
}

TEST_F(CdpConnectionTest, MalformedMessagesAreIgnoredAndTheConnectionLives)
{
    std::optional<CdpResult> r;
    const int id = sendRecorded(u"Runtime.evaluate"_s, &r);
    transport->receiveRaw("{not json");
    transport->receiveRaw("[1,2,3]");
    transport->receiveRaw(R"({"neither":"id nor method"})");
    EXPECT_EQ(connection->malformedMessageCount(), 3);
    EXPECT_FALSE(r.has_value());
    transport->respond(id, { { u"ok"_s, true } });
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->ok());
}

TEST_F(CdpConnectionTest, EventsReachSubscribersWithTheirSession)
{
    QSignalSpy events(connection.get(), &CdpConnection::eventReceived);
    transport->receive({ { u"method"_s, u"Page.loadEventFired"_s },
                         { u"params"_s, QJsonObject { { u"timestamp"_s, 1.5 } } },
                         { u"sessionId"_s, u"S9"_s } });
    ASSERT_EQ(events.count(), 1);
    EXPECT_EQ(events.at(0).at(0).toString(), u"S9"_s);
    EXPECT_EQ(events.at(0).at(1).toString(), u"Page.loadEventFired"_s);
    EXPECT_EQ(events.at(0).at(2).toJsonObject().value(u"timestamp").toDouble(), 1.5);
}

TEST_F(CdpConnectionTest, CallbackIsSkippedWhenItsContextIsGone)
{
    bool called = false;
    auto context = std::make_unique<QObject>();
    const int id = connection->send(u"Runtime.evaluate"_s, {}, {}, context.get(),
                                    [&](const CdpResult &) { called = true; });
    context.reset();
    transport->respond(id, {});
    EXPECT_FALSE(called);
}

TEST_F(CdpConnectionTest, ACommandSentFromAFailureCallbackFailsToo)
{
    std::optional<CdpResult> retry;
    connection->send(u"First.one"_s, {}, {}, &owner,
                     [&](const CdpResult &) { sendRecorded(u"Retry.one"_s, &retry); });
    transport->dropConnection(u"bye"_s);
    ASSERT_TRUE(waitUntil([&] { return retry.has_value(); }));
    EXPECT_EQ(retry->error.kind, CdpError::Kind::Transport);
    EXPECT_EQ(connection->pendingCount(), 0);
}

} // namespace
