#pragma once
// One attached target (page, webview or out-of-process iframe) seen through a flattened
// CDP session. Commands carry its sessionId; its events arrive here. After detach every
// command fails at once with a transport error naming the target.

#include "CdpTypes.h"

#include <QJsonValue>
#include <QObject>
#include <QPointer>

#include <chrono>

namespace mpa {

class CdpConnection;

class CdpSession : public QObject
{
    Q_OBJECT
public:
    using EvaluateCallback = std::function<void(const QJsonValue &value, const CdpError &error)>;

    CdpSession(CdpConnection *connection, const QString &sessionId, const CdpTargetInfo &info,
               CdpSession *parentSession, QObject *parent = nullptr);

    CdpConnection *connection() const;
    QString sessionId() const { return m_sessionId; }
    const CdpTargetInfo &targetInfo() const { return m_info; }
    QString targetId() const { return m_info.targetId; }
    bool isPage() const { return m_info.isPageLike(); }
    // The browser's user agent (its OS decides Cmd or Ctrl for shortcuts); empty when unknown.
    QString browserUserAgent() const { return m_browserUserAgent; }
    void setBrowserUserAgent(const QString &userAgent) { m_browserUserAgent = userAgent; }
    // The endpoint this target was found at (CdpSource::name(): "127.0.0.1:9004", or a remote
    // service's URL without its secrets); listings name each page's endpoint by it.
    QString endpoint() const { return m_endpoint; }
    void setEndpoint(const QString &endpoint) { m_endpoint = endpoint; }
    CdpSession *parentSession() const { return m_parent; }
    // The top-level page this session belongs to (itself for a page).
    CdpSession *pageSession();
    bool isAttached() const { return m_attached; }
    bool hasCrashed() const { return m_crashed; }

    void send(const QString &method, const QJsonObject &params = {}, QObject *context = nullptr,
              CdpCallback callback = {},
              std::chrono::milliseconds timeout = std::chrono::milliseconds::zero());

    // Runtime.evaluate with returnByValue and awaitPromise; a thrown exception arrives as a
    // Script error with the exception's text.
    void evaluate(const QString &expression, QObject *context, EvaluateCallback callback,
                  std::chrono::milliseconds timeout = std::chrono::milliseconds::zero());

    // Called by CdpEndpoint.
    void dispatchEvent(const QString &method, const QJsonObject &params);
    bool updateTargetInfo(const CdpTargetInfo &info); // true when title, URL or type changed
    void markCrashed();
    void markDetached(const QString &reason);

    static CdpError errorFromEvaluation(const QString &method, const CdpResult &result);

Q_SIGNALS:
    void eventReceived(const QString &method, const QJsonObject &params);
    void targetInfoChanged();
    void crashed();
    void detached(const QString &reason);

private:
    QPointer<CdpConnection> m_connection;
    QString m_sessionId;
    CdpTargetInfo m_info;
    QString m_browserUserAgent;
    QString m_endpoint;
    QPointer<CdpSession> m_parent;
    bool m_attached = true;
    bool m_crashed = false;
    QString m_detachReason;
};

} // namespace mpa
