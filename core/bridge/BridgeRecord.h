#pragma once
// One chat-tab bridge session as it is kept on disk (<config-dir>/bridge/<id>.json, rewritten
// atomically after every change) and shown by the API and the Bridge page: the goal, the agent
// tab (the web chat) and the target tabs, the session keyword, where the session stands, and
// every command the chat asked for with what became of it. This record is the command queue:
// a command still "running" when the app died is read back as "unknown" and never run again.

#include "jobs/JobCommand.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace mpa {

enum class BridgeStatus {
    Starting, // attaching to the chat, sending the first prompt
    WaitingChat, // the chat is writing its reply
    Running, // a command runs on a target tab
    Sending, // the result goes to the chat
    WaitingUser, // the gate holds a command for the user's approval
    Paused,
    Done, // the chat said the goal is reached
    Stopped, // the user stopped it
    Failed,
    Interrupted, // the app stopped while it was under way; resume it to go on
};
QString bridgeStatusName(BridgeStatus status); // "starting", "waiting_chat", …
std::optional<BridgeStatus> bridgeStatusFromName(QStringView name);

// Where the session's loop stands, for a resume after a crash.
enum class BridgePhase {
    AwaitReply, // a message went to the chat; the next reply is the one after `baselineDigest`
    Execute, // commands of the last reply are queued or running
    Send, // the results are ready to go to the chat
};

struct BridgeCommand
{
    using State = JobCommand::State;

    QString key; // "t<turn>-<index>-<hash>": one command of one reply; never run twice
    int turn = 0; // the reply it came from answers the message of this turn
    int index = 0; // its place in that reply
    QString tool; // as the chat named it (after the extension's names are mapped)
    QJsonObject params;
    QString raw; // the block as the chat wrote it (clipped)
    State state = State::Queued;
    QString element; // role and name of the element it acted on: button "Checkout"
    QString result; // what happened, in one line (as the chat is told)
    QString error; // why it failed or was refused
    QString gate; // the risk the gate saw (payment, sending, …), empty when none
    QString decision; // approved / denied by the user; empty when nobody was asked
    QString tab; // the tab it ran on
    QDateTime at;
    qint64 durationMs = 0;

    static QString stateName(State state);
    static std::optional<State> stateFromName(QStringView name);
    bool isFinished() const { return state != State::Queued && state != State::Running; }
    QJsonObject toJson() const;
    static BridgeCommand fromJson(const QJsonObject &json);
};

struct BridgeRecord
{
    QString id;
    QString goal;
    QString keyword; // the word the chat ends its first reply with; finds the chat again
    QString agentTab; // target id of the web chat
    QString agentTitle;
    QString agentUrl;
    QString profile; // the chat profile used (chatgpt, generic, learned-…)
    QStringList targetTabs; // tabs the user gave the session
    QStringList openedTabs; // tabs the chat opened and still holds, oldest first
    QStringList releasedTabs; // tabs the chat opened and let go of at the tab limit
    bool chatOpensTabs = false; // started without target tabs: the chat opens its own
    QString mode = QStringLiteral("careful"); // careful | autonomous (the gate)
    BridgeStatus status = BridgeStatus::Starting;
    BridgePhase phase = BridgePhase::AwaitReply;
    QString reason; // why it ended / failed
    QString activity; // what it is doing, in words ("running click e12 on “Checkout”")
    QString currentTab; // the tab the next command acts on
    int turn = 0; // messages sent to the chat (the first prompt is turn 1)
    int maxTurns = 100;
    QString baselineDigest; // the last reply's digest when the last message was sent
    int baselineCount = -1; // … and the number of replies
    QString lastReplyDigest; // the reply whose commands were taken
    QString lastSnapshotDigest; // the target page as the chat last saw it
    QString lastSent; // the exact text of the last message (after redaction)
    QJsonObject lastMasked; // kind → count, in the last message
    int maskedTotal = 0;
    // agent/vision: what became of the last message's screenshot ("attached: …", or why none
    // went); empty while the session sends none.
    QString lastImage;
    QString doneText; // the chat's summary when it said done
    QList<BridgeCommand> commands;
    QJsonObject question; // pending gate question: {command, text, category}
    QString startedBy; // ui, debug-api, ctl, or an agent's channel
    // The agent that started it ("channel/connection"), the only one besides the user that may
    // see or steer it; empty for the user's own sessions.
    QString owner;
    QDateTime createdAt;
    QDateTime updatedAt;

    bool isFinished() const
    {
        return status == BridgeStatus::Done || status == BridgeStatus::Stopped
            || status == BridgeStatus::Failed;
    }
    // Neither finished nor interrupted: it would go on if its process lived.
    bool isUnderWay() const { return !isFinished() && status != BridgeStatus::Interrupted; }
    // Its process is gone: interrupted with `why`; what was running is unknown, never re-run.
    void interrupt(const QString &why, const QDateTime &now);
    // What was running is unknown (a session that goes on after its process ended).
    void runningToUnknown();
    bool hasKey(const QString &key) const;
    BridgeCommand *command(const QString &key);
    int queued() const; // commands waiting to run
    const BridgeCommand *lastCommand() const; // the newest that ran (or runs)
    // "click e12 on button “Checkout” → ok" or empty.
    QString lastAction() const;

    QJsonObject toJson() const;
    QJsonObject summaryJson() const; // without commands and the last message
    static std::optional<BridgeRecord> fromJson(const QJsonObject &json, QString *error = nullptr);
};

} // namespace mpa
