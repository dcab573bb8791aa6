#pragma once
// The token of a running server, kept in its TokenFile (TokenFile.h).

#include "TokenFile.h"

#include <QString>

#include <functional>

namespace mpa {

// A running server's token: taken from its TokenFile (created there) on first use, registered
// as a secret so the logs never show it, and handed to the server each time it changes.
class ServerToken
{
public:
    using Apply = std::function<void(const QString &token)>;
    ServerToken(QString path, Apply apply);

    QString path() const { return m_file.path(); }
    // The token, created on first use; empty with `error` when its file cannot be written.
    QString get(QString *error = nullptr);
    // A new token, in the file and in the server; the old one stops working.
    QString regenerate(QString *error = nullptr);
    // Takes the file's token when someone else changed it (the window, another process); true
    // when it was new.
    bool reload();

private:
    void use(const QString &token);

    TokenFile m_file;
    Apply m_apply;
    QString m_token;
};

} // namespace mpa
