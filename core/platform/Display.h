#pragma once
// Whether a graphical desktop is reachable: an X11 or Wayland session on Linux and the BSDs;
// always on Windows and macOS. One implementation per OS family (Display_*.cpp).

namespace mpa::Display {

bool desktopAvailable();

} // namespace mpa::Display
