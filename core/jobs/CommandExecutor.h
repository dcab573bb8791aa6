#pragma once
// Runs the commands of an agent job, one at a time (DESIGN.md "LLM task run", "Bridge turn"):
// the element a command names is looked up first, the security gate judges what the action
// would do (and may hold it for the user), then the toolkit runs it — timed on the job's Clock —
// and its effects are read from the answer (navigation, new tabs, dialogs). The job's tabs are
// kept here: tabs it opens count against its limit (the oldest is let go, not closed), a tab a
// click opened becomes the current one, and a job may close only the tabs it opened.

#include "JobCommand.h"
#include "JobSecrets.h"
#include "ToolEnvironment.h"
#include "ViewCapture.h"
#include "safety/SecurityGate.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>

namespace mpa {

class Clock;

class CommandExecutor : public QObject
{
    Q_OBJECT
public:
    struct Policy
    {
        SecurityGate::Mode mode = SecurityGate::Mode::Careful;
        SecurityGate::Floor floor = SecurityGate::Floor::PaymentAndCredentials;
        QStringList startSites; // leaving them is a risk; empty: no site rule
        // Tabs the job opens itself are counted: beyond this many, the oldest is let go. 0: the
        // toolkit's own limit only, and new tabs go to the toolkit as asked.
        int maxTabs = 0;
        bool closeOwnTabsOnly = false; // tab close: only a tab the job opened
        // open_tool {name}: the address of a saved tool (empty when none), and their names.
        std::function<QString(const QString &name)> savedTool;
        std::function<QStringList()> savedToolNames;
        // Secrets the commands may type as <secret:name> (fill/type, on their site only, asked
        // about as credentials); their values never come back in a command's record.
        JobSecrets secrets;
        // Before acting on an element, outline it this long (and wait as long) so a person sees
        // what the agent does; 0: no outline (agent/showActions).
        int showActionMs = 0;
    };
    // How long an element is outlined before an action when agent/showActions is on.
    static constexpr int kShowActionMs = 600;

    struct Tabs
    {
        QString current; // where a command without a tab acts
        QStringList opened; // tabs the job opened and still holds, oldest first
        QStringList released; // tabs it opened and let go at its limit
    };

    // What the gate made of a command.
    struct Check
    {
        enum class Outcome { Run, Ask, Over };
        Outcome outcome = Outcome::Run;
        JobCommand command; // with its element and the gate's category filled in
        QString reason; // Ask: the gate's sentence ("“Pay now” looks like a payment …")
    };

    // Tools that act on one element named by `ref`: the gate looks at the element first.
    static bool isElementTool(const QString &tool);
    // Tools the job itself provides on top of the toolkit's.
    static QStringList jobTools() { return { QStringLiteral("open_tab"), QStringLiteral("open_tool") }; }
    // Tools that act at a point of the last screenshot ({x, y} in its pixels): click_xy, type_xy
    // {text}. The element under the point is judged by the gate as a click or a typing on it
    // would be; one the page cannot name is asked about. Run as the toolkit's `mouse` click (and
    // `type` into what it focused).
    static bool isPointTool(const QString &tool);

    CommandExecutor(ToolEnvironment tools, Clock *clock, QObject *parent = nullptr);

    void setPolicy(Policy policy) { m_policy = std::move(policy); }
    const Policy &policy() const { return m_policy; }
    // The page the job saw last: where the gate judges an action to start from.
    void setPageUrl(const QString &url) { m_pageUrl = url; }
    QString pageUrl() const { return m_pageUrl; }
    const Tabs &tabs() const { return m_tabs; }
    void setTabs(Tabs tabs) { m_tabs = std::move(tabs); }
    void setCurrentTab(const QString &tab);
    // The screenshot the brain saw last (point tools name points of it); none: they are refused.
    void setView(const std::optional<ViewCapture> &view) { m_view = view; }
    const std::optional<ViewCapture> &view() const { return m_view; }

    // The element and the gate, before anything happens.
    void check(JobCommand command, std::function<void(const Check &check)> done);
    // Runs a command that passed the gate (or that the user approved): `done` gets it finished.
    void perform(JobCommand command, std::function<void(const JobCommand &command)> done);
    // A toolkit call of the job's own (its start page, a look), dropped like the commands'.
    void call(const QString &type, const QJsonObject &params, CommandReply reply);
    // Answers of calls under way are dropped from now on (the job paused or ended).
    void cancel() { ++m_generation; }

Q_SIGNALS:
    void tabsChanged();

private:
    // perform() after the outline's moment.
    void act(const JobCommand &command, const std::function<void(const JobCommand &command)> &done);
    // act() once a command that types a secret is known to be on the secret's site still.
    void actNow(const JobCommand &command, const std::function<void(const JobCommand &command)> &done);
    void openTab(const JobCommand &command, const QString &url,
                 const std::function<void(const JobCommand &)> &done);
    void ran(JobCommand command, const CommandResult &result, qint64 started,
             const std::function<void(const JobCommand &)> &done);
    void adopt(const QString &tab);
    // check() of a point tool: the element under the point, then the gate.
    void checkPoint(JobCommand command, const std::function<void(JobCommand, const QJsonObject &)> &judge,
                    std::function<void(const Check &check)> done);
    // actNow() of a point tool: the element under the point again (the page may have moved while
    // the user was asked), then the mouse (and the keys).
    void actAtPoint(const JobCommand &command, const std::function<void(const JobCommand &command)> &done);
    // What a point's element is, to tell whether it is still the one judged.
    static QString signatureOf(const QJsonObject &facts);
    static JobCommand over(JobCommand command, JobCommand::State state, const QString &error);

    ToolEnvironment m_tools;
    QPointer<Clock> m_clock;
    // The element of the command checked last (its key): its box, for the outline before it runs.
    QString m_outlineKey;
    QJsonObject m_outlineBox;
    std::optional<ViewCapture> m_view;
    // The point command checked last (its key): the document point and the element judged there.
    QString m_pointKey;
    QPointF m_pointDocument;
    QString m_pointSignature;
    Policy m_policy;
    QString m_pageUrl;
    Tabs m_tabs;
    quint64 m_generation = 0;
};

} // namespace mpa
