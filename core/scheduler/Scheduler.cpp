#include "Scheduler.h"

#include "DailyTime.h"
#include "PeriodicSchedule.h"
#include "common/BoundCallback.h"
#include "common/Clock.h"
#include "common/EnumNames.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString folded(const QString &text)
{
    return text.simplified();
}

} // namespace

Scheduler::Scheduler(Settings *settings, ChatChannel *chat, Clock *clock, const QString &dataDir,
                     QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_chat(chat)
    , m_clock(clock)
    , m_store(dataDir)
    , m_sender(new PromptSender(settings, chat, clock, &m_store, this))
    , m_periodic(new PeriodicPrompter(
          settings, clock, m_sender, [this] { return outsideQueueBlocked(); }, this))
    , m_queueTimer(new ClockTimer(clock, this))
{
    connect(m_sender, &PromptSender::historyChanged, this, &Scheduler::historyChanged);
    connect(m_periodic, &PeriodicPrompter::scheduleChanged, this, &Scheduler::scheduleChanged);
    connect(m_queueTimer, &ClockTimer::timeout, this, [this] {
        switch (m_phase) {
        case Phase::RetryWait:
            if (m_queue.state == PromptQueue::State::Running && m_queue.hasCurrent())
                sendStep(m_stepSource, m_stepOverride);
            break;
        case Phase::WaitingForSilence:
            observeForSilence();
            break;
        case Phase::Idle:
            continueCurrent();
            break;
        case Phase::Sending:
        case Phase::HeldByQuota:
            break;
        }
    });
    connect(m_settings, &Settings::changed, this, &Scheduler::onSettingChanged);
}

Scheduler::~Scheduler()
{
    shutdown();
}

// ---- lifecycle and persistence ------------------------------------------------------------

void Scheduler::start()
{
    if (m_started)
        return;
    m_started = true;
    load();
    m_periodic->start();
    const bool autoStart = m_settings->boolValue(SettingKey::ScheduleAutoStartQueue)
        && m_settings->boolValue(SettingKey::ScheduleEnabled)
        && m_settings->stringValue(SettingKey::ScheduleMode) == u"queue"_s;
    if (autoStart && m_queue.state == PromptQueue::State::Stopped && !m_queue.isEmpty()) {
        qCInfo(lcScheduler) << "schedule/autoStartQueue is on: starting the queue";
        if (const QString refused = startQueue(); !refused.isEmpty())
            qCWarning(lcScheduler).noquote() << "the queue did not start:" << refused;
    } else if (autoStart && m_queue.state == PromptQueue::State::Paused) {
        qCInfo(lcScheduler)
            << "schedule/autoStartQueue is on, but the queue was left paused; it waits for you "
               "to resume it";
    }
    changed();
}

void Scheduler::shutdown()
{
    if (!m_started)
        return;
    m_started = false;
    m_queueTimer->stop();
    m_periodic->stop(tr("the app quit while it waited for the user to stop typing in the chat box"));
    if (m_queue.state == PromptQueue::State::Running) {
        m_queue.state = PromptQueue::State::Paused;
        m_queue.reason = tr("The app quit while the queue was running; resume to go on.");
    }
    saveQueue();
    m_sender->saveHistory();
    m_sender->saveStats();
}

void Scheduler::load()
{
    SchedulerStore::Loaded loaded = m_store.load();
    for (const QString &notice : std::as_const(loaded.notices))
        addNotice(notice);
    m_queue = std::move(loaded.queue);
    for (const QString &warning : std::as_const(loaded.queueWarnings))
        qCWarning(lcScheduler).noquote() << "queue.json:" << warning;
    m_sender->history().loadJson(loaded.history);
    m_sender->stats() = SchedulerStats::fromJson(loaded.stats);

    QString recovered;
    if (m_queue.recoverInterrupted(&recovered)) {
        qCWarning(lcScheduler).noquote() << recovered;
        addNotice(recovered);
        if (m_queue.hasCurrent() && m_queue.current().status == QueueItem::Status::Unconfirmed) {
            ChatSendOutcome unknown;
            m_sender->record(m_queue.step == PromptQueue::Step::Check ? Source::Check : Source::Queue,
                             stepText(), unknown, QueueItem::statusName(QueueItem::Status::Unconfirmed),
                             m_queue.current().delivered
                                 ? tr("the app stopped while the agent worked on it")
                                 : tr("the app stopped before the chat confirmed it"));
        }
        saveQueue();
    } else if (loaded.queueExisted) {
        qCInfo(lcScheduler).noquote() << u"queue: %1 prompt(s), %2"_s.arg(m_queue.items.size())
                                             .arg(PromptQueue::stateName(m_queue.state));
    }
}

void Scheduler::saveQueue()
{
    m_store.saveQueue(m_queue);
}

void Scheduler::addNotice(const QString &message)
{
    m_notices.append(message);
    Q_EMIT notice(message);
}

void Scheduler::onSettingChanged(SettingKey key)
{
    if (key != SettingKey::ScheduleHistorySize)
        return; // the schedule's own keys: the PeriodicPrompter follows them
    m_sender->history().setCapacity(m_settings->intValue(SettingKey::ScheduleHistorySize));
    m_sender->saveHistory();
    Q_EMIT historyChanged();
}

// ---- queue control ------------------------------------------------------------------------

QString Scheduler::startQueue()
{
    const QString mode = m_settings->stringValue(SettingKey::ScheduleMode);
    if (mode != u"queue"_s)
        return tr("schedule/mode is “%1”; set it to “queue” to run the queue.").arg(mode);
    const qint64 now = m_clock->nowMs();
    if (now - m_lastStartMs < kStartDebounce.count())
        return tr("Ignored: the queue was started less than 2 s ago.");
    if (m_queue.isEmpty())
        return tr("The queue is empty; add prompts first.");
    if (m_queue.state == PromptQueue::State::Running)
        return tr("The queue is already running.");
    m_lastStartMs = now;
    if (m_queue.state == PromptQueue::State::Paused)
        return resumeQueue();

    // A new run: what was done, skipped or failed before is due again; a step under way
    // (sent, or sent and unconfirmed) is picked up where it was.
    for (QueueItem &item : m_queue.items) {
        if (item.status == QueueItem::Status::Done || item.status == QueueItem::Status::Skipped
            || item.status == QueueItem::Status::Failed) {
            item.status = QueueItem::Status::Pending;
            item.error.clear();
        }
    }
    if (!m_queue.hasCurrent()) {
        m_queue.position = 0;
        m_queue.step = PromptQueue::Step::Task;
    }
    m_retried = false;
    m_queue.state = PromptQueue::State::Running;
    m_queue.reason.clear();
    saveQueue();
    qCInfo(lcScheduler).noquote() << u"queue started: %1 prompt(s), %2, at prompt %3"_s.arg(
        QString::number(m_queue.items.size()), m_settings->stringValue(SettingKey::ScheduleQueueMode),
        QString::number(m_queue.position + 1));
    continueCurrent();
    changed();
    return {};
}

QString Scheduler::pauseQueue()
{
    if (m_queue.state != PromptQueue::State::Running)
        return tr("The queue is not running.");
    m_queue.state = PromptQueue::State::Paused;
    m_queue.reason = tr("Paused by the user.");
    m_queueTimer->stop();
    if (!m_sendInFlight)
        setPhase(Phase::Idle);
    saveQueue();
    qCInfo(lcScheduler) << "queue paused";
    changed();
    return {};
}

QString Scheduler::resumeQueue()
{
    if (m_queue.state == PromptQueue::State::Running)
        return tr("The queue is already running.");
    if (m_queue.state == PromptQueue::State::Stopped)
        return tr("The queue is stopped, not paused; start it.");
    if (!m_queue.hasCurrent())
        return tr("The queue is empty; add prompts first.");
    m_queue.state = PromptQueue::State::Running;
    m_queue.reason.clear();
    saveQueue();
    qCInfo(lcScheduler).noquote() << u"queue resumed at prompt %1"_s.arg(m_queue.position + 1);
    continueCurrent();
    changed();
    return {};
}

QString Scheduler::stopQueue()
{
    if (m_queue.state == PromptQueue::State::Stopped)
        return tr("The queue is not running.");
    m_queue.state = PromptQueue::State::Stopped;
    m_queue.reason = tr("Stopped by the user.");
    m_queueTimer->stop();
    if (!m_sendInFlight)
        setPhase(Phase::Idle);
    saveQueue();
    qCInfo(lcScheduler) << "queue stopped";
    changed();
    return {};
}

QString Scheduler::skipPrompt()
{
    if (m_queue.isEmpty())
        return tr("The queue is empty.");
    if (!m_queue.hasCurrent())
        return tr("There is no current prompt to skip.");
    m_queueTimer->stop();
    const bool checkStep = m_queue.step == PromptQueue::Step::Check;
    qCInfo(lcScheduler).noquote() << u"queue: %1 of prompt %2 skipped"_s.arg(
        checkStep ? u"the check"_s : u"the task"_s, QString::number(m_queue.position + 1));
    // Skipping the check prompt still counts its task as done.
    if (checkStep) {
        ++m_sender->stats().queueItemsCompleted;
        m_sender->saveStats();
    }
    if (!m_sendInFlight)
        setPhase(Phase::Idle);
    moveToNext(checkStep);
    return {};
}

QString Scheduler::resetQueue()
{
    ++m_token;
    m_queueTimer->stop();
    m_queue.state = PromptQueue::State::Stopped;
    m_queue.position = 0;
    m_queue.step = PromptQueue::Step::Task;
    m_queue.reason.clear();
    m_queue.clearStatuses();
    m_retried = false;
    m_interruptedByQuota = false;
    if (!m_sendInFlight)
        setPhase(Phase::Idle);
    saveQueue();
    qCInfo(lcScheduler) << "queue reset";
    changed();
    return {};
}

QString Scheduler::setQueue(const QStringList &prompts)
{
    if (m_queue.state == PromptQueue::State::Running)
        return tr("The queue is running; pause or stop it before replacing its prompts.");
    QStringList cleaned;
    for (qsizetype i = 0; i < prompts.size(); ++i) {
        const QString prompt = prompts.at(i).trimmed();
        if (prompt.isEmpty())
            return tr("Prompt %1 of the queue is empty.").arg(i + 1);
        cleaned.append(prompt);
    }
    ++m_token;
    m_queueTimer->stop();
    m_queue.replace(cleaned);
    m_retried = false;
    m_interruptedByQuota = false;
    if (!m_sendInFlight)
        setPhase(Phase::Idle);
    saveQueue();
    qCInfo(lcScheduler).noquote() << u"queue set: %1 prompt(s)"_s.arg(cleaned.size());
    changed();
    return {};
}

// ---- the queue at work --------------------------------------------------------------------

void Scheduler::continueCurrent()
{
    if (m_queue.state != PromptQueue::State::Running || m_sendInFlight || m_verifying)
        return;
    m_queueTimer->stop();
    if (m_quotaHeld) {
        setPhase(Phase::HeldByQuota);
        changed();
        return;
    }
    if (!m_queue.hasCurrent()) {
        if (m_queue.isEmpty()) {
            finishQueue(tr("The queue is empty."));
            return;
        }
        m_queue.position = 0;
        m_queue.step = PromptQueue::Step::Task;
    }
    QueueItem &item = m_queue.current();
    switch (item.status) {
    case QueueItem::Status::Pending:
    case QueueItem::Status::Failed:
        sendStep(m_queue.step == PromptQueue::Step::Check ? Source::Check : Source::Queue);
        return;
    case QueueItem::Status::Sending:
        // No send is under way, so its answer is lost: treat it as unconfirmed.
        item.status = QueueItem::Status::Unconfirmed;
        item.delivered = false;
        verifyDelivery();
        return;
    case QueueItem::Status::Unconfirmed:
        verifyDelivery();
        return;
    case QueueItem::Status::Sent:
        beginSilenceWait();
        return;
    case QueueItem::Status::Done:
    case QueueItem::Status::Skipped:
        moveToNext(false);
        return;
    }
}

QString Scheduler::stepText() const
{
    if (!m_queue.hasCurrent())
        return {};
    if (m_queue.step == PromptQueue::Step::Check)
        return m_settings->stringValue(SettingKey::ScheduleCheckPromptText);
    return m_queue.current().text;
}

QString Scheduler::conversation() const
{
    return m_sender->conversation();
}

void Scheduler::sendStep(Source source, const QString &overrideText)
{
    if (!m_queue.hasCurrent())
        return;
    m_queueTimer->stop();
    m_stepSource = source;
    m_stepOverride = overrideText;
    const QString text = overrideText.isEmpty() ? stepText() : overrideText;
    QueueItem &item = m_queue.current();
    item.status = QueueItem::Status::Sending;
    item.error.clear();
    // Saved before the chat sees it: a crash from here on finds it "sending".
    saveQueue();
    setPhase(Phase::Sending);
    m_sendInFlight = true;
    const quint64 token = m_token;
    qCInfo(lcScheduler).noquote() << u"queue: sending prompt %1/%2 (%3): “%4”"_s.arg(
        QString::number(m_queue.position + 1), QString::number(m_queue.items.size()),
        PromptSender::sourceName(source), PromptSender::excerpt(text));
    changed();
    m_sender->deliver(source, text, conversation(), {}, [this, token, text](const ChatSendOutcome &outcome) {
        onSendOutcome(token, text, outcome);
    });
}

void Scheduler::onSendOutcome(quint64 token, const QString &text, const ChatSendOutcome &outcome)
{
    m_sendInFlight = false;
    const bool stillCurrent = token == m_token && m_queue.hasCurrent();
    if (!stillCurrent) {
        changed();
        return;
    }
    const bool running = m_queue.state == PromptQueue::State::Running;
    QueueItem &item = m_queue.current();
    if (outcome.ok) {
        item.status = QueueItem::Status::Sent;
        item.sentAt = m_clock->now();
        item.delivered = false;
        m_retried = false;
        saveQueue();
        qCInfo(lcScheduler).noquote()
            << u"queue: the chat took prompt %1 (%2); waiting for the agent to fall silent"_s.arg(
                   QString::number(m_queue.position + 1), outcome.method);
        if (!running) {
            setPhase(Phase::Idle);
        } else if (m_quotaHeld) {
            m_interruptedByQuota = true;
            setPhase(Phase::HeldByQuota);
        } else {
            beginSilenceWait();
        }
        changed();
        return;
    }
    item.status = QueueItem::Status::Pending;
    item.error = outcome.error;
    if (outcome.retryLater) {
        saveQueue();
        qCInfo(lcScheduler).noquote() << u"queue: %1; trying again in %2 s"_s.arg(
            outcome.error, QString::number(kUserTypingDelay.count() / 1000));
        setPhase(running ? Phase::RetryWait : Phase::Idle);
        if (running)
            m_queueTimer->start(kUserTypingDelay);
        changed();
        return;
    }
    if (!m_retried) {
        m_retried = true;
        saveQueue();
        qCWarning(lcScheduler).noquote()
            << u"queue: prompt %1 could not be sent (%2); trying once more in %3 s"_s.arg(
                   QString::number(m_queue.position + 1), outcome.error,
                   QString::number(kRetryDelay.count() / 1000));
        setPhase(running ? Phase::RetryWait : Phase::Idle);
        if (running)
            m_queueTimer->start(kRetryDelay);
        changed();
        return;
    }
    m_retried = false;
    item.status = QueueItem::Status::Failed;
    stopWithError(
        tr("Prompt %1 (“%2”) could not be sent: %3. It was tried twice; the queue stopped there. Fix "
           "the problem and start the queue again.")
            .arg(QString::number(m_queue.position + 1), PromptSender::excerpt(text), outcome.error));
}

void Scheduler::verifyDelivery()
{
    QueueItem &item = m_queue.current();
    if (item.delivered) {
        qCInfo(lcScheduler).noquote()
            << u"queue: prompt %1 had reached the chat before; waiting for the agent to "
               "fall silent"_s.arg(m_queue.position + 1);
        item.status = QueueItem::Status::Sent;
        saveQueue();
        beginSilenceWait();
        return;
    }
    if (!m_chat) {
        sendStep(Source::Resend);
        return;
    }
    // Only the chat can tell whether the step arrived: its last user message is the step.
    m_verifying = true;
    setPhase(Phase::Idle);
    const quint64 token = m_token;
    const QString text = stepText();
    m_chat->observe(this, [this, token, text](const ChatObservation &observation) {
        m_verifying = false;
        if (token != m_token || m_queue.state != PromptQueue::State::Running || !m_queue.hasCurrent()
            || m_queue.current().status != QueueItem::Status::Unconfirmed)
            return;
        if (!observation.ok) {
            if (m_verifyProblem != observation.error) {
                m_verifyProblem = observation.error;
                qCInfo(lcScheduler).noquote()
                    << u"queue: cannot see the chat (%1); prompt %2 is not sent again until it is clear "
                       u"whether it "
                       "arrived"_s.arg(observation.error, QString::number(m_queue.position + 1));
            }
            m_queueTimer->start(kObserveInterval * 5);
            return;
        }
        m_verifyProblem.clear();
        const QString last = observation.recentUserMessages.isEmpty()
            ? QString()
            : observation.recentUserMessages.constLast();
        if (!last.isEmpty() && folded(last).contains(folded(text))) {
            qCInfo(lcScheduler).noquote()
                << u"queue: the chat shows prompt %1 already; it is not sent again"_s.arg(m_queue.position
                                                                                          + 1);
            m_queue.current().status = QueueItem::Status::Sent;
            m_queue.current().delivered = false;
            saveQueue();
            beginSilenceWait();
            return;
        }
        sendStep(Source::Resend);
    });
}

void Scheduler::beginSilenceWait()
{
    m_silence.start(m_clock->nowMs());
    setPhase(Phase::WaitingForSilence);
    m_queueTimer->start(kObserveInterval);
    changed();
}

void Scheduler::observeForSilence()
{
    if (m_phase != Phase::WaitingForSilence || m_queue.state != PromptQueue::State::Running)
        return;
    if (m_observing || !m_chat) {
        m_queueTimer->start(kObserveInterval);
        return;
    }
    m_observing = true;
    const quint64 token = m_token;
    m_chat->observe(this, [this, token](const ChatObservation &observation) {
        m_observing = false;
        onObservation(token, observation);
    });
}

void Scheduler::noteActivity(const QString &source)
{
    if (m_phase != Phase::WaitingForSilence)
        return;
    m_silence.noteActivity(m_clock->nowMs());
    qCDebug(lcScheduler).noquote() << "activity:" << (source.isEmpty() ? u"the agent"_s : source);
}

void Scheduler::onObservation(quint64 token, const ChatObservation &observation)
{
    if (token != m_token || m_phase != Phase::WaitingForSilence
        || m_queue.state != PromptQueue::State::Running)
        return;
    const qint64 now = m_clock->nowMs();
    if (const std::optional<QString> problem = m_silence.observe(observation, now))
        qCInfo(lcScheduler).noquote()
            << u"queue: cannot watch the chat (%1); waiting until it can be seen"_s.arg(*problem);
    else if (m_silence.seenAgain())
        qCInfo(lcScheduler) << "queue: the chat can be watched again";
    const auto silence = std::chrono::seconds(m_settings->intValue(SettingKey::ScheduleSilenceTimeoutS));
    if (m_silence.isSilent(now, silence)) {
        completeStep();
        return;
    }
    m_queueTimer->start(kObserveInterval);
}

void Scheduler::completeStep()
{
    m_queueTimer->stop();
    const bool taskStep = m_queue.step == PromptQueue::Step::Task;
    qCInfo(lcScheduler).noquote() << u"queue: %1 of prompt %2 done; the agent fell silent"_s.arg(
        taskStep ? u"the task"_s : u"the check"_s, QString::number(m_queue.position + 1));
    Q_EMIT stepCompleted(m_queue.position, PromptQueue::stepName(m_queue.step));
    if (taskStep && m_settings->boolValue(SettingKey::ScheduleCheckPromptEnabled)
        && !m_settings->stringValue(SettingKey::ScheduleCheckPromptText).trimmed().isEmpty()) {
        m_queue.step = PromptQueue::Step::Check;
        QueueItem &item = m_queue.current();
        item.status = QueueItem::Status::Pending;
        item.sentAt = {};
        m_retried = false;
        saveQueue();
        setPhase(Phase::Idle);
        continueCurrent();
        return;
    }
    ++m_sender->stats().queueItemsCompleted;
    m_sender->saveStats();
    setPhase(Phase::Idle);
    moveToNext(true);
}

void Scheduler::moveToNext(bool completed)
{
    ++m_token; // answers about the old step no longer steer the queue
    m_retried = false;
    m_interruptedByQuota = false;
    const bool consume = m_settings->stringValue(SettingKey::ScheduleQueueMode) != u"loop"_s;
    if (completed && consume) {
        m_queue.items.removeAt(m_queue.position);
    } else {
        QueueItem &item = m_queue.current();
        item.status = completed ? QueueItem::Status::Done : QueueItem::Status::Skipped;
        ++m_queue.position;
    }
    m_queue.step = PromptQueue::Step::Task;
    if (m_queue.position >= m_queue.items.size()) {
        if (!consume && !m_queue.isEmpty()) {
            m_queue.position = 0;
            m_queue.clearStatuses();
            qCInfo(lcScheduler) << "queue: starting over (loop)";
        } else {
            const qsizetype left = m_queue.items.size();
            finishQueue(left == 0 ? tr("Every prompt of the queue was sent.")
                            : left == 1
                            ? tr("The queue reached its end; 1 skipped prompt remains.")
                            : tr("The queue reached its end; %1 skipped prompts remain.").arg(left));
            return;
        }
    }
    saveQueue();
    changed();
    continueCurrent();
}

void Scheduler::finishQueue(const QString &reason)
{
    m_queueTimer->stop();
    m_queue.state = PromptQueue::State::Stopped;
    m_queue.reason = reason;
    m_queue.position = 0;
    m_queue.step = PromptQueue::Step::Task;
    if (!m_sendInFlight)
        setPhase(Phase::Idle);
    saveQueue();
    qCInfo(lcScheduler).noquote() << "queue finished:" << reason;
    Q_EMIT queueStopped(reason);
    Q_EMIT queueFinished(reason);
    changed();
}

void Scheduler::stopWithError(const QString &reason)
{
    m_queueTimer->stop();
    m_queue.state = PromptQueue::State::Stopped;
    m_queue.reason = reason;
    if (!m_sendInFlight)
        setPhase(Phase::Idle);
    saveQueue();
    qCWarning(lcScheduler).noquote() << reason;
    Q_EMIT queueStopped(reason);
    changed();
}

void Scheduler::setPhase(Phase phase)
{
    m_phase = phase;
}

void Scheduler::changed()
{
    Q_EMIT queueChanged();
}

// ---- quota --------------------------------------------------------------------------------

void Scheduler::setQuotaHold(bool held, const QString &reason)
{
    if (held == m_quotaHeld) {
        m_quotaReason = reason;
        return;
    }
    m_quotaHeld = held;
    m_quotaReason = reason;
    const bool running = m_queue.state == PromptQueue::State::Running && m_queue.hasCurrent();
    if (held) {
        qCInfo(lcScheduler).noquote() << u"quota: %1; prompts wait until it is back"_s.arg(
            reason.isEmpty() ? u"a watched model's quota is spent"_s : reason);
        if (running) {
            const QueueItem::Status status = m_queue.current().status;
            if (m_phase == Phase::WaitingForSilence || m_phase == Phase::Sending
                || status == QueueItem::Status::Sent)
                m_interruptedByQuota = true;
            if (!m_sendInFlight) {
                m_queueTimer->stop();
                setPhase(Phase::HeldByQuota);
            }
        }
        changed();
        return;
    }
    qCInfo(lcScheduler) << "quota: available again";
    const bool autoContinue = m_settings->boolValue(SettingKey::QuotaAutoContinue);
    const bool resend = m_settings->boolValue(SettingKey::QuotaResumeQueue);
    if (running && !m_sendInFlight) {
        const bool interrupted = std::exchange(m_interruptedByQuota, false);
        setPhase(Phase::Idle);
        if (interrupted && autoContinue) {
            m_retried = false;
            sendStep(Source::Continue, m_settings->stringValue(SettingKey::QuotaContinuePrompt));
        } else if (interrupted && resend) {
            m_retried = false;
            sendStep(Source::Resend);
        } else {
            continueCurrent();
        }
    } else if (!running && autoContinue) {
        m_periodic->sendContinue();
    }
    changed();
}

QString Scheduler::outsideQueueBlocked() const
{
    if (m_quotaHeld)
        return tr("the quota of a watched model is spent: %1").arg(m_quotaReason);
    if (m_queue.state == PromptQueue::State::Running)
        return tr("the queue is running");
    return {};
}

// ---- manual sends -------------------------------------------------------------------------

void Scheduler::sendPrompt(const QString &text, const QString &conversationName, QObject *context,
                           ChatChannel::SendCallback done)
{
    const auto finish = boundTo(context, std::move(done));
    if (text.trimmed().isEmpty()) {
        ChatSendOutcome outcome;
        outcome.error = tr("the prompt is empty");
        finish(outcome);
        return;
    }
    const QString target = conversationName.trimmed().isEmpty() ? conversation() : conversationName.trimmed();
    m_sender->deliver(Source::Manual, text, target, {}, [this, text, finish](const ChatSendOutcome &outcome) {
        // The user is typing in the chat box: the caller is told; nothing was sent.
        if (outcome.retryLater)
            m_sender->record(Source::Manual, text, outcome, u"skipped"_s, outcome.error);
        finish(outcome);
    });
}

// ---- status -------------------------------------------------------------------------------

constexpr EnumName<Scheduler::Phase> kPhaseNames[] {
    { Scheduler::Phase::Idle, u"idle" },
    { Scheduler::Phase::Sending, u"sending" },
    { Scheduler::Phase::RetryWait, u"retryWait" },
    { Scheduler::Phase::WaitingForSilence, u"waitingForSilence" },
    { Scheduler::Phase::HeldByQuota, u"heldByQuota" },
};

QString Scheduler::phaseName(Phase phase)
{
    return enumName(kPhaseNames, phase);
}

QJsonObject Scheduler::queueStatus() const
{
    QJsonObject status = m_queue.toJson();
    status.insert(u"phase"_s, phaseName(m_phase));
    status.insert(u"total"_s, int(m_queue.items.size()));
    status.insert(u"queueMode"_s, m_settings->stringValue(SettingKey::ScheduleQueueMode));
    status.insert(u"silenceTimeoutS"_s, m_settings->intValue(SettingKey::ScheduleSilenceTimeoutS));
    if (m_queue.hasCurrent()) {
        QJsonObject current = m_queue.current().toJson();
        current.insert(u"index"_s, m_queue.position);
        current.insert(u"stepText"_s, stepText());
        status.insert(u"current"_s, current);
    }
    if (m_phase == Phase::WaitingForSilence) {
        const qint64 now = m_clock->nowMs();
        status.insert(
            u"silence"_s,
            QJsonObject { { u"sinceSendS"_s, (now - m_silence.startedAtMs()) / 1000 },
                          { u"quietForS"_s, std::max<qint64>(0, now - m_silence.quietSince()) / 1000 },
                          { u"watching"_s, m_silence.problem().isEmpty() },
                          { u"problem"_s, m_silence.problem() } });
    }
    status.insert(u"quotaHold"_s, QJsonObject { { u"held"_s, m_quotaHeld }, { u"reason"_s, m_quotaReason } });
    return status;
}

QJsonObject Scheduler::scheduleStatus() const
{
    return {
        { u"enabled"_s, m_settings->boolValue(SettingKey::ScheduleEnabled) },
        { u"mode"_s, m_settings->stringValue(SettingKey::ScheduleMode) },
        { u"value"_s, m_settings->stringValue(SettingKey::ScheduleValue) },
        { u"prompt"_s, m_settings->stringValue(SettingKey::SchedulePrompt) },
        { u"queueMode"_s, m_settings->stringValue(SettingKey::ScheduleQueueMode) },
        { u"silenceTimeoutS"_s, m_settings->intValue(SettingKey::ScheduleSilenceTimeoutS) },
        { u"checkPrompt"_s,
          QJsonObject { { u"enabled"_s, m_settings->boolValue(SettingKey::ScheduleCheckPromptEnabled) },
                        { u"text"_s, m_settings->stringValue(SettingKey::ScheduleCheckPromptText) } } },
        { u"targetConversation"_s, conversation() },
        { u"nextSendAt"_s,
          nextScheduledSend().isValid()
              ? QJsonValue(nextScheduledSend().toTimeZone(m_clock->timeZone()).toString(Qt::ISODate))
              : QJsonValue() },
        { u"waitingForTyping"_s, m_periodic->typingJson() },
        { u"queue"_s, queueStatus() },
    };
}

QJsonObject Scheduler::statsJson() const
{
    QJsonObject json = m_sender->stats().toJson();
    json.insert(u"promptsSentThisRun"_s, m_sender->sentThisRun());
    return json;
}

} // namespace mpa
