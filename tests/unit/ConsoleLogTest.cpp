// The console log and the network log of a tab, fed CDP events in the shapes Chromium sends them
// (Runtime.consoleAPICalled with RemoteObject args and previews, Runtime.exceptionThrown,
// Log.entryAdded, as the DevTools protocol documents them and as captured from Chromium 14x)
// over a scripted transport: no browser.
#include "page/ConsoleLog.h"

#include "FakeCdpTransport.h"
#include "Wait.h"
#include "cdp/CdpConnection.h"
#include "cdp/CdpSession.h"
#include "page/NetworkLog.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

QJsonObject string(const QString &value)
{
    return { { u"type"_s, u"string"_s }, { u"value"_s, value } };
}

QJsonObject number(double value)
{
    return { { u"type"_s, u"number"_s },
             { u"value"_s, value },
             { u"description"_s, QString::number(value) } };
}

class ConsoleLogTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(link.open());
        session = link.session(u"T1"_s, QString(), u"page"_s, u"https://example.test/"_s);
        log = std::make_unique<ConsoleLog>(session.get());
    }

    void console(const QString &type, const QJsonArray &args, int line = 11)
    {
        session->dispatchEvent(
            u"Runtime.consoleAPICalled"_s,
            { { u"type"_s, type },
              { u"args"_s, args },
              { u"executionContextId"_s, 1 },
              { u"timestamp"_s, 1764400000000.5 },
              { u"stackTrace"_s,
                QJsonObject { { u"callFrames"_s,
                                QJsonArray { QJsonObject { { u"functionName"_s, u""_s },
                                                           { u"scriptId"_s, u"5"_s },
                                                           { u"url"_s, u"https://example.test/app.js"_s },
                                                           { u"lineNumber"_s, line },
                                                           { u"columnNumber"_s, 8 } } } } } } });
    }

    FakeCdpLink link;
    std::unique_ptr<CdpSession> session;
    std::unique_ptr<ConsoleLog> log;
};

TEST_F(ConsoleLogTest, FormatSpecifiersArgumentsAndObjectsReadAsTheConsoleShowsThem)
{
    EXPECT_EQ(ConsoleLog::formatArguments(
                  { string(u"Hello, %s! %d items (%i%%)"_s), string(u"world"_s), number(3.7), number(42) }),
              u"Hello, world! 3 items (42%)"_s);
    // %c takes its CSS away; extra arguments follow with spaces; a missing one leaves the specifier.
    EXPECT_EQ(ConsoleLog::formatArguments({ string(u"%cstyled %s"_s), string(u"color: red"_s) }),
              u"styled %s"_s);
    EXPECT_EQ(
        ConsoleLog::formatArguments({ string(u"a"_s), number(1),
                                      QJsonObject { { u"type"_s, u"boolean"_s }, { u"value"_s, false } },
                                      QJsonObject { { u"type"_s, u"undefined"_s } },
                                      QJsonObject { { u"type"_s, u"object"_s },
                                                    { u"subtype"_s, u"null"_s },
                                                    { u"value"_s, QJsonValue::Null } } }),
        u"a 1 false undefined null"_s);
    const QJsonObject object { { u"type"_s, u"object"_s },
                               { u"className"_s, u"Object"_s },
                               { u"description"_s, u"Object"_s },
                               { u"preview"_s,
                                 QJsonObject {
                                     { u"type"_s, u"object"_s },
                                     { u"description"_s, u"Object"_s },
                                     { u"overflow"_s, false },
                                     { u"properties"_s,
                                       QJsonArray { QJsonObject { { u"name"_s, u"code"_s },
                                                                  { u"type"_s, u"number"_s },
                                                                  { u"value"_s, u"42"_s } },
                                                    QJsonObject { { u"name"_s, u"reason"_s },
                                                                  { u"type"_s, u"string"_s },
                                                                  { u"value"_s, u"boom"_s } } } } } } };
    EXPECT_EQ(ConsoleLog::formatArguments({ object }), u"{code: 42, reason: 'boom'}"_s);
    const QJsonObject array { { u"type"_s, u"object"_s },
                              { u"subtype"_s, u"array"_s },
                              { u"description"_s, u"Array(3)"_s },
                              { u"preview"_s,
                                QJsonObject { { u"subtype"_s, u"array"_s },
                                              { u"overflow"_s, true },
                                              { u"properties"_s,
                                                QJsonArray { QJsonObject { { u"name"_s, u"0"_s },
                                                                           { u"type"_s, u"number"_s },
                                                                           { u"value"_s, u"1"_s } } } } } } };
    EXPECT_EQ(ConsoleLog::formatArguments({ string(u"list:"_s), array }), u"list: [1, …]"_s);
    // An Error shows its description (message and stack), as DevTools prints it.
    const QJsonObject error { { u"type"_s, u"object"_s },
                              { u"subtype"_s, u"error"_s },
                              { u"description"_s, u"TypeError: x is undefined\n    at f (app.js:3:9)"_s } };
    EXPECT_EQ(ConsoleLog::formatArguments({ error }), u"TypeError: x is undefined\n    at f (app.js:3:9)"_s);
    EXPECT_EQ(ConsoleLog::formatArguments(
                  { QJsonObject { { u"type"_s, u"bigint"_s }, { u"unserializableValue"_s, u"12n"_s } } }),
              u"12n"_s);
}

