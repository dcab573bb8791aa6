#include "CommandWalk.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

// A simple command recorded and looked at: the rules, and the programs that run other code
// (shells, interpreters, awk, sed). Each step has its twin in payload/ban-check.js section "5. the
// walk"; change both together.

namespace mpa::shell {

namespace {

using IK = Input::Kind;

const QHash<QString, QString> kLongFlags { { u"recursive"_s, u"r"_s },
                                           { u"force"_s, u"f"_s },
                                           { u"no-preserve-root"_s, u"P"_s },
                                           { u"delete"_s, u"delete"_s } };

bool isLetter(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

// /^-[a-z]+$/i, or with `dash` /^-[a-z-]+$/i
bool isDashWord(const QString &s, bool dash)
{
    if (s.size() < 2 || s[0] != u'-')
        return false;
    for (qsizetype i = 1; i < s.size(); ++i) {
        if (!isLetter(s[i]) && !(dash && s[i] == u'-'))
            return false;
    }
    return true;
}

// Per interpreter: letters giving code inline, letters taking a value (attached or the next
// word), letters taking only an attached value, letters naming a module, letters naming a file
// (twin of INTERPRETER_OPTIONS).
struct InterpreterSpec
{
    QString inlineCode, arg, attached, module, file;
};

const InterpreterSpec &interpreterSpec(const QString &fam)
{
    static const QHash<QString, InterpreterSpec> table {
        { u"python"_s, { u"c"_s, u"WXQ"_s, {}, u"m"_s, {} } },
        { u"perl"_s, { u"eE"_s, {}, u"IMmil0CdDxFV"_s, {}, {} } },
        { u"ruby"_s, { u"e"_s, u"IrCEF"_s, u"Kx0lTW"_s, {}, {} } },
        { u"node"_s, { u"ep"_s, u"rC"_s, {}, {}, {} } },
        { u"bun"_s, { u"ep"_s, u"r"_s, {}, {}, {} } },
        { u"php"_s, { u"rBRE"_s, u"cdtSz"_s, {}, {}, u"fF"_s } },
        { u"lua"_s, { u"e"_s, u"l"_s, {}, {}, {} } },
        { u"rscript"_s, { u"e"_s, {}, {}, {}, {} } },
        { u"osascript"_s, { u"e"_s, u"ls"_s, {}, {}, {} } },
        { u"groovy"_s, { u"e"_s, {}, {}, {}, {} } },
    };
    static const InterpreterSpec other { u"ec"_s, {}, {}, {}, {} };
    const auto it = table.constFind(fam);
    return it == table.cend() ? other : *it;
}

const QSet<QString> kInlineLong { u"--eval"_s, u"--print"_s, u"--command"_s };
const QSet<QString> kValueLong { u"--require"_s,    u"--import"_s,
                                 u"--loader"_s,     u"--experimental-loader"_s,
                                 u"--conditions"_s, u"--input-type"_s,
                                 u"--title"_s,      u"--env-file"_s };

} // namespace

// The simple command as the rules and the allow list see it.
std::shared_ptr<Command> Analysis::record(const QList<Field> &fields, const Ctx &ctx, const Meta &meta)
{
    auto c = std::make_shared<Command>();
    c->name = fields.isEmpty() ? QString() : commandName(fields[0].s);
    c->fields = fields;
    c->full = meta.full;
    c->wrappers = meta.wrappers;
    c->outputs = ctx.outputs;
    c->stdin = ctx.stdin;
    if (meta.cwd && meta.cwd->unres.isEmpty())
        c->cwd = { normalPath(meta.cwd->s) };
    else
        c->cwd = ctx.env->cwd;
    c->extra = meta.extra;
    c->envRisk = meta.envRisk;
    c->cond = meta.cond;
    c->foundBy = ctx.foundBy;
    c->links = &m_links;
    bool optionsDone = false;
    for (qsizetype k = 1; k < fields.size(); ++k) {
        const Field &f = fields[k];
        const QString &raw = f.s;
        if (!f.unres.isEmpty()) {
            c->args.append(f);
            continue;
        }
        if (!optionsDone && raw == u"--"_s) {
            optionsDone = true;
            continue;
        }
        if (!optionsDone && raw.size() > 2 && raw.startsWith(u"--"_s) && isLetter(raw[2])) {
            const QString longName = raw.mid(2).toLower().section(u'=', 0, 0);
            c->flags.insert(kLongFlags.value(longName, u"--"_s + longName));
            continue;
        }
        if (!optionsDone && isDashWord(raw, false) && c->name != u"find"_s && c->name != u"dd"_s) {
            for (qsizetype i = 1; i < raw.size(); ++i)
                c->flags.insert(raw[i] == u'r' || raw[i] == u'R' ? u"r"_s : QString(raw[i]));
            continue;
        }
        if (!optionsDone && isDashWord(raw, true)) {
            // PowerShell (-Recurse, -Force) and find (-delete) spell words with one dash.
            const QString longName = raw.mid(1).toLower();
            c->flags.insert(longName == u"recurse"_s     ? u"r"_s
                                : longName == u"force"_s ? u"f"_s
                                                         : u"-"_s + longName);
            continue;
        }
        if (raw.size() == 2 && raw[0] == u'/' && (isLetter(raw[1]) || raw[1] == u'?')
            && kWindowsDeleters.contains(c->name)) {
            c->flags.insert(u"/"_s + raw[1].toLower());
            continue;
        }
        c->args.append(f);
    }
    simples.append(c);
    return c;
}

// What the command runs, writes and reads, then the rules.
Input Analysis::command(Command &c, const Ctx &ctx)
{
    if (++m_steps > kMaxSteps) {
        unverify(u"it is too long to check"_s);
        return Input::unknown(u"too long"_s);
    }
    const Field nameField = c.fields[0];
    if (!nameField.unres.isEmpty()) {
        unverify(u"its command name is not known until it runs (%1)"_s.arg(nameField.raw));
        return Input::unknown(u"the output of %1"_s.arg(nameField.raw));
    }
    const QString fam = family(c.name);
    if (kShells.contains(fam))
        shell(c, ctx, fam);
    else if (fam == u"awk"_s)
        awk(c);
    else if (fam == u"sed"_s)
        sed(c);
    else if (kInterpreters.contains(fam))
        interpreter(c, ctx, fam);
    else
        builtin(c, ctx);
    if (nameField.s.contains(u'/') && tainted(nameField.s))
        c.script = u"tainted"_s;
    else if (nameField.s.contains(u'/'))
        runWritten(nameField.s, c, ctx, Kind::Shell, u"sh"_s);
    static const QRegularExpression inlineFlag(u"^-[a-z]*c[a-z]*\\z"_s);
    const bool runsOperands = kDestructive.contains(c.name) || kShells.contains(fam)
        || (kInterpreters.contains(fam) && fam != u"awk"_s && fam != u"sed"_s);
    if (c.extra && runsOperands
        && !(kShells.contains(fam) && std::any_of(c.fields.cbegin(), c.fields.cend(), [](const Field &f) {
                 return inlineFlag.match(f.s).hasMatch();
             }))) {
        unverify(u"xargs gives %1 operands from its input"_s.arg(c.name));
    }
    taintFrom(c);
    finish(c);
    if (m_funcs.contains(c.name))
        c.transparent = true; // a function of this text: its body is looked at
    if (m_funcs.contains(c.name) && ctx.stdin.k != IK::None && !m_calling.contains(c.name)) {
        if (m_calling.size() >= kMaxNest) {
            unverify(u"it calls functions too deeply to check"_s);
        } else {
            m_calling.insert(c.name);
            Ctx inner = ctx;
            inner.certain = false;
            walk(*m_funcs.value(c.name), inner);
            m_calling.remove(c.name);
        }
    }
    return outputOf(c);
}

// The rules, and operands that cannot be known where they decide what is destroyed.
void Analysis::finish(const Command &c)
{
    for (const Rule &rule : rules()) {
        if (rule.test && rule.test(c)) {
            ban(rule);
            break;
        }
    }
    if (kDestructive.contains(c.name)) {
        // chmod, chown and chgrp: a mode or owner that is one word decides nothing about where.
        const qsizetype skip
            = kPermissions.contains(c.name) && c.name != u"setfacl"_s && !c.args.isEmpty() && !c.args[0].split
            ? 1
            : 0;
        for (qsizetype k = skip; k < c.args.size(); ++k) {
            if (!c.args[k].unres.isEmpty()) {
                unverify(
                    u"%1 gets an operand that is not known until it runs (%2)"_s.arg(c.name, c.args[k].raw));
                break;
            }
        }
    }
    for (const Field &o : c.outputs) {
        if (!o.unres.isEmpty())
            unverify(u"it writes to a file whose name is not known until it runs (%1)"_s.arg(o.raw));
    }
}

QString Analysis::parsed() const
{
    QStringList commands;
    for (const auto &c : simples) {
        QStringList words { c->name.isEmpty() ? c->label : c->name };
        QStringList flags(c->flags.cbegin(), c->flags.cend());
        std::sort(flags.begin(), flags.end());
        for (const QString &f : flags)
            words.append(f.size() == 1 ? u"-"_s + f : f);
        for (const Field &a : c->args)
            words.append(normalPath(a.s));
        for (const Field &o : c->outputs)
            words.append(u"> "_s + normalPath(o.s));
        words.removeAll(QString());
        commands.append(words.join(u' '));
    }
    return commands.join(u" ; "_s);
}

void Analysis::shell(Command &c, const Ctx &ctx, const QString &fam)
{
    const QList<Field> f = c.fields;
    if (fam == u"cmd"_s) {
        const auto k = std::find_if(f.cbegin(), f.cend(), [](const Field &x) {
            return x.s.size() == 2 && x.s[0] == u'/'
                && (x.s[1].toLower() == u'c' || x.s[1].toLower() == u'k');
        });
        if (k == f.cend())
            stdinScript(c, ctx, Kind::Shell, fam);
        else
            scriptOfFields(f.mid(k - f.cbegin() + 1), c, ctx);
        return;
    }
    const auto at = [&](qsizetype k) { return k < f.size() ? &f[k] : nullptr; };
    qsizetype i = 1;
    bool inlineCode = false;
    bool fromStdin = false;
    while (i < f.size()) {
        const Field &w = f[i];
        if (!w.unres.isEmpty() && inlineCode)
            break;
        if (!w.unres.isEmpty()) {
            unverify(u"%1 gets an option that is not known until it runs (%2)"_s.arg(c.name, w.raw));
            return;
        }
        const QString s = w.s;
        if (s == u"--"_s || s == u"-"_s) {
            ++i;
            break;
        }
        if (s.startsWith(u"--"_s)) {
            const QString longName = s.mid(2).section(u'=', 0, 0);
            const qsizetype eq = s.indexOf(u'=');
            if (longName == u"rcfile"_s || longName == u"init-file"_s) {
                if (eq >= 0) {
                    const Field v = fieldOf(s.mid(eq + 1));
                    runFile(&v, c, ctx, Kind::Shell, fam);
                } else {
                    runFile(at(++i), c, ctx, Kind::Shell, fam);
                }
            } else if (longName == u"command"_s && eq >= 0) {
                script(s.mid(eq + 1), c.name, c.stdin, ctx);
                return;
            } else if (longName == u"command"_s) {
                inlineCode = true;
            } else if (longName == u"init-command"_s) {
                const Field *v = nullptr;
                Field attached;
                if (eq >= 0) {
                    attached = fieldOf(s.mid(eq + 1));
                    v = &attached;
                } else {
                    v = at(++i);
                }
                if (v)
                    scriptOfFields({ *v }, c, ctx);
            }
            ++i;
            continue;
        }
        if (s.size() > 1 && (s[0] == u'-' || s[0] == u'+')) {
            for (qsizetype k = 1; k < s.size(); ++k) {
                const QChar ch = s[k];
                if (ch == u'c')
                    inlineCode = true;
                else if (ch == u's')
                    fromStdin = true;
                else if (ch == u'o' || ch == u'O')
                    ++i;
            }
            ++i;
            continue;
        }
        break;
    }
    if (inlineCode) {
        if (i < f.size())
            scriptOfFields({ f[i] }, c, ctx);
        return;
    }
    if (fromStdin || i >= f.size())
        stdinScript(c, ctx, Kind::Shell, fam);
    else
        runFile(&f[i], c, ctx, Kind::Shell, fam);
}

void Analysis::scriptOfFields(const QList<Field> &fields, Command &c, const Ctx &ctx)
{
    const auto bad
        = std::find_if(fields.cbegin(), fields.cend(), [](const Field &x) { return !x.unres.isEmpty(); });
    if (bad != fields.cend()) {
        if (!allows(family(c.name)))
            unverify(u"it hands %1 a script that is not known until it runs (%2)"_s.arg(c.name, bad->raw));
        return;
    }
    c.transparent = true; // the allow list looks at the script's commands instead
    QStringList texts;
    for (const Field &x : fields)
        texts.append(x.s);
    script(texts.join(u' '), c.name, c.stdin, ctx);
}

void Analysis::interpreter(Command &c, const Ctx &ctx, const QString &fam)
{
    const QList<Field> f = c.fields;
    const auto at = [&](qsizetype k) { return k < f.size() ? &f[k] : nullptr; };
    qsizetype i = 1;
    QString inlineCode;
    bool fromStdin = false;
    if (fam == u"powershell"_s) {
        if (c.name == u"iex"_s || c.name == u"invoke-expression"_s) {
            if (f.size() > 1)
                inlineCode = c.name;
            else
                fromStdin = true;
        } else {
            static const QSet<QString> commandWords { u"c"_s,       u"co"_s,    u"com"_s,
                                                      u"comm"_s,    u"comma"_s, u"comman"_s,
                                                      u"command"_s, u"e"_s,     u"ec"_s,
                                                      u"en"_s,      u"enc"_s,   u"encodedcommand"_s };
            static const QSet<QString> fileWords { u"f"_s, u"fi"_s, u"fil"_s, u"file"_s };
            for (; i < f.size(); ++i) {
                const QString s = f[i].s.toLower();
                const bool option = s.startsWith(u'-') || s.startsWith(u'/');
                if (option && commandWords.contains(s.mid(1))) {
                    inlineCode = f[i].s;
                    break;
                }
                if (option && fileWords.contains(s.mid(1))) {
                    runFile(at(i + 1), c, ctx, Kind::Interpreter, fam);
                    return;
                }
                if (!option) {
                    inlineCode = u"a command line"_s;
                    break;
                }
            }
        }
    } else if (fam == u"deno"_s && f.size() > 1) {
        const QString sub = f[1].s;
        if (sub == u"eval"_s || sub == u"repl"_s) {
            inlineCode = u"deno "_s + sub;
        } else if (sub == u"run"_s || sub == u"test"_s) {
            const Field *file = nullptr;
            for (qsizetype k = 2; k < f.size(); ++k) {
                if (!f[k].unres.isEmpty() || !f[k].s.startsWith(u'-') || f[k].s == u"-"_s) {
                    file = &f[k];
                    break;
                }
            }
            if (file && file->s == u"-"_s)
                fromStdin = true;
            else
                runFile(file, c, ctx, Kind::Interpreter, fam);
        }
        if (inlineCode.isEmpty() && !fromStdin)
            return;
    } else {
        const InterpreterSpec &spec = interpreterSpec(fam);
        if (fam == u"bun"_s && f.size() > 1 && (f[1].s == u"run"_s || f[1].s == u"x"_s))
            i = 2;
        while (i < f.size()) {
            const Field &w = f[i];
            if (!w.unres.isEmpty()) {
                unverify(u"%1 gets an option that is not known until it runs (%2)"_s.arg(c.name, w.raw));
                return;
            }
            const QString s = w.s;
            if (s == u"-"_s) {
                fromStdin = true;
                break;
            }
            if (s == u"--"_s) {
                ++i;
                break;
            }
            if (!s.startsWith(u'-') || s.size() < 2)
                break;
            if (s.startsWith(u"--"_s)) {
                const QString longName = s.section(u'=', 0, 0);
                if (kInlineLong.contains(longName)) {
                    inlineCode = longName;
                    break;
                }
                if (kValueLong.contains(longName) && !s.contains(u'='))
                    ++i;
                ++i;
                continue;
            }
            qsizetype next = i + 1;
            bool stop = false;
            for (qsizetype k = 1; k < s.size(); ++k) {
                const QChar ch = s[k];
                if (spec.inlineCode.contains(ch)) {
                    inlineCode = u"-"_s + ch;
                    stop = true;
                    break;
                }
                if (spec.module.contains(ch))
                    return; // python -m: a module, not a file
                if (spec.file.contains(ch)) {
                    if (k + 1 < s.size()) {
                        const Field v = fieldOf(s.mid(k + 1));
                        runFile(&v, c, ctx, Kind::Interpreter, fam);
                    } else {
                        runFile(at(i + 1), c, ctx, Kind::Interpreter, fam);
                    }
                    return;
                }
                if (spec.arg.contains(ch)) {
                    if (k + 1 == s.size())
                        next = i + 2;
                    break;
                }
                if (spec.attached.contains(ch))
                    break;
            }
            if (stop)
                break;
            i = next;
        }
    }
    if (!inlineCode.isEmpty()) {
        if (!allows(fam))
            unverify(u"it runs %1 code given inline (%2)"_s.arg(c.name, inlineCode));
        return;
    }
    if (fromStdin || i >= f.size())
        stdinScript(c, ctx, Kind::Interpreter, fam);
    else
        runFile(&f[i], c, ctx, Kind::Interpreter, fam);
}

// awk's program runs commands with system() and | ("cmd" | getline, print | "sh").
void Analysis::awk(const Command &c)
{
    const QList<Field> &f = c.fields;
    const auto at = [&](qsizetype k) { return k < f.size() ? &f[k] : nullptr; };
    static const QSet<QString> withValue { u"-F"_s,        u"-v"_s,       u"-i"_s,
                                           u"-l"_s,        u"--assign"_s, u"--field-separator"_s,
                                           u"--include"_s, u"--load"_s };
    const Field *program = nullptr;
    for (qsizetype i = 1; i < f.size(); ++i) {
        const QString &s = f[i].s;
        if (!f[i].unres.isEmpty()) {
            program = &f[i];
            break;
        }
        if (s == u"-f"_s || s == u"--file"_s || s == u"-E"_s || s == u"--exec"_s)
            return;
        if (withValue.contains(s)) {
            ++i;
        } else if (s == u"-e"_s || s == u"--source"_s || s == u"--"_s) {
            program = at(i + 1);
            break;
        } else if (!s.startsWith(u'-') || s == u"-"_s) {
            program = &f[i];
            break;
        }
    }
    if (!program || allows(u"awk"_s))
        return;
    static const QRegularExpression runs(u"system\\s*\\(|\\|"_s);
    if (!program->unres.isEmpty())
        unverify(u"its awk program is not known until it runs (%1)"_s.arg(program->raw));
    else if (runs.match(program->s).hasMatch())
        unverify(u"its awk program runs commands (system or |)"_s);
}

// GNU sed's e command and the e flag of s///e run commands.
void Analysis::sed(const Command &c)
{
    if (allows(u"sed"_s))
        return;
    const QList<Field> &f = c.fields;
    QList<Field> scripts;
    bool sawScript = false;
    for (qsizetype i = 1; i < f.size(); ++i) {
        const QString &s = f[i].s;
        if (s == u"-e"_s || s == u"--expression"_s) {
            if (i + 1 < f.size())
                scripts.append(f[i + 1]);
            sawScript = true;
            ++i;
        } else if (s.startsWith(u"--expression="_s)) {
            scripts.append(fieldOf(s.mid(13)));
            sawScript = true;
        } else if (s == u"-f"_s || s == u"--file"_s) {
            sawScript = true;
            ++i;
        } else if (!s.startsWith(u'-') && !sawScript) {
            scripts.append(f[i]);
            break;
        }
    }
    static const QRegularExpression runs(
        u"(?:^|[;\\n])\\s*e(?:\\s|\\z)|/[a-zA-Z0-9]*e[a-zA-Z0-9]*\\s*(?:\\z|[;\\n}])"_s);
    for (const Field &s : scripts) {
        if (!s.unres.isEmpty())
            unverify(u"its sed script is not known until it runs (%1)"_s.arg(s.raw));
        else if (runs.match(s.s).hasMatch())
            unverify(u"its sed script runs commands (the e command or flag)"_s);
    }
}

} // namespace mpa::shell
