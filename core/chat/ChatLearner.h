#pragma once
// Observation mode: learns where an unknown web chat's parts are from the user's own two
// clicks. Armed in a tab (payload/chat-learn.js), it waits for the user to click the chat's
// input, then its send button, and reports selectors for each (stable attributes first: an id
// that does not look generated, data-testid and its kin, aria-label, name, placeholder, a
// role with a stable class, then a short path). When the input held text at the send, it
// also watches the page for the user's message and the reply that follow, and learns
// selectors for those; otherwise (or when they do not come within `messageWait`) the generic
// profile's message, stop and generating selectors stand in. A file input for images in the
// composer (by the input and the send button) is learned as chat.fileInput: the chat takes images.
//
// A reload or navigation while armed arms the new document where the old one was (the
// module's config is pushed into every new document); the tab going away fails the learning.
// The caller saves the result as a user profile (WebChatProfile::learnedFor, WebChatProfiles::save).

#include "common/Clock.h"
#include "common/ClockTimer.h"
#include "page/PayloadInjector.h"
#include "profiles/ChatSelectors.h"

#include <QObject>
#include <QPointer>

#include <chrono>

namespace mpa {

class ChatLearner : public QObject
{
    Q_OBJECT
public:
    static constexpr const char *kModule = "chatLearn";
    // The payload module the learner needs in its tab (register it with PayloadHub).
    static PayloadScript payloadScript();

    // `clock` times the waits (the system clock when null).
    explicit ChatLearner(PayloadInjector *injector, QObject *parent = nullptr, Clock *clock = nullptr);
    ~ChatLearner() override;

    // Arms the page; fails when the user has not clicked both parts within `timeout`.
    void start(std::chrono::milliseconds timeout);
    // Disarms the page; no signal follows.
    void cancel();
    bool isActive() const { return m_active; }

    // How long to wait for the user's message and the reply after the send click before
    // settling for the generic message selectors (default 20 s).
    void setMessageWait(std::chrono::milliseconds wait) { m_messageWait = wait; }

    // The learned input and send button (and messages, when learned) over the generic
    // profile's other selectors.
    ChatSelectors selectors() const;
    // What the learned input looked like: its tag and label ("textarea", "Message #general").
    QString inputLabel() const { return m_inputLabel; }

Q_SIGNALS:
    void progress(const QString &part); // "input", then "send" (then "messages" when learned)
    void learned(const mpa::ChatSelectors &selectors);
    void failed(const QString &error); // a sentence: timeout, tab gone, …

private:
    void onReport(const QString &module, const QString &kind, const QJsonObject &data,
                  const QString &frameId);
    void finish();
    void fail(const QString &error);
    void arm();
    void disarm();

    QPointer<PayloadInjector> m_injector;
    ChatSelectors m_base;
    QStringList m_input;
    QStringList m_send;
    QStringList m_userMessage;
    QStringList m_reply;
    QStringList m_fileInput; // the composer's file input for images, when it has one
    QString m_inputLabel;
    Clock *m_clock;
    ClockTimer m_timeout;
    ClockTimer m_messageTimer;
    std::chrono::milliseconds m_messageWait { 20000 };
    bool m_active = false;
};

} // namespace mpa