TEST_F(ConsoleLogTest, LevelsSourcesExceptionsAndTheBrowsersOwnMessages)
{
    console(u"log"_s, { string(u"ready"_s) });
    console(u"warning"_s, { string(u"slow"_s) });
    console(u"assert"_s, { string(u"math is broken"_s) });
    console(u"endGroup"_s, {});
    session->dispatchEvent(
        u"Runtime.exceptionThrown"_s,
        { { u"timestamp"_s, 1764400000001.0 },
          { u"exceptionDetails"_s,
            QJsonObject {
                { u"exceptionId"_s, 1 },
                { u"text"_s, u"Uncaught"_s },
                { u"lineNumber"_s, 40 },
                { u"columnNumber"_s, 2 },
                { u"url"_s, u"https://example.test/app.js"_s },
                { u"exception"_s,
                  QJsonObject { { u"type"_s, u"object"_s },
                                { u"subtype"_s, u"error"_s },
                                { u"description"_s,
                                  u"Error: boom\n    at https://example.test/app.js:41:3"_s } } } } } });
    // throw "plain": no description, a value.
    session->dispatchEvent(
        u"Runtime.exceptionThrown"_s,
        { { u"exceptionDetails"_s,
            QJsonObject { { u"text"_s, u"Uncaught"_s }, { u"exception"_s, string(u"plain"_s) } } } });
    session->dispatchEvent(
        u"Log.entryAdded"_s,
        { { u"entry"_s,
            QJsonObject {
                { u"source"_s, u"network"_s },
                { u"level"_s, u"error"_s },
                { u"text"_s,
                  u"Failed to load resource: the server responded with a status of 404 (Not Found)"_s },
                { u"url"_s, u"https://example.test/missing.png"_s },
                { u"timestamp"_s, 1764400000002.0 } } } });
    session->dispatchEvent(
        u"Log.entryAdded"_s,
        { { u"entry"_s,
            QJsonObject { { u"source"_s, u"violation"_s },
                          { u"level"_s, u"verbose"_s },
                          { u"text"_s, u"[Violation] 'click' handler took 180ms"_s } } } });

    const QList<ConsoleEntry> all = log->since(0, {}, 100);
    ASSERT_EQ(all.size(), 7);
    EXPECT_EQ(all.at(0).lineText(), u"[info] ready @ https://example.test/app.js:12:9"_s);
    EXPECT_EQ(all.at(1).level, u"warning"_s);
    EXPECT_EQ(all.at(2).text, u"Assertion failed: math is broken"_s);
    EXPECT_EQ(all.at(2).level, u"error"_s);
    EXPECT_EQ(all.at(3).text, u"Uncaught Error: boom"_s);
    EXPECT_EQ(all.at(3).kind, u"exception"_s);
    EXPECT_EQ(all.at(3).line, 41);
    EXPECT_EQ(all.at(4).text, u"Uncaught plain"_s);
    EXPECT_EQ(all.at(5).kind, u"network"_s);
    EXPECT_EQ(all.at(6).level, u"debug"_s);

    EXPECT_EQ(log->since(0, u"error"_s, 100).size(), 4);
    EXPECT_EQ(log->since(0, u"warning"_s, 100).size(), 5);
    EXPECT_EQ(log->since(5, {}, 100).size(), 2);
    const QList<ConsoleEntry> newest = log->since(0, {}, 2);
    ASSERT_EQ(newest.size(), 2);
    EXPECT_EQ(newest.at(1).sequence, 7);
}

