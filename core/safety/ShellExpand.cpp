#include "ShellExpand.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

// Each step below has its twin in payload/ban-check.js section "3. expansion"; change both
// together (the corpus holds them equal).

namespace mpa::shell {

namespace {

using Parts = QList<Part>;

// twin of ban-check.js lookup
Value lookup(const Part &part, const Env &env)
{
    if (part.op == u"len"_s || part.op == u"indirect"_s || part.op == u"other"_s)
        return Value::unknown(u"%1 is not worked out here"_s.arg(part.raw));
    Value base = varValue(part.name, env);
    if (part.op.isEmpty() || part.op == u":?"_s || part.op == u"?"_s || !base.known)
        return base;
    bool empty = true;
    bool someEmpty = false;
    for (const Val &v : base.vals) {
        empty = empty && v.s.isEmpty();
        someEmpty = someEmpty || v.s.isEmpty();
    }
    const bool colon = part.op.startsWith(u':');
    const bool plus = part.op.endsWith(u'+');
    const bool useArg = plus ? !colon || !someEmpty : colon && empty;
    if (colon && someEmpty && !empty)
        return Value::unknown(u"%1 is empty on some paths"_s.arg(part.raw));
    if (plus && colon && empty)
        return Value::of(QString());
    if (!useArg)
        return base;
    const QList<Field> fields = part.arg ? expandWord(*part.arg, env, ExpandMode::One) : QList<Field>();
    if (fields.isEmpty())
        return Value::of(QString());
    if (fields.size() == 1 && fields[0].unres.isEmpty())
        return Value::of(fields[0].s);
    return Value::unknown(fields.size() == 1 ? fields[0].unres : u"%1 is several words"_s.arg(part.raw));
}

// twin of ban-check.js tildeValue
std::optional<QString> tildeValue(const QString &user, const Env &env)
{
    if (user.isEmpty()) {
        const Value home = varValue(u"HOME"_s, env);
        if (home.known && home.vals.size() == 1)
            return home.vals[0].s;
        return std::nullopt;
    }
    if (user == u"root"_s)
        return u"/root"_s;
    if (user == u"+"_s || user == u"-"_s)
        return std::nullopt;
    return u"~"_s; // another user's home folder
}

bool isBrace(const Part &p, QChar c)
{
    return p.k == Part::Kind::Lit && p.br && p.s.size() == 1 && p.s[0] == c;
}

// JavaScript's String(number) for the integers a sequence counts through.
QString numberText(double v)
{
    if (std::isinf(v))
        return v > 0 ? u"Infinity"_s : u"-Infinity"_s;
    if (v == 0)
        return u"0"_s;
    return QString::number(v, 'f', 0);
}

// twin of ban-check.js sequence: {1..5}, {a..e}, {01..10..2}: the values, or nullopt.
std::optional<QStringList> sequence(const Parts &parts)
{
    if (parts.size() != 1 || parts[0].k != Part::Kind::Lit || parts[0].q || parts[0].br)
        return std::nullopt;
    static const QRegularExpression form(
        u"^(?:(-?\\d+)\\.\\.(-?\\d+)|([A-Za-z])\\.\\.([A-Za-z]))(?:\\.\\.(-?\\d+))?\\z"_s);
    const auto m = form.match(parts[0].s);
    if (!m.hasMatch())
        return std::nullopt;
    double step = m.captured(5).isEmpty() ? 1 : std::fabs(m.captured(5).toDouble());
    if (step == 0 || std::isnan(step))
        step = 1;
    QStringList out;
    if (m.capturedStart(1) >= 0) {
        const double a = m.captured(1).toDouble();
        const double b = m.captured(2).toDouble();
        static const QRegularExpression padded(u"^-?0\\d"_s);
        const qsizetype width
            = padded.match(m.captured(1)).hasMatch() || padded.match(m.captured(2)).hasMatch()
            ? std::max(m.captured(1).size(), m.captured(2).size())
            : 0;
        for (double v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
            out.append(numberText(v).rightJustified(width, u'0'));
            if (out.size() > kMaxFields)
                break;
        }
    } else {
        const int a = m.captured(3)[0].unicode();
        const int b = m.captured(4)[0].unicode();
        const int istep = step > 1000 ? 1000 : int(step);
        for (int v = a; a <= b ? v <= b : v >= b; v += a <= b ? istep : -istep)
            out.append(QChar(char16_t(v)));
    }
    return out;
}

// twin of ban-check.js braceInto: brace expansion (bash does it first, on the word as
// written); false when it gives more than MAX_FIELDS words or nests deeper than MAX_NEST.
bool braceInto(const Parts &parts, QList<Parts> &out, int depth)
{
    if (depth > kMaxNest)
        return false;
    // Each { with its matching } and the commas directly inside it, in one pass.
    const qsizetype n = parts.size();
    QList<qsizetype> match(n, -1);
    QList<QList<qsizetype>> commas(n);
    QList<qsizetype> open;
    for (qsizetype k = 0; k < n; ++k) {
        if (isBrace(parts[k], u'{'))
            open.append(k);
        else if (isBrace(parts[k], u'}') && !open.isEmpty())
            match[open.takeLast()] = k;
        else if (isBrace(parts[k], u',') && !open.isEmpty())
            commas[open.last()].append(k);
    }
    for (qsizetype i = 0; i < n; ++i) {
        const qsizetype j = match[i];
        if (j < 0)
            continue;
        QList<Parts> options;
        if (!commas[i].isEmpty()) {
            qsizetype from = i + 1;
            QList<qsizetype> ends = commas[i];
            ends.append(j);
            for (const qsizetype k : ends) {
                options.append(parts.mid(from, k - from));
                from = k + 1;
            }
        } else {
            const auto seq = sequence(parts.mid(i + 1, j - i - 1));
            if (!seq)
                continue;
            for (const QString &s : *seq) {
                Part p;
                p.s = s;
                p.q = true;
                options.append({ p });
            }
        }
        const Parts prefix = parts.mid(0, i);
        const Parts suffix = parts.mid(j + 1);
        for (const Parts &o : options) {
            if (!braceInto(prefix + o + suffix, out, depth + 1) || out.size() > kMaxFields)
                return false;
        }
        return true;
    }
    out.append(parts);
    return out.size() <= kMaxFields;
}

// twin of ban-check.js valuesInto: a variable that holds several values (a loop's, one
// assigned on some paths) gives a word per value.
bool valuesInto(const Parts &parts, const Env &env, QList<Parts> &out, int depth)
{
    if (depth > kMaxNest)
        return false;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const Part &p = parts[i];
        if (p.k != Part::Kind::Param)
            continue;
        const Value v = lookup(p, env);
        if (!v.known || v.vals.size() < 2)
            continue;
        for (const Val &value : v.vals) {
            Part alt;
            alt.k = Part::Kind::Val;
            alt.s = value.s;
            alt.pat = value.pat;
            alt.q = p.q;
            Parts next = parts;
            next[i] = alt;
            if (!valuesInto(next, env, out, depth + 1) || out.size() > kMaxFields)
                return false;
        }
        return true;
    }
    out.append(parts);
    return out.size() <= kMaxFields;
}

bool isBlank(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\n';
}

bool hasGlobChar(const QString &t)
{
    for (const QChar c : t) {
        if (c == u'*' || c == u'?' || c == u'[')
            return true;
    }
    return false;
}

// twin of ban-check.js fieldsOf
class FieldBuilder
{
public:
    FieldBuilder(const Env &env, ExpandMode mode, const QString &raw, QList<Field> &out)
        : m_env(env)
        , m_split(mode == ExpandMode::Args)
        , m_raw(raw)
        , m_out(out)
    {
    }

