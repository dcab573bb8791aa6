#include "BridgeSession.h"

#include "chat/ChatSurface.h"
#include "common/Clock.h"
#include "jobs/CommandExecutor.h"
#include "logging/LogCategories.h"
#include "page/Payload.h"

#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// "click e3": the tool and the ref it names.
QString whatOf(const QString &tool, const QJsonObject &params)
{
    const QString ref = params.value(u"ref").toString();
    return ref.isEmpty() ? tool : tool + u' ' + ref;
}

AgentJob::LookOptions lookOptions(const BridgeRecord &record, const BridgeOptions &options)
{
    AgentJob::LookOptions look;
    look.goal = record.goal;
    look.budget = options.snapshotChars;
    look.settle = options.networkSettle;
    return look;
}

} // namespace

ToolEnvironment BridgeSession::withVisionCheck(const ToolEnvironment &environment, BridgeSession *session)
{
    ToolEnvironment tools = environment;
    if (!tools.capture)
        return tools;
    // A page whose text the masking changes is not even captured (called once the session is
    // built: the look's page text was checked just before).
    tools.capture = [capture = environment.capture, session](const QString &tab, const QJsonArray &marks,
                                                             int maxSide, CommandReply reply) {
        if (const QStringList masked = session->m_brain.pageMasked(); !masked.isEmpty()) {
            return reply(CommandResult::failure(
                u"the page shows what the masking hides (%1)"_s.arg(masked.join(u", "_s)),
                ErrorKind::Refused));
        }
        capture(tab, marks, maxSide, std::move(reply));
    };
    return tools;
}

BridgeSession::BridgeSession(BridgeRecord record, BridgeEnvironment environment, const BridgeOptions &options,
                             Clock *clock, QObject *parent)
    : AgentJob(withVisionCheck(environment, this), clock, parent)
    , m_record(std::move(record))
    , m_brain(this, m_record, environment.chat, environment.toolNames, options, clock)
{
    if (environment.chat)
        environment.chat->setParent(this);
    AgentJob::LookOptions look = lookOptions(m_record, options);
    if (m_brain.vision() && environment.capture) {
        look.vision = true;
        // Read, not changed: a page whose text the masking would change gets no screenshot.
        look.maskPage = [this](const QString &text) { return m_brain.checkPage(text); };
    }
    setLookOptions(std::move(look));
    CommandExecutor::Policy policy;
    policy.mode
        = m_record.mode == u"autonomous"_s ? SecurityGate::Mode::Autonomous : SecurityGate::Mode::Careful;
    policy.maxTabs = options.maxTabs;
    policy.showActionMs = options.showActionMs;
    policy.closeOwnTabsOnly = true;
    policy.savedTool = environment.savedTool;
    policy.savedToolNames = environment.savedToolNames;
    executor()->setPolicy(policy);
    executor()->setTabs({ m_record.currentTab, m_record.openedTabs, m_record.releasedTabs });
}

BridgeSession::~BridgeSession()
{
    m_brain.halt();
}

void BridgeSession::stop(const QString &reason)
{
    finish(End::Stopped, reason.isEmpty() ? u"stopped by the user"_s : reason);
}

PayloadScript BridgeSession::watchScript()
{
    return { watchModule(), Payload::source(u"chat-watch.js"_s) };
}

QStringList BridgeSession::extraTools()
{
    return CommandExecutor::jobTools();
}

QString BridgeSession::newKeyword()
{
    static const char16_t *syllables[] = { u"ka",  u"ro", u"mi", u"te", u"zu", u"lo", u"va", u"ne",
                                           u"shi", u"po", u"da", u"fu", u"ri", u"go", u"be", u"yu" };
    QRandomGenerator *random = QRandomGenerator::system();
    QString word;
    for (int i = 0; i < 3; ++i)
        word += QString::fromUtf16(syllables[random->bounded(16)]);
    return word.toUpper() + u'-' + QString::number(random->bounded(1000, 10000));
}

QString BridgeSession::refusal(Refusal refusal) const
{
    switch (refusal) {
    case Refusal::Ended:
        return u"session %1 has ended"_s.arg(m_record.id);
    case Refusal::NotPaused:
        return u"session %1 is not paused"_s.arg(m_record.id);
    case Refusal::NotWaiting:
        break;
    }
    return u"session %1 is not waiting for an answer"_s.arg(m_record.id);
}

