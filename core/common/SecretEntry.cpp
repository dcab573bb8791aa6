#include "SecretEntry.h"

#include "Refuse.h"

#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

bool SecretEntry::isName(const QString &name)
{
    static const QRegularExpression pattern(u"\\A"_s + namePattern() + u"\\z"_s);
    return pattern.match(name).hasMatch();
}

std::optional<SecretEntry> SecretEntry::parse(const QString &entry, QString *error)
{
    const QString trimmed = entry.trimmed();
    const qsizetype at = trimmed.lastIndexOf(u'@');
    if (at <= 0 || at == trimmed.size() - 1) {
        refuse(error, u"'%1' is not name@site (e.g. password@example.com)"_s.arg(trimmed));
        return std::nullopt;
    }
    SecretEntry parsed { trimmed.left(at), trimmed.mid(at + 1).toLower() };
    if (!isName(parsed.name)) {
        refuse(
            error,
            u"'%1': a secret's name is a letter, then up to 39 letters, digits or _ . -"_s.arg(parsed.name));
        return std::nullopt;
    }
    const QUrl site(u"https://"_s + parsed.site + u'/', QUrl::StrictMode);
    if (!site.isValid() || site.host() != parsed.site || parsed.site.contains(u'*')
        || (!parsed.site.contains(u'.') && parsed.site != u"localhost"_s)) {
        refuse(error, u"'%1': the site is a host name such as example.com"_s.arg(parsed.site));
        return std::nullopt;
    }
    return parsed;
}

} // namespace mpa
