#pragma once
// Antigravity's model quota, read from its local language server the way the IDE does:
//
// 1. Find the language server: a process named language_server_* whose command line points
//    at an Antigravity app dir (the executable below an "antigravity" folder, or
//    --app_data_dir antigravity); read --csrf_token and --extension_server_port from it.
// 2. Its listening TCP ports (ProcessFinder); probe each with
//    POST https://127.0.0.1:P/exa.language_server_pb.LanguageServerService/GetUnleashData
//    ({"wrapper_data":{}}, headers X-Codeium-Csrf-Token and Connect-Protocol-Version: 1); the
//    first port that answers JSON is the server. Its certificate is self-signed: certificate
//    errors are accepted for 127.0.0.1 only, and only errors about who signed it.
// 3. POST GetUserStatus ({"metadata":{"ideName":"antigravity","extensionName":"antigravity",
//    "locale":"en"}}) and read the plan and each model's quota (QuotaSnapshot).
//
// The server found is remembered until a request to it fails; then discovery runs again.
// Process discovery runs on a worker thread (it reads the OS's process table).

#include "QuotaProvider.h"
#include "platform/ProcessFinder.h"

#include <QList>
#include <QNetworkAccessManager>
#include <QPointer>

#include <chrono>
#include <memory>
#include <optional>

class QNetworkReply;

namespace mpa {

class AntigravityQuotaProvider : public QuotaProvider
{
    Q_OBJECT
public:
    struct Candidate
    {
        qint64 pid = 0;
        QString csrfToken;
        quint16 extensionServerPort = 0;
        QList<quint16> ports; // listening ports to probe
    };
    struct Server
    {
        qint64 pid = 0;
        quint16 port = 0;
        QString csrfToken;
    };

    explicit AntigravityQuotaProvider(std::shared_ptr<ProcessFinder> finder, QObject *parent = nullptr);
    ~AntigravityQuotaProvider() override;

    QString name() const override { return QStringLiteral("antigravity"); }
    void refresh() override;
    bool isBusy() const override { return m_busy; }

    std::optional<Server> server() const { return m_server; }
    void setRequestTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }

    // Is this process an Antigravity language server?
    static bool isLanguageServer(const ProcessInfo &process);
    // The language servers among `processes`, with their token and extension server port
    // (ports not filled in).
    static QList<Candidate> candidates(const QList<ProcessInfo> &processes);

private:
    struct Discovery
    {
        QList<Candidate> candidates;
        QString error;
    };

    void discover();
    void onDiscovered(const Discovery &discovery);
    void fetchUserStatus(bool rediscoverOnFailure);
    QNetworkReply *post(quint16 port, const QString &method, const QJsonObject &body,
                        const QString &csrfToken);
    void finish(QuotaSnapshot snapshot);
    void fail(const QString &error);
    void abortProbes();

    std::shared_ptr<ProcessFinder> m_finder;
    QNetworkAccessManager m_network;
    std::optional<Server> m_server;
    QList<QPointer<QNetworkReply>> m_probes;
    std::chrono::milliseconds m_timeout { 5000 };
    bool m_busy = false;
    quint64 m_generation = 0;
};

} // namespace mpa
