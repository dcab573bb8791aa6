#pragma once
// What ChatSurface and its send job share (internal to core/chat).

#include <QJsonObject>
#include <QJsonValue>
#include <QPointF>
#include <QString>

#include <chrono>
#include <optional>

namespace mpa::ChatDetail {

using namespace Qt::StringLiterals;

inline constexpr auto kLookTimeout = std::chrono::seconds(5);
inline constexpr int kPollMs = 100;
inline constexpr qint64 kKeyAsTextMs = 300;
inline constexpr auto kActivateTimeout = std::chrono::seconds(3);
inline constexpr auto kRestoreTimeout = std::chrono::seconds(10);

inline QString folded(const QString &text)
{
    return text.simplified();
}

inline QString excerpt(const QString &text)
{
    const QString line = text.simplified();
    return line.size() > 40 ? line.left(37) + u"…"_s : line;
}

inline std::optional<QPointF> pointFrom(const QJsonValue &value)
{
    if (!value.isObject())
        return std::nullopt;
    const QJsonObject point = value.toObject();
    return QPointF(point.value(u"x").toDouble(), point.value(u"y").toDouble());
}

} // namespace mpa::ChatDetail
