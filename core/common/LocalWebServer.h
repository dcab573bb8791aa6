#pragma once
// A small HTTP/1.1 server on 127.0.0.1 for pages the app hands to a browser: the demo's agent
// panel (from Qt resources) and, in tests, the fixture pages. GET and HEAD only; files
// from one root folder (a directory or a ":/…" resource prefix) plus routes set in code. Served
// by the app's one HTTP server, HttpRequestGate.

#include "HttpRequestGate.h"

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QTcpServer>

#include <functional>

namespace mpa {

class LocalWebServer : public QObject
{
    Q_OBJECT
public:
    struct Response
    {
        int status = 200;
        QByteArray contentType = "text/plain; charset=utf-8";
        QByteArray body;
        QList<QPair<QByteArray, QByteArray>> headers;
    };
    using Handler = std::function<Response(const QString &path, const QString &query)>;

    explicit LocalWebServer(QObject *parent = nullptr);

    // Serves files below `root` (a folder or a resource prefix such as ":/demo").
    void setRoot(const QString &root) { m_root = root; }
    // A fixed answer for `path` (exact match), ahead of files.
    void addRoute(const QString &path, Handler handler) { m_routes.emplace(path, std::move(handler)); }

    bool listen(quint16 port = 0, const QHostAddress &address = QHostAddress::LocalHost);
    void close();
    quint16 port() const { return m_server.serverPort(); }
    // http://127.0.0.1:PORT/path — or with another host name for the same server, e.g.
    // "localhost" for a second site.
    QUrl url(const QString &path = {}, const QString &host = QStringLiteral("127.0.0.1")) const;
    QString errorString() const { return m_server.errorString(); }
    int requestCount() const { return m_requests; }

    static QByteArray contentTypeFor(const QString &fileName);

private:
    void handle(const HttpRequestGate::Request &request, QTcpSocket *socket);
    Response serveFile(const QString &path) const;

    HttpRequestGate m_server;
    QString m_root;
    QHash<QString, Handler> m_routes;
    int m_requests = 0;
};

} // namespace mpa