    void run(const Parts &parts)
    {
        for (const Part &part : parts) {
            switch (part.k) {
            case Part::Kind::Lit:
                if (part.q || !m_split)
                    quoted(part.s);
                else
                    bare(part.s);
                break;
            case Part::Kind::Tilde: {
                const auto home = tildeValue(part.s, m_env);
                if (!home)
                    unknown(u"~"_s + part.s, u"~%1 is not known here"_s.arg(part.s), true);
                else
                    quoted(*home);
                break;
            }
            case Part::Kind::Val:
                value(Val { part.s, part.pat }, part.q);
                break;
            case Part::Kind::Param: {
                const Value v = lookup(part, m_env);
                if (!v.known)
                    unknown(part.raw, v.why, part.q);
                else if (v.vals.size() == 1)
                    value(v.vals[0], part.q);
                else if (v.vals.size() > 1)
                    unknown(part.raw, u"%1 has several values"_s.arg(part.raw), part.q);
                break;
            }
            case Part::Kind::Cmd:
                unknown(part.raw, u"the output of %1"_s.arg(part.raw), part.q);
                break;
            case Part::Kind::Arith:
                unknown(u"$((%1))"_s.arg(part.s), u"an arithmetic expansion"_s, part.q);
                break;
            case Part::Kind::Proc:
                quoted(u"/dev/fd/63"_s);
                m_cur->proc = true;
                break;
            }
        }
        finish();
    }

private:
    struct Current
    {
        QString s, p;
        bool glob = false;
        QString unres;
        bool proc = false;
        bool split = false;
    };

