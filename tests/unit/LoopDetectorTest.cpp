// The loop detector's four patterns (core/agent/LoopDetector), and the near misses that must not
// fire: a third action in an A-B-A-C, the same element with different action types, and steps
// that keep reaching new pages.
#include "agent/LoopDetector.h"

#include "QtPrinters.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

LoopStep step(const QString &type, const QString &target, const QString &params, const QString &before,
              const QString &after)
{
    return { type, target, params, before, after };
}

QString patternOf(const LoopDetector &detector)
{
    const std::optional<LoopFinding> finding = detector.check();
    return finding ? finding->pattern : u"none"_s;
}

TEST(LoopDetectorTest, TheSameActionThreeTimesWithTheSameResultIsARepeat)
{
    LoopDetector detector;
    detector.record(step(u"click"_s, u"button “Next”"_s, u"{}"_s, u"p1"_s, u"p2"_s));
    detector.record(step(u"click"_s, u"button “Next”"_s, u"{}"_s, u"p2"_s, u"p2"_s));
    EXPECT_EQ(patternOf(detector), u"none"_s) << "two is not yet a loop";
    detector.record(step(u"click"_s, u"button “Next”"_s, u"{}"_s, u"p2"_s, u"p2"_s));
    const std::optional<LoopFinding> finding = detector.check();
    ASSERT_TRUE(finding);
    EXPECT_EQ(finding->pattern, u"repeat"_s);
    EXPECT_EQ(finding->description, u"clicked button “Next” 3 times in a row with the same result"_s);
    EXPECT_EQ(detector.size(), 3);
}

TEST(LoopDetectorTest, RepeatsThatKeepReachingNewPagesAreProgress)
{
    // Paging through results with "Next": the same action, a new page every time.
    const auto next = [](int from, int to) {
        return step(u"click"_s, u"button “Next”"_s, u"{}"_s, u"p%1"_s.arg(from), u"p%1"_s.arg(to));
    };
    LoopDetector detector;
    for (int page = 1; page <= 4; ++page)
        detector.record(next(page, page + 1));
    EXPECT_EQ(patternOf(detector), u"none"_s);
    // Back on a page seen before: the window made no progress any more.
    detector.record(next(5, 3));
    EXPECT_EQ(patternOf(detector), u"repeat"_s);
}

TEST(LoopDetectorTest, FourActionsOfOneTypeOnOneElementAreSameElement)
{
    LoopDetector detector;
    const QString field = u"textbox “Search”"_s;
    detector.record(step(u"fill"_s, field, uR"({"text":"a"})"_s, u"p"_s, u"p"_s));
    detector.record(step(u"fill"_s, field, uR"({"text":"b"})"_s, u"p"_s, u"q"_s));
    detector.record(step(u"fill"_s, field, uR"({"text":"c"})"_s, u"q"_s, u"p"_s));
    EXPECT_EQ(patternOf(detector), u"none"_s) << "three fills with different text";
    detector.record(step(u"fill"_s, field, uR"({"text":"d"})"_s, u"p"_s, u"q"_s));
    const std::optional<LoopFinding> finding = detector.check();
    ASSERT_TRUE(finding);
    EXPECT_EQ(finding->pattern, u"same-element"_s);
    EXPECT_TRUE(finding->description.startsWith(u"filled textbox “Search” 4 times"_s))
        << finding->description.toStdString();
}

TEST(LoopDetectorTest, TheSameElementWithDifferentActionTypesIsNoLoop)
{
    LoopDetector detector;
    const QString box = u"combobox “Country”"_s;
    detector.record(step(u"click"_s, box, u"{}"_s, u"p1"_s, u"p2"_s));
    detector.record(step(u"fill"_s, box, uR"({"text":"Fr"})"_s, u"p2"_s, u"p3"_s));
    detector.record(step(u"press"_s, box, uR"({"keys":"ArrowDown"})"_s, u"p3"_s, u"p4"_s));
    detector.record(step(u"select"_s, box, uR"({"value":"France"})"_s, u"p4"_s, u"p5"_s));
    EXPECT_EQ(patternOf(detector), u"none"_s);
}

TEST(LoopDetectorTest, ABABIsAlternation)
{
    LoopDetector detector;
    const LoopStep a = step(u"click"_s, u"tab “Details”"_s, u"{}"_s, u"d0"_s, u"d1"_s);
    const LoopStep b = step(u"click"_s, u"tab “Reviews”"_s, u"{}"_s, u"d1"_s, u"d0"_s);
    detector.record(a);
    detector.record(b);
    detector.record(a);
    EXPECT_EQ(patternOf(detector), u"none"_s);
    detector.record(b);
    const std::optional<LoopFinding> finding = detector.check();
    ASSERT_TRUE(finding);
    EXPECT_EQ(finding->pattern, u"alternation"_s);
    EXPECT_EQ(finding->description,
              u"went back and forth twice: clicked tab “Details”, then clicked tab “Reviews”, then again"_s);
}

TEST(LoopDetectorTest, ABACIsNoAlternation)
{
    LoopDetector detector;
    const LoopStep a = step(u"click"_s, u"tab “Details”"_s, u"{}"_s, u"d0"_s, u"d1"_s);
    const LoopStep b = step(u"click"_s, u"tab “Reviews”"_s, u"{}"_s, u"d1"_s, u"d0"_s);
    const LoopStep c = step(u"click"_s, u"tab “Shipping”"_s, u"{}"_s, u"d1"_s, u"d2"_s);
    for (const LoopStep &s : { a, b, a, c })
        detector.record(s);
    EXPECT_EQ(patternOf(detector), u"none"_s);
}