TEST_F(ConsoleLogTest, TheRingKeepsTheLastThousandAndCutsLongText)
{
    for (int i = 0; i < ConsoleLog::kMaxEntries + 25; ++i)
        console(u"log"_s, { string(u"line %1"_s.arg(i)) });
    console(u"log"_s, { string(QString(ConsoleLog::kMaxTextChars + 500, u'x')) });
    EXPECT_EQ(log->mark(), ConsoleLog::kMaxEntries + 26);
    EXPECT_EQ(log->dropped(), 26);
    const QList<ConsoleEntry> kept = log->since(0, {}, 0);
    ASSERT_EQ(kept.size(), ConsoleLog::kMaxEntries);
    EXPECT_EQ(kept.first().text, u"line 26"_s);
    EXPECT_EQ(kept.last().text.size(), ConsoleLog::kMaxTextChars);
    EXPECT_TRUE(kept.last().text.endsWith(u"…"_s));
}

TEST_F(ConsoleLogTest, TwoNetworkLogsOnOneTabTurnTheDomainOffOnlyWhenBothStopped)
{
    FakeCdpTransport *transport = link.transport;
    const auto disables = [&] {
        int count = 0;
        for (const QJsonObject &sent : transport->sent())
            count += sent.value(u"method"_s).toString() == u"Network.disable"_s;
        return count;
    };
    NetworkLog bridge(session.get());
    NetworkLog toolkit(session.get(), nullptr, NetworkLog::Scope::All, 1000);
    bridge.start();
    toolkit.start();
    bridge.stop();
    EXPECT_EQ(disables(), 0) << "the toolkit's log still watches the tab";
    session->dispatchEvent(
        u"Network.requestWillBeSent"_s,
        { { u"requestId"_s, u"R1"_s },
          { u"type"_s, u"Image"_s },
          { u"timestamp"_s, 10.0 },
          { u"wallTime"_s, 1764400000.0 },
          { u"request"_s,
            QJsonObject { { u"method"_s, u"GET"_s }, { u"url"_s, u"https://example.test/a.png"_s } } } });
    session->dispatchEvent(
        u"Network.loadingFinished"_s,
        { { u"requestId"_s, u"R1"_s }, { u"timestamp"_s, 10.25 }, { u"encodedDataLength"_s, 512 } });
    ASSERT_TRUE(toolkit.entry(1));
    EXPECT_EQ(toolkit.entry(1)->tookMs, 250.0);
    EXPECT_EQ(toolkit.entry(1)->toJson().value(u"ms"_s).toInt(), 250);
    EXPECT_TRUE(bridge.since(0).isEmpty()) << "the bridge keeps the page's calls only, and it stopped";
    toolkit.stop();
    EXPECT_EQ(disables(), 1);
}