    void start()
    {
        if (!m_cur)
            m_cur = Current();
    }
    void finish()
    {
        if (!m_cur)
            return;
        Field f;
        f.s = m_cur->s;
        if (m_cur->glob)
            f.pat = m_cur->p;
        f.unres = m_cur->unres;
        f.proc = m_cur->proc;
        f.raw = m_raw;
        f.split = m_cur->split;
        m_out.append(f);
        m_cur.reset();
    }
    void quoted(const QString &t)
    {
        start();
        m_cur->s += t;
        m_cur->p += escapeGlob(t);
    }
    void bare(const QString &t)
    {
        start();
        m_cur->s += t;
        m_cur->p += t;
        if (hasGlobChar(t))
            m_cur->glob = true;
    }
    // An expansion it cannot know; unquoted, it may also split into several words.
    void unknown(const QString &shown, const QString &why, bool q)
    {
        start();
        m_cur->s += shown;
        m_cur->p += escapeGlob(shown);
        if (m_cur->unres.isEmpty())
            m_cur->unres = why;
        if (!q && m_split)
            m_cur->split = true;
    }
    void value(const Val &v, bool q)
    {
        if (q || !m_split) {
            if (v.pat) {
                start();
                m_cur->s += v.s;
                m_cur->p += *v.pat;
                m_cur->glob = true;
            } else {
                quoted(v.s);
            }
            return;
        }
        if (m_env.ifs) {
            unknown(v.s, u"IFS is changed, so how the value splits is not known"_s, false);
            return;
        }
        // v.s.split(/[ \t\n]+/)
        QStringList pieces;
        qsizetype from = 0;
        for (qsizetype k = 0; k < v.s.size();) {
            if (!isBlank(v.s[k])) {
                ++k;
                continue;
            }
            pieces.append(v.s.mid(from, k - from));
            while (k < v.s.size() && isBlank(v.s[k]))
                ++k;
            from = k;
        }
        pieces.append(v.s.mid(from));
        for (qsizetype k = 0; k < pieces.size(); ++k) {
            if (k > 0)
                finish();
            if (!pieces[k].isEmpty())
                bare(pieces[k]);
        }
    }

    const Env &m_env;
    const bool m_split;
    const QString m_raw;
    QList<Field> &m_out;
    std::optional<Current> m_cur;
};

} // namespace

Field fieldOf(const QString &s)
{
    Field f;
    f.s = s;
    f.raw = s;
    return f;
}

// twin of ban-check.js escapeGlob: t.replace(/[\\*?[\]]/g, '\\$&')
QString escapeGlob(const QString &t)
{
    QString out;
    out.reserve(t.size());
    for (const QChar c : t) {
        if (c == u'\\' || c == u'*' || c == u'?' || c == u'[' || c == u']')
            out += u'\\';
        out += c;
    }
    return out;
}

// twin of ban-check.js varValue
Value varValue(const QString &name, const Env &env)
{
    if (const auto it = env.vars.constFind(name); it != env.vars.cend())
        return *it;
    if (name == u"HOME"_s || name == u"env:home"_s || name == u"env:userprofile"_s)
        return Value::of(u"~"_s);
    return Value::unknown(u"$%1 is not set by the command itself"_s.arg(name));
}

// twin of ban-check.js expandWord
QList<Field> expandWord(const Word &word, const Env &env, ExpandMode mode)
{
    const auto tooMuch = [&](const QString &why) {
        Field f = fieldOf(word.raw);
        f.unres = why;
        return QList<Field> { f };
    };
    QList<Parts> braced;
    if (mode != ExpandMode::Args)
        braced.append(word.parts);
    else if (std::count_if(word.parts.cbegin(), word.parts.cend(),
                           [](const Part &p) { return isBrace(p, u'{'); })
                 > kMaxFields
             || !braceInto(word.parts, braced, 0))
        return tooMuch(u"a brace expansion too large to check"_s);
    QList<Parts> alts;
    for (const Parts &parts : braced) {
        if (!valuesInto(parts, env, alts, 0))
            return tooMuch(u"a variable with too many values"_s);
    }
    QList<Field> out;
    for (const Parts &parts : alts)
        FieldBuilder(env, mode, word.raw, out).run(parts);
    return out;
}

// twin of ban-check.js valueOf
Value valueOf(const QList<Field> &fields)
{
    if (fields.isEmpty())
        return Value::of(QString());
    if (fields.size() == 1 && fields[0].unres.isEmpty())
        return Value::of(fields[0].s);
    return Value::unknown(fields.size() == 1 ? fields[0].unres : u"several words"_s);
}

// twin of ban-check.js assign
void assign(Env &env, const QString &name, const Value &val, bool certain)
{
    if (name == u"IFS"_s)
        env.ifs = true;
    if (certain) {
        env.vars.insert(name, val);
        return;
    }
    const auto it = env.vars.constFind(name);
    if (it == env.vars.cend() || !it->known || !val.known) {
        env.vars.insert(name, Value::unknown(u"$%1 is set on some paths only"_s.arg(name)));
        return;
    }
    QList<Val> vals = it->vals;
    for (const Val &v : val.vals) {
        if (!vals.contains(v))
            vals.append(v);
    }
    env.vars.insert(name,
                    vals.size() > kMaxValues ? Value::unknown(u"$%1 may hold too many values"_s.arg(name))
                                             : Value { true, QString(), vals });
}

} // namespace mpa::shell
