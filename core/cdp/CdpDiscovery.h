#pragma once
// The DevTools HTTP discovery answers (/json/version and /json/list), read one way for every
// user: the endpoint that connects and the probe that only looks. An answer that is not a
// DevTools endpoint's (a dev server's HTML fallback, some other JSON) is an error that says so,
// never an empty browser.

#include "CdpTypes.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace mpa {

struct CdpVersionInfo
{
    QString browser; // "Chrome/131.0…"
    QString protocolVersion;
    QString userAgent; // tells the browser's OS (macOS wants Cmd where others want Ctrl)
    QString webSocketDebuggerUrl; // empty when the endpoint has no browser-level target
    bool browserLevel() const { return !webSocketDebuggerUrl.isEmpty(); }
};

struct CdpListEntry
{
    CdpTargetInfo info;
    QString webSocketDebuggerUrl; // empty while another debugger holds the target
    bool attachable() const { return !webSocketDebuggerUrl.isEmpty(); }
};

namespace CdpDiscovery {

// /json/version: a JSON object naming the browser or the protocol.
std::optional<CdpVersionInfo> parseVersion(const QByteArray &body, QString *error = nullptr);
// /json/list: a JSON array of target objects, each with an id.
std::optional<QList<CdpListEntry>> parseList(const QByteArray &body, QString *error = nullptr);

} // namespace CdpDiscovery

} // namespace mpa
