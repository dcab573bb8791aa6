// MCP framing over the dispatcher: version negotiation, tools from the Toolkit scope with their
// schemas, tool results and tool errors, JSON-RPC errors for malformed messages.
#include "server/McpServer.h"

#include "QtPrinters.h"
#include "Wait.h"
#include "server/McpStdio.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSocketNotifier>

#include <gtest/gtest.h>

#include <csignal>
#include <fcntl.h>
#include <istream>
#include <sstream>
#include <streambuf>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace std::chrono_literals;

namespace {

using Scope = CommandDispatcher::Scope;

class McpServerTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        commands.add(
            { u"click"_s, Scope::Toolkit, u"Click an element by ref"_s,
              QJsonDocument::fromJson(R"({"type":"object","properties":{"ref":{"type":"string"}},
                                                   "required":["ref"]})")
                  .object(),
              [this](const QJsonObject &params, const CommandCaller &caller, CommandReply reply) {
                  lastCaller = caller;
                  if (params.value(u"ref"_s).toString() == u"e9"_s)
                      reply(CommandResult::failure(u"stale ref e9: take a new snapshot"_s));
                  else
                      reply(CommandResult::success(QJsonObject { { u"clicked"_s, params.value(u"ref"_s) } }));
              } });
        commands.add({ u"screenshot"_s,
                       Scope::Toolkit,
                       u"PNG of the page"_s,
                       {},
                       [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                           reply(CommandResult::success(QJsonObject { { u"mimeType"_s, u"image/png"_s },
                                                                      { u"data"_s, u"iVBORw0KGgo="_s },
                                                                      { u"width"_s, 800 } }));
                       } });
        commands.add({ u"getStats"_s,
                       Scope::DebugApi,
                       u"not a tool"_s,
                       {},
                       [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                           reply(CommandResult::success());
                       } });
        QObject::connect(&server, &McpServer::send, &server, [this](const QByteArray &line) {
            sent.append(QJsonDocument::fromJson(line).object());
        });
    }

    QJsonObject call(const QByteArray &line)
    {
        sent.clear();
        server.handleLine(line);
        return sent.isEmpty() ? QJsonObject() : sent.last();
    }

    CommandDispatcher commands;
    McpServer server { &commands };
    QList<QJsonObject> sent;
    CommandCaller lastCaller;
};

TEST_F(McpServerTest, InitializeNegotiatesTheProtocolVersion)
{
    QJsonObject reply = call(
        R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05",
            "capabilities":{},"clientInfo":{"name":"test","version":"1"}}})");
    EXPECT_EQ(reply.value(u"id"_s).toInt(), 1);
    const QJsonObject result = reply.value(u"result"_s).toObject();
    EXPECT_EQ(result.value(u"protocolVersion"_s).toString(), u"2024-11-05"_s);
    EXPECT_TRUE(result.value(u"capabilities"_s).toObject().contains(u"tools"_s));
    EXPECT_EQ(result.value(u"serverInfo"_s).toObject().value(u"name"_s).toString(), u"multi-purpose-agent"_s);
    EXPECT_TRUE(server.isInitialized());
    EXPECT_EQ(server.clientName(), u"test"_s);

    reply = call(
        R"({"jsonrpc":"2.0","id":"x","method":"initialize","params":{"protocolVersion":"1999-01-01"}})");
    EXPECT_EQ(reply.value(u"result"_s).toObject().value(u"protocolVersion"_s).toString(),
              McpServer::supportedProtocolVersions().first());

    // Notifications are never answered.
    EXPECT_TRUE(call(R"({"jsonrpc":"2.0","method":"notifications/initialized"})").isEmpty());
    EXPECT_EQ(call(R"({"jsonrpc":"2.0","id":2,"method":"ping"})").value(u"result"_s),
              QJsonValue(QJsonObject()));
}

