// A run's progress review computed from its steps (StepReview), as the seed's AI Web Agent
// described it: counts of looks, errors and successes, distinct actions, the element touched most,
// progress signals, an efficiency figure, a rating, issues and suggestions. The step sequences are
// the shapes the integration runs produce (the sign-up fixture, the busy page's dead "Next",
// stale refs, reading a long page).
#include "agent/StepReview.h"

#include "QtPrinters.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

RunStep step(const QString &tool, const QString &element, bool ok = true, const QJsonObject &params = {},
             const QJsonObject &effect = {})
{
    RunStep s;
    s.tool = tool;
    s.element = element;
    s.ok = ok;
    s.params = params;
    s.effect = effect;
    s.result = ok ? u"done"_s : u"no element e9 on the page (the ref is stale)"_s;
    return s;
}

QJsonObject value(const QString &v)
{
    return { { u"ref"_s, u"e1"_s }, { u"value"_s, v } };
}

const QJsonObject kNavigated { { u"navigated"_s, true }, { u"url"_s, u"http://127.0.0.1/signup-2.html"_s } };

} // namespace

TEST(StepReviewTest, ASignUpThatMovesOnIsOnTrack)
{
    const QList<RunStep> steps { step(u"fill"_s, u"textbox “Email Address *”"_s, true,
                                      value(u"ada@example.com"_s)),
                                 step(u"fill"_s, u"textbox “First Name”"_s, true, value(u"Ada"_s)),
                                 step(u"click"_s, u"button “Continue”"_s, true, {}, kNavigated) };
    const StepReview review = StepReview::of(steps, 0, 3);
    EXPECT_EQ(review.rating, u"on_track"_s);
    EXPECT_EQ(review.steps, 3);
    EXPECT_EQ(review.successes, 3);
    EXPECT_EQ(review.errors, 0);
    EXPECT_EQ(review.distinctActions, 3);
    EXPECT_EQ(review.newValues, 2);
    EXPECT_EQ(review.addressChanges, 1);
    EXPECT_EQ(review.efficiency, 100);
    EXPECT_TRUE(review.issues.isEmpty());
    EXPECT_TRUE(review.mostTouched.isEmpty());
}

TEST(StepReviewTest, TheSameDeadButtonAgainAndAgainIsStuckAndTheReviewSaysWhichAndWhatToDo)
{
    QList<RunStep> steps;
    for (int i = 0; i < 4; ++i)
        steps.append(step(u"click"_s, u"button “Next”"_s));
    const StepReview review = StepReview::of(steps, 0, 0);
    EXPECT_EQ(review.rating, u"stuck"_s);
    EXPECT_EQ(review.mostTouched, u"button “Next”"_s);
    EXPECT_EQ(review.mostTouchedCount, 4);
    EXPECT_EQ(review.distinctActions, 1);
    EXPECT_EQ(review.efficiency, 0);
    EXPECT_EQ(
        review.issues,
        (QStringList { u"nothing moved: the address did not change, no field got a new value and the page "
                       "stayed the same"_s,
                       u"button “Next” was acted on 4 times"_s }));
    EXPECT_TRUE(review.suggestions.contains(u"stop using button “Next” and try another element or way"_s));
    EXPECT_TRUE(
        review.text().startsWith(u"stuck — 4 steps: 4 succeeded, 0 failed, 0 only looked, 1 distinct "
                                 "action; progress: 0 address change(s), 0 new field value(s), the page "
                                 "changed 0 time(s); efficiency 0%. Issues: nothing moved"_s))
        << review.text().toStdString();
    const QJsonObject metrics = review.metrics();
    EXPECT_EQ(metrics[u"mostTouched"][u"times"], 4);
    EXPECT_EQ(metrics[u"steps"], 4);
}

TEST(StepReviewTest, MostlyFailingStepsAreSlowEvenWhenThePageMoved)
{
    const QList<RunStep> steps { step(u"click"_s, u"button “Save”"_s, false),
                                 step(u"fill"_s, QString(), false, value(u"x"_s)),
                                 step(u"click"_s, u"link “Settings”"_s, true, {}, kNavigated),
                                 step(u"click"_s, u"button “Save”"_s, false) };
    const StepReview review = StepReview::of(steps, 0, 1);
    EXPECT_EQ(review.rating, u"slow"_s);
    EXPECT_EQ(review.errors, 3);
    EXPECT_TRUE(review.issues.contains(u"3 of 4 steps failed"_s));
    EXPECT_TRUE(review.suggestions.contains(
        u"read the errors and the page again: use refs from the latest page only"_s));
}

TEST(StepReviewTest, ReadingALongPageMovesWhileThePageChangesAndIsStuckWhenItDoesNot)
{
    const QList<RunStep> scrolls { step(u"scroll"_s, QString()), step(u"scroll"_s, QString()),
                                   step(u"wait"_s, QString()) };
    EXPECT_EQ(StepReview::of(scrolls, 0, 3).rating, u"on_track"_s);
    const StepReview still = StepReview::of(scrolls, 0, 0);
    EXPECT_EQ(still.rating, u"stuck"_s);
    EXPECT_EQ(still.observes, 3);
    EXPECT_TRUE(still.issues.contains(u"every step only looked (waits, scrolls, hovers)"_s));
}

TEST(StepReviewTest, OnlyTheStepsSinceTheLastReviewCountAndAValueGivenBeforeIsNotNew)
{
    const QList<RunStep> steps { step(u"fill"_s, u"textbox “Email”"_s, true, value(u"ada@example.com"_s)),
                                 step(u"click"_s, u"button “Go”"_s, false),
                                 // since the last review:
                                 step(u"fill"_s, u"textbox “Email”"_s, true, value(u"ada@example.com"_s)),
                                 step(u"fill"_s, u"textbox “Email”"_s, true, value(u"ada@example.com"_s)) };
    const StepReview review = StepReview::of(steps, 2, 0);
    EXPECT_EQ(review.steps, 2);
    EXPECT_EQ(review.errors, 0);
    EXPECT_EQ(review.newValues, 0);
    EXPECT_EQ(review.rating, u"slow"_s);
    // done and ask_user are the brain's own steps, not progress to review.
    QList<RunStep> withDone = steps;
    withDone.append(step(u"done"_s, QString()));
    EXPECT_EQ(StepReview::of(withDone, 2, 0).steps, 2);
}
