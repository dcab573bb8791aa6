#include "actions/CommandDispatcher.h"

#include "QtPrinters.h"
#include "actions/CommandParams.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

using Scope = CommandDispatcher::Scope;

TEST(CommandDispatcherTest, RunsCommandsInTheirScopesOnly)
{
    CommandDispatcher dispatcher;
    dispatcher.add({ u"getStats"_s,
                     Scope::DebugApi,
                     u"stats"_s,
                     {},
                     [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                         reply(CommandResult::success(QJsonObject { { u"clicks"_s, 3 } }));
                     } });
    dispatcher.add({ u"snapshot"_s,
                     Scope::DebugApi | Scope::Toolkit,
                     u"page snapshot"_s,
                     {},
                     [](const QJsonObject &params, const CommandCaller &caller, CommandReply reply) {
                         reply(CommandResult::success(params.value(u"x"_s).toInt() + caller.channel.size()));
                     } });
    std::optional<CommandResult> result;
    dispatcher.dispatch(u"getStats"_s, {}, { u"debug-api"_s, {} }, Scope::DebugApi,
                        [&](const CommandResult &r) { result = r; });
    ASSERT_TRUE(result && result->ok);
    EXPECT_EQ(result->toJson().value(u"data"_s).toObject().value(u"clicks"_s).toInt(), 3);

    dispatcher.dispatch(u"getStats"_s, {}, { u"mcp"_s, {} }, Scope::Toolkit,
                        [&](const CommandResult &r) { result = r; });
    EXPECT_FALSE(result->ok);
    EXPECT_EQ(result->kind, ErrorKind::NotFound);
    EXPECT_EQ(result->error, u"unknown type 'getStats'"_s);
    EXPECT_EQ(result->toJson(),
              (QJsonObject { { u"success"_s, false }, { u"error"_s, u"unknown type 'getStats'"_s } }));

    dispatcher.dispatch(u"snapshot"_s, { { u"x"_s, 1 } }, { u"mcp"_s, {} }, Scope::Toolkit,
                        [&](const CommandResult &r) { result = r; });
    EXPECT_EQ(result->data.toInt(), 4);
    EXPECT_EQ(dispatcher.commands(Scope::Toolkit).size(), 1);
    EXPECT_EQ(dispatcher.commands(Scope::DebugApi).size(), 2);
}

TEST(CommandDispatcherTest, AnAnswerIsDeliveredOnce)
{
    CommandDispatcher dispatcher;
    dispatcher.add({ u"twice"_s,
                     Scope::DebugApi,
                     {},
                     {},
                     [](const QJsonObject &, const CommandCaller &, CommandReply reply) {
                         reply(CommandResult::success(1));
                         reply(CommandResult::success(2));
                     } });
    int calls = 0;
    dispatcher.dispatch(u"twice"_s, {}, {}, Scope::DebugApi, [&](const CommandResult &) { ++calls; });
    EXPECT_EQ(calls, 1);
}

TEST(CommandParamsTest, ErrorsNameTheParameter)
{
    CommandParams ok(
        QJsonObject { { u"ref"_s, u"e3"_s }, { u"timeoutMs"_s, 500 }, { u"keys"_s, QJsonArray { u"a"_s } } });
    EXPECT_EQ(ok.requiredString(u"ref"_s), u"e3"_s);
    EXPECT_EQ(ok.integer(u"timeoutMs"_s, 0, 0, 1000), 500);
    EXPECT_EQ(ok.stringList(u"keys"_s), QStringList { u"a"_s });
    EXPECT_EQ(ok.choice(u"mode"_s, { u"page"_s, u"element"_s }), u"page"_s);
    EXPECT_TRUE(ok.ok());

    CommandParams missing(QJsonObject {});
    missing.requiredString(u"ref"_s);
    EXPECT_EQ(missing.error(), u"params.ref is required"_s);

    CommandParams wrong(QJsonObject { { u"ref"_s, 3 }, { u"timeoutMs"_s, 2.5 } });
    wrong.requiredString(u"ref"_s);
    wrong.integer(u"timeoutMs"_s, 0, 0, 1000);
    EXPECT_EQ(wrong.error(), u"params.ref must be a string"_s) << "the first problem is reported";

    CommandParams range(QJsonObject { { u"timeoutMs"_s, 5000 }, { u"mode"_s, u"x"_s } });
    range.integer(u"timeoutMs"_s, 0, 0, 1000);
    EXPECT_EQ(range.error(), u"params.timeoutMs must be between 0 and 1000"_s);
}

} // namespace
