#include "AntigravityQuotaProvider.h"

#include "logging/LogCategories.h"
#include "logging/Logging.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSslError>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

const QString kService = u"/exa.language_server_pb.LanguageServerService/"_s;

// Errors about who signed the certificate — what a self-signed loopback server causes. Any
// other TLS failure is not waved through.
bool isTrustError(QSslError::SslError error)
{
    switch (error) {
    case QSslError::SelfSignedCertificate:
    case QSslError::SelfSignedCertificateInChain:
    case QSslError::UnableToGetLocalIssuerCertificate:
    case QSslError::UnableToVerifyFirstCertificate:
    case QSslError::UnableToGetIssuerCertificate:
    case QSslError::CertificateUntrusted:
    case QSslError::HostNameMismatch:
    case QSslError::CertificateExpired:
    case QSslError::CertificateNotYetValid:
        return true;
    default:
        return false;
    }
}

QString portList(const QList<quint16> &ports)
{
    QStringList names;
    for (quint16 port : ports)
        names.append(QString::number(port));
    return names.join(u", "_s);
}

// The reply's JSON object, or nothing with `error` set.
std::optional<QJsonObject> jsonAnswer(QNetworkReply *reply, QString *error)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->error() != QNetworkReply::NoError && status == 0) {
        *error = reply->errorString();
        return std::nullopt;
    }
    const QByteArray body = reply->readAll();
    if (status != 200) {
        *error = u"HTTP %1 %2"_s.arg(status).arg(QString::fromUtf8(body.left(200)).simplified());
        return std::nullopt;
    }
    QJsonParseError parseError {};
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = u"the answer is not a JSON object"_s;
        return std::nullopt;
    }
    return document.object();
}

} // namespace

AntigravityQuotaProvider::AntigravityQuotaProvider(std::shared_ptr<ProcessFinder> finder, QObject *parent)
    : QuotaProvider(parent)
    , m_finder(std::move(finder))
{
    // Loopback only: no proxy may see the token.
    m_network.setProxy(QNetworkProxy::NoProxy);
}

AntigravityQuotaProvider::~AntigravityQuotaProvider()
{
    abortProbes();
}

bool AntigravityQuotaProvider::isLanguageServer(const ProcessInfo &process)
{
    if (!process.name.startsWith(u"language_server"_s, Qt::CaseInsensitive) || process.arguments.isEmpty())
        return false;
    QString program = process.arguments.constFirst();
    program.replace(u'\\', u'/');
    QStringList folders = program.split(u'/', Qt::SkipEmptyParts);
    if (!folders.isEmpty())
        folders.removeLast(); // the executable itself
    bool underAntigravity = false;
    for (const QString &folder : std::as_const(folders)) {
        if (folder.compare(u"antigravity"_s, Qt::CaseInsensitive) == 0
            || folder.compare(u"Antigravity.app"_s, Qt::CaseInsensitive) == 0)
            underAntigravity = true;
    }
    const QString appDataDir = process.option(u"app_data_dir"_s);
    return underAntigravity || appDataDir.compare(u"antigravity"_s, Qt::CaseInsensitive) == 0
        || appDataDir.endsWith(u"/antigravity"_s, Qt::CaseInsensitive);
}

QList<AntigravityQuotaProvider::Candidate>
AntigravityQuotaProvider::candidates(const QList<ProcessInfo> &processes)
{
    QList<Candidate> found;
    for (const ProcessInfo &process : processes) {
        if (!isLanguageServer(process))
            continue;
        Candidate candidate;
        candidate.pid = process.pid;
        candidate.csrfToken = process.option(u"csrf_token"_s);
        candidate.extensionServerPort = quint16(process.option(u"extension_server_port"_s).toUInt());
        if (candidate.csrfToken.isEmpty()) {
            qCDebug(lcQuota) << "language server" << process.pid << "has no --csrf_token; skipped";
            continue;
        }
        found.append(candidate);
    }
    return found;
}

void AntigravityQuotaProvider::refresh()
{
    if (m_busy)
        return;
    m_busy = true;
    ++m_generation;
    if (m_server)
        fetchUserStatus(true);
    else
        discover();
}

void AntigravityQuotaProvider::discover()
{
    const std::shared_ptr<ProcessFinder> finder = m_finder;
    const QPointer<AntigravityQuotaProvider> self(this);
    const quint64 generation = m_generation;
    QThreadPool::globalInstance()->start([finder, self, generation] {
        Discovery discovery;
        QString error;
        const QList<ProcessInfo> processes = finder->processes(&error);
        if (processes.isEmpty() && !error.isEmpty()) {
            discovery.error = error;
        } else {
            discovery.candidates = candidates(processes);
            for (Candidate &candidate : discovery.candidates) {
                QString portError;
                candidate.ports = finder->listeningTcpPorts(candidate.pid, &portError);
                if (candidate.ports.isEmpty() && !portError.isEmpty())
                    discovery.error = portError;
            }
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, generation, discovery] {
                if (self && self->m_generation == generation)
                    self->onDiscovered(discovery);
            },
            Qt::QueuedConnection);
    });
}

