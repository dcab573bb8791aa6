#pragma once
// The brain of a chat-tab bridge session (BridgeSession; DESIGN.md "Bridge turn"): a web chat
// in the agent tab. It sends the chat the first prompt (the protocol, the goal, the session
// keyword, the first snapshot), waits until the chat has finished its reply (no stop button or
// generating sign, the reply unchanged between two looks; the page script says at once when it
// stopped), reads the last assistant message only, and takes the `<tool_code>` commands in it
// that never ran (ToolCode; each has a key made of the turn, its place and its content) for the
// job to run. Then the results, the requests the page made and the page's new snapshot (only
// when it changed) go back to the chat as the next message, redacted. It ends when the chat
// writes <done>…</done>, or at the turn limit. Every wait is on the job's Clock.
//
// With vision (BridgeOptions::vision) each message also carries the target tab's screenshot
// with set-of-marks, uploaded through the chat's file input before the text goes
// (ChatSurface::attachFile), and the chat may answer click_xy / type_xy on its pixels (the job's
// CommandExecutor maps them back, as for a task run). A page whose text the masking changes gets
// no screenshot (pixels cannot be masked); an upload the chat does not show in time leaves the
// message as text only, and the record says why (lastImage).

#include "BridgeRecord.h"
#include "common/ClockTimer.h"
#include "common/Stopwatch.h"
#include "jobs/JobBrain.h"
#include "jobs/ViewCapture.h"
#include "safety/Redactor.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>
#include <optional>

namespace mpa {

class ChatSurface;
struct ChatState;
class Clock;

struct BridgeOptions
{
    int maxTabs = 5;
    int showActionMs = 0; // agent/showActions: the outline before each action on an element
    bool redact = true;
    QList<RedactionRule> rules;
    int snapshotChars = 12000;
    bool allowEval = false;
    // How often the chat is looked at while it writes (the page script also says at once when
    // it stopped).
    std::chrono::milliseconds poll { 200 };
    // A reply with no stop button or generating sign seen is taken once unchanged this long.
    std::chrono::milliseconds quiet { 1500 };
    std::chrono::milliseconds replyTimeout { std::chrono::minutes(10) };
    std::chrono::milliseconds networkSettle { 1000 }; // waiting for requests a command started
    // agent/vision: Auto attaches the screenshot when the chat's profile says it takes images
    // (chatTakesImages); On whenever the chat has a file input; Off never.
    enum class Vision { Auto, On, Off };
    Vision vision = Vision::Off;
    bool chatTakesImages = false; // the chat profile's "images"
    // Where the screenshot is written for the chat's file input (made 0700; each file 0600 and
    // removed once the chat answered), and how long the chat may take to show it.
    QString uploadDir;
    std::chrono::milliseconds attachTimeout { 10000 };
};

class ChatBrain : public QObject, public JobBrain
{
    Q_OBJECT
public:
    static constexpr int kSettleMs = 60; // the page quiet this long after generating: the reply is final
    static constexpr int kDeliveryMs = 2500; // a message that does not show up by then is sent again

    // `record`: the session's record, which the brain reads and writes (turns, digests, the
    // commands it takes); `chat`: the chat in the agent tab (owned by the session).
    ChatBrain(AgentJob *job, BridgeRecord &record, ChatSurface *chat, QStringList toolNames,
              BridgeOptions options, Clock *clock);
    ~ChatBrain() override;

    void begin() override;
    void observed(const AgentJob::Look &look, const QList<JobCommand> &ran) override;
    void answered(const AgentJob::Question &question, bool approve, const QString &text) override;
    bool pausesAtOnce() const override;
    void halt() override;

    // The first prompt for the goal, with the page part (for tests and the README).
    QString introText(const QString &snapshotPart) const;
    // Turn overheads measured so far: from the moment the reply was seen finished to the next
    // message submitted, in ms (for the benchmark).
    const QList<qint64> &turnOverheads() const { return m_overheads; }
    // Whether `text` (what the chat sees) should be masked first.
    QString redacted(const QString &text) const;
    // Whether the messages carry screenshots (agent/vision and the chat's profile).
    bool vision() const { return m_vision; }
    // The look's page text, unchanged; notes what the masking would hide in it, since a page
    // with such text goes without its screenshot (AgentJob::LookOptions::maskPage).
    QString checkPage(const QString &text);
    // What the masking hides in the last look's page ("1 card", "2 email"); empty: nothing.
    const QStringList &pageMasked() const { return m_pageMasked; }

    static QString watchModule() { return QStringLiteral("chatWatch"); }

private:
    // What the redactor finds in `text`, percent-encoded addresses read as addresses.
    Redaction redaction(const QString &text) const;
    void setStatus(BridgeStatus status, const QString &activity);
    void watch(bool on);
    void onWatchReport(const QString &kind, const QJsonObject &data);
    void checkChatThenIntro();
    void send(const QString &text);
    void submit(const QString &text, int attempt);
    // submit() once the screenshot, if any, is in the composer.
    void sendText(const QString &text, int attempt);
    void awaitReply();
    void poll();
    void takeReply();
    void compose(const AgentJob::Look &look);
    void fail(const QString &reason);
    QString toolList() const;
    QString resultLine(const BridgeCommand &command) const;
    // Why the chat's command cannot run at all (an unknown tool, eval while off, a screenshot).
    QString refusalOf(const QString &tool) const;
    // Whether the last message shows up in the conversation (a new user message).
    bool isDelivered(const ChatState &state) const;
    bool isCurrent(quint64 generation) const;
    // The look's screenshot, uploaded into the chat; `then` gets the text that tells the chat
    // about it (empty when it could not go: the record says why).
    void attachImage(const std::function<void(const QString &paragraph)> &then);
    void removeUpload();

    AgentJob *m_job;
    BridgeRecord &m_record;
    QPointer<ChatSurface> m_chat;
    QStringList m_toolNames;
    BridgeOptions m_options;
    Clock *m_clock;
    Redactor m_redactor;
    ClockTimer m_pollTimer;
    Stopwatch m_waiting; // since the message went
    Stopwatch m_quietFor; // since the reply last changed
    QString m_lastDigest; // the last look's reply digest
    int m_lastCount = -1;
    bool m_sawGenerating = false;
    bool m_watching = false;
    bool m_lookAfterSettle = false; // the next look follows the watcher's "settled"
    Stopwatch m_replySeen; // the reply was seen finished (turn overhead)
    QList<qint64> m_overheads;
    bool m_delivered = true; // the last message showed up in the conversation
    QString m_deliveryText; // … the text that must show up (the redacted message)
    int m_deliveryTries = 0;
    int m_baselineUsers = 0; // user messages before the last send
    QString m_baselineLastUser;
    Stopwatch m_sentAt;
    QString m_pendingText; // a message waiting to be sent (kept across a pause)
    bool m_vision = false;
    QStringList m_pageMasked; // what the masking hides in the last look's page ("2 email")
    std::optional<ViewCapture> m_image; // the screenshot for the next message
    bool m_imageAttached = false; // … is in the chat's composer
    QString m_upload; // the screenshot's file while the chat may still read it
};

} // namespace mpa
