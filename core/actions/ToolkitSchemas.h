#pragma once
// The browser toolkit's commands as data: their names, in the order they are listed, and the
// JSON Schema of each one's params (checked by the dispatcher; listed by MCP's tools/list).

#include <QJsonObject>
#include <QStringList>

namespace mpa::ToolkitSchemas {

QStringList types();
QJsonObject schema(const QString &type);

} // namespace mpa::ToolkitSchemas
