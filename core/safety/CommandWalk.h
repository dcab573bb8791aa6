#pragma once
// The walk of the ban list's verdict: a command's syntax tree → the simple commands as they would
// run (wrappers taken off with their real options, variables followed, scripts inside scripts
// parsed too, files downloaded or written and then run followed), each checked by the rules.
// Twin of payload/ban-check.js section "5. the walk" (class Analysis).

#include "BanRules.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <memory>
#include <optional>

namespace mpa::shell {

// Where a command runs: the shell's variables, what it reads, where its output goes.
struct Ctx
{
    std::shared_ptr<Env> env;
    Input stdin;
    QList<Field> outputs;
    int depth = 0;
    bool certain = true;
    std::optional<QList<Field>> foundBy;
};

// Options of a wrapper or a program: flags, letters with a value (attached or the next word),
// letters whose value can only be attached, long names (0 flag, 1 value, 2 optional =value).
struct OptionSpec
{
    QString shortFlags;
    QString arg;
    QString opt;
    QHash<QString, int> longs;
    bool numeric = false;
};

// The wrappers this walk takes off, with their options (twin of ban-check.js WRAPPERS).
const QHash<QString, OptionSpec> &wrappers();
// What a list writes to its output from what its commands write.
Input combine(const Input &a, const Input &b);

class Analysis
{
public:
    // `interpreters`: the families whose inline code the policy allows ("python", "node" …).
    explicit Analysis(const QSet<QString> &interpreters);

    // Parses and walks the text (already folded).
    void run(const QString &text);

    // The simple commands as the rules saw them: "rm -f -r / ; ls".
    QString parsed() const;

    QList<std::shared_ptr<Command>> simples;
    const Rule *banned = nullptr;
    QString unverifiable;

private:
    enum class Kind { Shell, Interpreter, Crontab };
    struct Scan
    {
        qsizetype i = 0;
        QList<std::pair<QString, std::optional<Field>>> opts;
        QString bad;
    };
    struct Unwrap
    {
        QList<Field> fields;
        QStringList wrappers;
        bool extra = false;
        QString repl;
        std::optional<Field> cwd;
        bool envRisk = false;
        QList<Field> outputs;
        std::optional<QString> script;
        bool shell = false;
    };
    struct Meta
    {
        QStringList wrappers;
        QList<Field> full;
        bool extra = false;
        bool envRisk = false;
        std::optional<Field> cwd;
        bool cond = false;
    };
    struct Written
    {
        bool wrote = false;
        std::optional<QString> text; // nullopt: it wrote there text it cannot read
    };

    void ban(const Rule &rule);
    void unverify(const QString &why);
    bool allows(const QString &fam) const { return m_interpreters.contains(fam); }
    bool tainted(const QString &path) const;
    void addTaint(const Field *f);
    Written writtenText(const QString &path) const;
    void write(const Field &f, const std::optional<QString> &text);

    // scripts
    void script(const QString &text, const QString &name, const Input &stdin, const Ctx &ctx);
    void stdinScript(Command &c, const Ctx &ctx, Kind kind, const QString &fam);
    void runFile(const Field *f, Command &c, const Ctx &ctx, Kind kind, const QString &fam);
    void runWritten(const QString &path, Command &c, const Ctx &ctx, Kind kind, const QString &fam);
    void crontab(const QString &text, Command &c, const Ctx &ctx);

    // the tree
    Input walk(const Node &node, Ctx ctx);
    Input walkFor(const Node &node, const Ctx &ctx);
    void runSubstitutions(const Word *word, const Ctx &ctx);
    std::pair<Input, QList<Field>> redirect(const QList<RedirPtr> &redirs, const Ctx &ctx);
    Input walkSimple(const Node &node, const Ctx &ctx);
    bool checkAssignment(const QString &name, const Value &val, const Ctx &ctx);
    Input runCommand(const QList<Field> &fields, const Ctx &ctx, bool envRisk, bool cond);
    qsizetype unwrap(const QString &name, qsizetype i, const Ctx &ctx, Unwrap &st);
    qsizetype su(const QString &name, const QList<Field> &fields, qsizetype i, Unwrap &st);
    qsizetype scriptOfWords(const QList<Field> &words, const QString &name, Unwrap &st);
    std::optional<QList<Field>> splitString(const Field &field, const Ctx &ctx);
    qsizetype skipAssignments(qsizetype k, const Ctx &ctx, Unwrap &st);
    std::shared_ptr<Command> record(const QList<Field> &fields, const Ctx &ctx, const Meta &meta);
    Input command(Command &c, const Ctx &ctx);
    void finish(const Command &c);

    // programs (CommandPrograms.cpp)
    void shell(Command &c, const Ctx &ctx, const QString &fam);
    void scriptOfFields(const QList<Field> &fields, Command &c, const Ctx &ctx);
    void interpreter(Command &c, const Ctx &ctx, const QString &fam);
    void awk(const Command &c);
    void sed(const Command &c);
    void builtin(Command &c, const Ctx &ctx);
    void find(Command &c, const Ctx &ctx);
    void git(Command &c, const Ctx &ctx);
    void gitConfig(const Field &key, const Field &value, Command &c, const Ctx &ctx);
    void taintFrom(const Command &c);
    Input outputOf(const Command &c) const;

    static Scan scanOptions(const QList<Field> &fields, qsizetype i, const OptionSpec &spec);

    QSet<QString> m_interpreters;
    QStringList m_taint; // files written by a downloader or decoder
    bool m_taintAll = false; // an archive of those unpacked: any file may be one
    QList<std::pair<QString, std::optional<QString>>> m_written; // files this text writes
    QList<Link> m_links; // symbolic links and bind mounts this text makes
    QHash<QString, NodePtr> m_funcs;
    QSet<QString> m_calling;
    int m_steps = 0;
};

} // namespace mpa::shell
