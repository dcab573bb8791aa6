#include "CdpProbe.h"

#include "CdpDiscovery.h"
#include "logging/LogCategories.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

CdpProbe::CdpProbe(QObject *parent)
    : QObject(parent)
{
    m_network.setProxy(QNetworkProxy::NoProxy);
    m_pollTimer.setSingleShot(true);
    connect(&m_pollTimer, &QTimer::timeout, this, &CdpProbe::askVersion);
}

CdpProbe::~CdpProbe()
{
    cancel();
}

void CdpProbe::probe(const QString &host, quint16 port)
{
    m_waitTimeout = std::chrono::milliseconds(0);
    start(host, port);
}

void CdpProbe::waitUntilUp(const QString &host, quint16 port, std::chrono::milliseconds timeout,
                           std::chrono::milliseconds interval)
{
    m_waitTimeout = timeout;
    m_pollTimer.setInterval(interval);
    start(host, port);
}

void CdpProbe::start(const QString &host, quint16 port)
{
    cancel();
    m_result = {};
    m_result.host = host;
    m_result.port = port;
    m_attempts = 0;
    m_running = true;
    m_elapsed.start();
    askVersion();
}

void CdpProbe::cancel()
{
    m_running = false;
    m_pollTimer.stop();
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
    m_reply = nullptr;
}

void CdpProbe::ask(const QString &path, void (CdpProbe::*answered)(QNetworkReply *reply))
{
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(m_result.host);
    url.setPort(m_result.port);
    url.setPath(path);
    QNetworkRequest request(url);
    request.setTransferTimeout(int(m_requestTimeout.count()));
    QNetworkReply *reply = m_network.get(request);
    m_reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply, answered] {
        reply->deleteLater();
        m_reply = nullptr;
        if (m_running)
            (this->*answered)(reply);
    });
}

void CdpProbe::askVersion()
{
    if (!m_running)
        return;
    ++m_attempts;
    ask(u"/json/version"_s, &CdpProbe::onVersion);
}

void CdpProbe::onVersion(QNetworkReply *reply)
{
    QString problem;
    std::optional<CdpVersionInfo> version;
    if (reply->error() != QNetworkReply::NoError)
        problem = reply->errorString();
    else
        version = CdpDiscovery::parseVersion(reply->readAll(), &problem);
    if (!version) {
        const bool keepWaiting = m_waitTimeout.count() > 0
            && m_elapsed.elapsed() + m_pollTimer.interval() < m_waitTimeout.count();
        if (keepWaiting) {
            Q_EMIT attemptFailed(m_attempts, problem);
            m_pollTimer.start();
            return;
        }
        const QString address = m_result.address();
        if (m_waitTimeout.count() > 0)
            finish(false,
                   tr("Nothing answered at %1 within %2 s (%3).")
                       .arg(address)
                       .arg(m_waitTimeout.count() / 1000)
                       .arg(problem));
        else
            finish(false,
                   tr("Nothing answers at %1 (%2). Start the IDE or browser with "
                      "--remote-debugging-port=%3, or check the host and port.")
                       .arg(address, problem)
                       .arg(m_result.port));
        return;
    }
    m_result.browser = version->browser;
    m_result.protocolVersion = version->protocolVersion;
    m_result.browserLevel = version->browserLevel();
    ask(u"/json/list"_s, &CdpProbe::onList);
}

void CdpProbe::onList(QNetworkReply *reply)
{
    if (reply->error() != QNetworkReply::NoError) {
        finish(false,
               tr("%1 answers as %2 but its target list failed (%3).")
                   .arg(m_result.address(), m_result.browser, reply->errorString()));
        return;
    }
    QString problem;
    const std::optional<QList<CdpListEntry>> list = CdpDiscovery::parseList(reply->readAll(), &problem);
    if (!list) {
        finish(false,
               tr("%1 answers as %2 but its target list is not a DevTools one (%3).")
                   .arg(m_result.address(), m_result.browser, problem));
        return;
    }
    for (const CdpListEntry &entry : *list) {
        CdpProbeTarget target;
        target.info = entry.info;
        target.attachable = entry.attachable();
        m_result.targets.append(target);
    }
    finish(true);
}

void CdpProbe::finish(bool ok, const QString &error)
{
    m_running = false;
    m_pollTimer.stop();
    m_result.ok = ok;
    m_result.error = error;
    m_result.elapsedMs = m_elapsed.elapsed();
    qCInfo(lcCdp).noquote() << (ok ? u"probe of %1: %2, %3 target(s)"_s
                                         .arg(m_result.address(), m_result.browser)
                                         .arg(m_result.targets.size())
                                   : u"probe of %1: %2"_s.arg(m_result.address(), error));
    Q_EMIT finished(m_result);
}

} // namespace mpa
