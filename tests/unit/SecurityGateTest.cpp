// The security gate (core/safety/SecurityGate) on its labelled corpus of real-site actions
// (tests/fixtures/gate-corpus.json: {note, source, action, expect}), plus site() and mustAsk().
#include "safety/SecurityGate.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"
#include "common/JsonFields.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

// The corpus's action objects: each field under the member's name.
constexpr JsonTextField<GateAction> kActionTexts[] {
    { u"type", &GateAction::type },
    { u"role", &GateAction::role },
    { u"name", &GateAction::name },
    { u"text", &GateAction::text },
    { u"tag", &GateAction::tag },
    { u"inputType", &GateAction::inputType },
    { u"autocomplete", &GateAction::autocomplete },
    { u"href", &GateAction::href },
    { u"formMethod", &GateAction::formMethod },
    { u"formAction", &GateAction::formAction },
    { u"pageUrl", &GateAction::pageUrl },
    { u"destinationUrl", &GateAction::destinationUrl },
};
constexpr JsonField<GateAction, bool> kActionFlags[] {
    { u"download", &GateAction::download },
    { u"submitsForm", &GateAction::submitsForm },
};

GateAction actionFrom(const QJsonObject &o)
{
    GateAction a;
    readFields(o, a, kActionTexts);
    readFields(o, a, kActionFlags);
    a.formFields = jsonStrings(o.value(u"formFields"_s));
    a.startSites = jsonStrings(o.value(u"startSites"_s));
    return a;
}

QJsonArray gateCorpus()
{
    return QJsonDocument::fromJson(readFixture(u"gate-corpus.json"_s)).array();
}

// The ordinary entries the gate is known to hold anyway, with why (printed with the others).
const QStringList kKnownOverFlags {
    u"build.com one-page checkout “Continue” (the shipping step; WebGuard SAFE) — a submit on a checkout page the gate may hold"_s,
};

TEST(SecurityGateTest, HoldsEveryRiskyCorpusActionAndLeavesOrdinaryOnesAlone)
{
    const QJsonArray corpus = gateCorpus();
    ASSERT_GE(corpus.size(), 150) << "tests/fixtures/gate-corpus.json is missing or short";

    int risky = 0, ordinary = 0, riskyMisses = 0, wrongCategory = 0;
    QStringList overFlagged;
    std::printf("%-9s %-13s %-13s %s\n", "result", "expected", "got", "note / reason");
    for (const QJsonValue &value : corpus) {
        const QJsonObject entry = value.toObject();
        ASSERT_FALSE(entry.value(u"source"_s).toString().isEmpty())
            << "every entry names where it comes from: " << entry.value(u"note"_s).toString().toStdString();
        const QString expect = entry.value(u"expect"_s).toString();
        const QString note = entry.value(u"note"_s).toString();
        const GateVerdict verdict = SecurityGate::classify(actionFrom(entry.value(u"action"_s).toObject()));
        const QString got = SecurityGate::categoryName(verdict.category);
        EXPECT_EQ(verdict.risky(), !verdict.reason.isEmpty()) << note.toStdString();
        if (expect != u"none"_s) {
            ++risky;
            if (!verdict.risky()) {
                ++riskyMisses;
                std::printf("%-9s %-13s %-13s %s\n", "MISSED", qPrintable(expect), qPrintable(got),
                            qPrintable(note));
            } else if (got != expect) {
                ++wrongCategory;
                std::printf("%-9s %-13s %-13s %s: %s\n", "CATEGORY", qPrintable(expect), qPrintable(got),
                            qPrintable(note), qPrintable(verdict.reason));
            }
        } else {
            ++ordinary;
            if (verdict.risky()) {
                overFlagged << note;
                std::printf("%-9s %-13s %-13s %s: %s\n", "FLAGGED", "none", qPrintable(got), qPrintable(note),
                            qPrintable(verdict.reason));
            }
        }
    }
    std::printf("gate corpus: %d risky (%d missed, %d in another category), %d ordinary (%d flagged)\n",
                risky, riskyMisses, wrongCategory, ordinary, int(overFlagged.size()));
    EXPECT_EQ(riskyMisses, 0) << "every risky action must be held";
    EXPECT_EQ(wrongCategory, 0) << "the user is told the right reason";
    for (const QString &note : overFlagged)
        EXPECT_TRUE(kKnownOverFlags.contains(note)) << "an ordinary action is held: " << note.toStdString();
}

TEST(SecurityGateTest, ReasonsNameTheElementAndWhy)
{
    GateAction order;
    order.type = u"click"_s;
    order.role = u"button"_s;
    order.name = u"Place your order"_s;
    order.submitsForm = true;
    order.formFields = { u"cc-number"_s, u"cc-csc"_s };
    GateVerdict v = SecurityGate::classify(order);
    EXPECT_EQ(v.category, GateCategory::Payment);
    EXPECT_EQ(v.reason, u"“Place your order” submits a form with card fields: it looks like a payment"_s);

    order.formFields.clear();
    v = SecurityGate::classify(order);
    EXPECT_EQ(v.reason, u"“Place your order” looks like a payment (a button named “place your order”)"_s);

    GateAction link;
    link.type = u"click"_s;
    link.role = u"link"_s;
    link.name = u"Partner offer"_s;
    link.href = u"https://evil.example.net/offer"_s;
    link.startSites = { u"example.com"_s };
    v = SecurityGate::classify(link);
    EXPECT_EQ(v.category, GateCategory::LeavingSite);
    EXPECT_EQ(v.reason, u"Going to example.net leaves the sites the task started on (example.com)"_s);
}

