#pragma once
// Fakes of the pages' models (ui/models): plain data the test sets and the commands the page
// gave, so a page can be built and clicked without an engine or a browser.

#include "autoaccept/AutoAcceptStats.h"
#include "models/EndpointsModel.h"
#include "models/HistoryModel.h"
#include "models/QueueModel.h"
#include "models/StatsModel.h"

#include <QPointer>

namespace mpa::test {

class FakeHistoryModel : public HistoryModel
{
public:
    struct Sent
    {
        QString text;
        QString conversation;
    };

    QList<PromptRecord> records; // oldest first, as the scheduler keeps them
    QList<Sent> sent;

    QList<PromptRecord> entries() const override { return records; }
    void sendPrompt(const QString &text, const QString &conversation, QObject *context,
                    ChatChannel::SendCallback done) override
    {
        sent.append({ text, conversation });
        m_context = context;
        m_done = std::move(done);
    }
    // Answers the last sendPrompt as the scheduler would when it is done.
    void finishSend(const ChatSendOutcome &outcome)
    {
        if (m_context && m_done)
            std::exchange(m_done, {})(outcome);
    }

private:
    QPointer<QObject> m_context;
    ChatChannel::SendCallback m_done;
};

// A queue that does what the scheduler's does to its state, and says which commands came.
class FakeQueueModel : public QueueModel
{
public:
    PromptQueue fakeQueue;
    QStringList calls; // "start", "pause", "resume", "skip", "stop", "setQueue"
    QString refusal; // when set, every command is refused with it
    std::optional<QString> window;

    PromptQueue queue() const override { return fakeQueue; }
    bool waitingForSilence() const override { return false; }
    QDateTime nextScheduledSend() const override { return {}; }
    QString withPhase(const QString &status) const override { return status; }
    QString startBlocker() const override
    {
        if (fakeQueue.state == PromptQueue::State::Running)
            return QStringLiteral("The queue is running.");
        return fakeQueue.isEmpty() ? QStringLiteral("The queue is empty.") : QString();
    }
    bool setQueue(const QStringList &prompts, QString *error) override
    {
        return command(u"setQueue", error, [&] { fakeQueue.replace(prompts); });
    }
    bool start(QString *error) override
    {
        return command(u"start", error, [&] { fakeQueue.state = PromptQueue::State::Running; });
    }
    bool pause(QString *error) override
    {
        return command(u"pause", error, [&] { fakeQueue.state = PromptQueue::State::Paused; });
    }
    bool resume(QString *error) override
    {
        return command(u"resume", error, [&] { fakeQueue.state = PromptQueue::State::Running; });
    }
    bool skip(QString *error) override
    {
        return command(u"skip", error, [&] { ++fakeQueue.position; });
    }
    bool stop(QString *error) override
    {
        return command(u"stop", error, [&] { fakeQueue.state = PromptQueue::State::Stopped; });
    }
    std::optional<QString> windowTitle() const override { return window; }
    void findWindow(QObject *, CommandReply done) override { done(CommandResult::success()); }
    void listConversations(QObject *, CommandReply done) override { done(CommandResult::success()); }

private:
    template<typename Change> bool command(QStringView name, QString *error, Change change)
    {
        calls.append(name.toString());
        if (!refusal.isEmpty()) {
            if (error)
                *error = refusal;
            return false;
        }
        change();
        Q_EMIT changed();
        return true;
    }
};

class FakeEndpointsModel : public EndpointsModel
{
public:
    QStringList endpointNames { QStringLiteral("127.0.0.1:9222") };
    QStringList names() const override { return endpointNames; }
};

// The Dashboard's data as plain fields; the switches record what the page asked for.
class FakeStatsModel : public StatsModel
{
public:
    // `configDir` holds the counters' file (a temporary folder).
    explicit FakeStatsModel(const QString &configDir)
        : fakeCounters(configDir)
    {
    }

    QString status = QStringLiteral("Connected to 127.0.0.1:9222 · 1 page");
    bool running = true;
    bool connected = true;
    bool autoAccept = false;
    bool paused = false;
    QString holdReason; // non-empty: the quota is used up
    QString glance;
    QList<Page> fakePages;
    QList<PageCounts> fakePageCounts;
    AutoAcceptStats fakeCounters;
    QList<bool> autoAcceptSet, pausedSet; // what the page's switches asked for

    QString statusLine() const override { return status; }
    bool isRunning() const override { return running; }
    bool isConnected() const override { return connected; }
    QString pausedPagesText() const override { return {}; }
    bool autoAcceptEnabled() const override { return autoAccept; }
    void setAutoAcceptEnabled(bool enabled) override
    {
        autoAcceptSet.append(enabled);
        autoAccept = enabled;
        Q_EMIT changed();
    }
    bool autoAcceptOverridden() const override { return false; }
    bool isPaused() const override { return paused; }
    bool pauseOffered() const override { return autoAccept || paused; }
    QString pauseToolTip() const override { return QStringLiteral("Pause auto-accept"); }
    void setPaused(bool pause) override
    {
        pausedSet.append(pause);
        paused = pause;
    }
    bool quotaHolding() const override { return !holdReason.isEmpty(); }
    QString quotaHoldReason() const override { return holdReason; }
    QString quotaAtAGlance() const override { return glance; }
    QList<Page> pages() const override { return fakePages; }
    QString withEndpoint(const QString &text, const QString &) const override { return text; }
    const AutoAcceptStats &counters() const override { return fakeCounters; }
    QList<PageCounts> pageCounts() const override { return fakePageCounts; }
};

} // namespace mpa::test
