#include "BanList.h"

#include "CommandWalk.h"
#include "common/EnumNames.h"
#include "common/KnownSentences.h"
#include "common/Refuse.h"

#include <QRegularExpression>
#include <QSet>

#include <optional>

using namespace Qt::StringLiterals;

// The verdict's last steps: folding the text, the compact fork bomb, the user's entries, the
// allow list. Each has its twin in payload/ban-check.js sections "1. folding", "7. user entries
// and the allow list" and "8. the verdict"; the parse, the walk and the rules are in
// ShellSyntax, ShellExpand, CommandWalk and BanRules. The corpus test in
// tests/unit/BanListTest.cpp and tests/integration/BanCheckPageTest.cpp holds both equal.

namespace mpa {

using namespace shell;

namespace {

// JavaScript's \s (and what String.prototype.trim removes).
bool isJsSpace(QChar c)
{
    const char16_t u = c.unicode();
    return u == u' ' || (u >= 0x09 && u <= 0x0d) || u == 0xa0 || u == 0x1680 || (u >= 0x2000 && u <= 0x200a)
        || u == 0x2028 || u == 0x2029 || u == 0x202f || u == 0x205f || u == 0x3000 || u == 0xfeff;
}

QString jsTrim(const QString &s)
{
    qsizetype from = 0;
    qsizetype to = s.size();
    while (from < to && isJsSpace(s[from]))
        ++from;
    while (to > from && isJsSpace(s[to - 1]))
        --to;
    return s.mid(from, to - from);
}

// twin of ban-check.js fold: NFKC, the odd blanks as spaces, \r\n and \r as \n.
QString fold(const QString &text)
{
    const QString t = text.normalized(QString::NormalizationForm_KC);
    QString out;
    out.reserve(t.size());
    for (qsizetype i = 0; i < t.size(); ++i) {
        const char16_t u = t[i].unicode();
        if (u == 0xa0 || u == 0x1680 || (u >= 0x2000 && u <= 0x200a) || u == 0x2028 || u == 0x2029
            || u == 0x202f || u == 0x205f || u == 0x3000 || u == 0x0c || u == 0x0b) {
            out += u' ';
        } else if (u == u'\r') {
            out += u'\n';
            if (i + 1 < t.size() && t[i + 1] == u'\n')
                ++i;
        } else {
            out += t[i];
        }
    }
    return out;
}

// twin of ban-check.js collapse: lower case, runs of blanks as one space, trimmed.
QString collapse(const QString &s)
{
    const QString lower = s.toLower();
    QString out;
    out.reserve(lower.size());
    bool blank = false;
    for (const QChar c : lower) {
        if (isJsSpace(c)) {
            blank = true;
            continue;
        }
        if (blank && !out.isEmpty())
            out += u' ';
        blank = false;
        out += c;
    }
    return out;
}

bool isForkName(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_'
        || c == u':';
}

// twin of ban-check.js compactForkBomb: the compact fork bomb NAME(){NAME|NAME&};NAME (any
// name, any case, blanks removed), which bash itself would refuse to parse (`{:` is a word).
// Read in one pass (a backreference regex takes quadratic time on long text).
bool compactForkBomb(const QString &text)
{
    QString s;
    s.reserve(text.size());
    for (const QChar c : text) {
        if (!isJsSpace(c))
            s += c;
    }
    const auto same = [&](qsizetype at, const QString &lower) {
        return at >= 0 && at + lower.size() <= s.size()
            && QStringView(s).mid(at, lower.size()).compare(lower, Qt::CaseInsensitive) == 0;
    };
    qsizetype from = 0;
    for (;;) {
        const qsizetype i = s.indexOf(u"(){"_s, from);
        if (i < 0)
            return false;
        from = i + 1;
        qsizetype k = i + 3;
        while (k < s.size() && isForkName(s[k]))
            ++k;
        const QString name = s.mid(i + 3, k - i - 3);
        if (name.isEmpty() || (name[0] >= u'0' && name[0] <= u'9') || k >= s.size() || s[k] != u'|')
            continue;
        if (!same(i - name.size(), name))
            continue;
        qsizetype j = k + 1;
        if (!same(j, name))
            continue;
        j += name.size();
        if (QStringView(s).mid(j, 2) != u"&}")
            continue;
        j += 2;
        if (j < s.size() && s[j] == u';')
            ++j;
        if (same(j, name))
            return true;
    }
}

// /re/flags: the pattern and the flags, or nullopt for a plain entry.
std::optional<std::pair<QString, QString>> splitRegex(const QString &entry)
{
    static const QRegularExpression form(u"^/(.+)/([a-z]*)$"_s,
                                         QRegularExpression::DotMatchesEverythingOption);
    const auto m = form.match(entry);
    if (!m.hasMatch())
        return std::nullopt;
    return std::make_pair(m.captured(1), m.captured(2));
}

// An allow entry: words matched one for one; a last * matches any further words.
struct AllowWords
{
    QStringList words;
    bool open = false;
    QString error;
};

// twin of ban-check.js allowEntry
AllowWords allowEntry(const QString &entry)
{
    AllowWords out;
    const QString source = jsTrim(entry);
    if (source.isEmpty()) {
        out.error = u"an entry is empty"_s;
        return out;
    }
    Parser p(source, 0, 0);
    const NodePtr tree = p.parseScript();
    if (!p.error().isEmpty()) {
        out.error = u"'%1' is not a command: %2"_s.arg(source, p.error());
        return out;
    }
    const Node *item = tree->items.size() == 1 && !tree->items[0].async ? tree->items[0].node.get() : nullptr;
    if (!item || item->t != Node::Type::Simple) {
        out.error = u"'%1' must be one command, without ; | && || or &"_s.arg(source);
        return out;
    }
    if (!item->assigns.isEmpty() || !item->redirs.isEmpty()) {
        out.error = u"'%1' must be a command and its words, without VAR= or redirections"_s.arg(source);
        return out;
    }
    for (qsizetype k = 0; k < item->words.size(); ++k) {
        const Word &w = item->words[k];
        const std::optional<QString> text = literalOf(w);
        if (!text) {
            out.error = u"'%1' may not hold $, ` or ~ expansions"_s.arg(source);
            return out;
        }
        const bool star = std::any_of(w.parts.cbegin(), w.parts.cend(),
                                      [](const Part &x) { return !x.q && x.s.contains(u'*'); });
        if (star) {
            if (*text != u"*"_s || k != item->words.size() - 1) {
                out.error = u"'%1': * may stand only alone, as the last word"_s.arg(source);
                return out;
            }
            if (k == 0) {
                out.error = u"'%1' would allow every command"_s.arg(source);
                return out;
            }
            out.open = true;
            continue;
        }
        out.words.append(*text);
    }
    return out;
}

const QStringList kBinDirs { u"/bin/"_s,  u"/usr/bin/"_s,  u"/usr/local/bin/"_s,
                             u"/sbin/"_s, u"/usr/sbin/"_s, u"/opt/homebrew/bin/"_s };

bool matchesEntry(const QList<Field> &fields, const QStringList &words, bool open, bool extra)
{
    if (fields.size() < words.size())
        return false;
    if ((fields.size() > words.size() || extra) && !open)
        return false;
    for (qsizetype k = 0; k < words.size(); ++k) {
        const Field &f = fields[k];
        if (!f.unres.isEmpty())
            return false;
        if (f.s == words[k])
            continue;
        if (k == 0 && std::any_of(kBinDirs.cbegin(), kBinDirs.cend(), [&](const QString &d) {
                return f.s == d + words[0];
            }))
            continue;
        return false;
    }
    return true;
}

// twin of ban-check.js allowProblem: why the allow list does not cover a simple command, or ''.
template<typename Entries> QString allowProblem(const Command &c, const Entries &entries)
{
    QStringList words;
    for (const Field &f : c.full.isEmpty() ? c.fields : c.full)
        words.append(f.unres.isEmpty() ? f.s : f.raw);
    const QString shown = words.join(u' ');
    const auto writes = std::find_if(c.outputs.cbegin(), c.outputs.cend(), [](const Field &o) {
        return !o.unres.isEmpty() || !kHarmlessOutputs.contains(normalPath(o.s));
    });
    if (writes != c.outputs.cend()) {
        return u"`%1` writes to %2, which the allow list never allows"_s.arg(shown.isEmpty() ? u">"_s : shown,
                                                                             writes->raw);
    }
    if (c.envRisk) {
        return u"`%1` changes a variable that decides what runs (PATH, PAGER, …)"_s.arg(
            shown.isEmpty() ? c.name : shown);
    }
    if (c.fields.isEmpty())
        return QString();
    const bool privileged = std::any_of(c.wrappers.cbegin(), c.wrappers.cend(),
                                        [](const QString &w) { return kPrivileged.contains(w); });
    if (c.transparent && !privileged)
        return QString();
    for (const auto &e : entries) {
        if (!c.full.isEmpty() && matchesEntry(c.full, e.words, e.open, c.extra))
            return QString();
        if (!privileged && matchesEntry(c.fields, e.words, e.open, c.extra))
            return QString();
    }
    return u"`%1` is not on your allow list"_s.arg(shown);
}

} // namespace

constexpr EnumName<BanVerdict::Kind> kVerdictNames[] {
    { BanVerdict::Kind::Banned, u"banned" },
    { BanVerdict::Kind::Unverifiable, u"unverifiable" },
    { BanVerdict::Kind::NotAllowlisted, u"not-allowlisted" },
    { BanVerdict::Kind::Allowed, u"allowed" },
};

QString BanVerdict::name() const
{
    return enumName(kVerdictNames, kind);
}

bool BanList::checkAllowEntry(const QString &entry, QString *error)
{
    const AllowWords e = allowEntry(entry);
    if (!e.error.isEmpty())
        return refuse(error, e.error);
    return true;
}

bool BanList::checkEntry(const QString &entry, QString *error)
{
    const QString source = entry.trimmed();
    if (source.isEmpty())
        return refuse(error, u"an entry is empty"_s);
    const auto regex = splitRegex(source);
    if (!regex)
        return true;
    const auto &[pattern, flags] = *regex;
    for (const QChar flag : flags) {
        if (!u"dgimsuy"_s.contains(flag))
            return refuse(error, u"'%1' has a flag JavaScript does not know: '%2'"_s.arg(entry, flag));
    }
    // What PCRE takes and JavaScript refuses or reads otherwise.
    struct Unsupported
    {
        QRegularExpression re;
        const char *why;
    };
    static const QList<Unsupported> unsupported {
        { QRegularExpression(u"\\(\\?[a-zA-Z-]+[:)]"_s),
          "inline flags like (?i): use the flags after the closing /" },
        { QRegularExpression(u"\\[\\[:[a-z]+:\\]"_s), "POSIX classes like [[:space:]]: use \\s, \\d, \\w" },
        { QRegularExpression(u"\\(\\?>"_s), "atomic groups (?>…)" },
        { QRegularExpression(u"(?<!\\\\)(?:[*+?}])\\+"_s), "possessive quantifiers like *+" },
        { QRegularExpression(u"\\\\[AZzG]"_s), "\\A, \\Z, \\z and \\G: use ^ and $" },
        { QRegularExpression(u"\\(\\?P<"_s), "(?P<name>…): use (?<name>…)" },
    };
    for (const Unsupported &u : unsupported) {
        if (u.re.match(pattern).hasMatch())
            return refuse(
                error,
                u"'%1' is not a JavaScript regular expression: %2"_s.arg(entry, QString::fromLatin1(u.why)));
    }
    if (flags.contains(u'u')) {
        // With u, JavaScript refuses escapes of characters that need none (\-, \_, \q …).
        static const QRegularExpression identity(
            u"\\\\([^\\\\\\^$.*+?()\\[\\]{}|/dDwWsSbBnrtvfux0-9ckpP-]|-)"_s);
        const auto m = identity.match(pattern);
        if (m.hasMatch() && m.captured(1) == u"-"_s) {
            // \- is allowed inside a class only.
            const QString before = pattern.left(m.capturedStart());
            if (before.count(u'[') <= before.count(u']'))
                return refuse(
                    error,
                    u"'%1' is not a JavaScript regular expression with the u flag: \\- outside a [class]"_s
                        .arg(entry));
        } else if (m.hasMatch()) {
            return refuse(
                error,
                u"'%1' is not a JavaScript regular expression with the u flag: \\%2 escapes nothing"_s.arg(
                    entry, m.captured(1)));
        }
    }
    QRegularExpression re(pattern);
    if (!re.isValid())
        return refuse(error,
                      u"'%1' is not a valid regular expression: %2"_s.arg(entry, englishRegexError(re)));
    return true;
}

BanList::BanList(const QStringList &userEntries, CommandPolicy policy)
    : m_policy(std::move(policy))
{
    for (const QString &raw : userEntries) {
        const QString source = jsTrim(raw);
        if (source.isEmpty() || !checkEntry(source))
            continue; // refused when entered; a bad one from an old file is skipped, as the page skips it
        Entry entry;
        entry.source = source;
        if (const auto regex = splitRegex(source)) {
            QRegularExpression::PatternOptions options = QRegularExpression::NoPatternOption;
            if (regex->second.contains(u'i'))
                options |= QRegularExpression::CaseInsensitiveOption;
            if (regex->second.contains(u'm'))
                options |= QRegularExpression::MultilineOption;
            if (regex->second.contains(u's'))
                options |= QRegularExpression::DotMatchesEverythingOption;
            if (regex->second.contains(u'u'))
                options |= QRegularExpression::UseUnicodePropertiesOption;
            entry.regex = QRegularExpression(regex->first, options);
            entry.isRegex = true;
        } else {
            entry.needle = collapse(source);
        }
        m_entries.append(entry);
    }
    for (const QString &raw : m_policy.allowed) {
        const AllowWords e = allowEntry(raw);
        if (e.error.isEmpty())
            m_allowed.append({ e.words, e.open });
    }
    for (const QString &raw : m_policy.interpreters)
        m_interpreters.insert(family(raw.trimmed().toLower()));
}

QList<BanList::RuleInfo> BanList::builtInRules()
{
    QList<RuleInfo> list;
    for (const Rule &rule : rules())
        list.append({ QString::fromLatin1(rule.id), QString::fromLatin1(rule.what) });
    return list;
}

QString BanList::normalise(const QString &command)
{
    Analysis an({});
    an.run(fold(command));
    return an.parsed();
}

// twin of ban-check.js verdict
BanVerdict BanList::check(const QString &commandText) const
{
    const QString text = fold(commandText);
    BanVerdict verdict;
    verdict.command = jsTrim(commandText);
    const auto decide = [&](BanVerdict::Kind kind, const QString &rule, const QString &reason) {
        verdict.kind = kind;
        verdict.rule = rule;
        verdict.reason = reason;
        return verdict;
    };
    if (compactForkBomb(text))
        return decide(BanVerdict::Kind::Banned, u"fork-bomb"_s, u"it is a fork bomb"_s);
    Analysis an(m_interpreters);
    an.run(text);
    verdict.parsed = an.parsed();
    if (an.banned) {
        return decide(BanVerdict::Kind::Banned, QString::fromLatin1(an.banned->id),
                      u"it "_s + QString::fromLatin1(an.banned->what));
    }
    for (const Entry &entry : m_entries) {
        const bool hit = entry.isRegex
            ? entry.regex.match(jsTrim(commandText)).hasMatch() || entry.regex.match(jsTrim(text)).hasMatch()
            : collapse(text).contains(entry.needle) || verdict.parsed.contains(entry.needle);
        if (hit)
            return decide(BanVerdict::Kind::Banned, entry.source,
                          u"it matches your entry %1"_s.arg(entry.source));
    }
    if (!an.unverifiable.isEmpty())
        return decide(BanVerdict::Kind::Unverifiable, u"unverifiable"_s, an.unverifiable);
    if (m_policy.mode == CommandPolicy::Mode::Allowlist) {
        for (const auto &c : an.simples) {
            if (c->cond)
                continue;
            if (const QString why = allowProblem(*c, m_allowed); !why.isEmpty())
                return decide(BanVerdict::Kind::NotAllowlisted, u"not-allowlisted"_s, why);
        }
    }
    return verdict;
}

} // namespace mpa
