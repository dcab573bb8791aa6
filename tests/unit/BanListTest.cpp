// The app's half of the ban list's verdict (core/safety/BanList) on the shared corpus
// (tests/fixtures/ban-corpus.json) that the page's half is held to in
// tests/integration/BanCheckPageTest.cpp, plus the user entries, the allow entries and their
// validation, and inputs made to break the parser.
#include "safety/BanList.h"

#include "BanCorpus.h"
#include "QtPrinters.h"
#include "Refusal.h"
#include "TestEnvironment.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

QString entryProblem(const QString &entry)
{
    return refusalOf([&](QString *error) { return BanList::checkEntry(entry, error); });
}

QString allowProblem(const QString &entry)
{
    return refusalOf([&](QString *error) { return BanList::checkAllowEntry(entry, error); });
}

} // namespace

TEST(BanListTest, EveryCorpusCaseGetsItsVerdict)
{
    const QJsonArray cases = banCorpus();
    ASSERT_GE(cases.size(), 500) << "tests/fixtures/ban-corpus.json is missing or short";
    QHash<QString, int> kinds;
    for (const QJsonValue &value : cases) {
        const QJsonObject c = value.toObject();
        const QString command = c.value(u"command"_s).toString();
        const BanList list = banListOf(c);
        const BanVerdict verdict = list.check(command);
        const std::string label = command.toStdString() + " (" + c.value(u"class"_s).toString().toStdString()
            + ": " + c.value(u"why"_s).toString().toStdString() + ")";
        EXPECT_EQ(verdict.name(), c.value(u"verdict"_s).toString())
            << label << ": " << verdict.reason.toStdString() << " | " << verdict.parsed.toStdString();
        if (c.contains(u"rule"_s)) {
            EXPECT_EQ(verdict.rule, c.value(u"rule"_s).toString()) << label;
        }
        if (c.contains(u"parsed"_s)) {
            EXPECT_EQ(verdict.parsed, c.value(u"parsed"_s).toString()) << label;
        }
        EXPECT_EQ(verdict.command, command.trimmed()) << "the verdict names the command as given";
        ++kinds[verdict.name()];
    }
    // Each kind is well represented, so that a check that answers one thing everywhere fails.
    EXPECT_GE(kinds.value(u"banned"_s), 200);
    EXPECT_GE(kinds.value(u"unverifiable"_s), 50);
    EXPECT_GE(kinds.value(u"allowed"_s), 100);
    EXPECT_GE(kinds.value(u"not-allowlisted"_s), 10);
}

TEST(BanListTest, ShellSpellingsReadAlike)
{
    const QString plain = BanList::normalise(u"rm -rf /"_s);
    for (const QString &spelling :
         { u"rm -fr /"_s, u"rm -r -f /"_s, u"rm --recursive --force /"_s, u"rm -rf -- /"_s, u"rm -rf \"/\""_s,
           u"\"rm\" -rf /"_s, u"r\\m -rf /"_s, u"/bin/rm -rf /"_s, u"sudo env A=1 rm -rf /"_s,
           u"rm -rf \\\n /"_s, u"rm -rf /./"_s, u"rm -rf //"_s, u"rm -rf /usr/.."_s }) {
        EXPECT_EQ(BanList::normalise(spelling), plain) << spelling.toStdString();
    }
    EXPECT_EQ(BanList::normalise(u"rm -rf $HOME"_s), BanList::normalise(u"rm -rf ~"_s));
    EXPECT_EQ(BanList::normalise(u"rm -rf ${HOME}/"_s), BanList::normalise(u"rm -rf ~"_s));
    EXPECT_EQ(BanList::normalise(u"x=/; rm -rf $x"_s), u"x=/ ; rm -f -r /"_s);
}

TEST(BanListTest, TheVerdictKeepsTheCommandAsGiven)
{
    const BanVerdict v = BanList().check(u"  dd if=/dev/zero of=/dev/sda bs=1M  "_s);
    EXPECT_EQ(v.name(), u"banned"_s);
    EXPECT_EQ(v.command, u"dd if=/dev/zero of=/dev/sda bs=1M"_s) << "case and spacing as the page had them";
    EXPECT_EQ(v.rule, u"dd-device"_s);
    EXPECT_FALSE(v.parsed.isEmpty());
}

TEST(BanListTest, UserEntriesMatchLikeThePage)
{
    // The same cases as BanCheckPageTest.UserEntriesAreSubstringsOrJavaScriptRegexesOnTheOriginalText.
    const BanList list({ u"git push --force"_s, u"/npm\\s+Publish/"_s, u" /DROP TABLE/i "_s, u"/([/"_s });
    EXPECT_EQ(list.check(u"git   push   --force origin main"_s).name(), u"banned"_s);
    EXPECT_EQ(list.check(u"GIT PUSH --FORCE"_s).name(), u"banned"_s);
    EXPECT_EQ(list.check(u"npm  Publish --tag next"_s).name(), u"banned"_s)
        << "a regex runs on the original case";
    EXPECT_EQ(list.check(u"npm publish"_s).name(), u"allowed"_s);
    EXPECT_EQ(list.check(u"psql -c 'drop table users'"_s).name(), u"banned"_s) << "a spaced /re/ is trimmed";
    EXPECT_EQ(list.check(u"git push origin main"_s).name(), u"allowed"_s);
    EXPECT_EQ(list.check(u"git   push   --force origin main"_s).rule, u"git push --force"_s);
    EXPECT_EQ(BanList({ u"npm publish"_s }).check(u"npm publish"_s).name(), u"banned"_s)
        << "an entry bans its own text";
}

