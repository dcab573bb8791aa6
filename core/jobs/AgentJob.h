#pragma once
// One agent job at work — a task run, a bridge session — with its brain swapped in (JobBrain:
// a model, a web chat): observe the page → the brain decides → each command past the security
// gate (held for the user when it must ask) → the toolkit → the command recorded → observe
// again, until the brain or the user ends it. The job owns what both kinds share: the phases,
// pause / resume / answer / stop, the mask on the tab it works in, the gate, the tabs, the
// clock, and the rule that a command is saved as running before it runs, so one found running
// after the app stopped is reported unknown and never run twice.
//
// A kind of job (TaskRunner, BridgeSession) derives from AgentJob and keeps its own record (the
// file format of its history): the protected hooks below are where the job tells it what
// happened, and changed() follows every change so its owner writes the record at once.

#include "CommandExecutor.h"
#include "JobCommand.h"
#include "Observation.h"
#include "ToolEnvironment.h"
#include "ViewCapture.h"
#include "common/Clock.h"

#include <QDateTime>
#include <QJsonArray>
#include <QList>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>
#include <optional>

namespace mpa {

class Clock;
class JobBrain;

class AgentJob : public QObject
{
    Q_OBJECT
public:
    enum class Phase { Idle, Observing, Thinking, Checking, Acting, Reflecting, Waiting, Paused, Finished };
    Q_ENUM(Phase)
    enum class End { Done, Failed, Stopped };

    // A question the job waits on: the gate holding a command, or the brain's own.
    struct Question
    {
        enum class Kind { Gate, Brain };
        Kind kind = Kind::Brain;
        QString text;
        QString category; // gate: payment, credentials, …
        JobCommand command; // gate: the command held
        QDateTime askedAt;
    };

    // One look at the page (observe()).
    struct Look
    {
        bool ok = false;
        QString error; // why the page could not be read
        bool first = false; // the job's first look
        Observation page;
        QJsonArray tabs; // the job's tabs as the toolkit lists them (LookOptions::listTabs)
        QList<NetworkEntry> requests; // the page's requests since the last commands, newest 5
        // LookOptions::vision: the viewport with the refs in view marked, when it could be taken
        // (else `viewError` says why; the look goes on as text).
        std::optional<ViewCapture> view;
        QString viewError;
    };

    // How the job looks at the page.
    struct LookOptions
    {
        QString goal; // what the observation ranks the page's lines by
        int budget = 12000; // characters of page text
        QJsonObject snapshot; // snapshot params beyond viewport and tab
        bool tabAlways = true; // name the current tab in every look (else in the first only)
        bool listTabs = false;
        // The page's text as it may leave for the brain (masked), applied before the budget
        // cuts lines away, so a cut never keeps part of a value from the masking. Empty: as read.
        std::function<QString(const QString &text)> maskPage;
        // After commands ran: wait at most this long for the requests they started.
        std::chrono::milliseconds settle {
            0
        }; // agent/vision: each look also takes a screenshot with set-of-marks (ToolEnvironment::capture).
        bool vision = false;
        int visionMaxSide = ViewCapture::kMaxSide;
    };

    enum class Refusal { Ended, NotPaused, NotWaiting };

    AgentJob(ToolEnvironment tools, Clock *clock, QObject *parent = nullptr);
    ~AgentJob() override;

    Phase phase() const { return m_phase; }
    static QString phaseName(Phase phase);
    Clock *clock() const { return m_clock; }
    const ToolEnvironment &tools() const { return m_tools; }
    CommandExecutor *executor() const { return m_executor; }
    // Answers that come back after a pause or the end carry an older generation and are dropped.
    quint64 generation() const { return m_generation; }
    bool isOver() const { return m_over; }
    const std::optional<Question> &question() const { return m_question; }
    QString currentTab() const { return m_executor->tabs().current; }

    // The user's side. start(): a new job begins, a resumed one goes on (the brain reads the
    // record to see from where). Each bool call says whether it was done; refused, `error`
    // says why.
    void start();
    bool pause(QString *error = nullptr);
    bool resume(QString *error = nullptr);
    bool answer(bool approve, const QString &text, QString *error = nullptr);
    void finish(End end, const QString &reason);

