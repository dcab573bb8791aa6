#include "ChatState.h"

#include "common/JsonFields.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// The look's plain fields under their keys: the page, then its input box and send button.
constexpr JsonTextField<ChatState> kPageTexts[] { { u"title", &ChatState::title },
                                                  { u"url", &ChatState::url },
                                                  { u"scope", &ChatState::scope },
                                                  { u"replyDigest", &ChatState::replyDigest },
                                                  { u"replyText", &ChatState::replyText } };
constexpr JsonField<ChatState, bool> kPageFlags[] { { u"rootAsked", &ChatState::rootAsked },
                                                    { u"rootFound", &ChatState::rootFound },
                                                    { u"generating", &ChatState::generating } };
constexpr JsonField<ChatState, int> kPageCounts[] { { u"replyCount", &ChatState::replyCount },
                                                    { u"userCount", &ChatState::userCount } };
constexpr JsonTextField<ChatState> kInputTexts[] { { u"kind", &ChatState::inputKind },
                                                   { u"text", &ChatState::inputText },
                                                   { u"raw", &ChatState::inputRaw } };
constexpr JsonField<ChatState, bool> kInputFlags[] { { u"found", &ChatState::inputFound },
                                                     { u"focused", &ChatState::inputFocused },
                                                     { u"enabled", &ChatState::inputEnabled } };
constexpr JsonField<ChatState, bool> kSendFlags[] { { u"found", &ChatState::sendFound },
                                                    { u"enabled", &ChatState::sendEnabled } };

} // namespace

ChatState ChatState::fromJson(const QJsonObject &json, const QString &frameId)
{
    ChatState state;
    state.ok = true;
    state.frameId = frameId;
    state.visible = json.value(u"visibility").toString() == u"visible"_s;
    readFields(json, state, kPageTexts);
    readFields(json, state, kPageFlags);
    readFields(json, state, kPageCounts);
    state.replyLength = json.value(u"replyLength").toInteger();
    const QJsonObject input = json.value(u"input").toObject();
    readFields(input, state, kInputTexts);
    readFields(input, state, kInputFlags);
    readFields(json.value(u"send").toObject(), state, kSendFlags);
    state.recentUserMessages = jsonStrings(json.value(u"recentUser"));
    state.conversations = conversationsFromJson(json); // the payload lists them as getConversations does
    state.problems = jsonStrings(json.value(u"problems"));
    return state;
}

QJsonObject conversationsJson(const QList<ChatConversation> &conversations)
{
    QJsonArray list;
    QString active;
    for (const ChatConversation &conversation : conversations) {
        list.append(QJsonObject { { u"name"_s, conversation.name }, { u"active"_s, conversation.active } });
        if (conversation.active)
            active = conversation.name;
    }
    return QJsonObject { { u"conversations"_s, list }, { u"active"_s, active } };
}

QList<ChatConversation> conversationsFromJson(const QJsonObject &json)
{
    QList<ChatConversation> conversations;
    for (const QJsonValue &entry : json.value(u"conversations"_s).toArray())
        conversations.append(
            { entry.toObject().value(u"name"_s).toString(), entry.toObject().value(u"active"_s).toBool() });
    return conversations;
}

} // namespace mpa
