#pragma once
// What the Agents page shows and does: the outside agents connected to the agent server, the
// tabs each holds, what they did, and ending a connection or releasing its tabs. Models
// (ui/models/Models.h) builds it over the engine's agent server and toolkit.

#include "actions/AgentActivity.h"
#include "server/ToolkitChannel.h"

#include <QObject>
#include <QStringList>

namespace mpa {

class AgentsModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual QList<ToolkitConnection> connections() const = 0;
    // The tabs `caller` holds, as lists show them (with their endpoint when there are several).
    virtual QStringList tabsOf(const CommandCaller &caller) const = 0;
    // What agents did so far, oldest first.
    virtual QList<AgentActivityEntry> activity() const = 0;
    virtual void disconnectAgent(const QString &clientId) = 0;
    virtual void releaseTabs(const CommandCaller &caller) = 0;

Q_SIGNALS:
    void connectionsChanged();
    void activityAdded(const mpa::AgentActivityEntry &entry);
};

} // namespace mpa
