# Test step (cmake -P): fails when a source outside the folders that speak HTTP (core/server)
# uses an HTTP status number as an error code — one error vocabulary (README "Errors"): a
# failure carries an ErrorKind, and core/server alone maps a kind to a status (HttpStatus).
# Read line by line, with string literals and // comments left out; a status number is one
# HTTP defines from 400 to 511 (400–431, 451, 500–511; not 443, a port), and is flagged only
# where it is used as a code:
#   - as a last argument, `f(x, 404)`, or alone on a continued line `    409));` (a failure's
#     last argument written under its sentence); a middle one, `f(x, 404, y)`, is left to the
#     compiler (an ErrorKind parameter takes no number), as a number list `{ 200, 500, 1000 }`
#     is no code;
#   - in a conditional, `ok ? 500 : 400`;
#   - given to a name that holds a status, a code or a kind: `status = 403`, `kFailureCode = 409`;
#   - compared with such a name, `status == 404`, `code >= 500`, or a `case 401:`.
# Other numbers in that range (500 ms, 500 entries, `maxSteps > 500`) are not codes and pass.
# Inputs: ROOT, FOLDERS (comma-separated folders under ROOT: their .h and .cpp files are read,
# those of sub-folders too), SKIP (comma-separated folders under ROOT that speak HTTP: not
# read), SERVES (comma-separated files under ROOT that serve HTTP themselves: not read), READS
# (comma-separated files under ROOT that read a remote server's HTTP status: they may compare
# it, but not pass a number on).
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/SourceLines.cmake")
string(REPLACE "," ";" folders "${FOLDERS}")
string(REPLACE "," ";" skip "${SKIP}")
string(REPLACE "," ";" serves "${SERVES}")
string(REPLACE "," ";" reads "${READS}")
set(status "(4[0-2][0-9]|43[01]|451|50[0-9]|51[01])")
set(holder "[A-Za-z0-9_]*([sS]tatus|[cC]ode|[kK]ind)[A-Za-z0-9_]*(\\(\\))?")
set(passed_on
    ",[ \t]*${status}[ \t]*\\)"
    "^[ \t]*${status}[ \t]*\\)"
    "\\?[ \t]*${status}[ \t]*:"
    ":[ \t]*${status}[ \t]*[),;]"
    "${holder}[ \t]*=[ \t]*${status}([^0-9.]|$)")
set(compared
    "${holder}[ \t]*(==|!=|<=|>=|<|>)[ \t]*${status}([^0-9.]|$)"
    "(^|[^0-9.])${status}[ \t]*(==|!=)"
    "case[ \t]+${status}[ \t]*:")
foreach(file IN LISTS serves reads)
    if(NOT EXISTS "${ROOT}/${file}")
        message(FATAL_ERROR "CheckStatusNumbers: an allowed file is not there: ${ROOT}/${file}")
    endif()
endforeach()
set(sources)
foreach(folder IN LISTS folders)
    if(NOT IS_DIRECTORY "${ROOT}/${folder}")
        message(FATAL_ERROR "CheckStatusNumbers: there is no folder ${ROOT}/${folder}")
    endif()
    file(GLOB_RECURSE found LIST_DIRECTORIES false "${ROOT}/${folder}/*.h" "${ROOT}/${folder}/*.cpp")
    list(APPEND sources ${found})
endforeach()
list(SORT sources)
set(problems)
set(read 0)
foreach(source IN LISTS sources)
    file(RELATIVE_PATH shown "${ROOT}" "${source}")
    set(skipped FALSE)
    foreach(folder IN LISTS skip)
        if(shown MATCHES "^${folder}/")
            set(skipped TRUE)
        endif()
    endforeach()
    if(skipped OR shown IN_LIST serves)
        continue()
    endif()
    set(rules ${passed_on})
    if(NOT shown IN_LIST reads)
        list(APPEND rules ${compared})
    endif()
    math(EXPR read "${read} + 1")
    file(READ "${source}" content)
    if(NOT content MATCHES "(^|[^0-9])${status}([^0-9]|$)")
        continue() # no number that could be a status: nothing to look at line by line
    endif()
    mpa_lines_of("${content}" lines)
    set(number 0)
    foreach(line IN LISTS lines)
        math(EXPR number "${number} + 1")
        if(NOT line MATCHES "${status}")
            continue()
        endif()
        string(REGEX REPLACE "\\\\." "" code "${line}") # escapes, so a \" ends no string
        string(REGEX REPLACE "\"[^\"]*\"" "\"\"" code "${code}")
        string(REGEX REPLACE "//.*$" "" code "${code}")
        foreach(rule IN LISTS rules)
            if(code MATCHES "${rule}")
                string(STRIP "${line}" line)
                list(APPEND problems "  ${shown}:${number}: ${line}")
                break()
            endif()
        endforeach()
    endforeach()
endforeach()
set(headline "HTTP status numbers used as error codes outside core/server (give a failure an ErrorKind; core/server/HttpStatus maps it to a status)")
mpa_fail_with("${headline}" ${problems})
message(STATUS "CheckStatusNumbers: ${read} files in ${FOLDERS} use ErrorKind, not HTTP status numbers")
