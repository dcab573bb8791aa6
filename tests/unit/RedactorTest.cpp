// The redactor (core/safety/Redactor) on the labelled corpus tests/fixtures/redaction-corpus.json:
// every labelled finding gone (0 leaks) and ordinary text left alone (false positives listed,
// under 1 % of the plain tokens); plus the checksums, user rules, the counts, the order of
// masking and cutting (a cut never shows part of a value), and the cost per 100 kB.
#include "safety/Redactor.h"

#include "QtPrinters.h"
#include "TestEnvironment.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <gtest/gtest.h>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace mpa;
using namespace mpa::test;

namespace {

QJsonArray corpus()
{
    return QJsonDocument::fromJson(readFixture(u"redaction-corpus.json"_s)).array();
}

QStringList tokens(const QString &text)
{
    return text.split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
}

// The tokens of `before` that are not in `after` any more (each token counted once per
// occurrence).
QStringList changedTokens(const QString &before, const QString &after)
{
    QStringList remaining = tokens(after);
    QStringList changed;
    for (const QString &token : tokens(before)) {
        if (!remaining.removeOne(token))
            changed.append(token);
    }
    return changed;
}

// The 4-character windows of `value` (its digits only when `digitsOnly`) found in `text` (with
// its spaces and dashes taken out when `digitsOnly`): what a cut let through.
QStringList leakedWindows(const QString &text, const QString &value, bool digitsOnly)
{
    QString needle = value;
    QString haystack = text;
    if (digitsOnly) {
        needle.remove(QRegularExpression(u"\\D"_s));
        haystack.remove(QRegularExpression(u"[\\s\\-]"_s));
    }
    QStringList leaked;
    for (qsizetype i = 0; i + 4 <= needle.size(); ++i) {
        if (haystack.contains(needle.mid(i, 4)))
            leaked.append(needle.mid(i, 4));
    }
    return leaked;
}

// Lines of tests/fixtures/agent/billing.html: each longer than the page script's text limit
// (100), which falls inside the value.
struct CutValue
{
    QString line;
    QString value;
    bool digitsOnly;
};
const QList<CutValue> &cutValues()
{
    static const QList<CutValue> values {
        { u"Saved for the monthly plan as entered at sign-up in March and kept. Card on file: 4539 1488 0343 6467 (on file)"_s,
          u"4539 1488 0343 6467"_s, true },
        { u"Saved for the monthly plan as entered at sign-up in March and kept until you.. Write to: ada.lovelace@example.com (on file)"_s,
          u"ada.lovelace@example.com"_s, false },
        { u"Saved for the monthly plan as entered at sign-up in March and kept until you.. IBAN: DE89 3704 0044 0532 0130 00 (on file)"_s,
          u"DE89 3704 0044 0532 0130 00"_s, true },
        { u"Saved for the monthly plan as entered at sign-up in March and kept until you....... Call: +44 20 7946 0958 (on file)"_s,
          u"+44 20 7946 0958"_s, true },
    };
    return values;
}

} // namespace

TEST(RedactorTest, NoLabelledFindingLeaks)
{
    const QJsonArray cases = corpus();
    ASSERT_GE(cases.size(), 100) << "tests/fixtures/redaction-corpus.json is missing or short";
    const Redactor redactor;
    int labelled = 0;
    for (const QJsonValue &value : cases) {
        const QJsonObject c = value.toObject();
        const QString kind = c.value(u"kind"_s).toString();
        if (kind == u"plain")
            continue;
        ++labelled;
        const QString text = c.value(u"text"_s).toString();
        const QString secret = c.value(u"secret"_s).toString();
        ASSERT_FALSE(secret.isEmpty()) << text.toStdString();
        ASSERT_TRUE(text.contains(secret))
            << "the corpus case's secret is not in its text: " << text.toStdString();
        ASSERT_FALSE(c.value(u"source"_s).toString().isEmpty()) << text.toStdString();
        const Redaction r = redactor.redact(text);
        EXPECT_FALSE(r.text.contains(secret))
            << kind.toStdString() << " leaked: " << text.toStdString() << " -> " << r.text.toStdString();
        EXPECT_TRUE(r.text.contains(u'[' + kind + u']'))
            << "expected a [" << kind.toStdString() << "] marker: " << text.toStdString() << " -> "
            << r.text.toStdString();
        EXPECT_GE(r.counts.value(kind), 1) << text.toStdString();
    }
    EXPECT_GE(labelled, 80);
}

TEST(RedactorTest, OrdinaryTextStaysWithFewerThanOnePercentFalsePositives)
{
    const Redactor redactor;
    int plainTokens = 0;
    QStringList falsePositives;
    for (const QJsonValue &value : corpus()) {
        const QJsonObject c = value.toObject();
        if (c.value(u"kind"_s).toString() != u"plain")
            continue;
        const QString text = c.value(u"text"_s).toString();
        const Redaction r = redactor.redact(text);
        plainTokens += int(tokens(text).size());
        for (const QString &token : changedTokens(text, r.text))
            falsePositives.append(token + u"   -> "_s + r.text);
    }
    std::printf("Redactor false positives: %lld of %d plain tokens (%.2f %%)\n",
                qlonglong(falsePositives.size()), plainTokens,
                100.0 * double(falsePositives.size()) / plainTokens);
    for (const QString &fp : std::as_const(falsePositives))
        std::printf("  false positive: %s\n", qUtf8Printable(fp));
    EXPECT_GE(plainTokens, 800);
    EXPECT_LT(double(falsePositives.size()), 0.01 * plainTokens)
        << falsePositives.join(u"\n"_s).toStdString();
}

