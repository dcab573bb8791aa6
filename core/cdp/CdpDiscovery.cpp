#include "CdpDiscovery.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace mpa::CdpDiscovery {

namespace {

void setError(QString *error, const QString &text)
{
    if (error)
        *error = text;
}

QString looksLike(const QByteArray &body)
{
    const QByteArray start = body.trimmed().left(64).toLower();
    if (start.startsWith("<!doctype") || start.startsWith("<html") || start.startsWith("<"))
        return u"an HTML page"_s;
    if (start.isEmpty())
        return u"an empty answer"_s;
    return u"not JSON"_s;
}

} // namespace

std::optional<CdpVersionInfo> parseVersion(const QByteArray &body, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        setError(error,
                 u"the answer is not a DevTools endpoint (/json/version is %1)"_s.arg(looksLike(body)));
        return std::nullopt;
    }
    const QJsonObject version = doc.object();
    CdpVersionInfo info;
    info.browser = version.value(u"Browser").toString();
    info.protocolVersion = version.value(u"Protocol-Version").toString();
    info.userAgent = version.value(u"User-Agent").toString();
    info.webSocketDebuggerUrl = version.value(u"webSocketDebuggerUrl").toString();
    if (!doc.isObject() || (info.browser.isEmpty() && info.protocolVersion.isEmpty())) {
        setError(
            error,
            u"the answer is not a DevTools endpoint (/json/version names no Browser or Protocol-Version)"_s);
        return std::nullopt;
    }
    return info;
}

std::optional<QList<CdpListEntry>> parseList(const QByteArray &body, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isArray()) {
        setError(error,
                 u"the answer is not a DevTools endpoint (/json/list is %1)"_s.arg(
                     parseError.error != QJsonParseError::NoError ? looksLike(body) : u"not a JSON array"_s));
        return std::nullopt;
    }
    QList<CdpListEntry> entries;
    for (const QJsonValue &value : doc.array()) {
        const QJsonObject object = value.toObject();
        if (!value.isObject() || object.value(u"id").toString().isEmpty()) {
            setError(error, u"the answer is not a DevTools endpoint (an entry of /json/list has no id)"_s);
            return std::nullopt;
        }
        CdpListEntry entry;
        entry.info = CdpTargetInfo::fromJson(object);
        entry.webSocketDebuggerUrl = object.value(u"webSocketDebuggerUrl").toString();
        entries.append(entry);
    }
    return entries;
}

} // namespace mpa::CdpDiscovery
