#include "ShellSyntax_p.h"

using namespace Qt::StringLiterals;

// Each step below has its twin in payload/ban-check.js section "2. the shell grammar"; change
// both together (tests/unit/BanListTest.cpp and tests/integration/BanCheckPageTest.cpp hold
// them to one corpus).

namespace mpa::shell {

using namespace detail;

namespace {

void appendCodePoint(QString &out, uint code)
{
    if (code < 0x10000) {
        out += QChar(char16_t(code));
    } else {
        const char32_t c = code;
        out += QString::fromUcs4(&c, 1);
    }
}

// $'…' with its escapes resolved (bash: ANSI-C quoting): the text and the index after the
// closing quote, -1 when the quote is not closed.
std::pair<QString, qsizetype> ansiC(const QString &s, qsizetype i)
{
    QString out;
    while (i < s.size()) {
        const QChar c = s[i];
        if (c == u'\'')
            return { out, i + 1 };
        if (c != u'\\' || i + 1 >= s.size()) {
            out += c;
            ++i;
            continue;
        }
        const QChar e = s[i + 1];
        i += 2;
        static const QString simpleFrom = u"abeEfnrtv\\'\"?"_s;
        static const QString simpleTo = u"\x07\b\x1b\x1b\f\n\r\t\v\\'\"?"_s;
        if (const qsizetype k = simpleFrom.indexOf(e); k >= 0) {
            out += simpleTo[k];
        } else if (e == u'x' || e == u'u' || e == u'U') {
            const int max = e == u'x' ? 2 : e == u'u' ? 4 : 8;
            qsizetype j = i;
            while (j < s.size() && j - i < max && isHex(s[j]))
                ++j;
            if (j == i) {
                out += u'\\';
                out += e;
            } else {
                const qulonglong code = s.mid(i, j - i).toULongLong(nullptr, 16);
                if (code <= 0x10ffff)
                    appendCodePoint(out, uint(code));
                i = j;
            }
        } else if (e >= u'0' && e <= u'7') {
            qsizetype j = i - 1;
            while (j < s.size() && j - (i - 1) < 3 && s[j] >= u'0' && s[j] <= u'7')
                ++j;
            out += QChar(char16_t(s.mid(i - 1, j - (i - 1)).toUInt(nullptr, 8) & 0xff));
            i = j;
        } else if (e == u'c' && i < s.size()) {
            out += QChar(char16_t(s[i].unicode() & 0x1f));
            ++i;
        } else {
            out += u'\\';
            out += e;
        }
    }
    return { out, -1 };
}

} // namespace

// twin of ban-check.js literalOf
std::optional<QString> literalOf(const Word &w)
{
    QString s;
    for (const Part &p : w.parts) {
        if (p.k != Part::Kind::Lit)
            return std::nullopt;
        s += p.s;
    }
    return s;
}

Parser::Parser(const QString &text, qsizetype pos, int nest)
    : m_text(text)
    , m_pos(pos)
    , m_nest(nest)
{
}

void Parser::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
    m_pos = m_text.size();
    m_tok = Token();
}

// ---- tokens (twin of Parser.peek, take, lex) ----

const Parser::Token &Parser::peek()
{
    if (!m_tok)
        m_tok = lex();
    return *m_tok;
}

Parser::Token Parser::take()
{
    Token t = peek();
    if (t.k != Token::Kind::Eof)
        m_tok.reset();
    return t;
}

Parser::Token Parser::lex()
{
    const QString &s = m_text;
    const qsizetype n = s.size();
    for (;;) {
        while (m_pos < n && isSpace(s[m_pos]))
            ++m_pos;
        if (at(m_pos) == u'\\' && at(m_pos + 1) == u'\n') {
            m_pos += 2;
            continue;
        }
        if (at(m_pos) == u'#') {
            while (m_pos < n && s[m_pos] != u'\n')
                ++m_pos;
        }
        break;
    }
    if (m_pos >= n)
        return Token();
    const QChar c = s[m_pos];
    if (c == u'\n') {
        ++m_pos;
        readHeredocs();
        Token t;
        t.k = Token::Kind::Nl;
        return t;
    }
    if ((c == u'<' || c == u'>') && at(m_pos + 1) == u'(')
        return readWord(false);
    int fd = -1;
    qsizetype j = m_pos;
    while (j < n && isDigit(s[j]))
        ++j;
    if (j > m_pos && j < n && (s[j] == u'<' || s[j] == u'>') && at(j + 1) != u'(') {
        fd = j - m_pos > 4 ? 9999 : s.mid(m_pos, j - m_pos).toInt();
        m_pos = j;
    }
    if (u";&|()<>"_s.contains(at(m_pos))) {
        const QStringView rest = QStringView(s).mid(m_pos);
        for (const QString &op : kOperators) {
            if (rest.startsWith(op)) {
                m_pos += op.size();
                Token t;
                t.s = op;
                if (kRedirections.contains(op)) {
                    t.k = Token::Kind::Redir;
                    t.fd = fd;
                } else {
                    t.k = Token::Kind::Op;
                }
                return t;
            }
        }
    }
    return readWord(false);
}

