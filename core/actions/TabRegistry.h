#pragma once
// Which browser tabs each agent controls, and each agent's current tab: the toolkit's
// ownership rules as plain bookkeeping over target ids, asked before any command touches a
// tab (and unit-tested without a browser).
//
// An agent (a CommandCaller: channel + clientId) controls only the tabs it opened or was
// handed, at most a limit the caller passes in; the channels "debug-api", "ctl" and "ui" are
// the user's own tools and may use every tab.

#include "actions/CommandDispatcher.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>

namespace mpa {

class TabRegistry
{
public:
    // Why resolve() found no tab to act on.
    enum class Outcome {
        Resolved, // targetId is the tab to act on
        NoTab, // no tab was named and the caller has none (or no page exists at all)
        NotYours, // targetId names a tab the caller does not control
    };
    struct Resolution
    {
        Outcome outcome = Outcome::NoTab;
        QString targetId;
    };

    static bool isUnrestricted(const CommandCaller &caller);

    bool owns(const CommandCaller &caller, const QString &targetId) const;
    // The tabs a restricted caller controls, in the order it got them (empty for the others).
    QStringList ownedBy(const CommandCaller &caller) const;
    QString current(const CommandCaller &caller) const;
    // Some other restricted caller holds the tab (the debug API and the window hold none).
    bool heldByAnother(const CommandCaller &caller, const QString &targetId) const;
    // The restricted callers (agents) that control the tab, in no particular order.
    QList<CommandCaller> holdersOf(const QString &targetId) const;

    // Gives `caller` control of a tab and makes it its current one.
    void hand(const CommandCaller &caller, const QString &targetId);
    // Makes an owned (or, for an unrestricted caller, any) tab the current one.
    void makeCurrent(const CommandCaller &caller, const QString &targetId);
    // A tab opened by `openerId` joins every agent that controls the opener, up to `maxTabs`.
    void adoptOpened(const QString &openerId, const QString &targetId, int maxTabs);
    // The tab closed: nobody controls it; a current tab falls back to the agent's newest.
    void forget(const QString &targetId);
    // The agent disconnected: its tabs are no longer held (they stay open).
    void release(const CommandCaller &caller);
    // The agent lets go of one tab (it stays open); its current tab falls back to its newest. False
    // when it did not hold it.
    bool releaseTab(const CommandCaller &caller, const QString &targetId);
    // The isolated browser context (`context new`) the agent's new tabs open in; empty: the
    // browser's own profile. Forgotten with the agent (release()).
    QString contextOf(const CommandCaller &caller) const;
    void setContext(const CommandCaller &caller, const QString &browserContextId);

    // The tab a command acts on: `requested` when given, else the caller's current tab while it
    // is `alive`, else its newest owned tab (an unrestricted caller: `firstPage`). A resolved tab
    // becomes the caller's current one when it has none.
    Resolution resolve(const CommandCaller &caller, const QString &requested,
                       const std::function<bool(const QString &)> &alive, const QString &firstPage);

    // One agent's key among the others (its channel and connection).
    static QString keyOf(const CommandCaller &caller);

private:
    struct Holder
    {
        QStringList tabs;
        QString current;
        QString context; // its isolated browser context, if any
    };
    QHash<QString, Holder> m_holders;
};

} // namespace mpa
