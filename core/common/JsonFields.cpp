#include "JsonFields.h"

namespace mpa {

QString jsonTime(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QDateTime jsonTimeFrom(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
}

void putText(QJsonObject &json, const QString &key, const QString &value)
{
    if (!value.isEmpty())
        json.insert(key, value);
}

QStringList jsonStrings(const QJsonValue &value)
{
    QStringList strings;
    for (const QJsonValue &entry : value.toArray())
        strings.append(entry.toString());
    return strings;
}

} // namespace mpa
