#include "IdeProfile.h"

#include "ProfileJson.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// The patterns of `sources`; `error` names `key` and the first one that is not valid.
std::optional<QList<TextPattern>> compile(const QStringList &sources, const QString &key, QString *error)
{
    QList<TextPattern> patterns;
    for (const QString &source : sources) {
        TextPattern pattern(source);
        if (!pattern.isValid()) {
            fail(error, u"%1: '%2' is not a valid pattern: %3"_s.arg(key, source, pattern.errorString()));
            return std::nullopt;
        }
        patterns.append(std::move(pattern));
    }
    return patterns;
}

bool anyMatches(const QList<TextPattern> &patterns, const QString &text)
{
    return std::any_of(patterns.begin(), patterns.end(),
                       [&](const TextPattern &pattern) { return pattern.matches(text); });
}

QJsonArray sources(const QList<TextPattern> &patterns)
{
    QJsonArray array;
    for (const TextPattern &pattern : patterns)
        array.append(pattern.source());
    return array;
}

} // namespace

std::optional<IdeProfile> IdeProfile::fromJson(const QJsonObject &json, QString *error)
{
    static const QStringList known {
        u"id"_s,           u"name"_s,       u"match"_s, u"panelSelector"_s, u"buttonSelectors"_s,
        u"frameIsPanel"_s, u"neverPanel"_s, u"chat"_s,  u"description"_s
    };
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (!known.contains(it.key())) {
            fail(error, u"'%1' is not a profile key (known: %2)"_s.arg(it.key(), known.join(u", "_s)));
            return std::nullopt;
        }
    }
    IdeProfile profile;
    profile.id = json.value(u"id").toString();
    static const QRegularExpression idShape(u"^[a-z0-9][a-z0-9-]*$"_s);
    if (!idShape.match(profile.id).hasMatch()) {
        fail(error,
             u"'id' must be a lower-case name of letters, digits and dashes (got '%1')"_s.arg(profile.id));
        return std::nullopt;
    }
    profile.name = json.value(u"name").toString();
    if (profile.name.trimmed().isEmpty()) {
        fail(error, u"'name' is required"_s);
        return std::nullopt;
    }

    const std::optional<ProfileMatch> match = profileMatch(json.value(u"match"), error);
    if (!match)
        return std::nullopt;
    const QStringList *urls = &match->urlPatterns;
    const QStringList *titles = &match->titlePatterns;
    const auto panels = profileStringList(json.value(u"panelSelector"), u"panelSelector"_s, error);
    const auto buttons = profileStringList(json.value(u"buttonSelectors"), u"buttonSelectors"_s, error);
    const auto never = profileStringList(json.value(u"neverPanel"), u"neverPanel"_s, error);
    if (!panels || !buttons || !never)
        return std::nullopt;
    auto urlPatterns = compile(*urls, u"match.urlPatterns"_s, error);
    auto titlePatterns = urlPatterns ? compile(*titles, u"match.titlePatterns"_s, error) : std::nullopt;
    if (!urlPatterns || !titlePatterns)
        return std::nullopt;
    if (panels->isEmpty()) {
        fail(error, u"'panelSelector' is required: the CSS selector of the agent panel"_s);
        return std::nullopt;
    }
    profile.urlPatterns = std::move(*urlPatterns);
    profile.titlePatterns = std::move(*titlePatterns);
    profile.panelSelectors = *panels;
    profile.buttonSelectors = *buttons;
    profile.neverPanel = *never;

    const QJsonValue frameIsPanel = json.value(u"frameIsPanel");
    if (!frameIsPanel.isUndefined() && !frameIsPanel.isBool()) {
        fail(error, u"'frameIsPanel' must be true or false"_s);
        return std::nullopt;
    }
    profile.frameIsPanel = frameIsPanel.toBool(true);

    const QJsonValue chat = json.value(u"chat");
    if (!chat.isUndefined()) {
        if (!chat.isObject()) {
            fail(error, u"'chat' must be an object of chat selectors"_s);
            return std::nullopt;
        }
        QString chatError;
        ChatSelectors selectors = ChatSelectors::fromJson(chat.toObject(), &chatError);
        if (!chatError.isEmpty()) {
            fail(error, chatError);
            return std::nullopt;
        }
        // The chat lives in the agent panel: its selectors search there unless they say otherwise.
        if (selectors.root.isEmpty())
            selectors.root = profile.panelSelectors;
        profile.chat = selectors;
    }
    return profile;
}

QJsonObject IdeProfile::toJson() const
{
    QJsonObject json {
        { u"id"_s, id },
        { u"name"_s, name },
        { u"match"_s,
          QJsonObject { { u"urlPatterns"_s, sources(urlPatterns) },
                        { u"titlePatterns"_s, sources(titlePatterns) } } },
        { u"panelSelector"_s, QJsonArray::fromStringList(panelSelectors) },
        { u"buttonSelectors"_s, QJsonArray::fromStringList(buttonSelectors) },
        { u"frameIsPanel"_s, frameIsPanel },
        { u"neverPanel"_s, QJsonArray::fromStringList(neverPanel) },
    };
    if (chat)
        json.insert(u"chat"_s, chat->toJson());
    return json;
}

bool IdeProfile::matches(const QString &url, const QString &title) const
{
    if (isFallback())
        return true;
    return anyMatches(urlPatterns, url) || anyMatches(titlePatterns, title);
}

} // namespace mpa
