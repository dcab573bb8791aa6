#pragma once
// The brain of an LLM task run (TaskRunner): a model called with tools. Each turn the model
// sees the task, the last agent/historySteps steps verbatim (older ones summarised), notes
// (errors, the user's answers, loop warnings) and the page (Observation), and answers with one
// tool call (or, for a model without tools, one JSON action in a fenced block) — one command
// for the job, `done`, or `ask_user`. Bad output (not JSON, an unknown tool, wrong params, a
// stale ref) goes back to the model; three in a row fail the run. Loops (LoopDetector) are told
// to the model once, then end the run as stuck; every agent/reflectEvery steps the run's
// progress is reviewed from its steps (StepReview; the model rates it too with
// agent/reflectWithModel), and two low ratings in a row end it. A run with a result schema finishes only
// with `done` data that matches it: a mismatch goes back with the validation error, twice at most.

#include "LlmClient.h"
#include "LoopDetector.h"
#include "RunRecord.h"
#include "StepReview.h"
#include "common/Stopwatch.h"
#include "jobs/JobBrain.h"
#include "jobs/JobSecrets.h"
#include "safety/Redactor.h"
#include "safety/SecurityGate.h"

#include <QHash>
#include <QJsonArray>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <optional>

namespace mpa {

class Clock;

struct RunLimits
{
    int maxSteps = 40;
    int reflectEvery = 5; // 0: never
    // The review is computed from the steps (StepReview); with this the model rates its progress
    // too, given the same figures, and its rating counts (agent/reflectWithModel).
    bool reflectWithModel = false;
    // agent/showActions: each element the run acts on is outlined this long first (0: not).
    int showActionMs = 0;
    int snapshotChars = 12000;
    int historySteps = 20;
    SecurityGate::Floor floor = SecurityGate::Floor::PaymentAndCredentials;
    bool allowEval = false;
    bool stream = true;
    // What the page shows goes to the model masked, as the bridge masks what goes to a chat
    // (the same settings: bridge/redact, bridge/redactRules).
    bool redact = true;
    QList<RedactionRule> redactionRules;
    // The secrets the task names (<secret:name>), typed only at the action; the model is told
    // their names and sites, never their values, and every text to it has them turned back.
    JobSecrets secrets;
    // agent/vision: a screenshot with set-of-marks with each look (and click_xy / type_xy). Auto:
    // until the model refuses an image (the step is then asked again without it). A run whose task
    // names secrets sends none: a value typed into a field would show in it.
    enum class Vision { Auto, On, Off };
    Vision vision = Vision::Off;
};

class LlmBrain : public QObject, public JobBrain
{
    Q_OBJECT
public:
    static constexpr int kMaxBadOutputs = 3;
    static constexpr int kLowRatingsToStop = 2;
    // A run with a result schema: how many times a `done` whose data does not match it is sent
    // back (with the validation error) before the run fails.
    static constexpr int kDataRetries = 2;

    // What the model's answer that chose a step cost.
    struct Cost
    {
        qint64 modelMs = 0;
        int promptTokens = 0;
        int completionTokens = 0;
    };

    // `run`: the record the brain reads (the task, the steps) and keeps its totals in.
    LlmBrain(AgentJob *job, RunRecord &run, LlmClient *llm, RunLimits limits, Clock *clock);
    ~LlmBrain() override;

    void begin() override;
    void observed(const AgentJob::Look &look, const QList<JobCommand> &ran) override;
    void commandDone(const JobCommand &command) override;
    void answered(const AgentJob::Question &question, bool approve, const QString &text) override;
    void halt() override;

    Cost costOf(const QString &key) const { return m_costs.value(key); }
    // The tools the model is offered (OpenAI `tools`), for tests and the benchmark.
    QJsonArray modelTools() const;
    // The last prompt sent to the model (system + user text).
    QString lastPrompt() const { return m_lastPrompt; }
    const Observation *lastObservation() const { return m_observed ? &m_observation : nullptr; }
    // The screenshot of the last look, when it went to the model with the prompt.
    const std::optional<ViewCapture> &lastView() const { return m_view; }
    // Whether the looks carry screenshots now (agent/vision, and the model takes images).
    bool seesPage() const;
    // `text` as it may leave for the model: masked (RunLimits::redact), percent-encoded
    // addresses read decoded first.
    QString masked(const QString &text) const;
    // The history as the model reads it: "3. click button “Next” → navigated to …".
    static QString stepLine(const RunStep &step);

Q_SIGNALS:
    void textDelta(const QString &text); // the model's text as it streams

private:
    struct Decision
    {
        QString tool;
        QJsonObject params;
        QString thought;
        QString error; // why the output could not be used
    };

    void decide();
    void onDecided(const LlmReply &reply, qint64 modelMs);
    Decision parse(const LlmReply &reply) const;
    void badOutput(const QString &error, const LlmReply &reply, qint64 modelMs, const Decision &decision);
    // A successful `done` of a run with a schema: whether its data fits; if not, sent back (or the
    // run failed after kDataRetries).
    bool dataFits(const Decision &decision, const LlmReply &reply, qint64 modelMs);
    // Ends the run when it has taken its last step; whether it did.
    bool failedAtStepLimit();
    // Tells the model why its answer was sent back and asks again (unless at the step limit).
    void askAgain(const QString &why);
    void reflect();
    void onReflected(const LlmReply &reply, const StepReview &review);
    // Keeps the reflection, tells the model, and ends the run after kLowRatingsToStop low ones.
    void reflected(const RunReflection &reflection, const QString &toldAs);
    // The review's own rating as the reflection (no model's rating asked, or none usable).
    void reflectedBy(const StepReview &review);
    void fail(const QString &reason);
    void countTokens(const LlmReply &reply);
    // The command of `decision`, numbered as the next step, its cost kept.
    JobCommand commandOf(const Decision &decision, const LlmReply &reply, qint64 modelMs);
    void note(const QString &text);
    void abortCall();

    QString systemPrompt() const;
    QString userPrompt() const;
    QString historyText() const;
    static bool tabIsGone(const QString &error);

    AgentJob *m_job;
    RunRecord &m_run;
    QPointer<LlmClient> m_llm;
    RunLimits m_limits;
    Redactor m_redactor;
    Clock *m_clock;
    QPointer<LlmCall> m_call;
    Stopwatch m_callTimer; // the model's time deciding
    Observation m_observation;
    std::optional<ViewCapture> m_view; // the last look's screenshot, sent with the next prompt
    bool m_observed = false;
    std::optional<LoopStep> m_pendingLoopStep; // the last action, waiting for the page after it
    LoopDetector m_loops;
    QStringList m_warnedPatterns;
    QStringList m_notes; // for the next prompt: errors, answers, warnings
    QJsonArray m_tabs; // the run's tabs as the toolkit lists them
    int m_badOutputs = 0;
    int m_badData = 0; // done answers whose data did not match the run's schema
    int m_lowRatings = 0;
    int m_stepsSinceReflection = 0;
    qsizetype m_reviewFrom = 0; // the first step the next review looks at
    int m_pageChanges = 0; // observations since the last review that differed from the one before
    QHash<QString, Cost> m_costs; // by command key
    QString m_lastPrompt;
};

} // namespace mpa
