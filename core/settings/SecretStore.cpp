#include "SecretStore.h"

#include "logging/Logging.h"

namespace mpa {

void SecretStore::setSessionSecret(const QString &key, const QString &secret)
{
    if (secret.isEmpty()) {
        m_session.remove(key);
        return;
    }
    Logging::addSecret(secret);
    m_session.insert(key, secret);
}

void readApiKey(SecretStore *store, const QString &provider, CommandReply done)
{
    const QString fromEnvironment = qEnvironmentVariable("MPA_LLM_API_KEY").trimmed();
    if (!fromEnvironment.isEmpty()) {
        Logging::addSecret(fromEnvironment);
        return done(CommandResult::success(fromEnvironment));
    }
    if (!store)
        return done(CommandResult::success(QString()));
    store->read(SecretStore::llmKeyName(provider), std::move(done));
}

} // namespace mpa
