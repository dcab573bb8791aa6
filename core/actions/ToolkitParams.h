#pragma once
// The param readers the toolkit's page commands share: each answers the command with what was
// wrong (a missing or malformed ref, a drag end that is neither ref nor point) and returns
// false, so a handler stops at the first bad param.

#include "actions/CommandDispatcher.h"
#include "actions/CommandParams.h"
#include "page/PageController.h"

#include <QJsonValue>
#include <QString>

namespace mpa {

// Whether `params` were read without a problem; answers the problem otherwise.
bool paramsOk(CommandParams &params, const CommandReply &reply);
// Reads params.ref (required or not) and checks its form; false after answering.
bool readRef(CommandParams &params, bool required, QString *ref, const CommandReply &reply);
// One end of a drag (param `name`): a ref, or an object {ref, tab} or {x, y}; false after
// answering.
bool readSpot(const QJsonValue &value, const QString &name, PageController::Spot *spot, QString *tab,
              const CommandReply &reply);

} // namespace mpa
