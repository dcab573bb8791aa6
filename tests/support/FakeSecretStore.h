#pragma once
// A keychain in memory for unit and UI tests (the OS keychain is a true boundary): answers on
// the next turn of the event loop, as the real one does; can play a machine without a keychain.

#include "settings/SecretStore.h"

#include <QHash>
#include <QStringList>
#include <QTimer>

namespace mpa::test {

class FakeSecretStore : public SecretStore
{
public:
    using SecretStore::SecretStore;

    void read(const QString &key, CommandReply done) override
    {
        m_reads.append(key);
        const QString session = sessionSecret(key);
        const CommandResult result = !session.isEmpty() ? CommandResult::success(session)
            : m_available                               ? CommandResult::success(m_secrets.value(key))
                          : CommandResult::failure(m_reason, ErrorKind::Unavailable);
        QTimer::singleShot(0, this, [done, result] { done(result); });
    }
    void write(const QString &key, const QString &secret, CommandReply done) override
    {
        if (m_available)
            m_secrets.insert(key, secret);
        const CommandResult result = m_available ? CommandResult::success()
                                                 : CommandResult::failure(m_reason, ErrorKind::Unavailable);
        QTimer::singleShot(0, this, [done, result] { done(result); });
    }
    void remove(const QString &key, CommandReply done) override
    {
        setSessionSecret(key, QString());
        m_secrets.remove(key);
        QTimer::singleShot(0, this, [done] { done(CommandResult::success()); });
    }
    bool isAvailable() const override { return m_available; }
    QString unavailableReason() const override { return m_available ? QString() : m_reason; }

    void setUnavailable(const QString &reason)
    {
        m_available = false;
        m_reason = reason;
    }
    QHash<QString, QString> stored() const { return m_secrets; }
    QStringList reads() const { return m_reads; } // the keys read, in order

private:
    bool m_available = true;
    QString m_reason;
    QHash<QString, QString> m_secrets;
    QStringList m_reads;
};

} // namespace mpa::test
