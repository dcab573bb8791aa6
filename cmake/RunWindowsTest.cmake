# Test step (cmake -P): the Windows shortcut seam (core/platform/WindowsShortcut_windows.cpp) built
# by MinGW-w64 with tests/platform/WindowsShortcutTest.cpp, linked statically, and run under Wine
# (Debian's wine64; scripts/test installs both), so the shell's IShellLinkW and Windows' own
# command-line splitting check what PlatformCompileCheck only compiles. The Wine prefix lives in
# the build folder (made once, about 15 s), with no display and without Wine's Mono and Gecko.
# Inputs: ROOT (the source tree), MINGW_CXX, WINE (empty when not found), WORK_DIR.
cmake_minimum_required(VERSION 3.25)
if(NOT MINGW_CXX)
    message(FATAL_ERROR "WindowsShortcutTest: the MinGW-w64 compiler is missing (scripts/test installs it: "
                        "apt install g++-mingw-w64-x86-64-posix)")
endif()
if(NOT WINE)
    message(FATAL_ERROR "WindowsShortcutTest: Wine is missing (scripts/test installs it: apt install wine64)")
endif()

file(MAKE_DIRECTORY "${WORK_DIR}")
set(exe "${WORK_DIR}/WindowsShortcutTest.exe")
# The project's warnings (cmake/CompilerWarnings.cmake), every warning an error; Unicode as the app.
execute_process(
    COMMAND ${MINGW_CXX} -std=c++20 -O1 -static -Werror -Wall -Wextra -Wpedantic -Wnon-virtual-dtor
            -Wold-style-cast -Woverloaded-virtual -Wcast-align -Wimplicit-fallthrough
            -Wmisleading-indentation -Wformat=2 -DUNICODE -D_UNICODE -I${ROOT}/core
            ${ROOT}/tests/platform/WindowsShortcutTest.cpp ${ROOT}/core/platform/WindowsShortcut_windows.cpp
            -lole32 -luuid -lshell32 -o ${exe}
    RESULT_VARIABLE result ERROR_VARIABLE report OUTPUT_VARIABLE report)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "WindowsShortcutTest: MinGW-w64 could not build the test:\n${report}")
endif()

execute_process(
    COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY "WINEPREFIX=${WORK_DIR}/wine-prefix"
            WINEDEBUG=-all "WINEDLLOVERRIDES=mscoree=;mshtml=" ${WINE} ${exe}
    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE wineSaid TIMEOUT 240)
message("${output}")
if(NOT result EQUAL 0 OR NOT output MATCHES "\n[0-9]+ passed, 0 failed\n")
    message(FATAL_ERROR "WindowsShortcutTest failed under Wine (exit ${result}); Wine said:\n${wineSaid}")
endif()