TEST_F(McpServerTest, ToolsListShowsToolkitCommandsWithSchemas)
{
    const QJsonArray tools = call(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})")
                                 .value(u"result"_s)
                                 .toObject()
                                 .value(u"tools"_s)
                                 .toArray();
    ASSERT_EQ(tools.size(), 2);
    const QJsonObject click = tools.at(0).toObject();
    EXPECT_EQ(click.value(u"name"_s).toString(), u"click"_s);
    EXPECT_EQ(click.value(u"description"_s).toString(), u"Click an element by ref"_s);
    EXPECT_EQ(click.value(u"inputSchema"_s).toObject().value(u"required"_s).toArray(),
              QJsonArray { u"ref"_s });
    // A command without a schema still lists an object schema, as MCP requires.
    EXPECT_EQ(tools.at(1).toObject().value(u"inputSchema"_s).toObject().value(u"type"_s).toString(),
              u"object"_s);
}

TEST_F(McpServerTest, ToolsCallAnswersWithContentOrAToolError)
{
    QJsonObject result = call(R"({"jsonrpc":"2.0","id":4,"method":"tools/call",
                                  "params":{"name":"click","arguments":{"ref":"e3"}}})")
                             .value(u"result"_s)
                             .toObject();
    EXPECT_FALSE(result.value(u"isError"_s).toBool());
    const QJsonObject text = result.value(u"content"_s).toArray().at(0).toObject();
    EXPECT_EQ(text.value(u"type"_s).toString(), u"text"_s);
    EXPECT_EQ(QJsonDocument::fromJson(text.value(u"text"_s).toString().toUtf8()).object(),
              (QJsonObject { { u"clicked"_s, u"e3"_s } }));
    EXPECT_EQ(lastCaller.channel, u"mcp"_s);

    result
        = call(
              R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"click","arguments":{"ref":"e9"}}})")
              .value(u"result"_s)
              .toObject();
    EXPECT_TRUE(result.value(u"isError"_s).toBool());
    EXPECT_EQ(result.value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString(),
              u"stale ref e9: take a new snapshot"_s);

    // Arguments the schema refuses: a tool error naming the parameter.
    result
        = call(
              R"({"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"click","arguments":{"ref":3}}})")
              .value(u"result"_s)
              .toObject();
    EXPECT_TRUE(result.value(u"isError"_s).toBool());
    EXPECT_EQ(result.value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString(),
              u"click: params.ref must be a string, not the number 3"_s);

    // An image comes as image content, the rest of the data as text.
    const QJsonArray content
        = call(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"screenshot"}})")
              .value(u"result"_s)
              .toObject()
              .value(u"content"_s)
              .toArray();
    ASSERT_EQ(content.size(), 2);
    EXPECT_EQ(content.at(1).toObject(),
              (QJsonObject { { u"type"_s, u"image"_s },
                             { u"data"_s, u"iVBORw0KGgo="_s },
                             { u"mimeType"_s, u"image/png"_s } }));
    EXPECT_EQ(content.at(0).toObject().value(u"text"_s).toString(),
              u"{\"mimeType\":\"image/png\",\"width\":800}"_s);
}

TEST_F(McpServerTest, MalformedMessagesGetJsonRpcErrors)
{
    struct Case
    {
        QByteArray line;
        int code;
        QJsonValue id;
    };
    const Case cases[] = {
        { "not json", -32700, QJsonValue() },
        { "[]", -32600, QJsonValue() },
        { "7", -32600, QJsonValue() },
        { R"({"id":1,"method":"ping"})", -32600, 1 },
        { R"({"jsonrpc":"2.0","id":1})", -32600, 1 },
        { R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})", -32600, QJsonValue() },
        { R"({"jsonrpc":"2.0","id":2,"method":"resources/read"})", -32601, 2 },
        { R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":[1]})", -32602, 3 },
        { R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"getStats"}})", -32602, 4 },
        { R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"nope"}})", -32602, 5 },
        { R"({"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"click","arguments":"e3"}})",
          -32602, 6 },
    };
    for (const Case &c : cases) {
        const QJsonObject reply = call(c.line);
        EXPECT_EQ(reply.value(u"jsonrpc"_s).toString(), u"2.0"_s) << c.line.toStdString();
        EXPECT_EQ(reply.value(u"error"_s).toObject().value(u"code"_s).toInt(), c.code)
            << c.line.toStdString();
        EXPECT_FALSE(reply.value(u"error"_s).toObject().value(u"message"_s).toString().isEmpty());
        EXPECT_EQ(reply.value(u"id"_s), c.id) << c.line.toStdString();
    }
    EXPECT_TRUE(call("   ").isEmpty()) << "blank lines are skipped";
}

