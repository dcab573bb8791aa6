#pragma once
// Runs the prompt queue: sends its task prompts in order, each optionally followed by the check
// prompt; `consume` removes a task prompt once it is done, `loop` starts over after the last. A
// step is done when the SilenceDetector finds the agent silent — no clicks (noteActivity), no
// generation, no growth of the reply — for `silenceTimeoutS`, counted from kMinimumAfterSend
// after the chat confirmed the step at the earliest. A failed send is tried once more, then the
// queue stops and says why. While the quota of a model the user watches is spent the queue
// holds; when it returns the current prompt is sent again (quota/resumeQueue, first, as the
// extension did) or else "Continue" is sent (quota/autoContinue).
//
// The queue is saved (SchedulerStore) as it changes, and a step is marked "sending" before it
// is handed to the chat: after a crash or kill, restore() finds it, pauses there and marks it
// "sent, unconfirmed". It is never dropped, and never sent again unless the user resumes and the
// chat does not show it. Every send goes through the PromptSender.

#include "PromptQueue.h"
#include "PromptSender.h"
#include "SilenceDetector.h"

#include <QJsonObject>
#include <QObject>

#include <chrono>
#include <limits>

namespace mpa {

class Clock;
class ClockTimer;
class SchedulerStore;
class Settings;

class QueueRunner : public QObject
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
    static QString phaseName(Phase phase);

    // The fixed rules of the queue (see the class comment).
    static constexpr std::chrono::milliseconds kMinimumAfterSend { 10'000 };
    static constexpr std::chrono::milliseconds kObserveInterval { 1'000 };
    static constexpr std::chrono::milliseconds kRetryDelay { 5'000 };
    static constexpr std::chrono::milliseconds kStartDebounce { 2'000 };

    QueueRunner(Settings *settings, Clock *clock, PromptSender *sender, SchedulerStore *store,
                QObject *parent = nullptr);

    // Takes the queue as it was loaded (`existed`: queue.json was there). A run a crash or kill
    // cut off is paused at its step, which is marked "sent, unconfirmed" and recorded in the
    // history; the sentence that says so is returned (empty when nothing was cut off).
    QString restore(PromptQueue queue, bool existed);
    // Stops the timer and saves the queue; a running queue is saved paused.
    void shutdown();

    // Queue control. Each returns whether it was done; refused, `error` says why.
    bool start(QString *error = nullptr);
    bool pause(QString *error = nullptr);
    bool resume(QString *error = nullptr);
    bool stop(QString *error = nullptr);
    bool skip(QString *error = nullptr);
    void reset();
    // Replaces the task prompts (not while the queue runs). Refused, nothing changed, when
    // queue.json cannot be written (then lastSaveFailed()).
    bool setPrompts(const QStringList &prompts, QString *error = nullptr);
    bool lastSaveFailed() const { return m_lastSaveFailed; }

    const PromptQueue &queue() const { return m_queue; }
    bool isRunning() const { return m_queue.state == PromptQueue::State::Running; }
    Phase phase() const { return m_phase; }
    bool isQuotaHeld() const { return m_quotaHeld; }
    QString quotaReason() const { return m_quotaReason; }
    // The queue, its phase, the current step, the silence wait and the quota hold, for the debug
    // API and the UI.
    QJsonObject status() const;

public Q_SLOTS:
    // The agent did something a person would see (auto-accept clicked a button, …): the
    // silence window starts again.
    void noteActivity(const QString &source = {});
    // A watched model's quota ran out (true) or came back (false).
    void setQuotaHold(bool held, const QString &reason = {});

Q_SIGNALS:
    void changed();
    // The queue stopped on its own: finished, or a send failed twice.
    void stopped(const QString &reason);
    // The queue went through to its end (emitted with stopped).
    void finished(const QString &reason);
    // A step of the queue is done (the agent fell silent after it).
    void stepCompleted(int position, const QString &step);
    // The quota came back while no queue ran: whoever sends outside the queue may go on.
    void quotaBackWithoutQueue();

private:
    using Source = PromptSender::Source;

    void onTimer();
    void continueCurrent();
    void sendStep(Source source, const QString &overrideText = {});
    void onSendOutcome(quint64 token, const QString &text, const ChatSendOutcome &outcome);
    void retryLater(std::chrono::milliseconds delay);
    void verifyDelivery();
    void onVerifyObservation(const QString &text, const ChatObservation &observation);
    void beginSilenceWait();
    void observeForSilence();
    void onObservation(quint64 token, const ChatObservation &observation);
    void completeStep();
    void moveToNext(bool completed);
    void halt(PromptQueue::State state, const UserText &reason);
    // halt() as the user asked (pause, stop, reset): logged as `logLine`, then changed().
    void haltAsked(PromptQueue::State state, const UserText &reason, const char *logLine);
    void finishQueue(const UserText &reason);
    void stopWithError(const UserText &reason);
    // Answers about the current step no longer steer the queue; its retry and quota marks go.
    void leaveStep();
    // Stops the timer; idle unless a send is under way (its outcome sets the phase).
    void settle();
    void saveQueue();
    QString stepText() const;
    void setPhase(Phase phase) { m_phase = phase; }

    Settings *m_settings;
    Clock *m_clock;
    PromptSender *m_sender;
    SchedulerStore *m_store;
    bool m_lastSaveFailed = false;

    PromptQueue m_queue;
    ClockTimer *m_timer; // retry waits and silence observations
    Phase m_phase = Phase::Idle;
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
