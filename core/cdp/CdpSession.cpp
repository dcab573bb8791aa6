#include "CdpSession.h"

#include "CdpConnection.h"

#include <QJsonObject>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace mpa {

CdpSession::CdpSession(CdpConnection *connection, const QString &sessionId, const CdpTargetInfo &info,
                       CdpSession *parentSession, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_sessionId(sessionId)
    , m_info(info)
    , m_parent(parentSession)
{
}

CdpConnection *CdpSession::connection() const
{
    return m_connection.data();
}

CdpSession *CdpSession::pageSession()
{
    CdpSession *session = this;
    while (session->m_parent && !session->isPage())
        session = session->m_parent;
    return session;
}

void CdpSession::send(const QString &method, const QJsonObject &params, QObject *context,
                      CdpCallback callback, std::chrono::milliseconds timeout)
{
    if (!m_attached || !m_connection) {
        if (!callback)
            return;
        const CdpError error = CdpError::transport(
            method,
            u"the target '%1' is gone (%2)"_s.arg(m_info.title.isEmpty() ? m_info.url : m_info.title,
                                                  m_detachReason.isEmpty() ? u"detached"_s : m_detachReason));
        QObject *guard = context ? context : this;
        QTimer::singleShot(0, guard, [callback = std::move(callback), error] { callback({ {}, error }); });
        return;
    }
    m_connection->send(method, params, m_sessionId, context, std::move(callback), timeout);
}

void CdpSession::evaluate(const QString &expression, QObject *context, EvaluateCallback callback,
                          std::chrono::milliseconds timeout)
{
    const QJsonObject params {
        { u"expression"_s, expression },
        { u"returnByValue"_s, true },
        { u"awaitPromise"_s, true },
    };
    send(
        u"Runtime.evaluate"_s, params, context,
        [callback = std::move(callback)](const CdpResult &result) {
            const CdpError error = errorFromEvaluation(u"Runtime.evaluate"_s, result);
            if (error.isError()) {
                callback({}, error);
                return;
            }
            callback(result.result.value(u"result").toObject().value(u"value"), {});
        },
        timeout);
}

CdpError CdpSession::errorFromEvaluation(const QString &method, const CdpResult &result)
{
    if (!result.ok())
        return result.error;
    const QJsonObject details = result.result.value(u"exceptionDetails").toObject();
    if (details.isEmpty())
        return {};
    QString text = details.value(u"exception").toObject().value(u"description").toString();
    if (text.isEmpty())
        text = details.value(u"text").toString();
    return CdpError::script(method, text);
}

void CdpSession::dispatchEvent(const QString &method, const QJsonObject &params)
{
    Q_EMIT eventReceived(method, params);
}

bool CdpSession::updateTargetInfo(const CdpTargetInfo &info)
{
    if (info.title == m_info.title && info.url == m_info.url && info.type == m_info.type)
        return false;
    m_info = info;
    Q_EMIT targetInfoChanged();
    return true;
}

void CdpSession::markCrashed()
{
    m_crashed = true;
    Q_EMIT crashed();
}

void CdpSession::markDetached(const QString &reason)
{
    if (!m_attached)
        return;
    m_attached = false;
    m_detachReason = reason;
    Q_EMIT detached(reason);
}

} // namespace mpa