TEST(RedactorTest, LuhnChecksum)
{
    EXPECT_TRUE(Redactor::luhnValid(u"4242424242424242"_s));
    EXPECT_TRUE(Redactor::luhnValid(u"4242 4242 4242 4242"_s));
    EXPECT_TRUE(Redactor::luhnValid(u"3782-822463-10005"_s));
    EXPECT_TRUE(Redactor::luhnValid(u"79927398713"_s)) << "the textbook example";
    EXPECT_FALSE(Redactor::luhnValid(u"4242424242424241"_s));
    EXPECT_FALSE(Redactor::luhnValid(u"1234 5678 9012 3456"_s));
    EXPECT_FALSE(Redactor::luhnValid(u"4242x4242"_s));
    EXPECT_FALSE(Redactor::luhnValid(u"0"_s));
    EXPECT_FALSE(Redactor::luhnValid(QString()));
}

TEST(RedactorTest, IbanChecksum)
{
    EXPECT_TRUE(Redactor::ibanValid(u"DE89 3704 0044 0532 0130 00"_s));
    EXPECT_TRUE(Redactor::ibanValid(u"GB29NWBK60161331926819"_s));
    EXPECT_TRUE(Redactor::ibanValid(u"gb29 nwbk 6016 1331 9268 19"_s)) << "any case";
    EXPECT_TRUE(Redactor::ibanValid(u"NO93 8601 1117 947"_s)) << "the shortest, 15";
    EXPECT_FALSE(Redactor::ibanValid(u"DE88 3704 0044 0532 0130 00"_s)) << "wrong check digits";
    EXPECT_FALSE(Redactor::ibanValid(u"DE89 3704 0044 0532 0130 0"_s)) << "one character short for DE";
    EXPECT_FALSE(Redactor::ibanValid(u"ZZ89 3704 0044 0532 0130 00"_s)) << "no such country";
    EXPECT_FALSE(Redactor::ibanValid(u"DE89-3704-0044-0532-0130-00"_s));
    EXPECT_FALSE(Redactor::ibanValid(QString()));
}

TEST(RedactorTest, CountsEachKindAndKeepsTheRest)
{
    const Redactor redactor;
    const Redaction r = redactor.redact(
        u"Mail a@example.com and b@example.org, call +44 20 7946 0958, card 4242 4242 4242 4242 "
        "from 192.0.2.1 on 2026-11-25 for $1,299.00."_s);
    EXPECT_EQ(
        r.text,
        u"Mail [email] and [email], call [phone], card [card] from [ip] on 2026-11-25 for $1,299.00."_s);
    EXPECT_EQ(r.counts.value(u"email"_s), 2);
    EXPECT_EQ(r.counts.value(u"phone"_s), 1);
    EXPECT_EQ(r.counts.value(u"card"_s), 1);
    EXPECT_EQ(r.counts.value(u"ip"_s), 1);
    EXPECT_EQ(r.counts.size(), 4) << "kinds without findings are absent";

    const Redaction none = redactor.redact(u"Nothing to hide: v2.14.3, ORD-2024-000123."_s);
    EXPECT_EQ(none.text, u"Nothing to hide: v2.14.3, ORD-2024-000123."_s);
    EXPECT_TRUE(none.counts.isEmpty());
}

TEST(RedactorTest, CardFollowedByMoreDigitsIsStillFound)
{
    const Redactor redactor;
    EXPECT_EQ(redactor.redact(u"4242 4242 4242 4242 12 28"_s).text, u"[card] 12 28"_s);
    EXPECT_EQ(redactor.redact(u"ref 12 4111 1111 1111 1111"_s).text, u"ref 12 [card]"_s);
    EXPECT_EQ(redactor.redact(u"1234 5678 9012 3456"_s).text, u"1234 5678 9012 3456"_s) << "fails Luhn";
}

TEST(RedactorTest, SsnRangesTheSsaNeverIssuesStay)
{
    const Redactor redactor;
    EXPECT_EQ(redactor.redact(u"SSN 123-45-6789"_s).text, u"SSN [ssn]"_s);
    for (const QString &invalid :
         { u"000-12-3456"_s, u"666-12-3456"_s, u"912-34-5678"_s, u"123-00-4567"_s, u"123-45-0000"_s })
        EXPECT_EQ(redactor.redact(invalid).text, invalid);
}

