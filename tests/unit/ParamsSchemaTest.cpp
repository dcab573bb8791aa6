// Params checked against a command's inputSchema, with the parameter named in every error.
#include "actions/ParamsSchema.h"

#include "QtPrinters.h"
#include "actions/ToolkitSchemas.h"

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

// What validate() says of `params`: empty when it accepts them, else its sentence (and then it
// must have answered false).
QString problemOf(const QJsonObject &params, const QJsonObject &schema)
{
    QString problem;
    const bool valid = ParamsSchema::validate(params, schema, &problem);
    EXPECT_EQ(valid, problem.isEmpty()) << problem.toStdString();
    return problem;
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
    EXPECT_EQ(problemOf(object(R"({"direction":"down"})"), kScrollSchema), QString());
    EXPECT_EQ(
        problemOf(object(R"({"direction":"up","ref":"e3","amount":3,"smooth":true,"ratio":null,"keys":["a"],
                             "options":{"depth":2}})"),
                  kScrollSchema),
        QString());
    EXPECT_EQ(problemOf(object(R"({"direction":"up","amount":3.0})"), kScrollSchema), QString());
    // An empty schema takes any object.
    EXPECT_EQ(problemOf(object(R"({"anything":[1]})"), {}), QString());
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
        EXPECT_EQ(problemOf(object(c.params), kScrollSchema), c.error) << c.params;
}

TEST(ParamsSchemaTest, AnyOfTakesEitherForm)
{
    const QJsonObject schema = object(R"({"type":"object","properties":{"value":{"anyOf":[
        {"type":"string"},{"type":"array","items":{"type":"string"}}]}},"required":["value"]})");
    EXPECT_EQ(problemOf(object(R"({"value":"France"})"), schema), QString());
    EXPECT_EQ(problemOf(object(R"({"value":["a","b"]})"), schema), QString());
    EXPECT_EQ(problemOf(object(R"({"value":3})"), schema),
              u"params.value must be a string or an array, not the number 3"_s);
    EXPECT_EQ(problemOf(object(R"({"value":["a",2]})"), schema),
              u"params.value[1] must be a string, not the number 2"_s);
}

// The toolkit's own schemas: what its commands accept passes, what they refuse is named.
TEST(ParamsSchemaTest, TheToolkitSchemasAcceptGoodParamsAndNameBadOnes)
{
    const QList<std::pair<QString, const char *>> good {
        { u"snapshot"_s, R"({"interactiveOnly":true,"maxElements":10,"scope":"e3"})" },
        { u"click"_s, R"({"ref":"e1","button":"right","tab":"ABC"})" },
        { u"dblclick"_s, R"({"ref":"f1e2"})" },
        { u"fill"_s, R"({"ref":"e1","value":"Ada"})" },
        { u"type"_s, R"({"text":"hi\n"})" },
        { u"press"_s, R"({"key":"Control+A"})" },
        { u"select"_s, R"({"ref":"e5","value":["Japan","France"]})" },
        { u"scroll"_s, R"({"direction":"down","amount":1.5})" },
        { u"get"_s, R"({"what":"attribute","ref":"e1","name":"href"})" },
        { u"is"_s, R"({"what":"visible","ref":"e1"})" },
        { u"open"_s, R"({"url":"https://example.org","newTab":true})" },
        { u"tab"_s, R"({"action":"list"})" },
        { u"wait"_s, R"({"text":"Done","state":"hidden","timeoutMs":1000})" },
        { u"screenshot"_s, R"({"fullPage":true})" },
        { u"eval"_s, R"({"expression":"1+1"})" },
        { u"back"_s, R"({})" },
    };
    for (const auto &[type, params] : good)
        EXPECT_EQ(problemOf(object(params), ToolkitSchemas::schema(type)), QString())
            << type.toStdString() << " " << params;

    const QList<std::tuple<QString, const char *, QString>> bad {
        { u"click"_s, R"({})", u"params.ref is required"_s },
        { u"click"_s, R"({"ref":"e1","button":"side"})",
          u"params.button must be one of left, right, middle"_s },
        { u"fill"_s, R"({"ref":"e1","value":5})", u"params.value must be a string, not the number 5"_s },
        { u"select"_s, R"({"ref":"e1","value":true})",
          u"params.value must be a string or an array, not true"_s },
        { u"open"_s, R"({"url":"x","newtab":true})", u"params.newtab is not a parameter of this command"_s },
        { u"wait"_s, R"({"ms":100000})", u"params.ms must be at most 30000"_s },
        { u"back"_s, R"({"steps":2})", u"params.steps is not a parameter of this command; it takes tab"_s },
    };
    for (const auto &[type, params, error] : bad) {
        const QString problem = problemOf(object(params), ToolkitSchemas::schema(type));
        EXPECT_TRUE(problem.startsWith(error))
            << type.toStdString() << " " << params << " → " << problem.toStdString();
    }
}

TEST(ParamsSchemaTest, NormalizedSchemasAreObjects)
{
    EXPECT_EQ(ParamsSchema::normalized({}),
              (QJsonObject { { u"type"_s, u"object"_s }, { u"properties"_s, QJsonObject() } }));
    EXPECT_EQ(ParamsSchema::normalized(kScrollSchema), kScrollSchema);
}

} // namespace
