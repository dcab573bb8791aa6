// The toolkit's downloads verb on real headless Chromium: an agent clicks a link whose answer is
// an attachment, waits for it, finds the file's very bytes in its own folder, lists and clears
// it (through the dispatcher, and as an agent on the WebSocket); a file past the cap is
// cancelled and nothing of it kept; another agent and the user's tabs stay apart.
#include "AppRun.h"
#include "EngineChromiumTest.h"
#include "HeadlessChromium.h"
#include "QtPrinters.h"
#include "SiteRoutes.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "actions/CommandDispatcher.h"
#include "actions/DownloadLog.h"
#include "actions/ToolkitCommands.h"
#include "engine/Engine.h"
#include "server/TokenFile.h"
#include "server/ToolkitServerService.h"
#include "settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QWebSocket>

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;
using namespace std::chrono_literals;

namespace {

// The report the fixture sends: 300 KiB no text encoding would leave alone.
QByteArray reportBytes()
{
    QByteArray bytes(300 * 1024, Qt::Uninitialized);
    for (qsizetype i = 0; i < bytes.size(); ++i)
        bytes[i] = char((i * 7 + 13 + i / 251) % 256);
    return bytes;
}

// Sends a file that never ends: its headers (a Content-Length it will never reach, or none, so
// the body would end with the connection), then 64 KiB every few milliseconds while the reader
// keeps up, until the reader goes away. A real server on 127.0.0.1.
class EndlessFileServer : public QObject
{
public:
    explicit EndlessFileServer(std::optional<qint64> contentLength)
        : m_contentLength(contentLength)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                serve(socket);
        });
        m_server.listen(QHostAddress::LocalHost);
    }
    quint16 port() const { return m_server.serverPort(); }
    qint64 sent() const { return m_sent; }
    int open() const { return m_open; }

private:
    void serve(QTcpSocket *socket)
    {
        ++m_open;
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            --m_open;
            socket->deleteLater();
        });
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
            m_request += socket->readAll();
            if (!m_request.contains("\r\n\r\n") || socket->property("answered").toBool())
                return;
            socket->setProperty("answered", true);
            QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                              "Content-Disposition: attachment; filename=\"huge.bin\"\r\n";
            head += m_contentLength ? "Content-Length: " + QByteArray::number(*m_contentLength) + "\r\n"
                                    : QByteArray("Connection: close\r\n");
            socket->write(head + "\r\n");
            auto *pace = new QTimer(socket);
            connect(pace, &QTimer::timeout, socket, [this, socket] {
                if (socket->state() != QAbstractSocket::ConnectedState || socket->bytesToWrite() > 256 * 1024)
                    return;
                const QByteArray chunk(64 * 1024, 'x');
                socket->write(chunk);
                m_sent += chunk.size();
            });
            pace->start(5);
        });
    }

    QTcpServer m_server;
    std::optional<qint64> m_contentLength;
    QByteArray m_request;
    qint64 m_sent = 0;
    int m_open = 0;
};

using namespace toolkitcallers;

class ToolkitDownloadsTest : public ToolkitAgentTest
{
protected:
    ToolkitDownloadsTest()
        : ToolkitAgentTest(kAgent, 60s)
    {
    }

    void SetUp() override
    {
        EngineChromiumTest::SetUp();
        site().addRoute(
            u"/files/report.bin"_s,
            fixedResponse("application/octet-stream", reportBytes(),
                          { { "Content-Disposition", "attachment; filename=\"q3 report.bin\"" } }));
        site().addRoute(u"/files/links.html"_s, [this](const QString &, const QString &) {
            LocalWebServer::Response response;
            response.contentType = "text/html; charset=utf-8";
            response.body
                = QStringLiteral("<!doctype html><title>Files</title>"
                                 "<a href=\"/files/report.bin?token=s3cr3t-Xb7Qe2Rk9LmN4pT6&amp;v=2\">Get "
                                 "the report</a> "
                                 "<a href=\"http://127.0.0.1:%1/huge.bin\">Get the huge file</a>")
                      .arg(m_endlessPort)
                      .toUtf8();
            return response;
        });
        settings->setValue(SettingKey::AgentServerEnabled, true);
        settings->setValue(SettingKey::AgentServerPort, unusedPort());
        ASSERT_TRUE(startEngineOnBrowser());
        ASSERT_TRUE(connectOwnEndpoint());
        downloadsRoot = paths.dataDir + u"/downloads"_s;
    }

