#pragma once
// The shell grammar of the ban list's verdict: a command's text → its syntax tree, as bash reads
// it (words with quotes and escapes, lists, pipelines, compound commands, redirections,
// here-documents, substitutions). Twin of payload/ban-check.js sections "names" and "2. the
// shell grammar"; change both together (the corpus holds them equal).

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <utility>

namespace mpa::shell {

// twin of ban-check.js "names": the limits
inline constexpr int kMaxNest = 48; // nesting of compound commands and substitutions in one text
inline constexpr int kMaxDepth = 6; // scripts inside scripts: sh -c '…', eval, a here-document to a shell
inline constexpr int kMaxFields = 256; // words one word may expand to (braces, loop values)
inline constexpr int kMaxValues = 16; // values a variable may hold (loops, assignments on some paths)
inline constexpr int kMaxSteps = 4000; // commands and nodes looked at for one verdict
inline constexpr int kMaxText = 65536; // characters of one command: longer is too long to check

struct Node;
struct Word;
struct Redir;
using NodePtr = std::shared_ptr<Node>;
using WordPtr = std::shared_ptr<Word>;
using RedirPtr = std::shared_ptr<Redir>;

// A piece of a word: literal text, ~user, $name / ${…}, $( ) or backticks, $(( )), <( ) >( ),
// or (after expansion) one value of a variable that holds several.
struct Part
{
    enum class Kind { Lit, Tilde, Param, Cmd, Arith, Proc, Val };
    Kind k = Kind::Lit;
    QString s; // lit: its text; tilde: the user; arith: the inside; val: the value
    bool q = false; // quoted (lit, param, cmd, arith, val)
    bool br = false; // lit: an unquoted { , or }, for brace expansion
    QString name; // param
    QString op; // param: '' ':-' '-' ':=' '=' ':?' '?' ':+' '+' 'len' 'indirect' 'other'
    WordPtr arg; // param: the word after op
    QString raw; // param, cmd, proc: as written
    bool hidden = false; // param, arith: hides a command
    NodePtr node; // cmd, proc
    bool out = false; // proc: >( )
    std::optional<QString> pat; // val: the glob the value is
};

struct Word
{
    QList<Part> parts;
    QString raw;
    bool array = false;
};

struct Redir
{
    QString op;
    int fd = -1;
    std::optional<Word> target;
    QString body; // a here-document's text
    std::optional<Word> bodyWord; // an unquoted here-document, read as "…"
    bool quoted = false;
};

struct Assign
{
    QString name;
    Word value;
    bool array = false;
};

struct Node
{
    enum class Type { List, AndOr, Pipe, Simple, Sub, Group, If, While, For, Case, Func, Arith };
    struct Item
    {
        NodePtr node;
        bool async = false;
    };
    struct Clause
    {
        NodePtr cond;
        NodePtr body;
    };
    struct CaseItem
    {
        QList<Word> patterns;
        NodePtr body;
    };

    Type t = Type::List;
    QList<RedirPtr> redirs;
    QList<Item> items; // list
    NodePtr first; // andor
    QList<std::pair<QString, NodePtr>> rest; // andor
    QList<NodePtr> cmds; // pipe
    bool bang = false; // pipe
    QList<Assign> assigns; // simple
    QList<Word> words; // simple
    bool cond = false; // simple: [[ … ]]
    NodePtr body; // sub, group, while, for, func
    NodePtr condition; // while
    QList<Clause> clauses; // if
    NodePtr els; // if
    QString name; // for, func
    std::optional<QList<Word>> forWords; // for … in words
    bool arith = false; // for (( ))
    bool hidden = false; // for (( )), arith: hides a command
    std::optional<Word> word; // case
    QList<CaseItem> caseItems; // case
};

// The literal text of a word, or nullopt when it holds an expansion.
std::optional<QString> literalOf(const Word &w);
// NAME=value, NAME+=value, NAME[i]=value at the start of a simple command.
std::optional<Assign> assignmentOf(const Word &word);
// How many times a function body calls `name`, and whether it starts something in the
// background or a pipe (the fork bomb's shape).
int countCalls(const Node &node, const QString &name);
bool forks(const Node &node);

// A parse of one text (or of a piece of it, from `pos`): parseScript() for a whole text; error()
// says why the text is not complete shell, '' when it is.
class Parser
{
public:
    Parser(const QString &text, qsizetype pos, int nest);

    NodePtr parseScript();
    const QString &error() const { return m_error; }

private:
    struct Token
    {
        enum class Kind { Eof, Nl, Op, Redir, Word };
        Kind k = Kind::Eof;
        QString s;
        int fd = -1;
        Word word;
    };
    struct Heredoc
    {
        RedirPtr redir;
        QString delim;
        bool strip = false;
        bool quoted = false;
    };

    friend std::optional<Assign> assignmentOf(const Word &word);

    QChar at(qsizetype i) const { return i >= 0 && i < m_text.size() ? m_text.at(i) : QChar(); }
    void fail(const QString &message);
    const Token &peek();
    Token take();
    Token lex();
    Token readWord(bool inParam);
    void readDouble(Word &w, bool heredoc);
    void readDollar(Word &w, bool quoted);
    Part param(const QString &inner, bool quoted, const QString &raw);
    WordPtr wordOf(const QString &text);
    void readBacktick(Word &w, bool quoted);
    void readProcess(Word &w);
    void readArray(Word &w);
    void readTilde(Word &w);
    NodePtr subParse();
    NodePtr scriptOf(const QString &text);
    void readHeredocs();

    void skipNewlines();
    // The next token is the unquoted word `word` (a reserved word such as "then", or "!", "{").
    bool atWord(QStringView word);
    void expectWord(const QString &word);
    void expectOp(const QString &op);
    bool atListEnd(const Token &t) const;
    NodePtr parseList();
    NodePtr parseAndOr();
    NodePtr parsePipeline();
    NodePtr parseCommand();
    NodePtr parseCommandHere();
    QList<RedirPtr> parseRedirs();
    RedirPtr parseRedir();
    NodePtr parseSimple();
    NodePtr functionBody(const QString &name);
    NodePtr parseFunction();
    NodePtr parseIf();
    NodePtr parseWhile();
    NodePtr parseDoGroup();
    NodePtr parseFor();
    NodePtr parseCase();
    NodePtr parseCond();

    QString m_text;
    qsizetype m_pos = 0;
    int m_nest = 0;
    std::optional<Token> m_tok; // the token looked at and not yet taken
    QList<Heredoc> m_heredocs; // here-documents whose bodies start after the next newline
    QString m_error;
};

} // namespace mpa::shell
