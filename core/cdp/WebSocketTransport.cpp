#include "WebSocketTransport.h"

#include "CdpRemote.h"

#include <QNetworkProxy>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QSslError>

using namespace Qt::StringLiterals;

namespace mpa {

WebSocketTransport::WebSocketTransport(QObject *parent)
    : CdpTransport(parent)
{
    m_socket.setParent(this);
    m_socket.setProxy(QNetworkProxy::NoProxy);
    // Screenshots and large snapshots arrive as single messages.
    m_socket.setMaxAllowedIncomingMessageSize(quint64(512) * 1024 * 1024);
    m_socket.setMaxAllowedIncomingFrameSize(quint64(512) * 1024 * 1024);
    connect(&m_socket, &QWebSocket::connected, this, [this] { Q_EMIT opened(); });
    connect(&m_socket, &QWebSocket::disconnected, this, [this] {
        QString reason = m_socket.closeReason();
        if (reason.isEmpty())
            reason = m_socket.error() != QAbstractSocket::UnknownSocketError
                ? m_socket.errorString()
                : u"the browser closed the connection"_s;
        reason = explain(reason);
        finish(reason);
    });
    connect(&m_socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this,
            [this](QAbstractSocket::SocketError) {
                if (m_socket.state() != QAbstractSocket::ConnectedState)
                    finish(explain(m_socket.errorString()));
            });
    connect(&m_socket, &QWebSocket::sslErrors, this, [this](const QList<QSslError> &errors) {
        QStringList said;
        for (const QSslError &error : errors)
            said.append(error.errorString());
        m_tlsProblem = u"the certificate of %1 is not trusted (%2): it is checked against the system's "
                       "certificate authorities"_s.arg(m_socket.requestUrl().host(), said.join(u"; "_s));
    });
    connect(&m_socket, &QWebSocket::textMessageReceived, this,
            [this](const QString &message) { Q_EMIT messageReceived(message.toUtf8()); });
    connect(&m_socket, &QWebSocket::binaryMessageReceived, this,
            [this](const QByteArray &message) { Q_EMIT messageReceived(message); });
}

WebSocketTransport::~WebSocketTransport()
{
    m_active = false;
    m_socket.abort();
}

void WebSocketTransport::setHeader(const QByteArray &name, const QByteArray &value)
{
    m_headerName = name;
    m_headerValue = value;
}

QString WebSocketTransport::explain(const QString &errorString)
{
    m_refusedForGood = !m_tlsProblem.isEmpty();
    if (!m_tlsProblem.isEmpty())
        return m_tlsProblem;
    // Qt says a refused upgrade as "…processHandshake: Unhandled http status code: 401 (Unauthorized)."
    static const QRegularExpression status(u"status code: (\\d+) \\(([^)]*)\\)"_s);
    const QRegularExpressionMatch match = status.match(errorString);
    if (match.hasMatch()) {
        m_refusedForGood = CdpRemote::refusesForGood(match.captured(1).toInt());
        QString plain = CdpRemote::explainStatus(match.captured(1).toInt(), match.captured(2));
        if (!plain.isEmpty())
            return plain;
    }
    return errorString;
}

void WebSocketTransport::open(const QUrl &url)
{
    m_active = true;
    m_tlsProblem.clear();
    m_refusedForGood = false;
    QNetworkRequest request(url);
    if (!m_headerName.isEmpty())
        request.setRawHeader(m_headerName, m_headerValue);
    m_socket.open(request);
}

void WebSocketTransport::close()
{
    m_active = false;
    m_socket.close();
}

bool WebSocketTransport::isOpen() const
{
    return m_socket.state() == QAbstractSocket::ConnectedState;
}

void WebSocketTransport::sendMessage(const QByteArray &utf8Json)
{
    m_socket.sendTextMessage(QString::fromUtf8(utf8Json));
}

void WebSocketTransport::finish(const QString &reason)
{
    if (!m_active)
        return;
    m_active = false;
    Q_EMIT closed(reason);
}

} // namespace mpa
