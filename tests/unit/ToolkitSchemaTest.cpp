// The toolkit's pure parts: the form of refs, key chords, and the JSON Schemas the MCP server
// lists for every type.
#include "QtPrinters.h"
#include "page/PageController.h"
#include "actions/ToolkitSchemas.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

// Why checkKeys() refuses `keys` (it must refuse them).
QString keyProblem(const QString &keys)
{
    QString problem;
    EXPECT_FALSE(PageController::checkKeys(keys, &problem)) << keys.toStdString();
    return problem;
}

} // namespace

TEST(ToolkitSchemaTest, RefsNameAnElementOfThePageOrOfAFrame)
{
    int frame = -1;
    QString local;
    ASSERT_TRUE(PageController::parseRef(u"e3"_s, &frame, &local));
    EXPECT_EQ(frame, 0);
    EXPECT_EQ(local, u"e3"_s);
    ASSERT_TRUE(PageController::parseRef(u"f12e700"_s, &frame, &local));
    EXPECT_EQ(frame, 12);
    EXPECT_EQ(local, u"e700"_s);
    for (const QString &bad : { u""_s, u"e"_s, u"3"_s, u"E3"_s, u"f1"_s, u"fe3"_s, u"e3 "_s, u"button"_s,
                                u"#submit"_s, u"e-1"_s, u"f1e2e3"_s })
        EXPECT_FALSE(PageController::parseRef(bad)) << bad.toStdString();
}

TEST(ToolkitSchemaTest, KeyChordsAreCheckedBeforeAnythingIsPressed)
{
    for (const QString &good : { u"Enter"_s, u"Tab"_s, u"Shift+Tab"_s, u"Control+A"_s, u"ctrl+shift+k"_s,
                                 u"Escape"_s, u"ArrowDown"_s, u"F5"_s, u"a"_s, u"Meta+Enter"_s,
                                 u"Control++"_s, u"+"_s, u"Space"_s, u"PageDown"_s })
        EXPECT_TRUE(PageController::checkKeys(good)) << good.toStdString();
    EXPECT_TRUE(keyProblem(QString()).startsWith(u"no key given"_s));
    EXPECT_TRUE(keyProblem(u"Hyper+Q"_s).startsWith(u"unknown key “Hyper” in “Hyper+Q”"_s));
    EXPECT_TRUE(keyProblem(u"Enterr"_s).startsWith(u"unknown key “Enterr”"_s));
    EXPECT_TRUE(keyProblem(u"A+B"_s).startsWith(u"“A” in “A+B” is not a modifier"_s));
}

TEST(ToolkitSchemaTest, EveryTypeHasAClosedObjectSchemaWhoseRequiredParamsExist)
{
    const QStringList types = ToolkitSchemas::types();
    EXPECT_EQ(types.size(), 22);
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
