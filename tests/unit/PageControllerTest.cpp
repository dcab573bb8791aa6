// PageController's pure parts: the form of refs and the key chords press() takes, checked before
// anything reaches the page.
#include "page/PageController.h"

#include "QtPrinters.h"
#include "Refusal.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

QString keyProblem(const QString &keys)
{
    return refusalOf([&](QString *error) { return PageController::checkKeys(keys, error); });
}

} // namespace

TEST(PageControllerTest, RefsNameAnElementOfThePageOrOfAFrame)
{
    int frame = -1;
    QString local;
    ASSERT_TRUE(PageController::parseRef(u"e3"_s, &frame, &local));
    EXPECT_EQ(frame, 0);
    EXPECT_EQ(local, u"e3"_s);
    ASSERT_TRUE(PageController::parseRef(u"f12e700"_s, &frame, &local));
    EXPECT_EQ(frame, 12);
    EXPECT_EQ(local, u"e700"_s);
    for (const QString &bad : { u""_s, u"e"_s, u"3"_s, u"E3"_s, u"f1"_s, u"fe3"_s, u"e3 "_s, u"button"_s,
                                u"#submit"_s, u"e-1"_s, u"f1e2e3"_s })
        EXPECT_FALSE(PageController::parseRef(bad)) << bad.toStdString();
}

TEST(PageControllerTest, KeyChordsAreCheckedBeforeAnythingIsPressed)
{
    for (const QString &good : { u"Enter"_s, u"Tab"_s, u"Shift+Tab"_s, u"Control+A"_s, u"ctrl+shift+k"_s,
                                 u"Escape"_s, u"ArrowDown"_s, u"F5"_s, u"a"_s, u"Meta+Enter"_s,
                                 u"Control++"_s, u"+"_s, u"Space"_s, u"PageDown"_s })
        EXPECT_TRUE(PageController::checkKeys(good)) << good.toStdString();
    EXPECT_TRUE(keyProblem(QString()).startsWith(u"no key given"_s));
    EXPECT_TRUE(keyProblem(u"Hyper+Q"_s).startsWith(u"unknown key “Hyper” in “Hyper+Q”"_s));
    EXPECT_TRUE(keyProblem(u"Enterr"_s).startsWith(u"unknown key “Enterr”"_s));
    EXPECT_TRUE(keyProblem(u"A+B"_s).startsWith(u"“A” in “A+B” is not a modifier"_s));
}
