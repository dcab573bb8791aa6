#include "TlsTestServer.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSslSocket>

using namespace Qt::StringLiterals;

namespace mpa::test {

bool TlsTestServer::makeCertificate(const QString &dir, QSslCertificate *certificate, QSslKey *key,
                                    QString *error)
{
    const QString keyPath = QDir(dir).filePath(u"key.pem"_s);
    const QString certPath = QDir(dir).filePath(u"cert.pem"_s);
    QProcess openssl;
    openssl.start(u"openssl"_s,
                  { u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s,
                    u"ec_paramgen_curve:prime256v1"_s, u"-nodes"_s, u"-keyout"_s, keyPath, u"-out"_s,
                    certPath, u"-days"_s, u"2"_s, u"-subj"_s, u"/CN=127.0.0.1"_s, u"-addext"_s,
                    u"subjectAltName=IP:127.0.0.1"_s });
    if (!openssl.waitForFinished(30000) || openssl.exitCode() != 0) {
        *error
            = u"openssl could not make a test certificate (is the openssl package installed?): %1 %2"_s.arg(
                openssl.errorString(), QString::fromLocal8Bit(openssl.readAllStandardError()));
        return false;
    }
    QFile certFile(certPath);
    QFile keyFile(keyPath);
    if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly)) {
        *error = u"cannot read the test certificate"_s;
        return false;
    }
    *certificate = QSslCertificate(certFile.readAll(), QSsl::Pem);
    *key = QSslKey(keyFile.readAll(), QSsl::Ec, QSsl::Pem);
    if (certificate->isNull() || key->isNull()) {
        *error = u"the test certificate or key does not load"_s;
        return false;
    }
    return true;
}

TlsTestServer::TlsTestServer(const QSslCertificate &certificate, const QSslKey &key, Handler handler,
                             QObject *parent)
    : QTcpServer(parent)
    , m_certificate(certificate)
    , m_key(key)
    , m_handler(std::move(handler))
{
}

void TlsTestServer::incomingConnection(qintptr descriptor)
{
    auto *socket = new QSslSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        socket->deleteLater();
        return;
    }
    socket->setLocalCertificate(m_certificate);
    socket->setPrivateKey(m_key);
    socket->setPeerVerifyMode(QSslSocket::VerifyNone);
    auto buffer = std::make_shared<QByteArray>();
    connect(socket, &QSslSocket::readyRead, this, [this, socket, buffer] {
        buffer->append(socket->readAll());
        const qsizetype headerEnd = buffer->indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        Request request;
        const QList<QByteArray> lines = buffer->left(headerEnd).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        request.method = first.value(0);
        request.path = first.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                request.headers.insert(lines.at(i).left(colon).trimmed().toLower(),
                                       lines.at(i).mid(colon + 1).trimmed());
        }
        const qsizetype length = request.headers.value("content-length", "0").toLongLong();
        if (buffer->size() < headerEnd + 4 + length)
            return;
        request.body = buffer->mid(headerEnd + 4, length);
        buffer->clear();
        m_requests.append(request);
        const Response response = m_handler(request);
        QByteArray reply = "HTTP/1.1 " + QByteArray::number(response.status) + " X\r\nContent-Type: "
            + response.contentType + "\r\nContent-Length: " + QByteArray::number(response.body.size())
            + "\r\nConnection: close\r\n\r\n" + response.body;
        socket->write(reply);
        socket->disconnectFromHost();
    });
    connect(socket, &QSslSocket::disconnected, socket, &QObject::deleteLater);
    connect(socket, &QSslSocket::sslErrors, socket,
            [socket](const QList<QSslError> &) { socket->ignoreSslErrors(); });
    socket->startServerEncryption();
}

} // namespace mpa::test