TEST(BanListTest, RegexEntriesAreValidatedAsJavaScriptCompilesThem)
{
    EXPECT_TRUE(BanList::checkEntry(u"rm -rf /"_s));
    EXPECT_TRUE(BanList::checkEntry(u"/git\\s+push\\s+--force/i"_s));
    EXPECT_TRUE(BanList::checkEntry(u" /DROP TABLE/i "_s));
    EXPECT_TRUE(BanList::checkEntry(u"/[a\\-z]/u"_s)) << "\\- inside a class is fine with u";
    // Each refused entry, and what its refusal names.
    const QList<std::pair<QString, QString>> refused {
        { u"/(?i)drop table/"_s, u"inline flags"_s },
        { u"/rm[[:space:]]+-rf/"_s, u"POSIX classes"_s },
        { u"/rm\\-rf/u"_s, u"u flag"_s },
        { u"/a++/"_s, u"possessive"_s },
        { u"/(?>rm)/"_s, u"atomic"_s },
        { u"/\\Arm/"_s, u"\\A"_s },
        { u"/rm/q"_s, u"flag"_s },
        { u"/([/"_s, u"not a valid regular expression"_s },
    };
    for (const auto &[entry, says] : refused)
        EXPECT_TRUE(entryProblem(entry).contains(says))
            << entry.toStdString() << ": " << entryProblem(entry).toStdString();
    EXPECT_FALSE(entryProblem(u"   "_s).isEmpty());
}

TEST(BanListTest, AllowEntriesAreWordsWithAnOptionalLastStar)
{
    EXPECT_TRUE(BanList::checkAllowEntry(u"git status"_s));
    EXPECT_TRUE(BanList::checkAllowEntry(u"npm run *"_s));
    // Each refused entry, and what its refusal names.
    const QList<std::pair<QString, QString>> refused {
        { u""_s, u"empty"_s },
        { u"git status; ls"_s, u"one command"_s },
        { u"ls | sh"_s, u"one command"_s },
        { u"ls > out"_s, u"redirections"_s },
        { u"A=1 ls"_s, u"VAR="_s },
        { u"ls $HOME"_s, u"expansions"_s },
        { u"npm * test"_s, u"last word"_s },
        { u"*"_s, u"every command"_s },
        { u"echo 'a"_s, u"not a command"_s },
    };
    for (const auto &[entry, says] : refused)
        EXPECT_TRUE(allowProblem(entry).contains(says))
            << entry.toStdString() << ": " << allowProblem(entry).toStdString();

    CommandPolicy policy;
    policy.mode = CommandPolicy::Mode::Allowlist;
    policy.allowed = { u"git status"_s, u"npm run *"_s, u"bad entry;"_s };
    const BanList list({}, policy);
    EXPECT_EQ(list.check(u"git status"_s).name(), u"allowed"_s);
    EXPECT_EQ(list.check(u"npm run build && git status"_s).name(), u"allowed"_s);
    EXPECT_EQ(list.check(u"git status --short"_s).name(), u"not-allowlisted"_s);
    EXPECT_EQ(list.check(u"git status; rm -rf /"_s).name(), u"banned"_s) << "the rules still apply";
    EXPECT_EQ(list.check(u"git statusx"_s).name(), u"not-allowlisted"_s) << "no substrings";
}

// Inputs made to break a parser: each is answered (no crash, no hang: the MAX_* limits bound
// the work) and none is clicked. How long each took is printed, not asserted (tests/bench
// measures speed).
TEST(BanListTest, HostileInputsAreUnverifiableNotCrashes)
{
    QString calls;
    for (int i = 0; i < 2000; ++i)
        calls += u"f%1(){ f%2; }; "_s.arg(i).arg(i + 1);
    calls += u"echo x | f0"_s;
    const QList<std::pair<const char *, QString>> inputs {
        { "10,000 (", QString(10000, u'(') + u"rm -rf /"_s },
        { "10,000 $(", QString(10000, u'$').replace(u"$"_s, u"$("_s) },
        { "10,000 ${x:-", u"${x:-"_s.repeated(10000) + u"}"_s.repeated(10000) },
        { "nested brace expansions",
          u"rm -rf "_s + u"{a,"_s.repeated(5000) + u"b"_s + u"}"_s.repeated(5000) },
        { "1 MB of commands", u"echo hi; "_s.repeated(100000) },
        { "1 MB of one word", QString(1 << 20, u'a') },
        { "1 MB compact fork bomb shapes", u"a(){a|a&};"_s.repeated(100000) + u"x"_s },
        { "an open quote", u"rm -rf '/"_s },
        { "an open double quote", u"echo \"$(rm -rf /"_s },
        { "an open backtick", u"echo `rm -rf /"_s },
        { "an open here-document", u"bash <<EOF\nrm -rf /\n"_s },
        { "an open here-document to cat", u"cat <<EOF\nhello\n"_s },
        { "10,000 here-documents", u"cat <<A <<A <<A "_s.repeated(3000) + u"\nA\n"_s.repeated(9000) },
        { "10,000 nested ifs", u"if true; then "_s.repeated(10000) + u"rm -rf /"_s },
        { "functions calling each other", calls },
    };
    const BanList list({ u"/(a+)+$/"_s }, {});
    for (const auto &[what, text] : inputs) {
        QElapsedTimer timer;
        timer.start();
        const BanVerdict v = list.check(text);
        std::printf("  %-32s %8.2f ms  %s\n", what, double(timer.nsecsElapsed()) / 1e6, qPrintable(v.name()));
        EXPECT_FALSE(v.allowed()) << what << ": " << v.reason.toStdString();
    }
}