// The headers as sent on the wire (Set-Cookie only there) come in responseReceivedExtraInfo,
// which CDP sends before or after the response (responseReceived.hasExtraInfo says one "will be or
// was" sent, protocol.d.ts): a reader that needs whole headers waits for it, boundedly.
TEST_F(ConsoleLogTest, WholeHeadersWaitForTheBrowsersExtraInfoWhicheverWayItComes)
{
    NetworkLog network(session.get(), nullptr, NetworkLog::Scope::All, 1000);
    network.start();
    const auto request = [&](const QString &id) {
        session->dispatchEvent(u"Network.requestWillBeSent"_s,
                               { { u"requestId"_s, id },
                                 { u"type"_s, u"Fetch"_s },
                                 { u"timestamp"_s, 10.0 },
                                 { u"wallTime"_s, 1764400000.0 },
                                 { u"request"_s,
                                   QJsonObject { { u"method"_s, u"POST"_s },
                                                 { u"url"_s, u"https://example.test/login"_s } } } });
    };
    const auto response = [&](const QString &id, bool extra) {
        session->dispatchEvent(
            u"Network.responseReceived"_s,
            { { u"requestId"_s, id },
              { u"hasExtraInfo"_s, extra },
              { u"response"_s,
                QJsonObject {
                    { u"status"_s, 200 },
                    { u"mimeType"_s, u"application/json"_s },
                    { u"headers"_s, QJsonObject { { u"Content-Type"_s, u"application/json"_s } } } } } });
        session->dispatchEvent(
            u"Network.loadingFinished"_s,
            { { u"requestId"_s, id }, { u"timestamp"_s, 10.1 }, { u"encodedDataLength"_s, 90 } });
    };
    const auto extraInfo = [&](const QString &id) {
        session->dispatchEvent(u"Network.responseReceivedExtraInfo"_s,
                               { { u"requestId"_s, id },
                                 { u"headers"_s, QJsonObject { { u"Set-Cookie"_s, u"sid=s3ss10n"_s } } } });
    };

    // Whether the reader of entry `index` is answered at once (its headers whole already).
    const auto wholeAtOnce = [&](int index) {
        bool called = false;
        network.whenHeadersWhole(index, std::chrono::seconds(30), [&] { called = true; });
        return called;
    };

    // After the response: the reader waits for it.
    request(u"R1"_s);
    response(u"R1"_s, true);
    bool whole = false;
    network.whenHeadersWhole(1, std::chrono::seconds(30), [&] { whole = true; });
    EXPECT_FALSE(whole) << "answered before the Set-Cookie came";
    extraInfo(u"R1"_s);
    EXPECT_TRUE(whole);
    EXPECT_EQ(network.entry(1)->responseHeaders.value(u"Set-Cookie"_s).toString(), u"sid=s3ss10n"_s);
    EXPECT_EQ(network.entry(1)->responseHeaders.value(u"Content-Type"_s).toString(), u"application/json"_s);

    // Before the response, or none announced: at once.
    request(u"R2"_s);
    extraInfo(u"R2"_s);
    response(u"R2"_s, true);
    EXPECT_TRUE(wholeAtOnce(2));
    EXPECT_EQ(network.entry(2)->responseHeaders.value(u"Set-Cookie"_s).toString(), u"sid=s3ss10n"_s);
    request(u"R3"_s);
    response(u"R3"_s, false);
    EXPECT_TRUE(wholeAtOnce(3));

    // Even before the request itself (the network service's event overtaking the page's, which
    // puppeteer's NetworkEventManager queues for too; seen here with a same-origin fetch).
    extraInfo(u"R5"_s);
    request(u"R5"_s);
    response(u"R5"_s, true);
    EXPECT_TRUE(wholeAtOnce(4));
    EXPECT_EQ(network.entry(4)->responseHeaders.value(u"Set-Cookie"_s).toString(), u"sid=s3ss10n"_s);
    EXPECT_EQ(network.entry(4)->responseHeaders.value(u"Content-Type"_s).toString(), u"application/json"_s);

    // Announced but never sent (a cached answer): given up after the wait, answered once.
    request(u"R6"_s);
    response(u"R6"_s, true);
    int given = 0;
    network.whenHeadersWhole(5, std::chrono::milliseconds(20), [&] { ++given; });
    EXPECT_TRUE(waitUntil([&] { return given == 1; }, std::chrono::seconds(5)));
    extraInfo(u"R6"_s);
    EXPECT_EQ(given, 1);
}

} // namespace
