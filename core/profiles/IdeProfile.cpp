#include "IdeProfile.h"

#include "ProfileJson.h"
#include "common/Refuse.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

bool anyMatches(const QList<TextPattern> &patterns, const QString &text)
{
    return std::any_of(patterns.begin(), patterns.end(),
                       [&](const TextPattern &pattern) { return pattern.matches(text); });
}

QStringList sources(const QList<TextPattern> &patterns)
{
    QStringList list;
    for (const TextPattern &pattern : patterns)
        list.append(pattern.source());
    return list;
}

} // namespace

std::optional<StepSelectors> StepSelectors::fromJson(const QJsonValue &json, QString *error)
{
    StepSelectors steps;
    if (json.isUndefined() || json.isNull())
        return steps;
    if (!json.isObject()) {
        refuse(error, u"'steps' must be an object of selectors: step, message, command, ignore, plainText"_s);
        return std::nullopt;
    }
    const QJsonObject object = json.toObject();
    static const QStringList known { u"step"_s, u"message"_s, u"command"_s, u"ignore"_s, u"plainText"_s };
    if (!profileKeysKnown(object, known, u"steps"_s, error))
        return std::nullopt;
    const auto step = profileStringList(object.value(u"step"), u"steps.step"_s, error);
    const auto message
        = step ? profileStringList(object.value(u"message"), u"steps.message"_s, error) : std::nullopt;
    const auto command
        = message ? profileStringList(object.value(u"command"), u"steps.command"_s, error) : std::nullopt;
    const auto ignore
        = command ? profileStringList(object.value(u"ignore"), u"steps.ignore"_s, error) : std::nullopt;
    if (!ignore)
        return std::nullopt;
    steps.step = *step;
    steps.message = *message;
    steps.command = *command;
    steps.ignore = *ignore;
    const QJsonValue plainText = object.value(u"plainText");
    if (!plainText.isUndefined() && !plainText.isBool()) {
        refuse(error, u"'steps.plainText' must be true or false"_s);
        return std::nullopt;
    }
    steps.plainText = plainText.toBool(false);
    return steps;
}

QJsonObject StepSelectors::toJson() const
{
    return {
        { u"step"_s, QJsonArray::fromStringList(step) },
        { u"message"_s, QJsonArray::fromStringList(message) },
        { u"command"_s, QJsonArray::fromStringList(command) },
        { u"ignore"_s, QJsonArray::fromStringList(ignore) },
        { u"plainText"_s, plainText },
    };
}

std::optional<IdeProfile> IdeProfile::fromJson(const QJsonObject &json, QString *error)
{
    static const QStringList known {
        u"id"_s,           u"name"_s,       u"match"_s, u"panelSelector"_s, u"buttonSelectors"_s,
        u"frameIsPanel"_s, u"neverPanel"_s, u"steps"_s, u"chat"_s,          u"description"_s
    };
    IdeProfile profile;
    static const QRegularExpression idShape(u"^[a-z0-9][a-z0-9-]*$"_s);
    if (!profileKeysKnown(json, known, u"profile"_s, error)
        || !profileIdAndName(json, idShape, u"letters, digits and dashes"_s, &profile.id, &profile.name,
                             error))
        return std::nullopt;

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
    auto urlPatterns = profilePatterns(*urls, u"match.urlPatterns"_s, error);
    auto titlePatterns
        = urlPatterns ? profilePatterns(*titles, u"match.titlePatterns"_s, error) : std::nullopt;
    if (!urlPatterns || !titlePatterns)
        return std::nullopt;
    if (panels->isEmpty()) {
        refuse(error, u"'panelSelector' is required: the CSS selector of the agent panel"_s);
        return std::nullopt;
    }
    profile.urlPatterns = std::move(*urlPatterns);
    profile.titlePatterns = std::move(*titlePatterns);
    profile.panelSelectors = *panels;
    profile.buttonSelectors = *buttons;
    profile.neverPanel = *never;

    if (!profileFlag(json, u"frameIsPanel"_s, true, &profile.frameIsPanel, error))
        return std::nullopt;
    std::optional<StepSelectors> steps = StepSelectors::fromJson(json.value(u"steps"), error);
    if (!steps)
        return std::nullopt;
    profile.steps = *steps;

    const QJsonValue chat = json.value(u"chat");
    if (!chat.isUndefined()) {
        if (!chat.isObject()) {
            refuse(error, u"'chat' must be an object of chat selectors"_s);
            return std::nullopt;
        }
        QString chatError;
        ChatSelectors selectors = ChatSelectors::fromJson(chat.toObject(), &chatError);
        if (!chatError.isEmpty()) {
            refuse(error, chatError);
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
    QJsonObject json = profileJson(id, name, sources(urlPatterns), sources(titlePatterns));
    json.insert(u"panelSelector"_s, QJsonArray::fromStringList(panelSelectors));
    json.insert(u"buttonSelectors"_s, QJsonArray::fromStringList(buttonSelectors));
    json.insert(u"frameIsPanel"_s, frameIsPanel);
    json.insert(u"neverPanel"_s, QJsonArray::fromStringList(neverPanel));
    json.insert(u"steps"_s, steps.toJson());
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
