# Warning flags for every target of the project (mpa_set_warnings), with -Werror when
# MPA_WARNINGS_AS_ERRORS is on (the ci preset turns it on).
function(mpa_set_warnings target)
    if(MSVC)
        set(flags /W4 /permissive-)
        if(MPA_WARNINGS_AS_ERRORS)
            list(APPEND flags /WX)
        endif()
    else()
        set(flags
            -Wall -Wextra -Wpedantic
            -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual
            -Wcast-align -Wimplicit-fallthrough
            -Wmisleading-indentation -Wformat=2)
        if(MPA_WARNINGS_AS_ERRORS)
            list(APPEND flags -Werror)
        endif()
    endif()
    target_compile_options(${target} PRIVATE ${flags})
endfunction()
