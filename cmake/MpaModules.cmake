# The core modules (DESIGN.md "Layers"): one static library per core/ folder, and a build step
# that checks every `#include "module/…"` against the modules a library links, so an include
# that runs the wrong way fails the build even where the linker would not notice (a header-only
# use).

set(MPA_LAYERING_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/CheckLayering.cmake")

# mpa_core_module(NAME [CLASSES class…] [HEADERS header…] [SOURCES file…] [DEPENDS module…]
#                 [QT component…])
# Defines the static library mpa_NAME from core/NAME, its files named one by one: CLASSES
# stands for NAME/<class>.cpp and NAME/<class>.h, HEADERS for a header alone (NAME/<name>.h),
# SOURCES for any other file of the folder. DEPENDS names the core modules it may use (linked
# publicly, so their own dependencies come along); QT the Qt components it uses beyond those
# of its dependencies.
function(mpa_core_module name)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "CLASSES;HEADERS;SOURCES;DEPENDS;QT")
    set(target mpa_${name})
    set(files)
    foreach(class IN LISTS arg_CLASSES)
        list(APPEND files ${name}/${class}.cpp ${name}/${class}.h)
    endforeach()
    list(TRANSFORM arg_HEADERS REPLACE "(.+)" "${name}/\\1.h")
    list(TRANSFORM arg_SOURCES PREPEND "${name}/")
    add_library(${target} STATIC ${files} ${arg_HEADERS} ${arg_SOURCES})
    target_include_directories(${target} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
    foreach(dep IN LISTS arg_DEPENDS)
        if(NOT TARGET mpa_${dep})
            message(FATAL_ERROR "core module ${name} depends on ${dep}, which is not defined before it")
        endif()
        target_link_libraries(${target} PUBLIC mpa_${dep})
    endforeach()
    foreach(component IN LISTS arg_QT)
        target_link_libraries(${target} PUBLIC Qt6::${component})
    endforeach()
    target_compile_definitions(${target} PUBLIC
        MPA_VERSION="${PROJECT_VERSION}"
        MPA_APP_ID="${MPA_APP_ID}")
    mpa_set_warnings(${target})
    set(compiled ${files} ${arg_SOURCES})
    list(FILTER compiled INCLUDE REGEX "\\.cpp$")
    list(LENGTH compiled count)
    if(count GREATER_EQUAL 8)
        mpa_precompile(${target})
    endif()
    mpa_unity(${target})

    # What the module may include: itself and everything it links, transitively.
    set(allowed ${name})
    foreach(dep IN LISTS arg_DEPENDS)
        get_property(closure GLOBAL PROPERTY MPA_MODULE_CLOSURE_${dep})
        list(APPEND allowed ${closure})
    endforeach()
    list(REMOVE_DUPLICATES allowed)
    set_property(GLOBAL PROPERTY MPA_MODULE_CLOSURE_${name} ${allowed})
    set_property(GLOBAL APPEND PROPERTY MPA_CORE_MODULES ${name})
endfunction()

# Adds the build step that checks the includes of every module defined so far. Call it once,
# after the last mpa_core_module(), from the same directory.
function(mpa_check_layering)
    get_property(modules GLOBAL PROPERTY MPA_CORE_MODULES)
    set(manifest "set(MPA_MODULES ${modules})\n")
    set(all_sources)
    foreach(name IN LISTS modules)
        get_property(allowed GLOBAL PROPERTY MPA_MODULE_CLOSURE_${name})
        get_target_property(sources mpa_${name} SOURCES)
        set(files)
        foreach(source IN LISTS sources)
            if(source MATCHES "\\.(h|cpp)$")
                cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}")
                list(APPEND files "${source}")
            endif()
        endforeach()
        list(APPEND all_sources ${files})
        string(APPEND manifest "set(MPA_ALLOWED_${name} ${allowed})\n")
        string(APPEND manifest "set(MPA_SOURCES_${name} \"${files}\")\n")
    endforeach()
    set(manifest_file "${CMAKE_CURRENT_BINARY_DIR}/layering-manifest.cmake")
    file(WRITE "${manifest_file}" "${manifest}")
    set(stamp "${CMAKE_CURRENT_BINARY_DIR}/layering.stamp")
    add_custom_command(
        OUTPUT "${stamp}"
        COMMAND ${CMAKE_COMMAND} -DMANIFEST=${manifest_file} -DROOT=${CMAKE_CURRENT_SOURCE_DIR}
                -DSTAMP=${stamp} -P "${MPA_LAYERING_SCRIPT}"
        DEPENDS ${all_sources} "${manifest_file}" "${MPA_LAYERING_SCRIPT}"
        COMMENT "Checking the core modules' includes against their layers"
        VERBATIM)
    add_custom_target(mpa_layering DEPENDS "${stamp}")
    foreach(name IN LISTS modules)
        add_dependencies(mpa_${name} mpa_layering)
    endforeach()
endfunction()
