#pragma once
// The IDE agent's chat, scripted: a ChatChannel for the scheduler's tests. Sends are
// answered at once (or held until the test answers them), with outcomes the test queues;
// observations report what the test set (generating, reply growth, user messages).

#include "chat/ChatChannel.h"

#include <QList>

namespace mpa::test {

class ScriptedChat : public ChatChannel
{
    Q_OBJECT
public:
    struct Attempt
    {
        QString text;
        QString conversation;
    };

    using ChatChannel::ChatChannel;

    void send(const QString &text, const QString &conversation, QObject *context, SendCallback done) override;
    void observe(QObject *context, ObserveCallback done) override;

    // The next `count` sends fail with `error` (or ask to be retried later when `retryLater`).
    void failNext(int count, const QString &error, bool retryLater = false);
    // Sends wait until answerHeld() while this is on.
    void setHoldSends(bool hold) { m_hold = hold; }
    void answerHeld(bool ok, const QString &error = {}, bool retryLater = false);
    int heldSends() const { return int(m_held.size()); }

    // The agent's visible state.
    bool generating = false;
    bool observeFails = false;
    void growReply(int characters = 20);
    void newReply();

    QString sendNote; // the note every delivered send carries (e.g. "sent to the active conversation")
    QList<Attempt> attempts; // every send asked for
    QStringList delivered; // texts the chat took, in order
    QStringList userMessages; // what the transcript shows (delivered, plus what a test adds)
    int observations = 0;

private:
    struct Held
    {
        QString text;
        QString conversation;
        SendCallback done;
    };
    ChatSendOutcome answer(const QString &text, const QString &conversation, bool ok, const QString &error,
                           bool retryLater);

    QList<ChatSendOutcome> m_scripted;
    bool m_hold = false;
    QList<Held> m_held;
    int m_replyCount = 0;
    qint64 m_replyLength = 0;
};

} // namespace mpa::test
