#include "ThisProcess.h"

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace mpa::ThisProcess {

bool runsAsRoot()
{
#ifdef Q_OS_UNIX
    return ::getuid() == 0;
#else
    return false;
#endif
}

std::optional<uint> userId()
{
#ifdef Q_OS_UNIX
    return uint(::getuid());
#else
    return std::nullopt;
#endif
}

bool stdinIsTerminal()
{
#ifdef Q_OS_UNIX
    return ::isatty(STDIN_FILENO) == 1;
#else
    return false; // asked through the window instead
#endif
}

qint64 msSinceStart()
{
    // No portable record of the start: count from the first call (made early, at start-up).
    return msSinceFirstCall();
}

} // namespace mpa::ThisProcess
