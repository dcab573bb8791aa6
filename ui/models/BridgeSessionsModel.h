#pragma once
// What the Bridge page shows and does: the chat-tab bridge sessions of this config dir (newest
// first) as they change, starting, pausing, resuming, stopping and answering one, the saved tools
// the chat may open by name, and what the page learns of a chat (its message box and send
// button; whether it takes images). Models (ui/models/Models.h) builds it over the engine's
// BridgeManager; tests give the page a fake.

#include "bridge/BridgeRecord.h"
#include "common/CommandResult.h"

#include <QObject>

#include <functional>
#include <optional>

namespace mpa {

class BridgeSessionsModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // A session the user starts from the page.
    struct StartRequest
    {
        QString agentTab; // the web chat's tab (target id)
        QStringList targetTabs; // empty: the chat opens its own tabs
        QString goal;
        QString mode; // careful | autonomous
    };
    // A named address the chat may open (open_tool {"name": "Jira"}).
    struct Tool
    {
        QString name;
        QString url;
    };

    virtual QList<BridgeRecord> sessions() const = 0; // newest first
    virtual std::optional<BridgeRecord> session(const QString &sessionId) const = 0;
    // The sessions under way (paused and waiting ones included).
    virtual QStringList activeSessions() const = 0;
    bool isLive(const QString &sessionId) const { return activeSessions().contains(sessionId); }

    // `done` gets {"sessionId"} or why not.
    virtual void start(const StartRequest &request, CommandReply done) = 0;
    // Goes on with a paused or interrupted session: {"sessionId"} or why not.
    virtual void resume(const QString &sessionId, CommandReply done) = 0;
    // Each returns whether it was done; refused, `error` says why.
    virtual bool pause(const QString &sessionId, QString *error) = 0;
    virtual bool stop(const QString &sessionId, QString *error) = 0;
    virtual bool answer(const QString &sessionId, bool approve, QString *error) = 0;

    virtual QList<Tool> savedTools() const = 0;
    // Saves the list; false with `error` saying why not, the saved list then unchanged.
    virtual bool setSavedTools(const QList<Tool> &tools, QString *error) = 0;

    // Whether the chat in `tab` takes images ({profileId, images}), or sets it when `set` has a value.
    virtual void chatImages(const QString &tab, std::optional<bool> set, CommandReply done) = 0;
    // Learns the chat in `tab` from the user's two clicks: `progress` says "input", then "send";
    // `done` gets {"profileId"} or why not.
    virtual void learnChat(const QString &tab, std::function<void(const QString &part)> progress,
                           CommandReply done)
        = 0;
    // Stops the learning under way: its `progress` and `done` are never called again.
    virtual void cancelLearning() = 0;

Q_SIGNALS:
    void sessionChanged(const QString &sessionId);
    void questionAsked(const QString &sessionId, const QString &question);
    // A session was added or removed, or one ended.
    void listChanged();
    void toolsChanged();
};

} // namespace mpa
