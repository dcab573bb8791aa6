#include "CommandWalk.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

// The shell's builtins and the programs whose effects the walk follows (cd, variables, find,
// git's command settings, at and crontab, downloads and decoded files, the output of echo).
// Each step has its twin in payload/ban-check.js section "5. the walk"; change both together.

namespace mpa::shell {

namespace {

using IK = Input::Kind;

bool isName(const QString &s)
{
    static const QRegularExpression form(u"^[A-Za-z_][A-Za-z0-9_]*\\z"_s);
    return form.match(s).hasMatch();
}

// twin of ban-check.js isDecoder
bool isDecoder(const Command &c)
{
    const auto flag = [&](const char16_t *f) { return c.flags.contains(QString::fromUtf16(f)); };
    if (c.name == u"base64"_s || c.name == u"base32"_s || c.name == u"basenc"_s || c.name == u"gbase64"_s)
        return flag(u"d") || flag(u"D") || flag(u"--decode");
    if (c.name == u"xxd"_s)
        return flag(u"r") || flag(u"-revert");
    if (c.name == u"uudecode"_s)
        return true;
    if (c.name == u"openssl"_s || c.name == u"gpg"_s || c.name == u"gpg2"_s)
        return flag(u"d") || flag(u"--decrypt");
    return false;
}

} // namespace

void Analysis::builtin(Command &c, const Ctx &ctx)
{
    const QList<Field> f = c.fields;
    const auto at = [&](qsizetype k) { return k < f.size() ? &f[k] : nullptr; };
    Env &env = *ctx.env;
    const QString &name = c.name;
    if (name == u"source"_s || name == u"."_s) {
        runFile(c.args.isEmpty() ? nullptr : &c.args[0], c, ctx, Kind::Shell, u"sh"_s);
    } else if (name == u"eval"_s) {
        scriptOfFields(f.mid(1), c, ctx);
    } else if (name == u"trap"_s) {
        const Field *action = f.size() > 1 && f[1].s == u"--"_s ? at(2) : at(1);
        if (!action
            || (action->unres.isEmpty()
                && (action->s == u"-"_s || action->s.isEmpty() || action->s == u"-l"_s
                    || action->s == u"-p"_s)))
            return;
        if (f.size() > 2)
            scriptOfFields({ *action }, c, ctx);
    } else if (name == u"alias"_s) {
        unverify(u"it uses alias, which hides what runs"_s);
    } else if (name == u"find"_s) {
        find(c, ctx);
    } else if (name == u"git"_s) {
        git(c, ctx);
    } else if (name == u"at"_s || name == u"batch"_s) {
        const Scan r = scanOptions(f, 1, { u"VmMlrbdvcA"_s, u"qft"_s, {}, {}, false });
        const auto opt = [&](const QString &letters) {
            return std::find_if(r.opts.cbegin(), r.opts.cend(),
                                [&](const auto &o) { return letters.contains(o.first); });
        };
        if (!r.bad.isEmpty()) {
            unverify(u"at gets %1"_s.arg(r.bad));
        } else if (opt(u"lrdc"_s) != r.opts.cend()) {
            return;
        } else if (const auto o = opt(u"f"_s); o != r.opts.cend()) {
            runFile(o->second ? &*o->second : nullptr, c, ctx, Kind::Shell, u"sh"_s);
        } else {
            stdinScript(c, ctx, Kind::Shell, u"sh"_s);
        }
    } else if (name == u"crontab"_s) {
        const Scan r = scanOptions(f, 1, { u"lreiTnV"_s, u"usc"_s, {}, {}, false });
        const bool lists = std::any_of(r.opts.cbegin(), r.opts.cend(),
                                       [](const auto &o) { return u"lreiTV"_s.contains(o.first); });
        if (!r.bad.isEmpty())
            unverify(u"crontab gets %1"_s.arg(r.bad));
        else if (lists)
            return;
        else if (r.i >= f.size() || f[r.i].s == u"-"_s)
            stdinScript(c, ctx, Kind::Crontab, u"sh"_s);
        else
            runFile(&f[r.i], c, ctx, Kind::Crontab, u"sh"_s);
    } else if (name == u"cd"_s || name == u"pushd"_s || name == u"popd"_s) {
        const Field *target = nullptr;
        if (name != u"popd"_s) {
            for (const Field &x : c.args) {
                if (!x.unres.isEmpty() || !x.s.startsWith(u'-') || x.s == u"-"_s) {
                    target = &x;
                    break;
                }
            }
        }
        QList<std::optional<QString>> next;
        for (const std::optional<QString> &d : env.cwd) {
            if (name == u"popd"_s || (target && (!target->unres.isEmpty() || target->s == u"-"_s)))
                next.append(std::nullopt);
            else if (!target)
                next.append(u"~"_s);
            else if (isRooted(normalPath(target->s)))
                next.append(normalPath(target->s));
            else
                next.append(d ? std::optional<QString>(normalPath(*d + u'/' + target->s)) : std::nullopt);
        }
        for (const auto &d : next) {
            if (!env.cwd.contains(d))
                env.cwd.append(d);
        }
        if (env.cwd.size() > 8) {
            QList<std::optional<QString>> known;
            for (const auto &d : env.cwd) {
                if (d)
                    known.append(d);
            }
            env.cwd = QList<std::optional<QString>> { std::nullopt }
                + known.mid(std::max<qsizetype>(0, known.size() - 7));
        }
    } else if (name == u"export"_s || name == u"declare"_s || name == u"typeset"_s || name == u"local"_s
               || name == u"readonly"_s) {
        static const QRegularExpression flagWord(u"^[-+][a-zA-Z]+\\z"_s);
        static const QRegularExpression kinds(u"[naAi]"_s);
        static const QRegularExpression nameEq(u"^([A-Za-z_][A-Za-z0-9_]*)(\\+?)="_s);
        bool unknownKind = false;
        for (qsizetype k = 1; k < f.size(); ++k) {
            const Field &x = f[k];
            if (x.unres.isEmpty() && flagWord.match(x.s).hasMatch()) {
                if (kinds.match(x.s).hasMatch())
                    unknownKind = true;
                continue;
            }
            const auto m = nameEq.match(x.unres.isEmpty() ? x.s : x.raw);
            if (!m.hasMatch())
                continue;
            const QString var = m.captured(1);
            const bool plus = !m.captured(2).isEmpty();
            Value val = !x.unres.isEmpty() || plus || unknownKind
                ? Value::unknown(!x.unres.isEmpty() ? x.unres : u"$%1 is built up here"_s.arg(var))
                : Value::of(x.s.mid(m.capturedLength(0)));
            if (plus && x.unres.isEmpty() && !unknownKind) {
                const Value old = varValue(var, env);
                val = old.known && old.vals.size() == 1
                    ? Value::of(old.vals[0].s + x.s.mid(m.capturedLength(0)))
                    : old;
            }
            c.envRisk = checkAssignment(var, val, ctx) || c.envRisk;
            assign(env, var, val, ctx.certain);
        }
    } else if (name == u"unset"_s) {
        for (const Field &x : c.args) {
            if (x.unres.isEmpty())
                assign(env, x.s, Value::of(QString()), ctx.certain);
        }
    } else if (name == u"read"_s || name == u"mapfile"_s || name == u"readarray"_s || name == u"getopts"_s
               || name == u"printf"_s) {
        for (qsizetype k = 1; k < f.size(); ++k) {
            if (name == u"printf"_s && f[k - 1].s != u"-v"_s)
                continue;
            if (f[k].unres.isEmpty() && isName(f[k].s))
                assign(env, f[k].s, Value::unknown(u"$%1 is read when it runs"_s.arg(f[k].s)), false);
        }
    }
}

void Analysis::find(Command &c, const Ctx &ctx)
{
    const QList<Field> f = c.fields;
    static const QRegularExpression follow(u"^-[HLP]\\z|^-O\\d*\\z"_s);
    qsizetype i = 1;
    while (i < f.size() && f[i].unres.isEmpty() && follow.match(f[i].s).hasMatch())
        ++i;
    if (i < f.size() && f[i].s == u"-D"_s)
        i += 2;
    QList<Field> roots;
    while (i < f.size()) {
        const QString &s = f[i].s;
        if (f[i].unres.isEmpty() && (s.startsWith(u'-') || s == u"("_s || s == u"!"_s || s == u","_s))
            break;
        roots.append(f[i]);
        ++i;
    }
    if (roots.isEmpty())
        roots.append(fieldOf(u"."_s));
    c.findRoots = roots;
    bool acts = false;
    while (i < f.size()) {
        const QString s = f[i].s;
        if (s == u"-delete"_s) {
            c.findDeletes = true;
            acts = true;
        }
        if (s == u"-exec"_s || s == u"-execdir"_s || s == u"-ok"_s || s == u"-okdir"_s) {
            acts = true;
            qsizetype j = i + 1;
            while (j < f.size() && f[j].s != u";"_s && f[j].s != u"+"_s)
                ++j;
            QList<Field> inner = f.mid(i + 1, j - i - 1);
            for (Field &x : inner) {
                if (x.s == u"{}"_s && x.unres.isEmpty())
                    x.found = true;
                else if (x.s.contains(u"{}"_s))
                    x.unres = u"find puts the path it finds into %1"_s.arg(x.raw);
            }
            if (!inner.isEmpty()) {
                Ctx found = ctx;
                found.foundBy = roots;
                runCommand(inner, found, false, false);
            }
            i = j + 1;
            continue;
        }
        ++i;
    }
    const auto split = std::find_if(f.cbegin(), f.cend(), [](const Field &x) { return x.split; });
    if (split != f.cend())
        unverify(u"find gets words that are not known until it runs (%1)"_s.arg(split->raw));
    const auto bad
        = std::find_if(roots.cbegin(), roots.cend(), [](const Field &r) { return !r.unres.isEmpty(); });
    if (acts && bad != roots.cend())
        unverify(u"find acts on a folder that is not known until it runs (%1)"_s.arg(bad->raw));
}

// git -c key=value and git config key value, for keys whose value git runs as a command.
void Analysis::git(Command &c, const Ctx &ctx)
{
    const QList<Field> f = c.fields;
    static const QSet<QString> withValue { u"-C"_s, u"--git-dir"_s, u"--work-tree"_s, u"--namespace"_s,
                                           u"--config-env"_s };
    qsizetype i = 1;
    while (i < f.size() && f[i].s.startsWith(u'-')) {
        if (f[i].s == u"-c"_s && i + 1 < f.size()) {
            const Field &kv = f[i + 1];
            const qsizetype eq = kv.s.indexOf(u'=');
            Field value = fieldOf(QString());
            if (eq >= 0) {
                value = kv;
                value.s = kv.s.mid(eq + 1);
            }
            gitConfig(fieldOf(eq < 0 ? kv.s : kv.s.left(eq)), value, c, ctx);
            i += 2;
        } else if (withValue.contains(f[i].s)) {
            i += 2;
        } else {
            ++i;
        }
    }
    if (i >= f.size() || f[i].s != u"config"_s)
        return;
    static const QSet<QString> configValue { u"-f"_s,     u"--file"_s,    u"--blob"_s,
                                             u"--type"_s, u"--default"_s, u"--comment"_s };
    QList<Field> operands;
    for (qsizetype k = i + 1; k < f.size(); ++k) {
        const QString &s = f[k].s;
        if (configValue.contains(s))
            ++k;
        else if (!s.startsWith(u'-') || !f[k].unres.isEmpty())
            operands.append(f[k]);
    }
    if (!operands.isEmpty() && (operands[0].s == u"set"_s || operands[0].s == u"add"_s))
        operands.removeFirst();
    if (operands.size() >= 2)
        gitConfig(operands[0], operands[1], c, ctx);
}

void Analysis::gitConfig(const Field &key, const Field &value, Command &c, const Ctx &ctx)
{
    static const QRegularExpression commandKeys(
        u"^(?:core\\.(?:pager|editor|sshcommand|fsmonitor|askpass|gitproxy)|sequence\\.editor|diff\\.external|pager\\..+|alias\\..+|credential\\.helper|gpg\\.program|gpg\\.[a-z0-9]+\\.program|filter\\..+\\.(?:clean|smudge|process)|diff\\..+\\.(?:textconv|command)|merge\\..+\\.driver|remote\\..+\\.(?:uploadpack|receivepack)|uploadpack\\.packobjectshook|sendemail\\.[a-z]+cmd)\\z"_s);
    const QString k = key.s.toLower();
    if (k == u"core.hookspath"_s) {
        unverify(u"it points git at other hook scripts"_s);
        return;
    }
    if (!commandKeys.match(k).hasMatch())
        return;
    if (!value.unres.isEmpty() || !key.unres.isEmpty()) {
        unverify(u"it sets git's %1, a command git runs, to text not known until it runs"_s.arg(key.s));
        return;
    }
    QString text = value.s;
    if (k.startsWith(u"alias."_s) || k == u"credential.helper"_s) {
        if (!text.startsWith(u'!'))
            return;
        text = text.mid(1);
    }
    script(text, c.name, c.stdin, ctx);
}

// Files a downloader or decoder writes, and what they are copied or unpacked to.
void Analysis::taintFrom(const Command &c)
{
    const QList<Field> &f = c.fields;
    const auto at = [&](qsizetype k) { return k < f.size() ? &f[k] : nullptr; };
    const auto taintText = [&](const QString &s) {
        const Field x = fieldOf(s);
        addTaint(&x);
    };
    static const QRegularExpression outputEq(u"^--(?:output|output-document|out)="_s);
    static const QRegularExpression cluster(u"^-[a-zA-Z]+\\z"_s);
    static const QRegularExpression url(u"^[a-z][a-z0-9+.-]*://"_s,
                                        QRegularExpression::CaseInsensitiveOption);
    if (c.name == u"curl"_s || c.name == u"wget"_s || c.name == u"aria2c"_s) {
        const bool curl = c.name == u"curl"_s;
        bool remote = !curl;
        for (qsizetype k = 1; k < f.size(); ++k) {
            const QString &s = f[k].s;
            if (s == u"-o"_s || s == u"--output"_s || (s == u"-O"_s && c.name == u"wget"_s)
                || s == u"--output-document"_s || s == u"--out"_s) {
                addTaint(at(k + 1));
            } else if (outputEq.match(s).hasMatch()) {
                taintText(s.mid(s.indexOf(u'=') + 1));
            } else if (cluster.match(s).hasMatch()) {
                const qsizetype letter = s.indexOf(curl ? u'o' : u'O');
                if (letter > 0) {
                    if (letter == s.size() - 1)
                        addTaint(at(k + 1));
                    else
                        taintText(s.mid(letter + 1));
                }
                if (curl && s.contains(u'O'))
                    remote = true;
                if (curl && s.contains(u'J'))
                    m_taintAll = true;
            } else if (s == u"--remote-name"_s || s == u"--remote-name-all"_s) {
                remote = true;
            } else if (s == u"--remote-header-name"_s) {
                m_taintAll = true;
            }
        }
        if (remote) {
            for (qsizetype k = 1; k < f.size(); ++k) {
                const Field &x = f[k];
                if (x.unres.isEmpty() && url.match(x.s).hasMatch()) {
                    qsizetype cut = x.s.size();
                    for (const QChar stop : { u'?', u'#' }) {
                        const qsizetype p = x.s.indexOf(stop);
                        if (p >= 0)
                            cut = std::min(cut, p);
                    }
                    const QString file = basename(x.s.left(cut));
                    taintText(file.isEmpty() ? u"index.html"_s : file);
                }
            }
        }
    } else if (c.name == u"iwr"_s || c.name == u"invoke-webrequest"_s || c.name == u"irm"_s
               || c.name == u"invoke-restmethod"_s) {
        for (qsizetype k = 1; k < f.size(); ++k) {
            if (f[k].s.startsWith(u"-outf"_s, Qt::CaseInsensitive))
                addTaint(at(k + 1));
        }
    }
    if (isDecoder(c)) {
        for (qsizetype k = 1; k < f.size(); ++k) {
            if (f[k].s == u"-o"_s || f[k].s == u"-out"_s || f[k].s == u"--output"_s)
                addTaint(at(k + 1));
        }
        if (c.name == u"xxd"_s && c.args.size() >= 2)
            addTaint(&c.args[1]);
    }
    const Input out = outputOf(c);
    if (out.k == IK::Download || out.k == IK::Decode) {
        for (const Field &o : c.outputs)
            addTaint(&o);
    }
    for (const Field &o : c.outputs)
        write(o, out.k == IK::Text ? std::optional<QString>(out.text) : std::nullopt);
    if (c.name == u"tee"_s) {
        for (const Field &a : c.args)
            write(a, c.stdin.k == IK::Text ? std::optional<QString>(c.stdin.text) : std::nullopt);
    }
    if ((c.name == u"cp"_s || c.name == u"mv"_s) && c.args.size() == 2 && c.args[0].unres.isEmpty()) {
        const Written w = writtenText(c.args[0].s);
        if (w.wrote)
            write(c.args[1], w.text);
    }
    static const QRegularExpression bindOption(u"(?:^|,)r?bind(?:,|\\z)"_s);
    const bool bind = c.name == u"mount"_s
        && (c.flags.contains(u"B"_s) || c.flags.contains(u"--bind"_s) || c.flags.contains(u"--rbind"_s)
            || std::any_of(c.args.cbegin(), c.args.cend(),
                           [](const Field &a) { return bindOption.match(a.s).hasMatch(); }));
    if ((c.name == u"ln"_s && (c.flags.contains(u"s"_s) || c.flags.contains(u"--symbolic"_s))) || bind) {
        QList<Field> operands;
        for (const Field &a : c.args) {
            if (!bindOption.match(a.s).hasMatch())
                operands.append(a);
        }
        if (!operands.isEmpty() && operands.size() <= 2
            && std::none_of(operands.cbegin(), operands.cend(),
                            [](const Field &a) { return !a.unres.isEmpty(); })) {
            const QString target = normalPath(operands[0].s);
            const QString linkName = operands.size() == 2 ? normalPath(operands[1].s) : basename(target);
            m_links.append({ linkName, target });
        }
    }
    static const QSet<QString> copiers { u"cp"_s, u"mv"_s, u"install"_s, u"ln"_s, u"rsync"_s };
    if (copiers.contains(c.name) && c.args.size() >= 2) {
        const Field dest = c.args.last();
        for (qsizetype k = 0; k + 1 < c.args.size(); ++k) {
            const Field &s = c.args[k];
            if (!s.unres.isEmpty() || !tainted(s.s))
                continue;
            addTaint(&dest);
            taintText(dest.s + u'/' + basename(normalPath(s.s)));
        }
    }
    if (kExtractors.contains(c.name)) {
        if (std::any_of(c.args.cbegin(), c.args.cend(),
                        [&](const Field &a) { return a.unres.isEmpty() && tainted(a.s); })
            || c.stdin.k == IK::Download || c.stdin.k == IK::Decode)
            m_taintAll = true;
    }
}

// What a simple command writes to its output (a pipe's next command reads it).
Input Analysis::outputOf(const Command &c) const
{
    if (kDownloaders.contains(c.name))
        return Input::of(IK::Download);
    if (isDecoder(c))
        return Input::of(IK::Decode);
    const QList<Field> &f = c.fields;
    if (c.name == u"echo"_s) {
        static const QRegularExpression options(u"^-[neE]+\\z"_s);
        qsizetype k = 1;
        bool newline = true;
        while (k < f.size() && f[k].unres.isEmpty() && options.match(f[k].s).hasMatch()) {
            if (f[k].s.contains(u'e'))
                return Input::unknown(u"echo -e"_s);
            if (f[k].s.contains(u'n'))
                newline = false;
            ++k;
        }
        QStringList words;
        for (; k < f.size(); ++k) {
            if (!f[k].unres.isEmpty() || f[k].s.contains(u'\\'))
                return Input::unknown(u"what echo prints"_s);
            words.append(f[k].s);
        }
        return Input::ofText(words.join(u' ') + (newline ? u"\n"_s : QString()));
    }
    if (c.name == u"printf"_s) {
        static const QRegularExpression escape(u"\\\\(?!n)"_s);
        if (f.size() != 2 || !f[1].unres.isEmpty() || f[1].s.contains(u'%')
            || escape.match(f[1].s).hasMatch())
            return Input::unknown(u"what printf prints"_s);
        return Input::ofText(QString(f[1].s).replace(u"\\n"_s, u"\n"_s));
    }
    QList<Field> files;
    for (const Field &a : c.args) {
        if (a.s != u"-"_s)
            files.append(a);
    }
    if (std::any_of(files.cbegin(), files.cend(),
                    [&](const Field &a) { return a.unres.isEmpty() && tainted(a.s); })
        && (c.name == u"cat"_s || kFilters.contains(c.name)))
        return Input::of(IK::Download);
    if (c.name == u"cat"_s || c.name == u"tee"_s) {
        if (c.name == u"cat"_s && !files.isEmpty())
            return Input::unknown(u"the files cat prints"_s);
        const Input &input = c.stdin;
        if (input.k == IK::File)
            return tainted(input.field.s) ? Input::of(IK::Download) : Input::unknown(u"a file"_s);
        if (input.k == IK::Proc)
            return Input::unknown(u"the output of <(…)"_s);
        return input.k == IK::None ? Input::unknown(u"what %1 reads"_s.arg(c.name)) : input;
    }
    if (kFilters.contains(c.name) && (c.stdin.k == IK::Download || c.stdin.k == IK::Decode))
        return Input::of(c.stdin.k);
    return Input::unknown(u"the output of %1"_s.arg(c.name));
}

} // namespace mpa::shell
