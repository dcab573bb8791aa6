#include "BanRules.h"

#include <QHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

// Each step below has its twin in payload/ban-check.js sections "names", "4. paths" and "6. the
// rules"; change both together (the corpus holds them equal).

namespace mpa::shell {

// ---- names (twin of ban-check.js "names") ----

const QSet<QString> kSystemDirs {
    u"/"_s,      u"/bin"_s,     u"/boot"_s,     u"/dev"_s,     u"/etc"_s,
    u"/home"_s,  u"/lib"_s,     u"/lib32"_s,    u"/lib64"_s,   u"/opt"_s,
    u"/proc"_s,  u"/root"_s,    u"/sbin"_s,     u"/srv"_s,     u"/sys"_s,
    u"/usr"_s,   u"/var"_s,     u"/system"_s,   u"/library"_s, u"/applications"_s,
    u"/users"_s, u"/private"_s, u"/system32"_s, u"/windows"_s, u"/program files"_s
};
const QSet<QString> kShells { u"sh"_s,   u"bash"_s, u"zsh"_s, u"dash"_s, u"ksh"_s,   u"mksh"_s, u"ash"_s,
                              u"yash"_s, u"fish"_s, u"csh"_s, u"tcsh"_s, u"rbash"_s, u"cmd"_s };
const QSet<QString> kInterpreters { u"python"_s,  u"perl"_s,      u"ruby"_s,  u"node"_s,
                                    u"deno"_s,    u"bun"_s,       u"php"_s,   u"lua"_s,
                                    u"rscript"_s, u"osascript"_s, u"tclsh"_s, u"powershell"_s,
                                    u"groovy"_s,  u"jshell"_s,    u"awk"_s,   u"sed"_s };
const QSet<QString> kDownloaders { u"curl"_s,
                                   u"wget"_s,
                                   u"fetch"_s,
                                   u"iwr"_s,
                                   u"irm"_s,
                                   u"invoke-webrequest"_s,
                                   u"invoke-restmethod"_s,
                                   u"http"_s,
                                   u"https"_s,
                                   u"xh"_s,
                                   u"aria2c"_s,
                                   u"nc"_s,
                                   u"ncat"_s,
                                   u"netcat"_s,
                                   u"lynx"_s,
                                   u"w3m"_s };
const QSet<QString> kFilters { u"head"_s,     u"tail"_s,  u"sed"_s,     u"tr"_s,     u"sort"_s,
                               u"uniq"_s,     u"cut"_s,   u"grep"_s,    u"gunzip"_s, u"zcat"_s,
                               u"gzip"_s,     u"bzip2"_s, u"bunzip2"_s, u"bzcat"_s,  u"xz"_s,
                               u"unxz"_s,     u"xzcat"_s, u"zstd"_s,    u"unzstd"_s, u"zstdcat"_s,
                               u"dos2unix"_s, u"iconv"_s, u"pv"_s,      u"rev"_s,    u"tac"_s };
const QSet<QString> kExtractors { u"tar"_s,  u"unzip"_s, u"7z"_s,     u"7za"_s,     u"bsdtar"_s,
                                  u"cpio"_s, u"unrar"_s, u"gunzip"_s, u"bunzip2"_s, u"unxz"_s };
const QSet<QString> kDeleters { u"rm"_s,    u"rmdir"_s,       u"rd"_s, u"del"_s,
                                u"erase"_s, u"remove-item"_s, u"ri"_s, u"rimraf"_s,
                                u"trash"_s, u"trash-put"_s,   u"srm"_s };
const QSet<QString> kRemovers { u"rm"_s,  u"rmdir"_s, u"unlink"_s,    u"shred"_s,
                                u"srm"_s, u"trash"_s, u"trash-put"_s, u"rimraf"_s };
const QSet<QString> kPermissions { u"chmod"_s, u"chown"_s, u"chgrp"_s, u"setfacl"_s, u"chattr"_s };
// Commands whose operands decide what they destroy: an operand it cannot resolve makes the
// command unverifiable.
const QSet<QString> kDestructive {
    u"rm"_s,          u"rmdir"_s,      u"unlink"_s, u"del"_s,      u"erase"_s,     u"rd"_s,
    u"remove-item"_s, u"ri"_s,         u"rimraf"_s, u"trash"_s,    u"trash-put"_s, u"srm"_s,
    u"shred"_s,       u"dd"_s,         u"dcfldd"_s, u"chmod"_s,    u"chown"_s,     u"chgrp"_s,
    u"setfacl"_s,     u"chattr"_s,     u"rsync"_s,  u"mv"_s,       u"cp"_s,        u"tee"_s,
    u"wipefs"_s,      u"blkdiscard"_s, u"sgdisk"_s, u"sfdisk"_s,   u"parted"_s,    u"fdisk"_s,
    u"format"_s,      u"mkswap"_s,     u"mke2fs"_s, u"ddrescue"_s, u"diskutil"_s,  u"hdparm"_s
};
const QSet<QString> kPrivileged { u"sudo"_s, u"doas"_s, u"su"_s, u"runuser"_s, u"pkexec"_s, u"chroot"_s };
const QSet<QString> kWindowsDeleters { u"del"_s, u"erase"_s, u"rd"_s, u"rmdir"_s, u"format"_s };
const QSet<QString> kHarmlessOutputs { u"/dev/null"_s, u"/dev/stdout"_s, u"/dev/stderr"_s };

namespace {

const QHash<QString, QString> kFamilyAliases {
    { u"nodejs"_s, u"node"_s },
    { u"pypy"_s, u"python"_s },
    { u"pwsh"_s, u"powershell"_s },
    { u"iex"_s, u"powershell"_s },
    { u"invoke-expression"_s, u"powershell"_s },
    { u"luajit"_s, u"lua"_s },
    { u"irb"_s, u"ruby"_s },
    { u"wish"_s, u"tclsh"_s },
    { u"gawk"_s, u"awk"_s },
    { u"mawk"_s, u"awk"_s },
    { u"nawk"_s, u"awk"_s },
    { u"gsed"_s, u"sed"_s },
};

QStringList dangerNames()
{
    QStringList names(kSystemDirs.cbegin(), kSystemDirs.cend());
    names.append(u"~"_s);
    return names;
}

bool dangerousDir(const QString &p)
{
    return kSystemDirs.contains(p) || p == u"~"_s;
}

bool isAsciiLetter(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

// ---- globs (twin of ban-check.js globRegex, hasGlob, unescapeGlob, pureWildcard) ----

// A glob as tokens: a literal character, any one character but /, or * (any run without /).
struct GlobToken
{
    enum class Kind { Lit, One, Star };
    Kind k;
    QChar c;
};

QList<GlobToken> compileGlob(const QString &pt)
{
    QList<GlobToken> tokens;
    for (qsizetype i = 0; i < pt.size(); ++i) {
        const QChar c = pt[i];
        if (c == u'\\' && i + 1 < pt.size()) {
            tokens.append({ GlobToken::Kind::Lit, pt[++i] });
        } else if (c == u'*') {
            if (tokens.isEmpty() || tokens.last().k != GlobToken::Kind::Star)
                tokens.append({ GlobToken::Kind::Star, {} });
        } else if (c == u'?') {
            tokens.append({ GlobToken::Kind::One, {} });
        } else if (c == u'[') {
            qsizetype k = i + 1;
            if (k < pt.size() && (pt[k] == u'!' || pt[k] == u'^'))
                ++k;
            if (k < pt.size() && pt[k] == u']')
                ++k;
            const qsizetype end = k <= pt.size() ? pt.indexOf(u']', k) : -1;
            if (end < 0) {
                tokens.append({ GlobToken::Kind::Lit, u'[' });
            } else {
                tokens.append({ GlobToken::Kind::One, {} }); // a [class] stands for any one character
                i = end;
            }
        } else {
            tokens.append({ GlobToken::Kind::Lit, c });
        }
    }
    return tokens;
}

// Whether the glob matches all of `text` (which is short: a system folder's name).
bool globMatches(const QList<GlobToken> &tokens, const QString &text)
{
    const qsizetype n = text.size();
    QList<bool> dp(n + 1, false), next(n + 1, false);
    dp[0] = true;
    for (const GlobToken &t : tokens) {
        bool any = false;
        for (qsizetype j = 0; j <= n; ++j) {
            bool v = false;
            switch (t.k) {
            case GlobToken::Kind::Star:
                v = dp[j] || (j > 0 && next[j - 1] && text[j - 1] != u'/');
                break;
            case GlobToken::Kind::One:
                v = j > 0 && dp[j - 1] && text[j - 1] != u'/';
                break;
            case GlobToken::Kind::Lit:
                v = j > 0 && dp[j - 1] && text[j - 1] == t.c;
                break;
            }
            next[j] = v;
            any = any || v;
        }
        std::swap(dp, next);
        if (!any)
            return false;
    }
    return dp[n];
}

bool matchesDangerName(const QString &pt)
{
    static const QStringList names = dangerNames();
    const QList<GlobToken> tokens = compileGlob(pt);
    for (const QString &d : names) {
        if (globMatches(tokens, d))
            return true;
    }
    return false;
}

bool hasGlob(const QString &p)
{
    for (qsizetype i = 0; i < p.size(); ++i) {
        if (p[i] == u'\\')
            ++i;
        else if (p[i] == u'*' || p[i] == u'?' || p[i] == u'[')
            return true;
    }
    return false;
}

// p.replace(/\\(.)/g, '$1')
QString unescapeGlob(const QString &p)
{
    QString out;
    out.reserve(p.size());
    for (qsizetype i = 0; i < p.size(); ++i) {
        if (p[i] == u'\\' && i + 1 < p.size() && p[i + 1] != u'\n' && p[i + 1] != u'\r'
            && p[i + 1] != QChar(0x2028) && p[i + 1] != QChar(0x2029))
            ++i;
        out += p[i];
    }
    return out;
}

// A path component made of wildcards only (*, ?, [a-z]*): it matches everything there.
bool pureWildcard(const QString &comp)
{
    qsizetype length = 0;
    for (qsizetype i = 0; i < comp.size(); ++i) {
        QChar c = comp[i];
        if (c == u'[') {
            const qsizetype end = comp.indexOf(u']', i + 1);
            if (end >= 0) {
                i = end;
                c = u'?';
            }
        }
        if (c != u'*' && c != u'?')
            return false;
        ++length;
    }
    return length > 0;
}

// A folder directly in a system folder (/var/lib, /usr/local, /home/alice) or everything in one
// (/var/lib/*): as much is lost as with the system folder itself. `glob`: p is a normalised glob.
bool inSystemDir(QString p, bool glob)
{
    const qsizetype cut = p.lastIndexOf(u'/');
    if (cut > 0 && (glob ? pureWildcard(p.mid(cut + 1)) : p.mid(cut + 1) == u"*"_s))
        p.truncate(cut);
    // /^(\/[^/]+)\/[^/]+$/
    const qsizetype mid = p.indexOf(u'/', 1);
    if (!p.startsWith(u'/') || mid <= 1 || mid == p.size() - 1 || p.indexOf(u'/', mid + 1) >= 0)
        return false;
    const QString top = p.left(mid);
    if (!glob || !hasGlob(top))
        return kSystemDirs.contains(glob ? unescapeGlob(top) : top);
    return matchesDangerName(top);
}

// Whether a normalised path (and its glob) is or covers /, ~, a drive root or a system folder —
// or, with `cwdStar`, everything in the current folder (*).
bool coversAt(const QString &n, const std::optional<QString> &pt, bool cwdStar)
{
    if (dangerousDir(n))
        return true;
    // /^[a-z]:\/\*?$/
    if (n.size() >= 3 && n.size() <= 4 && n[0] >= u'a' && n[0] <= u'z' && n[1] == u':' && n[2] == u'/'
        && (n.size() == 3 || n[3] == u'*'))
        return true;
    if (n == u"~/*"_s || n == u"/*"_s || (cwdStar && n == u"*"_s))
        return true;
    // /^\/[^/]+\/\*$/
    if (n.size() > 3 && n.startsWith(u'/') && n.endsWith(u"/*"_s) && n.indexOf(u'/', 1) == n.size() - 2
        && kSystemDirs.contains(n.chopped(2)))
        return true;
    if (inSystemDir(n, false))
        return true;
    if (!pt)
        return false;
    if (inSystemDir(*pt, true))
        return true;
    if (matchesDangerName(*pt))
        return true;
    const qsizetype cut = pt->lastIndexOf(u'/');
    if (!pureWildcard(pt->mid(cut + 1)))
        return false;
    if (cut < 0)
        return cwdStar;
    const QString parent = cut == 0 ? u"/"_s : pt->left(cut);
    if (!hasGlob(parent))
        return dangerousDir(unescapeGlob(parent));
    return matchesDangerName(parent);
}

} // namespace

// ---- paths (twin of ban-check.js normalise … family) ----

// `.` and `..` resolved, `/` repeated or trailing dropped, lower case; `pattern` keeps a glob's
// backslash escapes.
QString normalise(const QString &p, bool pattern)
{
    bool special = false;
    for (const QChar c : p) {
        if (c == u'/' || c == u'\\' || c == u'.' || c == u'~' || c == u':' || c == u'%' || c == u'$') {
            special = true;
            break;
        }
    }
    if (!special)
        return p.isEmpty() ? u"."_s : p.toLower();
    QString t = p;
    if (t.startsWith(u"%userprofile%"_s, Qt::CaseInsensitive))
        t = u"~"_s + t.mid(13);
    if (t.startsWith(u"$env:userprofile"_s, Qt::CaseInsensitive))
        t = u"~"_s + t.mid(16);
    if (!pattern)
        t.replace(u'\\', u'/');
    QString drive;
    if (t.size() >= 2 && isAsciiLetter(t[0]) && t[1] == u':' && (t.size() == 2 || t[2] == u'/')) {
        drive = t.left(1).toLower() + u':';
        t = t.mid(2);
        if (t.isEmpty())
            t = u"/"_s;
    }
    QString root = t.startsWith(u'/') ? u"/"_s : t == u"~"_s || t.startsWith(u"~/"_s) ? u"~"_s : QString();
    const QStringList parts = t.split(u'/');
    QStringList stack;
    for (qsizetype k = root.isEmpty() ? 0 : 1; k < parts.size(); ++k) {
        const QString &x = parts[k];
        if (x.isEmpty() || x == u"."_s)
            continue;
        if (x != u".."_s) {
            stack.append(x);
        } else if (!stack.isEmpty() && stack.last() != u".."_s) {
            stack.removeLast();
        } else if (root == u"~"_s) {
            root = u"/"_s; // ~/.. is the folder that holds the homes
            stack.append(u"home"_s);
        } else if (root != u"/"_s) {
            stack.append(u".."_s);
        }
    }
    QString out;
    if (root == u"/"_s)
        out = u"/"_s + stack.join(u'/');
    else if (root == u"~"_s)
        out = stack.isEmpty() ? u"~"_s : u"~/"_s + stack.join(u'/');
    else
        out = stack.isEmpty() ? u"."_s : stack.join(u'/');
    return (drive + out).toLower();
}

bool isRooted(const QString &n)
{
    return n.startsWith(u'/') || n.startsWith(u'~')
        || (n.size() >= 2 && n[0] >= u'a' && n[0] <= u'z' && n[1] == u':');
}

QString basename(const QString &p)
{
    return p.mid(p.lastIndexOf(u'/') + 1);
}

QString commandName(const QString &word)
{
    QString b = word;
    b.replace(u'\\', u'/');
    b = b.mid(b.lastIndexOf(u'/') + 1).toLower();
    if (b.endsWith(u".exe"_s))
        b.chop(4);
    if (b.size() > 1 && b[0] == u'=')
        b = b.mid(1); // zsh: =rm is the rm on PATH
    return b;
}

// python3.11 → python, nodejs → node, pwsh → powershell: the name a policy allows.
QString family(const QString &name)
{
    // name.replace(/[0-9][0-9.]*$/, '')
    const auto digit = [](QChar c) { return c >= u'0' && c <= u'9'; };
    qsizetype tail = name.size();
    while (tail > 0 && (digit(name[tail - 1]) || name[tail - 1] == u'.'))
        --tail;
    while (tail < name.size() && !digit(name[tail]))
        ++tail;
    const QString bare = name.left(tail);
    QString f = kFamilyAliases.value(bare, bare);
    if (kShells.contains(f) || kInterpreters.contains(f))
        return f;
    return kFamilyAliases.value(name, name);
}

// The field as the folders it may stand for (relative to each folder a cd may have left).
bool covers(const Field &f, const Command &c, bool cwdStar)
{
    if (f.found)
        return false;
    const QString n = normalPath(f.s);
    const std::optional<QString> pt = f.pat ? std::optional<QString>(normalise(*f.pat, true)) : std::nullopt;
    if (coversAt(n, pt, cwdStar))
        return true;
    if (c.links) {
        for (const auto &[name, target] : *c.links) {
            if (n != name && !n.startsWith(name + u'/'))
                continue;
            const QString pre = escapeGlob(name);
            const std::optional<QString> pd = pt && pt->startsWith(pre)
                ? std::optional<QString>(normalise(escapeGlob(target) + pt->mid(pre.size()), true))
                : std::nullopt;
            if (coversAt(normalPath(target + n.mid(name.size())), pd, cwdStar))
                return true;
        }
    }
    if (isRooted(n))
        return false;
    for (const std::optional<QString> &d : c.cwd) {
        if (!d)
            continue;
        const std::optional<QString> pd
            = f.pat ? std::optional<QString>(normalise(escapeGlob(*d) + u'/' + *f.pat, true)) : std::nullopt;
        if (coversAt(normalPath(*d + u'/' + f.s), pd, cwdStar))
            return true;
    }
    return false;
}

bool isDevice(const Field &f)
{
    static const QRegularExpression blockDevice(
        u"^/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\\d|mmcblk\\d|r?disk\\d|md\\d|dm-\\d|mapper/|root|sr\\d|loop\\d|nbd\\d|zd\\d|disk/|mem\\z|kmem\\z|port\\z)"_s);
    if (blockDevice.match(normalPath(f.s)).hasMatch())
        return true;
    if (!f.pat)
        return false;
    const QString pt = normalise(*f.pat, true);
    qsizetype i = 0;
    for (; i < pt.size(); ++i) {
        if (pt[i] == u'\\')
            ++i;
        else if (pt[i] == u'*' || pt[i] == u'?' || pt[i] == u'[')
            break;
    }
    return unescapeGlob(pt.left(i)).startsWith(u"/dev/"_s);
}

// ---- the rules (twin of ban-check.js RULES) ----

namespace {

bool anyArg(const Command &c, const std::function<bool(const Field &)> &test)
{
    return std::any_of(c.args.cbegin(), c.args.cend(), test);
}

bool anyFlag(const Command &c, std::initializer_list<const char16_t *> names)
{
    for (const char16_t *n : names) {
        if (c.flags.contains(QString::fromUtf16(n)))
            return true;
    }
    return false;
}

bool matches(const char16_t *pattern, const QString &text, bool caseless = false)
{
    // A pattern of the rules table, compiled once each.
    static QHash<const char16_t *, QRegularExpression> cache;
    auto it = cache.find(pattern);
    if (it == cache.end()) {
        it = cache.insert(pattern,
                          QRegularExpression(QString::fromUtf16(pattern),
                                             caseless ? QRegularExpression::CaseInsensitiveOption
                                                      : QRegularExpression::NoPatternOption));
    }
    return it->match(text).hasMatch();
}

bool recursiveDelete(const Command &c)
{
    return (c.flags.contains(u"r"_s) || c.flags.contains(u"/s"_s) || c.name == u"rimraf"_s)
        && kDeleters.contains(c.name) && anyArg(c, [&](const Field &f) { return covers(f, c, true); });
}

bool ddDevice(const Command &c)
{
    if (c.name != u"dd"_s && c.name != u"dcfldd"_s)
        return false;
    return anyArg(c, [](const Field &f) {
        if (!f.s.startsWith(u"of="_s, Qt::CaseInsensitive))
            return false;
        Field target = f;
        target.s = f.s.mid(3);
        if (f.pat)
            target.pat = f.pat->mid(3);
        const QString p = normalPath(target.s);
        return (p.startsWith(u"/dev/"_s) && !matches(u"^/dev/(?:null|zero|stdout|stderr)\\z", p))
            || isDevice(target);
    });
}

bool formatDisk(const Command &c)
{
    return matches(u"^mkfs(?:\\.|\\z)|^mke2fs\\z|^mkswap\\z|^wipefs\\z|^newfs|^mkdosfs\\z|^mkntfs\\z|^"
                   u"mkexfatfs\\z",
                   c.name)
        || (c.name == u"format"_s
            && anyArg(c, [](const Field &f) { return matches(u"^[a-z]:\\\\?\\z", f.s, true); }))
        || c.name == u"diskpart"_s
        || (c.name == u"diskutil"_s
            && anyArg(c,
                      [](const Field &f) {
                          return matches(u"^(?:erase|zerodisk|randomdisk|secureerase|partitiondisk|reformat)",
                                         f.s, true);
                      }))
        || (c.name == u"nvme"_s && !c.args.isEmpty() && c.args[0].s == u"format"_s)
        || (c.name == u"cryptsetup"_s && anyArg(c, [](const Field &f) {
                return matches(u"^(?:luksformat|erase|luksErase)\\z", f.s, true);
            }));
}

bool blockDeviceWrite(const Command &c)
{
    static const QSet<QString> copiers { u"cp"_s, u"ddrescue"_s, u"install"_s, u"mv"_s, u"rsync"_s, u"pv"_s };
    return std::any_of(c.outputs.cbegin(), c.outputs.cend(), isDevice)
        || ((c.name == u"shred"_s || c.name == u"tee"_s) && anyArg(c, isDevice))
        || (copiers.contains(c.name) && c.args.size() >= 2 && isDevice(c.args.last()));
}

bool partitionWipe(const Command &c)
{
    const bool device = anyArg(c, isDevice);
    if (c.name == u"blkdiscard"_s)
        return true;
    if (c.name == u"sgdisk"_s)
        return anyFlag(c, { u"Z", u"z", u"o", u"--zap-all", u"--zap", u"--clear" });
    if (c.name == u"sfdisk"_s) {
        return device
            && !anyFlag(c,
                        { u"l", u"d", u"s", u"g", u"V", u"J", u"F", u"--list", u"--dump", u"--show-size",
                          u"--show-geometry", u"--verify", u"--json", u"--list-free", u"--help",
                          u"--version" });
    }
    if (c.name == u"parted"_s) {
        return device && anyArg(c, [](const Field &f) {
                   return matches(u"^(?:mklabel|mktable|rm|mkpart|mkpartfs|resizepart|resize)\\z", f.s, true);
               });
    }
    if (c.name == u"fdisk"_s || c.name == u"gdisk"_s || c.name == u"cfdisk"_s)
        return device && !c.flags.contains(u"l"_s) && c.stdin.k != Input::Kind::None;
    if (c.name == u"hdparm"_s) {
        for (const QString &x : c.flags) {
            if (matches(u"^--(?:security-erase|trim-sector-ranges|write-sector)", x))
                return true;
        }
    }
    return false;
}

bool foundCovers(const Command &c)
{
    return c.foundBy && std::any_of(c.foundBy->cbegin(), c.foundBy->cend(), [&](const Field &r) {
               return covers(r, c, false);
           });
}

bool recursivePermissions(const Command &c)
{
    return kPermissions.contains(c.name)
        && ((c.flags.contains(u"r"_s) && anyArg(c, [&](const Field &f) { return covers(f, c, false); }))
            || foundCovers(c));
}

bool findDelete(const Command &c)
{
    return (c.name == u"find"_s && c.findDeletes && c.findRoots
            && std::any_of(c.findRoots->cbegin(), c.findRoots->cend(),
                           [&](const Field &r) { return covers(r, c, false); }))
        || (kRemovers.contains(c.name) && foundCovers(c));
}

bool rsyncDelete(const Command &c)
{
    if (c.name != u"rsync"_s || c.args.isEmpty())
        return false;
    const bool deletes = std::any_of(c.flags.cbegin(), c.flags.cend(), [](const QString &x) {
        return x == u"delete"_s || x.startsWith(u"--del"_s);
    });
    return deletes && !matches(u"^[^/]*:", c.args.last().s) && covers(c.args.last(), c, false);
}

bool moveSystemDir(const Command &c)
{
    if (c.name != u"mv"_s)
        return false;
    const QList<Field> moved = c.flags.contains(u"t"_s) || c.flags.contains(u"--target-directory"_s)
        ? c.args
        : c.args.mid(0, std::max<qsizetype>(0, c.args.size() - 1));
    return std::any_of(moved.cbegin(), moved.cend(), [&](const Field &f) { return covers(f, c, false); });
}

} // namespace

const QList<Rule> &rules()
{
    static const QList<Rule> table {
        { "fork-bomb", "is a fork bomb", nullptr },
        { "recursive-delete", "deletes a root, home or system folder recursively", recursiveDelete },
        { "dd-device", "writes a raw device with dd", ddDevice },
        { "format-disk", "formats a disk", formatDisk },
        { "block-device-write", "writes over a disk device", blockDeviceWrite },
        { "partition-wipe", "rewrites a disk's partition table or discards its blocks", partitionWipe },
        { "recursive-permissions",
          "changes permissions, ACLs or owners of /, ~ or a system folder recursively",
          recursivePermissions },
        { "find-delete", "deletes everything find reaches from /, ~ or a system folder", findDelete },
        { "rsync-delete", "mirrors into /, ~ or a system folder with rsync --delete", rsyncDelete },
        { "move-system-dir", "moves /, ~ or a system folder away", moveSystemDir },
        { "download-to-shell", "runs a downloaded script",
          [](const Command &c) { return c.script == u"download"_s; } },
        { "decode-to-shell", "runs a script decoded from hidden text",
          [](const Command &c) { return c.script == u"decode"_s; } },
        { "download-then-run", "runs a file it has just downloaded or decoded",
          [](const Command &c) { return c.script == u"tainted"_s; } },
    };
    return table;
}

const Rule &ruleById(const char *id)
{
    for (const Rule &r : rules()) {
        if (qstrcmp(r.id, id) == 0)
            return r;
    }
    return rules().first();
}

} // namespace mpa::shell
