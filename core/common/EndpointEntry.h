#pragma once
// One entry of cdp/endpoints as the user writes it: host:port ([v6]:port), or a remote browser
// service's ws://, wss://, http:// or https:// address. The settings check each entry with it and
// the engine builds its endpoints from it. An entry never carries a secret: a token in the query,
// a user or a password is refused (they live in the keychain).

#include "UserText.h"

#include <QString>
#include <QUrl>

#include <optional>

namespace mpa {

struct EndpointEntry
{
    QString host; // host:port entries
    quint16 port = 0;
    QUrl url; // remote services

    bool isRemote() const { return !url.isEmpty(); }
    // What the endpoint is known by: host:port, or the URL as written.
    QString name() const;
    // nullopt with a sentence in `why` naming the entry and what is wrong.
    static std::optional<EndpointEntry> parse(const QString &entry, UserText *why);
};

} // namespace mpa
