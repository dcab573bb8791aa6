// Which document a frame ref lives in, and which frame document each iframe of a snapshot
// shows: on a frame tree given as Page.getFrameTree returns it, without a browser.
#include "page/FrameRouter.h"

#include "FakeCdpTransport.h"
#include "Wait.h"
#include "cdp/CdpConnection.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

QJsonObject node(const QString &id, const QString &parent, const QString &origin, const QString &url,
                 const QJsonArray &children = {})
{
    QJsonObject frame { { u"id"_s, id }, { u"securityOrigin"_s, origin }, { u"url"_s, url } };
    if (!parent.isEmpty())
        frame.insert(u"parentId"_s, parent);
    return { { u"frame"_s, frame }, { u"childFrames"_s, children } };
}

class FrameRouterTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(link.open());
        page = link.session(u"T1"_s, u"S-T1"_s, u"page"_s, u"https://app.test/"_s);
        oopif = link.session(u"T9"_s, u"S-T9"_s, u"iframe"_s, u"https://pay.other.test/widget"_s);
    }

    FakeCdpLink link;
    std::unique_ptr<CdpSession> page;
    std::unique_ptr<CdpSession> oopif;
};

TEST_F(FrameRouterTest, AFrameKeepsItsNumberAcrossSnapshotsAndAnUnknownOneHasNoDocument)
{
    FrameRouter router(page.get());
    const FrameRouter::Target child { oopif.get(), {} };
    EXPECT_EQ(router.route(child, u"e4"_s), 1);
    EXPECT_EQ(router.route({ page.get(), u"F7"_s }, u"f1e2"_s), 2);
    EXPECT_EQ(router.route(child, u"e5"_s), 1) << "the same document, the same number";
    EXPECT_EQ(router.routeOf(1)->ownerRef, u"e5"_s);
    EXPECT_TRUE(router.knows(0));
    EXPECT_FALSE(router.knows(3));
    EXPECT_EQ(router.target(0).session, page.get());
    EXPECT_EQ(router.target(3).session, nullptr);
}

TEST_F(FrameRouterTest, IframesAreMatchedByAddressThenInDocumentOrder)
{
    // The page (app.test) holds: a same-origin frame (entered by the payload itself), inside it
    // a cross-origin frame of ads.test (same process), and an out-of-process payment widget.
    const QJsonObject tree
        = node(u"T1"_s, {}, u"https://app.test"_s, u"https://app.test/"_s,
               { node(u"F2"_s, u"T1"_s, u"https://app.test"_s, u"https://app.test/inner"_s,
                      { node(u"F3"_s, u"F2"_s, u"https://ads.test"_s, u"https://ads.test/banner"_s) }),
                 node(u"T9"_s, u"T1"_s, u"https://pay.other.test"_s, u"https://pay.other.test/widget"_s) });
    const QList<FrameRouter::Candidate> candidates
        = FrameRouter::candidates(tree, { page.get(), {} }, { oopif.get() });
    ASSERT_EQ(candidates.size(), 2)
        << "the out-of-process target, and the cross-origin frame reached through "
           "a same-origin one; not the same-origin frame";
    EXPECT_EQ(candidates.at(0).target.session, oopif.get());
    EXPECT_EQ(candidates.at(1).target.frameId, u"F3"_s);

    const QJsonArray iframes { QJsonObject { { u"ref"_s, u"e3"_s }, { u"src"_s, u"about:srcdoc"_s } },
                               QJsonObject { { u"ref"_s, u"e8"_s },
                                             { u"src"_s, u"https://pay.other.test/widget"_s } } };
    const auto splices = FrameRouter::match(iframes, candidates);
    ASSERT_EQ(splices.size(), 2);
    EXPECT_EQ(splices.at(0).first, u"e8"_s) << "by address first";
    EXPECT_EQ(splices.at(0).second.session, oopif.get());
    EXPECT_EQ(splices.at(1).first, u"e3"_s) << "then what is left, in order";
    EXPECT_EQ(splices.at(1).second.frameId, u"F3"_s);
}

} // namespace
