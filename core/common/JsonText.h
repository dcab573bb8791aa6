#pragma once
// JSON as the people who send it read it: the one wording of "what was sent" in errors, and a
// nesting check run before parsing (QJsonDocument recurses, so a deep document is refused
// unread).

#include <QByteArray>
#include <QJsonValue>
#include <QString>

namespace mpa {

// "the string \"abc\"", "the number 3", "true", "an array", "an object", "null", "nothing".
QString describeJsonValue(const QJsonValue &value);

// Why the text nests arrays and objects deeper than maxDepth ("<what> nests … deeper than 64
// levels"), or empty when it does not. Brackets inside strings do not count.
QString jsonNestingError(const QByteArray &text, int maxDepth, const QString &what);

} // namespace mpa