void AntigravityQuotaProvider::onDiscovered(const Discovery &discovery)
{
    if (discovery.candidates.isEmpty()) {
        if (discovery.error.isEmpty()) {
            QuotaSnapshot absent;
            absent.ideAbsent = true;
            absent.error
                = tr("Antigravity is not running, so its quota cannot be read. Start Antigravity, or "
                     "turn the quota check off if you use another IDE.");
            finish(absent);
            return;
        }
        fail(tr("cannot look for Antigravity's language server: %1").arg(discovery.error));
        return;
    }
    int probes = 0;
    for (const Candidate &candidate : discovery.candidates) {
        Logging::addSecret(candidate.csrfToken);
        for (quint16 port : candidate.ports) {
            if (port == candidate.extensionServerPort)
                continue; // that one is the IDE's, not the language server's
            ++probes;
            QNetworkReply *reply
                = post(port, u"GetUnleashData"_s, QJsonObject { { u"wrapper_data"_s, QJsonObject() } },
                       candidate.csrfToken);
            m_probes.append(reply);
            const quint64 generation = m_generation;
            connect(reply, &QNetworkReply::finished, this, [this, reply, candidate, port, generation] {
                reply->deleteLater();
                m_probes.removeAll(reply);
                if (generation != m_generation || !m_busy || m_server)
                    return;
                QString error;
                if (jsonAnswer(reply, &error)) {
                    m_server = Server { candidate.pid, port, candidate.csrfToken };
                    abortProbes();
                    qCInfo(lcQuota).noquote()
                        << u"Antigravity's language server (pid %1) answers on 127.0.0.1:%2"_s.arg(
                               QString::number(candidate.pid), QString::number(port));
                    fetchUserStatus(false);
                    return;
                }
                qCDebug(lcQuota).noquote()
                    << u"port %1 is not the language server: %2"_s.arg(port).arg(error);
                if (m_probes.isEmpty())
                    fail(tr("Antigravity's language server (pid %1) did not answer on any of its ports (%2); "
                            "last "
                            "error: %3")
                             .arg(QString::number(candidate.pid), portList(candidate.ports), error));
            });
        }
    }
    if (probes == 0) {
        const Candidate &first = discovery.candidates.constFirst();
        fail(tr("found Antigravity's language server (pid %1) but none of its listening ports%2")
                 .arg(QString::number(first.pid),
                      discovery.error.isEmpty() ? QString() : u": "_s + discovery.error));
    }
}

void AntigravityQuotaProvider::fetchUserStatus(bool rediscoverOnFailure)
{
    const Server server = *m_server;
    const QJsonObject metadata { { u"ideName"_s, u"antigravity"_s },
                                 { u"extensionName"_s, u"antigravity"_s },
                                 { u"locale"_s, u"en"_s } };
    QNetworkReply *reply = post(server.port, u"GetUserStatus"_s, QJsonObject { { u"metadata"_s, metadata } },
                                server.csrfToken);
    const quint64 generation = m_generation;
    connect(reply, &QNetworkReply::finished, this, [this, reply, rediscoverOnFailure, generation, server] {
        reply->deleteLater();
        if (generation != m_generation)
            return;
        QString error;
        const std::optional<QJsonObject> answer = jsonAnswer(reply, &error);
        if (!answer) {
            m_server.reset();
            if (rediscoverOnFailure) {
                qCInfo(lcQuota).noquote()
                    << u"the language server on port %1 stopped answering (%2); looking for it "
                       "again"_s.arg(QString::number(server.port), error);
                discover();
                return;
            }
            fail(tr("GetUserStatus on 127.0.0.1:%1 failed: %2").arg(QString::number(server.port), error));
            return;
        }
        QuotaSnapshot snapshot;
        if (!QuotaSnapshot::parseUserStatus(*answer, &snapshot, &error)) {
            fail(tr("GetUserStatus on 127.0.0.1:%1 answered something unexpected: %2")
                     .arg(QString::number(server.port), error));
            return;
        }
        snapshot.ok = true;
        finish(snapshot);
    });
}

QNetworkReply *AntigravityQuotaProvider::post(quint16 port, const QString &method, const QJsonObject &body,
                                              const QString &csrfToken)
{
    QUrl url;
    url.setScheme(u"https"_s);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(port);
    url.setPath(kService + method);
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Connect-Protocol-Version", "1");
    request.setRawHeader("X-Codeium-Csrf-Token", csrfToken.toUtf8());
    request.setTransferTimeout(int(m_timeout.count()));
    QNetworkReply *reply = m_network.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    connect(reply, &QNetworkReply::sslErrors, reply, [reply](const QList<QSslError> &errors) {
        // The language server's certificate is its own: trust it on the loopback address only.
        if (reply->url().host() != u"127.0.0.1"_s)
            return;
        for (const QSslError &error : errors) {
            if (!isTrustError(error.error()))
                return;
        }
        reply->ignoreSslErrors(errors);
    });
    return reply;
}

void AntigravityQuotaProvider::abortProbes()
{
    const QList<QPointer<QNetworkReply>> probes = std::exchange(m_probes, {});
    for (const QPointer<QNetworkReply> &probe : probes) {
        if (probe) {
            probe->disconnect(this);
            probe->abort();
            probe->deleteLater();
        }
    }
}

void AntigravityQuotaProvider::fail(const QString &error)
{
    QuotaSnapshot snapshot;
    snapshot.error = error;
    finish(snapshot);
}

void AntigravityQuotaProvider::finish(QuotaSnapshot snapshot)
{
    snapshot.provider = name();
    snapshot.fetchedAt = QDateTime::currentDateTimeUtc();
    m_busy = false;
    Q_EMIT finished(snapshot);
}

} // namespace mpa
