#pragma once
// Each model's remaining quota over time, for the Quota page's plot: one point per model per
// successful reading, kept in <config-dir>/quota-history.json (JsonDataFile: written atomically,
// an unreadable file moved aside). A run of equal readings with no reset between them keeps
// only its first and last point (the last with the newest reset time);
// points older than kDaysKept before the newest reading go, and at most kPointsKept per model.

#include "common/JsonStore.h"

#include <QDateTime>
#include <QList>
#include <QMap>

namespace mpa {

struct QuotaSnapshot;

class QuotaHistory : public JsonStore
{
    Q_OBJECT
public:
    struct Point
    {
        QDateTime at; // when the reading was taken (UTC)
        double left = 0; // remaining fraction, 0.0–1.0
        QDateTime resets; // the reset time the IDE gave with it; invalid when none
        // `next` was read after this point's reset time and gives another one: the quota reset
        // between the two (a reset time that merely moves along with the clock is not one).
        bool resetBefore(const Point &next) const
        {
            return resets.isValid() && next.at >= resets && next.resets != resets;
        }
    };

    explicit QuotaHistory(const QString &configDir, QObject *parent = nullptr);
    ~QuotaHistory() override;

    static QString fileName() { return QStringLiteral("quota-history.json"); }

    // Adds a point for every model of a successful reading that has a known remaining share
    // (saved a moment later and on destruction). A failed reading, or one without a time, adds
    // nothing.
    void record(const QuotaSnapshot &snapshot);
    // Model label → points, oldest first.
    const QMap<QString, QList<Point>> &models() const { return m_models; }

    static constexpr int kDaysKept = 7;
    static constexpr int kPointsKept = 1000;

protected:
    QJsonObject toJson() const override;

private:
    void load();
    void prune();

    QMap<QString, QList<Point>> m_models;
};

} // namespace mpa
