#include "RunRecord.h"

#include "common/EnumNames.h"
#include "common/JsonFields.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr EnumName<RunStatus> kStatusNames[] {
    { RunStatus::Running, u"running" },     { RunStatus::WaitingUser, u"waiting_user" },
    { RunStatus::Done, u"done" },           { RunStatus::Failed, u"failed" },
    { RunStatus::Cancelled, u"cancelled" }, { RunStatus::Interrupted, u"interrupted" },
};

constexpr EnumName<RunMode> kModeNames[] {
    { RunMode::Careful, u"careful" },
    { RunMode::Autonomous, u"autonomous" },
};

// What a step, a question and a run say in words: written under their keys, each left out
// when empty where the table says so.
constexpr JsonTextField<RunStep> kStepNotes[] { { u"thought", &RunStep::thought },
                                                { u"element", &RunStep::element },
                                                { u"result", &RunStep::result },
                                                { u"gate", &RunStep::gate },
                                                { u"decision", &RunStep::decision } };
constexpr JsonTextField<RunQuestion> kQuestionTexts[] { { u"kind", &RunQuestion::kind },
                                                        { u"question", &RunQuestion::question } };
constexpr JsonTextField<RunRecord> kRunTexts[] { { u"runId", &RunRecord::id },
                                                 { u"task", &RunRecord::task },
                                                 { u"provider", &RunRecord::provider },
                                                 { u"model", &RunRecord::model } };
constexpr JsonTextField<RunRecord> kRunPlaces[] { { u"tab", &RunRecord::tab },
                                                  { u"url", &RunRecord::url },
                                                  { u"currentTab", &RunRecord::currentTab },
                                                  { u"startedBy", &RunRecord::startedBy },
                                                  { u"owner", &RunRecord::owner } };

} // namespace

QString runStatusName(RunStatus status)
{
    return enumName(kStatusNames, status);
}

std::optional<RunStatus> runStatusFromName(QStringView name)
{
    return enumValue(kStatusNames, name);
}

QString runModeName(RunMode mode)
{
    return enumName(kModeNames, mode);
}

std::optional<RunMode> runModeFromName(QStringView name)
{
    return enumValue(kModeNames, name);
}

QJsonObject RunStep::toJson() const
{
    QJsonObject json {
        { u"step"_s, number },
        { u"at"_s, jsonTime(at) },
        { u"tool"_s, tool },
        { u"params"_s, params },
        { u"ok"_s, ok },
        { u"durationMs"_s, durationMs },
        { u"modelMs"_s, modelMs },
        { u"tokens"_s, QJsonObject { { u"prompt"_s, promptTokens }, { u"completion"_s, completionTokens } } }
    };
    writeTexts(json, *this, kStepNotes, EmptyText::Omit);
    if (!effect.isEmpty())
        json.insert(u"effect"_s, effect);
    if (state == JobCommand::State::Running || state == JobCommand::State::Unknown)
        json.insert(u"state"_s, JobCommand::stateName(state));
    return json;
}

RunStep RunStep::fromJson(const QJsonObject &json)
{
    RunStep step;
    step.number = json.value(u"step").toInt();
    step.at = jsonTimeFrom(json.value(u"at"));
    step.tool = json.value(u"tool").toString();
    readFields(json, step, kStepNotes);
    step.params = json.value(u"params").toObject();
    step.ok = json.value(u"ok").toBool(true);
    step.effect = json.value(u"effect").toObject();
    step.durationMs = json.value(u"durationMs").toInteger();
    step.modelMs = json.value(u"modelMs").toInteger();
    const QJsonObject tokens = json.value(u"tokens").toObject();
    step.promptTokens = tokens.value(u"prompt").toInt();
    step.completionTokens = tokens.value(u"completion").toInt();
    const std::optional<JobCommand::State> state = JobCommand::stateFromName(json.value(u"state").toString());
    if (state == JobCommand::State::Running || state == JobCommand::State::Unknown)
        step.state = *state;
    else
        step.state = step.ok ? JobCommand::State::Done : JobCommand::State::Failed;
    return step;
}

QJsonObject RunReflection::toJson() const
{
    QJsonObject json { { u"afterStep"_s, afterStep }, { u"rating"_s, rating }, { u"reason"_s, reason } };
    if (!metrics.isEmpty())
        json.insert(u"metrics"_s, metrics);
    return json;
}

RunReflection RunReflection::fromJson(const QJsonObject &json)
{
    return { json.value(u"afterStep").toInt(), json.value(u"rating").toString(),
             json.value(u"reason").toString(), json.value(u"metrics").toObject() };
}

QJsonObject RunQuestion::toJson() const
{
    QJsonObject json { { u"afterStep"_s, afterStep },
                       { u"askedAt"_s, jsonTime(askedAt) },
                       { u"answered"_s, answered } };
    writeTexts(json, *this, kQuestionTexts, EmptyText::Write);
    putText(json, u"category"_s, category);
    if (!action.isEmpty())
        json.insert(u"action"_s, action);
    if (answered) {
        json.insert(u"approved"_s, approved);
        putText(json, u"answer"_s, answer);
        json.insert(u"answeredAt"_s, jsonTime(answeredAt));
    }
    return json;
}

