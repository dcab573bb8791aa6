#include "JobSecrets.h"

#include "common/SecretEntry.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

const QRegularExpression &placeholderPattern()
{
    static const QRegularExpression pattern(u"<secret:("_s + SecretEntry::namePattern() + u")>"_s);
    return pattern;
}

// Every string inside `value`, and the value rebuilt with `change` applied to each.
QJsonValue mapStrings(const QJsonValue &value, const std::function<QString(const QString &)> &change)
{
    if (value.isString())
        return change(value.toString());
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &item : value.toArray())
            out.append(mapStrings(item, change));
        return out;
    }
    if (value.isObject()) {
        QJsonObject out;
        const QJsonObject in = value.toObject();
        for (auto it = in.begin(); it != in.end(); ++it)
            out.insert(it.key(), mapStrings(it.value(), change));
        return out;
    }
    return value;
}

} // namespace

QStringList JobSecrets::namesIn(const QString &text)
{
    QStringList names;
    for (auto it = placeholderPattern().globalMatch(text); it.hasNext();) {
        const QString name = it.next().captured(1);
        if (!names.contains(name))
            names.append(name);
    }
    return names;
}

void JobSecrets::add(Secret secret)
{
    // Every form of the value, worked out once: hidden() runs on every text a job reads.
    for (const QString &form : formsOf(secret.value)) {
        if (!form.isEmpty())
            m_forms.append({ form, placeholder(secret.name) });
    }
    // The longest form first, so one that holds another is hidden whole.
    std::sort(m_forms.begin(), m_forms.end(),
              [](const auto &a, const auto &b) { return a.first.size() > b.first.size(); });
    m_secrets.append(std::move(secret));
}

const JobSecrets::Secret *JobSecrets::find(const QString &name) const
{
    for (const Secret &secret : m_secrets) {
        if (secret.name == name)
            return &secret;
    }
    return nullptr;
}

QStringList JobSecrets::usedIn(const QJsonObject &params) const
{
    QStringList names;
    mapStrings(params, [&names](const QString &text) {
        for (const QString &name : namesIn(text)) {
            if (!names.contains(name))
                names.append(name);
        }
        return text;
    });
    return names;
}

QString JobSecrets::refusal(const QString &tool, const QJsonObject &params, const QString &pageUrl) const
{
    const QStringList names = usedIn(params);
    if (names.isEmpty())
        return {};
    if (tool != u"fill"_s && tool != u"type"_s)
        return u"a secret is only typed into a field (fill or type), never used with %1"_s.arg(tool);
    const QUrl page(pageUrl);
    QString host = page.host().toLower();
    while (host.endsWith(u'.'))
        host.chop(1);
    const bool web = page.scheme() == u"https"_s || page.scheme() == u"http"_s;
    for (const QString &name : names) {
        const Secret *secret = find(name);
        if (!secret)
            return u"there is no secret “%1” for this task (the task names the secrets it may use)"_s.arg(
                name);
        if (!web || host.isEmpty() || (host != secret->site && !host.endsWith(u'.' + secret->site)))
            return u"the secret “%1” is only typed on %2, and this page is on %3"_s.arg(
                name, secret->site, host.isEmpty() ? u"no site"_s : host);
    }
    return {};
}

QJsonObject JobSecrets::filledIn(const QJsonObject &params) const
{
    return mapStrings(params,
                      [this](QString text) {
                          for (const Secret &secret : m_secrets)
                              text.replace(placeholder(secret.name), secret.value);
                          return text;
                      })
        .toObject();
}

QStringList JobSecrets::formsOf(const QString &value)
{
    QStringList forms { value };
    // As an address carries it: a form's query has spaces as + (read decoded or not), and the
    // rest percent-encoded.
    if (value.contains(u' ')) {
        QString plus = value;
        plus.replace(u' ', u'+');
        forms.append(plus);
    }
    const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(value));
    if (encoded != value) {
        forms.append(encoded);
        QString formEncoded = encoded;
        formEncoded.replace(u"%20"_s, u"+"_s);
        if (formEncoded != encoded)
            forms.append(formEncoded);
    }
    return forms;
}

QString JobSecrets::hidden(QString text) const
{
    for (const auto &[form, name] : m_forms)
        text.replace(form, name, Qt::CaseInsensitive);
    return text;
}

QJsonValue JobSecrets::hidden(const QJsonValue &value) const
{
    if (m_secrets.isEmpty())
        return value;
    return mapStrings(value, [this](const QString &text) { return hidden(text); });
}

} // namespace mpa
