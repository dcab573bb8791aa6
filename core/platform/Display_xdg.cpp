#include "Display.h"

#include <QtGlobal>

namespace mpa::Display {

bool desktopAvailable()
{
    return qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY");
}

} // namespace mpa::Display
