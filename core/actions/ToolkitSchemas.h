#pragma once
// The browser toolkit's commands as data: their names, in the order they are listed, and the
// JSON Schema of each one's params (checked by the dispatcher; listed by MCP's tools/list),
// and how MCP describes each one's effect.

#include <QJsonObject>
#include <QStringList>

namespace mpa::ToolkitSchemas {

QStringList types();
QJsonObject schema(const QString &type);
// MCP tool annotations: readOnlyHint for what only looks (snapshot, get, is, wait,
// screenshot), destructiveHint for what can lose the user's work (closing a tab, running
// JavaScript), openWorldHint for what reaches the web (open, navigation).
QJsonObject annotations(const QString &type);

} // namespace mpa::ToolkitSchemas
