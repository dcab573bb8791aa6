#pragma once
// The one way the scheduler's prompts reach the chat — queue steps, interval and daily prompts,
// "Continue", manual sends: send, count, record. It keeps the history and the counters (and
// saves them through the SchedulerStore), so every path counts and records alike.

#include "PromptHistory.h"
#include "chat/ChatChannel.h"

#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>

namespace mpa {

class Clock;
class SchedulerStore;
class Settings;

class PromptSender : public QObject
{
    Q_OBJECT
public:
    // Where a prompt came from, as the history names it.
    enum class Source { Queue, Check, Resend, Continue, Interval, Daily, Manual };
    static QString sourceName(Source source);
    // A prompt on one line, cut to 60 characters, for the log.
    static QString excerpt(const QString &text);
    // How long a prompt that met the user typing in the chat box waits before its next try.
    static constexpr std::chrono::milliseconds kUserTypingDelay { 10'000 };

    PromptSender(Settings *settings, ChatChannel *chat, Clock *clock, SchedulerStore *store,
                 QObject *parent = nullptr);

    // Sends `text` to `conversation` (the configured one when empty). Sent: counted and recorded
    // (with sentNote's words first, when it gives any); failed: counted and recorded; "try later"
    // (the user is typing in the chat box) is neither: the caller decides what it becomes. `after`
    // then sees the outcome.
    void deliver(Source source, const QString &text, const QString &conversation,
                 const std::function<QString()> &sentNote,
                 const std::function<void(const ChatSendOutcome &)> &after);
    // A history entry: `outcomeName` is sent, failed, skipped or a queue status.
    void record(Source source, const QString &text, const ChatSendOutcome &outcome,
                const QString &outcomeName, const QString &detail = {});

    // The conversation prompts go to (schedule/targetConversation); empty: the active one.
    QString conversation() const;
    ChatChannel *chat() const { return m_chat; }

    PromptHistory &history() { return m_history; }
    const PromptHistory &history() const { return m_history; }
    SchedulerStats &stats() { return m_stats; }
    const SchedulerStats &stats() const { return m_stats; }
    int sentThisRun() const { return m_sentThisRun; }
    void saveHistory();
    void saveStats();

Q_SIGNALS:
    void historyChanged();

private:
    Settings *m_settings;
    QPointer<ChatChannel> m_chat;
    Clock *m_clock;
    SchedulerStore *m_store;
    PromptHistory m_history;
    SchedulerStats m_stats;
    int m_sentThisRun = 0;
};

} // namespace mpa
