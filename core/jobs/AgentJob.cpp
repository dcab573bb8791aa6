#include "AgentJob.h"

#include "JobBrain.h"
#include "common/Clock.h"
#include "common/EnumNames.h"
#include "common/Refuse.h"
#include "common/Stopwatch.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

constexpr EnumName<AgentJob::Phase> kPhaseNames[] {
    { AgentJob::Phase::Idle, u"idle" },         { AgentJob::Phase::Observing, u"observing" },
    { AgentJob::Phase::Thinking, u"thinking" }, { AgentJob::Phase::Checking, u"checking" },
    { AgentJob::Phase::Acting, u"acting" },     { AgentJob::Phase::Reflecting, u"reflecting" },
    { AgentJob::Phase::Waiting, u"waiting" },   { AgentJob::Phase::Paused, u"paused" },
    { AgentJob::Phase::Finished, u"finished" },
};

constexpr int kRequestsShown = 5;

} // namespace

AgentJob::AgentJob(ToolEnvironment tools, Clock *clock, QObject *parent)
    : QObject(parent)
    , m_tools(tools)
    , m_clock(clock)
    , m_executor(new CommandExecutor(std::move(tools), clock, this))
{
    connect(m_executor, &CommandExecutor::tabsChanged, this, &AgentJob::onTabsChanged);
}

AgentJob::~AgentJob()
{
    ++m_generation;
    m_executor->cancel();
    if (m_maskShown && m_tools.mask)
        m_tools.mask(false, {}, m_maskTab);
}

QString AgentJob::phaseName(Phase phase)
{
    return enumName(kPhaseNames, phase);
}

void AgentJob::touch()
{
    stamp(m_clock ? m_clock->now() : QDateTime::currentDateTime());
    Q_EMIT changed();
}

void AgentJob::setPhase(Phase phase)
{
    const bool moved = m_phase != phase;
    m_phase = phase;
    if (phase != Phase::Checking && phase != Phase::Acting && phase != Phase::Waiting)
        m_acting.reset();
    recordPhase(phase, m_acting ? &*m_acting : nullptr);
    updateMask();
    if (moved)
        Q_EMIT phaseChanged(phase);
}

void AgentJob::updateMask()
{
    if (!m_tools.mask)
        return;
    const bool running = m_running && !m_over;
    const QString text
        = running ? maskText(Phase::Acting, &*m_running) : maskText(m_phase, m_acting ? &*m_acting : nullptr);
    const QString tab = currentTab();
    if (text.isEmpty() || tab.isEmpty()) {
        if (m_maskShown)
            m_tools.mask(false, {}, m_maskTab);
        m_maskShown = false;
        return;
    }
    m_tools.mask(true, text, tab);
    m_maskShown = true;
    m_maskTab = tab;
}

void AgentJob::onTabsChanged()
{
    recordTabs(m_executor->tabs());
    // The requests of a batch are read on the tab it ended in.
    if (currentTab() != m_batchTab) {
        m_batchTab = currentTab();
        m_batchMark = m_tools.markNetwork(m_batchTab);
    }
    updateMask();
}

void AgentJob::call(const QString &type, const QJsonObject &params, CommandReply reply)
{
    m_executor->call(type, params, std::move(reply));
}

// ---- the user's side ------------------------------------------------------------------------

void AgentJob::start()
{
    if (m_over)
        return;
    ++m_generation;
    m_pauseRequested = false;
    brain()->begin();
}

bool AgentJob::pause(QString *error)
{
    if (m_over)
        return refuse(error, refusal(Refusal::Ended));
    if (m_phase == Phase::Paused)
        return true;
    m_pauseRequested = true;
    if (brain()->pausesAtOnce()) {
        holdForPause();
    } else {
        recordPauseRequested();
        touch();
    }
    return true;
}

bool AgentJob::holdForPause()
{
    if (!m_pauseRequested || m_over)
        return false;
    ++m_generation;
    m_executor->cancel();
    m_running.reset();
    brain()->halt();
    setPhase(Phase::Paused);
    touch();
    return true;
}

bool AgentJob::resume(QString *error)
{
    if (m_phase != Phase::Paused) {
        if (m_pauseRequested && !m_over) {
            m_pauseRequested = false;
            return true;
        }
        return refuse(error, refusal(Refusal::NotPaused));
    }
    start();
    return true;
}

