#include "common/TextPattern.h"

#include "QtPrinters.h"

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;

namespace {

TEST(TextPatternTest, PlainTextIsACaseInsensitiveSubstringWithWhitespaceFolded)
{
    TextPattern pattern(u"rm -rf /"_s);
    EXPECT_FALSE(pattern.isRegex());
    EXPECT_TRUE(pattern.matches(u"sudo RM   -rf  / --no-preserve-root"_s));
    EXPECT_TRUE(pattern.matches(u"rm\t-rf\n/"_s));
    EXPECT_FALSE(pattern.matches(u"rm -r /tmp/x"_s));
}

TEST(TextPatternTest, SlashFormIsARegexWithFlags)
{
    TextPattern pattern(u"/curl\\s+\\S+\\s*\\|\\s*(ba)?sh/i"_s);
    ASSERT_TRUE(pattern.isValid()) << pattern.errorString().toStdString();
    EXPECT_TRUE(pattern.isRegex());
    EXPECT_TRUE(pattern.matches(u"CURL https://x.sh | bash"_s));
    EXPECT_FALSE(pattern.matches(u"curl https://x.sh -o x.sh"_s));
    EXPECT_FALSE(TextPattern(u"/Abc/"_s).matches(u"abc"_s)) << "no i flag: case matters";
}

TEST(TextPatternTest, BadPatternsAreInvalidAndMatchNothing)
{
    EXPECT_FALSE(TextPattern(u"/(open/"_s).isValid());
    EXPECT_FALSE(TextPattern(u"/x/q"_s).isValid());
    EXPECT_FALSE(TextPattern(u"   "_s).isValid());
    EXPECT_FALSE(TextPattern(u"/(open/"_s).matches(u"(open"_s));
}

} // namespace
