#pragma once
// What the Connection page shows and drives: the engine's state and the address it uses this
// run, and the core services it works with (the endpoint, the IDE relauncher, the app's
// folders). Its list of endpoints (EndpointsBox) takes EndpointsModel. Models
// (ui/models/Models.h) builds it over the engine.

#include "settings/AppPaths.h"

#include <QObject>
#include <QString>

namespace mpa {

class CdpEndpoint;
class IdeRelauncher;

class ConnectionModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // The engine's state in the user's words ("Connected to 127.0.0.1:9222 · 1 page").
    virtual QString statusLine() const = 0;
    // The address this run uses (a --cdp-host/--cdp-port or the demo wins over the settings).
    virtual QString host() const = 0;
    virtual quint16 port() const = 0;
    virtual const AppPaths &paths() const = 0;
    virtual CdpEndpoint *endpoint() const = 0;
    virtual IdeRelauncher *relauncher() const = 0;

Q_SIGNALS:
    // The engine's state changed (started, connected, stopped).
    void statusChanged();
};

} // namespace mpa
