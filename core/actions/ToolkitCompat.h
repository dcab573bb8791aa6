#pragma once
// The LLM Browser Agent extension's compatibility names for the toolkit's commands: its
// parameter names read as ours before the schema checks them (tabId, attrName, pixels, script,
// src/dst, dx/dy, numeric mouse buttons), and the reply fields its agents read beside ours
// (executed, result, a data: URL screenshot). Pure functions of the params and the reply.

#include "actions/CommandDispatcher.h"

#include <QHash>
#include <QJsonObject>
#include <QString>

namespace mpa::ToolkitCompat {

// Rewrites the extension's param names of command `type` in `params` to ours; `tabNumbers`
// maps target ids to the numbers `tab list` shows as "id" (what tabId names). False with
// `error` for what has no counterpart here (CSS selectors, an unknown tab number).
bool takeForeignNames(const QString &type, QJsonObject &params, const QHash<QString, int> &tabNumbers,
                      QString *error);

// `result` with the fields agents of the extension read besides ours: executed on actions,
// result beside value, and (for WebSocket agents) the screenshot as a data: URL.
CommandResult withForeignFields(const QString &type, const CommandCaller &caller,
                                const CommandResult &result);

} // namespace mpa::ToolkitCompat
