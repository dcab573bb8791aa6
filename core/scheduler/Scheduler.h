#pragma once
// Feeds the IDE agent prompts: every N minutes, daily at HH:MM, or from a queue that
// advances when the agent falls silent. The façade the rest of the app talks to; it composes
// the parts and forwards their signals:
//
// - QueueRunner: the queue (task and check prompts, the silence rule, retries, quota holds,
//   recovery of a step a crash cut off);
// - PeriodicPrompter: interval and daily prompts, and "Continue" when the quota comes back with
//   no queue running;
// - PromptSender: every send, in or outside the queue (send, count, record), the history and
//   the counters;
// - SchedulerStore: the files in the config dir (queue.json, history.json, stats.json), saved
//   as they change.
//
// Time comes from a Clock; the chat is a ChatChannel. Both are injected.

#include "PeriodicPrompter.h"
#include "PromptHistory.h"
#include "PromptQueue.h"
#include "PromptSender.h"
#include "QueueRunner.h"
#include "SchedulerStore.h"
#include "chat/ChatChannel.h"

#include <QJsonObject>
#include <QObject>
#include <QStringList>

#include <chrono>

namespace mpa {

class Scheduler : public QObject
{
    Q_OBJECT
public:
    using Phase = QueueRunner::Phase;

    // The fixed rules of the queue and of prompts that meet the user typing (see the parts).
    static constexpr std::chrono::milliseconds kMinimumAfterSend = QueueRunner::kMinimumAfterSend;
    static constexpr std::chrono::milliseconds kObserveInterval = QueueRunner::kObserveInterval;
    static constexpr std::chrono::milliseconds kRetryDelay = QueueRunner::kRetryDelay;
    static constexpr std::chrono::milliseconds kUserTypingDelay = PromptSender::kUserTypingDelay;
    static constexpr std::chrono::milliseconds kStartDebounce = QueueRunner::kStartDebounce;
    static constexpr int kTypingRetries = PeriodicPrompter::kTypingRetries;
    static constexpr std::chrono::milliseconds kTypingRetryWindow = PeriodicPrompter::kTypingRetryWindow;

    Scheduler(Settings *settings, ChatChannel *chat, Clock *clock, const QString &dataDir,
              QObject *parent = nullptr);
    ~Scheduler() override;

    // Loads the saved queue, history and stats (recovering an interrupted run), arms the
    // interval / daily schedule, and starts the queue when schedule/autoStartQueue says so.
    void start();
    // Saves everything and stops the timers. A running queue is saved paused.
    void shutdown();
    bool isStarted() const { return m_started; }

    // Queue control. Each returns whether it was done; refused, `error` says why.
    bool startQueue(QString *error = nullptr);
    bool pauseQueue(QString *error = nullptr);
    bool resumeQueue(QString *error = nullptr);
    bool stopQueue(QString *error = nullptr);
    bool skipPrompt(QString *error = nullptr);
    // Stops the queue and puts it back to its first prompt, keeping its prompts.
    bool rewindQueue(QString *error = nullptr);
    // Stops the queue and empties it (the extension's resetQueue).
    bool clearQueue(QString *error = nullptr);
    // Replaces the task prompts (not while the queue runs); refused, nothing changed, when
    // queue.json cannot be written (then queueSaveFailed()).
    bool setQueue(const QStringList &prompts, QString *error = nullptr);
    bool queueSaveFailed() const;

    // Sends one prompt now, outside the queue (into `conversation`, or the one configured
    // when empty), and records it in the history.
    void sendPrompt(const QString &text, const QString &conversation, QObject *context,
                    ChatChannel::SendCallback done);

    const PromptQueue &queue() const { return m_runner->queue(); }
    Phase phase() const { return m_runner->phase(); }
    bool isQuotaHeld() const { return m_runner->isQuotaHeld(); }
    QDateTime nextScheduledSend() const { return m_periodic->nextScheduled(); }
    // A prompt outside the queue is waiting for the user to stop typing in the chat box.
    bool isWaitingForTyping() const { return m_periodic->isWaitingForTyping(); }
    const PromptHistory &history() const { return m_sender->history(); }
    const SchedulerStats &stats() const { return m_sender->stats(); }
    int promptsSentThisRun() const { return m_sender->sentThisRun(); }
    // Things the user should know from the last start (a queue recovered, a file moved aside).
    QStringList notices() const { return m_notices; }

    // For the debug API and the UI.
    QJsonObject queueStatus() const;
    QJsonObject scheduleStatus() const;
    QJsonObject statsJson() const;

    static QString phaseName(Phase phase) { return QueueRunner::phaseName(phase); }
    static QString queueFileName() { return SchedulerStore::queueFileName(); }
    static QString historyFileName() { return SchedulerStore::historyFileName(); }
    static QString statsFileName() { return SchedulerStore::statsFileName(); }

public Q_SLOTS:
    // The agent did something a person would see (auto-accept clicked a button, …): the
    // silence window starts again.
    void noteActivity(const QString &source = {});
    // A watched model's quota ran out (true) or came back (false).
    void setQuotaHold(bool held, const QString &reason = {});
    // The app-wide Pause (tray, Dashboard): while on, no interval, daily or "Continue" prompt
    // goes (each one due is recorded as skipped, saying why), and a running queue is paused at
    // its place. Pause off resumes the queue only if Pause paused it and it is still paused
    // there: a queue the user paused, stopped or resumed on its own is left as they put it.
    void setAppPaused(bool paused);

Q_SIGNALS:
    void queueChanged();
    void historyChanged();
    void scheduleChanged();
    // The queue stopped on its own: finished, or a send failed twice.
    void queueStopped(const QString &reason);
    // The queue went through to its end (emitted with queueStopped).
    void queueFinished(const QString &reason);
    // A step of the queue is done (the agent fell silent after it).
    void stepCompleted(int position, const QString &step);
    void notice(const QString &message);

private:
    using Source = PromptSender::Source;

    void onSettingChanged(SettingKey key);
    void load();
    void addNotice(const QString &message);
    // Why a prompt outside the queue may not go now (the quota is spent, the queue runs); empty:
    // it may.
    QString outsideQueueBlocked() const;

    Settings *m_settings;
    Clock *m_clock;
    SchedulerStore m_store;
    PromptSender *m_sender; // every send: counted and recorded
    PeriodicPrompter *m_periodic; // interval, daily and "Continue" outside the queue
    QueueRunner *m_runner; // the queue
    QStringList m_notices;
    bool m_started = false;
    bool m_appPaused = false;
    bool m_queuePausedByApp = false; // the queue is paused because the app-wide Pause paused it
};

} // namespace mpa
