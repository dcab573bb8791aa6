// Fuzz target: the dispatcher's JSON Schema check (core/actions ParamsSchema::validate). The
// first byte picks a toolkit command whose real schema the rest (params as JSON) is checked
// against; an input {"schema":…,"params":…} is also checked against its own schema, so the
// validator meets schemas it was not written for (it must answer, never crash).
#include "FuzzSupport.h"
#include "actions/ToolkitSchemas.h"
#include "common/JsonText.h"
#include "common/ParamsSchema.h"

#include <QJsonDocument>

using namespace mpa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const QStringList types = ToolkitSchemas::types();
    const QByteArray json = fuzz::bytes(data + 1, size - 1);
    if (!jsonNestingError(json, 64, QStringLiteral("params")).isEmpty())
        return 0; // refused unread by every server, as oversized nesting is
    const QJsonObject params = QJsonDocument::fromJson(json).object();
    const QString &type = types.at(data[0] % types.size());
    (void)ParamsSchema::validate(params, ToolkitSchemas::schema(type));
    if (params.value(QStringLiteral("schema")).isObject()) {
        const QJsonObject schema = params.value(QStringLiteral("schema")).toObject();
        (void)ParamsSchema::validate(params.value(QStringLiteral("params")).toObject(), schema);
        (void)ParamsSchema::normalized(schema);
    }
    return 0;
}
