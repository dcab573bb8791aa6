// Params checked against a command's inputSchema, with the parameter named in every error.
#include "common/ParamsSchema.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
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

// A task run's result schema as a script makes it: tests/fixtures/agent/releases.schema.json is
// what zod 4.6.7's z.toJSONSchema (tests/npm) wrote for a Stagehand-style extract schema,
// z.array(z.object({version, codename: nullable, released, lts: boolean, status: enum,
// year: int optional})). It is accepted whole, and a value is checked with its place named.
TEST(ParamsSchemaTest, AResultSchemaInTheSubsetIsAcceptedAndItsDataCheckedByPlace)
{
    const QJsonObject schema
        = QJsonDocument::fromJson(test::readFixture(u"agent/releases.schema.json"_s)).object();
    ASSERT_FALSE(schema.isEmpty());
    QString error;
    ASSERT_TRUE(ParamsSchema::checkSubset(schema, &error)) << error.toStdString();
    const auto problem = [&](const QByteArray &data) {
        QString why;
        const QJsonValue value = QJsonDocument::fromJson(data).array();
        const bool ok = ParamsSchema::validateValue(value, schema, u"data"_s, &why);
        EXPECT_EQ(ok, why.isEmpty());
        return why;
    };
    const auto row = [](const char *rest) -> QByteArray {
        return QByteArray(R"({"version": "v22", "codename": "Jod", "released": "2024-04-24", )") + rest + '}';
    };
    EXPECT_EQ(problem('[' + row(R"("lts": true, "status": "active", "year": 2024)") + ']'), QString());
    EXPECT_EQ(problem(R"([{"version": "v23", "codename": null, "released": "2024-10-16", "lts": false,
                          "status": "end-of-life"}])"),
              QString());
    EXPECT_EQ(problem('[' + row(R"("lts": true, "status": "active")") + ','
                      + row(R"("lts": "no", "status": "end-of-life")") + ']'),
              u"data[1].lts must be true or false, not the string \"no\""_s);
    EXPECT_EQ(problem('[' + row(R"("status": "active")") + ']'), u"data[0].lts is required"_s);
    EXPECT_EQ(problem('[' + row(R"("lts": true, "status": "stable")") + ']'),
              u"data[0].status must be one of current, active, maintenance, end-of-life, not the string "
              "\"stable\""_s);
    EXPECT_EQ(problem('[' + row(R"("lts": true, "status": "active", "notes": "x")") + ']'),
              u"data[0] takes no notes; its schema allows codename, lts, released, status, version, year"_s);
    EXPECT_EQ(problem('[' + row(R"("lts": true, "status": "active", "year": 2024.5)") + ']'),
              u"data[0].year must be a whole number, not the number 2024.5"_s);
    QString why;
    EXPECT_FALSE(ParamsSchema::validateValue(QJsonObject(), schema, u"data"_s, &why));
    EXPECT_EQ(why, u"data must be an array, not an object"_s);
}

// A schema with a rule the checker does not enforce is refused with the rule's place, never
// half-enforced (JSON Schema 2020-12 keywords outside the subset, and malformed values).
TEST(ParamsSchemaTest, AResultSchemaWithARuleThatCannotBeEnforcedIsRefused)
{
    const auto refusal = [](const char *text) {
        QString error;
        EXPECT_FALSE(ParamsSchema::checkSubset(object(text), &error)) << text;
        return error;
    };
    EXPECT_TRUE(refusal(R"({"type": "object", "properties": {"email": {"type": "string", "pattern": "@"}}})")
                    .startsWith(u"schema.properties.email: 'pattern' is not supported"_s));
    EXPECT_TRUE(refusal(R"({"type": "array", "items": {"$ref": "#/$defs/row"}, "$defs": {}})")
                    .startsWith(u"schema: '$defs' is not supported"_s));
    EXPECT_TRUE(refusal(R"({"type": "array", "items": {"$ref": "#/$defs/row"}})")
                    .startsWith(u"schema.items: '$ref' is not supported"_s));
    EXPECT_TRUE(refusal(R"({"oneOf": [{"type": "string"}, {"type": "number"}]})")
                    .startsWith(u"schema: 'oneOf' is not supported"_s));
    EXPECT_EQ(refusal(R"({"type": "date"})"),
              u"schema.type: the string \"date\" is not a type (the types are object, array, string, number, "
              "integer, boolean, null)"_s);
    EXPECT_EQ(refusal(R"({"type": "array", "items": [{"type": "string"}]})"),
              u"schema.items must be one schema (an object); lists of schemas are not supported"_s);
    EXPECT_EQ(refusal(R"({"type": "object", "additionalProperties": {"type": "string"}})"),
              u"schema.additionalProperties: only true or false is supported"_s);
    EXPECT_EQ(refusal(R"({"type": "object", "required": "name"})"),
              u"schema.required must be a list of names"_s);
    EXPECT_EQ(refusal(R"({"enum": []})"), u"schema.enum must be a list of the allowed values"_s);
    EXPECT_EQ(refusal(R"({"type": "string", "maxLength": "10"})"), u"schema.maxLength must be a number"_s);
    // Nesting is bounded.
    QJsonObject deep { { u"type"_s, u"string"_s } };
    for (int i = 0; i < ParamsSchema::kMaxDepth + 2; ++i)
        deep = QJsonObject { { u"type"_s, u"array"_s }, { u"items"_s, deep } };
    QString error;
    EXPECT_FALSE(ParamsSchema::checkSubset(deep, &error));
    EXPECT_TRUE(error.endsWith(u"the schema is nested more than 16 deep"_s)) << error.toStdString();
}
