#include "LocalWebServer.h"

#include "logging/LogCategories.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTcpSocket>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {
constexpr qsizetype kMaxHead = 64 * 1024;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    default:
        return "Status";
    }
}
} // namespace

LocalWebServer::LocalWebServer(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &LocalWebServer::onNewConnection);
}

bool LocalWebServer::listen(quint16 port, const QHostAddress &address)
{
    return m_server.listen(address, port);
}

void LocalWebServer::close()
{
    m_server.close();
}

QUrl LocalWebServer::url(const QString &path, const QString &host) const
{
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(host);
    url.setPort(port());
    const qsizetype question = path.indexOf(u'?');
    url.setPath(
        u'/' + (question < 0 ? path : path.left(question)).section(u'/', 0, -1, QString::SectionSkipEmpty));
    if (question >= 0)
        url.setQuery(path.mid(question + 1));
    return url;
}

QByteArray LocalWebServer::contentTypeFor(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == u"html"_s || suffix == u"htm"_s)
        return "text/html; charset=utf-8";
    if (suffix == u"js"_s || suffix == u"mjs"_s)
        return "text/javascript; charset=utf-8";
    if (suffix == u"css"_s)
        return "text/css; charset=utf-8";
    if (suffix == u"json"_s)
        return "application/json";
    if (suffix == u"svg"_s)
        return "image/svg+xml";
    if (suffix == u"png"_s)
        return "image/png";
    return "text/plain; charset=utf-8";
}

void LocalWebServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
            QByteArray buffered = socket->property("mpaHead").toByteArray() + socket->readAll();
            const qsizetype end = buffered.indexOf("\r\n\r\n");
            if (end < 0) {
                if (buffered.size() > kMaxHead) {
                    socket->write(
                        "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
                    socket->disconnectFromHost();
                    return;
                }
                socket->setProperty("mpaHead", buffered);
                return;
            }
            socket->setProperty("mpaHead", QVariant());
            handle(socket, buffered.left(end));
        });
    }
}

void LocalWebServer::handle(QTcpSocket *socket, const QByteArray &head)
{
    ++m_requests;
    const qsizetype lineEnd = head.indexOf("\r\n");
    const QList<QByteArray> requestLine = (lineEnd < 0 ? head : head.left(lineEnd)).split(' ');
    Response response;
    const QByteArray method = requestLine.value(0);
    if (requestLine.size() < 3) {
        response = { 400, "text/plain; charset=utf-8", "malformed request line\n", {} };
    } else if (method != "GET" && method != "HEAD") {
        response = { 405, "text/plain; charset=utf-8", "only GET and HEAD are served\n", {} };
    } else {
        const QUrl target(QString::fromLatin1(requestLine.at(1)));
        const QString path = target.path();
        if (const auto route = m_routes.constFind(path); route != m_routes.cend())
            response = (*route)(path, target.query());
        else
            response = serveFile(path);
    }
    QByteArray out = "HTTP/1.1 " + QByteArray::number(response.status) + ' ' + reasonPhrase(response.status)
        + "\r\nContent-Type: " + response.contentType + "\r\nContent-Length: "
        + QByteArray::number(response.body.size()) + "\r\nCache-Control: no-store\r\nConnection: close\r\n";
    for (const auto &header : std::as_const(response.headers))
        out += header.first + ": " + header.second + "\r\n";
    out += "\r\n";
    if (method != "HEAD")
        out += response.body;
    socket->write(out);
    socket->disconnectFromHost();
}

LocalWebServer::Response LocalWebServer::serveFile(const QString &path) const
{
    if (m_root.isEmpty())
        return { 404, "text/plain; charset=utf-8", "not found\n", {} };
    const QString clean = QDir::cleanPath(u'/' + path);
    if (clean.contains(u"/../"_s) || clean.endsWith(u"/.."_s))
        return { 403, "text/plain; charset=utf-8", "forbidden\n", {} };
    QString file = m_root + clean;
    if (QFileInfo(file).isDir())
        file += u"/index.html"_s;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return { 404, "text/plain; charset=utf-8", "not found: " + path.toUtf8() + '\n', {} };
    return { 200, contentTypeFor(file), f.readAll(), {} };
}

} // namespace mpa
