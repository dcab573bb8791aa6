#pragma once
// One LLM task run as it is kept on disk (<config-dir>/runs/<id>.json) and shown by the API and
// the Tasks page: the task, how it runs, every step with its thought, action, element, result and
// effect, the reflections, the questions put to the user and their answers, and the totals.
// Never the API key.

#include "jobs/JobCommand.h"

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace mpa {

enum class RunStatus { Running, WaitingUser, Done, Failed, Cancelled, Interrupted };
enum class RunMode { Careful, Autonomous };

QString runStatusName(RunStatus status); // "running", "waiting_user", …
std::optional<RunStatus> runStatusFromName(QStringView name);
QString runModeName(RunMode mode); // "careful", "autonomous"
std::optional<RunMode> runModeFromName(QStringView name);

struct RunStep
{
    int number = 0; // 1-based; the model's steps only
    QDateTime at;
    QString thought; // what the model said it was doing
    QString tool; // click, fill, … done, ask_user
    QJsonObject params;
    QString element; // the element acted on as the page named it: button "Next"
    bool ok = true;
    QString result; // a short sentence: what happened, or the error
    QJsonObject effect; // navigated, url, newTab, dialog, …
    qint64 durationMs = 0; // the action's own time
    qint64 modelMs = 0; // the model's time deciding it
    int promptTokens = 0;
    int completionTokens = 0;
    QString gate; // the risk the gate saw ("payment"), empty when none
    QString decision; // approved, denied (by the user); empty when nobody was asked
    // Running while its action runs (saved before it starts); unknown when the app stopped
    // meanwhile — never run again. Written only then.
    JobCommand::State state = JobCommand::State::Done;

    QJsonObject toJson() const;
    static RunStep fromJson(const QJsonObject &json);
};

struct RunReflection
{
    int afterStep = 0;
    QString rating; // on_track, slow, stuck
    QString reason;
    QJsonObject metrics; // StepReview::metrics(), written when there are any

    QJsonObject toJson() const;
    static RunReflection fromJson(const QJsonObject &json);
};

struct RunQuestion
{
    int afterStep = 0;
    QString kind; // ask_user (the model asks) or gate (a risky action waits for approval)
    QString question;
    QString category; // gate: payment, credentials, …
    QJsonObject action; // gate: {tool, params, element}
    QDateTime askedAt;
    bool answered = false;
    bool approved = false;
    QString answer;
    QDateTime answeredAt;

    QJsonObject toJson() const;
    static RunQuestion fromJson(const QJsonObject &json);
};

struct RunRecord
{
    QString id;
    QString task;
    RunMode mode = RunMode::Careful;
    QString provider;
    QString model;
    QString tab; // the tab it started on (target id), empty when it opened its own
    QString url; // the address it started at, when given
    QString currentTab; // the tab it acts on now (a resumed run goes on there)
    QStringList startSites; // the sites the task started on (leaving them is a risk)
    int maxSteps = 40;
    QString startedBy; // ui, debug-api, mcp (the agent's name), run (the command line)
    // The agent that started it ("channel/connection"), the only one besides the user that may see
    // or steer it; empty for the user's own runs (window, ctl, debug API, command line).
    QString owner;

    RunStatus status = RunStatus::Running;
    QString reason; // why it failed, was cancelled or stopped waiting
    bool hasResult = false;
    bool success = false;
    QString resultText;
    // A structured result: the JSON Schema the final `done` must carry data for (startRun
    // {schema}, run --schema; empty: none), and the data it carried, valid against it
    // (undefined until then). getRun shows the data as result.data.
    QJsonObject schema;
    QJsonValue resultData { QJsonValue::Undefined };

    QDateTime createdAt;
    QDateTime updatedAt;
    QDateTime finishedAt;

    QList<RunStep> steps;
    QList<RunReflection> reflections;
    QList<RunQuestion> questions;

    int promptTokens = 0;
    int completionTokens = 0;
    bool tokensEstimated = false;

    bool isFinished() const;
    // Running or waiting for the user: it would go on if its process lived.
    bool isUnderWay() const { return status == RunStatus::Running || status == RunStatus::WaitingUser; }
    // Its process is gone: interrupted with `why`, a step that was running unknown.
    void interrupt(const QString &why, const QDateTime &now);
    // The question still waiting for an answer, if any.
    const RunQuestion *pendingQuestion() const;

    // Everything (the file, getRun).
    QJsonObject toJson() const;
    // {success, text, data?}: the result as getRun shows it (with the data) or the history does.
    QJsonObject resultJson(bool withData) const;
    // One line of the history (listRuns): task, model, status, steps, tokens, times.
    QJsonObject summaryJson() const;
    // False with `error` set for a file that is not a run.
    static std::optional<RunRecord> fromJson(const QJsonObject &json, QString *error = nullptr);
};

} // namespace mpa
