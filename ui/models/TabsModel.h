#pragma once
// The browser tabs the engine has attached, for the pages that let the user pick one (Tasks,
// Bridge). Models (ui/models/Models.h) builds it over the engine's CdpEndpoint.

#include "cdp/CdpTypes.h"

#include <QList>
#include <QObject>

namespace mpa {

class TabsModel : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // The top-level pages and webviews, in the endpoint's order.
    virtual QList<CdpTargetInfo> tabs() const = 0;

Q_SIGNALS:
    // A tab was attached (lists of tabs shown now may be stale).
    void tabAttached();
};

} // namespace mpa
