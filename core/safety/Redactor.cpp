#include "Redactor.h"

#include "common/Refuse.h"
#include "logging/LogCategories.h"

#include <QHash>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

using namespace Qt::StringLiterals;

namespace mpa {

namespace {

// The high-entropy rule: a run of ≥ 32 characters of [A-Za-z0-9+/_-] that mixes upper case,
// lower case and digits, whose Shannon entropy is at least kMinEntropyBits bits per character
// and which is not mostly word-like runs (kMaxWordShare). Why these figures: 20 000 random
// 32-character base62/base64 strings measured 3.9 bits at the lowest (4.5 median, more for
// longer ones), so 3.75 lets none through; entropy alone does not tell a key from a long
// identifier (getElementByIdAndUpdateTheCounter1 is 4.1), which is what the mix of classes and
// the word share are for: random strings put at most ~0.7 of their characters in runs like
// "Word"/"word"/"WORD" of 4+ letters (p99.9 at 32 characters), paths and identifiers ~0.8–0.9.
// Hex strings (git commit ids, checksums) have one case and no mix, so they stay: they are
// everywhere in developer pages and rarely secret; a hex key is still caught after a label
// (api_key=…, token: …).
constexpr double kMinEntropyBits = 3.75;
constexpr double kMaxWordShare = 0.75;
constexpr int kContextBefore = 24;

// Characters that may not touch a number on its left or right (so that a number inside an
// order id, a version or a longer digit run is not taken for a card or a phone).
#define NUM_BEFORE R"((?<![\p{L}\p{N}_\-./#]))"
#define NUM_AFTER R"((?![\p{L}\p{N}_]|[.,\-/]\p{N}))"

QString digitsOf(QStringView text)
{
    QString digits;
    digits.reserve(text.size());
    for (QChar c : text) {
        if (c >= u'0' && c <= u'9')
            digits.append(c);
    }
    return digits;
}

bool startsWithDate(QStringView candidate)
{
    static const QRegularExpression date(
        uR"(^(?:\d{1,2}[./\-]\d{1,2}[./\-](?:\d{4}|\d{2})|\d{4}[./\-]\d{1,2}[./\-]\d{1,2})(?!\d|[./\-]\d))"_s);
    return date.match(candidate).hasMatch();
}

// --- checks: true when the candidate is a finding of the detector's kind ---

bool cardCheck(QStringView candidate, QStringView)
{
    const QString digits = digitsOf(candidate);
    if (digits.size() < 13 || digits.size() > 19 || digits.front() < u'2' || digits.front() > u'6')
        return false;
    // Groups of one or two digits are how dates and lists are written, not card numbers.
    qsizetype groupLength = 0;
    for (QChar c : candidate) {
        if (c.isDigit()) {
            ++groupLength;
        } else {
            if (groupLength < 3)
                return false;
            groupLength = 0;
        }
    }
    if (groupLength < 3)
        return false;
    return Redactor::luhnValid(digits);
}

bool ibanCheck(QStringView candidate, QStringView)
{
    return Redactor::ibanValid(candidate.toString());
}

bool ssnCheck(QStringView candidate, QStringView)
{
    const QString digits = digitsOf(candidate);
    if (digits.size() != 9)
        return false;
    const QStringView area = QStringView(digits).left(3);
    return area != u"000" && area != u"666" && area.front() != u'9' && QStringView(digits).mid(3, 2) != u"00"
        && QStringView(digits).right(4) != u"0000";
}

bool ipv4Check(QStringView candidate, QStringView before)
{
    quint32 address = 0;
    for (const QStringView part : candidate.split(u'.')) {
        if (part.isEmpty() || part.size() > 3 || part.toInt() > 255)
            return false;
        address = (address << 8) | quint32(part.toInt());
    }
    // A netmask (255.255.255.0: ones, then zeros) or 0.0.0.0 names no one.
    const quint32 inverted = ~address;
    if ((inverted & (inverted + 1)) == 0)
        return false;
    // "version 4.2.1.0", "build 1.0.0.12": four-part version numbers with small parts.
    static const QRegularExpression versionWord(
        uR"((?i)(?:version|ver\.?|v|build|release|rev(?:ision)?|firmware|fw|sdk|api)\s*$)"_s);
    return !versionWord.match(before).hasMatch();
}

bool ipv6Check(QStringView candidate, QStringView)
{
    QStringView hexPart = candidate;
    int groups = 0;
    if (candidate.contains(u'.')) { // an IPv4 tail (::ffff:192.0.2.1) counts as two groups
        const qsizetype lastColon = candidate.lastIndexOf(u':');
        if (!ipv4Check(candidate.mid(lastColon + 1), {}))
            return false;
        hexPart = candidate.left(lastColon + 1);
        groups = 2;
        if (!hexPart.endsWith(u"::"))
            hexPart.chop(1);
    }
    const qsizetype compressed = hexPart.indexOf(u"::");
    if (compressed >= 0 && hexPart.indexOf(u"::", compressed + 1) >= 0)
        return false;
    if (hexPart.contains(u":::"))
        return false;
    bool hasDigit = false;
    const auto countGroups = [&](QStringView side) {
        if (side.isEmpty())
            return true;
        for (const QStringView group : side.split(u':')) {
            if (group.isEmpty() || group.size() > 4)
                return false;
            for (QChar c : group)
                hasDigit = hasDigit || c.isDigit();
            ++groups;
        }
        return true;
    };
    if (compressed >= 0) {
        if (!countGroups(hexPart.left(compressed)) || !countGroups(hexPart.mid(compressed + 2)))
            return false;
        return hasDigit && groups >= 2 && groups <= 7;
    }
    return countGroups(hexPart) && hasDigit && groups == 8;
}

bool internationalPhoneCheck(QStringView candidate, QStringView)
{
    const qsizetype digits = digitsOf(candidate).size();
    return digits >= 8 && digits <= 15;
}

bool nanpPhoneCheck(QStringView candidate, QStringView)
{
    const QString digits = digitsOf(candidate);
    return digits.size() == 10 || (digits.size() == 11 && digits.front() == u'1');
}

bool trunkPhoneCheck(QStringView candidate, QStringView)
{
    const qsizetype digits = digitsOf(candidate).size();
    return digits >= 9 && digits <= 12 && !startsWithDate(candidate);
}

bool russianPhoneCheck(QStringView candidate, QStringView)
{
    return digitsOf(candidate).size() == 11;
}

bool passwordValueCheck(QStringView value, QStringView)
{
    // "Password: required" is prose; a password has a digit or a sign in it.
    return std::any_of(value.begin(), value.end(), [](QChar c) { return !c.isLetter(); });
}

bool labelledValueCheck(QStringView value, QStringView)
{
    return std::any_of(value.begin(), value.end(), [](QChar c) { return c.isDigit(); });
}

bool highEntropyCheck(QStringView candidate, QStringView)
{
    QStringView body = candidate;
    while (body.endsWith(u'='))
        body.chop(1);
    if (body.size() < 32)
        return false;
    bool upper = false, lower = false, digit = false;
    for (QChar c : body) {
        upper = upper || (c >= u'A' && c <= u'Z');
        lower = lower || (c >= u'a' && c <= u'z');
        digit = digit || (c >= u'0' && c <= u'9');
    }
    if (!upper || !lower || !digit)
        return false;
    if (Redactor::shannonEntropy(body) < kMinEntropyBits)
        return false;
    static const QRegularExpression wordRun(uR"([A-Z]?[a-z]{3,}|[A-Z]{4,})"_s);
    qsizetype wordChars = 0;
    for (auto it = wordRun.globalMatch(body); it.hasNext();)
        wordChars += it.next().capturedLength();
    return double(wordChars) / double(body.size()) < kMaxWordShare;
}

struct Span
{
    qsizetype start = 0;
    qsizetype length = 0;
};

// The groups of a candidate: its maximal runs of letters and digits.
QList<Span> groupsOf(QStringView candidate)
{
    QList<Span> groups;
    qsizetype i = 0;
    while (i < candidate.size()) {
        if (!candidate[i].isLetterOrNumber()) {
            ++i;
            continue;
        }
        const qsizetype start = i;
        while (i < candidate.size() && candidate[i].isLetterOrNumber())
            ++i;
        groups.append({ start, i - start });
    }
    return groups;
}

// The part of the match at `pos` the check accepts, relative to `pos`: the whole of it, or with
// Retry the longest run of its groups that passes (a card followed by an expiry date, a phone
// followed by a year).
std::optional<Span> acceptedSpan(QStringView text, qsizetype pos, qsizetype length, Redactor::Check check,
                                 Redactor::Retry retry)
{
    const auto passes = [&](qsizetype start, qsizetype len) {
        if (!check)
            return true;
        const qsizetype from = std::max<qsizetype>(0, pos + start - kContextBefore);
        return check(text.mid(pos + start, len), text.mid(from, pos + start - from));
    };
    if (passes(0, length))
        return Span { 0, length };
    if (retry == Redactor::Retry::None)
        return std::nullopt;
    const QList<Span> groups = groupsOf(text.mid(pos, length));
    const qsizetype firstStarts = retry == Redactor::Retry::AnyRun ? groups.size() : 1;
    for (qsizetype first = 0; first < firstStarts; ++first) {
        const qsizetype start = first == 0 ? 0 : groups[first].start;
        for (qsizetype last = groups.size() - 1; last >= first; --last) {
            if (first == 0 && last == groups.size() - 1)
                continue; // the whole match, already tried
            const qsizetype end = groups[last].start + groups[last].length;
            if (passes(start, end - start))
                return Span { start, end - start };
        }
    }
    return std::nullopt;
}

QRegularExpression compiled(const QString &pattern)
{
    QRegularExpression regex(pattern);
    if (!regex.isValid())
        qCWarning(lcSafety) << "A built-in redaction pattern does not compile:" << regex.errorString();
    regex.optimize();
    return regex;
}

// IBAN lengths per country, from SWIFT's IBAN registry.
const QHash<QString, int> &ibanLengths()
{
    static const QHash<QString, int> lengths {
        { u"AD"_s, 24 }, { u"AE"_s, 23 }, { u"AL"_s, 28 }, { u"AT"_s, 20 }, { u"AZ"_s, 28 }, { u"BA"_s, 20 },
        { u"BE"_s, 16 }, { u"BG"_s, 22 }, { u"BH"_s, 22 }, { u"BI"_s, 27 }, { u"BR"_s, 29 }, { u"BY"_s, 28 },
        { u"CH"_s, 21 }, { u"CR"_s, 22 }, { u"CY"_s, 28 }, { u"CZ"_s, 24 }, { u"DE"_s, 22 }, { u"DJ"_s, 27 },
        { u"DK"_s, 18 }, { u"DO"_s, 28 }, { u"EE"_s, 20 }, { u"EG"_s, 29 }, { u"ES"_s, 24 }, { u"FI"_s, 18 },
        { u"FK"_s, 18 }, { u"FO"_s, 18 }, { u"FR"_s, 27 }, { u"GB"_s, 22 }, { u"GE"_s, 22 }, { u"GI"_s, 23 },
        { u"GL"_s, 18 }, { u"GR"_s, 27 }, { u"GT"_s, 28 }, { u"HR"_s, 21 }, { u"HU"_s, 28 }, { u"IE"_s, 22 },
        { u"IL"_s, 23 }, { u"IQ"_s, 23 }, { u"IS"_s, 26 }, { u"IT"_s, 27 }, { u"JO"_s, 30 }, { u"KW"_s, 30 },
        { u"KZ"_s, 20 }, { u"LB"_s, 28 }, { u"LC"_s, 32 }, { u"LI"_s, 21 }, { u"LT"_s, 20 }, { u"LU"_s, 20 },
        { u"LV"_s, 21 }, { u"LY"_s, 25 }, { u"MC"_s, 27 }, { u"MD"_s, 24 }, { u"ME"_s, 22 }, { u"MK"_s, 19 },
        { u"MN"_s, 20 }, { u"MR"_s, 27 }, { u"MT"_s, 31 }, { u"MU"_s, 30 }, { u"NI"_s, 28 }, { u"NL"_s, 18 },
        { u"NO"_s, 15 }, { u"OM"_s, 23 }, { u"PK"_s, 24 }, { u"PL"_s, 28 }, { u"PS"_s, 29 }, { u"PT"_s, 25 },
        { u"QA"_s, 29 }, { u"RO"_s, 24 }, { u"RS"_s, 22 }, { u"RU"_s, 33 }, { u"SA"_s, 24 }, { u"SC"_s, 31 },
        { u"SD"_s, 18 }, { u"SE"_s, 24 }, { u"SI"_s, 19 }, { u"SK"_s, 24 }, { u"SM"_s, 27 }, { u"SO"_s, 23 },
        { u"ST"_s, 25 }, { u"SV"_s, 28 }, { u"TL"_s, 23 }, { u"TN"_s, 24 }, { u"TR"_s, 26 }, { u"UA"_s, 29 },
        { u"VA"_s, 22 }, { u"VG"_s, 24 }, { u"XK"_s, 20 }, { u"YE"_s, 30 },
    };
    return lengths;
}

} // namespace

Redactor::Redactor()
{
    const auto add = [this](const QString &kind, const QString &pattern, Check check,
                            Retry retry = Retry::None, int group = 0) {
        m_builtIn.push_back({ kind, compiled(pattern), group, check, retry });
    };
    const QString secret = u"secret"_s, phone = u"phone"_s;

    // Secrets with a known shape first: nothing else may claim part of a token.
    add(secret,
        uR"((?<![A-Za-z0-9_\-])(?:sk-(?:proj-|ant-(?:api\d\d-)?|svcacct-)?[A-Za-z0-9_\-]{20,})"
        uR"(|(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})"
        uR"(|xox[abposr]-[A-Za-z0-9\-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_\-]{35})"
        uR"(|glpat-[A-Za-z0-9_\-]{20,}|npm_[A-Za-z0-9]{36}|hf_[A-Za-z0-9]{30,})"
        uR"(|eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*)(?![A-Za-z0-9_\-]))"_s,
        nullptr);
    add(secret,
        uR"((?i)(?<![\p{L}\p{N}])(?:passw(?:or)?d|pwd|passphrase)["']?\s*[:=]\s*["']?([^\s"',;]{4,}))"_s,
        passwordValueCheck, Retry::None, 1);
    add(secret,
        uR"((?i)(?<![\p{L}\p{N}])(?:api[_\-]?key|apikey|secret(?:[_\-]?key)?|client[_\-]?secret|(?:access|auth|refresh|bearer)?[_\-]?token|access[_\-]?key(?:[_\-]?id)?|private[_\-]?key)["']?\s*[:=]\s*["']?([A-Za-z0-9+/_\-.=~]{12,}))"_s,
        labelledValueCheck, Retry::None, 1);
    add(secret, uR"((?<![\p{L}\p{N}])Bearer\s+([A-Za-z0-9+/_\-.=~]{16,}))"_s, labelledValueCheck, Retry::None,
        1);

