#pragma once
// One LLM task run: an AgentJob (jobs/AgentJob.h: observe → decide → gate → act → record, the
// mask, the questions) whose brain is a model (LlmBrain), kept as a RunRecord — the runner's
// state: changed() after every change, so the owner writes it to disk at once. A resumed run
// starts by observing again; a step found running after the app stopped is reported to the
// model as unknown and never run again.

#include "LlmBrain.h"
#include "RunRecord.h"
#include "agent/LlmClient.h"
#include "jobs/AgentJob.h"
#include "jobs/ToolEnvironment.h"

#include <QJsonArray>
#include <QObject>
#include <QPointer>

namespace mpa {

class Clock;

// The browser as the run may use it: toolkit commands in the run's own name (its tabs only),
// the schemas of their params, the mask.
using BrowserTools = ToolEnvironment;

class TaskRunner : public AgentJob
{
    Q_OBJECT
public:
    static constexpr int kMaxBadOutputs = LlmBrain::kMaxBadOutputs;
    static constexpr int kLowRatingsToStop = LlmBrain::kLowRatingsToStop;

    TaskRunner(RunRecord run, LlmClient *llm, BrowserTools tools, const RunLimits &limits, Clock *clock,
               QObject *parent = nullptr);
    ~TaskRunner() override;

    const RunRecord &record() const { return m_run; }

    // Ends the run (cancelled): the model's request is aborted at once.
    void cancel(const QString &reason);
    // Ends a waiting run with status failed ("nobody answered"), for the `run` command.
    void giveUp(const QString &reason);

    // The tools the model is offered (OpenAI `tools`), for tests and the benchmark.
    QJsonArray modelTools() const { return m_brain.modelTools(); }
    // The last prompt sent to the model (system + user text), for tests and the benchmark.
    QString lastPrompt() const { return m_brain.lastPrompt(); }
    const Observation *lastObservation() const { return m_brain.lastObservation(); }
    // The screenshot of the last look (agent/vision), when there was one.
    const std::optional<ViewCapture> &lastView() const { return m_brain.lastView(); }

Q_SIGNALS:
    void stepAdded(const mpa::RunStep &step); // a step is over
    void textDelta(const QString &text); // the model's text as it streams

protected:
    JobBrain *brain() override { return &m_brain; }
    QString refusal(Refusal refusal) const override;
    void recordCommand(const JobCommand &command) override;
    void recordQuestion(const Question &question) override;
    void recordAnswer(const Question &question, bool approve, const QString &text) override;
    void recordPhase(Phase phase, const JobCommand *acting) override;
    void recordEnd(End end, const QString &reason) override;
    void recordTabs(const CommandExecutor::Tabs &tabs) override;
    void stamp(const QDateTime &now) override { m_run.updatedAt = now; }
    QString maskText(Phase phase, const JobCommand *acting) const override;
    QString gateQuestion(const JobCommand &command, const QString &reason) const override;

private:
    RunRecord m_run;
    RunLimits m_limits;
    LlmBrain m_brain;
};

} // namespace mpa
