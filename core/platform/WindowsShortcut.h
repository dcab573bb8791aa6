#pragma once
// Windows Start-menu shortcuts (.lnk) read and patched through the shell's own IShellLinkW, and
// Windows command lines quoted and split by the rules the C runtime and CommandLineToArgvW apply.
// Free of Qt, so that tests/platform/WindowsShortcutTest.cpp can build it with MinGW-w64 alone and
// run it under Wine; IdeLauncher_windows.cpp wraps it for the app. COM must be initialised on
// the calling thread.

#include <optional>
#include <string>
#include <vector>

namespace mpa::winshortcut {

struct Shortcut
{
    std::wstring target; // the program the shortcut starts
    std::wstring arguments; // its command line after the program, as stored
};

// The shortcut at `path`, or nullopt when it cannot be read as one (`error` says why).
std::optional<Shortcut> read(const std::wstring &path, std::wstring *error = nullptr);
// Replaces the shortcut's arguments, keeping everything else it holds (target, icon, working
// directory, hotkey).
bool writeArguments(const std::wstring &path, const std::wstring &arguments, std::wstring *error = nullptr);

// One argument quoted so that CommandLineToArgvW gives it back unchanged: left bare when it has
// no space, tab or quote; otherwise in quotes, with backslashes doubled where they precede a quote
// or the closing quote.
std::wstring quoteArgument(const std::wstring &argument);
// `arguments` (a shortcut's stored command line) with `added` appended, each quoted.
std::wstring appendArguments(const std::wstring &arguments, const std::vector<std::wstring> &added);
// A command line's arguments split as a started program sees them (CommandLineToArgvW's rules).
std::vector<std::wstring> splitArguments(const std::wstring &arguments);
// The port of the last --remote-debugging-port=N among the split arguments; 0 when there is none
// or it is not a port.
unsigned debuggingPort(const std::wstring &arguments);

} // namespace mpa::winshortcut
