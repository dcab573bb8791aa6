#include "Subcommands.h"

#include <cstdio>

namespace mpa {

// Placeholder until the debug API lands (issue 4).
int runCtl(int, char **, const AppOptions &)
{
    std::fprintf(stderr, "multi-purpose-agent ctl: the debug API is not part of this build yet\n");
    return 1;
}

} // namespace mpa
