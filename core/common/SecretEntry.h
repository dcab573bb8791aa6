#pragma once
// One entry of agent/secrets, "name@site": a secret a task may type as <secret:name>, bound to
// one site (and its subdomains). The name and site live in settings; the value in the keychain
// (SecretStore, key secret/<name>). Used by the settings check and by the jobs that type them.

#include <QString>

#include <optional>

namespace mpa {

struct SecretEntry
{
    QString name; // a letter, then up to 39 letters, digits or _ . -
    QString site; // a host name: example.com, login.example.com, localhost, 127.0.0.1

    // The entry, or why it is not one (in `error`).
    static std::optional<SecretEntry> parse(const QString &entry, QString *error = nullptr);
    static bool isName(const QString &name);
    // A name's grammar as a regular expression (for the <secret:name> placeholders).
    static QString namePattern() { return QStringLiteral("[A-Za-z][A-Za-z0-9_.-]{0,39}"); }
    // The keychain key of the secret's value.
    static QString keychainKey(const QString &name) { return QStringLiteral("secret/") + name; }
};

} // namespace mpa
