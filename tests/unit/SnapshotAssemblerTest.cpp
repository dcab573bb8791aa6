// A tab's snapshot put together without a browser: the page script's answers are played by the
// test in the shape payload/snapshot.js gives them ({text, frames: [{ref, src}], next, shown,
// omitted, interactive, named, url, title}, lines as "- role "name" [ref=…]", an iframe's line
// ending in ':'), and the browser (Target.attachedToTarget, Page.getFrameTree as the DevTools
// protocol documents them) over a scripted transport.
#include "page/SnapshotAssembler.h"

#include "FakeCdpTransport.h"
#include "Wait.h"
#include "cdp/CdpEndpoint.h"

#include <QJsonArray>
#include <QPointer>

#include <gtest/gtest.h>

#include <optional>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

struct PayloadCall
{
    QString target; // FrameRouter::Target::key()
    QString function;
    QJsonObject args;
};

class SnapshotAssemblerTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        browser = connectToFakeBrowser(endpoint, transports);
        ASSERT_TRUE(browser);
        // A checkout page with a payment widget of another site in an out-of-process iframe.
        attach(u"P1"_s, u"T1"_s, u"page"_s, u"https://shop.test/checkout"_s);
        attach(u"F1"_s, u"T9"_s, u"iframe"_s, u"https://pay.other.test/widget"_s, u"P1"_s);
        page = endpoint.sessionForTarget(u"T1"_s);
        widget = endpoint.sessionForTarget(u"T9"_s);
        ASSERT_TRUE(page && widget);
        router = std::make_unique<FrameRouter>(page);
        assembler = std::make_unique<SnapshotAssembler>(
            &endpoint, router.get(), marks,
            [this](const FrameRouter::Target &target, const QString &function, const QJsonObject &args,
                   SnapshotAssembler::Result done) {
                calls.append({ target.key(), function, args });
                const QString key = target.key();
                if (errors.contains(key))
                    return done({}, errors.value(key));
                done(answers.value(key), {});
            });
    }

    void attach(const QString &sessionId, const QString &targetId, const QString &type, const QString &url,
                const QString &parentSession = {})
    {
        browser->receive(
            attachedToTargetEvent(sessionId, fakeTargetInfo(targetId, type, url), parentSession));
    }

    // Page.getFrameTree of the checkout page: the widget's frame (its id is its target's) under it.
    void answerFrameTree()
    {
        const QJsonObject asked = browser->lastSent(u"Page.getFrameTree"_s);
        ASSERT_FALSE(asked.isEmpty()) << "the frame tree was not asked for";
        EXPECT_EQ(asked.value(u"sessionId"_s).toString(), u"P1"_s) << "asked of the page's own session";
        const QJsonObject root { { u"id"_s, u"T1"_s },
                                 { u"url"_s, u"https://shop.test/checkout"_s },
                                 { u"securityOrigin"_s, u"https://shop.test"_s } };
        const QJsonObject child { { u"id"_s, u"T9"_s },
                                  { u"parentId"_s, u"T1"_s },
                                  { u"url"_s, u"https://pay.other.test/widget"_s },
                                  { u"securityOrigin"_s, u"https://pay.other.test"_s } };
        browser->respond(asked.value(u"id"_s).toInt(),
                         { { u"frameTree"_s,
                             QJsonObject { { u"frame"_s, root },
                                           { u"childFrames"_s,
                                             QJsonArray { QJsonObject { { u"frame"_s, child } } } } } } },
                         u"P1"_s);
    }

    static QJsonObject snapshotAnswer(const QString &text, int next, int shown, int omitted, int interactive,
                                      const QJsonArray &frames = {})
    {
        return { { u"text"_s, text },          { u"frames"_s, frames },
                 { u"next"_s, next },          { u"shown"_s, shown },
                 { u"omitted"_s, omitted },    { u"interactive"_s, interactive },
                 { u"named"_s, interactive },  { u"url"_s, u"https://shop.test/checkout"_s },
                 { u"title"_s, u"Checkout"_s } };
    }

    // assemble() for the whole tab, its answer once it comes.
    void assembleTab(const SnapshotOptions &options, bool answerTree = false)
    {
        result.reset();
        assembler->assemble({ page, {} }, {}, options.maxElements, options.maxChars, options,
                            [this](const QJsonObject &r, const QString &error) {
                                result = { r, error };
                            });
        if (answerTree)
            answerFrameTree();
        ASSERT_TRUE(waitUntil([&] { return result.has_value(); }));
    }

    CdpEndpoint endpoint;
    QList<QPointer<FakeCdpTransport>> transports;
    FakeCdpTransport *browser = nullptr;
    CdpSession *page = nullptr;
    CdpSession *widget = nullptr;
    std::unique_ptr<FrameRouter> router;
    SnapshotAssembler::RefMarks marks = std::make_shared<QHash<QString, int>>();
    std::unique_ptr<SnapshotAssembler> assembler;
    QHash<QString, QJsonObject> answers; // by target key
    QHash<QString, QString> errors;
    QList<PayloadCall> calls;
    std::optional<std::pair<QJsonObject, QString>> result;
};

