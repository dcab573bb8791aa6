#include "QueueRunner.h"

#include "QueueReasons.h"
#include "SchedulerStore.h"
#include "common/Clock.h"
#include "common/ClockTimer.h"
#include "common/EnumNames.h"
#include "common/Refuse.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

QString folded(const QString &text)
{
    return text.simplified();
}

constexpr EnumName<QueueRunner::Phase> kPhaseNames[] {
    { QueueRunner::Phase::Idle, u"idle" },
    { QueueRunner::Phase::Sending, u"sending" },
    { QueueRunner::Phase::RetryWait, u"retryWait" },
    { QueueRunner::Phase::WaitingForSilence, u"waitingForSilence" },
    { QueueRunner::Phase::HeldByQuota, u"heldByQuota" },
};

} // namespace

QString QueueRunner::phaseName(Phase phase)
{
    return enumName(kPhaseNames, phase);
}

QueueRunner::QueueRunner(Settings *settings, Clock *clock, PromptSender *sender, SchedulerStore *store,
                         QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_clock(clock)
    , m_sender(sender)
    , m_store(store)
    , m_timer(new ClockTimer(clock, this))
{
    connect(m_timer, &ClockTimer::timeout, this, &QueueRunner::onTimer);
}

void QueueRunner::onTimer()
{
    switch (m_phase) {
    case Phase::RetryWait:
        if (isRunning() && m_queue.hasCurrent())
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
}

// ---- loading and saving -------------------------------------------------------------------

QString QueueRunner::restore(PromptQueue queue, bool existed)
{
    m_queue = std::move(queue);
    QString recovered;
    if (!m_queue.recoverInterrupted(&recovered)) {
        if (existed)
            qCInfo(lcScheduler).noquote() << u"queue: %1 prompt(s), %2"_s.arg(m_queue.items.size())
                                                 .arg(PromptQueue::stateName(m_queue.state));
        return {};
    }
    qCWarning(lcScheduler).noquote() << recovered;
    if (m_queue.hasCurrent() && m_queue.current().status == QueueItem::Status::Unconfirmed) {
        ChatSendOutcome unknown;
        m_sender->record(m_queue.step == PromptQueue::Step::Check ? Source::Check : Source::Queue, stepText(),
                         unknown, QueueItem::statusName(QueueItem::Status::Unconfirmed),
                         m_queue.current().delivered ? tr("the app stopped while the agent worked on it")
                                                     : tr("the app stopped before the chat confirmed it"));
    }
    saveQueue();
    return recovered;
}

void QueueRunner::shutdown()
{
    m_timer->stop();
    // A clean quit while the chat still has a prompt (the queue may have been stopped or paused
    // meanwhile) is no crash: the prompt is "sent, unconfirmed" now, so the next start does not
    // report an interruption, and Start or Resume first looks for it in the chat.
    if (m_sendInFlight && m_queue.hasCurrent() && m_queue.current().status == QueueItem::Status::Sending) {
        m_queue.current().status = QueueItem::Status::Unconfirmed;
        m_queue.current().delivered = false;
    }
    if (isRunning()) {
        m_queue.state = PromptQueue::State::Paused;
        m_queue.reason = QueueReasons::appQuitWhileRunning();
    }
    saveQueue();
}

void QueueRunner::saveQueue()
{
    m_store->saveQueue(m_queue);
}

// ---- queue control ------------------------------------------------------------------------

bool QueueRunner::start(QString *error)
{
    const QString mode = m_settings->stringValue(SettingKey::ScheduleMode);
    if (mode != u"queue"_s)
        return refuse(
            error,
            tr("The queue runs in Queue mode only, and prompts are now sent %1. Choose Queue as the "
               "mode first (schedule/mode “queue”).")
                .arg(mode == u"daily"_s ? tr("daily at a time") : tr("every few minutes")));
    const qint64 now = m_clock->nowMs();
    if (now - m_lastStartMs < kStartDebounce.count())
        return refuse(error, tr("Ignored: the queue was started less than 2 s ago."));
    if (m_queue.isEmpty())
        return refuse(error, tr("The queue is empty; add prompts first."));
    if (isRunning())
        return refuse(error, tr("The queue is already running."));
    m_lastStartMs = now;
    if (m_queue.state == PromptQueue::State::Paused)
        return resume(error);

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
    m_queue.reason = {};
    saveQueue();
    qCInfo(lcScheduler).noquote() << u"queue started: %1 prompt(s), %2, at prompt %3"_s.arg(
        QString::number(m_queue.items.size()), m_settings->stringValue(SettingKey::ScheduleQueueMode),
        QString::number(m_queue.position + 1));
    continueCurrent();
    Q_EMIT changed();
    return true;
}

bool QueueRunner::pause(QString *error)
{
    if (!isRunning())
        return refuse(error, tr("The queue is not running."));
    haltAsked(PromptQueue::State::Paused, QueueReasons::pausedByUser(), "queue paused");
    return true;
}

bool QueueRunner::resume(QString *error)
{
    if (isRunning())
        return refuse(error, tr("The queue is already running."));
    if (m_queue.state == PromptQueue::State::Stopped)
        return refuse(error, tr("The queue is stopped, not paused; start it."));
    if (!m_queue.hasCurrent())
        return refuse(error, tr("The queue is empty; add prompts first."));
    m_queue.state = PromptQueue::State::Running;
    m_queue.reason = {};
    saveQueue();
    qCInfo(lcScheduler).noquote() << u"queue resumed at prompt %1"_s.arg(m_queue.position + 1);
    continueCurrent();
    Q_EMIT changed();
    return true;
}

bool QueueRunner::stop(QString *error)
{
    if (m_queue.state == PromptQueue::State::Stopped)
        return refuse(error, tr("The queue is not running."));
    haltAsked(PromptQueue::State::Stopped, QueueReasons::stoppedByUser(), "queue stopped");
    return true;
}

bool QueueRunner::skip(QString *error)
{
    if (m_queue.isEmpty())
        return refuse(error, tr("The queue is empty."));
    if (!m_queue.hasCurrent())
        return refuse(error, tr("There is no current prompt to skip."));
    const bool checkStep = m_queue.step == PromptQueue::Step::Check;
    qCInfo(lcScheduler).noquote() << u"queue: %1 of prompt %2 skipped"_s.arg(
        checkStep ? u"the check"_s : u"the task"_s, QString::number(m_queue.position + 1));
    // Skipping the check prompt still counts its task as done.
    if (checkStep) {
        ++m_sender->stats().queueItemsCompleted;
        m_sender->saveStats();
    }
    settle();
    moveToNext(checkStep);
    return true;
}

void QueueRunner::reset()
{
    leaveStep();
    m_queue.position = 0;
    m_queue.step = PromptQueue::Step::Task;
    m_queue.clearStatuses();
    haltAsked(PromptQueue::State::Stopped, {}, "queue reset");
}

bool QueueRunner::setPrompts(const QStringList &prompts, QString *error)
{
    if (isRunning())
        return refuse(error, tr("The queue is running; pause or stop it before replacing its prompts."));
    QStringList cleaned;
    for (qsizetype i = 0; i < prompts.size(); ++i) {
        const QString prompt = prompts.at(i).trimmed();
        if (prompt.isEmpty())
            return refuse(error, tr("Prompt %1 of the queue is empty.").arg(i + 1));
        cleaned.append(prompt);
    }
    // Saved before it is taken: prompts that never reached queue.json would be gone at the next
    // start, so a queue that cannot be saved is refused and the one in memory stays.
    PromptQueue next = m_queue;
    next.replace(cleaned);
    m_lastSaveFailed = false;
    if (QString saveError; !m_store->saveQueue(next, &saveError)) {
        m_lastSaveFailed = true;
        return refuse(error, tr("The queue's prompts were not changed: %1").arg(saveError));
    }
    leaveStep();
    m_queue = std::move(next);
    settle();
    qCInfo(lcScheduler).noquote() << u"queue set: %1 prompt(s)"_s.arg(cleaned.size());
    Q_EMIT changed();
    return true;
}

void QueueRunner::halt(PromptQueue::State state, const UserText &reason)
{
    m_queue.state = state;
    m_queue.reason = reason;
    settle();
    saveQueue();
}

void QueueRunner::haltAsked(PromptQueue::State state, const UserText &reason, const char *logLine)
{
    halt(state, reason);
    qCInfo(lcScheduler) << logLine;
    Q_EMIT changed();
}

void QueueRunner::settle()
{
    m_timer->stop();
    if (!m_sendInFlight)
        setPhase(Phase::Idle);
}

void QueueRunner::leaveStep()
{
    ++m_token;
    m_retried = false;
    m_interruptedByQuota = false;
}

// ---- the queue at work --------------------------------------------------------------------

void QueueRunner::continueCurrent()
{
    if (!isRunning() || m_sendInFlight || m_verifying)
        return;
    m_timer->stop();
    if (m_quotaHeld) {
        setPhase(Phase::HeldByQuota);
        Q_EMIT changed();
        return;
    }
    if (!m_queue.hasCurrent()) {
        if (m_queue.isEmpty()) {
            finishQueue(QueueReasons::empty());
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

QString QueueRunner::stepText() const
{
    if (!m_queue.hasCurrent())
        return {};
    if (m_queue.step == PromptQueue::Step::Check)
        return m_settings->stringValue(SettingKey::ScheduleCheckPromptText);
    return m_queue.current().text;
}

void QueueRunner::sendStep(Source source, const QString &overrideText)
{
    if (!m_queue.hasCurrent())
        return;
    m_timer->stop();
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
    Q_EMIT changed();
    m_sender->deliver(
        source, text, m_sender->conversation(), {},
        [this, token, text](const ChatSendOutcome &outcome) { onSendOutcome(token, text, outcome); });
}

void QueueRunner::onSendOutcome(quint64 token, const QString &text, const ChatSendOutcome &outcome)
{
    m_sendInFlight = false;
    const bool stillCurrent = token == m_token && m_queue.hasCurrent();
    if (!stillCurrent) {
        // The step was skipped, reset or replaced while the chat had it: what held back for this
        // send (the phase, the next step) goes on now.
        setPhase(Phase::Idle);
        continueCurrent();
        Q_EMIT changed();
        return;
    }
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
        if (!isRunning()) {
            setPhase(Phase::Idle);
        } else if (m_quotaHeld) {
            m_interruptedByQuota = true;
            setPhase(Phase::HeldByQuota);
        } else {
            beginSilenceWait();
        }
        Q_EMIT changed();
        return;
    }
    item.status = QueueItem::Status::Pending;
    item.error = outcome.error;
    if (outcome.retryLater) {
        saveQueue();
        qCInfo(lcScheduler).noquote() << u"queue: %1; trying again in %2 s"_s.arg(
            outcome.error, QString::number(PromptSender::kUserTypingDelay.count() / 1000));
        retryLater(PromptSender::kUserTypingDelay);
        return;
    }
    if (!m_retried) {
        m_retried = true;
        saveQueue();
        qCWarning(lcScheduler).noquote()
            << u"queue: prompt %1 could not be sent (%2); trying once more in %3 s"_s.arg(
                   QString::number(m_queue.position + 1), outcome.error,
                   QString::number(kRetryDelay.count() / 1000));
        retryLater(kRetryDelay);
        return;
    }
    m_retried = false;
    item.status = QueueItem::Status::Failed;
    stopWithError(QueueReasons::sendFailed(m_queue.position + 1, PromptSender::excerpt(text), outcome.error));
}

void QueueRunner::retryLater(std::chrono::milliseconds delay)
{
    // A paused or stopped queue tries again when it runs again.
    setPhase(isRunning() ? Phase::RetryWait : Phase::Idle);
    if (isRunning())
        m_timer->start(delay);
    Q_EMIT changed();
}

void QueueRunner::verifyDelivery()
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
    ChatChannel *chat = m_sender->chat();
    if (!chat) {
        sendStep(Source::Resend);
        return;
    }
    // Only the chat can tell whether the step arrived: its last user message is the step.
    m_verifying = true;
    setPhase(Phase::Idle);
    const quint64 token = m_token;
    const QString text = stepText();
    chat->observe(this, [this, token, text](const ChatObservation &observation) {
        m_verifying = false;
        if (token != m_token) {
            continueCurrent(); // the step was skipped meanwhile: the next one waited for this look
            return;
        }
        onVerifyObservation(text, observation);
    });
}

void QueueRunner::onVerifyObservation(const QString &text, const ChatObservation &observation)
{
    if (!isRunning() || !m_queue.hasCurrent() || m_queue.current().status != QueueItem::Status::Unconfirmed)
        return;
    if (!observation.ok) {
        if (m_verifyProblem != observation.error) {
            m_verifyProblem = observation.error;
            qCInfo(lcScheduler).noquote()
                << u"queue: cannot see the chat (%1); prompt %2 is not sent again until it is clear "
                   u"whether it arrived"_s.arg(observation.error, QString::number(m_queue.position + 1));
        }
        m_timer->start(kObserveInterval * 5);
        return;
    }
    m_verifyProblem.clear();
    const QString last
        = observation.recentUserMessages.isEmpty() ? QString() : observation.recentUserMessages.constLast();
    if (!last.isEmpty() && folded(last).contains(folded(text))) {
        qCInfo(lcScheduler).noquote()
            << u"queue: the chat shows prompt %1 already; it is not sent again"_s.arg(m_queue.position + 1);
        m_queue.current().status = QueueItem::Status::Sent;
        m_queue.current().delivered = false;
        saveQueue();
        beginSilenceWait();
        return;
    }
    sendStep(Source::Resend);
}

void QueueRunner::beginSilenceWait()
{
    m_silence.start(m_clock->nowMs());
    setPhase(Phase::WaitingForSilence);
    m_timer->start(kObserveInterval);
    Q_EMIT changed();
}

void QueueRunner::observeForSilence()
{
    if (m_phase != Phase::WaitingForSilence || !isRunning())
        return;
    ChatChannel *chat = m_sender->chat();
    if (m_observing || !chat) {
        m_timer->start(kObserveInterval);
        return;
    }
    m_observing = true;
    const quint64 token = m_token;
    chat->observe(this, [this, token](const ChatObservation &observation) {
        m_observing = false;
        onObservation(token, observation);
    });
}

void QueueRunner::noteActivity(const QString &source)
{
    if (m_phase != Phase::WaitingForSilence)
        return;
    m_silence.noteActivity(m_clock->nowMs());
    qCDebug(lcScheduler).noquote() << "activity:" << (source.isEmpty() ? u"the agent"_s : source);
}

void QueueRunner::onObservation(quint64 token, const ChatObservation &observation)
{
    if (token != m_token || m_phase != Phase::WaitingForSilence || !isRunning())
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
    m_timer->start(kObserveInterval);
}

void QueueRunner::completeStep()
{
    m_timer->stop();
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

void QueueRunner::moveToNext(bool completed)
{
    leaveStep();
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
            finishQueue(left == 0 ? QueueReasons::allSent() : QueueReasons::endWithSkipped(left));
            return;
        }
    }
    saveQueue();
    Q_EMIT changed();
    continueCurrent();
}

void QueueRunner::finishQueue(const UserText &reason)
{
    m_queue.position = 0;
    m_queue.step = PromptQueue::Step::Task;
    halt(PromptQueue::State::Stopped, reason);
    qCInfo(lcScheduler).noquote() << "queue finished:" << reason.english();
    Q_EMIT stopped(reason.english());
    Q_EMIT finished(reason.english());
    Q_EMIT changed();
}

void QueueRunner::stopWithError(const UserText &reason)
{
    halt(PromptQueue::State::Stopped, reason);
    qCWarning(lcScheduler).noquote() << reason.english();
    Q_EMIT stopped(reason.english());
    Q_EMIT changed();
}

// ---- quota --------------------------------------------------------------------------------

void QueueRunner::setQuotaHold(bool held, const QString &reason)
{
    if (held == m_quotaHeld) {
        m_quotaReason = reason;
        return;
    }
    m_quotaHeld = held;
    m_quotaReason = reason;
    const bool running = isRunning() && m_queue.hasCurrent();
    if (held) {
        qCInfo(lcScheduler).noquote() << u"quota: %1; prompts wait until it is back"_s.arg(
            reason.isEmpty() ? u"a watched model's quota is spent"_s : reason);
        if (running) {
            const QueueItem::Status status = m_queue.current().status;
            if (m_phase == Phase::WaitingForSilence || m_phase == Phase::Sending
                || status == QueueItem::Status::Sent)
                m_interruptedByQuota = true;
            if (!m_sendInFlight) {
                m_timer->stop();
                setPhase(Phase::HeldByQuota);
            }
        }
        Q_EMIT changed();
        return;
    }
    qCInfo(lcScheduler) << "quota: available again";
    if (running && !m_sendInFlight) {
        const bool interrupted = std::exchange(m_interruptedByQuota, false);
        setPhase(Phase::Idle);
        // As the extension: re-sending the current task comes first; "Continue" only when
        // resuming is off and auto-continue on.
        if (interrupted && m_settings->boolValue(SettingKey::QuotaResumeQueue)) {
            m_retried = false;
            sendStep(Source::Resend);
        } else if (interrupted && m_settings->boolValue(SettingKey::QuotaAutoContinue)) {
            m_retried = false;
            sendStep(Source::Continue, m_settings->stringValue(SettingKey::QuotaContinuePrompt));
        } else {
            continueCurrent();
        }
    } else if (!running) {
        Q_EMIT quotaBackWithoutQueue();
    }
    Q_EMIT changed();
}

// ---- status -------------------------------------------------------------------------------

QJsonObject QueueRunner::status() const
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

} // namespace mpa