    add(u"email"_s,
        uR"((?<![\p{L}\p{N}._%+\-])[\p{L}\p{N}._%+\-]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}\-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,}(?![\p{L}\p{N}_\-]))"_s,
        nullptr);
    add(u"iban"_s,
        uR"((?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![\p{L}\p{N}]))"_s,
        ibanCheck, Retry::Prefixes);
    add(u"card"_s, u"(?<![\\p{L}\\p{N}_\\-./#+])(?:\\d[ \\-]?){12,18}\\d" NUM_AFTER ""_s, cardCheck,
        Retry::AnyRun);
    add(u"ssn"_s, u"" NUM_BEFORE R"(\d{3}([\- ])\d{2}\1\d{4})" NUM_AFTER ""_s, ssnCheck);
    add(u"ip"_s,
        uR"((?<![\p{L}\p{N}_:])(?=[0-9A-Fa-f:]*:[0-9A-Fa-f]*:)[0-9A-Fa-f:]{2,39}(?:(?<=:)\d{1,3}(?:\.\d{1,3}){3})?(?![\p{L}\p{N}_:]|\.\p{N}))"_s,
        ipv6Check);
    add(u"ip"_s, uR"((?<![\p{L}\p{N}_.\-])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?![\p{L}\p{N}_]|\.\p{N}))"_s,
        ipv4Check);

