# Test step (cmake -P): fails when a page of the window (ui/pages) includes engine/Engine.h or
# takes an Engine* — pages take the models of ui/models and the few core services they use
# (DESIGN.md: connector → model → widgets, as Syncthing Tray), so a page can be built and
# tested over a fake model. ui/models/Models.cpp is where the models are built from the engine.
# A page whose model covers a core folder in full includes nothing of that folder either
# (mpa_page_models below: TasksPage takes RunsModel, not agent/ or actions/; ConnectionPage
# takes ConnectionModel, not cdp/ or platform/).
# Inputs: ROOT (the folder of the pages). Every .h and .cpp is read, new files too; text after
# // on a line is left out (comments may name the engine).
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/SourceLines.cmake")
if(NOT IS_DIRECTORY "${ROOT}")
    message(FATAL_ERROR "CheckPageIncludes: there is no folder ${ROOT}")
endif()
# page=folder|folder: the core folders the page's model stands for.
set(mpa_page_models
    "TasksPage=agent|actions"
    "BridgePage=bridge"
    "EndpointsBox=autoaccept|cdp"
    "ConnectionPage=cdp|platform")
# A line's include of the engine, Engine*, or a core folder its page's model covers, as a problem.
macro(check_engine_use)
    string(STRIP "${line}" shownLine)
    get_filename_component(page "${shown}" NAME_WE)
    set(covered)
    foreach(entry IN LISTS mpa_page_models)
        if(entry MATCHES "^${page}=(.+)$")
            set(covered "${CMAKE_MATCH_1}")
        endif()
    endforeach()
    if(code MATCHES "#[ \t]*include[ \t]*[\"<]engine/Engine\\.h[\">]")
        list(APPEND problems "  ${shown}:${number}: includes engine/Engine.h: ${shownLine}")
    elseif(code MATCHES "(^|[^A-Za-z0-9_])Engine[ \t]*\\*")
        list(APPEND problems "  ${shown}:${number}: takes an Engine*: ${shownLine}")
    elseif(covered AND code MATCHES "#[ \t]*include[ \t]*[\"<](${covered})/")
        list(APPEND problems "  ${shown}:${number}: includes ${CMAKE_MATCH_1}/, which its model covers: ${shownLine}")
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