    // Opens the links page in a tab of `caller`'s.
    CdpSession *openLinks(const CommandCaller &caller = kAgent)
    {
        return openHandedTab(fixtureUrl(u"files/links.html"_s), caller);
    }

    // Clicks the link named `name` in `caller`'s tab, as the agent does: snapshot, then the ref.
    void clickLink(const QString &name, const CommandCaller &caller = kAgent)
    {
        const QString snapshot = ok(u"snapshot"_s, {}, caller).value(u"snapshot"_s).toString();
        static const QRegularExpression ref(u"\\[ref=(e\\d+)\\]"_s);
        QString found;
        for (const QString &line : snapshot.split(u'\n')) {
            if (line.contains(name))
                found = ref.match(line).captured(1);
        }
        ASSERT_FALSE(found.isEmpty()) << snapshot.toStdString();
        ok(u"click"_s, { { u"ref"_s, found } }, caller);
    }

    QJsonArray listed(const CommandCaller &caller = kAgent)
    {
        return ok(u"downloads"_s, {}, caller).value(u"downloads"_s).toArray();
    }

    // Clicks the link to the file `server` sends without end and waits for the download to stop:
    // the download as the wait answers it.
    QJsonObject downloadTheEndlessFile(const EndlessFileServer &server)
    {
        m_endlessPort = server.port();
        if (!openLinks()) {
            ADD_FAILURE() << "the links page never opened";
            return {};
        }
        clickLink(u"Get the huge file"_s);
        return ok(u"downloads"_s, { { u"action"_s, u"wait"_s }, { u"timeoutMs"_s, 20000 } })
            .value(u"download"_s)
            .toObject();
    }

    // Nothing of a cancelled download stays anywhere: no partial file, none in the agent's folder.
    void expectNothingKept()
    {
        EXPECT_TRUE(incoming().isEmpty()) << incoming().join(u", "_s).toStdString();
        EXPECT_TRUE(QDir(downloadsRoot + u"/agent-ws-agent-1"_s).entryList(QDir::Files).isEmpty());
    }

    QStringList incoming() const
    {
        return QDir(downloadsRoot + u"/.incoming"_s).entryList(QDir::Files | QDir::Hidden);
    }

    QString downloadsRoot;
    quint16 m_endlessPort = 9; // discard: no file server unless a test starts one
};

TEST_F(ToolkitDownloadsTest, AClickedAttachmentIsSavedInTheAgentsFolderWithItsBytes)
{
    ASSERT_TRUE(openLinks());
    clickLink(u"Get the report"_s);
    const QJsonObject waited = ok(u"downloads"_s, { { u"action"_s, u"wait"_s }, { u"timeoutMs"_s, 20000 } });
    const QJsonObject download = waited.value(u"download"_s).toObject();
    ASSERT_EQ(download.value(u"state"_s).toString(), u"completed"_s)
        << QJsonDocument(waited).toJson().toStdString();
    EXPECT_EQ(download.value(u"name"_s).toString(), u"q3 report.bin"_s);
    EXPECT_EQ(download.value(u"size"_s).toInteger(), reportBytes().size());
    EXPECT_EQ(download.value(u"received"_s).toInteger(), reportBytes().size());
    const QString path = download.value(u"path"_s).toString();
    EXPECT_EQ(path, downloadsRoot + u"/agent-ws-agent-1/q3 report.bin"_s);
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    EXPECT_TRUE(file.readAll() == reportBytes()) << "the saved file is not what the server sent";
    file.close();
    const QFileInfo folder(QFileInfo(path).absolutePath());
    EXPECT_EQ(folder.permissions()
                  & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
              QFile::Permissions());
    EXPECT_TRUE(incoming().isEmpty()) << incoming().join(u", "_s).toStdString();
    // The token in the link's address is never shown.
    const QString url = download.value(u"url"_s).toString();
    EXPECT_TRUE(url.contains(u"/files/report.bin"_s) && url.contains(u"v=2"_s)) << url.toStdString();
    EXPECT_FALSE(url.contains(u"s3cr3t"_s)) << url.toStdString();

    // The list has it; the same name again is kept beside the first.
    QJsonArray mine = listed();
    ASSERT_EQ(mine.size(), 1);
    EXPECT_EQ(mine.at(0).toObject().value(u"path"_s).toString(), path);
    clickLink(u"Get the report"_s);
    const QJsonObject second
        = ok(u"downloads"_s, { { u"action"_s, u"wait"_s } }).value(u"download"_s).toObject();
    EXPECT_EQ(second.value(u"path"_s).toString(), downloadsRoot + u"/agent-ws-agent-1/q3 report-2.bin"_s);
    EXPECT_EQ(listed().size(), 2);

    // Another agent sees none of them; the user's own tools see them all.
    EXPECT_TRUE(listed(kOtherAgent).isEmpty());
    EXPECT_EQ(listed(kUser).size(), 2);

    // clear deletes the files and forgets them.
    const QJsonObject cleared = ok(u"downloads"_s, { { u"action"_s, u"clear"_s } });
    EXPECT_EQ(cleared.value(u"forgotten"_s).toInt(), 2);
    EXPECT_EQ(cleared.value(u"removed"_s).toArray().size(), 2);
    EXPECT_FALSE(QFileInfo::exists(path));
    EXPECT_FALSE(QFileInfo::exists(second.value(u"path"_s).toString()));
    EXPECT_TRUE(listed().isEmpty());
}

