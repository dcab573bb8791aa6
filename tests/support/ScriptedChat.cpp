#include "ScriptedChat.h"

using namespace Qt::StringLiterals;

namespace mpa::test {

void ScriptedChat::failNext(int count, const QString &error, bool retryLater)
{
    for (int i = 0; i < count; ++i) {
        ChatSendOutcome outcome;
        outcome.error = error;
        outcome.retryLater = retryLater;
        m_scripted.append(outcome);
    }
}

ChatSendOutcome ScriptedChat::answer(const QString &text, const QString &conversation, bool ok,
                                     const QString &error, bool retryLater)
{
    ChatSendOutcome outcome;
    outcome.ok = ok;
    outcome.error = error;
    outcome.retryLater = retryLater;
    outcome.target = u"Fixture IDE"_s;
    outcome.conversation = conversation;
    outcome.method = u"enter"_s;
    if (ok) {
        outcome.note = sendNote;
        delivered.append(text);
        userMessages.append(text);
        newReply();
    }
    return outcome;
}

void ScriptedChat::send(const QString &text, const QString &conversation, QObject *, SendCallback done)
{
    attempts.append({ text, conversation });
    if (m_hold) {
        m_held.append({ text, conversation, std::move(done) });
        return;
    }
    if (!m_scripted.isEmpty()) {
        const ChatSendOutcome scripted = m_scripted.takeFirst();
        done(answer(text, conversation, false, scripted.error, scripted.retryLater));
        return;
    }
    done(answer(text, conversation, true, {}, false));
}

void ScriptedChat::answerHeld(bool ok, const QString &error, bool retryLater)
{
    if (m_held.isEmpty())
        return;
    const Held held = m_held.takeFirst();
    held.done(answer(held.text, held.conversation, ok, error, retryLater));
}

void ScriptedChat::observe(QObject *, ObserveCallback done)
{
    ++observations;
    ChatObservation observation;
    observation.ok = !observeFails;
    if (observeFails) {
        observation.error = u"the page is gone"_s;
    } else {
        observation.target = u"Fixture IDE"_s;
        observation.generating = generating;
        observation.replyCount = m_replyCount;
        observation.replyLength = m_replyLength;
        observation.replyDigest = QString::number(m_replyLength);
        observation.recentUserMessages = userMessages.mid(std::max<qsizetype>(0, userMessages.size() - 5));
    }
    done(observation);
}

void ScriptedChat::growReply(int characters)
{
    m_replyLength += characters;
}

void ScriptedChat::newReply()
{
    ++m_replyCount;
    m_replyLength = 0;
}

} // namespace mpa::test