    add(phone,
        uR"((?<![\p{L}\p{N}_\-./#+])\+[1-9]\d{0,2}(?:[ \-.]?\(\d{1,5}\))?[ \-.]?\d{1,12}(?:[ \-.]\(?\d{1,8}\)?){0,6})" NUM_AFTER
        ""_s,
        internationalPhoneCheck, Retry::Prefixes);
    add(phone,
        u"" NUM_BEFORE R"((?:1[ \-.])?(?:\([2-9]\d{2}\)[ \-.]?|[2-9]\d{2}[ \-.])\d{3}[ \-.]\d{4})" NUM_AFTER
        ""_s,
        nanpPhoneCheck);
    add(phone,
        u"(?<![\\p{L}\\p{N}_\\-./#(])"
        R"((?:\(0[1-9]\d{0,3}\) ?|0[1-9]\d{0,3}[ \-./])\d{2,8}(?:[ \-.]\d{2,8}){0,4})" NUM_AFTER ""_s,
        trunkPhoneCheck, Retry::Prefixes);
    add(phone,
        u"" NUM_BEFORE R"(8[ \-]?(?:\(\d{3,5}\)|\d{3,5})[ \-]?\d{1,3}[ \-]\d{2}[ \-]\d{2})" NUM_AFTER ""_s,
        russianPhoneCheck);

