#pragma once
// A secret token kept in a file of its own with mode 0600 (the debug API's debug-token, the
// agent server's agent-token): created on first use from the system's cryptographic random
// source, regenerated on request, and compared in constant time.

#include <QString>

namespace mpa {

class TokenFile
{
public:
    explicit TokenFile(QString path);

    QString path() const { return m_path; }
    // The token, created (and written with mode 0600) when the file is missing or empty, and
    // made anew (the log says why, and `replaced` gets the reason) when the one there may have
    // leaked or is weak: a link, another user's file, readable or writable by others, shorter
    // than kMinimumLength. Empty with `error` set when the file cannot be written.
    QString ensure(QString *error = nullptr, QString *replaced = nullptr) const;
    // Whether the token in the file can be trusted (or there is none); false with `error`
    // saying why not.
    bool trusted(QString *error = nullptr) const;

    static constexpr int kMinimumLength = 32;
    // The token in the file; empty when there is none.
    QString read() const;
    // Replaces the token with a new one and returns it.
    QString regenerate(QString *error = nullptr) const;

    // 32 random bytes from QRandomGenerator::system(), base64url without padding (43 chars).
    static QString generate();
    // Constant-time comparison (no early exit on the first differing character).
    static bool matches(const QString &expected, const QString &presented);

private:
    bool write(const QString &token, QString *error) const;

    QString m_path;
};

} // namespace mpa
