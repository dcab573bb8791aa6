# Test step (cmake -P): the platform files a Linux build leaves out are compiled on every run, so
# a change that breaks Windows or macOS shows here. The Windows files (core/platform/*_windows.cpp
# and the *_portable.cpp fallbacks they build with) by MinGW-w64 (Debian's
# g++-mingw-w64-x86-64-posix and the Windows SDK headers it ships; scripts/test installs it); the
# macOS files (*_macos.cpp, which call Qt only) by this machine's compiler. Each as the project
# compiles its own (C++20, strict Qt, the project's warnings, every warning an error), against
# this machine's Qt headers. Syntax and types only: nothing is linked or run here.
# Inputs: ROOT (the source tree), MINGW_CXX (empty when it was not found), HOST_CXX,
# QT_INCLUDES ("|"-separated), APP_ID, VERSION.
cmake_minimum_required(VERSION 3.25)
if(NOT MINGW_CXX)
    message(FATAL_ERROR "PlatformCompileCheck: the MinGW-w64 compiler is missing (scripts/test installs it: "
                        "apt install g++-mingw-w64-x86-64-posix)")
endif()

# As cmake/QtStrict.cmake, cmake/CompilerWarnings.cmake and mpa_core_module set them.
set(flags
    -std=c++20 -fsyntax-only -Werror
    -Wall -Wextra -Wpedantic -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual
    -Wcast-align -Wimplicit-fallthrough -Wmisleading-indentation -Wformat=2
    -DQT_NO_CAST_FROM_ASCII -DQT_NO_CAST_TO_ASCII -DQT_NO_CAST_FROM_BYTEARRAY
    -DQT_NO_URL_CAST_FROM_STRING -DQT_NO_KEYWORDS -DQT_NO_FOREACH -DQT_NO_CONTEXTLESS_CONNECT
    -DQT_NO_NARROWING_CONVERSIONS_IN_CONNECT -DQT_USE_QSTRINGBUILDER
    -DQT_DISABLE_DEPRECATED_BEFORE=0x060400 -DQT_CORE_LIB
    "-DMPA_APP_ID=\"${APP_ID}\"" "-DMPA_VERSION=\"${VERSION}\""
    -I${ROOT}/core)
string(REPLACE "|" ";" includes "${QT_INCLUDES}")
foreach(dir IN LISTS includes)
    list(APPEND flags -isystem ${dir})
endforeach()

file(GLOB windows LIST_DIRECTORIES false "${ROOT}/core/platform/*_windows.cpp")
file(GLOB macos LIST_DIRECTORIES false "${ROOT}/core/platform/*_macos.cpp")
file(GLOB portable LIST_DIRECTORIES false "${ROOT}/core/platform/*_portable.cpp")
list(SORT windows)
list(SORT macos)
list(SORT portable)
if(NOT windows OR NOT macos OR NOT portable)
    message(FATAL_ERROR "PlatformCompileCheck: no platform files under ${ROOT}/core/platform")
endif()

set(failed "")
set(bad 0)
set(count 0)
# Windows builds are Unicode (Qt defines UNICODE there).
foreach(file IN LISTS windows portable)
    execute_process(COMMAND ${MINGW_CXX} ${flags} -DUNICODE -D_UNICODE ${file}
                    RESULT_VARIABLE result ERROR_VARIABLE report OUTPUT_VARIABLE report)
    math(EXPR count "${count} + 1")
    if(NOT result EQUAL 0)
        file(RELATIVE_PATH shown "${ROOT}" "${file}")
        string(APPEND failed "${shown} (Windows, MinGW-w64):\n${report}\n")
        math(EXPR bad "${bad} + 1")
    endif()
endforeach()
foreach(file IN LISTS macos portable)
    execute_process(COMMAND ${HOST_CXX} ${flags} ${file}
                    RESULT_VARIABLE result ERROR_VARIABLE report OUTPUT_VARIABLE report)
    math(EXPR count "${count} + 1")
    if(NOT result EQUAL 0)
        file(RELATIVE_PATH shown "${ROOT}" "${file}")
        string(APPEND failed "${shown} (macOS's sources, this machine's compiler):\n${report}\n")
        math(EXPR bad "${bad} + 1")
    endif()
endforeach()
if(bad GREATER 0)
    message(FATAL_ERROR "PlatformCompileCheck: ${bad} of ${count} compiles failed:\n${failed}")
endif()
message(STATUS "PlatformCompileCheck: ${count} compiles of the Windows and macOS platform files passed")
