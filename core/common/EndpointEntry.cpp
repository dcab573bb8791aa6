#include "EndpointEntry.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

std::optional<EndpointEntry> refuse(UserText *why, const char *sentence, const QString &entry)
{
    if (why)
        *why = UserText("mpa::EndpointEntry", sentence).arg(entry);
    return std::nullopt;
}

} // namespace

QString EndpointEntry::name() const
{
    if (isRemote())
        return url.toString();
    return (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
}

std::optional<EndpointEntry> EndpointEntry::parse(const QString &entry, UserText *why)
{
    const QString text = entry.trimmed();
    if (text.isEmpty()) {
        if (why)
            *why = UserText(
                "mpa::EndpointEntry",
                QT_TRANSLATE_NOOP("mpa::EndpointEntry",
                                  "an endpoint is empty: give host:port, or a ws://, wss://, http:// "
                                  "or https:// address"));
        return std::nullopt;
    }
    if (text.contains(u"://"_s)) {
        const QUrl url(text, QUrl::StrictMode);
        const QString scheme = url.scheme();
        if (scheme != u"ws"_s && scheme != u"wss"_s && scheme != u"http"_s && scheme != u"https"_s)
            return refuse(
                why,
                QT_TRANSLATE_NOOP("mpa::EndpointEntry",
                                  "the endpoint \"%1\" is not a ws://, wss://, http:// or https:// address"),
                text);
        if (!url.isValid() || url.host().isEmpty())
            return refuse(why, QT_TRANSLATE_NOOP("mpa::EndpointEntry", "the endpoint \"%1\" names no host"),
                          text);
        if (url.hasQuery() || !url.password().isEmpty() || !url.userName().isEmpty() || url.hasFragment()) {
            // Named without the secret: the sentence goes to the log and the API.
            const QString shown
                = url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment).toString();
            return refuse(
                why,
                QT_TRANSLATE_NOOP("mpa::EndpointEntry",
                                  "the endpoint \"%1\" carries a token or password: secrets are kept in "
                                  "the keychain, not in the settings (add the endpoint on the Connection "
                                  "page)"),
                shown);
        }
        EndpointEntry result;
        result.url = url;
        return result;
    }
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon <= 0)
        return refuse(
            why,
            QT_TRANSLATE_NOOP("mpa::EndpointEntry",
                              "the endpoint \"%1\" is neither host:port nor a ws://, wss://, http:// or "
                              "https:// address"),
            text);
    QString host = text.left(colon);
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const int port = text.mid(colon + 1).toInt(&ok);
    if (!ok || port < 1 || port > 65535)
        return refuse(
            why,
            QT_TRANSLATE_NOOP("mpa::EndpointEntry",
                              "the endpoint \"%1\" has no port from 1 to 65535 after its last colon"),
            text);
    static const QRegularExpression hostName(u"^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$"_s);
    if (QHostAddress(host).isNull() && !hostName.match(host).hasMatch())
        return refuse(why,
                      QT_TRANSLATE_NOOP("mpa::EndpointEntry",
                                        "the endpoint \"%1\" has no IP address or host name before its port"),
                      text);
    EndpointEntry result;
    result.host = host;
    result.port = quint16(port);
    return result;
}

} // namespace mpa
