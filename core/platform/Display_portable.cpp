#include "Display.h"

namespace mpa::Display {

bool desktopAvailable()
{
    // Windows and macOS always run a desktop session for a user's process.
    return true;
}

} // namespace mpa::Display
