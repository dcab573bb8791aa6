#pragma once
// What a quota provider learned in one reading: the plan and each model's remaining share.
// A model is exhausted only when its remaining fraction is known to be 0; a model without
// quota information is unknown, never exhausted.

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace mpa {

struct ModelQuota
{
    enum class State { Available, Exhausted, Unknown };

    QString label; // as the IDE shows it, e.g. "Claude Sonnet 4.5"
    std::optional<double> remainingFraction; // 0.0–1.0; empty: no quota information
    QDateTime resetTime; // invalid when not given

    State state() const;
    QJsonObject toJson() const;
    static QString stateName(State state);
};

struct QuotaSnapshot
{
    QString provider; // "antigravity"
    bool ok = false; // false: `error` says why there is no reading
    QString error;
    // No Antigravity runs, so there is nothing to read: normal for users of other IDEs, no fault.
    bool ideAbsent = false;
    QDateTime fetchedAt;
    QString planName;
    std::optional<qint64> monthlyPromptCredits;
    std::optional<qint64> availablePromptCredits;
    QList<ModelQuota> models;

    const ModelQuota *model(const QString &label) const; // case-insensitive; null if absent
    QJsonObject toJson() const;

    // Reads a GetUserStatus answer ({"userStatus": {planStatus, cascadeModelConfigData}}).
    // Returns false with `error` set when the answer is not of that shape.
    static bool parseUserStatus(const QJsonObject &answer, QuotaSnapshot *snapshot, QString *error);
};

} // namespace mpa

Q_DECLARE_METATYPE(mpa::QuotaSnapshot)
