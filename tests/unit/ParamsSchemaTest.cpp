// Params checked against a command's inputSchema, with the parameter named in every error.
#include "server/ParamsSchema.h"

#include "QtPrinters.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

QJsonObject object(const char *text)
{
    return QJsonDocument::fromJson(text).object();
}

const QJsonObject kScrollSchema = object(R"({
    "type": "object",
    "properties": {
        "ref": {"type": "string", "minLength": 1},
        "direction": {"type": "string", "enum": ["up", "down", "left", "right"]},
        "amount": {"type": "integer", "minimum": 1, "maximum": 100},
        "smooth": {"type": "boolean"},
        "ratio": {"type": ["number", "null"]},
        "keys": {"type": "array", "items": {"type": "string"}},
        "options": {"type": "object", "properties": {"depth": {"type": "integer"}}, "required": ["depth"]}
    },
    "required": ["direction"],
    "additionalProperties": false
})");

TEST(ParamsSchemaTest, AcceptsWhatTheSchemaAllows)
{
    EXPECT_EQ(ParamsSchema::validate(object(R"({"direction":"down"})"), kScrollSchema), QString());
    EXPECT_EQ(ParamsSchema::validate(
                  object(R"({"direction":"up","ref":"e3","amount":3,"smooth":true,"ratio":null,"keys":["a"],
                             "options":{"depth":2}})"),
                  kScrollSchema),
              QString());
    EXPECT_EQ(ParamsSchema::validate(object(R"({"direction":"up","amount":3.0})"), kScrollSchema), QString());
    // An empty schema takes any object.
    EXPECT_EQ(ParamsSchema::validate(object(R"({"anything":[1]})"), {}), QString());
}

TEST(ParamsSchemaTest, NamesTheParameterThatIsWrong)
{
    struct Case
    {
        const char *params;
        QString error;
    };
    const Case cases[] = {
        { R"({})", u"params.direction is required"_s },
        { R"({"direction":5})", u"params.direction must be a string, not the number 5"_s },
        { R"({"direction":"sideways"})",
          u"params.direction must be one of up, down, left, right, not the string \"sideways\""_s },
        { R"({"direction":"up","amount":2.5})",
          u"params.amount must be a whole number, not the number 2.5"_s },
        { R"({"direction":"up","amount":"3"})",
          u"params.amount must be a whole number, not the string \"3\""_s },
        { R"({"direction":"up","amount":0})", u"params.amount must be at least 1"_s },
        { R"({"direction":"up","amount":101})", u"params.amount must be at most 100"_s },
        { R"({"direction":"up","smooth":"yes"})",
          u"params.smooth must be true or false, not the string \"yes\""_s },
        { R"({"direction":"up","ratio":"x"})",
          u"params.ratio must be a number or null, not the string \"x\""_s },
        { R"({"direction":"up","ref":""})", u"params.ref must not be empty"_s },
        { R"({"direction":"up","keys":["a",1]})", u"params.keys[1] must be a string, not the number 1"_s },
        { R"({"direction":"up","options":{}})", u"params.options.depth is required"_s },
        { R"({"direction":"up","options":{"depth":"deep"}})",
          u"params.options.depth must be a whole number, not the string \"deep\""_s },
        { R"({"direction":"up","speed":3})",
          u"params.speed is not a parameter of this command; it takes amount, direction, keys, options, "
          "ratio, ref, smooth"_s },
    };
    for (const Case &c : cases)
        EXPECT_EQ(ParamsSchema::validate(object(c.params), kScrollSchema), c.error) << c.params;
}

TEST(ParamsSchemaTest, NormalizedSchemasAreObjects)
{
    EXPECT_EQ(ParamsSchema::normalized({}),
              (QJsonObject { { u"type"_s, u"object"_s }, { u"properties"_s, QJsonObject() } }));
    EXPECT_EQ(ParamsSchema::normalized(kScrollSchema), kScrollSchema);
}

} // namespace