bool AgentJob::answer(bool approve, const QString &text, QString *error)
{
    if (m_over || m_phase != Phase::Waiting || !m_question)
        return refuse(error, refusal(Refusal::NotWaiting));
    const Question question = *std::exchange(m_question, std::nullopt);
    recordAnswer(question, approve, text);
    touch();
    if (question.kind == Question::Kind::Brain) {
        brain()->answered(question, approve, text);
        return true;
    }
    JobCommand command = question.command;
    command.decision = approve ? u"approved"_s : u"denied"_s;
    if (approve) {
        perform(command);
        return true;
    }
    command.state = JobCommand::State::Refused;
    command.error = text.isEmpty() ? u"the user denied it"_s : u"the user denied it: "_s + text;
    commandOver(command);
    return true;
}

void AgentJob::finish(End end, const QString &reason)
{
    if (m_over)
        return;
    m_over = true;
    ++m_generation;
    m_executor->cancel();
    m_running.reset();
    brain()->halt();
    m_queue.clear();
    m_question.reset();
    m_finishAfter.reset();
    recordEnd(end, reason);
    setPhase(Phase::Finished);
    touch();
    Q_EMIT finished();
}

// ---- the brain's side -----------------------------------------------------------------------

void AgentJob::record(const JobCommand &command)
{
    recordCommand(command);
    touch();
}

void AgentJob::ask(const QString &text)
{
    Question question;
    question.kind = Question::Kind::Brain;
    question.text = text;
    askUser(question);
}

void AgentJob::askUser(Question question)
{
    question.askedAt = m_clock ? m_clock->now() : QDateTime::currentDateTime();
    m_question = question;
    recordQuestion(question);
    setPhase(Phase::Waiting);
    touch();
    Q_EMIT questionAsked(question.text);
}

void AgentJob::run(const QList<JobCommand> &commands)
{
    if (m_over)
        return;
    m_batchTab = currentTab();
    m_batchMark = m_tools.markNetwork(m_batchTab);
    m_settleNext = true;
    for (const JobCommand &command : commands) {
        recordCommand(command);
        if (command.state == JobCommand::State::Queued)
            m_queue.append(command);
        else
            m_ran.append(command);
    }
    touch();
    executeNext();
}

void AgentJob::runQueued()
{
    if (m_over)
        return;
    m_queue = queuedCommands();
    m_batchTab = currentTab();
    m_batchMark = m_tools.markNetwork(m_batchTab);
    m_settleNext = true;
    executeNext();
}

void AgentJob::executeNext()
{
    if (m_over)
        return;
    if (m_queue.isEmpty()) {
        if (m_finishAfter) {
            const auto [end, reason] = *std::exchange(m_finishAfter, std::nullopt);
            return finish(end, reason);
        }
        return observe();
    }
    if (holdForPause())
        return;
    m_acting = m_queue.constFirst();
    setPhase(Phase::Checking);
    const quint64 generation = m_generation;
    m_executor->check(m_queue.constFirst(), [this, generation](const CommandExecutor::Check &check) {
        if (generation != m_generation || m_over)
            return;
        switch (check.outcome) {
        case CommandExecutor::Check::Outcome::Over:
            return commandOver(check.command);
        case CommandExecutor::Check::Outcome::Ask: {
            m_acting = check.command;
            Question question;
            question.kind = Question::Kind::Gate;
            question.category = check.command.gate;
            question.command = check.command;
            question.text = gateQuestion(check.command, check.reason);
            return askUser(question);
        }
        case CommandExecutor::Check::Outcome::Run:
            return perform(check.command);
        }
    });
}

void AgentJob::perform(JobCommand command)
{
    // Saved before it runs: if the app dies now, it is unknown, never run again.
    command.state = JobCommand::State::Running;
    command.at = m_clock ? m_clock->now() : QDateTime::currentDateTime();
    command.tab = currentTab();
    m_acting = command;
    m_running = command;
    setPhase(Phase::Acting);
    recordCommand(command);
    touch();
    const quint64 generation = m_generation;
    m_executor->perform(command, [this, generation](const JobCommand &done) {
        if (generation != m_generation || m_over)
            return;
        commandOver(done);
    });
}

void AgentJob::commandOver(const JobCommand &command)
{
    if (!m_queue.isEmpty() && m_queue.constFirst().key == command.key)
        m_queue.removeFirst();
    m_ran.append(command);
    m_acting.reset();
    m_running.reset();
    recordCommand(command);
    touch();
    brain()->commandDone(command);
    executeNext();
}

void AgentJob::observe()
{
    if (m_over || holdForPause())
        return;
    setPhase(Phase::Observing);
    const QString tab = currentTab();
    if (!std::exchange(m_settleNext, false) || m_look.settle.count() <= 0)
        return look(tab);
    const quint64 generation = m_generation;
    m_tools.settle(m_batchTab, m_batchMark, m_look.settle, m_clock, this, [this, generation] {
        if (generation == m_generation && !m_over)
            look(currentTab());
    });
}

