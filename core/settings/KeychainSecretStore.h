#pragma once
// The SecretStore of the app: the OS keychain through QtKeychain.

#include "SecretStore.h"

#include <QString>

#include <optional>

namespace mpa {

// The real one, over QtKeychain with its insecure fallback off.
class KeychainSecretStore : public SecretStore
{
    Q_OBJECT
public:
    explicit KeychainSecretStore(QObject *parent = nullptr);

    void read(const QString &key, CommandReply done) override;
    void write(const QString &key, const QString &secret, CommandReply done) override;
    void remove(const QString &key, CommandReply done) override;
    bool isAvailable() const override;
    QString unavailableReason() const override;

private:
    mutable std::optional<bool> m_available;
    mutable QString m_reason;
};

} // namespace mpa