// An input of `lineBytes` bytes of 'x' and a newline, then "{}\n", made as it is read (the
// test never holds the long line either).
class LongLineInput : public std::streambuf
{
public:
    explicit LongLineInput(qint64 lineBytes)
        : m_left(lineBytes)
    {
    }

protected:
    int_type underflow() override
    {
        if (m_left > 0) {
            const qint64 n = qMin<qint64>(m_left, sizeof m_buffer);
            std::fill_n(m_buffer, n, 'x');
            m_left -= n;
            setg(m_buffer, m_buffer, m_buffer + n);
        } else if (!m_tailSent) {
            m_tailSent = true;
            const char tail[] = "\n{}\n";
            std::copy_n(tail, 4, m_buffer);
            setg(m_buffer, m_buffer, m_buffer + 4);
        } else {
            return traits_type::eof();
        }
        return traits_type::to_int_type(*gptr());
    }

private:
    char m_buffer[65536];
    qint64 m_left;
    bool m_tailSent = false;
};

TEST(McpStdio, AnOverLongLineIsRefusedWhileItIsReadNotAfter)
{
    // 64 MiB on one line against a 1 MiB limit: the reader keeps no more than the limit and a
    // chunk, reports the line's length, and reads the next line as usual.
    constexpr qint64 kLine = 64 * 1024 * 1024;
    constexpr qint64 kLimit = 1024 * 1024;
    LongLineInput source(kLine);
    std::istream in(&source);
    QList<QByteArray> lines;
    QList<qint64> tooLong;
    const qint64 mostHeld = McpStdio::readLines(
        in, kLimit, [&](const QByteArray &line) { lines.append(line); },
        [&](qint64 bytes, const QByteArray &) { tooLong.append(bytes); });
    EXPECT_EQ(tooLong, QList<qint64> { kLine });
    EXPECT_EQ(lines, QList<QByteArray> { "{}" });
    EXPECT_LE(mostHeld, kLimit + 64 * 1024);
}

TEST(McpStdio, LinesAreSplitExactlyWhateverTheirLength)
{
    // Lines around the read chunk (64 KiB) and the limit, a CR LF line, an empty line, a NUL
    // byte and a last line without a newline.
    const QByteArray chunkLong(65536, 'a');
    const QByteArray limitLong(100000, 'b');
    const QByteArray overLimit(100001, 'c');
    std::string text;
    for (const QByteArray &line :
         { chunkLong, QByteArray(65535, 'd'), QByteArray(65537, 'e'), limitLong, overLimit,
           QByteArray("crlf\r"), QByteArray(), QByteArray("nul\0byte", 8), QByteArray("last") })
        text += line.toStdString() + '\n';
    text.pop_back();
    std::istringstream in(text);
    QList<QByteArray> lines;
    QList<qint64> tooLong;
    McpStdio::readLines(
        in, 100000, [&](const QByteArray &line) { lines.append(line); },
        [&](qint64 bytes, const QByteArray &) { tooLong.append(bytes); });
    const QList<QByteArray> expected {
        chunkLong, QByteArray(65535, 'd'), QByteArray(65537, 'e'),     limitLong,
        "crlf",    QByteArray(),           QByteArray("nul\0byte", 8), "last"
    };
    EXPECT_EQ(lines.size(), expected.size());
    for (qsizetype i = 0; i < qMin(lines.size(), expected.size()); ++i)
        EXPECT_EQ(lines.at(i), expected.at(i)) << "line " << i << " (" << lines.at(i).size() << " bytes)";
    EXPECT_EQ(tooLong, QList<qint64> { 100001 });
}

