// ToolkitCompat: the LLM Browser Agent extension's parameter names read as the toolkit's, and
// the reply fields its agents read, without a browser.
//
// Evidence: github:stakpak/tab (the extension), extension/src/shared/types.ts at 09fc52b:
//  - its params: TabParams.tabId (a number), EvalParams.script, ScrollParams.pixels,
//    GetParams.what 'attr' with attrName and a CSS selector (for count), WaitParams.selector,
//    DragParams.src/dst, MouseParams.dx/dy and a numeric button, FindParams.locator
//    'first' | 'last' | 'nth' (CSS) and its unused action, SnapshotParams.timeout;
//  - its replies (ResponseData): executed, result, screenshot (a data: URL).
// MouseEvent.button's numbers (0 main/left, 1 auxiliary/middle, 2 secondary/right) are the
// W3C UI Events specification's. What the toolkit does with each name is README's "Agents
// written for the LLM Browser Agent extension" list.
#include "actions/ToolkitCompat.h"

#include "QtPrinters.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

// Two tabs as tab list numbers them.
const QHash<QString, int> kTabs { { u"TARGET-A"_s, 1 }, { u"TARGET-B"_s, 2 } };

struct Taken
{
    bool ok = false;
    QJsonObject params;
    QString error;
};

Taken take(const QString &type, QJsonObject params)
{
    Taken out;
    out.ok = ToolkitCompat::takeForeignNames(type, params, kTabs, &out.error);
    out.params = params;
    return out;
}

TEST(ToolkitCompatTest, TabIdNamesTheTabTabListNumbered)
{
    const Taken number = take(u"click"_s, { { u"tabId"_s, 2 }, { u"ref"_s, u"e3"_s } });
    ASSERT_TRUE(number.ok) << number.error.toStdString();
    EXPECT_EQ(number.params, (QJsonObject { { u"tab"_s, u"TARGET-B"_s }, { u"ref"_s, u"e3"_s } }));

    const Taken text = take(u"tab"_s, { { u"action"_s, u"switch"_s }, { u"tabId"_s, u"1"_s } });
    ASSERT_TRUE(text.ok) << text.error.toStdString();
    EXPECT_EQ(text.params.value(u"tab"_s).toString(), u"TARGET-A"_s);
    EXPECT_FALSE(text.params.contains(u"tabId"_s));
}

TEST(ToolkitCompatTest, AnUnknownTabIdOrBothNamesAreRefusedWithASentence)
{
    const Taken unknown = take(u"snapshot"_s, { { u"tabId"_s, 7 } });
    EXPECT_FALSE(unknown.ok);
    EXPECT_EQ(unknown.error,
              u"params.tabId 7 names no tab (tab {\"action\": \"list\"} shows each tab's id)"_s);

    const Taken both = take(u"snapshot"_s, { { u"tabId"_s, 1 }, { u"tab"_s, u"TARGET-A"_s } });
    EXPECT_FALSE(both.ok);
    EXPECT_EQ(both.error, u"params.tabId and params.tab are the same thing; give one"_s);
}

TEST(ToolkitCompatTest, EvalScriptIsTheExpression)
{
    const Taken eval = take(u"eval"_s, { { u"script"_s, u"return document.title"_s } });
    ASSERT_TRUE(eval.ok);
    EXPECT_EQ(eval.params, (QJsonObject { { u"expression"_s, u"return document.title"_s } }));

    const Taken both = take(u"eval"_s, { { u"script"_s, u"1"_s }, { u"expression"_s, u"2"_s } });
    EXPECT_FALSE(both.ok);
    EXPECT_EQ(both.error, u"params.script and params.expression are the same thing; give one"_s);
}

TEST(ToolkitCompatTest, ScrollPixelsIsAnAmountInPixels)
{
    const Taken scroll = take(u"scroll"_s, { { u"direction"_s, u"down"_s }, { u"pixels"_s, 300 } });
    ASSERT_TRUE(scroll.ok);
    EXPECT_EQ(
        scroll.params,
        (QJsonObject { { u"direction"_s, u"down"_s }, { u"amount"_s, 300 }, { u"unit"_s, u"pixels"_s } }));
    // Without pixels the extension scrolled by its default: the toolkit's own default (pages).
    const Taken plain = take(u"scroll"_s, { { u"direction"_s, u"down"_s } });
    ASSERT_TRUE(plain.ok);
    EXPECT_EQ(plain.params, (QJsonObject { { u"direction"_s, u"down"_s } }));
}