// A word; in a ${…} argument (`inParam`) blanks and operators are part of it.
Parser::Token Parser::readWord(bool inParam)
{
    const QString &s = m_text;
    const qsizetype n = s.size();
    Token t;
    t.k = Token::Kind::Word;
    Word &w = t.word;
    const qsizetype start = m_pos;
    static const QString stops = u" \t\n;&|()<>"_s;
    while (m_pos < n && m_error.isEmpty()) {
        const QChar c = s[m_pos];
        if (!inParam && stops.contains(c)) {
            if ((c == u'<' || c == u'>') && at(m_pos + 1) == u'(') {
                readProcess(w);
                continue;
            }
            if (c == u'(' && isAssignPrefix(literalOf(w))) {
                readArray(w);
                continue;
            }
            break;
        }
        if (c == u'\\') {
            if (at(m_pos + 1) == u'\n') {
                m_pos += 2;
            } else if (!inParam && isDrivePrefix(literalOf(w))) {
                addLit(w, u"/"_s, false); // a Windows path (C:\Windows) keeps its separators
                ++m_pos;
            } else {
                if (m_pos + 1 < n)
                    addLit(w, s[m_pos + 1], true);
                m_pos += 2;
            }
        } else if (c == u'\'') {
            const qsizetype end = s.indexOf(u'\'', m_pos + 1);
            if (end < 0) {
                fail(u"a ' quote is not closed"_s);
                break;
            }
            addLit(w, s.mid(m_pos + 1, end - m_pos - 1), true);
            m_pos = end + 1;
        } else if (c == u'"') {
            ++m_pos;
            addLit(w, QString(), true);
            readDouble(w, false);
        } else if (c == u'`') {
            readBacktick(w, false);
        } else if (c == u'$') {
            readDollar(w, false);
        } else if (c == u'~' && !inParam && (w.parts.isEmpty() || isAssignPrefix(literalOf(w)))) {
            readTilde(w);
        } else if (!inParam && (c == u'{' || c == u'}' || c == u',')) {
            Part p;
            p.s = c;
            p.br = true;
            w.parts.append(p);
            ++m_pos;
        } else {
            addLit(w, c, false);
            ++m_pos;
        }
    }
    w.raw = s.mid(start, std::min(m_pos, n) - start);
    return t;
}

// The inside of "…" (or of an unquoted here-document, `heredoc`, which ends at the end).
void Parser::readDouble(Word &w, bool heredoc)
{
    const QString &s = m_text;
    const qsizetype n = s.size();
    static const QString heredocEscapes = u"$`\\\n"_s;
    static const QString quoteEscapes = u"$`\"\\\n"_s;
    for (;;) {
        if (m_pos >= n) {
            if (!heredoc)
                fail(u"a \" quote is not closed"_s);
            return;
        }
        const QChar c = s[m_pos];
        if (c == u'"' && !heredoc) {
            ++m_pos;
            return;
        }
        if (c == u'\\' && m_pos + 1 < n && (heredoc ? heredocEscapes : quoteEscapes).contains(s[m_pos + 1])) {
            if (s[m_pos + 1] != u'\n')
                addLit(w, s[m_pos + 1], true);
            m_pos += 2;
        } else if (c == u'$') {
            readDollar(w, true);
        } else if (c == u'`') {
            readBacktick(w, true);
        } else {
            addLit(w, c, true);
            ++m_pos;
        }
        if (!m_error.isEmpty())
            return;
    }
}

