// The ban list's verdict as the page script gives it (payload/ban-check.js), in real Chromium,
// on the shared corpus (tests/fixtures/ban-corpus.json) that the app's own check is held to as
// well: the same command gets the same verdict in both places.
#include "PayloadTest.h"
#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "Wait.h"
#include "autoaccept/AutoAcceptController.h"
#include "page/PayloadHub.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

class BanCheckPageTest : public PayloadTest
{
protected:
    void SetUp() override
    {
        PayloadTest::SetUp();
        page = openPage(endpoint, fixtureUrl(u"basic.html"_s));
        ASSERT_TRUE(page);
        injector = hub->ensureScript(page, u"none"_s);
        injector->addScript(AutoAcceptController::banCheckScript());
        ASSERT_TRUE(waitUntil([&] { return injector->isReady(); }));
    }

    // Every case's verdict in one call: [{verdict, rule, reason}, …].
    QJsonArray verdicts(const QJsonArray &commands, const QJsonArray &entries = {})
    {
        const QString expression
            = u"(() => { const c = %1, e = %2; return c.map((x) => globalThis.__mpa.banCheck.verdict(x, e)); })()"_s
                  .arg(QString::fromUtf8(QJsonDocument(commands).toJson(QJsonDocument::Compact)),
                       QString::fromUtf8(QJsonDocument(entries).toJson(QJsonDocument::Compact)));
        const QJsonValue out = evaluateInWorld(page, expression);
        EXPECT_TRUE(out.isArray()) << "the ban check did not answer";
        return out.toArray();
    }

    CdpSession *page = nullptr;
    PayloadInjector *injector = nullptr;
};

TEST_F(BanCheckPageTest, EveryCorpusCaseGetsItsVerdictInThePage)
{
    const QJsonArray cases = banCorpus();
    ASSERT_GE(cases.size(), 500) << "tests/fixtures/ban-corpus.json is missing or short";
    // Each case with its own entries and policy ({mode, allowed, interpreters}), as auto-accept
    // hands them to the check.
    const QString expression
        = u"(() => { const cases = %1; return cases.map((c) => globalThis.__mpa.banCheck.verdict(c.command, "
          u"c.entries || [], c.policy || null)); })()"_s.arg(
              QString::fromUtf8(QJsonDocument(cases).toJson(QJsonDocument::Compact)));
    const QJsonValue out = evaluateInWorld(page, expression);
    ASSERT_TRUE(out.isArray()) << "the ban check did not answer";
    const QJsonArray got = out.toArray();
    ASSERT_EQ(got.size(), cases.size());
    QHash<QString, int> kinds;
    QSet<QString> classes;
    for (qsizetype i = 0; i < cases.size(); ++i) {
        const QJsonObject expected = cases.at(i).toObject();
        const QJsonObject verdict = got.at(i).toObject();
        const std::string label = expected.value(u"command"_s).toString().toStdString() + " ("
            + expected.value(u"class"_s).toString().toStdString() + ": "
            + expected.value(u"why"_s).toString().toStdString() + ")";
        EXPECT_EQ(verdict.value(u"verdict"_s).toString(), expected.value(u"verdict"_s).toString())
            << label << ": " << verdict.value(u"reason"_s).toString().toStdString();
        if (expected.contains(u"rule"_s)) {
            EXPECT_EQ(verdict.value(u"rule"_s).toString(), expected.value(u"rule"_s).toString()) << label;
        }
        if (expected.contains(u"parsed"_s)) {
            EXPECT_EQ(verdict.value(u"parsed"_s).toString(), expected.value(u"parsed"_s).toString()) << label;
        }
        ++kinds[expected.value(u"verdict"_s).toString()];
        classes.insert(expected.value(u"class"_s).toString());
    }
    // Each kind is well represented, so that a check that answers one thing everywhere fails.
    EXPECT_GE(kinds.value(u"banned"_s), 200);
    EXPECT_GE(kinds.value(u"unverifiable"_s), 50);
    EXPECT_GE(kinds.value(u"allowed"_s), 100);
    EXPECT_GE(kinds.value(u"not-allowlisted"_s), 10);
    EXPECT_GE(classes.size(), 12) << "every class of the issue has its cases";
}

TEST_F(BanCheckPageTest, UserEntriesAreSubstringsOrJavaScriptRegexesOnTheOriginalText)
{
    const QJsonArray entries { u"git push --force"_s, u"/npm\\s+Publish/"_s, u" /DROP TABLE/i "_s,
                               u"/([/"_s };
    const QJsonArray got = verdicts({ u"git   push   --force origin main"_s, u"GIT PUSH --FORCE"_s,
                                      u"npm  Publish --tag next"_s, u"npm publish"_s,
                                      u"psql -c 'drop table users'"_s, u"git push origin main"_s },
                                    entries);
    ASSERT_EQ(got.size(), 6);
    const auto verdictOf = [&](int i) { return got.at(i).toObject().value(u"verdict"_s).toString(); };
    EXPECT_EQ(verdictOf(0), u"banned"_s) << "a substring, whitespace collapsed";
    EXPECT_EQ(verdictOf(1), u"banned"_s) << "a substring, any case";
    EXPECT_EQ(verdictOf(2), u"banned"_s) << "a regex with a capital runs on the original case";
    EXPECT_EQ(verdictOf(3), u"allowed"_s) << "…so it does not match the lower-case spelling";
    EXPECT_EQ(verdictOf(4), u"banned"_s) << "a spaced /re/flags entry is trimmed and is a regex";
    EXPECT_EQ(verdictOf(5), u"allowed"_s);
    EXPECT_EQ(got.at(0).toObject().value(u"rule"_s).toString(), u"git push --force"_s);
}

} // namespace
