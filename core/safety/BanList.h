#pragma once
// The ban list's verdict on a command: the app's half of one check whose other half runs in the
// page (payload/ban-check.js, module banCheck). Both read a command the same way and give the
// same verdict; tests/fixtures/ban-corpus.json holds the cases both are held to.
//
// A command is read as a shell reads it: `\`-newlines joined, Unicode folded (NFKC, any space a
// space), quotes and backslash escapes resolved, split at ; && || | & and newlines, wrappers
// dropped (sudo, doas, env and VAR=value, command, nohup, exec, time, nice), a path's folder
// dropped (/bin/rm is rm), flag clusters split (-rf = -r -f = -fr) and long flags mapped
// (--recursive --force = -r -f), ~ = $HOME = ${HOME}. Then it is
//   banned        by a built-in rule (see kRules in BanList.cpp) or a user entry,
//   unverifiable  when the text hides what runs ($(…), backticks, eval, alias, <(…), a pipe into
//                 a shell or interpreter, sh -c, xargs rm),
//   allowed       otherwise.
// User entries: "/re/flags" is a JavaScript regular expression (validated as JavaScript would
// compile it, run on the trimmed original text); anything else a substring, matched without
// case on the whitespace-collapsed text and on the normalised one.

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace mpa {

// Which commands auto-accept may click (settings safety/commandPolicy and safety/allowedCommands).
struct CommandPolicy
{
    enum class Mode { Rules, Allowlist };
    // Rules: any command no rule and no user entry bans, that is not unverifiable.
    // Allowlist: besides, every simple command of it matches an entry of `allowed`.
    Mode mode = Mode::Rules;
    QStringList allowed; // "git status", "npm run *": words of the parsed command, * for the rest
    QStringList interpreters; // interpreters whose inline code (-c, -e) the user allows
};

struct BanVerdict
{
    enum class Kind { Allowed, Banned, Unverifiable, NotAllowlisted };
    Kind kind = Kind::Allowed;
    QString rule; // a built-in rule's id, the user's entry, "unverifiable" or "not-allowlisted"
    QString reason; // "it deletes a root, home or system folder recursively"
    QString command; // the command exactly as given, trimmed only
    QString parsed; // the parsed simple commands as the rules saw them

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
    // Whether an allow-list entry can be used; false with `error` saying why: an empty one, or
    // one with shell syntax (quotes, ; | & > $ …) or a * that is not its last word.
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
    QList<Entry> m_entries;
    CommandPolicy m_policy;
};

} // namespace mpa
