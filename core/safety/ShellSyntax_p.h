#pragma once
// Private helpers shared by the shell grammar's two halves (ShellSyntax.cpp: tokens and words;
// ShellGrammar.cpp: commands). Twin of payload/ban-check.js section "2. the shell grammar".

#include "ShellSyntax.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace mpa::shell::detail {

// twin of ban-check.js OPERATORS, REDIRECTIONS, COMPOUND_WORDS, TERMINATORS
inline const QStringList kOperators { u";;&"_s, u"<<<"_s, u"<<-"_s, u"&>>"_s, u";;"_s, u";&"_s,
                                      u"&&"_s,  u"||"_s,  u"|&"_s,  u"&>"_s,  u"<<"_s, u"<>"_s,
                                      u"<&"_s,  u">>"_s,  u">|"_s,  u">&"_s,  u";"_s,  u"&"_s,
                                      u"|"_s,   u"("_s,   u")"_s,   u"<"_s,   u">"_s };
inline const QSet<QString> kRedirections { u"<<<"_s, u"<<-"_s, u"&>>"_s, u"&>"_s, u"<<"_s, u"<>"_s,
                                           u"<&"_s,  u">>"_s,  u">|"_s,  u">&"_s, u"<"_s,  u">"_s };
inline const QSet<QString> kCompoundWords { u"{"_s,      u"if"_s,   u"while"_s,    u"until"_s, u"for"_s,
                                            u"select"_s, u"case"_s, u"function"_s, u"[["_s,    u"then"_s,
                                            u"elif"_s,   u"else"_s, u"fi"_s,       u"do"_s,    u"done"_s,
                                            u"esac"_s,   u"}"_s };
inline const QSet<QString> kTerminators { u"then"_s, u"elif"_s, u"else"_s, u"fi"_s,
                                          u"do"_s,   u"done"_s, u"esac"_s, u"}"_s };

inline bool isSpace(QChar c)
{
    return c == u' ' || c == u'\t';
}
inline bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}
inline bool isNameStart(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_';
}
inline bool isNameChar(QChar c)
{
    return isNameStart(c) || isDigit(c);
}
inline bool isHex(QChar c)
{
    return isDigit(c) || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
}

inline NodePtr emptyList()
{
    return std::make_shared<Node>();
}

inline NodePtr makeNode(Node::Type t)
{
    auto n = std::make_shared<Node>();
    n->t = t;
    return n;
}

inline void addLit(Word &w, const QString &s, bool q)
{
    if (!w.parts.isEmpty()) {
        Part &last = w.parts.last();
        if (last.k == Part::Kind::Lit && last.q == q && !last.br) {
            last.s += s;
            return;
        }
    }
    Part p;
    p.s = s;
    p.q = q;
    w.parts.append(p);
}

inline void addLit(Word &w, QChar c, bool q)
{
    addLit(w, QString(c), q);
}

// /^[A-Za-z_][A-Za-z0-9_]*\+?=$/ on a word's literal text so far
inline bool isAssignPrefix(const std::optional<QString> &lit)
{
    if (!lit || lit->size() < 2 || !lit->endsWith(u'=') || !isNameStart(lit->at(0)))
        return false;
    qsizetype end = lit->size() - 1;
    if (lit->at(end - 1) == u'+')
        --end;
    for (qsizetype i = 1; i < end; ++i) {
        if (!isNameChar(lit->at(i)))
            return false;
    }
    return end >= 1;
}

// /^[A-Za-z]:/ on a word's literal text so far
inline bool isDrivePrefix(const std::optional<QString> &lit)
{
    return lit && lit->size() >= 2 && lit->at(1) == u':'
        && ((lit->at(0) >= u'a' && lit->at(0) <= u'z') || (lit->at(0) >= u'A' && lit->at(0) <= u'Z'));
}

// /\$\(|`/ and, with `proc`, /[<>]\(/ too
inline bool hidesCommand(QStringView s, bool proc)
{
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        if (c == u'`')
            return true;
        if (i + 1 < s.size() && s[i + 1] == u'(' && (c == u'$' || (proc && (c == u'<' || c == u'>'))))
            return true;
    }
    return false;
}

inline bool isLitWord(const Word &w, QStringView s)
{
    return w.parts.size() == 1 && w.parts[0].k == Part::Kind::Lit && !w.parts[0].q && w.parts[0].s == s;
}

// Where `$((` … `))` ends (the index of the first `)` of `))`), or -1.
inline qsizetype arithEnd(const QString &s, qsizetype i)
{
    int depth = 0;
    for (; i < s.size(); ++i) {
        const QChar c = s[i];
        if (c == u'(') {
            ++depth;
        } else if (c == u')') {
            if (depth == 0)
                return i + 1 < s.size() && s[i + 1] == u')' ? i : -1;
            --depth;
        }
    }
    return -1;
}

// Where the `}` of a `${` ends, skipping quotes and nested ${ } and $( ), or -1.
inline qsizetype braceEnd(const QString &s, qsizetype i)
{
    int depth = 1;
    for (; i < s.size(); ++i) {
        const QChar c = s[i];
        if (c == u'\\') {
            ++i;
        } else if (c == u'\'') {
            const qsizetype end = s.indexOf(u'\'', i + 1);
            if (end < 0)
                return -1;
            i = end;
        } else if (c == u'"') {
            for (++i; i < s.size() && s[i] != u'"'; ++i) {
                if (s[i] == u'\\')
                    ++i;
            }
        } else if (c == u'$' && i + 1 < s.size() && s[i + 1] == u'{') {
            ++depth;
            ++i;
        } else if (c == u'}') {
            --depth;
            if (depth == 0)
                return i;
        }
    }
    return -1;
}

} // namespace mpa::shell::detail
