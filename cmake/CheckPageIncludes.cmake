# Test step (cmake -P): fails when a page of the window (ui/pages) includes engine/Engine.h or
# takes an Engine* — pages take the models of ui/models and the few core services they use
# (DESIGN.md: connector → model → widgets, as Syncthing Tray), so a page can be built and
# tested over a fake model. ui/models/Models.cpp is where the models are built from the engine.
# Inputs: ROOT (the folder of the pages). Every .h and .cpp is read, new files too; text after
# // on a line is left out (comments may name the engine).
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/SourceLines.cmake")
if(NOT IS_DIRECTORY "${ROOT}")
    message(FATAL_ERROR "CheckPageIncludes: there is no folder ${ROOT}")
endif()
# A line's include of the engine or Engine*, as a problem.
macro(check_engine_use)
    string(STRIP "${line}" shownLine)
    if(code MATCHES "#[ \t]*include[ \t]*[\"<]engine/Engine\\.h[\">]")
        list(APPEND problems "  ${shown}:${number}: includes engine/Engine.h: ${shownLine}")
    elseif(code MATCHES "(^|[^A-Za-z0-9_])Engine[ \t]*\\*")
        list(APPEND problems "  ${shown}:${number}: takes an Engine*: ${shownLine}")
    endif()
endmacro()
file(GLOB sources LIST_DIRECTORIES false "${ROOT}/*.h" "${ROOT}/*.cpp")
list(SORT sources)
set(problems)
set(read 0)
mpa_check_lines("${ROOT}" check_engine_use ${sources})
set(headline "Pages that reach into the engine instead of taking models (ui/models) and core services")
mpa_fail_with("${headline}" ${problems})
message(STATUS "CheckPageIncludes: ${read} files in ${ROOT} take models, not the engine")