TEST(ToolkitCompatTest, GetAttrAndAttrNameAreAttributeAndName)
{
    const Taken get
        = take(u"get"_s, { { u"what"_s, u"attr"_s }, { u"ref"_s, u"e2"_s }, { u"attrName"_s, u"href"_s } });
    ASSERT_TRUE(get.ok);
    EXPECT_EQ(
        get.params,
        (QJsonObject { { u"what"_s, u"attribute"_s }, { u"ref"_s, u"e2"_s }, { u"name"_s, u"href"_s } }));
    // count keeps its CSS selector; elsewhere a selector names no element.
    const Taken count = take(u"get"_s, { { u"what"_s, u"count"_s }, { u"selector"_s, u"li"_s } });
    ASSERT_TRUE(count.ok);
    EXPECT_EQ(count.params.value(u"selector"_s).toString(), u"li"_s);
    const Taken text = take(u"get"_s, { { u"what"_s, u"text"_s }, { u"selector"_s, u"h1"_s } });
    EXPECT_FALSE(text.ok);
    EXPECT_TRUE(text.error.startsWith(u"params.selector: elements are named by ref here"_s))
        << text.error.toStdString();
}

TEST(ToolkitCompatTest, WaitForASelectorIsRefusedAndWaitForMsPasses)
{
    const Taken selector = take(u"wait"_s, { { u"selector"_s, u"#done"_s } });
    EXPECT_FALSE(selector.ok);
    EXPECT_TRUE(selector.error.contains(u"not by CSS selector"_s)) << selector.error.toStdString();
    const Taken ms = take(u"wait"_s, { { u"ms"_s, 500 } });
    ASSERT_TRUE(ms.ok);
    EXPECT_EQ(ms.params, (QJsonObject { { u"ms"_s, 500 } }));
}

TEST(ToolkitCompatTest, DragSrcAndDstAreFromAndTo)
{
    const Taken drag = take(u"drag"_s, { { u"src"_s, u"e1"_s }, { u"dst"_s, u"e2"_s } });
    ASSERT_TRUE(drag.ok);
    EXPECT_EQ(drag.params, (QJsonObject { { u"from"_s, u"e1"_s }, { u"to"_s, u"e2"_s } }));
}

TEST(ToolkitCompatTest, MouseDeltasAndNumericButtons)
{
    const Taken wheel = take(
        u"mouse"_s,
        { { u"action"_s, u"wheel"_s }, { u"x"_s, 10 }, { u"y"_s, 20 }, { u"dx"_s, 0 }, { u"dy"_s, 120 } });
    ASSERT_TRUE(wheel.ok);
    EXPECT_EQ(wheel.params,
              (QJsonObject { { u"action"_s, u"wheel"_s },
                             { u"x"_s, 10 },
                             { u"y"_s, 20 },
                             { u"deltaX"_s, 0 },
                             { u"deltaY"_s, 120 } }));
    const QStringList names { u"left"_s, u"middle"_s, u"right"_s };
    for (int n = 0; n < 3; ++n) {
        const Taken down = take(u"mouse"_s, { { u"action"_s, u"down"_s }, { u"button"_s, n } });
        ASSERT_TRUE(down.ok) << n;
        EXPECT_EQ(down.params.value(u"button"_s).toString(), names.at(n));
    }
    // Our own names pass as they are.
    EXPECT_EQ(take(u"mouse"_s, { { u"button"_s, u"right"_s } }).params.value(u"button"_s).toString(),
              u"right"_s);
    for (const double bad : { 3.0, -1.0, 1.5 }) {
        const Taken refused = take(u"mouse"_s, { { u"action"_s, u"down"_s }, { u"button"_s, bad } });
        EXPECT_FALSE(refused.ok) << bad;
        EXPECT_TRUE(refused.error.contains(u"is no mouse button: 0 (left), 1 (middle) or 2 (right)"_s))
            << refused.error.toStdString();
    }
}

TEST(ToolkitCompatTest, FindDropsActionAndRefusesCssLocators)
{
    const Taken find = take(u"find"_s,
                            { { u"locator"_s, u"role"_s },
                              { u"value"_s, u"button"_s },
                              { u"text"_s, u"Submit"_s },
                              { u"action"_s, u"click"_s } });
    ASSERT_TRUE(find.ok);
    EXPECT_EQ(find.params,
              (QJsonObject {
                  { u"locator"_s, u"role"_s }, { u"value"_s, u"button"_s }, { u"text"_s, u"Submit"_s } }));
    for (const QString &css : { u"first"_s, u"last"_s, u"nth"_s }) {
        const Taken refused = take(u"find"_s, { { u"locator"_s, css }, { u"value"_s, u".item"_s } });
        EXPECT_FALSE(refused.ok) << css.toStdString();
        EXPECT_TRUE(refused.error.startsWith(u"find with locator %1 takes a CSS selector"_s.arg(css)))
            << refused.error.toStdString();
    }
}

