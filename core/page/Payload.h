#pragma once
// The JavaScript the app injects into pages, read once from the :/payload resources.

#include <QString>

namespace mpa::Payload {

// The script named `fileName` (e.g. "page-info.js"); qFatal when it is not bundled, since a
// missing payload is a build error.
QString source(const QString &fileName);

} // namespace mpa::Payload
