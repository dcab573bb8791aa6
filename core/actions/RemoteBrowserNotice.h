#pragma once
// Tells an agent that its remote browser was replaced. When a remote service's socket comes
// back to another browser (the service restarted, or gives a fresh browser per connection), the
// tabs the agent knew are gone; its next toolkit call says so in plain words instead of a bare
// "no such tab". A call made while the endpoint waits to retry asks it again at once.

#include <QObject>

namespace mpa {

class CdpEndpoint;
class CommandDispatcher;

class RemoteBrowserNotice : public QObject
{
    Q_OBJECT
public:
    static constexpr auto kReplaced = "the remote browser was replaced: tabs are gone";

    // Wraps every toolkit command of `commands` (install after they are all added).
    static RemoteBrowserNotice *install(CommandDispatcher *commands, CdpEndpoint *endpoint, QObject *parent);

    bool pending() const { return m_pending; }

private:
    RemoteBrowserNotice(CdpEndpoint *endpoint, QObject *parent);

    CdpEndpoint *m_endpoint;
    bool m_pending = false;
};

} // namespace mpa
