# Unity (jumbo) builds: each big target compiles its .cpp files in batches, one translation unit
# per batch (CMake's UNITY_BUILD), so the headers, the inline functions and the templates the
# files share are parsed, instantiated and emitted once per batch instead of once per file. On
# a cold build (CI has no compiler cache) this takes about a third off the compile time on top
# of the precompiled headers (ASan, the first four core libraries: 112 CPU-seconds, not 178).
# With a compiler launcher such as ccache it stays off by default (mpa_cold_build_default, in
# the top CMakeLists.txt): an edit would recompile the whole batch, and clang-tidy
# (scripts/tidy) wants the files one by one in the compile database (it reads a unity build's
# database too).
#
# Files of one target share a batch, so two of them must not define the same name at namespace
# scope, not even in an anonymous namespace or as a static function: give such helpers names of
# their own, share a true duplicate, or leave the file out of the batches with
# set_source_files_properties(<file> PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON) and say why.

option(MPA_UNITY_BUILD "Compile the big targets' files in batches (unity build)" ${mpa_cold_build_default})
set(MPA_UNITY_BATCH_SIZE 16 CACHE STRING "Files per unity batch (MPA_UNITY_BUILD)")

# mpa_unity(<target>): a unity build of the target when MPA_UNITY_BUILD is on.
function(mpa_unity target)
    if(MPA_UNITY_BUILD)
        set_target_properties(${target} PROPERTIES
            UNITY_BUILD ON
            UNITY_BUILD_BATCH_SIZE ${MPA_UNITY_BATCH_SIZE})
        # GCC takes the .cpp files a batch includes for headers, and a test fixture in an
        # anonymous namespace, which TEST_F derives from, for a header's class with an internal
        # base (-Wsubobject-linkage). In a real header that is a fault, and the builds without a
        # unity build (any with ccache) still report it; in a batch it is not.
        target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Wno-subobject-linkage>)
    endif()
endfunction()