TEST(RedactorTest, UserRulesRunFirstAndABadOneIsRefusedByName)
{
    Redactor redactor;
    EXPECT_TRUE(
        redactor.setUserRules({ { u"employee"_s, u"EMP-\\d{5}"_s }, { u"project"_s, u"Project Falcon"_s } }));
    const Redaction r = redactor.redact(u"EMP-12345 on Project Falcon, mail x@example.com"_s);
    EXPECT_EQ(r.text, u"[employee] on [project], mail [email]"_s);
    EXPECT_EQ(r.counts.value(u"employee"_s), 1);
    EXPECT_EQ(r.counts.value(u"project"_s), 1);

    QString error;
    EXPECT_FALSE(redactor.setUserRules({ { u"ok"_s, u"abc"_s }, { u"broken"_s, u"([a-z"_s } }, &error));
    EXPECT_TRUE(error.contains(u"\"broken\""_s)) << error.toStdString();
    EXPECT_TRUE(error.contains(u"not a valid regular expression"_s)) << error.toStdString();
    EXPECT_EQ(redactor.redact(u"EMP-12345"_s).text, u"[employee]"_s) << "the previous rules stay in force";

    EXPECT_FALSE(redactor.setUserRules({ { u"anything"_s, u"x*"_s } }, &error));
    EXPECT_TRUE(error.contains(u"empty text"_s)) << error.toStdString();
    EXPECT_FALSE(redactor.setUserRules({ { u" "_s, u"x"_s } }, &error));
    EXPECT_TRUE(error.contains(u"no name"_s)) << error.toStdString();
    EXPECT_TRUE(redactor.setUserRules({}));
    EXPECT_EQ(redactor.redact(u"EMP-12345"_s).text, u"EMP-12345"_s);
}

TEST(RedactorTest, EntropyOfStrings)
{
    EXPECT_DOUBLE_EQ(Redactor::shannonEntropy(u"aaaa"_s), 0.0);
    EXPECT_DOUBLE_EQ(Redactor::shannonEntropy(u"abcd"_s), 2.0);
    EXPECT_DOUBLE_EQ(Redactor::shannonEntropy(u"abababab"_s), 1.0);
}

TEST(RedactorTest, TheIssuesCutCardLineShowsNoDigitOfTheCard)
{
    // The page cut this line at 100 characters, inside the number: "… 4539 1488 0343 64…" reached
    // the chat, past the redactor. Cut failing closed, none of the number is left.
    const QString line = cutValues().at(0).line;
    const QString cut = Redactor::clip(line, 100);
    EXPECT_EQ(cut, u"Saved for the monthly plan as entered at sign-up in March and kept. Card on file:…"_s);
    EXPECT_EQ(Redactor::clip(u"short"_s, 100), u"short"_s);
    EXPECT_EQ(Redactor::clip(u"4539 1488 0343 6467"_s, 10), u"…"_s) << "nothing but the value: nothing of it";
    EXPECT_EQ(Redactor::clip(u"one two three four"_s, 10), u"one two…"_s) << "a split word goes whole";
}

TEST(RedactorTest, NoCutAtAnyLengthShowsPartOfACardAnAddressAnIbanOrAPhone)
{
    const Redactor redactor;
    for (const CutValue &v : cutValues()) {
        for (qsizetype chars = 1; chars <= v.line.size() + 1; ++chars) {
            // The page's order (cut, then the app masks what it receives) and the app's own
            // (mask the whole text, then cut): neither shows part of the value.
            const QString cutThenMasked = redactor.redact(Redactor::clip(v.line, chars)).text;
            const Redaction maskedThenCut = redactor.redactThenClip(v.line, chars);
            EXPECT_LE(maskedThenCut.text.size(), chars);
            EXPECT_EQ(leakedWindows(cutThenMasked, v.value, v.digitsOnly), QStringList())
                << "cut at " << chars << ": " << cutThenMasked.toStdString();
            EXPECT_EQ(leakedWindows(maskedThenCut.text, v.value, v.digitsOnly), QStringList())
                << "cut at " << chars << ": " << maskedThenCut.text.toStdString();
        }
    }
}

TEST(RedactorTest, MaskingBeforeTheCutKeepsTheMarkerWhereTheRawValueWouldNotFit)
{
    const Redactor redactor;
    const QString line = cutValues().at(0).line; // 111 characters; masked, 98
    const Redaction r = redactor.redactThenClip(line, 100);
    EXPECT_EQ(
        r.text,
        u"Saved for the monthly plan as entered at sign-up in March and kept. Card on file: [card] (on file)"_s);
    EXPECT_EQ(r.counts.value(u"card"_s), 1);
    // Cut first, the number would have been lost to the redactor (not a card any more).
    EXPECT_FALSE(redactor.redact(line.left(99)).counts.contains(u"card"_s));
}

TEST(RedactorTest, RulesFromTheSettingsEntries)
{
    const QList<RedactionRule> rules
        = Redactor::rulesFromEntries({ u"employee-id=EMP-\\d{6}"_s, u"=nameless"_s, u"no rule"_s });
    ASSERT_EQ(rules.size(), 1);
    EXPECT_EQ(rules.first().name, u"employee-id"_s);
    EXPECT_EQ(rules.first().pattern, u"EMP-\\d{6}"_s);
}
