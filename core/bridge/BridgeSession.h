#pragma once
// One chat-tab bridge session at work (DESIGN.md "Bridge turn"): an AgentJob (jobs/AgentJob.h:
// each command past the security gate, run once through the toolkit on the session's tabs, the
// mask while it runs, pause / resume / answer / stop) whose brain is a web chat (ChatBrain: the
// first prompt, the reply watcher, the `<tool_code>` protocol, the redacted results).
//
// The record (BridgeRecord) is the state: changed() after every change, so the owner writes it
// to disk before a command runs and after. A session built from a record of a dead process
// goes on from its phase; a command it finds "unknown" is reported to the chat, never re-run.

#include "BridgeRecord.h"
#include "ChatBrain.h"
#include "jobs/AgentJob.h"
#include "jobs/ToolEnvironment.h"
#include "page/PayloadInjector.h"

#include <QObject>
#include <QStringList>

#include <functional>

namespace mpa {

class ChatSurface;
class Clock;

// The browser as a session may use it; made by the actions layer (BridgeActions): the job's
// toolkit, tabs, network log and mask (ToolEnvironment), and the chat.
struct BridgeEnvironment : ToolEnvironment
{
    QString error; // set when the environment could not be made (then nothing else is)
    // The chat in the agent tab; the session takes ownership.
    ChatSurface *chat = nullptr;
    QString profile; // the chat profile's id
    bool chatTakesImages = false; // the profile's "images" (agent/vision auto)
    // The address of a saved tool, or empty, and the saved tools' names.
    std::function<QString(const QString &name)> savedTool;
    std::function<QStringList()> savedToolNames;
};

class BridgeSession : public AgentJob
{
    Q_OBJECT
public:
    BridgeSession(BridgeRecord record, BridgeEnvironment environment, const BridgeOptions &options,
                  Clock *clock, QObject *parent = nullptr);
    ~BridgeSession() override;

    const BridgeRecord &record() const { return m_record; }
    // The user's answer to the gate's question.
    bool answer(bool approve, QString *error = nullptr) { return AgentJob::answer(approve, {}, error); }
    void stop(const QString &reason);

    // The first prompt for the goal (for tests and the README).
    QString introText(const QString &snapshotPart) const { return m_brain.introText(snapshotPart); }
    // Turn overheads measured so far (ms from the reply seen finished to the next message sent).
    const QList<qint64> &turnOverheads() const { return m_brain.turnOverheads(); }
    // The exact text of the last message (as sent, after redaction).
    QString lastSent() const { return m_record.lastSent; }

    static QString newKeyword();
    // The page script that reports when the chat stops generating (register it with PayloadHub
    // and install it in the agent tab).
    static PayloadScript watchScript();
    static QString watchModule() { return ChatBrain::watchModule(); }
    static constexpr int kSettleMs = ChatBrain::kSettleMs;
    static QStringList extraTools();

protected:
    JobBrain *brain() override { return &m_brain; }
    QString refusal(Refusal refusal) const override;
    void recordCommand(const JobCommand &command) override;
    QList<JobCommand> queuedCommands() const override;
    void recordQuestion(const Question &question) override;
    void recordAnswer(const Question &question, bool approve, const QString &text) override;
    void recordPhase(Phase phase, const JobCommand *acting) override;
    void recordPauseRequested() override;
    void recordEnd(End end, const QString &reason) override;
    void recordTabs(const CommandExecutor::Tabs &tabs) override;
    void stamp(const QDateTime &now) override { m_record.updatedAt = now; }
    QString maskText(Phase phase, const JobCommand *acting) const override;
    QString gateQuestion(const JobCommand &command, const QString &reason) const override;

private:
    // The environment, its capture refused while the look's page holds text the masking hides.
    static ToolEnvironment withVisionCheck(const ToolEnvironment &environment, BridgeSession *session);

    BridgeRecord m_record;
    ChatBrain m_brain;
};

} // namespace mpa
