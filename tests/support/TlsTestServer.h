#pragma once
// A tiny HTTPS/1.1 server on 127.0.0.1 for tests that talk to local TLS services (the
// Antigravity language server): QTcpServer + QSslSocket with a self-signed certificate made
// at test time by the openssl command-line tool. One request per connection.

#include <QHash>
#include <QSslCertificate>
#include <QSslKey>
#include <QTcpServer>

#include <functional>

namespace mpa::test {

class TlsTestServer : public QTcpServer
{
    Q_OBJECT
public:
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers; // names in lower case
        QByteArray body;
    };
    struct Response
    {
        int status = 200;
        QByteArray body;
        QByteArray contentType = "application/json";
    };
    using Handler = std::function<Response(const Request &request)>;

    // A self-signed certificate and key for 127.0.0.1, written to `dir` by `openssl req`.
    static bool makeCertificate(const QString &dir, QSslCertificate *certificate, QSslKey *key,
                                QString *error);

    TlsTestServer(const QSslCertificate &certificate, const QSslKey &key, Handler handler,
                  QObject *parent = nullptr);

    bool listenOnLoopback() { return listen(QHostAddress::LocalHost, 0); }
    const QList<Request> &requests() const { return m_requests; }

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    QSslCertificate m_certificate;
    QSslKey m_key;
    Handler m_handler;
    QList<Request> m_requests;
};

} // namespace mpa::test
