#include "TaskRunner.h"

#include "common/Clock.h"
#include "logging/LogCategories.h"

using namespace Qt::StringLiterals;

namespace mpa {

TaskRunner::TaskRunner(RunRecord run, LlmClient *llm, BrowserTools tools, const RunLimits &limits,
                       Clock *clock, QObject *parent)
    : AgentJob(std::move(tools), clock, parent)
    , m_run(std::move(run))
    , m_limits(limits)
    , m_brain(this, m_run, llm, limits, clock)
{
    connect(&m_brain, &LlmBrain::textDelta, this, &TaskRunner::textDelta);
    LookOptions look;
    look.goal = m_run.task;
    look.budget = m_limits.snapshotChars;
    look.snapshot
        = { { u"maxChars"_s, std::max(40000, m_limits.snapshotChars * 4) }, { u"maxElements"_s, 5000 } };
    look.tabAlways = false; // after the first look the toolkit's current tab is the run's
    look.listTabs = true;
    // Masked before the budget cuts lines away, so what the model sees never holds a value the
    // cut kept from the redactor.
    look.maskPage = [this](const QString &text) { return m_brain.masked(text); };
    // agent/vision: not for a model known to refuse images, nor for a task with secrets (a value
    // typed into a plain field would be in the picture).
    look.vision = m_limits.vision != RunLimits::Vision::Off && m_limits.secrets.isEmpty() && llm
        && llm->takesImages();
    if (llm)
        llm->setImageFallback(m_limits.vision == RunLimits::Vision::Auto);
    setLookOptions(look);
    CommandExecutor::Policy policy;
    policy.mode
        = m_run.mode == RunMode::Careful ? SecurityGate::Mode::Careful : SecurityGate::Mode::Autonomous;
    policy.floor = m_limits.floor;
    policy.startSites = m_run.startSites;
    policy.secrets = m_limits.secrets;
    policy.showActionMs = m_limits.showActionMs;
    executor()->setPolicy(policy);
    CommandExecutor::Tabs tabs;
    tabs.current = m_run.currentTab.isEmpty() ? m_run.tab : m_run.currentTab;
    executor()->setTabs(tabs);
}

TaskRunner::~TaskRunner()
{
    m_brain.halt();
}

void TaskRunner::cancel(const QString &reason)
{
    finish(End::Stopped, reason.isEmpty() ? u"stopped by the user"_s : reason);
}

void TaskRunner::giveUp(const QString &reason)
{
    finish(End::Failed, reason);
}

QString TaskRunner::refusal(Refusal refusal) const
{
    switch (refusal) {
    case Refusal::Ended:
        return u"run %1 has ended"_s.arg(m_run.id);
    case Refusal::NotPaused:
        return u"run %1 is not paused"_s.arg(m_run.id);
    case Refusal::NotWaiting:
        break;
    }
    return u"run %1 is not waiting for an answer (it is %2)"_s.arg(m_run.id, runStatusName(m_run.status));
}

void TaskRunner::recordCommand(const JobCommand &command)
{
    const int number = command.key.toInt();
    RunStep *step = nullptr;
    for (auto it = m_run.steps.rbegin(); it != m_run.steps.rend(); ++it) {
        if (it->number == number) {
            step = &*it;
            break;
        }
    }
    if (!step) {
        // A step shows in the record once it runs or is over (as before the jobs framework): one
        // held by the gate is the question's action until the user answers.
        if (command.state == JobCommand::State::Queued)
            return;
        m_run.steps.append(RunStep());
        step = &m_run.steps.last();
        step->number = number;
    }
    step->at = command.at.isValid() ? command.at : clock()->now();
    step->thought = command.thought;
    step->tool = command.tool;
    step->params = command.params;
    step->element = command.element;
    step->gate = command.gate;
    step->decision = command.decision;
    step->state = command.state;
    step->ok = command.ok();
    if (command.state == JobCommand::State::Done)
        step->result = command.summary.isEmpty() ? u"done"_s : command.summary;
    else
        step->result = command.error;
    step->effect = command.effect;
    step->durationMs = command.durationMs;
    const LlmBrain::Cost cost = m_brain.costOf(command.key);
    step->modelMs = cost.modelMs;
    step->promptTokens = cost.promptTokens;
    step->completionTokens = cost.completionTokens;
    if (command.isFinished())
        Q_EMIT stepAdded(*step);
}

void TaskRunner::recordQuestion(const Question &question)
{
    RunQuestion q;
    q.afterStep = int(m_run.steps.size());
    q.askedAt = question.askedAt;
    q.question = question.text;
    if (question.kind == Question::Kind::Gate) {
        q.kind = u"gate"_s;
        q.category = question.category;
        q.action = { { u"tool"_s, question.command.tool },
                     { u"params"_s, question.command.params },
                     { u"element"_s, question.command.element },
                     { u"thought"_s, question.command.thought } };
    } else {
        q.kind = u"ask_user"_s;
    }
    m_run.questions.append(q);
    m_run.status = RunStatus::WaitingUser;
}

void TaskRunner::recordAnswer(const Question &, bool approve, const QString &text)
{
    if (!m_run.questions.isEmpty()) {
        RunQuestion &q = m_run.questions.last();
        q.answered = true;
        q.approved = approve;
        q.answer = text;
        q.answeredAt = clock()->now();
    }
    m_run.status = RunStatus::Running;
}

void TaskRunner::recordPhase(Phase, const JobCommand *) { }

void TaskRunner::recordTabs(const CommandExecutor::Tabs &tabs)
{
    m_run.currentTab = tabs.current;
}

void TaskRunner::recordEnd(End end, const QString &reason)
{
    if (!m_run.questions.isEmpty() && !m_run.questions.last().answered) {
        RunQuestion &q = m_run.questions.last();
        q.answered = true;
        q.answer = u"(not answered: the run ended)"_s;
        q.answeredAt = clock()->now();
    }
    switch (end) {
    case End::Done:
        m_run.status = RunStatus::Done;
        break;
    case End::Failed:
        m_run.status = RunStatus::Failed;
        break;
    case End::Stopped:
        m_run.status = RunStatus::Cancelled;
        break;
    }
    m_run.reason = reason;
    m_run.finishedAt = clock()->now();
    qCInfo(lcAgent).noquote() << u"run %1 %2%3"_s.arg(m_run.id, runStatusName(m_run.status),
                                                      reason.isEmpty() ? QString() : u": "_s + reason);
}

QString TaskRunner::maskText(Phase phase, const JobCommand *acting) const
{
    const int step = acting && acting->key.toInt() > 0 ? acting->key.toInt() : int(m_run.steps.size()) + 1;
    QString text;
    switch (phase) {
    case Phase::Observing:
        text = tr("Step %1: reading the page").arg(step);
        break;
    case Phase::Thinking:
    case Phase::Checking:
        text = tr("Step %1: deciding what to do").arg(step);
        break;
    case Phase::Acting:
        if (!acting)
            text = tr("Step %1: opening the start page").arg(step);
        else
            text = tr("Step %1: %2")
                       .arg(step)
                       .arg(acting->element.isEmpty() ? acting->tool : acting->tool + u' ' + acting->element);
        break;
    case Phase::Reflecting:
        text = tr("Reviewing progress");
        break;
    case Phase::Idle:
    case Phase::Waiting:
    case Phase::Paused:
    case Phase::Finished:
        return {};
    }
    return tr("AI agent — %1").arg(text);
}

QString TaskRunner::gateQuestion(const JobCommand &, const QString &reason) const
{
    return u"Allow this step? %1"_s.arg(reason);
}

} // namespace mpa
