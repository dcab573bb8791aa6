#pragma once
// Fakes of the pages' models (ui/models): plain data the test sets and the commands the page
// gave, so a page can be built and clicked without an engine or a browser.

#include "autoaccept/AutoAcceptStats.h"
#include "models/BridgeSessionsModel.h"
#include "models/ConnectionModel.h"
#include "models/EndpointsModel.h"
#include "models/HistoryModel.h"
#include "models/QueueModel.h"
#include "models/RunsModel.h"
#include "models/StatsModel.h"
#include "models/TabsModel.h"

#include <QHash>
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

// Runs as plain records (newest first); the page's commands are recorded, and start and resume
// wait until the test answers them.
class FakeRunsModel : public RunsModel
{
public:
    QList<RunRecord> records;
    QStringList active; // the ids under way
    QList<StartRequest> started;
    QStringList calls; // "resume run-1", "answer run-1 yes text", "cancel run-1"
    QString refusal; // when set, answer and cancel are refused with it

    QList<RunRecord> runs() const override { return records; }
    std::optional<RunRecord> run(const QString &runId) const override
    {
        for (const RunRecord &record : records) {
            if (record.id == runId)
                return record;
        }
        return std::nullopt;
    }
    bool isActive(const QString &runId) const override { return active.contains(runId); }
    void start(const StartRequest &request, CommandReply done) override
    {
        started.append(request);
        m_done = std::move(done);
    }
    void resume(const QString &runId, CommandReply done) override
    {
        calls.append(QStringLiteral("resume ") + runId);
        m_done = std::move(done);
    }
    bool answer(const QString &runId, bool approve, const QString &text, QString *error) override
    {
        calls.append(QStringLiteral("answer %1 %2 %3").arg(runId, approve ? u"yes" : u"no", text).trimmed());
        return refused(error);
    }
    bool cancel(const QString &runId, const QString &, QString *error) override
    {
        calls.append(QStringLiteral("cancel ") + runId);
        return refused(error);
    }
    // Answers the last start or resume.
    void finish(const CommandResult &result) { std::exchange(m_done, {})(result); }
    // Puts `record` first (or replaces the one with its id) and says so as the manager would.
    void update(const RunRecord &record)
    {
        const qsizetype at = indexOf(record.id);
        if (at < 0)
            records.prepend(record);
        else
            records[at] = record;
        if (at < 0)
            Q_EMIT listChanged();
        Q_EMIT runChanged(record.id);
    }

private:
    qsizetype indexOf(const QString &runId) const
    {
        for (qsizetype i = 0; i < records.size(); ++i) {
            if (records.at(i).id == runId)
                return i;
        }
        return -1;
    }
    bool refused(QString *error) const
    {
        if (refusal.isEmpty())
            return true;
        if (error)
            *error = refusal;
        return false;
    }

    CommandReply m_done;
};

// Bridge sessions as plain records (newest first) and saved tools; the page's commands are
// recorded, and the asynchronous ones wait until the test answers them.
class FakeBridgeSessionsModel : public BridgeSessionsModel
{
public:
    QList<BridgeRecord> records;
    QStringList active; // the ids under way
    QList<StartRequest> started;
    QStringList
        calls; // "pause s1", "stop s1", "resume s1", "answer s1 yes", "images tab-1 on", "learn tab-1"
    QString refusal; // when set, pause, stop, answer and saving the tools are refused with it
    QList<Tool> tools;
    bool takesImages = false;

