#include "CommandParams.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

void CommandParams::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
}

std::optional<QJsonValue> CommandParams::given(const QString &name, bool (QJsonValue::*isKind)() const,
                                               const QString &kind)
{
    const QJsonValue v = m_params.value(name);
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    if (!(v.*isKind)()) {
        fail(u"params.%1 must be %2"_s.arg(name, kind));
        return std::nullopt;
    }
    return v;
}

QString CommandParams::requiredString(const QString &name)
{
    const QJsonValue v = m_params.value(name);
    if (v.isUndefined() || v.isNull()) {
        fail(u"params.%1 is required"_s.arg(name));
        return {};
    }
    return string(name);
}

QString CommandParams::string(const QString &name, const QString &fallback)
{
    const std::optional<QJsonValue> v = given(name, &QJsonValue::isString, u"a string"_s);
    return v ? v->toString() : fallback;
}

int CommandParams::integer(const QString &name, int fallback, int minimum, int maximum)
{
    const std::optional<QJsonValue> v = given(name, &QJsonValue::isDouble, u"a whole number"_s);
    if (!v)
        return fallback;
    const double d = v->toDouble();
    if (d != double(qint64(d))) {
        fail(u"params.%1 must be a whole number"_s.arg(name));
        return fallback;
    }
    if (d < minimum || d > maximum) {
        fail(u"params.%1 must be between %2 and %3"_s.arg(name).arg(minimum).arg(maximum));
        return fallback;
    }
    return int(d);
}

double CommandParams::number(const QString &name, double fallback, double minimum, double maximum)
{
    const std::optional<QJsonValue> v = given(name, &QJsonValue::isDouble, u"a number"_s);
    if (!v)
        return fallback;
    if (v->toDouble() < minimum || v->toDouble() > maximum) {
        fail(u"params.%1 must be between %2 and %3"_s.arg(name).arg(minimum).arg(maximum));
        return fallback;
    }
    return v->toDouble();
}

bool CommandParams::boolean(const QString &name, bool fallback)
{
    const std::optional<QJsonValue> v = given(name, &QJsonValue::isBool, u"true or false"_s);
    return v ? v->toBool() : fallback;
}

QStringList CommandParams::stringList(const QString &name)
{
    const std::optional<QJsonValue> v = given(name, &QJsonValue::isArray, u"an array of strings"_s);
    if (!v)
        return {};
    QStringList list;
    for (const QJsonValue &item : v->toArray()) {
        if (!item.isString()) {
            fail(u"params.%1 must be an array of strings"_s.arg(name));
            return {};
        }
        list.append(item.toString());
    }
    return list;
}

QJsonObject CommandParams::object(const QString &name)
{
    const std::optional<QJsonValue> v = given(name, &QJsonValue::isObject, u"an object"_s);
    return v ? v->toObject() : QJsonObject();
}

QString CommandParams::choice(const QString &name, const QStringList &choices)
{
    QString value = string(name, choices.value(0));
    if (!choices.contains(value)) {
        fail(u"params.%1 must be one of %2"_s.arg(name, choices.join(u", "_s)));
        return choices.value(0);
    }
    return value;
}

} // namespace mpa
