#pragma once
// Every chat-tab bridge session of this config dir: starts them, keeps each one's file
// (<config-dir>/bridge/<id>.json) up to date after every change, pauses, resumes and stops
// them, answers the gate's questions, and lists the history. At start (load) sessions a dead
// process left under way are marked interrupted, and their running command "unknown — not
// re-run". The saved tools (named addresses the chat may open with open_tool) live in
// <config-dir>/bridge/tools.json.
//
// The browser side (the chat in the agent tab, the toolkit in the session's name, the network
// log, the mask) comes from a factory the actions layer sets, so this module never depends on
// the servers or the toolkit's internals.

#include "BridgeRecord.h"
#include "BridgeSession.h"
#include "jobs/JobManager.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <chrono>
#include <functional>
#include <optional>

namespace mpa {

class Clock;
class Settings;

struct SavedTool
{
    QString name; // what the chat says: open_tool {"name": "Jira"}
    QString url;
};

class BridgeManager : public QObject
{
    Q_OBJECT
public:
    // Makes the browser side of a session (null `error` set when it cannot: the tab is gone …).
    using EnvironmentFactory = std::function<BridgeEnvironment(const BridgeRecord &record)>;
    // Observation mode: learns the chat in `tab` from the user's two clicks; `done` answers
    // {"profileId": the saved profile's id}, or why not (NotFound no such tab, Conflict the learner
    // gave up, Internal the profile could not be saved). `progress` says "input", then "send". The
    // ChatLearner it makes is a child of this manager, so cancelLearning() reaches it.
    using Learner = std::function<void(const QString &tab, std::function<void(const QString &part)> progress,
                                       CommandReply done)>;

    // Whether the chat in `tab` takes images (its profile's "images"): read when `set` is empty,
    // else set and saved as the user's profile of that chat (a copy of the bundled one, or one
    // for the chat's site when only the generic profile fits). `done` answers {profileId, images},
    // or why not (NotFound no such tab, Internal the profile could not be saved).
    using ChatImages = std::function<void(const QString &tab, std::optional<bool> set, CommandReply done)>;

    // Finds the chat of a session again: `done` gets `tab` when it is still there, else the tab
    // whose page shows `keyword` (the chat's first reply ends with it), else empty.
    using ChatLocator = std::function<void(const QString &tab, const QString &keyword,
                                           std::function<void(const QString &found)> done)>;

    struct StartRequest
    {
        QString agentTab; // the web chat's tab (target id)
        QStringList targetTabs; // empty: the chat opens its own tabs
        QString goal;
        QString mode; // careful | autonomous; empty: careful
        QString startedBy; // ui, debug-api, ctl, or an agent's channel: name
        QString owner; // the agent that may see and steer it (BridgeRecord::owner); empty: the user's
    };

    BridgeManager(Settings *settings, Clock *clock, const QString &bridgeDir, QObject *parent = nullptr);
    ~BridgeManager() override;

    void setEnvironmentFactory(EnvironmentFactory factory) { m_factory = std::move(factory); }
    void setLearner(Learner learner) { m_learner = std::move(learner); }
    void setChatImages(ChatImages chatImages) { m_chatImages = std::move(chatImages); }
    void setChatLocator(ChatLocator locator) { m_locator = std::move(locator); }
    // For tests and the benchmark: how often a session looks at the chat while it writes.
    void setPollInterval(std::chrono::milliseconds poll) { m_pollOverride = poll; }
    QString folder() const { return m_dir; }

    // Marks sessions a dead process left under way as interrupted, reads the rest.
    void load();
    QStringList notices() const { return m_notices; }

    // `done` gets {"sessionId"} or why not (BadInput).
    void start(const StartRequest &request, const CommandReply &done);
    // Each returns whether it was done; refused, `error` says why.
    bool stop(const QString &sessionId, QString *error = nullptr);
    bool pause(const QString &sessionId, QString *error = nullptr);
    // Goes on with a paused session, or an interrupted one (after a crash or a restart):
    // {"sessionId"}, or NotFound for a session that is not there, Conflict for one that cannot go
    // on.
    void resume(const QString &sessionId, CommandReply done);
    // The user's answer to the gate's question.
    bool answer(const QString &sessionId, bool approve, QString *error = nullptr);

    std::optional<BridgeRecord> session(const QString &sessionId) const { return m_jobs.record(sessionId); }
    QList<BridgeRecord> sessions() const { return m_jobs.records(); } // newest first
    // Under way (paused and waiting ones included).
    QStringList activeSessions() const { return m_jobs.liveIds(); }
    BridgeSession *live(const QString &sessionId) const { return m_jobs.live(sessionId); }

    QList<SavedTool> savedTools() const { return m_tools; }
    // Saves the list; false with `error` saying why not (a name twice, an address that is not
    // http(s), the file could not be written), the saved list then unchanged.
    bool setSavedTools(const QList<SavedTool> &tools, QString *error = nullptr);

    // Whether the chat in `tab` takes images, or set it (see ChatImages).
    void chatImages(const QString &tab, std::optional<bool> set, CommandReply done);
    // Observation mode (see Learner).
    void learnChat(const QString &tab, std::function<void(const QString &part)> progress, CommandReply done);
    // Stops the learning under way, if any: the page is disarmed, nothing is saved, and the
    // learning's `progress` and `done` are never called again.
    void cancelLearning();

    // One line for the window and the tray: "Bridge: running click e12 on “Checkout” · 2 queued ·
    // last: fill e4 → ok".
    static QString statusLine(const BridgeRecord &record);

Q_SIGNALS:
    void sessionChanged(const QString &sessionId);
    void questionAsked(const QString &sessionId, const QString &question);
    void sessionFinished(const QString &sessionId);
    void listChanged();
    void toolsChanged();

private:
    // `refused`: the kind of a failure (BadInput for a new session, Conflict for a resumed one).
    void launch(BridgeRecord record, ErrorKind refused, const CommandReply &done);
    void loadTools();

    Settings *m_settings;
    Clock *m_clock;
    QString m_dir;
    EnvironmentFactory m_factory;
    Learner m_learner;
    ChatImages m_chatImages;
    quint64 m_learning = 0; // the learning whose answers count; cancelLearning() moves on
    ChatLocator m_locator;
    JobManager<BridgeRecord, BridgeSession> m_jobs;
    QList<SavedTool> m_tools;
    QStringList m_notices;
    std::chrono::milliseconds m_pollOverride { 0 };
};

} // namespace mpa
