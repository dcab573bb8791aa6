// `snapshot {since}`: the lines that changed between two snapshots of one document.
#include "page/SnapshotDiff.h"

#include "QtPrinters.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

TEST(SnapshotDiffTest, ElementsAreMatchedByRefAndTextLinesByTheirText)
{
    const QString before = u"- RootWebArea \"Shop\"\n"
                           "  - heading \"Cart\" [ref=e1]\n"
                           "  - textbox \"Coupon\" [ref=e2]\n"
                           "  - button \"Apply\" [ref=e3]\n"
                           "  - text: 2 items\n"
                           "  - text: 2 items\n"_s;
    const QString after = u"- RootWebArea \"Shop\"\n"
                          "  - heading \"Cart\" [ref=e1]\n"
                          "  - textbox \"Coupon\" [ref=e2]: SAVE10\n"
                          "  - text: 2 items\n"
                          "  - text: Coupon applied\n"
                          "  - button \"Remove coupon\" [ref=e7]\n"_s;
    const SnapshotDiff::Changes changes = SnapshotDiff::between(before, after);
    EXPECT_EQ(changes.added,
              (QStringList { u"  - text: Coupon applied"_s, u"  - button \"Remove coupon\" [ref=e7]"_s }));
    EXPECT_EQ(changes.removed, (QStringList { u"  - button \"Apply\" [ref=e3]"_s, u"  - text: 2 items"_s }));
    EXPECT_EQ(changes.changed, QStringList { u"  - textbox \"Coupon\" [ref=e2]: SAVE10"_s });
    EXPECT_EQ(changes.unchanged, 3);
    EXPECT_EQ(changes.text(4),
              u"# changes since snapshot 4: 2 added, 2 removed, 1 changed, 3 unchanged\n"
              "+   - text: Coupon applied\n"
              "+   - button \"Remove coupon\" [ref=e7]\n"
              "-   - button \"Apply\" [ref=e3]\n"
              "-   - text: 2 items\n"
              "~   - textbox \"Coupon\" [ref=e2]: SAVE10"_s);
    EXPECT_TRUE(SnapshotDiff::between(after, after).empty());
}
