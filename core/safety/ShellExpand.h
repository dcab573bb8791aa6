#pragma once
// Shell expansion for the ban list's verdict: a word of the syntax tree → the fields a command
// gets (variables set earlier in the same text, ~, brace expansion, $'…', field splitting, and
// globs kept as patterns). Twin of payload/ban-check.js section "3. expansion".

#include "ShellSyntax.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace mpa::shell {

// One value a variable may hold: its text, and the glob it is when it came from one.
struct Val
{
    QString s;
    std::optional<QString> pat;
    bool operator==(const Val &) const = default;
};

// A variable's value: known (one or more values, on different paths) or not, with why not.
struct Value
{
    bool known = false;
    QString why;
    QList<Val> vals;

    static Value unknown(const QString &why) { return { false, why, {} }; }
    static Value of(const QString &s) { return { true, QString(), { Val { s, std::nullopt } } }; }
};

// The shell's variables and the folders the current folder may be (nullopt: not known).
struct Env
{
    QHash<QString, Value> vars;
    QList<std::optional<QString>> cwd;
    bool ifs = false; // IFS was changed
};

// A field a command gets: its text, the glob it is (inactive characters escaped) or nullopt,
// why it cannot be known ('' when it can), whether it is a <( ) file, the word as written,
// whether an unknown unquoted expansion may split it, whether find fills it in ({}).
struct Field
{
    QString s;
    std::optional<QString> pat;
    QString unres;
    bool proc = false;
    QString raw;
    bool split = false;
    bool found = false;
};

enum class ExpandMode {
    Args, // brace expansion, field splitting and globs, as for a command's words
    One, // one field, as for an assignment's value, a redirection's target or a case word
};

Field fieldOf(const QString &s);
QString escapeGlob(const QString &t);
Value varValue(const QString &name, const Env &env);
QList<Field> expandWord(const Word &word, const Env &env, ExpandMode mode);
// An assignment's value from its expansion.
Value valueOf(const QList<Field> &fields);
// A variable set in the straight run of the text takes the value; set on some paths only, it
// may hold either.
void assign(Env &env, const QString &name, const Value &val, bool certain);

} // namespace mpa::shell
