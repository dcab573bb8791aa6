#pragma once
// What the toolkit's cookie and storage verbs share (ToolkitSiteData.cpp, ToolkitStorageState.cpp):
// the cookie as an agent sees it and a storage file keeps it, and which addresses have cookies.

#include <QJsonObject>
#include <QString>
#include <QUrl>

namespace mpa::sitedata {

using namespace Qt::StringLiterals;

// A cookie as the agent sees it and as a storage file keeps it (Playwright's storageState shape).
inline QJsonObject cookieOut(const QJsonObject &cdp)
{
    QJsonObject out;
    for (const char *key :
         { "name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite" }) {
        const QString name = QString::fromLatin1(key);
        if (cdp.contains(name))
            out.insert(name, cdp.value(name));
    }
    if (cdp.value(u"session"_s).toBool())
        out.insert(u"expires"_s, -1);
    return out;
}
inline bool isWebUrl(const QUrl &url)
{
    return url.isValid() && (url.scheme() == u"http"_s || url.scheme() == u"https"_s)
        && !url.host().isEmpty();
}
} // namespace mpa::sitedata
