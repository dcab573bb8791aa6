#pragma once
// Files put into a page's <input type=file> as a person picking them would (DOM.setFileInputFiles):
// the toolkit's upload and the bridge's screenshot for a chat share it.

#include "cdp/CdpTypes.h"

#include <QStringList>

#include <chrono>
#include <functional>

class QObject;

namespace mpa {

class CdpSession;

// The element `expression` evaluates to in the execution context `world` of `session` (the app's
// isolated world: DOM commands take its handle in any world) gets `paths`; the handle is released
// after. `done(found, error)`: `found` false when the expression gave no element (`error` then
// says why the evaluation failed, or is empty); else `error` is the browser's refusal, or none.
void setFileInputFiles(CdpSession *session, int world, const QString &expression, const QStringList &paths,
                       QObject *context, const std::function<void(bool found, const CdpError &error)> &done,
                       std::chrono::milliseconds timeout = std::chrono::milliseconds::zero());

} // namespace mpa
