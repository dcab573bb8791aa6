# Test step (cmake -P): fails when a source of a folder whose timers must run on the app's Clock
# (DESIGN.md "One clock": agent, bridge, jobs, chat, scheduler; and actions) uses a raw Qt timer — QTimer,
# QElapsedTimer, QDeadlineTimer — instead of ClockTimer and Stopwatch (core/common), so every
# wait of those state machines can be driven by a FakeClock in tests. Transports (cdp, server)
# keep their own timers for socket deadlines and are not listed.
# Inputs: ROOT (the folder the FOLDERS are in), FOLDERS (comma-separated). Every .h and .cpp
# of a folder is read, new files too; text after // on a line is left out (comments may name
# the classes).
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/SourceLines.cmake")
# A line's raw timer, as a problem.
macro(check_timers)
    if(code MATCHES "(^|[^A-Za-z0-9_])(Q(Elapsed|Deadline)?Timer)([^A-Za-z0-9_]|$)")
        set(used "${CMAKE_MATCH_2}")
        string(STRIP "${line}" line)
        list(APPEND problems "  ${shown}:${number}: uses ${used}: ${line}")
    endif()
endmacro()
string(REPLACE "," ";" folders "${FOLDERS}")
set(problems)
set(read 0)
foreach(folder IN LISTS folders)
    if(NOT IS_DIRECTORY "${ROOT}/${folder}")
        message(FATAL_ERROR "CheckClock: there is no folder ${ROOT}/${folder}")
    endif()
    file(GLOB sources LIST_DIRECTORIES false "${ROOT}/${folder}/*.h" "${ROOT}/${folder}/*.cpp")
    list(SORT sources)
    mpa_check_lines("${ROOT}" check_timers ${sources})
endforeach()
set(headline "Raw Qt timers where the Clock must be used (ClockTimer for timers, Stopwatch for elapsed time and deadlines; core/common)")
mpa_fail_with("${headline}" ${problems})
message(STATUS "CheckClock: ${read} files in ${FOLDERS} use the Clock only")
