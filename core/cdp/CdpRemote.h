#pragma once
// A remote browser's address as the user gives it (mcp/run --cdp-url, --cdp-header): a
// browser-level WebSocket (ws://, wss://: Browserless, a Selenium Grid session's se:cdp, a cloud
// service) used as is, or an http(s):// base whose /json/version names one; with an optional
// header (Authorization: Bearer …) sent with every request. The URL's query (a token), its
// password and the header's value are secrets: display() leaves them out, secrets() lists them
// for the log redactor.

#include <QByteArray>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace mpa {

struct CdpRemote
{
    QUrl url;
    QByteArray headerName; // empty: no header
    QByteArray headerValue;

    bool operator==(const CdpRemote &) const = default;
    bool isWebSocket() const; // ws:// or wss://: the browser-level socket itself
    // What logs and messages name it by: scheme, host, port and path, without the query, user or
    // password ("ws://127.0.0.1:3000/ (token hidden)").
    QString display() const;
    QStringList secrets() const;
    // An http(s) URL on the same host for `path` (/json/version, /json/list), with the given
    // URL's query (its token).
    QUrl httpUrl(const QString &path) const;
    // A URL the service returned (/json/version's webSocketDebuggerUrl), with the given URL's
    // query added when it left it out (Browserless and others omit the token there).
    QUrl withToken(const QUrl &returned) const;

    // A sentence for an HTTP refusal (of /json/version or of the WebSocket's upgrade): 401/403 a
    // wrong or missing token, 429 too many sessions; empty for a status that is no refusal.
    static QString explainStatus(int status, const QString &phrase = {});
    // A status that trying again will not change: wrong credentials (401, 403), no browser at
    // that path (404). 429 and the 5xx pass.
    static bool refusesForGood(int status) { return status == 401 || status == 403 || status == 404; }

    // Checks --cdp-url and --cdp-header; nullopt with a sentence in `error` when they are unusable.
    static std::optional<CdpRemote> parse(const QString &text, const QString &header, QString *error);
};

} // namespace mpa
