// Fuzz target: the ban list's shell parser and verdict (core/safety BanList, issues 8 and 28):
// the input's first line is a user entry (substring or /regex/flags, checked as the Safety page
// checks it) and an allow entry, the rest the command the agent wants to run. Whatever the
// input, the parse stays within its MAX_* limits (no crash, no hang).
#include "FuzzSupport.h"
#include "safety/BanList.h"

using namespace mpa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString input = fuzz::text(data, size);
    const qsizetype newline = input.indexOf(u'\n');
    const QString entry = newline < 0 ? QString() : input.left(newline);
    const QString command = newline < 0 ? input : input.mid(newline + 1);
    static const BanList builtIn;
    const BanVerdict verdict = builtIn.check(command);
    if (!verdict.allowed() && verdict.rule.isEmpty())
        __builtin_trap(); // a refusal names its rule
    (void)BanList::normalise(command);
    if (!entry.isEmpty() && BanList::checkEntry(entry)) {
        const BanList user({ entry });
        const BanVerdict withEntry = user.check(command);
        // A user entry can only add refusals, never lift a built-in one.
        if (!verdict.allowed() && withEntry.allowed())
            __builtin_trap();
    }
    // The allow-list policy is never more lenient than the rules.
    CommandPolicy policy;
    policy.mode = CommandPolicy::Mode::Allowlist;
    policy.allowed = { QStringLiteral("git status"), QStringLiteral("ls *") };
    if (!entry.isEmpty() && BanList::checkAllowEntry(entry))
        policy.allowed.append(entry);
    const BanVerdict allowlist = BanList({}, policy).check(command);
    if (!verdict.allowed() && allowlist.allowed())
        __builtin_trap();
    return 0;
}
