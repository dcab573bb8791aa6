// Reading GetUserStatus: the plan, each model's quota, and what counts as exhausted.
#include "quota/QuotaSnapshot.h"

#include "QtPrinters.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimeZone>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

TEST(QuotaSnapshotTest, ReadsThePlanAndEveryModel)
{
    const QJsonObject answer = json(R"json({"userStatus": {
        "planStatus": {"planInfo": {"planName": "Pro", "monthlyPromptCredits": 50000},
                       "availablePromptCredits": "12500"},
        "cascadeModelConfigData": {"clientModelConfigs": [
          {"label": "Gemini 3 Pro (High)", "quotaInfo": {"remainingFraction": 0.75, "resetTime": "2026-02-07T14:23:01Z"}},
          {"label": "Claude Sonnet 4.5", "quotaInfo": {"remainingFraction": 0, "resetTime": "2026-02-07T15:00:00Z"}},
          {"label": "Claude Opus 4.5 (Thinking)", "quotaInfo": {"resetTime": "2026-02-07T16:00:00Z"}},
          {"label": "GPT-OSS 120B (Medium)"},
          {"label": "Gemini 3 Flash", "quotaInfo": {}},
          {"modelOrAlias": {"model": "MODEL_WITHOUT_LABEL"}}
        ]}}})json");
    QuotaSnapshot snapshot;
    QString error;
    ASSERT_TRUE(QuotaSnapshot::parseUserStatus(answer, &snapshot, &error)) << error.toStdString();
    EXPECT_EQ(snapshot.planName, u"Pro"_s);
    EXPECT_EQ(snapshot.monthlyPromptCredits, 50000);
    EXPECT_EQ(snapshot.availablePromptCredits, 12500);
    ASSERT_EQ(snapshot.models.size(), 5);
    EXPECT_EQ(snapshot.models.at(0).state(), ModelQuota::State::Available);
    EXPECT_DOUBLE_EQ(*snapshot.models.at(0).remainingFraction, 0.75);
    EXPECT_EQ(snapshot.models.at(0).resetTime,
              QDateTime(QDate(2026, 2, 7), QTime(14, 23, 1), QTimeZone::utc()));
    EXPECT_EQ(snapshot.models.at(1).state(), ModelQuota::State::Exhausted);
    // Protobuf JSON leaves a zero out: a quota record with a reset time and no fraction is spent.
    EXPECT_EQ(snapshot.models.at(2).state(), ModelQuota::State::Exhausted);
    // No quota information is unknown, never exhausted.
    EXPECT_EQ(snapshot.models.at(3).state(), ModelQuota::State::Unknown);
    EXPECT_EQ(snapshot.models.at(4).state(), ModelQuota::State::Unknown);
    EXPECT_TRUE(snapshot.model(u"claude sonnet 4.5"_s));
    EXPECT_FALSE(snapshot.model(u"Claude"_s));

    const QJsonObject out = snapshot.toJson();
    EXPECT_EQ(out.value(u"plan"_s).toObject().value(u"name"_s).toString(), u"Pro"_s);
    EXPECT_EQ(out.value(u"models"_s).toArray().at(1).toObject().value(u"state"_s).toString(), u"exhausted"_s);
    EXPECT_TRUE(out.value(u"models"_s).toArray().at(3).toObject().value(u"remainingFraction"_s).isNull());
}

TEST(QuotaSnapshotTest, AnAnswerOfAnotherShapeIsAnError)
{
    QuotaSnapshot snapshot;
    QString error;
    EXPECT_FALSE(QuotaSnapshot::parseUserStatus(json(R"({"code": "unauthenticated"})"), &snapshot, &error));
    EXPECT_EQ(error, u"the answer has no userStatus object"_s);
    EXPECT_TRUE(QuotaSnapshot::parseUserStatus(json(R"({"userStatus": {}})"), &snapshot, &error));
    EXPECT_TRUE(snapshot.models.isEmpty());
    EXPECT_FALSE(snapshot.monthlyPromptCredits.has_value());
}

} // namespace
