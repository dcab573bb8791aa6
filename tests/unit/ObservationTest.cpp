// What the model sees of a page: the interactables in view first, the rest by relevance to the
// task, within the budget, with what was left out said.
#include "jobs/Observation.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

// A long page: a header, a form in view, then 300 product links below the fold.
QJsonObject longPage(QStringList *inViewRefs = nullptr)
{
    QStringList lines { u"- link \"Acme\" [ref=e1]"_s, u"- heading \"Sign in\" [level=1]"_s,
                        u"- textbox \"Email\" [ref=e2]"_s, u"- textbox \"Password\" [ref=e3]"_s,
                        u"- button \"Sign in\" [ref=e4]"_s };
    for (int i = 0; i < 300; ++i)
        lines.append(u"- link \"Product %1 — a fine thing to own\" [ref=e%2]"_s.arg(i).arg(i + 10));
    lines.append(u"- link \"Return policy\" [ref=e900]"_s);
    QJsonArray inView;
    for (const QString &ref : { u"e1"_s, u"e2"_s, u"e3"_s, u"e4"_s })
        inView.append(ref);
    if (inViewRefs)
        *inViewRefs = { u"e1"_s, u"e2"_s, u"e3"_s, u"e4"_s };
    return { { u"snapshot"_s, lines.join(u'\n') },
             { u"url"_s, u"https://shop.example/login"_s },
             { u"title"_s, u"Sign in"_s },
             { u"inView"_s, inView } };
}

} // namespace

TEST(ObservationTest, NamesEveryInteractableInViewAndStaysWithinTheBudget)
{
    const Observation o = Observation::compose(longPage(), u"find the return policy"_s, 2000);
    EXPECT_LE(o.text.size(), 2000);
    EXPECT_EQ(o.refsInView, 4);
    EXPECT_EQ(o.refsInViewShown, 4);
    for (const QString &ref : { u"e1"_s, u"e2"_s, u"e3"_s, u"e4"_s })
        EXPECT_TRUE(o.refs.contains(ref)) << ref.toStdString();
    // The line that matters to the task comes before the products, though it is last on the page.
    EXPECT_TRUE(o.refs.contains(u"e900"_s));
    EXPECT_GT(o.linesLeftOut, 200);
    EXPECT_TRUE(o.text.contains(u"line(s) of the page left out"_s));
    EXPECT_EQ(o.url, u"https://shop.example/login"_s);
}

TEST(ObservationTest, KeepsDocumentOrderAndMarksGaps)
{
    const Observation o = Observation::compose(longPage(), u"return policy"_s, 1500);
    const qsizetype form = o.text.indexOf(u"button \"Sign in\""_s);
    const qsizetype policy = o.text.indexOf(u"Return policy"_s);
    ASSERT_GE(form, 0);
    ASSERT_GE(policy, 0);
    EXPECT_LT(form, policy);
    EXPECT_TRUE(o.text.contains(u"  …"_s));
}

TEST(ObservationTest, ASmallPageIsShownWhole)
{
    const QJsonObject page { { u"snapshot"_s, u"- heading \"Hi\" [level=1]\n- button \"OK\" [ref=e1]"_s },
                             { u"inView"_s, QJsonArray { u"e1"_s } } };
    const Observation o = Observation::compose(page, u"press ok"_s, 12000);
    EXPECT_EQ(o.text, u"- heading \"Hi\" [level=1]\n- button \"OK\" [ref=e1]"_s);
    EXPECT_EQ(o.linesLeftOut, 0);
}

TEST(ObservationTest, TheDigestIgnoresRefsButNotContent)
{
    EXPECT_EQ(Observation::digestOf(u"- button \"Next\" [ref=e3]"_s),
              Observation::digestOf(u"- button \"Next\" [ref=e9]"_s));
    EXPECT_NE(Observation::digestOf(u"- button \"Next\" [ref=e3]"_s),
              Observation::digestOf(u"- button \"Done\" [ref=e3]"_s));
}

TEST(ObservationTest, TaskWordsDropFillerAndShortWords)
{
    EXPECT_EQ(Observation::taskWords(u"Find the return policy for ada@example.com, please"_s),
              (QStringList { u"return"_s, u"policy"_s, u"ada@example.com"_s }));
}

TEST(ObservationTest, SaysWhereThePageIsScrolled)
{
    QJsonObject page {
        { u"snapshot"_s, u"- button \"OK\" [ref=e1]"_s },
        { u"scroll"_s, QJsonObject { { u"y"_s, 1200 }, { u"height"_s, 5400 }, { u"viewHeight"_s, 800 } } }
    };
    EXPECT_EQ(Observation::compose(page, {}, 12000).scrollText(),
              u"scrolled 1200 px down a 5400 px page; 3400 px more below the view"_s);
    page.insert(u"scroll"_s, QJsonObject { { u"y"_s, 0 }, { u"height"_s, 600 }, { u"viewHeight"_s, 800 } });
    EXPECT_EQ(Observation::compose(page, {}, 12000).scrollText(), u"the whole page is in view"_s);
    page.remove(u"scroll"_s);
    EXPECT_EQ(Observation::compose(page, {}, 12000).scrollText(), QString());
}