    QList<BridgeRecord> sessions() const override { return records; }
    std::optional<BridgeRecord> session(const QString &sessionId) const override
    {
        for (const BridgeRecord &record : records) {
            if (record.id == sessionId)
                return record;
        }
        return std::nullopt;
    }
    QStringList activeSessions() const override { return active; }
    void start(const StartRequest &request, CommandReply done) override
    {
        started.append(request);
        m_done = std::move(done);
    }
    void resume(const QString &sessionId, CommandReply done) override
    {
        calls.append(QStringLiteral("resume ") + sessionId);
        m_done = std::move(done);
    }
    bool pause(const QString &sessionId, QString *error) override
    {
        return command(QStringLiteral("pause ") + sessionId, error);
    }
    bool stop(const QString &sessionId, QString *error) override
    {
        return command(QStringLiteral("stop ") + sessionId, error);
    }
    bool answer(const QString &sessionId, bool approve, QString *error) override
    {
        return command(QStringLiteral("answer %1 %2").arg(sessionId, approve ? u"yes" : u"no"), error);
    }
    QList<Tool> savedTools() const override { return tools; }
    bool setSavedTools(const QList<Tool> &saved, QString *error) override
    {
        if (!command(QStringLiteral("save tools"), error))
            return false;
        tools = saved;
        Q_EMIT toolsChanged();
        return true;
    }
    void chatImages(const QString &tab, std::optional<bool> set, CommandReply done) override
    {
        if (set) {
            calls.append(QStringLiteral("images %1 %2").arg(tab, *set ? u"on" : u"off"));
            takesImages = *set;
        }
        done(CommandResult::success(QJsonObject { { QStringLiteral("images"), takesImages } }));
    }
    void learnChat(const QString &tab, std::function<void(const QString &part)> progress,
                   CommandReply done) override
    {
        calls.append(QStringLiteral("learn ") + tab);
        m_progress = std::move(progress);
        m_done = std::move(done);
    }
    void cancelLearning() override
    {
        calls.append(QStringLiteral("cancel learning"));
        m_progress = {};
        m_done = {};
    }
    // Answers the last start, resume or learnChat.
    void finish(const CommandResult &result) { std::exchange(m_done, {})(result); }
    // Says how the learning goes ("input", then "send").
    void learned(const QString &part) { m_progress(part); }
    // Puts `record` first (or replaces the one with its id) and says so as the manager would.
    void update(const BridgeRecord &record)
    {
        bool added = true;
        for (BridgeRecord &known : records) {
            if (known.id == record.id) {
                known = record;
                added = false;
            }
        }
        if (added) {
            records.prepend(record);
            Q_EMIT listChanged();
        }
        Q_EMIT sessionChanged(record.id);
    }

private:
    bool command(const QString &call, QString *error)
    {
        calls.append(call);
        if (refusal.isEmpty())
            return true;
        if (error)
            *error = refusal;
        return false;
    }

    CommandReply m_done;
    std::function<void(const QString &part)> m_progress;
};

class FakeTabsModel : public TabsModel
{
public:
    QList<CdpTargetInfo> fakeTabs;
    QList<CdpTargetInfo> tabs() const override { return fakeTabs; }
};

// The endpoints as plain rows; Add, Remove and Test are recorded and answered as the test says.
class FakeEndpointsModel : public EndpointsModel
{
public:
    QStringList endpointNames { QStringLiteral("127.0.0.1:9222") };
    QList<Endpoint> rows; // what endpoints() says
    QString keychain; // why the keychain cannot keep a token (empty: it can)
    QList<AddRequest> added;
    QStringList removed; // the entries
    QStringList tested; // the names
    CommandResult addAnswer = CommandResult::success();
    QString removeRefusal; // when set, remove() is refused with it

