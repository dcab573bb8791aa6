#pragma once
// One chat-tab bridge session at work (DESIGN.md "Bridge turn"): it sends the web chat in the
// agent tab the first prompt (the protocol, the goal, the session keyword, the first snapshot),
// waits until the chat has finished its reply (no stop button or generating sign, the reply
// unchanged between two looks), reads the last assistant message only, takes the `<tool_code>`
// commands in it that never ran (ToolCode; each has a key made of the turn, its place and its
// content), and runs them one at a time on the session's tabs through the toolkit, each past the
// security gate. Then the results, the requests the page made (NetworkLog) and the page's new
// snapshot (only when it changed) go back to the chat as the next message, redacted. It ends
// when the chat writes <done>…</done>, on Stop, or at the turn limit.
//
// The record (BridgeRecord) is the state: changed() after every change, so the owner writes it
// to disk before a command runs and after. A session built from a record of a dead process
// goes on from its phase; a command it finds "unknown" is reported to the chat, never re-run.

#include "BridgeRecord.h"
#include "common/ClockTimer.h"
#include "common/CommandResult.h"
#include "common/Stopwatch.h"
#include "page/NetworkLog.h"
#include "page/PayloadInjector.h"
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

// The browser as a session may use it; made by the actions layer (BridgeActions).
struct BridgeEnvironment
{
    using Reply = CommandReply;

    QString error; // set when the environment could not be made (then nothing else is)
    // The chat in the agent tab; the session takes ownership.
    ChatSurface *chat = nullptr;
    QString profile; // the chat profile's id
    // Toolkit commands in the session's name (its tabs only).
    std::function<void(const QString &type, const QJsonObject &params, Reply reply)> run;
    // The toolkit's command names and the JSON Schema of each one's params.
    QStringList toolNames;
    std::function<QJsonObject(const QString &type)> schema;
    // The session's current tab (where a command without `tab` acts).
    std::function<QString()> currentTab;
    // Requests of a tab: a mark now, and those after a mark (empty when the tab is not watched).
    std::function<qint64(const QString &tab)> networkMark;
    std::function<QList<NetworkEntry>(const QString &tab, qint64 mark, int limit)> networkSince;
    std::function<int(const QString &tab, qint64 mark)> networkPending;
    // Shows the bridge's mask on a target tab (user input held back) or takes it away.
    std::function<void(bool on, const QString &text, const QString &tab)> mask;
    // Lets go of a tab the chat opened (at the tab limit); the tab stays open.
    std::function<void(const QString &tab)> releaseTab;
    // The address of a saved tool, or empty.
    std::function<QString(const QString &name)> savedTool;
    std::function<QStringList()> savedToolNames;
};

struct BridgeOptions
{
    int maxTabs = 5;
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
};

class BridgeSession : public QObject
{
    Q_OBJECT
public:
    BridgeSession(BridgeRecord record, BridgeEnvironment environment, BridgeOptions options, Clock *clock,
                  QObject *parent = nullptr);
    ~BridgeSession() override;

    const BridgeRecord &record() const { return m_record; }
    // A new session sends its first prompt; a resumed one goes on from its phase.
    void start();
    // Each returns whether it was done; refused, `error` says why.
    bool pause(QString *error = nullptr);
    bool resume(QString *error = nullptr);
    bool answer(bool approve, QString *error = nullptr);
    void stop(const QString &reason);

    // The first prompt for `goal` (for tests and the README).
    QString introText(const QString &snapshotPart) const;
    // Turn overheads measured so far: from the moment the reply was seen finished to the next
    // message submitted, in ms (for the benchmark).
    const QList<qint64> &turnOverheads() const { return m_overheads; }
    // What the redactor found in the last message, and its exact text (as sent).
    QString lastSent() const { return m_record.lastSent; }

    static QString newKeyword();
    // The page script that reports when the chat stops generating (register it with PayloadHub
    // and install it in the agent tab).
    static PayloadScript watchScript();
    static QString watchModule() { return QStringLiteral("chatWatch"); }
    static constexpr int kSettleMs = 60; // the page quiet this long after generating: the reply is final
    static QStringList extraTools() { return { QStringLiteral("open_tab"), QStringLiteral("open_tool") }; }

Q_SIGNALS:
    void changed();
    void questionAsked(const QString &question);
    void finished();

private:
    struct Snapshot
    {
        bool ok = false;
        QString text;
        QString digest;
        QString url;
        QString title;
        QString error;
    };

    void watch(bool on);
    void onWatchReport(const QString &kind, const QJsonObject &data);
    void runTool(const QString &type, const QJsonObject &params, BridgeEnvironment::Reply reply);
    void setStatus(BridgeStatus status, const QString &activity);
    void touch();
    bool holdForPause();
    void checkChatThenIntro();
    void sendIntro();
    void snapshot(const QString &tab, std::function<void(const Snapshot &)> done);
    void send(const QString &text);
    void submit(const QString &text, int attempt);
    void awaitReply();
    void poll();
    void takeReply();
    void executeNext();
    void runCommand(BridgeCommand command);
    void perform(const QString &key, const QString &element);
    void commandDone(const QString &key, const CommandResult &result);
    void openTab(const QString &key, const QString &url);
    void composeResults();
    void finish(BridgeStatus status, const QString &reason);
    QString toolList() const;
    QString resultLine(const BridgeCommand &command) const;
    static QString summarise(const QString &tool, const QJsonValue &data);
    // Whether the last message shows up in the conversation (a new user message).
    bool isDelivered(const ChatState &state) const;
    static constexpr int kDeliveryMs = 2500;

    BridgeRecord m_record;
    BridgeEnvironment m_env;
    QPointer<ChatSurface> m_chat;
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
    bool m_pauseRequested = false;
    quint64 m_generation = 0;
    qint64 m_batchMark = 0; // the network mark before this reply's commands
    QString m_batchTab;
    Stopwatch m_replySeen; // the reply was seen finished (turn overhead)
    QList<qint64> m_overheads;
    QString m_pageUrl; // the target page as last read (for the gate)
    bool m_delivered = true; // the last message showed up in the conversation
    QString m_deliveryText; // … the text that must show up (the redacted message)
    int m_deliveryTries = 0;
    int m_baselineUsers = 0; // user messages before the last send
    QString m_baselineLastUser;
    Stopwatch m_sentAt;
    QString m_pendingText; // a message waiting to be sent (kept across a pause)
};

} // namespace mpa
