#include "LocalWebServer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTcpSocket>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

LocalWebServer::LocalWebServer(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &HttpRequestGate::requestReceived, this, &LocalWebServer::handle);
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

void LocalWebServer::handle(const HttpRequestGate::Request &request, QTcpSocket *socket)
{
    ++m_requests;
    Response response;
    if (request.method != "GET" && request.method != "HEAD") {
        response = { 405, "text/plain; charset=utf-8", "only GET and HEAD are served\n", {} };
    } else {
        const QString path = QUrl(QString::fromUtf8(request.path)).path();
        if (const auto route = m_routes.constFind(path); route != m_routes.cend())
            response = (*route)(path, QString::fromUtf8(request.query));
        else
            response = serveFile(path);
    }
    QList<std::pair<QByteArray, QByteArray>> headers { { "Content-Type", response.contentType },
                                                       { "Cache-Control", "no-store" } };
    for (const auto &header : std::as_const(response.headers))
        headers.append({ header.first, header.second });
    HttpRequestGate::reply(socket, response.status, headers, response.body, request.method != "HEAD");
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
