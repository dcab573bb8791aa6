// Fuzz target: a user-written pattern (core/common TextPattern: a substring, or /regex/flags
// as entered in the ban list and the target filter). The input's first line is the pattern,
// the rest the text it is matched against.
#include "FuzzSupport.h"
#include "common/TextPattern.h"

using namespace mpa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString input = fuzz::text(data, size);
    const qsizetype newline = input.indexOf(u'\n');
    const QString source = newline < 0 ? input : input.left(newline);
    const QString text = newline < 0 ? input : input.mid(newline + 1);
    const TextPattern pattern(source);
    if (!pattern.isValid() && pattern.errorString().isEmpty())
        __builtin_trap();
    (void)pattern.matches(text);
    (void)pattern.matches(source);
    (void)TextPattern::normalize(text);
    return 0;
}
