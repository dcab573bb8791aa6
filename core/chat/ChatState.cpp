#include "ChatState.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

ChatState ChatState::fromJson(const QJsonObject &json, const QString &frameId)
{
    ChatState state;
    state.ok = true;
    state.frameId = frameId;
    state.title = json.value(u"title").toString();
    state.url = json.value(u"url").toString();
    state.visible = json.value(u"visibility").toString() == u"visible"_s;
    state.rootAsked = json.value(u"rootAsked").toBool();
    state.rootFound = json.value(u"rootFound").toBool();
    state.scope = json.value(u"scope").toString();
    const QJsonObject input = json.value(u"input").toObject();
    state.inputFound = input.value(u"found").toBool();
    state.inputKind = input.value(u"kind").toString();
    state.inputText = input.value(u"text").toString();
    state.inputRaw = input.value(u"raw").toString();
    state.inputFocused = input.value(u"focused").toBool();
    state.inputEnabled = input.value(u"enabled").toBool();
    const QJsonObject send = json.value(u"send").toObject();
    state.sendFound = send.value(u"found").toBool();
    state.sendEnabled = send.value(u"enabled").toBool();
    state.generating = json.value(u"generating").toBool();
    state.replyCount = json.value(u"replyCount").toInt();
    state.replyLength = json.value(u"replyLength").toInteger();
    state.replyDigest = json.value(u"replyDigest").toString();
    state.replyText = json.value(u"replyText").toString();
    state.userCount = json.value(u"userCount").toInt();
    for (const QJsonValue &message : json.value(u"recentUser").toArray())
        state.recentUserMessages.append(message.toString());
    for (const QJsonValue &entry : json.value(u"conversations").toArray()) {
        const QJsonObject tab = entry.toObject();
        state.conversations.append({ tab.value(u"name").toString(), tab.value(u"active").toBool() });
    }
    for (const QJsonValue &problem : json.value(u"problems").toArray())
        state.problems.append(problem.toString());
    return state;
}

} // namespace mpa
