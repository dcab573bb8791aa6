#include "ProfileJson.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

std::optional<QStringList> profileStringList(const QJsonValue &value, const QString &key, QString *error)
{
    QStringList list;
    if (value.isUndefined() || value.isNull())
        return list;
    if (value.isString()) {
        list.append(value.toString());
    } else if (value.isArray()) {
        for (const QJsonValue &entry : value.toArray()) {
            if (!entry.isString()) {
                if (error)
                    *error = u"%1 must hold strings"_s.arg(key);
                return std::nullopt;
            }
            list.append(entry.toString());
        }
    } else {
        if (error)
            *error = u"%1 must be a string or a list of strings"_s.arg(key);
        return std::nullopt;
    }
    list.removeIf([](const QString &s) { return s.trimmed().isEmpty(); });
    return list;
}

} // namespace mpa
