#pragma once
// Where API keys live: the OS keychain (QtKeychain: the Secret Service on Linux, the Keychain on
// macOS, the Credential Manager on Windows), service org.mpagent.MultiPurposeAgent, one entry
// per key name (llm/<provider>). Never a file: without a keychain the window says so and offers
// a key for this session only (setSessionSecret, kept in memory). For one headless process the
// environment variable MPA_LLM_API_KEY wins (readApiKey), and is never written anywhere.
// Asynchronous like QtKeychain's jobs: each call answers once, later, with a CommandResult
// (common/CommandResult.h): a read's `data` is the secret as a JSON string (empty: nothing is
// stored under that name); a failure is a sentence of kind Unavailable (the keychain did not do
// it).
// The real store is KeychainSecretStore.

#include "common/CommandResult.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

namespace mpa {

class SecretStore : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual void read(const QString &key, CommandReply done) = 0;
    virtual void write(const QString &key, const QString &secret, CommandReply done) = 0;
    virtual void remove(const QString &key, CommandReply done) = 0;
    // Whether a keychain answers: false once one of its answers said there is none.
    virtual bool isAvailable() const = 0;
    // Why not, as a sentence for the Models page.
    virtual QString unavailableReason() const = 0;

    // A key for this session only: read() answers it before the keychain; empty removes it.
    void setSessionSecret(const QString &key, const QString &secret);
    QString sessionSecret(const QString &key) const { return m_session.value(key); }

    static QString llmKeyName(const QString &provider) { return QStringLiteral("llm/") + provider; }
    static QString serviceName() { return QStringLiteral("org.mpagent.MultiPurposeAgent"); }

private:
    QHash<QString, QString> m_session;
};

// The API key for `provider`: MPA_LLM_API_KEY when set, else the session's, else the store's.
// Answers as read() does.
void readApiKey(SecretStore *store, const QString &provider, CommandReply done);

} // namespace mpa
