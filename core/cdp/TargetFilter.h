#pragma once
// Which targets the engine attaches to: pages, webviews and iframes; never DevTools, browser
// UI, extensions, pages served by the app itself, or what the user asked to ignore.

#include "CdpTypes.h"
#include "common/TextPattern.h"

#include <QList>
#include <QStringList>
#include <QUrl>

namespace mpa {

class TargetFilter
{
public:
    // Title/URL patterns (substring or /regex/) of targets to leave alone.
    void setIgnorePatterns(const QStringList &patterns);
    // An origin (scheme://host:port) whose pages belong to the app (its own servers).
    void addOwnOrigin(const QUrl &origin);
    void removeOwnOrigin(const QUrl &origin);

    bool accepts(const CdpTargetInfo &info, QString *reason = nullptr) const;

private:
    QList<TextPattern> m_ignore;
    QList<QUrl> m_ownOrigins;
};

} // namespace mpa
