#include "DebugApiClient.h"

#include "DebugServerFile.h"
#include "TokenFile.h"
#include "platform/ProcessInfo.h"

#include <QDir>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

std::optional<DebugApiClient::Endpoint> DebugApiClient::locate(const QString &configDir, QString *problem)
{
    QString ignored;
    if (!problem)
        problem = &ignored;
    const QString dir = QDir(configDir).absolutePath();
    const QString path = QDir(dir).filePath(DebugServerFile::fileName());
    QString error;
    const auto entry = DebugServerFile::read(path, &error);
    if (!entry) {
        *problem = error.isEmpty()
            ? u"no running instance serves the debug API for %1. Start the app with --debug-server (or turn "
              u"on "
              "debug/enabled in its settings); pass --config-dir if it uses another folder."_s.arg(dir)
            : error;
        return std::nullopt;
    }
    if (!ProcessInfo::isRunning(entry->pid)) {
        *problem
            = u"no running instance serves the debug API for %1: the instance that wrote %2 (pid %3) is no "
              "longer running."_s.arg(dir, path)
                  .arg(entry->pid);
        return std::nullopt;
    }
    const QString tokenPath = QDir(dir).filePath(u"debug-token"_s);
    const QString token = TokenFile(tokenPath).read();
    if (token.isEmpty()) {
        *problem = u"cannot read the debug API token %1; is it this user's config folder?"_s.arg(tokenPath);
        return std::nullopt;
    }
    return Endpoint { entry->port, entry->pid, token };
}

DebugApiClient::DebugApiClient(const Endpoint &endpoint, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
{
    // The token must never go anywhere but to 127.0.0.1.
    m_network.setProxy(QNetworkProxy::NoProxy);
}

void DebugApiClient::call(const QString &action, const QJsonObject &params,
                          std::function<void(const Reply &)> done)
{
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(m_endpoint.port);
    url.setPath(u"/api/action"_s);
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setHeader(QNetworkRequest::UserAgentHeader,
                      QByteArrayLiteral("multi-purpose-agent-ctl/" MPA_VERSION));
    request.setRawHeader("Authorization", "Bearer " + m_endpoint.token.toUtf8());
    request.setTransferTimeout(int(m_timeout.count()));
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    const QByteArray body = QJsonDocument(QJsonObject { { u"action"_s, action }, { u"params"_s, params } })
                                .toJson(QJsonDocument::Compact);
    QNetworkReply *reply = m_network.post(request, body);
    const quint16 port = m_endpoint.port;
    connect(reply, &QNetworkReply::finished, this, [reply, done = std::move(done), port] {
        reply->deleteLater();
        Reply result;
        result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        result.reached = result.status > 0;
        if (!result.reached) {
            result.error = reply->error() == QNetworkReply::ConnectionRefusedError
                ? u"no instance answers on 127.0.0.1:%1 (connection refused); it may have just exited"_s.arg(
                    port)
                : u"the debug API on 127.0.0.1:%1 did not answer: %2"_s.arg(port).arg(reply->errorString());
            return done(result);
        }
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(reply->readAll(), &parseError);
        result.body = document.object();
        if (parseError.error != QJsonParseError::NoError || !document.isObject()
            || !result.body.value(u"success").isBool()) {
            result.error
                = u"the debug API on 127.0.0.1:%1 answered HTTP %2 without its JSON reply"_s.arg(port).arg(
                    result.status);
            return done(result);
        }
        if (!result.ok())
            result.error = result.body.value(u"error").toString(u"HTTP %1"_s.arg(result.status));
        done(result);
    });
}

DebugApiClient::Reply DebugApiClient::callAndWait(const QString &action, const QJsonObject &params)
{
    QEventLoop loop;
    Reply result;
    bool answered = false;
    call(action, params, [&](const Reply &reply) {
        result = reply;
        answered = true;
        loop.quit();
    });
    if (!answered)
        loop.exec();
    return result;
}

} // namespace mpa