TEST(LoopDetectorTest, AnUnchangedPageAcrossThreeActionsIsNoProgress)
{
    LoopDetector detector;
    detector.record(step(u"click"_s, u"button “Apply”"_s, u"{}"_s, u"s"_s, u"s"_s));
    detector.record(step(u"fill"_s, u"textbox “Code”"_s, uR"({"text":"X1"})"_s, u"s"_s, u"s"_s));
    EXPECT_EQ(patternOf(detector), u"none"_s);
    detector.record(step(u"click"_s, u"button “Apply”"_s, u"{}"_s, u"s"_s, u"s"_s));
    const std::optional<LoopFinding> finding = detector.check();
    ASSERT_TRUE(finding);
    EXPECT_EQ(finding->pattern, u"no-progress"_s);
    EXPECT_EQ(finding->description,
              u"the last 3 actions (clicked button “Apply”; filled textbox “Code”; clicked button “Apply”) "
              "left the page unchanged"_s);
}

TEST(LoopDetectorTest, OneChangeAmongThreeActionsIsProgress)
{
    LoopDetector detector;
    detector.record(step(u"click"_s, u"button “Apply”"_s, u"{}"_s, u"s"_s, u"s"_s));
    detector.record(step(u"fill"_s, u"textbox “Code”"_s, uR"({"text":"X1"})"_s, u"s"_s, u"t"_s));
    detector.record(step(u"click"_s, u"button “Apply”"_s, u"{}"_s, u"t"_s, u"t"_s));
    EXPECT_EQ(patternOf(detector), u"none"_s);
    // Unknown digests prove nothing either way.
    LoopDetector unknown;
    for (int i = 0; i < 3; ++i)
        unknown.record(step(u"click"_s, u"button “Button ”"_s + QString::number(i), u"{}"_s, {}, {}));
    EXPECT_EQ(patternOf(unknown), u"none"_s);
}

TEST(LoopDetectorTest, ScrollingCountsByWhatTheScrollShows)
{
    // Down a long page: new content each time.
    LoopDetector reading;
    for (int i = 0; i < 5; ++i) {
        reading.record(step(u"scroll"_s, {}, uR"({"direction":"down"})"_s, u"v"_s + QString::number(i),
                            u"v"_s + QString::number(i + 1)));
    }
    EXPECT_EQ(patternOf(reading), u"none"_s);

    // At the bottom: the same scroll, the same page.
    LoopDetector stuck;
    stuck.record(step(u"scroll"_s, {}, uR"({"direction":"down"})"_s, u"v8"_s, u"v9"_s));
    stuck.record(step(u"scroll"_s, {}, uR"({"direction":"down"})"_s, u"v9"_s, u"v9"_s));
    stuck.record(step(u"scroll"_s, {}, uR"({"direction":"down"})"_s, u"v9"_s, u"v9"_s));
    const std::optional<LoopFinding> finding = stuck.check();
    ASSERT_TRUE(finding);
    EXPECT_EQ(finding->pattern, u"repeat"_s);
    EXPECT_EQ(finding->description, u"scrolled the page 3 times in a row with the same result"_s);

    // Scrolling by different amounts with nothing changing: no progress.
    LoopDetector amounts;
    for (int i = 1; i <= 3; ++i)
        amounts.record(step(u"scroll"_s, {}, uR"({"pixels":%1})"_s.arg(i * 300), u"v9"_s, u"v9"_s));
    EXPECT_EQ(patternOf(amounts), u"no-progress"_s);

    // Scroll down, scroll up, again: alternation, though each scroll shows a different viewport.
    LoopDetector seesaw;
    for (int i = 0; i < 2; ++i) {
        seesaw.record(step(u"scroll"_s, {}, uR"({"direction":"down"})"_s, u"top"_s, u"bottom"_s));
        seesaw.record(step(u"scroll"_s, {}, uR"({"direction":"up"})"_s, u"bottom"_s, u"top"_s));
    }
    EXPECT_EQ(patternOf(seesaw), u"alternation"_s);
}

TEST(LoopDetectorTest, WaitingOnAnUnchangedPageIsARepeat)
{
    LoopDetector detector;
    for (int i = 0; i < 3; ++i)
        detector.record(step(u"wait"_s, {}, uR"({"ms":1000})"_s, u"spinner"_s, u"spinner"_s));
    EXPECT_EQ(patternOf(detector), u"repeat"_s);
}

TEST(LoopDetectorTest, ClearForgetsAndTheWindowIsBounded)
{
    LoopDetector detector;
    for (int i = 0; i < 3; ++i)
        detector.record(step(u"click"_s, u"button “Next”"_s, u"{}"_s, u"p"_s, u"p"_s));
    ASSERT_TRUE(detector.check());
    detector.clear();
    EXPECT_EQ(detector.size(), 0);
    EXPECT_FALSE(detector.check());
    detector.record(step(u"click"_s, u"button “Next”"_s, u"{}"_s, u"p"_s, u"p"_s));
    EXPECT_FALSE(detector.check()) << "the model changed course: old steps no longer count";

    for (int i = 0; i < 3 * LoopDetector::kKeptSteps; ++i) {
        detector.record(step(u"click"_s, u"link “Item ”"_s + QString::number(i), u"{}"_s,
                             u"p"_s + QString::number(i), u"p"_s + QString::number(i + 1)));
    }
    EXPECT_EQ(detector.size(), LoopDetector::kKeptSteps);
    EXPECT_FALSE(detector.check());
}

} // namespace