    add(secret, uR"((?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{32,}={0,2}(?![A-Za-z0-9+/_\-=]))"_s,
        highEntropyCheck);
}

bool Redactor::setUserRules(const QList<RedactionRule> &rules, QString *error)
{
    std::vector<Detector> user;
    for (const RedactionRule &rule : rules) {
        const QString name = rule.name.trimmed();
        if (name.isEmpty())
            return refuse(
                error,
                u"A redaction rule has no name; give each rule a name, it becomes the marker that replaces what it finds."_s);
        if (rule.pattern.isEmpty())
            return refuse(
                error,
                u"The redaction rule \"%1\" has no pattern; write the regular expression it should find."_s
                    .arg(name));
        QRegularExpression regex(rule.pattern);
        if (!regex.isValid()) {
            return refuse(
                error,
                u"The redaction rule \"%1\" is not a valid regular expression: %2 (at character %3). Fix the pattern or remove the rule."_s
                    .arg(name, regex.errorString())
                    .arg(regex.patternErrorOffset() + 1));
        }
        if (regex.match(QString()).hasMatch())
            return refuse(
                error,
                u"The redaction rule \"%1\" matches empty text, so it would mark every position; make the pattern require at least one character."_s
                    .arg(name));
        regex.optimize();
        user.push_back({ name, regex, 0, nullptr, Retry::None });
    }
    m_user = std::move(user);
    qCDebug(lcSafety) << "Redaction user rules:" << m_user.size();
    return true;
}