void Parser::readDollar(Word &w, bool quoted)
{
    const QString &s = m_text;
    const qsizetype p = m_pos;
    const QChar next = at(p + 1);
    if (next == u'\'' && !quoted) {
        const auto [text, end] = ansiC(s, p + 2);
        if (end < 0) {
            fail(u"a $' quote is not closed"_s);
            return;
        }
        addLit(w, text, true);
        m_pos = end;
        return;
    }
    if (next == u'"' && !quoted) {
        m_pos += 2;
        addLit(w, QString(), true);
        readDouble(w, false);
        return;
    }
    if (next == u'(' && at(p + 2) == u'(') {
        const qsizetype end = arithEnd(s, p + 3);
        if (end >= 0) {
            Part part;
            part.k = Part::Kind::Arith;
            part.s = s.mid(p + 3, end - p - 3);
            part.q = quoted;
            part.hidden = hidesCommand(part.s, false);
            w.parts.append(part);
            m_pos = end + 2;
            return;
        }
    }
    if (next == u'(') {
        m_pos = p + 2;
        Part part;
        part.k = Part::Kind::Cmd;
        part.node = subParse();
        part.q = quoted;
        part.raw = s.mid(p, m_pos - p);
        w.parts.append(part);
        return;
    }
    if (next == u'{') {
        const qsizetype end = braceEnd(s, p + 2);
        if (end < 0) {
            fail(u"a ${ is not closed"_s);
            return;
        }
        w.parts.append(param(s.mid(p + 2, end - p - 2), quoted, s.mid(p, end + 1 - p)));
        m_pos = end + 1;
        return;
    }
    qsizetype j = p + 1;
    if (isNameStart(next)) {
        while (j < s.size() && isNameChar(s[j]))
            ++j;
    } else if (!next.isNull() && (isDigit(next) || u"@*#?$!-"_s.contains(next))) {
        ++j;
    }
    if (j == p + 1) {
        addLit(w, u"$"_s, quoted);
        ++m_pos;
        return;
    }
    QString name = s.mid(p + 1, j - p - 1);
    // PowerShell's $env:NAME
    if (name.toLower() == u"env"_s && at(j) == u':' && isNameStart(at(j + 1))) {
        qsizetype k = j + 1;
        while (k < s.size() && isNameChar(s[k]))
            ++k;
        name = u"env:"_s + s.mid(j + 1, k - j - 1).toLower();
        j = k;
    }
    Part part;
    part.k = Part::Kind::Param;
    part.name = name;
    part.q = quoted;
    part.raw = s.mid(p, j - p);
    w.parts.append(part);
    m_pos = j;
}

// ${…}: the name, then an operator this checker resolves (:- - := = :? ? :+ +) with its word,
// or another one it does not ('other', 'len', 'indirect').
Part Parser::param(const QString &inner, bool quoted, const QString &raw)
{
    Part part;
    part.k = Part::Kind::Param;
    part.q = quoted;
    part.raw = raw;
    qsizetype i = 0;
    const auto ch = [&](qsizetype k) { return k < inner.size() ? inner[k] : QChar(); };
    if ((ch(0) == u'#' || ch(0) == u'!') && inner.size() > 1) {
        part.op = ch(0) == u'#' ? u"len"_s : u"indirect"_s;
        i = 1;
    }
    qsizetype j = i;
    if (isNameStart(ch(j))) {
        while (j < inner.size() && isNameChar(inner[j]))
            ++j;
    } else if (isDigit(ch(j))) {
        while (j < inner.size() && isDigit(inner[j]))
            ++j;
    } else if (j < inner.size() && u"@*#?$!-"_s.contains(inner[j])) {
        ++j;
    }
    part.name = inner.mid(i, j - i);
    const QString rest = inner.mid(j);
    if (!part.op.isEmpty() || part.name.isEmpty()) {
        if (part.op.isEmpty())
            part.op = u"other"_s;
        part.hidden = hidesCommand(inner, true);
        return part;
    }
    if (rest.isEmpty())
        return part;
    qsizetype opLength = rest.startsWith(u':') ? 1 : 0;
    if (opLength < rest.size() && u"-=?+"_s.contains(rest[opLength])) {
        ++opLength;
        part.op = rest.left(opLength);
        part.arg = wordOf(rest.mid(opLength));
        return part;
    }
    part.op = u"other"_s;
    part.hidden = hidesCommand(rest, true);
    return part;
}

WordPtr Parser::wordOf(const QString &text)
{
    if (m_nest + 1 > kMaxNest) {
        fail(u"it is nested too deeply"_s);
        return std::make_shared<Word>();
    }
    Parser sub(text, 0, m_nest + 1);
    Token t = sub.readWord(true);
    if (!sub.m_error.isEmpty())
        fail(sub.m_error);
    return std::make_shared<Word>(std::move(t.word));
}

