#include "JsonText.h"

using namespace Qt::StringLiterals;

namespace mpa {

QString describeJsonValue(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String: {
        const QString s = value.toString();
        return u"the string \"%1\""_s.arg(s.size() > 40 ? s.left(40) + u"…"_s : s);
    }
    case QJsonValue::Double:
        return u"the number %1"_s.arg(value.toDouble());
    case QJsonValue::Bool:
        return value.toBool() ? u"true"_s : u"false"_s;
    case QJsonValue::Array:
        return u"an array"_s;
    case QJsonValue::Object:
        return u"an object"_s;
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"nothing"_s;
}

QString jsonNestingError(const QByteArray &text, int maxDepth, const QString &what)
{
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxDepth)
                return u"%1 nests arrays and objects deeper than %2 levels"_s.arg(what).arg(maxDepth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return {};
}

} // namespace mpa