TEST(SecurityGateTest, WordsMatchWholeWordsOnlyOnElementsThatAct)
{
    auto category = [](const QString &role, const QString &name) {
        GateAction a;
        a.type = u"click"_s;
        a.role = role;
        a.name = name;
        return SecurityGate::categoryName(SecurityGate::classify(a).category);
    };
    EXPECT_EQ(category(u"button"_s, u"Pay"_s), u"payment"_s);
    EXPECT_EQ(category(u"button"_s, u"Pay $12.99"_s), u"payment"_s);
    EXPECT_EQ(category(u"button"_s, u"Display settings"_s), u"none"_s);
    EXPECT_EQ(category(u"button"_s, u"Payday loans explained"_s), u"none"_s);
    EXPECT_EQ(category(u"button"_s, u"Repay later"_s), u"none"_s);
    EXPECT_EQ(category(u"button"_s, u"Deleted items"_s), u"none"_s);
    EXPECT_EQ(category(u"button"_s, u"Resend"_s), u"none"_s);
    EXPECT_EQ(category(u"button"_s, u"Posts"_s), u"none"_s);
    EXPECT_EQ(category(u"button"_s, u"ОПЛАТИТЬ"_s), u"payment"_s);
    EXPECT_EQ(category(u"button"_s, u"Удалить"_s), u"deleting"_s);
    EXPECT_EQ(category(u"button"_s, u"Отправить"_s), u"sending"_s);
    EXPECT_EQ(category(u"heading"_s, u"Buy"_s), u"none"_s);
    EXPECT_EQ(category(u"paragraph"_s, u"Delete"_s), u"none"_s);
    EXPECT_EQ(category(u"checkbox"_s, u"Send me updates"_s), u"none"_s);
    EXPECT_EQ(category(u"menuitem"_s, u"Delete"_s), u"deleting"_s);
}

TEST(SecurityGateTest, SiteIsTheRegistrableDomain)
{
    EXPECT_EQ(SecurityGate::site(QUrl(u"https://mail.google.com/mail/u/0/"_s)), u"google.com"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"https://google.com"_s)), u"google.com"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"https://a.b.co.uk/x"_s)), u"b.co.uk"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"https://www.amazon.co.uk/"_s)), u"amazon.co.uk"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"https://www.skyscanner.com.mx/"_s)), u"skyscanner.com.mx"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"https://octo.github.io/page"_s)), u"octo.github.io"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"https://WWW.Example.COM./"_s)), u"example.com"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"http://127.0.0.1:8080/x"_s)), u"127.0.0.1"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"http://[::1]:9222/json"_s)), u"::1"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"http://localhost:3000/"_s)), u"localhost"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"https://яндекс.рф/"_s)), u"яндекс.рф"_s);
    EXPECT_EQ(SecurityGate::site(QUrl(u"about:blank"_s)), QString());
    EXPECT_EQ(SecurityGate::site(QUrl(u"chrome://settings"_s)), u"settings"_s)
        << "a chrome: URL names a host; classify() ignores non-web schemes anyway";
}

TEST(SecurityGateTest, MustAskFollowsTheModeAndTheFloor)
{
    using Mode = SecurityGate::Mode;
    using Floor = SecurityGate::Floor;
    const GateCategory all[] { GateCategory::Payment,  GateCategory::Credentials, GateCategory::Sending,
                               GateCategory::Deleting, GateCategory::Files,       GateCategory::LeavingSite,
                               GateCategory::Eval };
    const GateVerdict none;
    EXPECT_FALSE(SecurityGate::mustAsk(none, Mode::Careful, Floor::PaymentAndCredentials));
    EXPECT_FALSE(SecurityGate::mustAsk(none, Mode::Autonomous, Floor::PaymentAndCredentials));
    for (const GateCategory c : all) {
        const GateVerdict v { c, u"why"_s };
        const bool floorCategory = c == GateCategory::Payment || c == GateCategory::Credentials;
        EXPECT_TRUE(SecurityGate::mustAsk(v, Mode::Careful, Floor::PaymentAndCredentials));
        EXPECT_TRUE(SecurityGate::mustAsk(v, Mode::Careful, Floor::None))
            << "careful asks whatever the floor";
        EXPECT_EQ(SecurityGate::mustAsk(v, Mode::Autonomous, Floor::PaymentAndCredentials), floorCategory)
            << SecurityGate::categoryName(c).toStdString();
        EXPECT_FALSE(SecurityGate::mustAsk(v, Mode::Autonomous, Floor::None));
    }
}

TEST(SecurityGateTest, CategoryNames)
{
    EXPECT_EQ(SecurityGate::categoryName(GateCategory::None), u"none"_s);
    EXPECT_EQ(SecurityGate::categoryName(GateCategory::Payment), u"payment"_s);
    EXPECT_EQ(SecurityGate::categoryName(GateCategory::Credentials), u"credentials"_s);
    EXPECT_EQ(SecurityGate::categoryName(GateCategory::Sending), u"sending"_s);
    EXPECT_EQ(SecurityGate::categoryName(GateCategory::Deleting), u"deleting"_s);
    EXPECT_EQ(SecurityGate::categoryName(GateCategory::Files), u"files"_s);
    EXPECT_EQ(SecurityGate::categoryName(GateCategory::LeavingSite), u"leaving-site"_s);
    EXPECT_EQ(SecurityGate::categoryName(GateCategory::Eval), u"eval"_s);
}

} // namespace
