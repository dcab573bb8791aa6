#include "QuotaHistory.h"

#include "QuotaSnapshot.h"
#include "logging/LogCategories.h"

#include <QDir>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace mpa {

QuotaHistory::QuotaHistory(const QString &configDir, QObject *parent)
    : JsonStore(QDir(configDir).filePath(fileName()), std::chrono::seconds(2), u"the quota history"_s,
                lcQuota(), parent)
{
    load();
}

QuotaHistory::~QuotaHistory()
{
    saveIfChanged();
}

void QuotaHistory::record(const QuotaSnapshot &snapshot)
{
    if (!snapshot.ok || !snapshot.fetchedAt.isValid())
        return;
    bool added = false;
    for (const ModelQuota &model : snapshot.models) {
        if (!model.remainingFraction || model.label.isEmpty())
            continue;
        const Point point { snapshot.fetchedAt.toUTC(), std::clamp(*model.remainingFraction, 0.0, 1.0),
                            model.resetTime.isValid() ? model.resetTime.toUTC() : QDateTime() };
        QList<Point> &points = m_models[model.label];
        if (!points.isEmpty() && point.at <= points.last().at)
            continue; // a reading older than one already kept (the clock went back): keep order
        const qsizetype n = points.size();
        // The middle of a flat run tells nothing: move the run's last point forward instead.
        if (n >= 2 && points.at(n - 1).left == point.left && points.at(n - 2).left == point.left
            && !points.at(n - 2).resetBefore(points.at(n - 1)) && !points.at(n - 1).resetBefore(point)) {
            points.last().at = point.at;
            points.last().resets = point.resets;
        } else {
            points.append(point);
        }
        added = true;
    }
    if (!added)
        return;
    prune();
    touch();
}

void QuotaHistory::prune()
{
    QDateTime newest;
    for (const QList<Point> &points : std::as_const(m_models)) {
        if (!points.isEmpty() && (!newest.isValid() || points.last().at > newest))
            newest = points.last().at;
    }
    const QDateTime oldestKept = newest.addDays(-kDaysKept);
    for (auto it = m_models.begin(); it != m_models.end();) {
        QList<Point> &points = it.value();
        points.removeIf([&oldestKept](const Point &p) { return p.at < oldestKept; });
        if (points.size() > kPointsKept)
            points.remove(0, points.size() - kPointsKept);
        it = points.isEmpty() ? m_models.erase(it) : std::next(it);
    }
}

QJsonObject QuotaHistory::toJson() const
{
    QJsonObject models;
    for (auto it = m_models.cbegin(); it != m_models.cend(); ++it) {
        QJsonArray points;
        for (const Point &point : it.value()) {
            QJsonObject json { { u"at"_s, point.at.toString(Qt::ISODate) },
                               { u"left"_s, std::round(point.left * 10000) / 10000 } };
            if (point.resets.isValid())
                json.insert(u"resets"_s, point.resets.toString(Qt::ISODate));
            points.append(json);
        }
        models.insert(it.key(), points);
    }
    return { { u"models"_s, models } };
}

void QuotaHistory::load()
{
    const JsonDataFile::Loaded loaded = loadFile();
    const QJsonObject models = loaded.object.value(u"models").toObject();
    int dropped = 0;
    for (auto it = models.begin(); it != models.end(); ++it) {
        QList<Point> points;
        for (const QJsonValue &value : it.value().toArray()) {
            const QJsonObject json = value.toObject();
            const QDateTime at = QDateTime::fromString(json.value(u"at").toString(), Qt::ISODate);
            const QJsonValue left = json.value(u"left");
            if (!at.isValid() || !left.isDouble() || left.toDouble() < 0 || left.toDouble() > 1) {
                ++dropped;
                continue;
            }
            points.append({ at.toUTC(), left.toDouble(),
                            QDateTime::fromString(json.value(u"resets").toString(), Qt::ISODate).toUTC() });
        }
        std::stable_sort(points.begin(), points.end(),
                         [](const Point &a, const Point &b) { return a.at < b.at; });
        if (!points.isEmpty() && !it.key().isEmpty())
            m_models.insert(it.key(), points);
    }
    if (dropped > 0)
        qCWarning(lcQuota).noquote()
            << u"%1: %2 quota readings were not readable and were left out"_s.arg(filePath()).arg(dropped);
    prune();
}

} // namespace mpa
