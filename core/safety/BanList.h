#pragma once
// The verdict on a command before auto-accept runs it: the app's half of one check whose other
// half runs in the page (payload/ban-check.js, module banCheck). Both parse a command the same
// way, step for step, and give the same verdict; tests/fixtures/ban-corpus.json holds the cases
// both are held to.
//
// The command is parsed as bash parses it, not guessed at: words with their quotes, escapes and
// $'…'; pipelines (| and |&), lists (; && || & and newlines), ( … ), { …; }, if, while, until,
// for, case, !, [[ ]], (( )), function definitions, redirections, here-documents (the body is
// taken from the lines after), here-strings, and $( ), backticks and <( ) >( ), whose commands
// are checked too. Variables assigned earlier in the same text are followed (x=/; rm -rf $x is
// rm -rf /), brace expansions are expanded, a glob stands for everything it can match (/[a-z]*
// covers /bin), paths are normalised (., .., //, ~, $HOME, ${HOME:?}), and wrappers are taken
// off with their real options (sudo, doas, env incl. -S, command, builtin, exec, time, timeout,
// nice, ionice, nohup, setsid, stdbuf, chroot, xargs, busybox/toybox, watch, flock, su, pkexec,
// npx …). Scripts handed to a shell (sh -c '…', eval '…', a here-document or echo piped into
// bash, watch, trap, at, crontab, a script file this text wrote, GIT_PAGER=…, git -c
// core.pager=…) are parsed and checked as well. Then it is
//   banned           by a built-in rule (builtInRules()) or a user entry;
//   unverifiable     when something decides what runs that cannot be read here: an expansion it
//                    cannot resolve in a command's name, in a destructive command's operands or
//                    in a redirection's target ($IFS, unknown variables, $(…)), alias, eval of
//                    unknown text, a script piped in from an unknown command, inline interpreter
//                    code (python -c, perl -e, node -e, a here-document to python …) unless the
//                    policy allows that interpreter, or text that is not complete shell;
//   not-allowlisted  in the allow-list policy, when a simple command (wrappers taken off; those
//                    in $( ), subshells, loops, sh -c strings too) matches no allow entry;
//   allowed          otherwise.
// User entries: "/re/flags" is a JavaScript regular expression (validated as JavaScript would
// compile it, run on the trimmed original text); anything else a substring, matched without
// case on the whitespace-collapsed text and on the parsed one. Allow entries are words
// ("git status", "npm run *"): matched word for word on the parsed words, a last * takes any
// further words, nothing is a substring. An invalid entry of either kind is skipped.

#include <QList>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>

namespace mpa {

// How auto-accept decides: by the rules (click unless banned or unverifiable), or by the allow
// list (click only when every simple command matches an allow entry, and the rules still apply).
struct CommandPolicy
{
    enum class Mode { Rules, Allowlist };
    Mode mode = Mode::Rules;
    QStringList allowed; // allow entries: "git status", "npm run *"
    QStringList interpreters; // interpreters whose inline code the user allows, e.g. "python"
};

struct BanVerdict
{
    enum class Kind { Allowed, Banned, Unverifiable, NotAllowlisted };
    Kind kind = Kind::Allowed;
    QString rule; // a built-in rule's id, the user's entry, "unverifiable" or "not-allowlisted"
    QString reason; // "it deletes a root, home or system folder recursively"
    QString command; // the text exactly as given, trimmed only
    QString parsed; // the simple commands as the rules saw them: "rm -f -r / ; ls"

    bool allowed() const { return kind == Kind::Allowed; }
    // "allowed", "banned", "unverifiable" or "not-allowlisted", as the page script says it.
    QString name() const;
};

class BanList
{
public:
    explicit BanList(const QStringList &userEntries = {}, CommandPolicy policy = {});

    BanVerdict check(const QString &command) const;

    // Whether a user entry can be used; false with `error` saying why: an empty one, or a
    // /regex/flags that JavaScript would not compile (the page runs it) or that means something
    // else there.
    static bool checkEntry(const QString &entry, QString *error = nullptr);
    // Whether an allow entry can be used; false with `error` saying why: empty, more than one
    // command, a redirection or assignment, an expansion, or a * that is not the last word.
    static bool checkAllowEntry(const QString &entry, QString *error = nullptr);
    // The built-in rules, which apply whatever the user's entries: {id, what it stops}.
    struct RuleInfo
    {
        QString id;
        QString what; // "deletes a root, home or system folder recursively"
    };
    static QList<RuleInfo> builtInRules();
    // The command as the rules see it (for the corpus test and the Safety page).
    static QString normalise(const QString &command);

private:
    struct Entry
    {
        QString source;
        QString needle; // substring entries
        QRegularExpression regex; // regex entries
        bool isRegex = false;
    };
    struct AllowEntry
    {
        QStringList words;
        bool open = false; // a last * takes any further words
    };
    QList<Entry> m_entries;
    QList<AllowEntry> m_allowed;
    CommandPolicy m_policy;
    QSet<QString> m_interpreters; // families whose inline code the policy allows
};

} // namespace mpa
