#include "CommandWalk.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

// The walk of the tree and of each simple command (wrappers, record, the rules). Each step has
// its twin in payload/ban-check.js section "5. the walk"; change both together.

namespace mpa::shell {

namespace {

using IK = Input::Kind;

// Variables whose value is a command some program runs (git, less, man, the prompt …), and
// variables that make every program load other code (twin of COMMAND_VARIABLES …).
const QSet<QString> kCommandVariables {
    u"PAGER"_s,          u"GIT_PAGER"_s,       u"MANPAGER"_s,     u"SYSTEMD_PAGER"_s,
    u"EDITOR"_s,         u"VISUAL"_s,          u"GIT_EDITOR"_s,   u"GIT_SEQUENCE_EDITOR"_s,
    u"FCEDIT"_s,         u"GIT_SSH_COMMAND"_s, u"GIT_SSH"_s,      u"GIT_EXTERNAL_DIFF"_s,
    u"GIT_ASKPASS"_s,    u"SSH_ASKPASS"_s,     u"SUDO_ASKPASS"_s, u"BROWSER"_s,
    u"PROMPT_COMMAND"_s, u"LESSOPEN"_s,        u"LESSCLOSE"_s
};
const QSet<QString> kLoaderVariables { u"LD_PRELOAD"_s, u"LD_AUDIT"_s, u"DYLD_INSERT_LIBRARIES"_s };
const QSet<QString> kSourcedVariables { u"BASH_ENV"_s, u"ENV"_s, u"PYTHONSTARTUP"_s };
const QSet<QString> kOptionVariables { u"NODE_OPTIONS"_s, u"PERL5OPT"_s, u"RUBYOPT"_s };

Ctx withEnvCopy(const Ctx &ctx)
{
    Ctx c = ctx;
    c.env = std::make_shared<Env>(*ctx.env);
    return c;
}

Ctx uncertainOf(const Ctx &ctx)
{
    Ctx c = ctx;
    c.certain = false;
    return c;
}

// /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/ → the name and whether it is +=, or nullopt
std::optional<std::pair<QString, bool>> nameEquals(const QString &s)
{
    static const QRegularExpression form(u"^([A-Za-z_][A-Za-z0-9_]*)(\\+?)="_s);
    const auto m = form.match(s);
    if (!m.hasMatch())
        return std::nullopt;
    return std::make_pair(m.captured(1), !m.captured(2).isEmpty());
}

} // namespace

void Analysis::run(const QString &text)
{
    Ctx ctx;
    ctx.env = std::make_shared<Env>();
    ctx.env->cwd = { std::nullopt };
    if (text.size() > kMaxText) {
        unverify(u"it is too long to check"_s);
        return;
    }
    Parser p(text, 0, 0);
    const NodePtr tree = p.parseScript();
    if (!p.error().isEmpty())
        unverify(u"it is not complete shell syntax (%1)"_s.arg(p.error()));
    walk(*tree, ctx);
}

// ---- the tree ----

Input Analysis::walk(const Node &node, Ctx ctx)
{
    if (++m_steps > kMaxSteps) {
        unverify(u"it is too long to check"_s);
        return Input::unknown(u"too long"_s);
    }
    if (!node.redirs.isEmpty() && node.t != Node::Type::Simple) {
        const auto [stdin, outputs] = redirect(node.redirs, ctx);
        ctx.stdin = stdin;
        ctx.outputs += outputs;
    }
    const Ctx uncertain = uncertainOf(ctx);
    switch (node.t) {
    case Node::Type::List: {
        Input out;
        for (const Node::Item &item : node.items)
            out = combine(out, walk(*item.node, item.async ? withEnvCopy(ctx) : ctx));
        return out;
    }
    case Node::Type::AndOr: {
        Input out = walk(*node.first, ctx);
        for (const auto &r : node.rest)
            out = combine(out, walk(*r.second, uncertain));
        return out;
    }
    case Node::Type::Pipe: {
        Input out = ctx.stdin;
        for (qsizetype i = 0; i < node.cmds.size(); ++i) {
            Ctx inner = node.cmds.size() > 1 ? withEnvCopy(ctx) : ctx;
            inner.stdin = i == 0 ? ctx.stdin : out;
            out = walk(*node.cmds[i], inner);
        }
        return out;
    }
    case Node::Type::Simple:
        return walkSimple(node, ctx);
    case Node::Type::Sub:
        return walk(*node.body, withEnvCopy(ctx));
    case Node::Type::Group:
        return walk(*node.body, ctx);
    case Node::Type::If: {
        Input out;
        for (const Node::Clause &clause : node.clauses) {
            walk(*clause.cond, uncertain);
            out = combine(out, walk(*clause.body, uncertain));
        }
        if (node.els)
            out = combine(out, walk(*node.els, uncertain));
        return out;
    }
    case Node::Type::While:
        walk(*node.condition, uncertain);
        return walk(*node.body, uncertain);
    case Node::Type::For:
        return walkFor(node, ctx);
    case Node::Type::Case: {
        runSubstitutions(node.word ? &*node.word : nullptr, ctx);
        Input out;
        for (const Node::CaseItem &item : node.caseItems) {
            for (const Word &p : item.patterns)
                runSubstitutions(&p, ctx);
            out = combine(out, walk(*item.body, uncertain));
        }
        return out;
    }
    case Node::Type::Func: {
        m_funcs.insert(node.name, node.body);
        if (countCalls(*node.body, node.name) >= 2 && forks(*node.body))
            ban(ruleById("fork-bomb"));
        Ctx inner = uncertain;
        inner.stdin = Input();
        walk(*node.body, inner);
        return Input();
    }
    case Node::Type::Arith:
        if (node.hidden)
            unverify(u"it hides a command inside arithmetic"_s);
        return Input();
    }
    return Input();
}

Input Analysis::walkFor(const Node &node, const Ctx &ctx)
{
    const Ctx uncertain = uncertainOf(ctx);
    if (node.arith) {
        if (node.hidden)
            unverify(u"it hides a command inside arithmetic"_s);
        return node.body ? walk(*node.body, uncertain) : Input();
    }
    Value val;
    if (!node.forWords) {
        val = Value::unknown(u"$%1 takes the script's arguments"_s.arg(node.name));
    } else {
        QList<Field> fields;
        for (const Word &w : *node.forWords) {
            runSubstitutions(&w, ctx);
            fields += expandWord(w, *ctx.env, ExpandMode::Args);
        }
        const auto bad
            = std::find_if(fields.cbegin(), fields.cend(), [](const Field &f) { return !f.unres.isEmpty(); });
        if (bad != fields.cend()) {
            val = Value::unknown(u"$%1 takes %2"_s.arg(node.name, bad->unres));
        } else if (fields.size() > kMaxValues) {
            val = Value::unknown(u"$%1 takes too many values to check"_s.arg(node.name));
        } else if (fields.isEmpty()) {
            val = Value::of(QString());
        } else {
            val.known = true;
            for (const Field &f : fields)
                val.vals.append({ f.s, f.pat });
        }
    }
    ctx.env->vars.insert(node.name, val);
    return node.body ? walk(*node.body, uncertain) : Input();
}

// Commands inside a word's $( ), backticks and <( ) >( ) run too.
void Analysis::runSubstitutions(const Word *word, const Ctx &ctx)
{
    if (!word)
        return;
    for (const Part &part : word->parts) {
        if (part.k == Part::Kind::Cmd || part.k == Part::Kind::Proc) {
            Ctx inner = withEnvCopy(ctx);
            inner.stdin = part.k == Part::Kind::Proc && part.out
                ? Input::unknown(u"what is written into >(…)"_s)
                : Input();
            inner.outputs.clear();
            walk(*part.node, inner);
        } else if (part.k == Part::Kind::Param) {
            if (part.hidden)
                unverify(u"it hides a command inside %1"_s.arg(part.raw));
            if (part.arg)
                runSubstitutions(part.arg.get(), ctx);
        } else if (part.k == Part::Kind::Arith && part.hidden) {
            unverify(u"it hides a command inside arithmetic"_s);
        }
    }
}

// Redirections: where input comes from and the files written.
std::pair<Input, QList<Field>> Analysis::redirect(const QList<RedirPtr> &redirs, const Ctx &ctx)
{
    Input stdin = ctx.stdin;
    QList<Field> outputs;
    for (const RedirPtr &r : redirs) {
        if (!r->target)
            continue;
        runSubstitutions(&*r->target, ctx);
        if (r->op == u"<<"_s || r->op == u"<<-"_s) {
            if (r->quoted || !r->bodyWord) {
                stdin = Input::ofText(r->body);
            } else {
                runSubstitutions(&*r->bodyWord, ctx);
                const QList<Field> f = expandWord(*r->bodyWord, *ctx.env, ExpandMode::One);
                if (f.isEmpty())
                    stdin = Input::ofText(QString());
                else if (f[0].unres.isEmpty())
                    stdin = Input::ofText(f[0].s);
                else
                    stdin = Input::unknown(u"the here-document holds %1"_s.arg(f[0].unres));
            }
            continue;
        }
        const QList<Field> fs = expandWord(*r->target, *ctx.env, ExpandMode::One);
        Field f;
        if (fs.size() == 1) {
            f = fs[0];
        } else {
            f = fieldOf(r->target->raw);
            f.unres = u"a redirection to several words"_s;
        }
        if (r->op == u"<<<"_s) {
            stdin = !f.unres.isEmpty() ? Input::unknown(u"the here-string holds %1"_s.arg(f.unres))
                                       : Input::ofText(f.s + u'\n');
        } else if (r->op == u"<"_s) {
            if (f.proc) {
                stdin = Input::of(IK::Proc);
            } else {
                stdin = Input::of(IK::File);
                stdin.field = f;
            }
        } else if ((r->op == u">&"_s || r->op == u"<&"_s) && f.unres.isEmpty()
                   && (f.s == u"-"_s
                       || std::all_of(f.s.cbegin(), f.s.cend(),
                                      [](QChar c) { return c >= u'0' && c <= u'9'; }))
                   && !f.s.isEmpty()) {
            // a copy of another descriptor
        } else if (r->op != u"<&"_s && !f.proc) {
            outputs.append(f);
        }
    }
    return { stdin, outputs };
}

Input Analysis::walkSimple(const Node &node, const Ctx &ctx)
{
    for (const Assign &a : node.assigns)
        runSubstitutions(&a.value, ctx);
    for (const Word &w : node.words)
        runSubstitutions(&w, ctx);
    const auto [stdin, redirOutputs] = redirect(node.redirs, ctx);
    QList<std::pair<QString, Value>> values;
    for (const Assign &a : node.assigns) {
        values.append({ a.name,
                        a.array ? Value::unknown(u"%1 is an array"_s.arg(a.name))
                                : valueOf(expandWord(a.value, *ctx.env, ExpandMode::One)) });
    }
    static const QSet<QString> declarations { u"export"_s, u"declare"_s, u"typeset"_s, u"local"_s,
                                              u"readonly"_s };
    const bool declaration
        = !node.words.isEmpty() && declarations.contains(literalOf(node.words[0]).value_or(u"\n"_s));
    QList<Field> fields;
    for (qsizetype k = 0; k < node.words.size(); ++k) {
        const std::optional<Assign> a = declaration && k > 0 ? assignmentOf(node.words[k]) : std::nullopt;
        if (!a) {
            fields += expandWord(node.words[k], *ctx.env, ExpandMode::Args);
            continue;
        }
        const Value v = a->array ? Value::unknown(u"%1 is an array"_s.arg(a->name))
                                 : valueOf(expandWord(a->value, *ctx.env, ExpandMode::One));
        Field f;
        f.s = a->name + u'=' + (v.known ? v.vals[0].s : a->value.raw);
        f.unres = v.known ? QString() : v.why;
        f.raw = node.words[k].raw;
        fields.append(f);
    }
    Ctx inner = ctx;
    inner.stdin = stdin;
    inner.outputs += redirOutputs;
    bool risky = false;
    for (const auto &[name, val] : values)
        risky = checkAssignment(name, val, inner) || risky;
    if (fields.isEmpty()) {
        // Assignments alone set the shell's variables; a redirection alone opens its file.
        for (const auto &[name, val] : values)
            assign(*ctx.env, name, val, ctx.certain);
        if (!values.isEmpty() || !redirOutputs.isEmpty() || node.cond) {
            Meta meta;
            meta.envRisk = risky;
            meta.cond = node.cond;
            const std::shared_ptr<Command> c = record({}, inner, meta);
            QStringList label;
            for (const Assign &a : node.assigns)
                label.append(a.name + u'=' + a.value.raw);
            c->label = label.join(u' ');
            finish(*c);
        }
        return Input();
    }
    return runCommand(fields, inner, risky, node.cond);
}

// Assignments whose value some program runs or loads; true when the allow list cannot vouch for
// what runs after it (PATH and these).
bool Analysis::checkAssignment(const QString &name, const Value &val, const Ctx &ctx)
{
    if (kCommandVariables.contains(name)) {
        if (!val.known) {
            unverify(u"it sets %1, a command some program runs, to text not known until it runs"_s.arg(name));
        } else {
            for (const Val &v : val.vals) {
                QString text = v.s;
                qsizetype bars = 0;
                while (bars < text.size() && text[bars] == u'|')
                    ++bars;
                text = text.mid(bars);
                if (!text.trimmed().isEmpty())
                    script(text, name, Input(), ctx);
            }
        }
        return true;
    }
    if (kLoaderVariables.contains(name)) {
        unverify(u"it sets %1, which makes every program load other code"_s.arg(name));
        return true;
    }
    if (kSourcedVariables.contains(name)) {
        if (!val.known) {
            unverify(u"it sets %1, a script shells run, to a file not known until it runs"_s.arg(name));
        } else {
            for (const Val &v : val.vals) {
                if (tainted(v.s))
                    ban(ruleById("download-then-run"));
            }
        }
        return true;
    }
    if (kOptionVariables.contains(name)) {
        static const QRegularExpression loads(
            u"(?:^|\\s)(?:-r|--require|--import|--loader|--experimental-loader|-[Mm])"_s);
        if (!val.known || std::any_of(val.vals.cbegin(), val.vals.cend(), [](const Val &v) {
                return loads.match(v.s).hasMatch();
            }))
            unverify(u"it sets %1 to load other code"_s.arg(name));
        return true;
    }
    return name == u"PATH"_s || name == u"IFS"_s;
}

// Wrappers are taken off (with their options), then the command is looked at.
Input Analysis::runCommand(const QList<Field> &fields, const Ctx &ctx, bool envRisk, bool cond)
{
    const QList<Field> &full = fields;
    Unwrap st;
    st.envRisk = envRisk;
    st.fields = fields;
    // The context and record of what runs after the wrappers taken off so far: the outputs they
    // redirect to, their names, the environment risk and the working folder they set.
    const auto afterWrappers = [&](Ctx &inner, Meta &meta) {
        inner = ctx;
        inner.outputs += st.outputs;
        meta.wrappers = st.wrappers;
        meta.full = full;
        meta.envRisk = st.envRisk;
        meta.cwd = st.cwd;
    };
    qsizetype i = 0;
    for (int guard = 0; guard < 16; ++guard) {
        const Field f = st.fields[i];
        if (!f.unres.isEmpty())
            break;
        const QString name = commandName(f.s);
        if (!wrappers().contains(name))
            break;
        const qsizetype next = unwrap(name, i, ctx, st);
        if (next < 0) {
            // The wrapper runs no command of its own (sudo -l, env alone) or a script (watch …).
            Ctx inner;
            Meta meta;
            afterWrappers(inner, meta);
            const std::shared_ptr<Command> c = record(st.fields.mid(i), inner, meta);
            if (st.script) {
                c->transparent = !kPrivileged.contains(name);
                script(*st.script, c->name, c->stdin, ctx);
            }
            if (st.shell)
                stdinScript(*c, ctx, Kind::Shell, u"sh"_s);
            finish(*c);
            return Input::unknown(u"the output of %1"_s.arg(name));
        }
        st.wrappers.append(name);
        i = next;
        if (i >= st.fields.size())
            break;
    }
    QList<Field> rest = st.fields.mid(i);
    if (rest.isEmpty())
        rest = { fieldOf(u"echo"_s) }; // xargs with no command runs echo
    if (!st.repl.isEmpty()) {
        for (Field &f : rest) {
            if (f.s.contains(st.repl))
                f.unres = u"xargs puts its input into %1"_s.arg(f.raw);
        }
    }
    Ctx inner;
    Meta meta;
    afterWrappers(inner, meta);
    meta.extra = st.extra;
    meta.cond = cond;
    const std::shared_ptr<Command> c = record(rest, inner, meta);
    return command(*c, inner);
}

// One wrapper: the index of the command it runs, or -1 when it runs none (st.script or
// st.shell then say what it runs instead).
qsizetype Analysis::unwrap(const QString &name, qsizetype i, const Ctx &ctx, Unwrap &st)
{
    const QList<Field> fields = st.fields;
    if (name == u"busybox"_s || name == u"toybox"_s) {
        if (i + 1 >= fields.size())
            return -1;
        const Field &next = fields[i + 1];
        return next.unres.isEmpty() && next.s.startsWith(u'-') ? -1 : i + 1;
    }
    const Scan r = scanOptions(fields, i + 1, wrappers().value(name));
    if (!r.bad.isEmpty()) {
        unverify(u"%1 gets %2"_s.arg(name, r.bad));
        return -1;
    }
    const auto has = [&](std::initializer_list<const char16_t *> names) {
        for (const auto &o : r.opts) {
            for (const char16_t *n : names) {
                if (o.first == QStringView(n))
                    return true;
            }
        }
        return false;
    };
    const auto valueOfOption = [&](std::initializer_list<const char16_t *> names) -> std::optional<Field> {
        std::optional<Field> found;
        for (const auto &o : r.opts) {
            for (const char16_t *n : names) {
                if (o.first == QStringView(n)) {
                    found = o.second;
                    break;
                }
            }
        }
        return found;
    };
    qsizetype k = r.i;
    const qsizetype end = fields.size();
    if (name == u"sudo"_s) {
        if (has({ u"e", u"edit", u"l", u"list", u"v", u"validate", u"V", u"version", u"h", u"help", u"K",
                  u"remove-timestamp" }))
            return -1;
        if (const auto d = valueOfOption({ u"D", u"chdir" }))
            st.cwd = d;
        k = skipAssignments(k, ctx, st);
        if (k >= end)
            st.shell = has({ u"s", u"i", u"shell", u"login" });
        return k >= end ? -1 : k;
    }
    if (name == u"doas"_s) {
        if (k >= end)
            st.shell = has({ u"s" });
        return has({ u"C" }) || k >= end ? -1 : k;
    }
    if (name == u"env"_s) {
        const auto split = valueOfOption({ u"S", u"split-string" });
        if (const auto d = valueOfOption({ u"C", u"chdir" }))
            st.cwd = d;
        if (split) {
            const auto words = splitString(*split, ctx);
            if (!words)
                return -1;
            st.fields = fields.mid(0, k) + *words + fields.mid(k);
        }
        k = skipAssignments(k, ctx, st);
        return k >= st.fields.size() ? -1 : k;
    }
    if (name == u"command"_s)
        return has({ u"v", u"V" }) || k >= end ? -1 : k;
    if (name == u"time"_s) {
        if (const auto out = valueOfOption({ u"o", u"output" }))
            st.outputs.append(*out);
        return k >= end ? -1 : k;
    }
    if (name == u"timeout"_s || name == u"chroot"_s) {
        ++k; // the duration; the new root
        if (k >= end && name == u"chroot"_s)
            st.shell = true;
        return k >= end ? -1 : k;
    }
    if (name == u"ionice"_s)
        return has({ u"p", u"P", u"u", u"pid", u"pgid", u"uid" }) || k >= end ? -1 : k;
    if (name == u"xargs"_s) {
        st.extra = true;
        if (has({ u"I", u"replace", u"i" })) {
            const auto v = valueOfOption({ u"I", u"replace", u"i" });
            st.repl = v && !v->s.isEmpty() ? v->s : u"{}"_s;
        }
        return k;
    }
    if (name == u"watch"_s) {
        if (has({ u"x", u"exec" }))
            return k >= end ? -1 : k;
        return scriptOfWords(fields.mid(k), name, st);
    }
    if (name == u"flock"_s) {
        if (const auto c = valueOfOption({ u"c", u"command" }))
            return scriptOfWords({ *c }, name, st);
        ++k; // the lock file
        if (k < end && (fields[k].s == u"-c"_s || fields[k].s == u"--command"_s))
            return scriptOfWords(fields.mid(k + 1, 1), name, st);
        return k >= end ? -1 : k;
    }
    if (name == u"su"_s || name == u"runuser"_s)
        return su(name, fields, i, st);
    if (name == u"npx"_s) {
        if (const auto c = valueOfOption({ u"c", u"call" }))
            return scriptOfWords({ *c }, name, st);
        return k >= end ? -1 : k;
    }
    return k >= end ? -1 : k;
}

// su and runuser take their options anywhere: -c runs a script, -u (runuser) the command.
qsizetype Analysis::su(const QString &name, const QList<Field> &fields, qsizetype i, Unwrap &st)
{
    const OptionSpec spec = wrappers().value(name);
    qsizetype k = i + 1;
    while (k < fields.size()) {
        if (fields[k].unres.isEmpty() && fields[k].s == u"-"_s) {
            ++k;
            continue;
        }
        const Scan r = scanOptions(fields, k, spec);
        if (!r.bad.isEmpty()) {
            unverify(u"%1 gets %2"_s.arg(name, r.bad));
            return -1;
        }
        std::optional<Field> c;
        bool user = false;
        for (const auto &o : r.opts) {
            if (o.first == u"c"_s || o.first == u"command"_s || o.first == u"session-command"_s)
                c = o.second;
            user = user || o.first == u"u"_s || o.first == u"user"_s;
        }
        if (c)
            return scriptOfWords({ *c }, name, st);
        if (user && r.i < fields.size())
            return r.i;
        k = r.i + 1; // past the user name: su takes its options before and after it
    }
    st.shell = true;
    return -1;
}

qsizetype Analysis::scriptOfWords(const QList<Field> &words, const QString &name, Unwrap &st)
{
    if (std::any_of(words.cbegin(), words.cend(), [](const Field &f) { return !f.unres.isEmpty(); })) {
        unverify(u"%1 runs a command line that is not known until it runs"_s.arg(name));
        return -1;
    }
    QStringList texts;
    for (const Field &f : words)
        texts.append(f.s);
    st.script = texts.join(u' ');
    return -1;
}

// env -S "…": the string split into words, as env splits it.
std::optional<QList<Field>> Analysis::splitString(const Field &field, const Ctx &ctx)
{
    if (!field.unres.isEmpty()) {
        unverify(u"env -S gets a string that is not known until it runs"_s);
        return std::nullopt;
    }
    Parser p(field.s, 0, 0);
    const NodePtr tree = p.parseScript();
    const Node *one
        = tree->items.size() == 1 && !tree->items[0].async && tree->items[0].node->t == Node::Type::Simple
        ? tree->items[0].node.get()
        : nullptr;
    if (!p.error().isEmpty() || !one || !one->redirs.isEmpty()) {
        unverify(u"env -S gets a string with shell syntax that env does not read as a shell would"_s);
        return std::nullopt;
    }
    QList<Field> words;
    for (const Assign &a : one->assigns)
        words.append(fieldOf(a.name + u'=' + literalOf(a.value).value_or(QString())));
    for (const Word &w : one->words)
        words += expandWord(w, *ctx.env, ExpandMode::Args);
    return words;
}

// NAME=value words after sudo's and env's options.
qsizetype Analysis::skipAssignments(qsizetype k, const Ctx &ctx, Unwrap &st)
{
    while (k < st.fields.size()) {
        const Field f = st.fields[k];
        const auto m = nameEquals(f.unres.isEmpty() ? f.s : f.raw);
        if (!m || m->second)
            break;
        const Value val
            = !f.unres.isEmpty() ? Value::unknown(f.unres) : Value::of(f.s.mid(m->first.size() + 1));
        st.envRisk = checkAssignment(m->first, val, ctx) || st.envRisk;
        ++k;
    }
    return k;
}

} // namespace mpa::shell
