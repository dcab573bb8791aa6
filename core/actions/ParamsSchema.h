#pragma once
// Checks a command's params against the command's inputSchema (the JSON Schema the MCP
// server lists) before the command runs, so every server rejects bad input alike and with a
// sentence naming the parameter: "params.ref must be a string", "params.direction must be one
// of up, down". Knows the subset the toolkit's schemas use: type (one or a list), required,
// enum, properties, additionalProperties: false, minimum/maximum, minLength, items.

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace mpa::ParamsSchema {

// Whether `params` satisfies `schema` (an empty schema accepts any object); false with the
// first problem found in `error`.
bool validate(const QJsonObject &params, const QJsonObject &schema, QString *error = nullptr);

// Building schemas, one way for every command:
// {"type": type, "description": description}
QJsonObject property(const QString &type, const QString &description);
// {"type": "string", "enum": values, "description": description}
QJsonObject choice(const QStringList &values, const QString &description);
// {"type": "integer", "minimum", "maximum", "description"}
QJsonObject integer(int minimum, int maximum, const QString &description);
// {"type": "object", "properties", "required"?}; `closed` adds "additionalProperties": false.
enum class Extra { Allowed, Refused };
QJsonObject object(const QJsonObject &properties, const QStringList &required = {},
                   Extra extra = Extra::Refused);

// The schema MCP needs: `schema` with "type":"object" (and empty "properties") filled in.
QJsonObject normalized(const QJsonObject &schema);

// The short names the action files write their schema tables with
// (`using namespace ParamsSchema::Shorthand;`).
namespace Shorthand {
constexpr auto prop = &property;
inline QJsonObject schema(const QJsonObject &properties, const QStringList &required)
{
    return object(properties, required);
}
} // namespace Shorthand

} // namespace mpa::ParamsSchema
