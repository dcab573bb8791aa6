// Typed reading of a command's params (actions/CommandParams): each reader takes a missing or
// null value as its default and names the parameter and the kind it wants otherwise; the first
// failure is the one reported. The wordings are those the readers had before they shared one
// check (main at 5892199), which the API's answers carry.
#include "actions/CommandParams.h"

#include <QJsonDocument>

#include <gtest/gtest.h>

#include <functional>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

CommandParams params(const char *json)
{
    return CommandParams(QJsonDocument::fromJson(QByteArray(json)).object());
}

TEST(CommandParamsTest, MissingOrNullValuesGiveTheDefaultsWithoutAFailure)
{
    CommandParams p = params(R"({"n": null})");
    EXPECT_EQ(p.string(u"s"_s, u"x"_s), u"x"_s);
    EXPECT_EQ(p.integer(u"n"_s, 7, 0, 10), 7);
    EXPECT_EQ(p.number(u"d"_s, 1.5, 0, 10), 1.5);
    EXPECT_TRUE(p.boolean(u"b"_s, true));
    EXPECT_TRUE(p.stringList(u"l"_s).isEmpty());
    EXPECT_TRUE(p.object(u"o"_s).isEmpty());
    EXPECT_TRUE(p.ok()) << qPrintable(p.error());
}

TEST(CommandParamsTest, GivenValuesAreRead)
{
    CommandParams p = params(R"({"s":"a","n":3,"d":2.5,"b":false,"l":["x","y"],"o":{"k":1},"c":"down"})");
    EXPECT_EQ(p.requiredString(u"s"_s), u"a"_s);
    EXPECT_EQ(p.integer(u"n"_s, 0, 0, 10), 3);
    EXPECT_EQ(p.number(u"d"_s, 0, 0, 10), 2.5);
    EXPECT_FALSE(p.boolean(u"b"_s, true));
    EXPECT_EQ(p.stringList(u"l"_s), (QStringList { u"x"_s, u"y"_s }));
    EXPECT_EQ(p.object(u"o"_s).value(u"k"_s).toInt(), 1);
    EXPECT_EQ(p.choice(u"c"_s, { u"up"_s, u"down"_s }), u"down"_s);
    EXPECT_TRUE(p.ok()) << qPrintable(p.error());
}

struct WrongCase
{
    const char *json;
    std::function<void(CommandParams &)> read;
    QString error;
};

TEST(CommandParamsTest, AValueOfTheWrongKindNamesTheParameterAndTheKind)
{
    const WrongCase cases[] {
        { R"({})", [](CommandParams &p) { p.requiredString(u"ref"_s); }, u"params.ref is required"_s },
        { R"({"ref":3})", [](CommandParams &p) { p.requiredString(u"ref"_s); },
          u"params.ref must be a string"_s },
        { R"({"s":[]})", [](CommandParams &p) { p.string(u"s"_s); }, u"params.s must be a string"_s },
        { R"({"n":"3"})", [](CommandParams &p) { p.integer(u"n"_s, 0, 0, 9); },
          u"params.n must be a whole number"_s },
        { R"({"n":2.5})", [](CommandParams &p) { p.integer(u"n"_s, 0, 0, 9); },
          u"params.n must be a whole number"_s },
        { R"({"n":12})", [](CommandParams &p) { p.integer(u"n"_s, 0, 0, 9); },
          u"params.n must be between 0 and 9"_s },
        { R"({"d":"x"})", [](CommandParams &p) { p.number(u"d"_s, 0, 0, 1); },
          u"params.d must be a number"_s },
        { R"({"b":1})", [](CommandParams &p) { p.boolean(u"b"_s, false); },
          u"params.b must be true or false"_s },
        { R"({"l":"x"})", [](CommandParams &p) { p.stringList(u"l"_s); },
          u"params.l must be an array of strings"_s },
        { R"({"l":["x",1]})", [](CommandParams &p) { p.stringList(u"l"_s); },
          u"params.l must be an array of strings"_s },
        { R"({"o":[]})", [](CommandParams &p) { p.object(u"o"_s); }, u"params.o must be an object"_s },
        { R"({"c":"left"})",
          [](CommandParams &p) {
              p.choice(u"c"_s, { u"up"_s, u"down"_s });
          },
          u"params.c must be one of up, down"_s },
    };
    for (const WrongCase &c : cases) {
        CommandParams p = params(c.json);
        c.read(p);
        EXPECT_FALSE(p.ok()) << c.json;
        EXPECT_EQ(p.error(), c.error) << c.json;
    }
}

TEST(CommandParamsTest, TheFirstFailureIsTheOneReported)
{
    CommandParams p = params(R"({"a":1,"b":"x"})");
    p.string(u"a"_s);
    p.boolean(u"b"_s, false);
    EXPECT_EQ(p.error(), u"params.a must be a string"_s);
}

} // namespace