Redaction Redactor::redact(const QString &text) const
{
    struct Finding
    {
        qsizetype start;
        qsizetype length;
        const QString *kind;
    };
    std::vector<Finding> findings;
    std::vector<bool> taken(size_t(text.size()), false);
    const auto isFree = [&](qsizetype start, qsizetype length) {
        return std::none_of(taken.begin() + start, taken.begin() + start + length, [](bool t) { return t; });
    };

    const auto run = [&](const Detector &detector) {
        for (auto it = detector.regex.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            const qsizetype start = match.capturedStart(detector.group);
            const qsizetype length = match.capturedLength(detector.group);
            if (start < 0 || length == 0)
                continue;
            const std::optional<Span> span
                = acceptedSpan(text, start, length, detector.check, detector.retry);
            if (!span || !isFree(start + span->start, span->length))
                continue;
            std::fill(taken.begin() + start + span->start, taken.begin() + start + span->start + span->length,
                      true);
            findings.push_back({ start + span->start, span->length, &detector.kind });
        }
    };
    for (const Detector &detector : m_user)
        run(detector);
    for (const Detector &detector : m_builtIn)
        run(detector);

    Redaction result;
    if (findings.empty()) {
        result.text = text;
        return result;
    }
    std::sort(findings.begin(), findings.end(),
              [](const Finding &a, const Finding &b) { return a.start < b.start; });
    result.text.reserve(text.size());
    qsizetype at = 0;
    for (const Finding &finding : findings) {
        result.text += QStringView(text).mid(at, finding.start - at);
        result.text += u'[' + *finding.kind + u']';
        at = finding.start + finding.length;
        ++result.counts[*finding.kind];
    }
    result.text += QStringView(text).mid(at);
    return result;
}

