#include "common/LocalWebServer.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"

#include <QDir>
#include <QFile>
#include <QTcpSocket>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

QByteArray request(quint16 port, const QByteArray &raw)
{
    QTcpSocket socket;
    socket.connectToHost(u"127.0.0.1"_s, port);
    if (!test::waitUntil([&] { return socket.state() == QAbstractSocket::ConnectedState; }))
        return {};
    socket.write(raw);
    QByteArray answer;
    test::waitUntil([&] {
        answer += socket.readAll();
        return socket.state() == QAbstractSocket::UnconnectedState;
    });
    return answer + socket.readAll();
}

TEST(LocalWebServerTest, ServesFilesRoutesAndRefusesEscapes)
{
    const QString root = test::tempDir();
    QFile page(QDir(root).filePath(u"page.html"_s));
    ASSERT_TRUE(page.open(QIODevice::WriteOnly));
    page.write("<p>hello</p>");
    page.close();

    LocalWebServer server;
    server.setRoot(root);
    server.addRoute(u"/json/version"_s, [](const QString &, const QString &) {
        return LocalWebServer::Response { 200, "application/json", R"({"Browser":"Test"})", {} };
    });
    ASSERT_TRUE(server.listen());
    EXPECT_EQ(server.url(u"page.html"_s).toString(), u"http://127.0.0.1:%1/page.html"_s.arg(server.port()));

    const QByteArray ok = request(server.port(), "GET /page.html HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_TRUE(ok.startsWith("HTTP/1.1 200 OK")) << ok.toStdString();
    EXPECT_TRUE(ok.contains("Content-Type: text/html"));
    EXPECT_TRUE(ok.endsWith("<p>hello</p>"));

    const QByteArray version = request(server.port(), "GET /json/version HTTP/1.1\r\n\r\n");
    EXPECT_TRUE(version.endsWith(R"({"Browser":"Test"})")) << version.toStdString();
    EXPECT_TRUE(request(server.port(), "GET /missing.html HTTP/1.1\r\n\r\n").startsWith("HTTP/1.1 404"));
    const QByteArray escape = request(server.port(), "GET /../../etc/passwd HTTP/1.1\r\n\r\n");
    EXPECT_FALSE(escape.contains("root:")) << escape.toStdString();
    EXPECT_TRUE(request(server.port(), "POST /page.html HTTP/1.1\r\n\r\n").startsWith("HTTP/1.1 405"));
    EXPECT_TRUE(request(server.port(), "garbage\r\n\r\n").startsWith("HTTP/1.1 400"));
}

} // namespace
