#pragma once
// What the Connection page and its list of endpoints (EndpointsBox) show and drive: the
// engine's state and the address it uses this run, and the core services they work with (the
// endpoints, auto-accept's view of their pages, the keychain, the IDE relauncher, the app's
// folders). Models (ui/models/Models.h) builds it over the engine.

#include "settings/AppPaths.h"

#include <QObject>
#include <QString>

namespace mpa {

class AutoAcceptController;
class CdpEndpoint;
class IdeRelauncher;
class SecretStore;

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
    virtual AutoAcceptController *autoAccept() const = 0;
    // The key store in use (null when none).
    virtual SecretStore *secrets() const = 0;
    virtual IdeRelauncher *relauncher() const = 0;

Q_SIGNALS:
    // The engine's state changed (started, connected, stopped).
    void statusChanged();
};

} // namespace mpa