    // The brain's side.
    void setLookOptions(LookOptions options) { m_look = std::move(options); }
    // Screenshots with the looks from now on, or no more (a model that refused an image).
    void setVision(bool on) { m_look.vision = on; }
    bool vision() const { return m_look.vision; }
    // Looks at the page (after the network settled, when commands ran), then
    // JobBrain::observed() with what ran since the brain last decided.
    void observe();
    // Records the commands and runs those queued, one at a time; then looks again (observe())
    // — or ends, after finishAfterCommands().
    void run(const QList<JobCommand> &commands);
    // Runs the commands the record still holds queued (a job resumed in the middle of them).
    void runQueued();
    void finishAfterCommands(End end, const QString &reason) { m_finishAfter = { end, reason }; }
    // Records a command that is not run: one the brain refused, or its own (done, ask_user).
    void record(const JobCommand &command);
    // The brain's own question to the user; answer() hands the reply to JobBrain::answered().
    void ask(const QString &text);
    void setPhase(Phase phase);
    // Holds the job here when a pause was asked for: true when it did (the brain stops).
    bool holdForPause();
    // A toolkit call of the job's own (a start page, a look), dropped after a pause or the end.
    void call(const QString &type, const QJsonObject &params, CommandReply reply);
    // Marks a change of the record (updatedAt, changed()).
    void touch();

Q_SIGNALS:
    void changed(); // the record changed: save it
    void phaseChanged(mpa::AgentJob::Phase phase);
    void questionAsked(const QString &question);
    void finished();

protected:
    // The kind's part.
    virtual JobBrain *brain() = 0;
    virtual QString refusal(Refusal refusal) const = 0;
    // A command was queued, started running, or is over: the record keeps it as it is now.
    virtual void recordCommand(const JobCommand &command) = 0;
    virtual QList<JobCommand> queuedCommands() const { return {}; }
    virtual void recordQuestion(const Question &question) = 0;
    virtual void recordAnswer(const Question &question, bool approve, const QString &text) = 0;
    // The job's phase (and the command it is busy with, when checking or acting).
    virtual void recordPhase(Phase phase, const JobCommand *acting) = 0;
    // A pause was asked for and waits for a safe point.
    virtual void recordPauseRequested() { }
    virtual void recordEnd(End end, const QString &reason) = 0;
    virtual void recordTabs(const CommandExecutor::Tabs &tabs) = 0;
    virtual void stamp(const QDateTime &now) = 0; // updatedAt
    // The mask's text in `phase` (empty: no mask then).
    virtual QString maskText(Phase phase, const JobCommand *acting) const = 0;
    // The question the gate puts to the user for `command`, with the gate's `reason`.
    virtual QString gateQuestion(const JobCommand &command, const QString &reason) const = 0;

private:
    void executeNext();
    void perform(JobCommand command);
    void commandOver(const JobCommand &command);
    void askUser(Question question);
    void look(const QString &tab);
    // The screenshot of a look (LookOptions::vision), then onLook().
    void view(Look look, const QString &tab, const QJsonObject &page);
    void onLook(Look look);
    void updateMask();
    void onTabsChanged();

    ToolEnvironment m_tools;
    QPointer<Clock> m_clock;
    CommandExecutor *m_executor;
    LookOptions m_look;
    Phase m_phase = Phase::Idle;
    quint64 m_generation = 0;
    bool m_over = false;
    bool m_pauseRequested = false;
    bool m_firstLook = true;
    QList<JobCommand> m_queue;
    QList<JobCommand> m_ran; // since the brain last looked
    std::optional<JobCommand> m_acting; // the command being checked or run
    // The command the executor runs now. Its mask stays up whatever phase the brain moves the
    // job to meanwhile (the chat's brain reads the chat while a long command runs).
    std::optional<JobCommand> m_running;
    std::optional<Question> m_question;
    std::optional<std::pair<End, QString>> m_finishAfter;
    // The requests the last commands started are read on this tab, after this mark.
    QString m_batchTab;
    qint64 m_batchMark = 0;
    bool m_settleNext = false;
    bool m_maskShown = false;
    QString m_maskTab;
};

} // namespace mpa