TEST_F(ToolkitDownloadsTest, AFileOfTwoGigabytesIsCutAtTheLimitAndNothingOfItKept)
{
    EndlessFileServer server(qint64(2) * 1024 * 1024 * 1024);
    const QJsonObject download = downloadTheEndlessFile(server);
    EXPECT_EQ(download.value(u"state"_s).toString(), u"canceled"_s)
        << QJsonDocument(download).toJson().toStdString();
    EXPECT_EQ(download.value(u"size"_s).toInteger(), qint64(2) * 1024 * 1024 * 1024);
    EXPECT_TRUE(download.value(u"reason"_s).toString().contains(u"download limit"_s))
        << download.value(u"reason"_s).toString().toStdString();
    EXPECT_FALSE(download.contains(u"path"_s));
    EXPECT_LT(download.value(u"received"_s).toInteger(), qint64(64) * 1024 * 1024);
    expectNothingKept();
}

TEST_F(ToolkitDownloadsTest, AFileThatGrowsPastTheCapIsCancelledWhereItPassesIt)
{
    // No Content-Length: the size is known only as it arrives.
    EndlessFileServer server(std::nullopt);
    engine->toolkit()->downloads()->setMaxBytes(512 * 1024);
    const QJsonObject download = downloadTheEndlessFile(server);
    EXPECT_EQ(download.value(u"state"_s).toString(), u"canceled"_s)
        << QJsonDocument(download).toJson().toStdString();
    EXPECT_TRUE(download.value(u"reason"_s).toString().contains(u"grew past the 0.5 MB"_s))
        << download.value(u"reason"_s).toString().toStdString();
    EXPECT_GT(download.value(u"received"_s).toInteger(), 512 * 1024);
    expectNothingKept();
}

TEST_F(ToolkitDownloadsTest, BadInputAndAWaitForNothingGetErrorsThatSaySo)
{
    EndlessFileServer server(std::nullopt);
    m_endlessPort = server.port();
    ASSERT_TRUE(openLinks());
    const CommandResult unknown = run(u"downloads"_s, { { u"action"_s, u"fetch"_s } });
    EXPECT_FALSE(unknown.ok);
    EXPECT_EQ(unknown.kind, ErrorKind::BadInput);
    EXPECT_TRUE(unknown.error.contains(u"params.action"_s) && unknown.error.contains(u"list, wait, clear"_s))
        << unknown.error.toStdString();
    EXPECT_FALSE(run(u"downloads"_s, { { u"action"_s, u"wait"_s }, { u"timeoutMs"_s, 0 } }).ok);

    const CommandResult nothing
        = run(u"downloads"_s, { { u"action"_s, u"wait"_s }, { u"timeoutMs"_s, 300 } });
    EXPECT_FALSE(nothing.ok);
    EXPECT_EQ(nothing.kind, ErrorKind::Expired);
    EXPECT_TRUE(nothing.error.contains(u"no download of yours began within 300 ms"_s))
        << nothing.error.toStdString();

    // What is pending is named when the time is up.
    clickLink(u"Get the huge file"_s);
    ASSERT_TRUE(waitUntil([&] {
        const QJsonArray all = listed();
        return !all.isEmpty() && all.at(0).toObject().value(u"received"_s).toInteger() > 0;
    })) << QJsonDocument(listed()).toJson().toStdString();
    const CommandResult pending
        = run(u"downloads"_s, { { u"action"_s, u"wait"_s }, { u"timeoutMs"_s, 200 } });
    EXPECT_EQ(pending.kind, ErrorKind::Expired);
    EXPECT_TRUE(pending.error.contains(u"still in progress: huge.bin ("_s)) << pending.error.toStdString();
    // clear keeps a download in progress.
    EXPECT_EQ(ok(u"downloads"_s, { { u"action"_s, u"clear"_s } }).value(u"inProgress"_s).toInt(), 1);
    EXPECT_EQ(listed().size(), 1);
}

