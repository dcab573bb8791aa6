#pragma once
// One LLM task run: observe the page → ask the model for one action → pass it through the
// security gate → act through the browser toolkit → record the step, and again, until the model
// says done, asks the user, gets stuck, or the steps run out.
//
// The model sees the task, the last agent/historySteps steps verbatim (older ones summarised),
// notes (errors, the user's answers, loop warnings) and the page (Observation) each turn, and
// answers with one tool call (or, for a model without tools, one JSON action in a fenced block).
// Bad output (not JSON, an unknown tool, wrong params, a stale ref) goes back to the model; three
// in a row fail the run. Loops (LoopDetector) are told to the model once, then end the run as
// stuck; every agent/reflectEvery steps the model rates its progress, and two low ratings in a
// row end it. The record (RunRecord) is the runner's state: changed() after every change, so
// the owner can write it to disk at once; a resumed run starts by observing again.

#include "Observation.h"
#include "RunRecord.h"
#include "agent/LlmClient.h"
#include "agent/LoopDetector.h"
#include "common/CommandResult.h"
#include "common/Stopwatch.h"
#include "safety/Redactor.h"
#include "safety/SecurityGate.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>

namespace mpa {

class Clock;

// The browser as the run may use it: toolkit commands in the run's own name (its tabs only).
struct BrowserTools
{
    using Reply = CommandReply;
    std::function<void(const QString &type, const QJsonObject &params, Reply reply)> run;
    // The JSON Schema of a toolkit type's params ({} when unknown).
    std::function<QJsonObject(const QString &type)> schema;
    // Shows the run's mask in `tab` with `text` (on), or takes it away (off). Optional.
    std::function<void(bool on, const QString &text, const QString &tab)> mask;
};

struct RunLimits
{
    int maxSteps = 40;
    int reflectEvery = 5; // 0: never
    int snapshotChars = 12000;
    int historySteps = 20;
    SecurityGate::Floor floor = SecurityGate::Floor::PaymentAndCredentials;
    bool allowEval = false;
    bool stream = true;
    // What the page shows goes to the model masked, as the bridge masks what goes to a chat
    // (the same settings: bridge/redact, bridge/redactRules).
    bool redact = true;
    QList<RedactionRule> redactionRules;
};

class TaskRunner : public QObject
{
    Q_OBJECT
public:
    enum class Phase { Idle, Observing, Thinking, Checking, Acting, Reflecting, Waiting, Finished };
    Q_ENUM(Phase)

    static constexpr int kMaxBadOutputs = 3;
    static constexpr int kLowRatingsToStop = 2;

    TaskRunner(RunRecord run, LlmClient *llm, BrowserTools tools, RunLimits limits, Clock *clock,
               QObject *parent = nullptr);
    ~TaskRunner() override;

    const RunRecord &record() const { return m_run; }
    Phase phase() const { return m_phase; }
    static QString phaseName(Phase phase);

    // Starts a new run or goes on with a resumed one (it observes first).
    void start();
    // The answer to the pending question: approve (the gate) / a typed answer (ask_user).
    // Whether it was taken; refused, `error` says why.
    bool answer(bool approve, const QString &text, QString *error = nullptr);
    // Ends the run: the model's request is aborted at once.
    void cancel(const QString &reason);
    // Ends a waiting run with status failed ("nobody answered"), for the `run` command.
    void giveUp(const QString &reason);

    // The tools the model is offered (OpenAI `tools`), for tests and the benchmark.
    QJsonArray modelTools() const;
    // The last prompt sent to the model (system + user text), for tests and the benchmark.
    QString lastPrompt() const { return m_lastPrompt; }
    const Observation *lastObservation() const { return m_observed ? &m_observation : nullptr; }

Q_SIGNALS:
    void changed(); // the record changed: save it
    void stepAdded(const mpa::RunStep &step);
    void textDelta(const QString &text); // the model's text as it streams
    void questionAsked(const mpa::RunQuestion &question);
    void phaseChanged(mpa::TaskRunner::Phase phase);
    void finished();

private:
    struct Decision
    {
        QString tool;
        QJsonObject params;
        QString thought;
        QString error; // why the output could not be used
    };

    void setPhase(Phase phase);
    void updateMask();
    void touch();
    void observe();
    void onObserved(const QJsonObject &snapshot, const QJsonArray &tabs);
    void decide();
    void onDecided(const LlmReply &reply, qint64 modelMs);
    Decision parse(const LlmReply &reply) const;
    void badOutput(const QString &error, const LlmReply &reply, qint64 modelMs, const Decision &decision);
    void check(const Decision &decision);
    void act(const Decision &decision, const QString &element, const QString &gate,
             const QString &decisionText);
    void afterAction(RunStep step, const CommandResult &result);
    void ask(RunQuestion question);
    void reflect();
    void onReflected(const LlmReply &reply);
    void finish(RunStatus status, const QString &reason, std::optional<bool> success = {},
                const QString &text = {});
    void fail(const QString &reason) { finish(RunStatus::Failed, reason); }
    void countTokens(const LlmReply &reply); // the run's totals, as each answer comes
    // A step of `decision`, with the time and tokens of the answer that chose it.
    RunStep newStep(const Decision &decision, const LlmReply &reply, qint64 modelMs) const;
    // The same for the decision that waited for the gate (its answer kept until now).
    RunStep pendingStep(const Decision &decision);
    void note(const QString &text);

    QString systemPrompt() const;
    QString userPrompt() const;
    QString historyText() const;
    // `text` as it may leave for the model: masked (RunLimits::redact), percent-encoded
    // addresses read decoded first.
    QString masked(const QString &text) const;
    static QString stepLine(const RunStep &step);
    static bool isElementTool(const QString &tool);
    static bool tabIsGone(const QString &error);
    GateAction gateAction(const Decision &decision, const QJsonObject &facts) const;

    RunRecord m_run;
    QPointer<LlmClient> m_llm;
    BrowserTools m_tools;
    RunLimits m_limits;
    Redactor m_redactor;
    Clock *m_clock;
    Phase m_phase = Phase::Idle;
    QPointer<LlmCall> m_call;
    Stopwatch m_callTimer; // the model's time deciding, on the Clock
    Observation m_observation;
    bool m_observed = false;
    bool m_firstObservation = true;
    QString m_previousDigest;
    std::optional<LoopStep> m_pendingLoopStep; // the last action, waiting for the page after it
    LoopDetector m_loops;
    QStringList m_warnedPatterns;
    QStringList m_notes; // for the next prompt: errors, answers, warnings
    QJsonArray m_tabs; // the run's tabs as the toolkit lists them
    int m_badOutputs = 0;
    int m_lowRatings = 0;
    int m_stepsSinceReflection = 0;
    std::optional<Decision> m_held; // the action waiting for the user's approval
    QString m_heldElement;
    LlmReply m_pendingTokens; // the decision's usage, until its step is recorded
    qint64 m_pendingModelMs = 0;
    QString m_lastPrompt;
    quint64 m_generation = 0; // callbacks from before a cancel are dropped
    QString m_acting; // what the current action does, for the mask
};

} // namespace mpa
