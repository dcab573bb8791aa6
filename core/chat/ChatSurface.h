#pragma once
// The chat of an IDE agent panel or a web chat in one target (page, webview or frame),
// driven by a ChatSelectors set: find the prompt box, put a prompt in without losing the
// user's draft, submit it, tell whether the agent is generating, read the last reply, list
// the conversations and switch to one. Used by the scheduler (through AgentChat) and, later,
// the chat-tab bridge.
//
// The user's draft: a prompt never waits for the box to be empty. When the box holds a draft
// (text that is not the prompt), ChatSurface first waits while it is still changing (the user
// is typing; after `typingPatience` it gives up with retryLater), then replaces it with the
// prompt, submits, and types the draft back once the chat has taken the prompt — as plain
// text: formatting or mentions inside a rich draft come back as their text. If the prompt
// is not taken, the draft is put back all the same. Text that equals the prompt (left over
// from an interrupted send) is replaced, not restored.
//
// The conversation: a send may name one; ChatSurface switches to it first. When the chat has
// no conversation of that name (or the name fits several), the prompt goes to the active
// conversation and SendResult::note says so, as the original extension did: a queue does not
// stop over a renamed or closed conversation.
//
// Submitting: Enter, then Ctrl+Enter (Cmd+Enter when the browser's user agent says macOS,
// whatever OS the app runs on), then a click on the send button;
// each is confirmed (the box no longer holds the prompt, or a new user message appeared)
// before the next is tried — at once when the key only became a line break in the box, which
// is then undone. Typing,
// keys and clicks are trusted CDP input (Input.insertText / dispatchKeyEvent /
// dispatchMouseEvent); the payload (payload/chat.js) only reads the DOM, focuses and selects.
// One send runs at a time per surface; later ones wait their turn.

#include "ChatChannel.h"
#include "ChatState.h"
#include "common/CommandResult.h"
#include "page/PayloadInjector.h"
#include "profiles/ChatSelectors.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointF>
#include <QPointer>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace mpa {

class Clock;

class ChatSurface : public QObject
{
    Q_OBJECT
public:
    struct SendOptions
    {
        QString conversation; // switch to this conversation first; empty or not there: the active one
        std::chrono::milliseconds confirmTimeout { 1500 }; // per submit method
        std::chrono::milliseconds draftQuiet { 700 }; // a draft unchanged this long is not being typed
        std::chrono::milliseconds typingPatience { 20000 };
    };
    // What the channel reports (target is left to the caller), and the draft itself.
    struct SendResult : ChatSendOutcome
    {
        QString draft; // the user's draft that was set aside
    };
    using StateCallback = std::function<void(const ChatState &state)>;
    using SendCallback = std::function<void(const SendResult &result)>;

    static constexpr const char *kModule = "chat";
    // The payload module every surface needs in its target (register it with PayloadHub).
    static PayloadScript payloadScript();

    ChatSurface(PayloadInjector *injector, const ChatSelectors &selectors, QObject *parent = nullptr);
    ~ChatSurface() override;

    PayloadInjector *injector() const { return m_injector; }
    CdpSession *session() const;
    // The page's title as the chat last saw it (else the target's title or URL).
    QString title() const;
    const ChatSelectors &selectors() const { return m_selectors; }
    // The clock its waits run on (a send's patience, its polls): the owner's, so tests move a
    // FakeClock; without one, the system clock.
    void setClock(Clock *clock);
    Clock *clock();
    void setSelectors(const ChatSelectors &selectors) { m_selectors = selectors; }

    // One look at the chat, in the frame that has the prompt box (the main frame first).
    void readState(bool withReplyText, bool withConversations, QObject *context, StateCallback done);
    void send(const QString &text, const SendOptions &options, QObject *context, SendCallback done);
    bool isSending() const { return !m_jobs.isEmpty(); }

    // Attaches the local file at `path` (one the browser can read: the app's own, on this
    // machine) to the message being written: the chat's file input (chat.fileInput, else one that
    // takes images, nearest the prompt box) gets it through DOM.setFileInputFiles — as if the user
    // had picked it, so the chat's own change handlers run — and the answer comes once the chat
    // shows one more attachment (chat.attachment, else common preview markup), or fails after
    // `timeout` saying so (NotFound when the chat has no file input at all).
    void attachFile(const QString &path, std::chrono::milliseconds timeout, QObject *context,
                    CommandReply done);

    // One look each, answered as CommandResult (Unavailable when the look failed): `data` is whether the
    // agent is generating (a bool), the last reply's text (a string), or the conversations
    // ({"conversations": [{"name", "active"}], "active": name}, see conversationsJson).
    void isGenerating(QObject *context, const CommandReply &done);
    void lastReply(QObject *context, const CommandReply &done);
    void conversations(QObject *context, const CommandReply &done);
    void selectConversation(const QString &name, QObject *context, CommandReply done);

    // The tab `name` names: equal (case and spacing aside), else the only one containing it.
    // Names are read without the age some chats show after them ("Fix the parser 3m").
    static int matchConversation(const QList<ChatConversation> &list, const QString &name, QString *error);

private:
    class SendJob;
    friend class SendJob;
    struct PendingRead;

    // A payload call in one frame (empty: the frame the chat was found in).
    void call(const QString &function, QJsonObject args, const QString &frameId, QObject *context,
              std::function<void(const QJsonValue &value, const CdpError &error)> done);
    // Trusted input.
    void insertText(const QString &text, QObject *context, std::function<void(const CdpError &)> done);
    void pressKey(const QString &key, int modifiers, QObject *context,
                  std::function<void(const CdpError &)> done);
    void clickAt(QPointF point, QObject *context, std::function<void(const CdpError &)> done);
    // Meta for a browser on macOS, Control elsewhere (CdpInput::primaryModifier).
    int primaryModifier() const;
    // Clicks the send button, the stop button or a tab: trusted where its position is known
    // in the target's viewport, a DOM click otherwise.
    void clickElement(const QString &what, int index, QObject *context, const CommandReply &done);
    void runNextJob();
    void pageGone();
    void waitUntilActive(const QString &name, qint64 deadlineMs, const CommandReply &done);
    // attachFile(): until the chat shows more than `before` attachments, or `deadlineMs`.
    void waitForAttachment(int before, qint64 deadlineMs, std::chrono::milliseconds timeout,
                           const CommandReply &done);

    QPointer<PayloadInjector> m_injector;
    QPointer<Clock> m_clock;
    ChatSelectors m_selectors;
    QString m_frameId; // where the prompt box was last found
    QString m_title; // the document's title as last seen
    QList<SendJob *> m_jobs;
    QList<std::weak_ptr<PendingRead>> m_reads;
};

} // namespace mpa