TEST_F(ToolkitDownloadsTest, AnAgentOnTheWebSocketWaitsForAndListsItsDownload)
{
    const QString token = TokenFile(engine->toolkitServer()->tokenFilePath()).read();
    QWebSocket socket;
    QList<QJsonObject> replies;
    QObject::connect(&socket, &QWebSocket::textMessageReceived, &socket, [&](const QString &text) {
        replies.append(QJsonDocument::fromJson(text.toUtf8()).object());
    });
    socket.open(QUrl(
        u"ws://127.0.0.1:%1/?token=%2"_s.arg(settings->intValue(SettingKey::AgentServerPort)).arg(token)));
    ASSERT_TRUE(waitForSignal(&socket, &QWebSocket::connected)) << socket.errorString().toStdString();
    const auto request = [&](const QString &id, const QString &type, const QJsonObject &params) {
        socket.sendTextMessage(QString::fromUtf8(
            QJsonDocument(QJsonObject { { u"id"_s, id }, { u"type"_s, type }, { u"params"_s, params } })
                .toJson(QJsonDocument::Compact)));
        QJsonObject reply;
        EXPECT_TRUE(waitUntil(
            [&] {
                for (const QJsonObject &r : replies) {
                    if (r.value(u"id"_s).toString() == id)
                        reply = r;
                }
                return !reply.isEmpty();
            },
            30s))
            << type.toStdString();
        return reply;
    };
    QJsonObject reply
        = request(u"1"_s, u"open"_s,
                  { { u"url"_s, fixtureUrl(u"files/links.html"_s).toString() }, { u"newTab"_s, true } });
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << QJsonDocument(reply).toJson().toStdString();
    reply = request(u"2"_s, u"snapshot"_s, {});
    static const QRegularExpression link(u"\\[ref=(e\\d+)\\]"_s);
    QString ref;
    for (const QString &line :
         reply.value(u"data"_s).toObject().value(u"snapshot"_s).toString().split(u'\n')) {
        if (line.contains(u"Get the report"_s))
            ref = link.match(line).captured(1);
    }
    ASSERT_FALSE(ref.isEmpty()) << QJsonDocument(reply).toJson().toStdString();
    reply = request(u"3"_s, u"click"_s, { { u"ref"_s, ref } });
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << QJsonDocument(reply).toJson().toStdString();
    reply = request(u"4"_s, u"downloads"_s, { { u"action"_s, u"wait"_s } });
    ASSERT_TRUE(reply.value(u"success"_s).toBool()) << QJsonDocument(reply).toJson().toStdString();
    const QString path
        = reply.value(u"data"_s).toObject().value(u"download"_s).toObject().value(u"path"_s).toString();
    EXPECT_TRUE(path.startsWith(downloadsRoot + u"/agent-ws-ws-"_s)) << path.toStdString();
    reply = request(u"5"_s, u"downloads"_s, { { u"action"_s, u"list"_s } });
    const QJsonArray all = reply.value(u"data"_s).toObject().value(u"downloads"_s).toArray();
    ASSERT_EQ(all.size(), 1) << QJsonDocument(reply).toJson().toStdString();
    EXPECT_EQ(all.at(0).toObject().value(u"path"_s).toString(), path);
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll() == reportBytes());
    // An agent of the dispatcher holding no tab sees nothing of it.
    EXPECT_TRUE(listed().isEmpty());
    socket.close();
}

} // namespace