TEST_F(SnapshotAssemblerTest, ADocumentWithoutForeignFramesIsItsLinesWithTheLimitsNoteAndRefsGoOn)
{
    answers.insert(u"T1/"_s,
                   snapshotAnswer(u"- heading \"Checkout\" [level=1]\n- button \"Pay\" [ref=e1]"_s,
                                  /*next*/ 2, /*shown*/ 2, /*omitted*/ 3, /*interactive*/ 1));
    SnapshotOptions options;
    options.maxElements = 2;
    options.scope = u"main"_s;
    assembleTab(options);
    ASSERT_TRUE(result->second.isEmpty()) << result->second.toStdString();
    const QJsonObject out = result->first;
    EXPECT_EQ(out.value(u"snapshot"_s).toString(),
              u"- heading \"Checkout\" [level=1]\n- button \"Pay\" [ref=e1]\n"
              "# 3 more element(s) not shown (maxElements 2, maxChars 40000): use scope, interactiveOnly or "
              "higher limits"_s);
    EXPECT_TRUE(out.value(u"truncated"_s).toBool());
    EXPECT_EQ(out.value(u"shown"_s).toInt(), 2);
    EXPECT_EQ(out.value(u"title"_s).toString(), u"Checkout"_s);
    for (const QString &internal : { u"text"_s, u"frames"_s, u"next"_s })
        EXPECT_FALSE(out.contains(internal))
            << internal.toStdString() << " is the payload's, not the answer's";
    EXPECT_TRUE(browser->lastSent(u"Page.getFrameTree"_s).isEmpty()) << "no frame to match, no frame tree";

    ASSERT_EQ(calls.size(), 1);
    EXPECT_EQ(calls.at(0).function, u"snapshot"_s);
    EXPECT_EQ(calls.at(0).args,
              (QJsonObject { { u"interactiveOnly"_s, false },
                             { u"maxElements"_s, 2 },
                             { u"maxChars"_s, 40000 },
                             { u"base"_s, 1 },
                             { u"prefix"_s, QString() },
                             { u"scope"_s, u"main"_s } }));

    // The next snapshot's refs start where this one's ended, so a ref an agent holds is not reused.
    answers.insert(u"T1/"_s, snapshotAnswer(u"- button \"Pay\" [ref=e2]"_s, 3, 1, 0, 1));
    assembleTab({});
    EXPECT_EQ(calls.constLast().args.value(u"base"_s).toInt(), 2);
    EXPECT_EQ(marks->value(u"T1/"_s), 3) << "kept for the next controller of this browser too";
    EXPECT_FALSE(result->first.value(u"truncated"_s).toBool());
    EXPECT_FALSE(result->first.value(u"snapshot"_s).toString().contains(u"# "_s))
        << "no note when all is shown";
}

