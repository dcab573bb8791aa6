# Shared by the source checks run as test steps (cmake -P): CheckClock, CheckPageIncludes and
# CheckStatusNumbers read files line by line and fail with every problem listed.

# mpa_lines_of(<content> <out>): the text as a list, one entry per line. The characters a CMake
# list reads (; [ ]) are stood in for first; mpa_fail_with gives them back in what it shows.
function(mpa_lines_of content out)
    string(REPLACE ";" "<semicolon>" content "${content}")
    string(REPLACE "[" "<open>" content "${content}")
    string(REPLACE "]" "<close>" content "${content}")
    string(REPLACE "\n" ";" lines "${content}")
    set(${out} "${lines}" PARENT_SCOPE)
endfunction()

# mpa_fail_with(<headline> <problem>...): stops the step with the headline and one problem a line
# (none: nothing happens).
function(mpa_fail_with headline)
    if(ARGC LESS 2)
        return()
    endif()
    list(JOIN ARGN "\n" text)
    string(REPLACE "<semicolon>" ";" text "${text}")
    string(REPLACE "<open>" "[" text "${text}")
    string(REPLACE "<close>" "]" text "${text}")
    message(FATAL_ERROR "${headline}:\n${text}")
endfunction()

# mpa_check_lines(<root> <checker> <file>...): runs the macro <checker> on every line of every
# file, with `shown` (the file's path under <root>), `number` (from 1), `line` and `code` (the
# line without the text after //) set; the checker appends what it finds to `problems`. `read`
# counts the files.
macro(mpa_check_lines root checker)
    foreach(source ${ARGN})
        math(EXPR read "${read} + 1")
        file(READ "${source}" content)
        mpa_lines_of("${content}" lines)
        file(RELATIVE_PATH shown "${root}" "${source}")
        set(number 0)
        foreach(line IN LISTS lines)
            math(EXPR number "${number} + 1")
            string(REGEX REPLACE "//.*$" "" code "${line}")
            cmake_language(CALL ${checker})
        endforeach()
    endforeach()
endmacro()