// A real pipe (64 KiB of kernel buffer) between McpStdio and a reader the test controls.
class McpOutputPipe : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_EQ(::pipe(fds), 0);
        stdio.setOutput(fds[1]);
        QObject::connect(&stdio, &McpStdio::outputFailed, &stdio,
                         [this](const QString &reason) { failures.append(reason); });
    }
    void TearDown() override
    {
        ::close(fds[0]);
        ::close(fds[1]);
    }

    int fds[2] = { -1, -1 };
    McpStdio stdio;
    QStringList failures;
};

TEST_F(McpOutputPipe, AReaderThatStopsReadingNeverBlocksTheLoopAndIsGivenUpPastTheLimit)
{
    // The reader reads nothing: 64 KiB fill the pipe, the rest waits in the buffer. Every
    // write returns at once (a blocking one would hang this test), and past 1 MiB unsent the
    // output is given up with the reason, its buffer freed.
    stdio.setMaxUnsentBytes(1024 * 1024);
    const QByteArray line(32 * 1024 - 1, 'r');
    int written = 0;
    while (failures.isEmpty() && written < 200) {
        stdio.writeLine(line);
        ++written;
        EXPECT_LE(stdio.unsentBytes(), 1024 * 1024 + 32 * 1024);
    }
    ASSERT_EQ(failures.size(), 1) << written << " lines written";
    EXPECT_TRUE(failures.first().startsWith(u"the client does not read its replies: "_s))
        << failures.first().toStdString();
    EXPECT_TRUE(failures.first().contains(u"over the limit of 1048576 bytes"_s))
        << failures.first().toStdString();
    // Between 1 MiB and 1 MiB + the pipe's own buffer went in before it gave up.
    EXPECT_GE(written, 32);
    EXPECT_LE(written, 40);
    EXPECT_EQ(stdio.unsentBytes(), 0);
    // Later writes are dropped quietly (the command is exiting), not buffered.
    stdio.writeLine(line);
    EXPECT_EQ(stdio.unsentBytes(), 0);
    EXPECT_EQ(failures.size(), 1);
}

TEST_F(McpOutputPipe, ASlowReaderGetsEveryLineInOrder)
{
    // 4 MiB of lines written at once, far more than the pipe holds, read by a reader in the
    // event loop: every byte arrives, in order, and the buffer empties.
    ASSERT_EQ(::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK), 0);
    QByteArray expected;
    for (int i = 0; i < 128; ++i) {
        const QByteArray line = QByteArray::number(i) + ':' + QByteArray(32 * 1024, char('a' + i % 26));
        stdio.writeLine(line);
        expected += line + '\n';
    }
    EXPECT_GT(stdio.unsentBytes(), 0) << "the pipe cannot hold it all";
    QByteArray received;
    QSocketNotifier readable(fds[0], QSocketNotifier::Read);
    QObject::connect(&readable, &QSocketNotifier::activated, &readable, [&] {
        char buffer[8192]; // small reads: a slow reader
        const ssize_t got = ::read(fds[0], buffer, sizeof buffer);
        if (got > 0)
            received.append(buffer, qsizetype(got));
    });
    ASSERT_TRUE(mpa::test::waitUntil([&] { return received.size() >= expected.size(); }, 30s))
        << received.size();
    EXPECT_TRUE(received == expected);
    EXPECT_EQ(stdio.unsentBytes(), 0);
    EXPECT_TRUE(failures.isEmpty());
}

