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
    ASSERT_GE(cases.size(), 140) << "tests/fixtures/ban-corpus.json is missing or short";
    // Each case with its own user entries and policy (the allow-list cases carry one).
    const QString expression
        = u"(() => { const c = %1; return c.map((x) => globalThis.__mpa.banCheck.verdict(x.command, x.userEntries || [], x.policy)); })()"_s
              .arg(QString::fromUtf8(QJsonDocument(cases).toJson(QJsonDocument::Compact)));
    const QJsonValue answer = evaluateInWorld(page, expression);
    ASSERT_TRUE(answer.isArray()) << "the ban check did not answer";
    const QJsonArray got = answer.toArray();
    ASSERT_EQ(got.size(), cases.size());
    int banned = 0, unverifiable = 0, allowed = 0;
    for (qsizetype i = 0; i < cases.size(); ++i) {
        const QJsonObject expected = cases.at(i).toObject();
        const QJsonObject verdict = got.at(i).toObject();
        EXPECT_EQ(verdict.value(u"verdict"_s).toString(), expected.value(u"verdict"_s).toString())
            << expected.value(u"command"_s).toString().toStdString() << " ("
            << expected.value(u"why"_s).toString().toStdString()
            << "): " << verdict.value(u"reason"_s).toString().toStdString();
        const QString v = expected.value(u"verdict"_s).toString();
        banned += v == u"banned"_s;
        unverifiable += v == u"unverifiable"_s;
        allowed += v == u"allowed"_s;
    }
    // Each kind is well represented, so that a check that answers one thing everywhere fails.
    EXPECT_GE(banned, 60);
    EXPECT_GE(unverifiable, 10);
    EXPECT_GE(allowed, 40);
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