TEST_F(SnapshotAssemblerTest, AnOutOfProcessFrameIsSplicedUnderItsIframeWithItsOwnRefsAndTheLimitsShared)
{
    const QString pageText = u"- region \"Order\"\n"
                             "  - iframe \"Payment\" [ref=e1]:\n"
                             "  - button \"Back\" [ref=e2]"_s;
    answers.insert(u"T1/"_s,
                   snapshotAnswer(pageText, 3, 3, 0, 2,
                                  { QJsonObject { { u"ref"_s, u"e1"_s },
                                                  { u"src"_s, u"https://pay.other.test/widget"_s } } }));
    answers.insert(
        u"T9/"_s,
        snapshotAnswer(u"- textbox \"Card number\" [ref=f1e1]\n- button \"Pay\" [ref=f1e2]"_s, 3, 2, 0, 2));
    SnapshotOptions options;
    options.scope = u"main"_s;
    assembleTab(options, /*answerTree*/ true);
    ASSERT_TRUE(result->second.isEmpty()) << result->second.toStdString();
    const QJsonObject out = result->first;
    EXPECT_EQ(out.value(u"snapshot"_s).toString(),
              u"- region \"Order\"\n"
              "  - iframe \"Payment\" [ref=e1]:\n"
              "    - textbox \"Card number\" [ref=f1e1]\n"
              "    - button \"Pay\" [ref=f1e2]\n"
              "  - button \"Back\" [ref=e2]"_s);
    EXPECT_EQ(out.value(u"shown"_s).toInt(), 5);
    EXPECT_EQ(out.value(u"interactive"_s).toInt(), 4);
    EXPECT_EQ(out.value(u"named"_s).toInt(), 4);
    EXPECT_FALSE(out.value(u"truncated"_s).toBool());

    ASSERT_EQ(calls.size(), 2);
    EXPECT_EQ(calls.at(1).target, u"T9/"_s) << "the frame's snapshot is taken in its own target";
    const QJsonObject inner = calls.at(1).args;
    EXPECT_EQ(inner.value(u"prefix"_s).toString(), u"f1"_s);
    EXPECT_EQ(inner.value(u"maxElements"_s).toInt(), 1000 - 3) << "what the page's lines left";
    EXPECT_EQ(inner.value(u"maxChars"_s).toInt(), 40000 - pageText.size());
    EXPECT_FALSE(inner.contains(u"scope"_s)) << "the scope is the page's, not the frame's";
    // f1 now leads to the widget, through the iframe e1.
    const std::optional<FrameRouter::Route> route = router->routeOf(1);
    ASSERT_TRUE(route);
    EXPECT_EQ(route->ownerRef, u"e1"_s);
    EXPECT_EQ(route->target.session, widget);
}

TEST_F(SnapshotAssemblerTest, AFrameThatCannotBeReadSaysSoUnderItsIframe)
{
    answers.insert(u"T1/"_s,
                   snapshotAnswer(u"- iframe \"Payment\" [ref=e1]:\n- button \"Back\" [ref=e2]"_s, 3, 2, 0, 2,
                                  { QJsonObject { { u"ref"_s, u"e1"_s },
                                                  { u"src"_s, u"https://pay.other.test/widget"_s } } }));
    errors.insert(u"T9/"_s, u"Execution context was destroyed."_s);
    assembleTab({}, /*answerTree*/ true);
    ASSERT_TRUE(result->second.isEmpty()) << "the page's own lines still come";
    EXPECT_EQ(result->first.value(u"snapshot"_s).toString(),
              u"- iframe \"Payment\" [ref=e1]:\n"
              "  - text: (frame not readable: Execution context was destroyed.)\n"
              "- button \"Back\" [ref=e2]"_s);
}

TEST_F(SnapshotAssemblerTest, APageThatCannotBeReadOrIsGoneIsAnError)
{
    errors.insert(u"T1/"_s, u"scope \"#nope\" matches no element"_s);
    assembleTab({});
    EXPECT_EQ(result->second, u"scope \"#nope\" matches no element"_s);

    std::optional<QString> gone;
    assembler->assemble({}, {}, 1000, 40000, {},
                        [&](const QJsonObject &, const QString &error) { gone = error; });
    ASSERT_TRUE(gone);
    EXPECT_EQ(*gone, u"the page is gone"_s);
}

} // namespace