Redaction Redactor::redactThenClip(const QString &text, qsizetype chars) const
{
    Redaction redaction = redact(text);
    redaction.text = clip(redaction.text, chars);
    return redaction;
}

QString Redactor::clip(const QString &text, qsizetype chars)
{
    if (text.size() <= chars)
        return text;
    if (chars <= 0)
        return {};
    const auto partOfValue = [](QStringView word) {
        bool letterOrNumber = false;
        bool shortGroup = word.size() <= 4;
        for (QChar c : word) {
            if (c.isNumber() || c == u'@')
                return true;
            letterOrNumber = letterOrNumber || c.isLetterOrNumber();
            shortGroup = shortGroup && ((c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9'));
        }
        return shortGroup || !letterOrNumber;
    };
    qsizetype end = chars - 1;
    if (end > 0 && !text[end].isSpace() && !text[end - 1].isSpace()) {
        while (end > 0 && !text[end - 1].isSpace())
            --end;
    }
    for (;;) {
        qsizetype wordEnd = end;
        while (wordEnd > 0 && text[wordEnd - 1].isSpace())
            --wordEnd;
        qsizetype wordStart = wordEnd;
        while (wordStart > 0 && !text[wordStart - 1].isSpace())
            --wordStart;
        if (wordStart == wordEnd || !partOfValue(QStringView(text).mid(wordStart, wordEnd - wordStart))) {
            end = wordEnd;
            break;
        }
        end = wordStart;
    }
    return text.left(end) + u'…';
}

QList<RedactionRule> Redactor::rulesFromEntries(const QStringList &entries)
{
    QList<RedactionRule> rules;
    for (const QString &entry : entries) {
        const qsizetype eq = entry.indexOf(u'=');
        if (eq > 0)
            rules.append({ entry.left(eq).trimmed(), entry.mid(eq + 1) });
    }
    return rules;
}

bool Redactor::luhnValid(const QString &digits)
{
    int sum = 0;
    int count = 0;
    for (qsizetype i = digits.size() - 1; i >= 0; --i) {
        const QChar c = digits[i];
        if (c == u' ' || c == u'-')
            continue;
        if (c < u'0' || c > u'9')
            return false;
        int d = c.unicode() - u'0';
        if (count % 2 == 1) {
            d *= 2;
            if (d > 9)
                d -= 9;
        }
        sum += d;
        ++count;
    }
    return count >= 2 && sum % 10 == 0;
}

bool Redactor::ibanValid(const QString &iban)
{
    QString compact = iban.toUpper();
    compact.remove(u' ');
    if (compact.size() < 15 || compact.size() > 34)
        return false;
    const int expected = ibanLengths().value(compact.left(2), 0);
    if (expected != compact.size() || !compact[2].isDigit() || !compact[3].isDigit())
        return false;
    // Move the country and check digits to the end, letters become 10..35, and the number
    // read that way must leave 1 when divided by 97 (ISO 13616), computed piece by piece.
    const QString rearranged = compact.mid(4) + compact.left(4);
    int remainder = 0;
    for (QChar c : rearranged) {
        if (c >= u'0' && c <= u'9') {
            remainder = (remainder * 10 + (c.unicode() - u'0')) % 97;
        } else if (c >= u'A' && c <= u'Z') {
            const int value = c.unicode() - u'A' + 10;
            remainder = (remainder * 100 + value) % 97;
        } else {
            return false;
        }
    }
    return remainder == 1;
}

double Redactor::shannonEntropy(QStringView text)
{
    if (text.isEmpty())
        return 0.0;
    QHash<char16_t, int> counts;
    std::array<int, 128> ascii {};
    for (QChar c : text) {
        if (c.unicode() < 128)
            ++ascii[c.unicode()];
        else
            ++counts[c.unicode()];
    }
    const double n = double(text.size());
    double bits = 0.0;
    const auto add = [&](int count) {
        if (count > 0) {
            const double p = count / n;
            bits -= p * std::log2(p);
        }
    };
    for (int count : ascii)
        add(count);
    for (int count : std::as_const(counts))
        add(count);
    return bits;
}

} // namespace mpa