void Parser::readBacktick(Word &w, bool quoted)
{
    const QString &s = m_text;
    qsizetype i = m_pos + 1;
    QString body;
    for (;;) {
        if (i >= s.size()) {
            fail(u"a ` quote is not closed"_s);
            return;
        }
        const QChar c = s[i];
        if (c == u'`')
            break;
        if (c == u'\\' && i + 1 < s.size() && u"$`\\"_s.contains(s[i + 1])) {
            body += s[i + 1];
            i += 2;
            continue;
        }
        body += c;
        ++i;
    }
    Part part;
    part.k = Part::Kind::Cmd;
    part.raw = s.mid(m_pos, i + 1 - m_pos);
    part.q = quoted;
    m_pos = i + 1;
    part.node = scriptOf(body);
    w.parts.append(part);
}

void Parser::readProcess(Word &w)
{
    const qsizetype p = m_pos;
    m_pos += 2;
    Part part;
    part.k = Part::Kind::Proc;
    part.node = subParse();
    part.raw = m_text.mid(p, m_pos - p);
    part.out = m_text[p] == u'>';
    w.parts.append(part);
}

void Parser::readArray(Word &w)
{
    const QString &s = m_text;
    int depth = 0;
    qsizetype i = m_pos;
    for (; i < s.size(); ++i) {
        const QChar c = s[i];
        if (c == u'\\') {
            ++i;
        } else if (c == u'\'') {
            const qsizetype end = s.indexOf(u'\'', i + 1);
            i = end < 0 ? s.size() : end;
        } else if (c == u'(') {
            ++depth;
        } else if (c == u')' && --depth == 0) {
            break;
        }
    }
    if (i >= s.size()) {
        fail(u"an array ( is not closed"_s);
        return;
    }
    addLit(w, s.mid(m_pos, i + 1 - m_pos), true);
    w.array = true;
    m_pos = i + 1;
}

void Parser::readTilde(Word &w)
{
    const QString &s = m_text;
    qsizetype j = m_pos + 1;
    while (j < s.size() && (isNameChar(s[j]) || s[j] == u'.' || s[j] == u'+' || s[j] == u'-'))
        ++j;
    Part part;
    part.k = Part::Kind::Tilde;
    part.s = s.mid(m_pos + 1, j - m_pos - 1);
    w.parts.append(part);
    m_pos = j;
}

// $( … ): parsed in place, up to its `)`.
NodePtr Parser::subParse()
{
    if (m_nest + 1 > kMaxNest) {
        fail(u"it is nested too deeply"_s);
        return emptyList();
    }
    Parser sub(m_text, m_pos, m_nest + 1);
    NodePtr node = sub.parseList();
    const Token t = sub.take();
    if (!(t.k == Token::Kind::Op && t.s == u")"_s))
        sub.fail(u"a $( or <( is not closed"_s);
    if (!sub.m_error.isEmpty())
        fail(sub.m_error);
    else
        m_pos = sub.m_pos;
    return node;
}

// The text of backticks, a -c string …: a script of its own.
NodePtr Parser::scriptOf(const QString &text)
{
    if (m_nest + 1 > kMaxNest) {
        fail(u"it is nested too deeply"_s);
        return emptyList();
    }
    Parser sub(text, 0, m_nest + 1);
    NodePtr node = sub.parseScript();
    if (!sub.m_error.isEmpty())
        fail(sub.m_error);
    return node;
}

// The bodies of the here-documents of the line just ended.
void Parser::readHeredocs()
{
    const QString &s = m_text;
    const qsizetype n = s.size();
    const QList<Heredoc> pending = std::exchange(m_heredocs, {});
    for (const Heredoc &h : pending) {
        QStringList lines;
        bool closed = false;
        while (m_pos < n) {
            qsizetype eol = s.indexOf(u'\n', m_pos);
            if (eol < 0)
                eol = n;
            QString line = s.mid(m_pos, eol - m_pos);
            m_pos = std::min(eol + 1, n);
            if (h.strip) {
                qsizetype tabs = 0;
                while (tabs < line.size() && line[tabs] == u'\t')
                    ++tabs;
                line.remove(0, tabs);
            }
            if (line == h.delim) {
                closed = true;
                break;
            }
            lines.append(line);
        }
        if (!closed)
            fail(u"a here-document is not closed by %1"_s.arg(h.delim));
        h.redir->body = lines.isEmpty() ? QString() : lines.join(u'\n') + u'\n';
        if (!h.quoted) {
            Parser sub(h.redir->body, 0, m_nest + 1);
            Word w;
            w.raw = h.redir->body;
            sub.readDouble(w, true);
            if (!sub.m_error.isEmpty())
                fail(sub.m_error);
            h.redir->bodyWord = w;
        }
    }
}

} // namespace mpa::shell
