#include "BanList.h"

#include "common/EnumNames.h"
#include "common/Refuse.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <functional>
#include <optional>

using namespace Qt::StringLiterals;

// Each step below has its twin in payload/ban-check.js; change both together (the corpus test
// in tests/unit/BanListTest.cpp and tests/integration/BanCheckPageTest.cpp holds them equal).

namespace mpa {

namespace {

const QSet<QString> &systemDirs()
{
    static const QSet<QString> dirs {
        u"/"_s,      u"/bin"_s,     u"/boot"_s,     u"/dev"_s,     u"/etc"_s,
        u"/home"_s,  u"/lib"_s,     u"/lib32"_s,    u"/lib64"_s,   u"/opt"_s,
        u"/proc"_s,  u"/root"_s,    u"/sbin"_s,     u"/srv"_s,     u"/sys"_s,
        u"/usr"_s,   u"/var"_s,     u"/system"_s,   u"/library"_s, u"/applications"_s,
        u"/users"_s, u"/private"_s, u"/system32"_s, u"/windows"_s, u"/program files"_s
    };
    return dirs;
}

const QSet<QString> kWrappers { u"sudo"_s, u"doas"_s, u"env"_s,  u"command"_s, u"nohup"_s,
                                u"exec"_s, u"time"_s, u"nice"_s, u"builtin"_s };
const QSet<QString> kShells { u"sh"_s,
                              u"bash"_s,
                              u"zsh"_s,
                              u"dash"_s,
                              u"ksh"_s,
                              u"fish"_s,
                              u"csh"_s,
                              u"tcsh"_s,
                              u"python"_s,
                              u"python3"_s,
                              u"python2"_s,
                              u"perl"_s,
                              u"ruby"_s,
                              u"node"_s,
                              u"php"_s,
                              u"iex"_s,
                              u"invoke-expression"_s,
                              u"pwsh"_s,
                              u"powershell"_s,
                              u"cmd"_s };
const QSet<QString> kDownloaders {
    u"curl"_s, u"wget"_s, u"iwr"_s, u"irm"_s, u"invoke-webrequest"_s, u"invoke-restmethod"_s, u"fetch"_s
};
const QSet<QString> kWindowsDeleters { u"del"_s, u"erase"_s, u"rd"_s, u"rmdir"_s, u"format"_s };

// A long option as the short flag the rules test for (--recursive is -r); others keep "--".
QString longFlag(const QString &name)
{
    static const QHash<QString, QString> kShort { { u"recursive"_s, u"r"_s },
                                                  { u"force"_s, u"f"_s },
                                                  { u"no-preserve-root"_s, u"P"_s },
                                                  { u"delete"_s, u"delete"_s } };
    return kShort.value(name, u"--"_s + name);
}

const QRegularExpression &blockDevice()
{
    static const QRegularExpression re(
        u"^/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\\d|mmcblk\\d|disk\\d|md\\d|dm-\\d|mapper/|root|sr\\d)"_s);
    return re;
}

QString fold(const QString &text)
{
    QString t = text.normalized(QString::NormalizationForm_KC);
    static const QRegularExpression continuation(u"\\\\\\r?\\n"_s);
    t.replace(continuation, QString());
    static const QRegularExpression spaces(
        u"[\\x{00a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{0009}\\x{000c}\\x{000b}]"_s);
    t.replace(spaces, u" "_s);
    static const QRegularExpression crlf(u"\\r\\n?"_s);
    t.replace(crlf, u"\n"_s);
    return t;
}

QString collapse(const QString &text)
{
    return text.toLower().simplified();
}

struct Token
{
    QString word;
    QString op; // empty for words
};

QList<Token> tokenize(const QString &text)
{
    QList<Token> tokens;
    std::optional<QString> word;
    const auto push = [&] {
        if (word)
            tokens.append({ *word, {} });
        word.reset();
    };
    static const QRegularExpression digits(u"^\\d+$"_s);
    static const QRegularExpression drive(u"^[A-Za-z]:"_s);
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        if (c == u' ') {
            push();
        } else if (c == u'\n' || c == u';') {
            push();
            tokens.append({ {}, u";"_s });
        } else if (c == u'&' || c == u'|') {
            push();
            if (i + 1 < n && text.at(i + 1) == c) {
                tokens.append({ {}, QString(2, c) });
                ++i;
            } else if (c == u'&' && i + 1 < n && text.at(i + 1) == u'>') {
                tokens.append({ {}, u">"_s });
                ++i;
            } else {
                tokens.append({ {}, QString(c) });
            }
        } else if (c == u'>' || c == u'<') {
            if (word && digits.match(*word).hasMatch())
                word.reset();
            push();
            while (i + 1 < n && (text.at(i + 1) == u'>' || text.at(i + 1) == u'|' || text.at(i + 1) == u'&'))
                ++i;
            tokens.append({ {}, QString(c) });
        } else if (c == u'\'') {
            qsizetype end = text.indexOf(u'\'', i + 1);
            if (end < 0)
                end = n;
            word = word.value_or(QString()) + text.mid(i + 1, end - i - 1);
            i = end;
        } else if (c == u'"') {
            qsizetype j = i + 1;
            QString out;
            for (; j < n && text.at(j) != u'"'; ++j) {
                if (text.at(j) == u'\\' && j + 1 < n && u"\"\\$`"_s.contains(text.at(j + 1)))
                    ++j;
                out += text.at(j);
            }
            word = word.value_or(QString()) + out;
            i = j;
        } else if (c == u'\\') {
            // A Windows path (C:\Windows, D:\) keeps its separators; elsewhere a backslash escapes.
            if (word && drive.match(*word).hasMatch())
                *word += u'/';
            else if (i + 1 < n)
                word = word.value_or(QString()) + text.at(++i);
        } else {
            word = word.value_or(QString()) + c;
        }
    }
    push();
    return tokens;
}

QString normalPath(const QString &path)
{
    static const QRegularExpression home(u"^\\$\\{HOME\\}|^\\$HOME\\b|^\\$\\{HOME:-[^}]*\\}"_s,
                                         QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression userProfile(u"^%userprofile%|^\\$env:userprofile"_s,
                                                QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression slashes(u"/+"_s);
    static const QRegularExpression driveRoot(u"^[a-z]:/?\\*?$"_s, QRegularExpression::CaseInsensitiveOption);
    QString t = path;
    t.replace(home, u"~"_s);
    t.replace(userProfile, u"~"_s);
    t.replace(u'\\', u'/');
    t.replace(slashes, u"/"_s);
    if (driveRoot.match(t).hasMatch())
        return t.at(0).toLower() + u":/"_s + (t.endsWith(u'*') ? u"*"_s : QString());
    if (t.size() > 1 && t.endsWith(u'/'))
        t.chop(1);
    return t.toLower();
}

QString basename(const QString &word)
{
    QString b = word;
    b.replace(u'\\', u'/');
    b = b.mid(b.lastIndexOf(u'/') + 1).toLower();
    if (b.endsWith(u".exe"_s))
        b.chop(4);
    return b;
}

struct Simple
{
    QStringList words; // the command's words after its wrappers, the name as read
    QString name;
    QStringList args;
    QStringList paths;
    QSet<QString> flags;
    QStringList redirects;
    QStringList pipedFromWords; // the words of the command piped into this one
    bool piped = false;
};

Simple simple(QStringList words, const QStringList &redirects, const QStringList *pipedFrom)
{
    static const QRegularExpression assignment(u"^[A-Za-z_][A-Za-z0-9_]*="_s);
    static const QRegularExpression wrapperValueFlag(u"^-[ugnCDhpr]$"_s);
    static const QRegularExpression shortFlags(u"^-[a-z]+$"_s, QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression dashWord(u"^-[a-z-]+$"_s, QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression longFlagRe(u"^--[a-z]"_s, QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression windowsSwitch(u"^/[a-z?]$"_s, QRegularExpression::CaseInsensitiveOption);
    while (!words.isEmpty()) {
        const QString &w = words.constFirst();
        if (assignment.match(w).hasMatch()) {
            words.removeFirst();
            continue;
        }
        if (kWrappers.contains(basename(w))) {
            words.removeFirst();
            while (!words.isEmpty() && words.constFirst().startsWith(u'-')) {
                const QString flag = words.takeFirst();
                if (wrapperValueFlag.match(flag).hasMatch() && !words.isEmpty())
                    words.removeFirst();
            }
            continue;
        }
        break;
    }
    Simple s;
    s.words = words;
    s.name = words.isEmpty() ? QString() : basename(words.constFirst());
    bool optionsDone = false;
    for (qsizetype i = 1; i < words.size(); ++i) {
        const QString &raw = words.at(i);
        if (!optionsDone && raw == u"--"_s) {
            optionsDone = true;
            continue;
        }
        if (!optionsDone && longFlagRe.match(raw).hasMatch()) {
            s.flags.insert(longFlag(raw.mid(2).toLower().section(u'=', 0, 0)));
            continue;
        }
        if (!optionsDone && shortFlags.match(raw).hasMatch() && s.name != u"find"_s && s.name != u"dd"_s) {
            for (const QChar ch : raw.mid(1))
                s.flags.insert(ch == u'r' || ch == u'R' ? u"r"_s : QString(ch));
            continue;
        }
        if (!optionsDone && dashWord.match(raw).hasMatch()) {
            const QString word = raw.mid(1).toLower();
            s.flags.insert(word == u"recurse"_s ? u"r"_s : word == u"force"_s ? u"f"_s : u"-"_s + word);
            continue;
        }
        if (windowsSwitch.match(raw).hasMatch() && kWindowsDeleters.contains(s.name)) {
            s.flags.insert(u"/"_s + raw.at(1).toLower());
            continue;
        }
        s.args.append(raw);
    }
    for (const QString &a : std::as_const(s.args))
        s.paths.append(normalPath(a));
    s.redirects = redirects;
    if (pipedFrom) {
        s.piped = true;
        s.pipedFromWords = *pipedFrom;
    }
    return s;
}

QList<Simple> commands(const QString &text)
{
    struct Raw
    {
        QStringList words;
        QStringList redirects;
        int pipedFrom = -1;
    };
    QList<Raw> list { Raw {} };
    QString pending;
    for (const Token &t : tokenize(text)) {
        if (!t.op.isEmpty()) {
            if (t.op == u">"_s || t.op == u"<"_s) {
                pending = t.op;
            } else {
                Raw next;
                if (t.op == u"|"_s)
                    next.pipedFrom = int(list.size()) - 1;
                list.append(next);
            }
            continue;
        }
        if (!pending.isEmpty()) {
            if (pending == u">"_s)
                list.last().redirects.append(normalPath(t.word));
            pending.clear();
            continue;
        }
        list.last().words.append(t.word);
    }
    QList<Simple> out;
    for (const Raw &raw : std::as_const(list)) {
        if (raw.words.isEmpty() && raw.redirects.isEmpty())
            continue;
        const QStringList *from = raw.pipedFrom >= 0 ? &list.at(raw.pipedFrom).words : nullptr;
        out.append(simple(raw.words, raw.redirects, from));
    }
    return out;
}

bool dangerousTarget(const QString &p)
{
    static const QRegularExpression driveRoot(u"^[a-z]:/\\*?$"_s);
    static const QRegularExpression topGlob(u"^/[^/]+/\\*$"_s);
    return systemDirs().contains(p) || p == u"~"_s || p == u"~/*"_s || p == u"*"_s || p == u"/*"_s
        || driveRoot.match(p).hasMatch()
        || (topGlob.match(p).hasMatch() && systemDirs().contains(p.chopped(2)));
}

bool anyOf(const QStringList &list, const std::function<bool(const QString &)> &test)
{
    return std::any_of(list.begin(), list.end(), test);
}

struct Rule
{
    const char *id;
    const char *what;
    std::function<bool(const Simple &)> test;
};

const QList<Rule> &rules()
{
    static const QList<Rule> list {
        { "recursive-delete", "deletes a root, home or system folder recursively",
          [](const Simple &c) {
              static const QSet<QString> deleters { u"rm"_s,  u"rmdir"_s,  u"rd"_s,
                                                    u"del"_s, u"erase"_s,  u"remove-item"_s,
                                                    u"ri"_s,  u"rimraf"_s, u"trash"_s };
              const bool recursive = c.flags.contains(u"r"_s) || c.flags.contains(u"/s"_s);
              return recursive && deleters.contains(c.name) && anyOf(c.paths, dangerousTarget);
          } },
        { "dd-device", "writes a raw device with dd",
          [](const Simple &c) {
              static const QRegularExpression target(u"^of=/dev/"_s,
                                                     QRegularExpression::CaseInsensitiveOption);
              static const QRegularExpression harmless(u"^of=/dev/(null|zero|stdout|stderr)$"_s,
                                                       QRegularExpression::CaseInsensitiveOption);
              return c.name == u"dd"_s && anyOf(c.args, [](const QString &a) {
                         return target.match(a).hasMatch() && !harmless.match(a).hasMatch();
                     });
          } },
        { "format-disk", "formats a disk",
          [](const Simple &c) {
              static const QRegularExpression makers(u"^mkfs(\\.|$)|^mke2fs$|^mkswap$|^wipefs$|^newfs"_s);
              static const QRegularExpression drive(u"^[a-z]:\\\\?$"_s,
                                                    QRegularExpression::CaseInsensitiveOption);
              return makers.match(c.name).hasMatch()
                  || (c.name == u"format"_s
                      && anyOf(c.args, [](const QString &a) { return drive.match(a).hasMatch(); }))
                  || c.name == u"diskpart"_s;
          } },
        { "block-device-write", "writes over a disk device",
          [](const Simple &c) {
              const auto device = [](const QString &p) { return blockDevice().match(p).hasMatch(); };
              return anyOf(c.redirects, device) || (c.name == u"shred"_s && anyOf(c.paths, device));
          } },
        { "recursive-permissions", "changes permissions or owners of / recursively",
          [](const Simple &c) {
              return (c.name == u"chmod"_s || c.name == u"chown"_s || c.name == u"chgrp"_s)
                  && c.flags.contains(u"r"_s)
                  && anyOf(c.paths, [](const QString &p) { return systemDirs().contains(p) || p == u"~"_s; });
          } },
        { "find-delete", "deletes everything find reaches from / or ~",
          [](const Simple &c) {
              static const QRegularExpression remover(u"^(rm|shred)$"_s,
                                                      QRegularExpression::CaseInsensitiveOption);
              return c.name == u"find"_s
                  && anyOf(c.paths,
                           [](const QString &p) {
                               return p == u"/"_s || p == u"~"_s || systemDirs().contains(p);
                           })
                  && (c.flags.contains(u"-delete"_s)
                      || anyOf(c.args, [](const QString &a) { return remover.match(a).hasMatch(); }));
          } },
        { "download-to-shell", "runs a downloaded script",
          [](const Simple &c) {
              return kShells.contains(c.name) && c.piped
                  && kDownloaders.contains(basename(c.pipedFromWords.value(0)));
          } },
    };
    return list;
}

QString unverifiable(const QString &text, const QList<Simple> &cmds)
{
    static const QRegularExpression download(u"^(https?:|/dev/fd|/proc/)"_s,
                                             QRegularExpression::CaseInsensitiveOption);
    if (text.contains(u"$("_s) || text.contains(u'`'))
        return u"it runs the output of another command ($(…) or backticks)"_s;
    if (text.contains(u"<("_s))
        return u"it runs the output of another command (<(…))"_s;
    for (const Simple &c : cmds) {
        if (c.name == u"eval"_s || c.name == u"alias"_s)
            return u"it uses %1, which hides what runs"_s.arg(c.name);
        if ((c.name == u"source"_s || c.name == u"."_s)
            && anyOf(c.args, [](const QString &a) { return download.match(a).hasMatch(); }))
            return u"it sources a script it cannot read"_s;
        if (kShells.contains(c.name) && c.piped)
            return u"it pipes text into %1, which runs it"_s.arg(c.name);
        if (kShells.contains(c.name) && c.flags.contains(u"c"_s) && !c.args.isEmpty())
            return u"it hands a script to %1 -c"_s.arg(c.name);
        if (c.name == u"xargs"_s
            && anyOf(c.args, [](const QString &a) { return a == u"rm"_s || kShells.contains(a); }))
            return u"xargs builds the command from its input"_s;
    }
    return {};
}

QString normalisedText(const QList<Simple> &cmds)
{
    QStringList parts;
    for (const Simple &c : cmds) {
        QStringList flags(c.flags.begin(), c.flags.end());
        // JavaScript's default sort: by UTF-16 code units.
        std::sort(flags.begin(), flags.end(),
                  [](const QString &a, const QString &b) { return QString::compare(a, b) < 0; });
        QStringList words { c.name };
        for (const QString &f : std::as_const(flags))
            words.append(f.size() == 1 ? u"-"_s + f : f);
        words += c.paths;
        for (const QString &r : c.redirects)
            words.append(u"> "_s + r);
        parts.append(words.join(u' '));
    }
    return parts.join(u" ; "_s);
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

} // namespace

constexpr EnumName<BanVerdict::Kind> kVerdictNames[] {
    { BanVerdict::Kind::Banned, u"banned" },
    { BanVerdict::Kind::Unverifiable, u"unverifiable" },
    { BanVerdict::Kind::Allowed, u"allowed" },
    { BanVerdict::Kind::NotAllowlisted, u"not-allowlisted" },
};

QString BanVerdict::name() const
{
    return enumName(kVerdictNames, kind);
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
        return refuse(error, u"'%1' is not a valid regular expression: %2"_s.arg(entry, re.errorString()));
    return true;
}

bool BanList::checkAllowEntry(const QString &entry, QString *error)
{
    const QStringList words = entry.simplified().split(u' ', Qt::SkipEmptyParts);
    if (words.isEmpty())
        return refuse(error, u"an entry is empty"_s);
    static const QRegularExpression shell(u"[;&|<>$`'\"\\(){}]"_s);
    if (const auto m = shell.match(entry); m.hasMatch())
        return refuse(error,
                      u"'%1' has '%2': an entry is the words of one command, without shell "
                      "syntax"_s.arg(entry.trimmed(), m.captured()));
    for (qsizetype i = 0; i < words.size(); ++i) {
        if (words.at(i).contains(u'*') && (words.at(i) != u"*"_s || i + 1 < words.size() || i == 0))
            return refuse(error,
                          u"'%1': * stands alone as the last word, for any further words "
                          "(e.g. npm run *)"_s.arg(entry.trimmed()));
    }
    return true;
}

BanList::BanList(const QStringList &userEntries, CommandPolicy policy)
    : m_policy(std::move(policy))
{
    for (const QString &raw : userEntries) {
        const QString source = raw.trimmed();
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
}

QList<BanList::RuleInfo> BanList::builtInRules()
{
    QList<RuleInfo> list { { u"fork-bomb"_s, u"is a fork bomb"_s } };
    for (const Rule &rule : rules())
        list.append({ QString::fromLatin1(rule.id), QString::fromLatin1(rule.what) });
    return list;
}

QString BanList::normalise(const QString &command)
{
    return normalisedText(commands(fold(command)));
}

BanVerdict BanList::check(const QString &commandText) const
{
    const QString text = fold(commandText);
    const QList<Simple> cmds = commands(text);
    BanVerdict verdict;
    verdict.command = commandText.trimmed();
    verdict.parsed = normalisedText(cmds);
    static const QRegularExpression forkBomb(u"([a-z_:][a-z0-9_:]*)\\(\\)\\{\\1\\|\\1&\\};?\\1"_s,
                                             QRegularExpression::CaseInsensitiveOption);
    QString compact = text;
    compact.remove(QRegularExpression(u"\\s+"_s));
    if (forkBomb.match(compact).hasMatch()) {
        verdict.kind = BanVerdict::Kind::Banned;
        verdict.rule = u"fork-bomb"_s;
        verdict.reason = u"a fork bomb"_s;
        return verdict;
    }
    for (const Simple &c : cmds) {
        for (const Rule &rule : rules()) {
            if (rule.test(c)) {
                verdict.kind = BanVerdict::Kind::Banned;
                verdict.rule = QString::fromLatin1(rule.id);
                verdict.reason = u"it "_s + QString::fromLatin1(rule.what);
                return verdict;
            }
        }
    }
    const QString normal = normalisedText(cmds);
    for (const Entry &entry : m_entries) {
        const bool hit = entry.isRegex
            ? entry.regex.match(commandText.trimmed()).hasMatch()
                || entry.regex.match(text.trimmed()).hasMatch()
            : collapse(text).contains(entry.needle) || normal.contains(entry.needle);
        if (hit) {
            verdict.kind = BanVerdict::Kind::Banned;
            verdict.rule = entry.source;
            verdict.reason = u"it matches your entry %1"_s.arg(entry.source);
            return verdict;
        }
    }
    if (const QString why = unverifiable(text, cmds); !why.isEmpty()) {
        verdict.kind = BanVerdict::Kind::Unverifiable;
        verdict.rule = u"unverifiable"_s;
        verdict.reason = why;
        return verdict;
    }
    if (m_policy.mode == CommandPolicy::Mode::Allowlist) {
        const auto listed = [this](const Simple &c) {
            if (c.words.isEmpty())
                return false;
            QStringList words = c.words;
            words[0] = c.name;
            return std::any_of(m_policy.allowed.begin(), m_policy.allowed.end(), [&](const QString &entry) {
                QStringList want = entry.simplified().split(u' ', Qt::SkipEmptyParts);
                if (want.isEmpty())
                    return false;
                want[0] = want.constFirst().toLower();
                if (want.constLast() == u"*"_s) {
                    want.removeLast();
                    return words.size() >= want.size() && words.mid(0, want.size()) == want;
                }
                return words == want;
            });
        };
        const auto unlisted = std::find_if_not(cmds.begin(), cmds.end(), listed);
        if (cmds.isEmpty() || unlisted != cmds.end()) {
            verdict.kind = BanVerdict::Kind::NotAllowlisted;
            verdict.rule = u"not-allowlisted"_s;
            verdict.reason = cmds.isEmpty()
                ? u"it runs nothing the allow list names"_s
                : u"`%1` is not on your allow list"_s.arg(unlisted->words.join(u' '));
        }
    }
    return verdict;
}

} // namespace mpa
