#include "Subcommands.h"

#include <cstdio>

namespace mpa {

// Placeholder until the browser toolkit lands (issue 7).
int runMcp(int, char **, const AppOptions &)
{
    std::fprintf(stderr, "multi-purpose-agent mcp: the MCP server is not part of this build yet\n");
    return 1;
}

} // namespace mpa