TEST(ToolkitCompatTest, SnapshotTimeoutIsAcceptedAndDropped)
{
    const Taken snapshot = take(u"snapshot"_s, { { u"timeout"_s, 5000 }, { u"interactiveOnly"_s, true } });
    ASSERT_TRUE(snapshot.ok);
    EXPECT_EQ(snapshot.params, (QJsonObject { { u"interactiveOnly"_s, true } }));
}

TEST(ToolkitCompatTest, ActionsSayExecutedAndReadersDoNot)
{
    const CommandCaller agent { u"agent-ws"_s, u"1"_s };
    const CommandResult clicked = ToolkitCompat::withForeignFields(
        u"click"_s, agent, CommandResult::success(QJsonObject { { u"clicked"_s, u"e3"_s } }));
    EXPECT_TRUE(clicked.ok);
    EXPECT_EQ(clicked.data.toObject(), (QJsonObject { { u"clicked"_s, u"e3"_s }, { u"executed"_s, true } }));
    // An action with no data at all still says executed.
    EXPECT_EQ(ToolkitCompat::withForeignFields(u"reload"_s, agent, CommandResult::success()).data.toObject(),
              (QJsonObject { { u"executed"_s, true } }));
    for (const QString &reader : { u"snapshot"_s, u"get"_s, u"is"_s, u"eval"_s, u"tab"_s, u"find"_s }) {
        const CommandResult read = ToolkitCompat::withForeignFields(
            reader, agent, CommandResult::success(QJsonObject { { u"url"_s, u"https://example.org/"_s } }));
        EXPECT_FALSE(read.data.toObject().contains(u"executed"_s)) << reader.toStdString();
    }
}

TEST(ToolkitCompatTest, ValueIsAlsoResult)
{
    const CommandCaller agent { u"mcp"_s, u"1"_s };
    const CommandResult got = ToolkitCompat::withForeignFields(
        u"get"_s, agent, CommandResult::success(QJsonObject { { u"value"_s, u"Hello"_s } }));
    EXPECT_EQ(got.data.toObject(), (QJsonObject { { u"value"_s, u"Hello"_s }, { u"result"_s, u"Hello"_s } }));
    // A result of its own is kept.
    const CommandResult found = ToolkitCompat::withForeignFields(
        u"find"_s, agent,
        CommandResult::success(QJsonObject { { u"value"_s, 1 }, { u"result"_s, QJsonArray { u"e4"_s } } }));
    EXPECT_EQ(found.data.toObject().value(u"result"_s), QJsonValue(QJsonArray { u"e4"_s }));
}

TEST(ToolkitCompatTest, TheScreenshotDataUrlIsForWebSocketAgentsOnly)
{
    const CommandResult shot = CommandResult::success(QJsonObject { { u"data"_s, u"iVBORw0KGgo="_s } });
    const QJsonObject ws
        = ToolkitCompat::withForeignFields(u"screenshot"_s, { u"agent-client"_s, u"1"_s }, shot)
              .data.toObject();
    EXPECT_EQ(ws.value(u"screenshot"_s).toString(), u"data:image/png;base64,iVBORw0KGgo="_s);
    EXPECT_FALSE(ws.contains(u"executed"_s));
    const QJsonObject mcp
        = ToolkitCompat::withForeignFields(u"screenshot"_s, { u"mcp"_s, u"1"_s }, shot).data.toObject();
    EXPECT_FALSE(mcp.contains(u"screenshot"_s));
}

TEST(ToolkitCompatTest, FailuresAndNonObjectDataPassUnchanged)
{
    const CommandCaller agent { u"agent-ws"_s, u"1"_s };
    const CommandResult failed = CommandResult::failure(u"the tab closed"_s, ErrorKind::Conflict);
    const CommandResult out = ToolkitCompat::withForeignFields(u"click"_s, agent, failed);
    EXPECT_FALSE(out.ok);
    EXPECT_EQ(out.error, u"the tab closed"_s);
    EXPECT_EQ(out.kind, ErrorKind::Conflict);
    EXPECT_TRUE(out.data.isUndefined() || out.data.isNull());
    const CommandResult list = CommandResult::success(QJsonArray { 1, 2 });
    EXPECT_EQ(ToolkitCompat::withForeignFields(u"click"_s, agent, list).data,
              QJsonValue(QJsonArray { 1, 2 }));
}

} // namespace
