#include "ToolkitProtocol.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace mpa::ToolkitProtocol {

namespace {

const QString kUsage = u"send {\"id\": \"1\", \"type\": \"snapshot\", \"params\": {}}"_s;

QString jsonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"a boolean"_s;
    case QJsonValue::Double:
        return u"a number"_s;
    case QJsonValue::String:
        return u"a string"_s;
    case QJsonValue::Array:
        return u"an array"_s;
    case QJsonValue::Object:
        return u"an object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"missing"_s;
}

// Depth of nesting, counted without building the document (QJsonDocument recurses).
bool tooDeep(const QByteArray &text)
{
    int depth = 0;
    bool inString = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[') {
            if (++depth > kMaxJsonDepth)
                return true;
        } else if (c == '}' || c == ']')
            --depth;
    }
    return false;
}

// Qt's parser takes only objects and arrays at the top: "42" or "\"x\"" is JSON all the same.
bool isBareJsonValue(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument wrapped = QJsonDocument::fromJson('[' + text + ']', &error);
    return error.error == QJsonParseError::NoError && wrapped.array().size() == 1;
}

Message invalid(const QString &error, const QJsonValue &id = QJsonValue::Undefined)
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
    if (tooDeep(text))
        return invalid(u"the message nests more than %1 levels deep"_s.arg(kMaxJsonDepth));
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
        return invalid(typeValue.isUndefined()
                           ? u"the message has no \"type\"; "_s + kUsage
                           : u"\"type\" must be a non-empty string, not %1"_s.arg(jsonTypeName(typeValue)),
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

    if (id.isUndefined() || id.isNull())
        return invalid(
            u"the request has no \"id\"; every request needs a string id to match its reply, e.g. "_s
                + kUsage,
            QJsonValue::Null);
    if (!id.isString())
        return invalid(u"\"id\" must be a string, not %1"_s.arg(jsonTypeName(id)), id);
    if (id.toString().isEmpty())
        return invalid(u"\"id\" must not be empty"_s, id);

    const QJsonValue params = object.value(u"params"_s);
    if (!params.isUndefined() && !params.isNull() && !params.isObject())
        return invalid(u"\"params\" must be an object, not %1"_s.arg(jsonTypeName(params)), id);
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
    object.insert(u"id"_s, id.isUndefined() ? QJsonValue() : id);
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
