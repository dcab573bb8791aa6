#include "ServerToken.h"

#include "logging/Logging.h"

namespace mpa {

ServerToken::ServerToken(QString path, Apply apply)
    : m_file(std::move(path))
    , m_apply(std::move(apply))
{
}

QString ServerToken::get(QString *error)
{
    if (m_token.isEmpty()) {
        const QString token = m_file.ensure(error);
        if (!token.isEmpty())
            use(token);
    }
    return m_token;
}

QString ServerToken::regenerate(QString *error)
{
    QString token = m_file.regenerate(error);
    if (!token.isEmpty())
        use(token);
    return token;
}

bool ServerToken::reload()
{
    const QString token = m_file.read();
    if (token.isEmpty() || token == m_token)
        return false;
    use(token);
    return true;
}

void ServerToken::use(const QString &token)
{
    Logging::addSecret(token);
    m_token = token;
    if (m_apply)
        m_apply(m_token);
}

} // namespace mpa
