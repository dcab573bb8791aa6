#include "PromptSender.h"

#include "SchedulerStore.h"
#include "common/Clock.h"
#include "settings/Settings.h"

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// What the history says about a send that went through: where it went when not where it was
// asked to, and what happened to the user's draft.
QString sentDetail(const ChatSendOutcome &outcome)
{
    QStringList parts;
    if (!outcome.note.isEmpty())
        parts.append(outcome.note);
    if (outcome.draftSetAside) {
        parts.append(outcome.draftRestored
                         ? PromptSender::tr("the user's draft was set aside and restored")
                         : PromptSender::tr("the user's draft was set aside and could not be restored"));
    }
    return parts.join(u"; "_s);
}

} // namespace

QString PromptSender::sourceName(Source source)
{
    static const QStringList names
        = { u"queue"_s, u"check"_s, u"resend"_s, u"continue"_s, u"interval"_s, u"daily"_s, u"manual"_s };
    return names.value(int(source), u"queue"_s);
}

QString PromptSender::excerpt(const QString &text)
{
    const QString line = text.simplified();
    return line.size() > 60 ? line.left(57) + u"…"_s : line;
}

PromptSender::PromptSender(Settings *settings, ChatChannel *chat, Clock *clock, SchedulerStore *store,
                           QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_chat(chat)
    , m_clock(clock)
    , m_store(store)
    , m_history(settings->intValue(SettingKey::ScheduleHistorySize))
{
}

QString PromptSender::conversation() const
{
    return m_settings->stringValue(SettingKey::ScheduleTargetConversation).trimmed();
}

void PromptSender::saveHistory()
{
    m_store->saveHistory(m_history);
}

void PromptSender::saveStats()
{
    m_store->saveStats(m_stats.toJson());
}

void PromptSender::record(Source source, const QString &text, const ChatSendOutcome &outcome,
                          const QString &outcomeName, const QString &detail)
{
    PromptRecord entry;
    entry.time = m_clock->now();
    entry.source = sourceName(source);
    entry.target = outcome.target;
    entry.conversation = outcome.conversation.isEmpty() ? conversation() : outcome.conversation;
    entry.text = text;
    entry.outcome = outcomeName;
    entry.detail = detail;
    m_history.append(entry);
    saveHistory();
    Q_EMIT historyChanged();
}

void PromptSender::deliver(Source source, const QString &text, const QString &conversationName,
                           const std::function<QString()> &sentNote,
                           const std::function<void(const ChatSendOutcome &)> &after)
{
    auto settle = [this, source, text, sentNote, after](const ChatSendOutcome &outcome) {
        if (outcome.ok) {
            ++m_stats.promptsSent;
            ++m_sentThisRun;
            m_stats.lastSentAt = m_clock->now();
            saveStats();
            QStringList detail;
            if (const QString note = sentNote ? sentNote() : QString(); !note.isEmpty())
                detail.append(note);
            if (const QString sent = sentDetail(outcome); !sent.isEmpty())
                detail.append(sent);
            record(source, text, outcome, u"sent"_s, detail.join(u"; "_s));
        } else if (!outcome.retryLater) {
            ++m_stats.sendFailures;
            saveStats();
            record(source, text, outcome, u"failed"_s, outcome.error);
        }
        if (after)
            after(outcome);
    };
    if (!m_chat) {
        ChatSendOutcome outcome;
        outcome.error = tr("the chat is not available");
        settle(outcome);
        return;
    }
    m_chat->send(text, conversationName, this, settle);
}

} // namespace mpa
