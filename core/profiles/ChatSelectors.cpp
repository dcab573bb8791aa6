#include "ChatSelectors.h"

#include "ProfileJson.h"
#include "common/JsonFields.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

using Field = JsonField<ChatSelectors, QStringList>;

constexpr Field kFields[] = {
    { u"root", &ChatSelectors::root },
    { u"input", &ChatSelectors::input },
    { u"sendButton", &ChatSelectors::sendButton },
    { u"stopButton", &ChatSelectors::stopButton },
    { u"generating", &ChatSelectors::generating },
    { u"userMessage", &ChatSelectors::userMessage },
    { u"reply", &ChatSelectors::reply },
    { u"conversationTab", &ChatSelectors::conversationTab },
    { u"activeConversationTab", &ChatSelectors::activeConversationTab },
    { u"fileInput", &ChatSelectors::fileInput },
    { u"attachment", &ChatSelectors::attachment },
};

} // namespace

QStringList ChatSelectors::jsonKeys()
{
    QStringList keys;
    for (const Field &field : kFields)
        keys.append(field.key.toString());
    return keys;
}

ChatSelectors ChatSelectors::fromJson(const QJsonObject &chat, QString *error)
{
    ChatSelectors selectors;
    const QStringList known = jsonKeys();
    for (auto it = chat.begin(); it != chat.end(); ++it) {
        if (!known.contains(it.key())) {
            if (error)
                *error = u"chat.%1 is not a known selector (known: %2)"_s.arg(it.key(), known.join(u", "_s));
            return {};
        }
    }
    for (const Field &field : kFields) {
        const QString key = field.key.toString();
        const auto list = profileStringList(chat.value(key), u"chat."_s + key, error);
        if (!list)
            return {};
        selectors.*field.member = *list;
    }
    return selectors;
}

ChatSelectors ChatSelectors::fromProfile(const QJsonObject &profile, QString *error)
{
    const QJsonValue chat = profile.value(u"chat");
    if (!chat.isObject()) {
        if (error)
            *error = u"the profile has no \"chat\" object"_s;
        return {};
    }
    return fromJson(chat.toObject(), error);
}

ChatSelectors ChatSelectors::generic()
{
    ChatSelectors s;
    s.input = {
        u"[data-mpa-chat-input]"_s,
        u".ProseMirror[contenteditable=\"true\"]"_s,
        u"[contenteditable=\"true\"][role=\"textbox\"]"_s,
        u"textarea[placeholder]"_s,
        u"[contenteditable=\"true\"]"_s,
        u"textarea"_s,
    };
    s.sendButton = {
        u"button[data-testid=\"send-button\"]"_s,
        u"button[aria-label*=\"Send\" i]"_s,
        u"button[title*=\"Send\" i]"_s,
        u"button[type=\"submit\"]"_s,
    };
    s.stopButton = {
        u"button[data-testid=\"stop-button\"]"_s,
        u"button[aria-label*=\"Stop\" i]"_s,
        u"button[title*=\"Stop\" i]"_s,
    };
    s.generating = {
        u"[aria-busy=\"true\"]"_s,
        u"[data-generating=\"true\"]"_s,
        u".generating"_s,
    };
    s.userMessage = {
        u"[data-message-author-role=\"user\"]"_s,
        u"[data-role=\"user\"]"_s,
        u".user-message"_s,
    };
    s.reply = {
        u"[data-message-author-role=\"assistant\"]"_s,
        u"[data-role=\"assistant\"]"_s,
        u".assistant-message"_s,
        u".bot-message"_s,
    };
    s.conversationTab = {
        u"[role=\"tab\"]"_s,
    };
    return s;
}

QJsonObject ChatSelectors::toJson() const
{
    QJsonObject json;
    for (const Field &field : kFields)
        json.insert(field.key.toString(), QJsonArray::fromStringList(this->*field.member));
    return json;
}

bool ChatSelectors::isUsable(QString *why) const
{
    if (input.isEmpty()) {
        if (why)
            *why = u"no selector for the chat's input box (chat.input)"_s;
        return false;
    }
    return true;
}

} // namespace mpa
