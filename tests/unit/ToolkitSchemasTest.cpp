// The JSON Schemas of the toolkit's types, as the MCP server lists them and the dispatcher
// checks params against them.
#include "actions/ToolkitSchemas.h"

#include "QtPrinters.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

TEST(ToolkitSchemasTest, EveryTypeHasAClosedObjectSchemaWhoseRequiredParamsExist)
{
    const QStringList types = ToolkitSchemas::types();
    EXPECT_EQ(types.size(), 40);
    for (const QString &type : types) {
        const QJsonObject schema = ToolkitSchemas::schema(type);
        EXPECT_EQ(schema.value(u"type"_s).toString(), u"object"_s) << type.toStdString();
        EXPECT_FALSE(schema.value(u"additionalProperties"_s).toBool(true)) << type.toStdString();
        const QJsonObject properties = schema.value(u"properties"_s).toObject();
        EXPECT_TRUE(properties.contains(u"tab"_s)) << type.toStdString();
        for (const QJsonValue &required : schema.value(u"required"_s).toArray())
            EXPECT_TRUE(properties.contains(required.toString())) << type.toStdString();
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            const QJsonObject property = it.value().toObject();
            EXPECT_FALSE(property.value(u"description"_s).toString().isEmpty())
                << type.toStdString() << "." << it.key().toStdString();
        }
    }
    EXPECT_EQ(ToolkitSchemas::schema(u"click"_s).value(u"required"_s).toArray(), QJsonArray { u"ref"_s });
    EXPECT_EQ(ToolkitSchemas::schema(u"fill"_s).value(u"required"_s).toArray(),
              (QJsonArray { u"ref"_s, u"value"_s }));
}
