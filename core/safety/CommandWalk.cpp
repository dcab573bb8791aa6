#include "CommandWalk.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

// Each step below has its twin in payload/ban-check.js section "5. the walk"; change both
// together (the corpus holds them equal).

namespace mpa::shell {

namespace {

using IK = Input::Kind;

// Long options as the manuals write them: "user=" takes an argument, "preserve-env[=]" may take
// one (only as --name=value), a bare name takes none.
QHash<QString, int> longOptions(QStringView names)
{
    QHash<QString, int> longs;
    for (QStringView name : names.split(u' ', Qt::SkipEmptyParts)) {
        if (name.endsWith(u"[=]"))
            longs.insert(name.chopped(3).toString(), 2);
        else if (name.endsWith(u'='))
            longs.insert(name.chopped(1).toString(), 1);
        else
            longs.insert(name.toString(), 0);
    }
    return longs;
}

OptionSpec spec(const char16_t *shortFlags, const char16_t *arg, const char16_t *longs,
                const char16_t *opt = u"", bool numeric = false)
{
    return { QString::fromUtf16(shortFlags), QString::fromUtf16(arg), QString::fromUtf16(opt),
             longOptions(QStringView(longs)), numeric };
}

} // namespace

// Wrappers that run a command after their options, read from their manuals: sudo(8), doas(1),
// env(1), bash(1) (command, builtin, exec, time), time(1), timeout(1), nice(1), ionice(1),
// nohup(1), setsid(1), stdbuf(1), chroot(8), xargs(1), watch(1), flock(1), pkexec(1).
// busybox and toybox run their applets (no spec). Twin of ban-check.js WRAPPERS.
const QHash<QString, OptionSpec> &wrappers()
{
    static const QHash<QString, OptionSpec> table {
        { u"sudo"_s,
          spec(u"AbEeHhiKklnPSsVvBN", u"acugpCDrtTUR",
               u"user= group= host= prompt= close-from= chdir= role= type= command-timeout= other-user= "
               u"chroot= askpass background bell preserve-env[=] edit set-home login remove-timestamp "
               u"reset-timestamp list non-interactive preserve-groups shell stdin validate version help "
               u"no-update") },
        { u"doas"_s, spec(u"Lns", u"uC", u"") },
        { u"env"_s,
          spec(u"i0v", u"uCSP",
               u"ignore-environment null unset= chdir= split-string= block-signal[=] default-signal[=] "
               u"ignore-signal[=] list-signal-handling debug help version") },
        { u"command"_s, spec(u"pvV", u"", u"") },
        { u"builtin"_s, spec(u"", u"", u"") },
        { u"exec"_s, spec(u"cl", u"a", u"") },
        { u"time"_s,
          spec(u"apqvV", u"fo", u"format= output= append portability quiet verbose help version") },
        { u"timeout"_s,
          spec(u"v", u"sk", u"signal= kill-after= preserve-status foreground verbose help version") },
        { u"nice"_s, spec(u"", u"n", u"adjustment= help version", u"", true) },
        { u"ionice"_s, spec(u"t", u"cnpPu", u"class= classdata= pid= pgid= uid= ignore help version") },
        { u"nohup"_s, spec(u"", u"", u"help version") },
        { u"setsid"_s, spec(u"cfw", u"", u"ctty fork wait help version") },
        { u"stdbuf"_s, spec(u"", u"ioe", u"input= output= error= help version") },
        { u"chroot"_s, spec(u"", u"", u"userspec= groups= skip-chdir help version") },
        { u"xargs"_s,
          spec(u"0oprtx", u"adEILnPs",
               u"arg-file= delimiter= eof[=] replace[=] max-lines[=] max-args= max-procs= max-chars= "
               u"process-slot-var= null open-tty interactive no-run-if-empty verbose exit show-limits help "
               u"version",
               u"eil") },
        { u"watch"_s,
          spec(u"bcCdeghprtwx", u"nqs",
               u"interval= differences[=] equexit= shotsdir= beep color no-color errexit chgexit precise "
               u"no-rerun no-title no-wrap no-linewrap exec help version") },
        { u"flock"_s,
          spec(u"sxeunoFvhV", u"Ewc",
               u"shared exclusive unlock nonblock nb close no-fork verbose help version conflict-exit-code= "
               u"wait= timeout= command= fcntl") },
        { u"su"_s,
          spec(u"flmpPhV", u"cgGsw",
               u"command= session-command= group= supp-group= login preserve-environment shell= pty fast "
               u"whitelist-environment= help version") },
        { u"runuser"_s,
          spec(u"flmpPhV", u"cgGswu",
               u"command= session-command= group= supp-group= login preserve-environment shell= pty fast "
               u"whitelist-environment= user= help version") },
        { u"pkexec"_s, spec(u"", u"", u"user= disable-internal-agent keep-cwd help version") },
        { u"busybox"_s, {} },
        { u"toybox"_s, {} },
        { u"fakeroot"_s, {} },
        { u"eatmydata"_s, {} },
        { u"torsocks"_s, {} },
        { u"unbuffer"_s, {} },
        { u"nocorrect"_s, {} },
        { u"noglob"_s, {} },
        { u"catchsegv"_s, {} },
        { u"coproc"_s, {} },
        { u"npx"_s, spec(u"yq", u"pc", u"yes no package= call= quiet no-install ignore-existing") },
        { u"bunx"_s, spec(u"b", u"p", u"bun package= verbose silent") },
    };
    return table;
}

// What a command writes to its output, as the next command of a pipe reads it.
Input combine(const Input &a, const Input &b)
{
    if (a.k == IK::Download || b.k == IK::Download)
        return Input::of(IK::Download);
    if (a.k == IK::Decode || b.k == IK::Decode)
        return Input::of(IK::Decode);
    if (a.k == IK::None)
        return b;
    if (b.k == IK::None)
        return a;
    if (a.k == IK::Text && b.k == IK::Text)
        return Input::ofText(a.text + b.text);
    return Input::unknown(a.k == IK::Unknown ? a.why : b.why);
}

namespace {

bool isAllDigits(QStringView s)
{
    if (s.isEmpty())
        return false;
    for (const QChar c : s) {
        if (c < u'0' || c > u'9')
            return false;
    }
    return true;
}

} // namespace

Analysis::Scan Analysis::scanOptions(const QList<Field> &fields, qsizetype i, const OptionSpec &spec)
{
    Scan r;
    const auto value = [&](qsizetype k) -> std::optional<Field> {
        return k < fields.size() ? std::optional<Field>(fields[k]) : std::nullopt;
    };
    while (i < fields.size()) {
        const Field &f = fields[i];
        if (!f.unres.isEmpty()) {
            r.i = i;
            r.bad = u"an option that is not known until it runs (%1)"_s.arg(f.raw);
            return r;
        }
        const QString &w = f.s;
        if (w == u"--"_s) {
            r.i = i + 1;
            return r;
        }
        if (w.startsWith(u"--"_s) && w.size() > 2) {
            const qsizetype eq = w.indexOf(u'=');
            const QString name = eq < 0 ? w.mid(2) : w.mid(2, eq - 2);
            QString full = spec.longs.contains(name) ? name : QString();
            if (full.isEmpty()) {
                QStringList prefixed;
                for (auto it = spec.longs.cbegin(); it != spec.longs.cend(); ++it) {
                    if (it.key().startsWith(name))
                        prefixed.append(it.key());
                }
                if (prefixed.size() == 1)
                    full = prefixed[0];
            }
            if (full.isEmpty()) {
                r.i = i;
                r.bad = u"an option it does not know (%1)"_s.arg(w);
                return r;
            }
            const int kind = spec.longs.value(full);
            if (kind == 1 && eq < 0) {
                const auto v = value(i + 1);
                if (!v) {
                    r.i = i;
                    r.bad = u"%1 without its value"_s.arg(w);
                    return r;
                }
                r.opts.append({ full, v });
                i += 2;
            } else {
                if (kind == 0 && eq >= 0) {
                    r.i = i;
                    r.bad = u"an option it does not know (%1)"_s.arg(w);
                    return r;
                }
                r.opts.append({ full, eq < 0 ? std::nullopt : std::optional<Field>(fieldOf(w.mid(eq + 1))) });
                ++i;
            }
            continue;
        }
        if (w.size() > 1 && w[0] == u'-') {
            if (spec.numeric && isAllDigits(QStringView(w).mid(1))) {
                r.opts.append({ u"n"_s, fieldOf(w.mid(1)) });
                ++i;
                continue;
            }
            qsizetype next = i + 1;
            for (qsizetype k = 1; k < w.size(); ++k) {
                const QChar ch = w[k];
                if (spec.arg.contains(ch)) {
                    if (k + 1 < w.size()) {
                        r.opts.append({ QString(ch), fieldOf(w.mid(k + 1)) });
                    } else {
                        const auto v = value(i + 1);
                        if (!v) {
                            r.i = i;
                            r.bad = u"-%1 without its value"_s.arg(ch);
                            return r;
                        }
                        r.opts.append({ QString(ch), v });
                        next = i + 2;
                    }
                    break;
                }
                if (spec.opt.contains(ch)) {
                    r.opts.append({ QString(ch), fieldOf(w.mid(k + 1)) });
                    break;
                }
                if (!spec.shortFlags.contains(ch)) {
                    r.i = i;
                    r.bad = u"an option it does not know (-%1)"_s.arg(ch);
                    return r;
                }
                r.opts.append({ QString(ch), std::nullopt });
            }
            i = next;
            continue;
        }
        break;
    }
    r.i = i;
    return r;
}

Analysis::Analysis(const QSet<QString> &interpreters)
    : m_interpreters(interpreters)
{
}

void Analysis::ban(const Rule &rule)
{
    if (!banned)
        banned = &rule;
}

void Analysis::unverify(const QString &why)
{
    if (unverifiable.isEmpty())
        unverifiable = why;
}

bool Analysis::tainted(const QString &path) const
{
    if (m_taintAll)
        return true;
    const QString n = normalPath(path);
    const QString b = basename(n);
    for (const QString &t : m_taint) {
        if (t == n || basename(t) == b)
            return true;
    }
    return false;
}

void Analysis::addTaint(const Field *f)
{
    if (f && f->unres.isEmpty() && !f->s.isEmpty() && f->s != u"-"_s)
        m_taint.append(normalPath(f->s));
}

// What this text wrote into a file earlier: its text (nullopt when not known), or wrote = false.
Analysis::Written Analysis::writtenText(const QString &path) const
{
    const QString n = normalPath(path);
    const QString b = basename(n);
    for (qsizetype k = m_written.size() - 1; k >= 0; --k) {
        if (m_written[k].first == n || basename(m_written[k].first) == b)
            return { true, m_written[k].second };
    }
    return {};
}

void Analysis::write(const Field &f, const std::optional<QString> &text)
{
    if (!f.unres.isEmpty() || f.proc)
        return;
    const QString n = normalPath(f.s);
    if (kHarmlessOutputs.contains(n))
        return;
    const bool before
        = std::any_of(m_written.cbegin(), m_written.cend(), [&](const auto &w) { return w.first == n; });
    m_written.append({ n, before ? std::nullopt : text });
}

// ---- scripts ----

// Text run as a script by a shell (sh -c, eval, a here-document into bash …): parsed and walked
// as its own text, with the variables of a new shell.
void Analysis::script(const QString &text, const QString &name, const Input &stdin, const Ctx &ctx)
{
    if (ctx.depth + 1 > kMaxDepth) {
        unverify(u"it hides scripts inside scripts too deeply to check"_s);
        return;
    }
    Parser p(text, 0, 0);
    const NodePtr tree = p.parseScript();
    if (!p.error().isEmpty()) {
        unverify(u"the script it hands to %1 is not complete shell syntax (%2)"_s.arg(
            name.isEmpty() ? u"the shell"_s : name, p.error()));
    }
    Ctx inner;
    inner.env = std::make_shared<Env>();
    inner.env->cwd = ctx.env->cwd;
    inner.stdin = stdin;
    inner.outputs = ctx.outputs;
    inner.depth = ctx.depth + 1;
    inner.certain = true;
    walk(*tree, inner);
}

// What a shell or interpreter reads as its script from its input.
void Analysis::stdinScript(Command &c, const Ctx &ctx, Kind kind, const QString &fam)
{
    const Input input = c.stdin;
    if (input.k == IK::None)
        return;
    if (input.k == IK::Download) {
        c.script = u"download"_s;
    } else if (input.k == IK::Decode) {
        c.script = u"decode"_s;
    } else if (input.k == IK::File) {
        runFile(&input.field, c, ctx, kind, fam);
    } else if (allows(fam)) {
        return;
    } else if (input.k == IK::Text && kind == Kind::Interpreter) {
        unverify(u"it feeds %1 code to run (a here-document or a pipe)"_s.arg(c.name));
    } else if (input.k == IK::Text && kind == Kind::Crontab) {
        crontab(input.text, c, ctx);
    } else if (input.k == IK::Text) {
        c.transparent = true;
        script(input.text, c.name, c.stdin, ctx);
    } else if (input.k == IK::Proc) {
        unverify(u"it runs the output of another command (<(…))"_s);
    } else {
        unverify(u"it pipes text into %1, which runs it"_s.arg(c.name));
    }
}

// A script file run by a shell, an interpreter, source, at -f, crontab, BASH_ENV …
void Analysis::runFile(const Field *f, Command &c, const Ctx &ctx, Kind kind, const QString &fam)
{
    if (!f)
        return;
    static const QRegularExpression remote(u"^(?:https?|ftp):"_s, QRegularExpression::CaseInsensitiveOption);
    if (!f->unres.isEmpty()) {
        unverify(u"it runs a script whose name is not known until it runs (%1)"_s.arg(f->raw));
    } else if (f->proc) {
        if (!allows(fam))
            unverify(u"it runs the output of another command (<(…))"_s);
    } else if (remote.match(f->s).hasMatch() || f->s.startsWith(u"/dev/fd/"_s)
               || f->s.startsWith(u"/proc/"_s)) {
        unverify(u"it runs a script it cannot read"_s);
    } else if (f->s == u"/dev/stdin"_s || f->s == u"-"_s) {
        stdinScript(c, ctx, kind, fam);
    } else if (tainted(f->s)) {
        c.script = u"tainted"_s;
    } else {
        runWritten(f->s, c, ctx, kind, fam);
    }
}

// A script this text wrote a moment ago is read like a script given inline.
void Analysis::runWritten(const QString &path, Command &c, const Ctx &ctx, Kind kind, const QString &fam)
{
    const Written w = writtenText(path);
    if (!w.wrote || allows(fam))
        return;
    if (!w.text)
        unverify(u"it runs %1, which it writes from text it cannot read"_s.arg(path));
    else if (kind == Kind::Interpreter)
        unverify(u"it runs %1 code it has just written to %2"_s.arg(c.name, path));
    else if (kind == Kind::Crontab)
        crontab(*w.text, c, ctx);
    else
        script(*w.text, c.name, c.stdin, ctx);
}

void Analysis::crontab(const QString &text, Command &c, const Ctx &ctx)
{
    static const QRegularExpression setting(u"^[A-Za-z_][A-Za-z0-9_]*\\s*="_s);
    static const QRegularExpression blanks(u"[ \\t]+"_s);
    for (const QString &raw : text.split(u'\n')) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(u'#') || setting.match(line).hasMatch())
            continue;
        const QStringList fields = line.split(blanks);
        const QString command = line.startsWith(u'@') ? fields.mid(1).join(u' ') : fields.mid(5).join(u' ');
        script(command, c.name, c.stdin, ctx);
    }
}

} // namespace mpa::shell