void AgentJob::look(const QString &tab)
{
    QJsonObject params = m_look.snapshot;
    params.insert(u"viewport"_s, true);
    if (!tab.isEmpty() && (m_look.tabAlways || m_firstLook))
        params.insert(u"tab"_s, tab);
    // The page and the job's tabs are read at the same time.
    struct Pending
    {
        std::optional<CommandResult> snapshot;
        std::optional<QJsonArray> tabs;
    };
    auto pending = std::make_shared<Pending>();
    if (!m_look.listTabs)
        pending->tabs = QJsonArray();
    const auto both = [this, pending, tab] {
        if (!pending->snapshot || !pending->tabs)
            return;
        Look look;
        look.ok = pending->snapshot->ok;
        look.error = pending->snapshot->error;
        look.tabs = *pending->tabs;
        if (look.ok) {
            QJsonObject page = pending->snapshot->data.toObject();
            if (m_look.maskPage)
                page.insert(u"snapshot"_s, m_look.maskPage(page.value(u"snapshot").toString()));
            look.page = Observation::compose(page, m_look.goal, m_look.budget);
            if (m_look.vision && m_tools.capture)
                return view(std::move(look), tab, page);
        }
        onLook(std::move(look));
    };
    call(u"snapshot"_s, params, [pending, both](const CommandResult &snapshot) {
        pending->snapshot = snapshot;
        both();
    });
    if (m_look.listTabs) {
        call(u"tab"_s, { { u"action"_s, u"list"_s } }, [pending, both](const CommandResult &tabs) {
            pending->tabs = tabs.data.toObject().value(u"tabs").toArray();
            both();
        });
    }
}

void AgentJob::view(Look look, const QString &tab, const QJsonObject &page)
{
    // The tab the snapshot was of: named, as the snapshot says, or the toolkit's current one.
    QString where = tab.isEmpty() ? page.value(u"tab").toString() : tab;
    for (const QJsonValue &listed : std::as_const(look.tabs)) {
        const QJsonObject entry = listed.toObject();
        if (where.isEmpty() && entry.value(u"current").toBool() && entry.value(u"yours").toBool(true))
            where = entry.value(u"tab").toString();
    }
    if (where.isEmpty())
        where = currentTab().isEmpty() ? m_tools.toolkitTab() : currentTab();
    if (where.isEmpty()) {
        look.viewError = u"no tab to take a screenshot of"_s;
        return onLook(std::move(look));
    }
    // The refs the brain is shown, where they are in the view (the snapshot's boxes).
    QJsonArray marks;
    const QJsonObject boxes = page.value(u"boxes").toObject();
    for (auto it = boxes.constBegin(); it != boxes.constEnd(); ++it) {
        const QJsonArray box = it.value().toArray();
        if (box.size() != 4 || !look.page.refs.contains(it.key()))
            continue;
        marks.append(QJsonObject { { u"ref"_s, it.key() },
                                   { u"x"_s, box.at(0) },
                                   { u"y"_s, box.at(1) },
                                   { u"width"_s, box.at(2) },
                                   { u"height"_s, box.at(3) } });
    }
    const quint64 generation = m_generation;
    const QPointer<AgentJob> self(this);
    Stopwatch started(m_clock); // our own work: marks, capture, JPEG
    started.start();
    m_tools.capture(where, marks, m_look.visionMaxSide,
                    [self, generation, started, look = std::move(look)](const CommandResult &result) mutable {
                        if (!self || generation != self->m_generation || self->m_over)
                            return;
                        if (result.ok) {
                            QString error;
                            look.view = ViewCapture::fromReply(result.data.toObject(), &error);
                            if (look.view)
                                look.view->ms = started.elapsed();
                            else
                                look.viewError = error;
                        } else {
                            look.viewError = result.error;
                        }
                        self->onLook(std::move(look));
                    });
}

void AgentJob::onLook(Look look)
{
    m_executor->setView(look.view);
    look.first = std::exchange(m_firstLook, false);
    if (look.ok) {
        QJsonArray yours;
        for (const QJsonValue &tab : std::as_const(look.tabs)) {
            if (!tab.toObject().value(u"yours").toBool(true))
                continue;
            yours.append(tab);
            if (tab.toObject().value(u"current").toBool())
                m_executor->setCurrentTab(tab.toObject().value(u"tab").toString());
        }
        look.tabs = yours;
        m_executor->setPageUrl(look.page.url);
    }
    look.requests = m_tools.requestsSince(m_batchTab.isEmpty() ? currentTab() : m_batchTab, m_batchMark,
                                          kRequestsShown);
    updateMask(); // the job may be in another tab now
    brain()->observed(look, std::exchange(m_ran, {}));
}

} // namespace mpa
