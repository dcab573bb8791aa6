#include "QuotaSnapshot.h"

#include "common/EnumNames.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

std::optional<qint64> integerField(const QJsonObject &object, const QString &name)
{
    const QJsonValue value = object.value(name);
    if (value.isDouble())
        return qint64(value.toDouble());
    if (value.isString()) {
        // Protobuf JSON writes 64-bit integers as strings.
        bool ok = false;
        const qint64 number = value.toString().toLongLong(&ok);
        if (ok)
            return number;
    }
    return std::nullopt;
}

} // namespace

ModelQuota::State ModelQuota::state() const
{
    if (!remainingFraction)
        return State::Unknown;
    return *remainingFraction <= 0.0 ? State::Exhausted : State::Available;
}

constexpr EnumName<ModelQuota::State> kStateNames[] {
    { ModelQuota::State::Available, u"available" },
    { ModelQuota::State::Exhausted, u"exhausted" },
    { ModelQuota::State::Unknown, u"unknown" },
};

QString ModelQuota::stateName(State state)
{
    return enumName(kStateNames, state);
}

QJsonObject ModelQuota::toJson() const
{
    QJsonObject json { { u"label"_s, label }, { u"state"_s, stateName(state()) } };
    json.insert(u"remainingFraction"_s, remainingFraction ? QJsonValue(*remainingFraction) : QJsonValue());
    json.insert(u"resetTime"_s,
                resetTime.isValid() ? QJsonValue(resetTime.toUTC().toString(Qt::ISODate)) : QJsonValue());
    return json;
}

const ModelQuota *QuotaSnapshot::model(const QString &label) const
{
    for (const ModelQuota &m : models) {
        if (m.label.compare(label, Qt::CaseInsensitive) == 0)
            return &m;
    }
    return nullptr;
}

QJsonObject QuotaSnapshot::toJson() const
{
    QJsonArray modelList;
    for (const ModelQuota &m : models)
        modelList.append(m.toJson());
    QJsonObject json { { u"provider"_s, provider }, { u"ok"_s, ok }, { u"models"_s, modelList } };
    if (!ok)
        json.insert(u"error"_s, error);
    if (fetchedAt.isValid())
        json.insert(u"fetchedAt"_s, fetchedAt.toUTC().toString(Qt::ISODateWithMs));
    QJsonObject plan { { u"name"_s, planName } };
    plan.insert(u"monthlyPromptCredits"_s,
                monthlyPromptCredits ? QJsonValue(*monthlyPromptCredits) : QJsonValue());
    plan.insert(u"availablePromptCredits"_s,
                availablePromptCredits ? QJsonValue(*availablePromptCredits) : QJsonValue());
    json.insert(u"plan"_s, plan);
    return json;
}

bool QuotaSnapshot::parseUserStatus(const QJsonObject &answer, QuotaSnapshot *snapshot, QString *error)
{
    const QJsonValue userStatusValue = answer.value(u"userStatus");
    if (!userStatusValue.isObject()) {
        *error = u"the answer has no userStatus object"_s;
        return false;
    }
    const QJsonObject userStatus = userStatusValue.toObject();
    const QJsonObject planStatus = userStatus.value(u"planStatus").toObject();
    const QJsonObject planInfo = planStatus.value(u"planInfo").toObject();
    snapshot->planName = planInfo.value(u"planName").toString();
    snapshot->monthlyPromptCredits = integerField(planInfo, u"monthlyPromptCredits"_s);
    if (!snapshot->monthlyPromptCredits)
        snapshot->monthlyPromptCredits = integerField(planStatus, u"monthlyPromptCredits"_s);
    snapshot->availablePromptCredits = integerField(planStatus, u"availablePromptCredits"_s);
    if (!snapshot->availablePromptCredits)
        snapshot->availablePromptCredits = integerField(planInfo, u"availablePromptCredits"_s);

    snapshot->models.clear();
    const QJsonArray configs
        = userStatus.value(u"cascadeModelConfigData").toObject().value(u"clientModelConfigs").toArray();
    for (const QJsonValue &entry : configs) {
        const QJsonObject config = entry.toObject();
        ModelQuota model;
        model.label = config.value(u"label").toString();
        if (model.label.isEmpty())
            continue;
        const QJsonValue quotaValue = config.value(u"quotaInfo");
        if (quotaValue.isObject()) {
            const QJsonObject quota = quotaValue.toObject();
            const QString reset = quota.value(u"resetTime").toString();
            if (!reset.isEmpty())
                model.resetTime = QDateTime::fromString(reset, Qt::ISODateWithMs);
            const QJsonValue fraction = quota.value(u"remainingFraction");
            if (fraction.isDouble()) {
                model.remainingFraction = std::clamp(fraction.toDouble(), 0.0, 1.0);
            } else if (fraction.isUndefined() && model.resetTime.isValid()) {
                // Protobuf's JSON form leaves out fields that hold zero: a quota record with a
                // reset time and no fraction is a spent one.
                model.remainingFraction = 0.0;
            }
        }
        snapshot->models.append(model);
    }
    return true;
}

} // namespace mpa
