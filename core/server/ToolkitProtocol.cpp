#include "ToolkitProtocol.h"

#include "common/JsonText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace mpa::ToolkitProtocol {

namespace {

const QString kUsage = u"send {\"id\": \"1\", \"type\": \"snapshot\", \"params\": {}}"_s;

// Qt's parser takes only objects and arrays at the top: "42" or "\"x\"" is JSON all the same.
bool isBareJsonValue(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument wrapped = QJsonDocument::fromJson('[' + text + ']', &error);
    return error.error == QJsonParseError::NoError && wrapped.array().size() == 1;
}

Message invalid(const QString &error, const QJsonValue &id = QJsonValue::Null)
{
    Message m;
    m.kind = Message::Kind::Invalid;
    m.error = error;
    m.id = id;
    return m;
}

} // namespace

Message parse(const QByteArray &text)
{
    if (text.trimmed().isEmpty())
        return invalid(u"empty message; "_s + kUsage);
    if (const QString tooDeep = jsonNestingError(text, kMaxJsonDepth, u"the message"_s); !tooDeep.isEmpty())
        return invalid(tooDeep);
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError && isBareJsonValue(text))
        return invalid(u"the message must be a JSON object, not a bare value; "_s + kUsage);
    if (parseError.error != QJsonParseError::NoError)
        return invalid(u"the message is not JSON (%1 at byte %2); "_s.arg(parseError.errorString())
                           .arg(parseError.offset)
                       + kUsage);
    if (!document.isObject())
        return invalid(u"the message must be a JSON object, not %1; "_s.arg(
                           document.isArray() ? u"an array"_s : u"a bare value"_s)
                       + kUsage);

    const QJsonObject object = document.object();
    const QJsonValue id = object.value(u"id"_s);
    const QJsonValue typeValue = object.value(u"type"_s);
    if (!typeValue.isString() || typeValue.toString().isEmpty())
        return invalid(typeValue.isUndefined() ? u"the message has no \"type\"; "_s + kUsage
                                               : u"\"type\" must be a non-empty string, not %1"_s.arg(
                                                   describeJsonValue(typeValue)),
                       id);

    Message m;
    m.raw = object;
    m.id = id;
    m.type = typeValue.toString();
    if (m.type == u"ping"_s) {
        m.kind = Message::Kind::Ping;
        return m;
    }
    if (m.type == u"pong"_s) {
        m.kind = Message::Kind::Pong;
        return m;
    }
    if (m.type == u"hello"_s) {
        m.kind = Message::Kind::Hello;
        return m;
    }
    if (m.type == u"session_assigned"_s) {
        const QJsonValue session = object.value(u"sessionId"_s);
        if (!session.isString() || session.toString().isEmpty())
            return invalid(u"session_assigned: \"sessionId\" must be a non-empty string"_s, id);
        m.kind = Message::Kind::SessionAssigned;
        m.sessionId = session.toString();
        return m;
    }
    if (m.type == u"auth"_s) {
        const QJsonValue token = object.value(u"token"_s);
        if (!token.isString() || token.toString().isEmpty())
            return invalid(u"auth: \"token\" must be a non-empty string (the contents of agent-token in the "
                           "config folder)"_s,
                           id);
        m.kind = Message::Kind::Auth;
        m.token = token.toString();
        return m;
    }

    // Without an id (as agents of the LLM Browser Agent extension send them) the reply carries
    // none either: such requests are answered in the order they came.
    if (id.isNull())
        return invalid(u"\"id\" must be a string, not null (or leave it out)"_s, id);
    if (!id.isUndefined() && !id.isString())
        return invalid(u"\"id\" must be a string, not %1"_s.arg(describeJsonValue(id)), id);
    if (id.isString() && id.toString().isEmpty())
        return invalid(u"\"id\" must not be empty"_s, id);

    const QJsonValue params = object.value(u"params"_s);
    if (!params.isUndefined() && !params.isNull() && !params.isObject())
        return invalid(u"\"params\" must be an object, not %1"_s.arg(describeJsonValue(params)), id);
    m.params = params.toObject();
    m.kind = Message::Kind::Request;
    return m;
}

QByteArray toText(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray reply(const QJsonValue &id, const CommandResult &result)
{
    QJsonObject object = result.toJson();
    if (!id.isUndefined()) // a request without an id is answered without one
        object.insert(u"id"_s, id);
    return toText(object);
}

QByteArray errorReply(const QJsonValue &id, const QString &error)
{
    return reply(id, CommandResult::failure(error));
}

QByteArray ping()
{
    return toText({ { u"type"_s, u"ping"_s } });
}

QByteArray registration(int windowId, const QString &cachedSessionId)
{
    return toText(
        { { u"type"_s, u"register"_s },
          { u"windowId"_s, windowId },
          { u"cachedSessionId"_s, cachedSessionId.isEmpty() ? QJsonValue() : QJsonValue(cachedSessionId) } });
}

QByteArray pong(const QJsonValue &id)
{
    QJsonObject object { { u"type"_s, u"pong"_s } };
    if (!id.isUndefined() && !id.isNull())
        object.insert(u"id"_s, id);
    return toText(object);
}

QByteArray oversizeReply(const QByteArray &head, qint64 size)
{
    // The id is usually the first key; reading it from the head spares parsing the whole.
    static const QRegularExpression idPattern(uR"re(^\s*\{\s*"id"\s*:\s*"((?:[^"\\]|\\.){1,200})")re"_s);
    QJsonValue id;
    const QRegularExpressionMatch match = idPattern.match(QString::fromUtf8(head.left(512)));
    if (match.hasMatch()) {
        const QJsonDocument unescaped
            = QJsonDocument::fromJson(u"[\"%1\"]"_s.arg(match.captured(1)).toUtf8());
        id = unescaped.array().at(0);
    }
    return errorReply(
        id,
        u"the message is %1 bytes, over the limit of %2 bytes (1 MiB); it was not processed"_s.arg(size).arg(
            kMaxMessageBytes));
}

} // namespace mpa::ToolkitProtocol
