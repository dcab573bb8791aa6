#include "TargetFilter.h"

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QUrl originOf(const QUrl &url)
{
    QUrl origin;
    origin.setScheme(url.scheme());
    // All loopback names reach the same local server.
    const QString host = url.host().toLower();
    const bool loopback = host == u"localhost"_s || host == u"::1"_s || host.startsWith(u"127."_s);
    origin.setHost(loopback ? u"127.0.0.1"_s : host);
    origin.setPort(url.port(url.scheme() == u"https"_s ? 443 : 80));
    return origin;
}

} // namespace

void TargetFilter::setIgnorePatterns(const QStringList &patterns)
{
    m_ignore.clear();
    for (const QString &p : patterns) {
        TextPattern pattern(p);
        if (pattern.isValid())
            m_ignore.append(pattern);
    }
}

void TargetFilter::addOwnOrigin(const QUrl &origin)
{
    const QUrl o = originOf(origin);
    if (!m_ownOrigins.contains(o))
        m_ownOrigins.append(o);
}

void TargetFilter::removeOwnOrigin(const QUrl &origin)
{
    m_ownOrigins.removeAll(originOf(origin));
}

bool TargetFilter::accepts(const CdpTargetInfo &info, QString *reason) const
{
    auto refuse = [reason](const QString &why) {
        if (reason)
            *reason = why;
        return false;
    };
    static const QStringList kTypes { u"page"_s, u"iframe"_s, u"webview"_s };
    if (!kTypes.contains(info.type))
        return refuse(u"type %1 is not a page, webview or iframe"_s.arg(info.type));
    const QUrl url(info.url);
    static const QStringList kInternalSchemes {
        u"devtools"_s,         u"chrome"_s,        u"chrome-extension"_s,
        u"chrome-untrusted"_s, u"chrome-search"_s, u"edge"_s,
    };
    if (kInternalSchemes.contains(url.scheme()))
        return refuse(u"%1 is a browser-internal page"_s.arg(info.url));
    if ((url.scheme() == u"http"_s || url.scheme() == u"https"_s) && m_ownOrigins.contains(originOf(url)))
        return refuse(u"%1 is served by this app"_s.arg(info.url));
    for (const TextPattern &pattern : m_ignore) {
        if (pattern.matches(info.title) || pattern.matches(info.url))
            return refuse(u"ignored by pattern '%1'"_s.arg(pattern.source()));
    }
    return true;
}

} // namespace mpa
