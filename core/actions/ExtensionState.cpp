#include "ExtensionState.h"

#include "DebugActionSupport.h"
#include "cdp/CdpEndpoint.h"
#include "cdp/CdpSession.h"
#include "platform/InstanceLock.h"

#include <QCoreApplication>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace mpa {

QJsonObject cdpStatus(const CdpEndpoint *endpoint, int attachedPages, bool autoAcceptEnabled)
{
    QJsonArray connections;
    const QList<CdpSession *> sessions = endpoint->sessions();
    for (const CdpSession *session : sessions)
        connections.append(session->targetId());
    return { { u"cdp"_s,
               QJsonObject {
                   { u"connectionCount"_s, connections.size() },
                   { u"pages"_s, attachedPages },
                   { u"isEnabled"_s, autoAcceptEnabled },
                   { u"connections"_s, connections },
                   { u"connected"_s, endpoint->isConnected() },
                   { u"state"_s, debugactions::stateName(endpoint->state()) },
                   { u"address"_s, endpoint->address() },
                   { u"browserVersion"_s, endpoint->browserVersion() },
                   { u"lastError"_s, endpoint->lastError() },
                   { u"endpoints"_s, debugactions::endpointsJson(endpoint) },
               } } };
}

QJsonObject lockState(const QString &configDir)
{
    const InstanceLock::Holder holder = InstanceLock::inspect(configDir);
    const qint64 self = QCoreApplication::applicationPid();
    const bool other = holder.locked && holder.pid != self;
    QJsonObject by;
    if (holder.locked) {
        by = QJsonObject {
            { u"pid"_s, holder.pid },
            { u"hostName"_s, holder.hostName },
            { u"appName"_s, holder.appName },
            { u"thisInstance"_s, !other },
        };
    }
    QString note;
    if (other)
        note = u"another instance (pid %1 on %2) holds %3: it drives this config dir"_s.arg(holder.pid)
                   .arg(holder.hostName, configDir);
    else if (holder.locked)
        note = u"this instance holds the config dir"_s;
    else
        note = u"no instance holds the config dir's lock (this engine runs without one)"_s;
    return {
        { u"isLockedOut"_s, other },
        { u"heldBy"_s, holder.locked ? QJsonValue(by) : QJsonValue() },
        { u"lockFile"_s, holder.lockFile },
        { u"configDir"_s, configDir },
        { u"note"_s, note },
    };
}

} // namespace mpa
