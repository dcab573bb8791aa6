#include "CommandParams.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

void CommandParams::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
}

QString CommandParams::requiredString(const QString &name)
{
    const QJsonValue v = m_params.value(name);
    if (v.isUndefined() || v.isNull()) {
        fail(u"params.%1 is required"_s.arg(name));
        return {};
    }
    if (!v.isString()) {
        fail(u"params.%1 must be a string"_s.arg(name));
        return {};
    }
    return v.toString();
}

QString CommandParams::string(const QString &name, const QString &fallback)
{
    const QJsonValue v = m_params.value(name);
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isString()) {
        fail(u"params.%1 must be a string"_s.arg(name));
        return fallback;
    }
    return v.toString();
}

int CommandParams::integer(const QString &name, int fallback, int minimum, int maximum)
{
    const QJsonValue v = m_params.value(name);
    if (v.isUndefined() || v.isNull())
        return fallback;
    const double d = v.toDouble();
    if (!v.isDouble() || d != double(qint64(d))) {
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
    const QJsonValue v = m_params.value(name);
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isDouble()) {
        fail(u"params.%1 must be a number"_s.arg(name));
        return fallback;
    }
    if (v.toDouble() < minimum || v.toDouble() > maximum) {
        fail(u"params.%1 must be between %2 and %3"_s.arg(name).arg(minimum).arg(maximum));
        return fallback;
    }
    return v.toDouble();
}

bool CommandParams::boolean(const QString &name, bool fallback)
{
    const QJsonValue v = m_params.value(name);
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isBool()) {
        fail(u"params.%1 must be true or false"_s.arg(name));
        return fallback;
    }
    return v.toBool();
}

QStringList CommandParams::stringList(const QString &name)
{
    const QJsonValue v = m_params.value(name);
    if (v.isUndefined() || v.isNull())
        return {};
    if (!v.isArray()) {
        fail(u"params.%1 must be an array of strings"_s.arg(name));
        return {};
    }
    QStringList list;
    for (const QJsonValue &item : v.toArray()) {
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
    const QJsonValue v = m_params.value(name);
    if (v.isUndefined() || v.isNull())
        return {};
    if (!v.isObject()) {
        fail(u"params.%1 must be an object"_s.arg(name));
        return {};
    }
    return v.toObject();
}

QString CommandParams::choice(const QString &name, const QStringList &choices)
{
    const QString value = string(name, choices.value(0));
    if (!choices.contains(value)) {
        fail(u"params.%1 must be one of %2"_s.arg(name, choices.join(u", "_s)));
        return choices.value(0);
    }
    return value;
}

} // namespace mpa
