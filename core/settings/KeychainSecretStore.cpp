#include "KeychainSecretStore.h"

#include "logging/LogCategories.h"
#include "logging/Logging.h"

#include <QPointer>
#include <qt6keychain/keychain.h>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// QtKeychain's error as a sentence.
QString errorText(QKeychain::Error error, const QString &detail)
{
    switch (error) {
    case QKeychain::NoError:
    case QKeychain::EntryNotFound:
        return {};
    case QKeychain::CouldNotDeleteEntry:
        return u"the keychain could not delete the key (%1)"_s.arg(detail);
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        return u"the keychain refused access (%1)"_s.arg(detail);
    case QKeychain::NoBackendAvailable:
        // The backend's own words (a D-Bus error, "Failed to execute child process …") go to the
        // log; the user reads what is missing and what provides it.
        qCInfo(lcSettings).noquote() << u"keychain: %1"_s.arg(detail);
        return u"no keychain runs on this desktop (GNOME Keyring, KWallet or KeePassXC provide one)"_s;
    case QKeychain::NotImplemented:
        return u"the keychain cannot do this here (%1)"_s.arg(detail);
    case QKeychain::OtherError:
        break;
    }
    // On Linux the keychain is the Secret Service, reached over the session's D-Bus.
    if (detail.contains(u"dbus"_s, Qt::CaseInsensitive)
        || detail.contains(u"secret"_s, Qt::CaseInsensitive)) {
        qCInfo(lcSettings).noquote() << u"keychain: %1"_s.arg(detail);
        return u"no keychain answers on this desktop session (GNOME Keyring, KWallet or KeePassXC "
               "provide one)"_s;
    }
    return u"the keychain failed: %1"_s.arg(detail);
}

// A finished write or delete as an answer (a key that is not there deletes fine).
CommandResult answer(const QKeychain::Job *job)
{
    const QString error = errorText(job->error(), job->errorString());
    return error.isEmpty() ? CommandResult::success() : CommandResult::failure(error, ErrorKind::Unavailable);
}

// Without a parent: the job deletes itself once the keychain has answered (autoDelete). A job
// deleted with its store while libsecret still works on it crashes when the answer comes
// (qtkeychain's callback writes into the freed job); the answer then reaches no one, as the
// connection to the gone store is dropped.
template<typename Job> Job *newJob()
{
    auto *job = new Job(SecretStore::serviceName());
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plain-text file
    return job;
}

} // namespace

KeychainSecretStore::KeychainSecretStore(QObject *parent)
    : SecretStore(parent)
{
}

void KeychainSecretStore::read(const QString &key, CommandReply done)
{
    const QString session = sessionSecret(key);
    if (!session.isEmpty())
        return done(CommandResult::success(session));
    auto *job = newJob<QKeychain::ReadPasswordJob>();
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [this, done](QKeychain::Job *finished) {
        auto *reader = static_cast<QKeychain::ReadPasswordJob *>(finished);
        const QString error = errorText(reader->error(), reader->errorString()); // once: it may log
        if (reader->error() == QKeychain::NoBackendAvailable || reader->error() == QKeychain::OtherError) {
            m_available = false;
            m_reason = error;
        } else {
            m_available = true;
        }
        if (!error.isEmpty())
            return done(CommandResult::failure(error, ErrorKind::Unavailable));
        const QString secret = reader->textData();
        if (!secret.isEmpty())
            Logging::addSecret(secret);
        done(CommandResult::success(secret));
    });
    job->start();
}

void KeychainSecretStore::write(const QString &key, const QString &secret, CommandReply done)
{
    Logging::addSecret(secret);
    auto *job = newJob<QKeychain::WritePasswordJob>();
    job->setKey(key);
    job->setTextData(secret);
    connect(job, &QKeychain::Job::finished, this,
            [done](QKeychain::Job *finished) { done(answer(finished)); });
    job->start();
}

void KeychainSecretStore::remove(const QString &key, CommandReply done)
{
    setSessionSecret(key, QString());
    auto *job = newJob<QKeychain::DeletePasswordJob>();
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this,
            [done](QKeychain::Job *finished) { done(answer(finished)); });
    job->start();
}

bool KeychainSecretStore::isAvailable() const
{
    // Learnt from the answers the keychain gives (a read says it), never by waiting here: the
    // window must not stop for a D-Bus service that does not answer.
    return m_available.value_or(true);
}

QString KeychainSecretStore::unavailableReason() const
{
    return m_available.value_or(true) ? QString() : m_reason;
}

} // namespace mpa
