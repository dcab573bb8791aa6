#pragma once
// Reading the profiles' JSON (IDE profiles and their chat selectors) with one wording of what
// is wrong in it.

#include <QJsonValue>
#include <QStringList>

#include <optional>

namespace mpa {

// A string or an array of strings, blank entries dropped; missing or null is an empty list.
// Anything else is nullopt, and `error` names `key` ("match.urlPatterns must hold strings").
std::optional<QStringList> profileStringList(const QJsonValue &value, const QString &key, QString *error);

} // namespace mpa