RunQuestion RunQuestion::fromJson(const QJsonObject &json)
{
    RunQuestion q;
    q.afterStep = json.value(u"afterStep").toInt();
    readFields(json, q, kQuestionTexts);
    q.category = json.value(u"category").toString();
    q.action = json.value(u"action").toObject();
    q.askedAt = jsonTimeFrom(json.value(u"askedAt"));
    q.answered = json.value(u"answered").toBool();
    q.approved = json.value(u"approved").toBool();
    q.answer = json.value(u"answer").toString();
    q.answeredAt = jsonTimeFrom(json.value(u"answeredAt"));
    return q;
}

bool RunRecord::isFinished() const
{
    return status == RunStatus::Done || status == RunStatus::Failed || status == RunStatus::Cancelled;
}

void RunRecord::interrupt(const QString &why, const QDateTime &now)
{
    status = RunStatus::Interrupted;
    reason = why;
    updatedAt = now;
    for (RunStep &step : steps) {
        if (step.state != JobCommand::State::Running)
            continue;
        step.state = JobCommand::State::Unknown;
        step.ok = false;
        step.result = JobCommand::unknownOutcome();
    }
}

const RunQuestion *RunRecord::pendingQuestion() const
{
    if (questions.isEmpty() || questions.last().answered)
        return nullptr;
    return &questions.last();
}

QJsonObject RunRecord::summaryJson() const
{
    QJsonObject json { { u"mode"_s, runModeName(mode) },
                       { u"status"_s, runStatusName(status) },
                       { u"steps"_s, int(steps.size()) },
                       { u"tokens"_s,
                         QJsonObject { { u"prompt"_s, promptTokens },
                                       { u"completion"_s, completionTokens },
                                       { u"estimated"_s, tokensEstimated } } },
                       { u"createdAt"_s, jsonTime(createdAt) },
                       { u"updatedAt"_s, jsonTime(updatedAt) } };
    writeTexts(json, *this, kRunTexts, EmptyText::Write);
    putText(json, u"finishedAt"_s, jsonTime(finishedAt));
    putText(json, u"reason"_s, reason);
    if (hasResult)
        json.insert(u"result"_s, resultJson(false));
    return json;
}

QJsonObject RunRecord::toJson() const
{
    QJsonObject json = summaryJson();
    json.insert(u"steps"_s, jsonArrayOf(steps));
    json.insert(u"stepCount"_s, int(steps.size()));
    json.insert(u"reflections"_s, jsonArrayOf(reflections));
    json.insert(u"questions"_s, jsonArrayOf(questions));
    json.insert(u"maxSteps"_s, maxSteps);
    json.insert(u"startSites"_s, QJsonArray::fromStringList(startSites));
    writeTexts(json, *this, kRunPlaces, EmptyText::Omit);
    if (const RunQuestion *q = pendingQuestion())
        json.insert(u"question"_s, q->toJson());
    if (!schema.isEmpty())
        json.insert(u"schema"_s, schema);
    if (hasResult)
        json.insert(u"result"_s, resultJson(true));
    return json;
}

QJsonObject RunRecord::resultJson(bool withData) const
{
    QJsonObject result { { u"success"_s, success }, { u"text"_s, resultText } };
    if (withData && !resultData.isUndefined())
        result.insert(u"data"_s, resultData);
    return result;
}

std::optional<RunRecord> RunRecord::fromJson(const QJsonObject &json, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<RunRecord> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    RunRecord run;
    readFields(json, run, kRunTexts);
    if (run.id.isEmpty())
        return fail(u"it has no runId"_s);
    const auto status = runStatusFromName(json.value(u"status").toString());
    if (!status)
        return fail(u"its status '%1' is not one a run has"_s.arg(json.value(u"status").toString()));
    run.status = *status;
    run.mode = runModeFromName(json.value(u"mode").toString()).value_or(RunMode::Careful);
    readFields(json, run, kRunPlaces);
    run.startSites = jsonStrings(json.value(u"startSites"));
    run.maxSteps = json.value(u"maxSteps").toInt(40);
    run.reason = json.value(u"reason").toString();
    const QJsonObject result = json.value(u"result").toObject();
    run.hasResult = !result.isEmpty();
    run.success = result.value(u"success").toBool();
    run.resultText = result.value(u"text").toString();
    run.resultData = result.value(u"data");
    run.schema = json.value(u"schema").toObject();
    run.createdAt = jsonTimeFrom(json.value(u"createdAt"));
    run.updatedAt = jsonTimeFrom(json.value(u"updatedAt"));
    run.finishedAt = jsonTimeFrom(json.value(u"finishedAt"));
    run.steps = jsonListOf<RunStep>(json.value(u"steps"));
    run.reflections = jsonListOf<RunReflection>(json.value(u"reflections"));
    run.questions = jsonListOf<RunQuestion>(json.value(u"questions"));
    const QJsonObject tokens = json.value(u"tokens").toObject();
    run.promptTokens = tokens.value(u"prompt").toInt();
    run.completionTokens = tokens.value(u"completion").toInt();
    run.tokensEstimated = tokens.value(u"estimated").toBool();
    return run;
}

} // namespace mpa
