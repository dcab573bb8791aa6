#pragma once
// A client of a running instance's debug API, as `multi-purpose-agent ctl` uses it: finds the
// instance serving a config dir (debug-server.json, whether its process still runs, the token)
// and calls actions over HTTP on 127.0.0.1, never through a proxy.

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QObject>
#include <QString>

#include <chrono>
#include <functional>
#include <optional>

namespace mpa {

class DebugApiClient : public QObject
{
    Q_OBJECT
public:
    struct Endpoint
    {
        quint16 port = 0;
        qint64 pid = 0;
        QString token;
    };

    struct Reply
    {
        bool reached = false; // an HTTP answer came back
        int status = 0; // its HTTP status
        QJsonObject body; // {"success": …, "data"|"error": …}
        QString error; // the server's error, or why it could not be reached
        bool ok() const
        {
            return reached && status == 200 && body.value(QLatin1StringView("success")).toBool();
        }
    };

    // The instance serving the debug API for `configDir`; nullopt with a sentence in `problem`
    // (nothing runs, the file names a dead process, the token cannot be read).
    static std::optional<Endpoint> locate(const QString &configDir, QString *problem);

    explicit DebugApiClient(const Endpoint &endpoint, QObject *parent = nullptr);

    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    void call(const QString &action, const QJsonObject &params, std::function<void(const Reply &)> done);
    // call() in a local event loop.
    Reply callAndWait(const QString &action, const QJsonObject &params);

private:
    Endpoint m_endpoint;
    QNetworkAccessManager m_network;
    std::chrono::milliseconds m_timeout { 150000 };
};

} // namespace mpa
