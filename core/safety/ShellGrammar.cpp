#include "ShellSyntax_p.h"

// The grammar half of the shell parser: tokens → commands. Each step has its twin in
// payload/ban-check.js section "2. the shell grammar"; change both together.

namespace mpa::shell {

using namespace detail;

// ---- grammar (twin of Parser.skipNewlines … parseCond) ----

void Parser::skipNewlines()
{
    while (peek().k == Token::Kind::Nl)
        take();
}

bool Parser::atWord(QStringView word)
{
    const Token &t = peek();
    return t.k == Token::Kind::Word && isLitWord(t.word, word);
}

void Parser::expectWord(const QString &word)
{
    if (atWord(word))
        take();
    else
        fail(u"\"%1\" is missing"_s.arg(word));
}

void Parser::expectOp(const QString &op)
{
    const Token &t = peek();
    if (t.k == Token::Kind::Op && t.s == op)
        take();
    else
        fail(u"\"%1\" is missing"_s.arg(op));
}

bool Parser::atListEnd(const Token &t) const
{
    if (t.k == Token::Kind::Eof)
        return true;
    if (t.k == Token::Kind::Op)
        return t.s == u")"_s || t.s == u";;"_s || t.s == u";&"_s || t.s == u";;&"_s;
    return t.k == Token::Kind::Word && t.word.parts.size() == 1 && t.word.parts[0].k == Part::Kind::Lit
        && !t.word.parts[0].q && kTerminators.contains(t.word.parts[0].s);
}

NodePtr Parser::parseScript()
{
    NodePtr list = parseList();
    const Token t = peek();
    if (t.k != Token::Kind::Eof)
        fail(u"\"%1\" is unexpected"_s.arg(t.k == Token::Kind::Word ? t.word.raw : t.s));
    return list;
}

NodePtr Parser::parseList()
{
    NodePtr node = emptyList();
    for (;;) {
        skipNewlines();
        if (atListEnd(peek()))
            break;
        NodePtr cmd = parseAndOr();
        const Token t = peek();
        if (t.k == Token::Kind::Op && (t.s == u";"_s || t.s == u"&"_s)) {
            take();
            node->items.append({ cmd, t.s == u"&"_s });
            continue;
        }
        node->items.append({ cmd, false });
        if (t.k != Token::Kind::Nl)
            break;
    }
    return node;
}

NodePtr Parser::parseAndOr()
{
    NodePtr first = parsePipeline();
    QList<std::pair<QString, NodePtr>> rest;
    for (;;) {
        const Token t = peek();
        if (t.k != Token::Kind::Op || (t.s != u"&&"_s && t.s != u"||"_s))
            break;
        take();
        skipNewlines();
        rest.append({ t.s, parsePipeline() });
    }
    if (rest.isEmpty())
        return first;
    NodePtr node = makeNode(Node::Type::AndOr);
    node->first = first;
    node->rest = rest;
    return node;
}

NodePtr Parser::parsePipeline()
{
    bool bang = false;
    while (atWord(u"!")) {
        take();
        bang = true;
    }
    QList<NodePtr> cmds { parseCommand() };
    for (;;) {
        const Token &t = peek();
        if (t.k != Token::Kind::Op || (t.s != u"|"_s && t.s != u"|&"_s))
            break;
        take();
        skipNewlines();
        cmds.append(parseCommand());
    }
    if (cmds.size() == 1 && !bang)
        return cmds[0];
    NodePtr node = makeNode(Node::Type::Pipe);
    node->cmds = cmds;
    node->bang = bang;
    return node;
}

NodePtr Parser::parseCommand()
{
    if (m_nest + 1 > kMaxNest) {
        fail(u"it is nested too deeply"_s);
        return emptyList();
    }
    ++m_nest;
    NodePtr node = parseCommandHere();
    --m_nest;
    return node;
}

NodePtr Parser::parseCommandHere()
{
    const Token t = peek();
    NodePtr node;
    if (t.k == Token::Kind::Op && t.s == u"("_s) {
        const qsizetype end = at(m_pos) == u'(' ? arithEnd(m_text, m_pos + 1) : -1;
        if (end >= 0) {
            node = makeNode(Node::Type::Arith);
            node->hidden = hidesCommand(QStringView(m_text).mid(m_pos + 1, end - m_pos - 1), false);
            m_tok.reset();
            m_pos = end + 2;
        } else {
            take();
            node = makeNode(Node::Type::Sub);
            node->body = parseList();
            expectOp(u")"_s);
        }
    } else if (t.k == Token::Kind::Word && t.word.parts.size() == 1 && t.word.parts[0].k == Part::Kind::Lit
               && !t.word.parts[0].q && kCompoundWords.contains(t.word.parts[0].s)) {
        const QString w = t.word.parts[0].s;
        if (w == u"{"_s) {
            take();
            node = makeNode(Node::Type::Group);
            node->body = parseList();
            expectWord(u"}"_s);
        } else if (w == u"if"_s) {
            node = parseIf();
        } else if (w == u"while"_s || w == u"until"_s) {
            node = parseWhile();
        } else if (w == u"for"_s || w == u"select"_s) {
            node = parseFor();
        } else if (w == u"case"_s) {
            node = parseCase();
        } else if (w == u"function"_s) {
            return parseFunction();
        } else if (w == u"[["_s) {
            node = parseCond();
        } else {
            fail(u"\"%1\" is unexpected"_s.arg(w));
            return emptyList();
        }
    } else if (t.k == Token::Kind::Word || t.k == Token::Kind::Redir) {
        return parseSimple();
    } else {
        fail(u"\"%1\" is unexpected"_s.arg(t.k == Token::Kind::Eof      ? u"the end"_s
                                               : t.k == Token::Kind::Nl ? u"a new line"_s
                                                                        : t.s));
        return emptyList();
    }
    node->redirs = parseRedirs();
    return node;
}

QList<RedirPtr> Parser::parseRedirs()
{
    QList<RedirPtr> list;
    while (peek().k == Token::Kind::Redir)
        list.append(parseRedir());
    return list;
}

RedirPtr Parser::parseRedir()
{
    const Token t = take();
    auto r = std::make_shared<Redir>();
    r->op = t.s;
    r->fd = t.fd;
    if (peek().k != Token::Kind::Word) {
        fail(u"%1 has no target"_s.arg(t.s));
        return r;
    }
    const Token target = take();
    r->target = target.word;
    if (t.s == u"<<"_s || t.s == u"<<-"_s) {
        QString delim;
        for (const Part &p : target.word.parts) {
            if (p.k == Part::Kind::Lit) {
                delim += p.s;
                if (p.q)
                    r->quoted = true;
            } else {
                delim += p.raw;
            }
        }
        m_heredocs.append({ r, delim, t.s == u"<<-"_s, r->quoted });
    }
    return r;
}

NodePtr Parser::parseSimple()
{
    NodePtr node = makeNode(Node::Type::Simple);
    for (;;) {
        if (peek().k == Token::Kind::Redir) {
            node->redirs.append(parseRedir());
            continue;
        }
        if (peek().k != Token::Kind::Word)
            break;
        const Token t = take();
        if (node->words.isEmpty()) {
            if (auto a = assignmentOf(t.word)) {
                node->assigns.append(*a);
                continue;
            }
        }
        node->words.append(t.word);
        if (node->words.size() == 1 && node->assigns.isEmpty() && node->redirs.isEmpty()) {
            const Token next = peek();
            const std::optional<QString> lit = literalOf(t.word);
            const bool keywordTime
                = (lit == u"time"_s || lit == u"coproc"_s) && t.word.parts.size() == 1 && !t.word.parts[0].q;
            if (keywordTime
                && ((next.k == Token::Kind::Op && next.s == u"("_s)
                    || (next.k == Token::Kind::Word && next.word.parts.size() == 1
                        && next.word.parts[0].k == Part::Kind::Lit && !next.word.parts[0].q
                        && (kCompoundWords.contains(next.word.parts[0].s)
                            || next.word.parts[0].s == u"!"_s)))) {
                return parsePipeline(); // the time keyword before a compound command
            }
            if (next.k == Token::Kind::Op && next.s == u"("_s) {
                take();
                expectOp(u")"_s);
                return functionBody(lit ? *lit : t.word.raw);
            }
        }
    }
    return node;
}

NodePtr Parser::functionBody(const QString &name)
{
    skipNewlines();
    NodePtr body = parseCommand();
    if (body->t == Node::Type::Simple || (body->t == Node::Type::List && m_error.isEmpty()))
        fail(u"a function body must be { … } or ( … )"_s);
    NodePtr node = makeNode(Node::Type::Func);
    node->name = name;
    node->body = body;
    return node;
}

NodePtr Parser::parseFunction()
{
    take();
    if (peek().k != Token::Kind::Word) {
        fail(u"a function has no name"_s);
        return emptyList();
    }
    const Token t = take();
    const Token &next = peek();
    if (next.k == Token::Kind::Op && next.s == u"("_s) {
        take();
        expectOp(u")"_s);
    }
    const std::optional<QString> lit = literalOf(t.word);
    return functionBody(lit ? *lit : t.word.raw);
}

NodePtr Parser::parseIf()
{
    take();
    NodePtr node = makeNode(Node::Type::If);
    NodePtr cond = parseList();
    expectWord(u"then"_s);
    node->clauses.append({ cond, parseList() });
    while (atWord(u"elif")) {
        take();
        NodePtr c = parseList();
        expectWord(u"then"_s);
        node->clauses.append({ c, parseList() });
    }
    if (atWord(u"else")) {
        take();
        node->els = parseList();
    }
    expectWord(u"fi"_s);
    return node;
}

NodePtr Parser::parseWhile()
{
    take();
    NodePtr node = makeNode(Node::Type::While);
    node->condition = parseList();
    node->body = parseDoGroup();
    return node;
}

// POSIX's do_group: `do` list `done`, the body of while, until and for.
NodePtr Parser::parseDoGroup()
{
    expectWord(u"do"_s);
    NodePtr body = parseList();
    expectWord(u"done"_s);
    return body;
}

NodePtr Parser::parseFor()
{
    take();
    NodePtr node = makeNode(Node::Type::For);
    const Token t = peek();
    if (t.k == Token::Kind::Op && t.s == u"("_s && at(m_pos) == u'(') {
        const qsizetype end = arithEnd(m_text, m_pos + 1);
        if (end < 0) {
            fail(u"a for (( is not closed"_s);
            return node;
        }
        node->arith = true;
        node->hidden = hidesCommand(QStringView(m_text).mid(m_pos + 1, end - m_pos - 1), false);
        m_tok.reset();
        m_pos = end + 2;
    } else {
        if (t.k != Token::Kind::Word) {
            fail(u"a for loop has no name"_s);
            return node;
        }
        take();
        node->name = literalOf(t.word).value_or(QString());
        skipNewlines();
        if (atWord(u"in")) {
            take();
            QList<Word> words;
            while (peek().k == Token::Kind::Word)
                words.append(take().word);
            node->forWords = words;
        }
    }
    if (peek().k == Token::Kind::Op && peek().s == u";"_s)
        take();
    skipNewlines();
    if (atWord(u"{")) {
        take();
        node->body = parseList();
        expectWord(u"}"_s);
    } else {
        node->body = parseDoGroup();
    }
    return node;
}

NodePtr Parser::parseCase()
{
    take();
    NodePtr node = makeNode(Node::Type::Case);
    if (peek().k != Token::Kind::Word) {
        fail(u"case has no word"_s);
        return node;
    }
    node->word = take().word;
    skipNewlines();
    expectWord(u"in"_s);
    for (;;) {
        skipNewlines();
        const Token t = peek();
        if (atWord(u"esac")) {
            take();
            break;
        }
        if (t.k == Token::Kind::Eof) {
            fail(u"\"esac\" is missing"_s);
            break;
        }
        if (t.k == Token::Kind::Op && t.s == u"("_s)
            take();
        Node::CaseItem item;
        for (;;) {
            if (peek().k != Token::Kind::Word) {
                fail(u"a case pattern is missing"_s);
                return node;
            }
            item.patterns.append(take().word);
            if (peek().k != Token::Kind::Op || peek().s != u"|"_s)
                break;
            take();
        }
        expectOp(u")"_s);
        item.body = parseList();
        node->caseItems.append(item);
        const Token end = peek();
        if (end.k == Token::Kind::Op && (end.s == u";;"_s || end.s == u";&"_s || end.s == u";;&"_s))
            take();
        else if (!atWord(u"esac"))
            fail(u"a case item does not end with ;;"_s);
    }
    return node;
}

// [[ … ]]: its words (with their substitutions); its operators are not commands.
NodePtr Parser::parseCond()
{
    NodePtr node = makeNode(Node::Type::Simple);
    node->cond = true;
    node->words.append(take().word);
    for (;;) {
        const Token t = take();
        if (t.k == Token::Kind::Eof) {
            fail(u"\"]]\" is missing"_s);
            break;
        }
        if (t.k == Token::Kind::Word && isLitWord(t.word, u"]]"))
            break;
        if (t.k == Token::Kind::Word)
            node->words.append(t.word);
    }
    return node;
}

// twin of ban-check.js assignmentOf: /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=/
std::optional<Assign> assignmentOf(const Word &word)
{
    if (word.parts.isEmpty())
        return std::nullopt;
    const Part &first = word.parts[0];
    if (first.k != Part::Kind::Lit || first.q || first.br)
        return std::nullopt;
    const QString &s = first.s;
    if (s.isEmpty() || !isNameStart(s[0]))
        return std::nullopt;
    qsizetype i = 1;
    while (i < s.size() && isNameChar(s[i]))
        ++i;
    const QString name = s.left(i);
    bool array = word.array;
    if (i < s.size() && s[i] == u'[') {
        const qsizetype close = s.indexOf(u']', i + 1);
        if (close < 0)
            return std::nullopt;
        i = close + 1;
        array = true;
    }
    if (i < s.size() && s[i] == u'+') {
        ++i;
        array = true;
    }
    if (i >= s.size() || s[i] != u'=')
        return std::nullopt;
    ++i;
    Assign a;
    a.name = name;
    a.array = array;
    const QString rest = s.mid(i);
    if (!rest.isEmpty()) {
        Part p;
        p.s = rest;
        a.value.parts.append(p);
    }
    a.value.parts.append(word.parts.mid(1));
    a.value.raw = word.raw.mid(word.raw.indexOf(u'=') + 1);
    return a;
}

namespace {

// twin of ban-check.js children
QList<NodePtr> children(const Node &node)
{
    QList<NodePtr> out;
    switch (node.t) {
    case Node::Type::List:
        for (const Node::Item &i : node.items)
            out.append(i.node);
        break;
    case Node::Type::AndOr:
        out.append(node.first);
        for (const auto &r : node.rest)
            out.append(r.second);
        break;
    case Node::Type::Pipe:
        out = node.cmds;
        break;
    case Node::Type::Sub:
    case Node::Type::Group:
    case Node::Type::Func:
        out.append(node.body);
        break;
    case Node::Type::If:
        for (const Node::Clause &c : node.clauses)
            out << c.cond << c.body;
        if (node.els)
            out.append(node.els);
        break;
    case Node::Type::While:
        out << node.condition << node.body;
        break;
    case Node::Type::For:
        if (node.body)
            out.append(node.body);
        break;
    case Node::Type::Case:
        for (const Node::CaseItem &i : node.caseItems)
            out.append(i.body);
        break;
    default:
        break;
    }
    return out;
}

} // namespace

int countCalls(const Node &node, const QString &name)
{
    int n = node.t == Node::Type::Simple && !node.words.isEmpty() && literalOf(node.words[0]) == name ? 1 : 0;
    for (const NodePtr &k : children(node)) {
        if (k)
            n += countCalls(*k, name);
    }
    return n;
}

bool forks(const Node &node)
{
    if (node.t == Node::Type::Pipe && node.cmds.size() > 1)
        return true;
    if (node.t == Node::Type::List) {
        for (const Node::Item &i : node.items) {
            if (i.async)
                return true;
        }
    }
    for (const NodePtr &k : children(node)) {
        if (k && forks(*k))
            return true;
    }
    return false;
}

} // namespace mpa::shell
