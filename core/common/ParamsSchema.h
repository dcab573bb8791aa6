#pragma once
// Checks a command's params against the command's inputSchema (the JSON Schema the MCP
// server lists) before the command runs, so every server rejects bad input alike and with a
// sentence naming the parameter: "params.ref must be a string", "params.direction must be one
// of up, down". Knows the subset the toolkit's schemas use: type (one or a list), required,
// enum, properties, additionalProperties: false, minimum/maximum, minLength, items.
// The same checks serve a task run's structured result (`startRun {schema}`, `run --schema`),
// whose schema is first held to that subset (checkSubset) so no rule of it is silently ignored.

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace mpa::ParamsSchema {

// Whether `params` satisfies `schema` (an empty schema accepts any object); false with the
// first problem found in `error`.
bool validate(const QJsonObject &params, const QJsonObject &schema, QString *error = nullptr);
// Whether any JSON `value` satisfies `schema`; the problem names the value by `name`
// ("data.rows[2].price must be a number, not the text \"12 €\"").
bool validateValue(const QJsonValue &value, const QJsonObject &schema, const QString &name,
                   QString *error = nullptr);
// Whether `schema` keeps to what validateValue enforces (JSON Schema draft 2020-12: type
// object/array/string/number/integer/boolean/null, properties, required, items, enum,
// additionalProperties true/false, minimum, maximum, minLength, maxLength, and the words
// $schema, $id, title, description), at most kMaxDepth deep; false with the first keyword or
// value it cannot enforce, named by its place ("schema.properties.price: 'pattern' is not
// supported …"). A schema is refused rather than half-enforced.
constexpr int kMaxDepth = 16;
bool checkSubset(const QJsonObject &schema, QString *error = nullptr);
// A schema from a file (run --schema FILE, the Tasks page): a non-empty JSON object, or nullopt
// with why not ("<path>: not JSON (…)"); checkSubset is the caller's next step.
std::optional<QJsonObject> readFile(const QString &path, QString *error);

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
