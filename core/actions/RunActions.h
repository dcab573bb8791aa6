#pragma once
// The LLM task runs as commands (DESIGN.md "Debug API", LLM task runs): startRun, getRun,
// listRuns, answerRun, cancelRun, resumeRun — on the debug API, `ctl`, and as MCP / agent
// WebSocket tools, so another agent can hand a browser task over. And the other direction: each
// run acts on the browser through the toolkit's commands in its own name (channel "task-run"),
// so it holds its start tab and the tabs it opens, nothing else.
//
// Rights: a tab given by the user (the Tasks page, `ctl`, the debug API, the `run` command) is
// handed to the run; a tab named by an outside agent goes through toolkit/userTabs consent. A
// risky step the gate holds is approved only by the user, never by the agent that started the
// run (it could otherwise approve its own payments); an agent may answer ask_user questions of
// its own runs. An agent sees and steers only the runs it started (RunRecord::owner).

#include "actions/RunMask.h"
#include "actions/ToolkitCommands.h"
#include "common/CommandResult.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QPointF>
#include <QPointer>
#include <QString>

#include <functional>
#include <optional>

namespace mpa {

class CommandDispatcher;
class RunManager;
struct CommandCaller;

class RunActions
{
public:
    // `mask` (may be null) shows each run's mask in the tab it works in.
    static void install(CommandDispatcher *commands, RunManager *runs, ToolkitCommands *toolkit,
                        RunMask *mask);
    // The channel the runs act in.
    static QString runChannel();
    // Whether `caller` is the user (may hand tabs over and approve risky steps).
    static bool isUser(const CommandCaller &caller);
    // Who owns the jobs `caller` starts: empty for the user, "channel/connection" for an agent.
    static QString ownerOf(const CommandCaller &caller);
    // Whether `caller` may see and steer a job owned by `owner`: the user every job, an agent its
    // own only (another's answers NotFound, as if it did not exist).
    static bool mayTouch(const CommandCaller &caller, const QString &owner);
    // Whether `record` (a run or a bridge session) exists but is another's: answered as if it did
    // not exist.
    template<typename Record>
    static bool hiddenFrom(const CommandCaller &caller, const std::optional<Record> &record)
    {
        return record && !mayTouch(caller, record->owner);
    }

    // What a kind of browser job (task runs, bridge sessions) shares: runs `type` in the job's
    // name (`caller`) on the toolkit's scope, answering Unavailable once the dispatcher is gone.
    static void dispatchAs(const QPointer<CommandDispatcher> &dispatcher, const CommandCaller &caller,
                           const QString &type, const QJsonObject &params, CommandReply reply);
    // Wires the jobs of `channel`, run by `manager`, to the page mask and the toolkit: the mask's
    // stop button calls `stop` with the job's id, and `finished` (the manager's signal with the
    // job's id) hides its mask and releases the tabs it holds.
    template<typename Manager>
    static void wireJobs(Manager *manager, void (Manager::*finished)(const QString &id),
                         const QString &channel, ToolkitCommands *toolkit, RunMask *mask,
                         std::function<void(const QString &id)> stop)
    {
        if (toolkit)
            QObject::connect(manager, finished, toolkit, jobCleanup(toolkit, mask, channel));
        if (mask)
            QObject::connect(mask, &RunMask::stopRequested, manager, std::move(stop));
    }

    // The job's page mask: shown with `text` in `tab`, or hidden (nothing once the mask is gone).
    static std::function<void(bool on, const QString &text, const QString &tab)>
    jobMask(const QPointer<RunMask> &mask, const QString &id);
    // A job's outline of the element it acts on next (RunMask::outline).
    static std::function<void(const QString &tab, const QJsonObject &box, int ms)>
    jobOutline(const QPointer<RunMask> &mask);
    // A job's screenshot with set-of-marks (RunMask::capture), and what is at a point of its tab
    // (PageController::elementAt), for agent/vision.
    static std::function<void(const QString &tab, const QJsonArray &marks, int maxSide, CommandReply reply)>
    jobCapture(const QPointer<RunMask> &mask);
    static std::function<void(const QString &tab, QPointF point, CommandReply reply)>
    jobElementAt(const QPointer<ToolkitCommands> &toolkit);

private:
    static std::function<void(const QString &id)> jobCleanup(ToolkitCommands *toolkit, RunMask *mask,
                                                             const QString &channel);
};

} // namespace mpa
