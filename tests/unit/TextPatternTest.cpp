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

// The flags of a JavaScript RegExp literal (ECMAScript's i, m, s, u, g, y), as the extension's
// ban-list entries are written: each does its part, g and y change nothing for a yes/no match.
TEST(TextPatternTest, EachJavaScriptFlagDoesItsPart)
{
    EXPECT_TRUE(TextPattern(u"/^b$/m"_s).matches(u"a\nb\nc"_s));
    EXPECT_FALSE(TextPattern(u"/^b$/"_s).matches(u"a\nb\nc"_s)) << "no m flag: ^ and $ are the ends";
    EXPECT_TRUE(TextPattern(u"/a.b/s"_s).matches(u"a\nb"_s));
    EXPECT_FALSE(TextPattern(u"/a.b/"_s).matches(u"a\nb"_s)) << "no s flag: . stops at a line break";
    EXPECT_TRUE(TextPattern(u"/^\\w$/u"_s).matches(u"é"_s));
    EXPECT_FALSE(TextPattern(u"/^\\w$/"_s).matches(u"é"_s)) << "no u flag: \\w is ASCII";
    for (const QString &flags : { u"g"_s, u"y"_s, u"gimsuy"_s }) {
        const TextPattern pattern(u"/b+/"_s + flags);
        EXPECT_TRUE(pattern.isValid()) << flags.toStdString();
        EXPECT_TRUE(pattern.matches(u"abbc"_s)) << flags.toStdString();
        EXPECT_FALSE(pattern.matches(u"ac"_s)) << flags.toStdString();
    }
    const TextPattern unknown(u"/x/iq"_s);
    EXPECT_FALSE(unknown.isValid());
    EXPECT_EQ(unknown.errorString(), u"unknown regular expression flag 'q'"_s);
}

TEST(TextPatternTest, BadPatternsAreInvalidAndMatchNothing)
{
    EXPECT_FALSE(TextPattern(u"/(open/"_s).isValid());
    EXPECT_FALSE(TextPattern(u"/x/q"_s).isValid());
    EXPECT_FALSE(TextPattern(u"   "_s).isValid());
    EXPECT_FALSE(TextPattern(u"/(open/"_s).matches(u"(open"_s));
}

} // namespace
