#pragma once
// The toolkit's tab command: tab list (every page tab, the caller's own marked yours, the one in
// front active), tab new (a tab of the caller's, within toolkit/maxTabs, its address checked by
// AddressPolicy), tab switch and tab close. open {newTab} and close open and close tabs here too.

#include "actions/CommandDispatcher.h"
#include "actions/CommandParams.h"

#include <QObject>

class QUrl;

namespace mpa {

class AddressPolicy;
class CdpEndpoint;
class Clock;
class PageController;
class TabRouter;

class TabCommand : public QObject
{
    Q_OBJECT
public:
    TabCommand(TabRouter *tabs, CdpEndpoint *endpoint, const AddressPolicy *addresses, Clock *clock,
               QObject *parent = nullptr);

    // The tab command: params.action list, new, close or switch.
    void run(CommandParams &params, const CommandCaller &caller, CommandReply reply);
    // Brings the tab to the front (switch) or closes it (close).
    void switchOrClose(const QString &action, const QString &tab, PageController *controller,
                       const CommandCaller &caller, CommandReply reply);
    // Opens a tab for `caller` (refused past toolkit/maxTabs; in its isolated context when it
    // made one) and loads `url` in it.
    // Opens `url` in a new tab of the caller's: on `endpoint` (a name from getCDPConnections'
    // endpoints) when given, else where the caller's isolated context lives, else on the default
    // endpoint (toolkit/defaultEndpoint).
    void createTab(const CommandCaller &caller, const QUrl &url, const CommandReply &reply,
                   const QString &endpoint = QString());

private:
    TabRouter *m_tabs;
    CdpEndpoint *m_endpoint;
    const AddressPolicy *m_addresses;
    Clock *m_clock;
};

} // namespace mpa
