#pragma once
// Feeds the IDE agent prompts: every N minutes, daily at HH:MM, or from a queue that
// advances when the agent falls silent.
//
// The queue sends its task prompts in order, each optionally followed by the check prompt;
// `consume` removes a task prompt once it is done, `loop` starts over after the last. A step
// is done when the agent has been silent — no clicks (noteActivity), no generation, no growth
// of the reply — for `silenceTimeoutS`, counted from 10 s after the chat confirmed the step at
// the earliest (an agent that takes a moment to start is not silent). A failed send is tried
// once more, then the queue stops and says why. While the quota of a model the user watches
// is spent the queue holds; when it returns the current prompt is sent again
// (quota/resumeQueue) or "Continue" is sent (quota/autoContinue).
//
// Interval and daily prompts (and "Continue" outside the queue) are the PeriodicPrompter's; every
// send, in or outside the queue, goes through the PromptSender (send, count, record); the silence
// after a step is the SilenceDetector's and the files are the SchedulerStore's. This class runs
// the queue and is the façade the rest of the app talks to.
//
// Everything is saved in the config dir as it changes (queue.json, history.json,
// stats.json). A step is marked "sending" before it is handed to the chat, so after a crash
// or kill the next start finds it, pauses there and marks it "sent, unconfirmed": it is
// never dropped, and never sent again unless the user resumes and the chat does not show it.
//
// Time comes from a Clock; the chat is a ChatChannel. Both are injected.

#include "PeriodicPrompter.h"
#include "PromptHistory.h"
#include "PromptQueue.h"
#include "PromptSender.h"
#include "SchedulerStore.h"
#include "SilenceDetector.h"
#include "chat/ChatChannel.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <chrono>
#include <limits>
#include <optional>

namespace mpa {

class Scheduler : public QObject
{
    Q_OBJECT
public:
    enum class Phase {
        Idle, // nothing under way (stopped, paused, or about to act)
        Sending, // a step is with the chat
        RetryWait, // waiting to try a failed send again
        WaitingForSilence, // the step was sent; waiting for the agent to fall silent
        HeldByQuota, // a watched model's quota is spent
    };
    Q_ENUM(Phase)

    // The fixed rules of the queue (see the class comment).
    static constexpr std::chrono::milliseconds kMinimumAfterSend { 10'000 };
    static constexpr std::chrono::milliseconds kObserveInterval { 1'000 };
    static constexpr std::chrono::milliseconds kRetryDelay { 5'000 };
    static constexpr std::chrono::milliseconds kUserTypingDelay = PeriodicPrompter::kUserTypingDelay;
    static constexpr std::chrono::milliseconds kStartDebounce { 2'000 };
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

    // Queue control. Each returns an empty string when done, else why it was refused.
    QString startQueue();
    QString pauseQueue();
    QString resumeQueue();
    QString stopQueue();
    QString skipPrompt();
    QString resetQueue();
    // Replaces the task prompts (not while the queue runs).
    QString setQueue(const QStringList &prompts);

    // Sends one prompt now, outside the queue (into `conversation`, or the one configured
    // when empty), and records it in the history.
    void sendPrompt(const QString &text, const QString &conversation, QObject *context,
                    ChatChannel::SendCallback done);

    const PromptQueue &queue() const { return m_queue; }
    Phase phase() const { return m_phase; }
    bool isQuotaHeld() const { return m_quotaHeld; }
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

    static QString phaseName(Phase phase);
    static QString queueFileName() { return SchedulerStore::queueFileName(); }
    static QString historyFileName() { return SchedulerStore::historyFileName(); }
    static QString statsFileName() { return SchedulerStore::statsFileName(); }

public Q_SLOTS:
    // The agent did something a person would see (auto-accept clicked a button, …): the
    // silence window starts again.
    void noteActivity(const QString &source = {});
    // A watched model's quota ran out (true) or came back (false).
    void setQuotaHold(bool held, const QString &reason = {});

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
    void saveQueue();
    void addNotice(const QString &message);
    // Why a prompt outside the queue may not go now (the quota is spent, the queue runs); empty:
    // it may.
    QString outsideQueueBlocked() const;

    // Queue.
    void continueCurrent();
    void sendStep(Source source, const QString &overrideText = {});
    void onSendOutcome(quint64 token, const QString &text, const ChatSendOutcome &outcome);
    void verifyDelivery();
    void beginSilenceWait();
    void observeForSilence();
    void onObservation(quint64 token, const ChatObservation &observation);
    void completeStep();
    void moveToNext(bool completed);
    void finishQueue(const QString &reason);
    void stopWithError(const QString &reason);
    QString stepText() const;
    QString conversation() const;
    void setPhase(Phase phase);
    void changed();

    Settings *m_settings;
    QPointer<ChatChannel> m_chat;
    Clock *m_clock;
    SchedulerStore m_store;
    PromptSender *m_sender; // every send: counted and recorded
    PeriodicPrompter *m_periodic; // interval, daily and "Continue" outside the queue

    PromptQueue m_queue;
    QStringList m_notices;

    ClockTimer *m_queueTimer; // retry waits and silence observations
    Phase m_phase = Phase::Idle;
    bool m_started = false;
    quint64 m_token = 0; // the queue step whose outcomes still count
    bool m_sendInFlight = false;
    bool m_observing = false;
    bool m_retried = false; // the current step failed once already
    bool m_verifying = false;
    Source m_stepSource = Source::Queue; // what the current step's send is (for a retry)
    QString m_stepOverride; // its text when it is not the item's ("Continue")
    qint64 m_lastStartMs = std::numeric_limits<qint64>::min() / 2;
    SilenceDetector m_silence { kMinimumAfterSend };
    QString m_verifyProblem; // why the chat could not be seen while checking a step arrived
    bool m_quotaHeld = false;
    QString m_quotaReason;
    bool m_interruptedByQuota = false; // a sent step was cut off by the quota
};

} // namespace mpa
