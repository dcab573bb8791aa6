#include "WebChatProfile.h"

#include "ProfileJson.h"
#include "common/Refuse.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// True when each of `sources` is a valid pattern; `error` names `key` and the first that is not.
bool validPatterns(const QStringList &sources, const QString &key, QString *error)
{
    return profilePatterns(sources, key, error).has_value();
}

bool anyMatches(const QStringList &sources, const QString &text)
{
    if (text.isEmpty())
        return false;
    return std::any_of(sources.begin(), sources.end(),
                       [&](const QString &source) { return TextPattern(source).matches(text); });
}

} // namespace

std::optional<WebChatProfile> WebChatProfile::fromJson(const QJsonObject &json, QString *error)
{
    static const QStringList known { u"id"_s,   u"name"_s,   u"description"_s, u"match"_s,
                                     u"chat"_s, u"images"_s, u"learned"_s,     u"learnedAt"_s };
    WebChatProfile profile;
    // Dots too: a learned profile's id carries its host (learned-chat.example.com).
    static const QRegularExpression idShape(u"^[a-z0-9][a-z0-9.-]*$"_s);
    if (!profileKeysKnown(json, known, u"web chat profile"_s, error)
        || !profileIdAndName(json, idShape, u"letters, digits, dots and dashes"_s, &profile.id, &profile.name,
                             error))
        return std::nullopt;
    const QJsonValue description = json.value(u"description");
    if (!description.isUndefined() && !description.isString()) {
        refuse(error, u"'description' must be a string"_s);
        return std::nullopt;
    }
    profile.description = description.toString();

    const std::optional<ProfileMatch> match = profileMatch(json.value(u"match"), error);
    if (!match || !validPatterns(match->urlPatterns, u"match.urlPatterns"_s, error)
        || !validPatterns(match->titlePatterns, u"match.titlePatterns"_s, error))
        return std::nullopt;
    profile.urlPatterns = match->urlPatterns;
    profile.titlePatterns = match->titlePatterns;

    const QJsonValue chat = json.value(u"chat");
    if (!chat.isObject()) {
        refuse(error, u"'chat' is required: an object of chat selectors (input, sendButton, reply, …)"_s);
        return std::nullopt;
    }
    QString chatError;
    profile.chat = ChatSelectors::fromJson(chat.toObject(), &chatError);
    if (!chatError.isEmpty()) {
        refuse(error, chatError);
        return std::nullopt;
    }
    QString why;
    if (!profile.chat.isUsable(&why)) {
        refuse(error, why);
        return std::nullopt;
    }

    if (!profileFlag(json, u"images"_s, false, &profile.images, error)
        || !profileFlag(json, u"learned"_s, false, &profile.learned, error))
        return std::nullopt;
    const QJsonValue learnedAt = json.value(u"learnedAt");
    if (!learnedAt.isUndefined()) {
        profile.learnedAt = QDateTime::fromString(learnedAt.toString(), Qt::ISODateWithMs);
        if (!profile.learnedAt.isValid()) {
            refuse(error,
                   u"'learnedAt' must be an ISO 8601 date and time (got '%1')"_s.arg(learnedAt.toString()));
            return std::nullopt;
        }
    }
    return profile;
}

QJsonObject WebChatProfile::toJson() const
{
    QJsonObject json = profileJson(id, name, urlPatterns, titlePatterns);
    json.insert(u"chat"_s, chat.toJson());
    if (!description.isEmpty())
        json.insert(u"description"_s, description);
    if (images)
        json.insert(u"images"_s, true);
    if (learned)
        json.insert(u"learned"_s, true);
    if (learnedAt.isValid())
        json.insert(u"learnedAt"_s, learnedAt.toUTC().toString(Qt::ISODate));
    return json;
}

bool WebChatProfile::matches(const QString &url, const QString &title) const
{
    return anyMatches(urlPatterns, url) || anyMatches(titlePatterns, title);
}

QString WebChatProfile::learnedId(const QUrl &url)
{
    QString host = url.host().toLower();
    static const QRegularExpression notAllowed(u"[^a-z0-9.-]"_s);
    host.replace(notAllowed, u"-"_s);
    if (url.port() > 0)
        host += u"-%1"_s.arg(url.port());
    return u"learned-"_s + (host.isEmpty() ? u"page"_s : host);
}

QString WebChatProfile::hostPattern(const QUrl &url)
{
    const QString origin
        = url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo)
              .toString(QUrl::FullyEncoded);
    // escape() leaves no bare "/" (it becomes "\/"), so the pattern reads as one /regex/.
    return u"/^"_s + QRegularExpression::escape(origin) + u"([/?#]|$)/i"_s;
}

WebChatProfile WebChatProfile::learnedFor(const QUrl &url, const ChatSelectors &chat, const QDateTime &when)
{
    WebChatProfile profile;
    profile.id = learnedId(url);
    profile.name = u"%1 (learned)"_s.arg(url.host().isEmpty() ? url.toString() : url.host());
    profile.description = u"Learned in observation mode from the user's clicks on %1."_s.arg(
        url.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo).toString());
    profile.urlPatterns = { hostPattern(url) };
    profile.chat = chat;
    profile.images = !chat.fileInput.isEmpty();
    profile.learned = true;
    profile.learnedAt = when.toUTC();
    return profile;
}

} // namespace mpa
