# Test step (cmake -P): fails when a C++ source or header of the project is not formatted the way
# .clang-format says, naming each such file and the command that formats it. clang-format 14 is
# the one Debian 12 ships (scripts/test installs it); another version formats some constructs
# differently, so only 14 is accepted.
# Inputs: ROOT (the source tree), CLANG_FORMAT (the program; empty when it was not found).
cmake_minimum_required(VERSION 3.25)
if(NOT CLANG_FORMAT)
    message(FATAL_ERROR "CheckFormat: clang-format-14 is missing (scripts/test installs it: "
                        "apt install clang-format-14)")
endif()
set(sources)
foreach(folder IN ITEMS app core ui tests)
    file(GLOB_RECURSE found LIST_DIRECTORIES false "${ROOT}/${folder}/*.cpp" "${ROOT}/${folder}/*.h")
    list(APPEND sources ${found})
endforeach()
# The fixtures are inputs of other checks, kept as they are (their line numbers are asserted).
list(FILTER sources EXCLUDE REGEX "/tests/fixtures/")
list(SORT sources)
list(LENGTH sources count)
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${sources}
                RESULT_VARIABLE result ERROR_VARIABLE report OUTPUT_QUIET)
if(NOT result EQUAL 0)
    string(REGEX MATCHALL "[^\n]+: error: code should be clang-formatted" lines "${report}")
    set(files)
    foreach(line IN LISTS lines)
        string(REGEX REPLACE ":[0-9]+:[0-9]+: error: code should be clang-formatted$" "" file "${line}")
        file(RELATIVE_PATH file "${ROOT}" "${file}")
        list(APPEND files "${file}")
    endforeach()
    list(REMOVE_DUPLICATES files)
    list(LENGTH files bad)
    list(JOIN files "\n  " shown)
    message(FATAL_ERROR "CheckFormat: ${bad} of ${count} files are not formatted as .clang-format says:\n  ${shown}\n"
                        "Format them with: ${CLANG_FORMAT} -i <file>…")
endif()
message(STATUS "CheckFormat: ${count} files formatted as .clang-format says")
