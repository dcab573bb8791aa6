#pragma once
// The VS Code extension's state replies: getCDPStatus's {"cdp": {…}} (the browser connection at a
// glance) and getLockedOut's instance lock (whether another instance holds the config dir).

#include <QJsonObject>
#include <QString>

namespace mpa {

class CdpEndpoint;

// {"cdp": {connectionCount, pages, isEnabled (auto-accept), connections, connected, state,
// address, browserVersion, lastError}}.
QJsonObject cdpStatus(const CdpEndpoint *endpoint, int attachedPages, bool autoAcceptEnabled);
// {isLockedOut, heldBy, lockFile, configDir, note} for the config dir `configDir`.
QJsonObject lockState(const QString &configDir);

} // namespace mpa
