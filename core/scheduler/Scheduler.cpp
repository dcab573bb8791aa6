#include "Scheduler.h"

#include "common/BoundCallback.h"
#include "common/Clock.h"
#include "logging/LogCategories.h"
#include "settings/Settings.h"

#include <utility>

using namespace Qt::StringLiterals;

namespace mpa {

Scheduler::Scheduler(Settings *settings, ChatChannel *chat, Clock *clock, const QString &dataDir,
                     QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_clock(clock)
    , m_store(dataDir)
    , m_sender(new PromptSender(settings, chat, clock, &m_store, this))
    , m_periodic(new PeriodicPrompter(
          settings, clock, m_sender, [this] { return outsideQueueBlocked(); }, this))
    , m_runner(new QueueRunner(settings, clock, m_sender, &m_store, this))
{
    connect(m_sender, &PromptSender::historyChanged, this, &Scheduler::historyChanged);
    connect(m_periodic, &PeriodicPrompter::scheduleChanged, this, &Scheduler::scheduleChanged);
    connect(m_runner, &QueueRunner::changed, this, [this] {
        // Resumed, stopped or started again meanwhile: no longer the app's pause to undo.
        if (m_runner->queue().state != PromptQueue::State::Paused)
            m_queuePausedByApp = false;
        Q_EMIT queueChanged();
    });
    connect(m_runner, &QueueRunner::stopped, this, &Scheduler::queueStopped);
    connect(m_runner, &QueueRunner::finished, this, &Scheduler::queueFinished);
    connect(m_runner, &QueueRunner::stepCompleted, this, &Scheduler::stepCompleted);
    connect(m_runner, &QueueRunner::quotaBackWithoutQueue, this, [this] {
        if (m_settings->boolValue(SettingKey::QuotaAutoContinue))
            m_periodic->sendContinue();
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
    const PromptQueue &queue = m_runner->queue();
    const bool autoStart = m_settings->boolValue(SettingKey::ScheduleAutoStartQueue)
        && m_settings->boolValue(SettingKey::ScheduleEnabled)
        && m_settings->stringValue(SettingKey::ScheduleMode) == u"queue"_s;
    if (autoStart && queue.state == PromptQueue::State::Stopped && !queue.isEmpty()) {
        qCInfo(lcScheduler) << "schedule/autoStartQueue is on: starting the queue";
        if (QString refused; !startQueue(&refused))
            qCWarning(lcScheduler).noquote() << "the queue did not start:" << refused;
    } else if (autoStart && queue.state == PromptQueue::State::Paused) {
        qCInfo(lcScheduler)
            << "schedule/autoStartQueue is on, but the queue was left paused; it waits for you "
               "to resume it";
    }
    Q_EMIT queueChanged();
}

void Scheduler::shutdown()
{
    if (!m_started)
        return;
    m_started = false;
    m_periodic->stop(tr("the app quit while it waited for the user to stop typing in the chat box"));
    m_runner->shutdown();
    m_sender->saveHistory();
    m_sender->saveStats();
}

void Scheduler::load()
{
    SchedulerStore::Loaded loaded = m_store.load();
    for (const QString &notice : std::as_const(loaded.notices))
        addNotice(notice);
    for (const QString &warning : std::as_const(loaded.queueWarnings))
        qCWarning(lcScheduler).noquote() << "queue.json:" << warning;
    m_sender->history().loadJson(loaded.history);
    m_sender->stats() = SchedulerStats::fromJson(loaded.stats);
    // After the history: a step a crash cut off is recorded there.
    if (const QString recovered = m_runner->restore(std::move(loaded.queue), loaded.queueExisted);
        !recovered.isEmpty())
        addNotice(recovered);
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

// ---- the queue ----------------------------------------------------------------------------

bool Scheduler::startQueue(QString *error)
{
    return m_runner->start(error);
}

bool Scheduler::pauseQueue(QString *error)
{
    return m_runner->pause(error);
}

bool Scheduler::resumeQueue(QString *error)
{
    return m_runner->resume(error);
}

bool Scheduler::stopQueue(QString *error)
{
    return m_runner->stop(error);
}

bool Scheduler::skipPrompt(QString *error)
{
    return m_runner->skip(error);
}

bool Scheduler::rewindQueue(QString * /*error: never refused*/)
{
    m_runner->reset();
    return true;
}

bool Scheduler::clearQueue(QString *error)
{
    const qsizetype prompts = m_runner->queue().items.size();
    m_runner->reset();
    if (!m_runner->setPrompts({}, error))
        return false;
    qCInfo(lcScheduler).noquote() << u"queue cleared: %1 prompt(s) removed"_s.arg(prompts);
    return true;
}

bool Scheduler::setQueue(const QStringList &prompts, QString *error)
{
    return m_runner->setPrompts(prompts, error);
}

bool Scheduler::queueSaveFailed() const
{
    return m_runner->lastSaveFailed();
}

void Scheduler::noteActivity(const QString &source)
{
    m_runner->noteActivity(source);
}

void Scheduler::setQuotaHold(bool held, const QString &reason)
{
    m_runner->setQuotaHold(held, reason);
}

void Scheduler::setAppPaused(bool paused)
{
    if (m_appPaused == paused)
        return;
    m_appPaused = paused;
    if (paused) {
        m_queuePausedByApp = m_runner->queue().state == PromptQueue::State::Running && m_runner->pause();
    } else if (std::exchange(m_queuePausedByApp, false)
               && m_runner->queue().state == PromptQueue::State::Paused) {
        m_runner->resume();
    }
}

QString Scheduler::outsideQueueBlocked() const
{
    if (m_appPaused)
        return tr("the app is paused (Pause in the tray or on the Dashboard)");
    if (m_runner->isQuotaHeld())
        return tr("the quota of a watched model is spent: %1").arg(m_runner->quotaReason());
    if (m_runner->isRunning())
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
    const QString target
        = conversationName.trimmed().isEmpty() ? m_sender->conversation() : conversationName.trimmed();
    m_sender->deliver(Source::Manual, text, target, {}, [this, text, finish](const ChatSendOutcome &outcome) {
        // The user is typing in the chat box: the caller is told; nothing was sent.
        if (outcome.retryLater)
            m_sender->record(Source::Manual, text, outcome, u"skipped"_s, outcome.error);
        finish(outcome);
    });
}

// ---- status -------------------------------------------------------------------------------

QJsonObject Scheduler::queueStatus() const
{
    return m_runner->status();
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
        { u"targetConversation"_s, m_sender->conversation() },
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
