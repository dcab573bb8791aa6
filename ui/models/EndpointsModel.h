#pragma once
// The browsers (CDP endpoints) the engine watches, as the window's choices of one show them.
// Models (ui/models/Models.h) builds it over the engine's CdpEndpoint; tests give a fake.

#include <QObject>
#include <QStringList>

namespace mpa {

class EndpointsModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // Every watched endpoint by name ("127.0.0.1:9222"), in the settings' order.
    virtual QStringList names() const = 0;

Q_SIGNALS:
    void changed();
};

} // namespace mpa