void BridgeSession::recordCommand(const JobCommand &command)
{
    BridgeCommand *kept = m_record.command(command.key);
    if (!kept) {
        BridgeCommand added;
        added.key = command.key;
        added.turn = m_record.turn;
        added.tool = command.tool;
        added.params = command.params;
        m_record.commands.append(added);
        kept = &m_record.commands.last();
    }
    kept->state = command.state;
    kept->element = command.element;
    kept->gate = command.gate;
    kept->decision = command.decision;
    if (!command.tab.isEmpty())
        kept->tab = command.tab;
    if (command.at.isValid())
        kept->at = command.at;
    kept->durationMs = command.durationMs;
    kept->result = command.state == JobCommand::State::Done ? command.summary : QString();
    kept->error = command.error;
    if (command.state == JobCommand::State::Done || command.state == JobCommand::State::Failed) {
        qCInfo(lcBridge).noquote() << u"bridge %1: %2 → %3"_s.arg(m_record.id, command.tool,
                                                                  command.ok() ? u"ok"_s : command.error);
    }
}

QList<JobCommand> BridgeSession::queuedCommands() const
{
    QList<JobCommand> queued;
    for (const BridgeCommand &command : m_record.commands) {
        if (command.state != BridgeCommand::State::Queued)
            continue;
        JobCommand job;
        job.key = command.key;
        job.tool = command.tool;
        job.params = command.params;
        job.at = command.at;
        queued.append(job);
    }
    return queued;
}

void BridgeSession::recordQuestion(const Question &question)
{
    m_record.question = { { u"command"_s, question.command.key },
                          { u"text"_s, question.text },
                          { u"category"_s, question.category } };
    if (BridgeCommand *command = m_record.command(question.command.key)) {
        command->element = question.command.element;
        command->gate = question.command.gate;
    }
}

void BridgeSession::recordAnswer(const Question &, bool, const QString &)
{
    m_record.question = {};
}

void BridgeSession::recordPhase(Phase phase, const JobCommand *acting)
{
    switch (phase) {
    case Phase::Checking:
    case Phase::Acting:
        if (acting) {
            m_record.status = BridgeStatus::Running;
            m_record.activity = acting->decision == u"approved"_s
                ? u"running %1 (approved)"_s.arg(whatOf(acting->tool, acting->params))
                : u"running %1"_s.arg(whatOf(acting->tool, acting->params));
        }
        break;
    case Phase::Waiting:
        m_record.status = BridgeStatus::WaitingUser;
        m_record.activity = m_record.question.value(u"text").toString();
        break;
    case Phase::Paused:
        m_record.status = BridgeStatus::Paused;
        m_record.activity = u"paused; resume to go on"_s;
        break;
    case Phase::Observing:
        if (m_record.turn == 0) {
            m_record.status = BridgeStatus::Starting;
            m_record.activity = u"reading the page"_s;
        } else {
            m_record.status = BridgeStatus::Sending;
            m_record.activity = u"reading the page after the command"_s;
        }
        break;
    case Phase::Idle:
    case Phase::Thinking:
    case Phase::Reflecting:
    case Phase::Finished:
        break; // the brain says what it does; the end is recordEnd()
    }
}

void BridgeSession::recordPauseRequested()
{
    m_record.activity += u" (pausing after this step)"_s;
}

void BridgeSession::recordEnd(End end, const QString &reason)
{
    for (BridgeCommand &command : m_record.commands) {
        if (command.state == BridgeCommand::State::Queued) {
            command.state = BridgeCommand::State::Refused;
            command.error = u"not run: the session ended"_s;
        }
    }
    m_record.question = {};
    m_record.reason = reason;
    switch (end) {
    case End::Done:
        m_record.status = BridgeStatus::Done;
        break;
    case End::Failed:
        m_record.status = BridgeStatus::Failed;
        break;
    case End::Stopped:
        m_record.status = BridgeStatus::Stopped;
        break;
    }
    m_record.activity = reason;
    qCInfo(lcBridge).noquote() << u"bridge session %1 %2: %3"_s.arg(
        m_record.id, bridgeStatusName(m_record.status), reason);
}

void BridgeSession::recordTabs(const CommandExecutor::Tabs &tabs)
{
    m_record.currentTab = tabs.current;
    m_record.openedTabs = tabs.opened;
    m_record.releasedTabs = tabs.released;
}

QString BridgeSession::maskText(Phase phase, const JobCommand *acting) const
{
    if ((phase != Phase::Checking && phase != Phase::Acting) || !acting)
        return {};
    return u"The bridge is working here: %1"_s.arg(whatOf(acting->tool, acting->params));
}

QString BridgeSession::gateQuestion(const JobCommand &command, const QString &reason) const
{
    return u"The chat wants to %1 %2. %3. Allow it?"_s.arg(command.tool, command.element, reason);
}

} // namespace mpa