TEST_F(McpOutputPipe, AClosedPipeIsAnErrorWithTheReason)
{
    ::signal(SIGPIPE, SIG_IGN);
    ::close(fds[0]);
    fds[0] = ::open("/dev/null", O_RDONLY); // TearDown closes something
    stdio.writeLine("{}");
    ASSERT_EQ(failures.size(), 1);
    EXPECT_TRUE(failures.first().startsWith(u"cannot write to standard output (Broken pipe)"_s))
        << failures.first().toStdString();
}

TEST(McpStdio, AnOverLongLineKeepsItsStartForTheReply)
{
    const QByteArray start = R"({"id":2,"jsonrpc":"2.0","method":"tools/call","params":{"text":")";
    std::istringstream in(QByteArray(start + QByteArray(300000, 'x') + "\"}}\n{}\n").toStdString());
    QList<QByteArray> starts;
    McpStdio::readLines(
        in, 100000, [](const QByteArray &) {},
        [&](qint64, const QByteArray &began) { starts.append(began); });
    ASSERT_EQ(starts.size(), 1);
    EXPECT_EQ(starts.first().size(), McpStdio::kKeptStartBytes);
    EXPECT_TRUE(starts.first().startsWith(start));
}

TEST(McpServerIdTest, TheIdIsReadFromTheStartOfAMessageOnlyWhereItIsCertain)
{
    EXPECT_EQ(McpServer::idAtStart(R"({"id":2,"jsonrpc":"2.0","params":{"text":"xxxx)"), QJsonValue(2));
    EXPECT_EQ(
        McpServer::idAtStart(R"( { "jsonrpc" : "2.0" , "id" : "req-7", "method":"tools/call","params":{"a)"),
        QJsonValue(u"req-7"_s));
    // An "id" nested in an earlier value is not the request's.
    EXPECT_EQ(McpServer::idAtStart(R"({"params":{"id":5,"s":"}\"{"},"id":7,"method":"x","params2":"xxx)"),
              QJsonValue(7));
    EXPECT_EQ(McpServer::idAtStart(R"({"jsonrpc":"2.0","id":"a\"b","x":1)"), QJsonValue(u"a\"b"_s));
    // Cut off before the id or inside it, or no object at all: none.
    EXPECT_TRUE(McpServer::idAtStart(R"({"jsonrpc":"2.0","params":{"text":"xxxx)").isUndefined());
    EXPECT_TRUE(McpServer::idAtStart(R"({"id":12)").isUndefined()) << "12 may go on as 123";
    EXPECT_TRUE(McpServer::idAtStart(R"({"id":"abc)").isUndefined());
    EXPECT_TRUE(McpServer::idAtStart(R"([{"id":2}])").isUndefined());
    EXPECT_TRUE(McpServer::idAtStart(R"({"id":{"x":1},"a":1)").isUndefined()) << "not a valid id";
}

TEST_F(McpServerTest, AnOverLongLineIsAnsweredWithTheIdItBeganWith)
{
    server.refuseLongLine(20 * 1024 * 1024, McpServer::kMaxMessageBytes,
                          R"({"id":2,"jsonrpc":"2.0","method":"tools/call")");
    ASSERT_EQ(sent.size(), 1);
    EXPECT_EQ(sent.first().value(u"id"_s), QJsonValue(2));
    EXPECT_EQ(sent.first().value(u"error"_s).toObject().value(u"code"_s).toInt(), -32600);
}

TEST_F(McpServerTest, AnOverLongLineIsAnsweredWithItsLength)
{
    server.refuseLongLine(600 * 1024 * 1024, McpServer::kMaxMessageBytes);
    ASSERT_EQ(sent.size(), 1);
    const QJsonObject reply = sent.first();
    EXPECT_EQ(reply.value(u"error"_s).toObject().value(u"code"_s).toInt(), -32600);
    EXPECT_TRUE(
        reply.value(u"error"_s).toObject().value(u"message"_s).toString().contains(u"629145600 bytes"_s))
        << QJsonDocument(reply).toJson().toStdString();
}

} // namespace
