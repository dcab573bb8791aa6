#include "ServerService.h"

#include "logging/LogCategories.h"

using namespace Qt::StringLiterals;

namespace mpa {

ServerService::ServerService(QString name, const QString &tokenPath, ServerToken::Apply applyToken,
                             QObject *parent)
    : QObject(parent)
    , m_name(std::move(name))
    , m_token(tokenPath, std::move(applyToken))
{
}

void ServerService::start()
{
    m_running = true;
    apply();
}

void ServerService::stop()
{
    m_running = false;
    apply();
}

QString ServerService::regenerateToken(QString *error)
{
    QString token = m_token.regenerate(error);
    if (token.isEmpty())
        return {};
    qCInfo(lcServer).noquote() << m_name << "token regenerated; the previous one is refused from now on";
    Q_EMIT stateChanged();
    return token;
}

void ServerService::reloadToken()
{
    if (!m_token.reload())
        return;
    qCInfo(lcServer).noquote() << m_name + u":"_s << "took the new token from" << tokenFilePath();
    Q_EMIT stateChanged();
}

QString ServerService::tokenToListen()
{
    QString error;
    QString token = m_token.get(&error);
    if (token.isEmpty())
        fail(u"the %1 stays off: its token cannot be created (%2)"_s.arg(m_name, error));
    return token;
}

void ServerService::failOnPort(quint16 port, const QString &error)
{
    fail(error);
    m_busyPort = port;
    Q_EMIT stateChanged(); // again, now with the port to flag
}

void ServerService::clearError()
{
    m_error.clear();
    m_busyPort = 0;
}

void ServerService::fail(const QString &error)
{
    m_busyPort = 0;
    m_error = error;
    qCWarning(lcServer).noquote() << m_name + u":"_s << m_error;
    Q_EMIT stateChanged();
}

} // namespace mpa