    QStringList names() const override { return endpointNames; }
    QList<Endpoint> endpoints() const override { return rows; }
    QString nameOf(const QString &entry) const override { return entry.trimmed(); }
    QString keychainProblem() const override { return keychain; }
    void add(const AddRequest &request, QObject *, CommandReply done) override
    {
        added.append(request);
        done(addAnswer);
    }
    bool remove(const QString &entry, QString *error, CommandReply) override
    {
        removed.append(entry);
        if (removeRefusal.isEmpty())
            return true;
        if (error)
            *error = removeRefusal;
        return false;
    }
    void test(const QString &name, CommandReply done) override
    {
        tested.append(name);
        m_testDone = std::move(done);
    }
    // Answers the last test.
    void finishTest(const CommandResult &result) { std::exchange(m_testDone, {})(result); }

private:
    CommandReply m_testDone;
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

// A connection as plain data the test sets; the page's commands are recorded ("probe
// 127.0.0.1:9004", "rewrite vscode 9004", "start chrome 9004", "wait 127.0.0.1:9004",
// "relaunch 777 127.0.0.1:9004"), and the test answers them through the model's signals.
class FakeConnectionModel : public ConnectionModel
{
public:
    QString status = QStringLiteral("Not started");
    QString runHost = QStringLiteral("127.0.0.1");
    quint16 runPort = 9004;
    bool connected = false;
    QString browser;
    QList<Ide> fakeIdes;
    QHash<QString, Launcher> launchers; // by IDE id
    std::optional<RunningIde> running;
    bool relaunching = false;
    qint64 nextPid = 4242; // what startIde() gives; 0: the start fails with `startError`
    QString startError;
    bool startedRunning = false;
    QString output; // what the started program wrote
    QString outputFile;
    bool waiting = false;
    QStringList calls;

    QString statusLine() const override { return status; }
    QString host() const override { return runHost; }
    quint16 port() const override { return runPort; }
    bool isConnected() const override { return connected; }
    QString browserVersion() const override { return browser; }
    void probe(const QString &host, quint16 port) override
    {
        calls.append(QStringLiteral("probe %1:%2").arg(host).arg(port));
    }
    QList<Ide> ides() const override { return fakeIdes; }
    Launcher launcher(const QString &ideId) const override { return launchers.value(ideId); }
    bool rewriteLauncher(const QString &ideId, quint16 port, QString *) override
    {
        calls.append(QStringLiteral("rewrite %1 %2").arg(ideId).arg(port));
        Launcher &changed = launchers[ideId];
        changed.rewritten = true;
        changed.port = port;
        return true;
    }
    bool restoreLauncher(const QString &ideId, QString *) override
    {
        calls.append(QStringLiteral("restore ") + ideId);
        launchers[ideId].rewritten = false;
        return true;
    }
    bool canStartIde(const QString &ideId) const override { return launchers.value(ideId).found; }
    qint64 startIde(const QString &ideId, quint16 port, QString *error) override
    {
        calls.append(QStringLiteral("start %1 %2").arg(ideId).arg(port));
        if (nextPid == 0 && error)
            *error = startError;
        startedRunning = nextPid != 0;
        return nextPid;
    }
    bool startedIdeRunning() const override { return startedRunning; }
    QString startedIdeOutput(int) const override { return output; }
    QString startedIdeOutputFile() const override { return outputFile; }
    void waitForIde(const QString &host, quint16 port, std::chrono::milliseconds) override
    {
        calls.append(QStringLiteral("wait %1:%2").arg(host).arg(port));
        waiting = true;
    }
    bool isWaiting() const override { return waiting; }
    void cancelWait() override
    {
        calls.append(QStringLiteral("cancelWait"));
        waiting = false;
    }
    std::optional<RunningIde> runningIde(const QString &) const override { return running; }
    bool isRelaunching() const override { return relaunching; }
    void relaunch(qint64 pid, const QString &host, quint16 port) override
    {
        calls.append(QStringLiteral("relaunch %1 %2:%3").arg(pid).arg(host).arg(port));
        relaunching = true;
    }

    // The wait for a started IDE ends, as the probe ends it.
    void finishWait(const ProbeResult &result)
    {
        waiting = false;
        Q_EMIT waitFinished(result);
    }
    // The started program ends (a start's exit code, or killed).
    void endStartedIde(int exitCode, bool crashed)
    {
        startedRunning = false;
        Q_EMIT startedIdeExited(exitCode, crashed);
    }
    // The restart is done.
    void finishRelaunch(const RelaunchResult &result)
    {
        relaunching = false;
        Q_EMIT relaunchFinished(result);
    }
};

} // namespace mpa::test
