#pragma once
// One send of a prompt into the chat, step by step (ChatSurface::send; the rules are in
// ChatSurface.h). Internal to core/chat: used by ChatSurface only.

#include "ChatSurface.h"
#include "common/ClockTimer.h"
#include "common/Stopwatch.h"

#include <QPointer>

#include <chrono>
#include <functional>

namespace mpa {

// Every asynchronous step uses the job as context, so nothing runs after the job is gone; the
// caller's callback runs exactly once, also when the page goes away. Its waits and patience run
// on the surface's Clock.
class ChatSurface::SendJob : public QObject
{
public:
    SendJob(ChatSurface *surface, const QString &text, const SendOptions &options, QObject *context,
            SendCallback done);

    // Runs the send (once: the surface starts one job at a time).
    void start();
    bool started() const { return m_started; }
    // The page went away: the caller is told, with `error`, and the job ends.
    void abort(const QString &error);

private:
    using Next = std::function<void(const ChatState &)>;

    void look(bool withConversations, Next next);
    void later(int ms, std::function<void()> step)
    {
        ClockTimer::singleShot(m_clock, std::chrono::milliseconds(ms), this, std::move(step));
    }
    // The next wait may last `patience` from now.
    void allow(std::chrono::milliseconds patience)
    {
        m_waiting.start();
        m_patience = patience;
    }
    bool outOfPatience() const { return m_waiting.hasExpired(m_patience); }
    // Why the chat's input box was not found, as a sentence naming the selectors.
    QString noInput(const ChatState &s) const;
    static QString activeName(const ChatState &s);

    // The conversation first.
    void onFirstLook(const ChatState &s);
    // The conversation asked for cannot be used (`why`): the prompt goes to the active one.
    void toActiveConversation(const ChatState &s, const QString &why);
    // Then the user's draft.
    void afterConversation(const ChatState &s);
    // A draft that still changes is being typed: wait until it rests.
    void sampleDraft();
    // The prompt in, submitted, confirmed.
    void insertPrompt();
    void verifyInserted(const ChatState &s);
    // Enter, Ctrl+Enter (Cmd+Enter where the browser runs on macOS), the send button: `method`
    // is the one to try now.
    void submit(int method);
    bool confirmed(const ChatState &s) const;
    void pollConfirmed(int method, const QString &name);
    // The draft back.
    void afterSent();
    // Types the draft back once the box takes input again (some chats lock it while the
    // agent answers).
    void restoreDraft();
    void draftNotRestored(const QString &why);
    // The prompt is in the box but was not sent: take it out and give the draft back.
    void cleanUpAndFail(const QString &error);
    void focusInput(bool selectAll, std::function<void(const QString &error)> next);

    void succeed();
    void fail(const QString &error);
    void finish();

    QPointer<ChatSurface> m_surface;
    QString m_text;
    SendOptions m_options;
    SendCallback m_done; // bound to the caller's context
    SendResult m_result;
    QString m_draft;
    QString m_inserted; // the box's exact content right after the prompt went in
    int m_baselineUsers = 0;
    QString m_baselineLastUser;
    QPointer<Clock> m_clock;
    Stopwatch m_waiting; // since the current wait began
    std::chrono::milliseconds m_patience { 0 };
    Stopwatch m_submitted;
    bool m_started = false;
    bool m_finished = false;
};

} // namespace mpa
