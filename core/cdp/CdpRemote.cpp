#include "CdpRemote.h"

#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

bool isTokenChar(QChar c)
{
    // RFC 9110's token characters: what a header name may be made of.
    return (c.unicode() < 128 && c.isLetterOrNumber()) || QStringView(u"!#$%&'*+-.^_`|~").contains(c);
}

} // namespace

bool CdpRemote::isWebSocket() const
{
    return url.scheme() == u"ws"_s || url.scheme() == u"wss"_s;
}

QString CdpRemote::display() const
{
    QUrl shown = url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment);
    QString text = shown.toString();
    if (url.hasQuery() || !url.password().isEmpty())
        text += u" (token hidden)"_s;
    return text;
}

QStringList CdpRemote::secrets() const
{
    QStringList result;
    if (!headerValue.isEmpty()) {
        const QString value = QString::fromUtf8(headerValue).trimmed();
        result.append(value);
        // "Bearer abc…": the credential alone, too (it may be quoted without its scheme).
        const qsizetype space = value.indexOf(u' ');
        if (space > 0)
            result.append(value.mid(space + 1).trimmed());
    }
    if (!url.password().isEmpty())
        result.append(url.password());
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (!value.isEmpty())
            result.append(value);
    }
    if (url.hasQuery())
        result.append(url.query(QUrl::FullyEncoded));
    return result;
}

QUrl CdpRemote::httpUrl(const QString &path) const
{
    QUrl result = url.adjusted(QUrl::RemoveFragment);
    if (result.scheme() == u"ws"_s)
        result.setScheme(u"http"_s);
    else if (result.scheme() == u"wss"_s)
        result.setScheme(u"https"_s);
    QString base = result.path();
    while (base.endsWith(u'/'))
        base.chop(1);
    result.setPath(base + path);
    return result;
}

QUrl CdpRemote::withToken(const QUrl &returned) const
{
    QUrl result(returned);
    if (!result.hasQuery() && url.hasQuery())
        result.setQuery(url.query(QUrl::FullyEncoded), QUrl::StrictMode);
    // A service behind TLS that names its socket ws:// (it sees plain HTTP behind its proxy).
    if (url.scheme() == u"https"_s || url.scheme() == u"wss"_s) {
        if (result.scheme() == u"ws"_s)
            result.setScheme(u"wss"_s);
    }
    return result;
}

QString CdpRemote::explainStatus(int status, const QString &phrase)
{
    const QString code = phrase.isEmpty() ? QString::number(status) : u"%1 %2"_s.arg(status).arg(phrase);
    switch (status) {
    case 401:
    case 403:
        return u"the service refused the credentials (HTTP %1): the token in the URL or the --cdp-header is "
               "wrong or missing"_s.arg(code);
    case 429:
        return u"the service has too many sessions (HTTP %1): it runs as many browsers as it allows; end "
               "another session or raise its limit"_s.arg(code);
    case 404:
        return u"the service has no browser at this address (HTTP %1): check the URL's path"_s.arg(code);
    default:
        if (status >= 400)
            return u"the service refused the connection (HTTP %1)"_s.arg(code);
        return {};
    }
}

std::optional<CdpRemote> CdpRemote::parse(const QString &text, const QString &header, QString *error)
{
    const auto fail = [error](const QString &message) -> std::optional<CdpRemote> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    CdpRemote remote;
    const QString trimmed = text.trimmed();
    remote.url = QUrl(trimmed, QUrl::StrictMode);
    const QString shown = remote.url.isValid() ? remote.display() : QString();
    if (trimmed.isEmpty())
        return fail(u"--cdp-url: no URL given"_s);
    const QString kinds = u"give a ws:// or wss:// WebSocket (a browser-level endpoint) or an http(s):// "
                          "address that answers /json/version"_s;
    if (!trimmed.contains(u"://"_s)) // "127.0.0.1:3000": a host and port are --cdp-host/--cdp-port
        return fail(
            u"--cdp-url: '%1' is not a browser's address: %2"_s.arg(trimmed.section(u'?', 0, 0), kinds));
    if (!remote.url.isValid())
        return fail(u"--cdp-url: this is not a URL (%1)"_s.arg(remote.url.errorString()));
    const QString scheme = remote.url.scheme();
    if (scheme != u"ws"_s && scheme != u"wss"_s && scheme != u"http"_s && scheme != u"https"_s)
        return fail(u"--cdp-url: '%1' is not a browser's address: %2"_s.arg(scheme + u"://"_s, kinds));
    if (remote.url.host().isEmpty())
        return fail(u"--cdp-url: '%1' names no host"_s.arg(shown));
    // "ws://host:3000?token=…" asks for the root: Qt's handshake wants the path spelt.
    if (remote.url.path().isEmpty())
        remote.url.setPath(u"/"_s);
    if (header.isNull())
        return remote;
    const qsizetype colon = header.indexOf(u':');
    const QString name = colon < 0 ? header.trimmed() : header.left(colon).trimmed();
    const QString value = colon < 0 ? QString() : header.mid(colon + 1).trimmed();
    if (colon < 0 || name.isEmpty())
        return fail(u"--cdp-header: '%1' is not a header: write it as \"Name: value\", e.g. "
                    "\"Authorization: Bearer TOKEN\""_s.arg(name));
    if (!std::all_of(name.begin(), name.end(), isTokenChar))
        return fail(u"--cdp-header: '%1' is not a header name"_s.arg(name));
    if (value.isEmpty())
        return fail(u"--cdp-header: the header %1 has no value: write it as \"%1: value\""_s.arg(name));
    if (value.contains(u'\r') || value.contains(u'\n'))
        return fail(u"--cdp-header: the value of %1 spans lines"_s.arg(name));
    remote.headerName = name.toLatin1();
    remote.headerValue = value.toUtf8();
    return remote;
}

} // namespace mpa
