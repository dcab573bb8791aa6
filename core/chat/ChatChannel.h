#pragma once
// The IDE agent's chat as the scheduler needs it: send a prompt (into a named conversation,
// or the active one) and observe whether the agent is still at work. AgentChat is the real
// one (a ChatSurface on whichever attached page has the chat); the scheduler's tests use a
// scripted one. Callbacks run once, and not at all after `context` is gone.

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace mpa {

struct ChatSendOutcome
{
    bool ok = false;
    QString error; // a sentence naming what went wrong
    bool retryLater = false; // not a failure: the user is typing in the box, try again soon
    QString target; // the page the chat lives in (title)
    QString conversation; // the conversation it went to ("" when the active one is unnamed)
    QString note; // a remark for the history ("no conversation named “x”; sent to the active one …")
    QString method; // how it was submitted: enter, ctrl+enter, button
    bool draftSetAside = false; // the user's draft was taken out of the box before sending
    bool draftRestored = false; // … and put back afterwards
};

struct ChatObservation
{
    bool ok = false;
    QString error;
    QString target;
    bool generating = false; // stop button or a generating indicator is showing
    int replyCount = 0;
    qint64 replyLength = 0; // characters of the last reply
    QString replyDigest; // changes whenever the last reply's text does
    QStringList recentUserMessages; // the last few user messages, oldest first

    // Same replies as `other` (no new reply, no growth).
    bool sameReplies(const ChatObservation &other) const
    {
        return replyCount == other.replyCount && replyLength == other.replyLength
            && replyDigest == other.replyDigest;
    }
};

class ChatChannel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    using SendCallback = std::function<void(const ChatSendOutcome &outcome)>;
    using ObserveCallback = std::function<void(const ChatObservation &observation)>;

    virtual void send(const QString &text, const QString &conversation, QObject *context, SendCallback done)
        = 0;
    virtual void observe(QObject *context, ObserveCallback done) = 0;
};

} // namespace mpa
