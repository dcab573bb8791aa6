#pragma once
// The ban list's built-in rules and what they need: the names of commands by kind, paths as
// the rules compare them (normalised, globs covering what they match, devices), and a simple
// command as the walk hands it to the rules. Twin of payload/ban-check.js sections "names",
// "4. paths" and "6. the rules".

#include "ShellExpand.h"

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace mpa::shell {

// twin of ban-check.js "names"
extern const QSet<QString> kSystemDirs, kShells, kInterpreters, kDownloaders, kFilters, kExtractors,
    kDeleters, kRemovers, kPermissions, kDestructive, kPrivileged, kWindowsDeleters, kHarmlessOutputs;

// What a command reads on its input (and what a command writes, as the next one of a pipe
// reads it).
struct Input
{
    enum class Kind { None, Text, Download, Decode, Unknown, File, Proc };
    Kind k = Kind::None;
    QString text; // text
    Field field; // file
    QString why; // unknown

    static Input of(Kind k) { return { k, {}, {}, {} }; }
    static Input ofText(const QString &text) { return { Kind::Text, text, {}, {} }; }
    static Input unknown(const QString &why) { return { Kind::Unknown, {}, {}, why }; }
};

using Link = std::pair<QString, QString>; // a symbolic link or bind mount: name → target

// A simple command as it would run, its wrappers taken off (twin of Analysis.record's object).
struct Command
{
    QString name;
    QList<Field> fields; // the command and its words
    QList<Field> full; // with its wrappers
    QStringList wrappers;
    QList<Field> args; // operands (not options)
    QSet<QString> flags; // r f P, --long, -word, /s
    QList<Field> outputs;
    Input stdin;
    QList<std::optional<QString>> cwd;
    bool extra = false; // xargs adds words
    bool envRisk = false; // it changes a variable that decides what runs
    bool cond = false; // [[ … ]]
    bool transparent = false; // the allow list looks at what it runs instead
    QString label; // assignments alone
    QString script; // 'download', 'decode' or 'tainted': what it runs as a script
    std::optional<QList<Field>> findRoots;
    bool findDeletes = false;
    std::optional<QList<Field>> foundBy; // find -exec: the folders find walks
    const QList<Link> *links = nullptr;
};

struct Rule
{
    const char *id;
    const char *what;
    bool (*test)(const Command &c); // nullptr: decided elsewhere (the fork bomb)
};

// twin of ban-check.js RULES, in their order
const QList<Rule> &rules();
const Rule &ruleById(const char *id);

// twin of ban-check.js section "4. paths"
QString normalise(const QString &p, bool pattern);
inline QString normalPath(const QString &p)
{
    return normalise(p, false);
}
bool isRooted(const QString &n);
QString basename(const QString &p);
QString commandName(const QString &word);
QString family(const QString &name);
bool covers(const Field &f, const Command &c, bool cwdStar);
bool isDevice(const Field &f);

} // namespace mpa::shell
