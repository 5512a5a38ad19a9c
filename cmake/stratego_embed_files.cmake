# stratego_embed_files(VAR OUT file.cpp ROOT dir GLOBS pattern... NAMESPACE ns TYPE type
#                      FUNCTION fn DELIMITER word [INCLUDE header] [NAME STEM|RELATIVE]
#                      [NAME_STRIP regex] [FLAG_FOLDER dir])
# Compiles the text files of a folder into the binary (variants, set-up priors, mixtures and
# books, value weights, the serve page), so that it has them wherever it runs: a build step
# runs cmake/embed_files.cmake (whose header says what each argument means) and writes OUT in
# the current binary folder, rerun whenever a matching file or the script changes. VAR gets
# OUT's full path, for the library's sources.
function(stratego_embed_files var)
  cmake_parse_arguments(E "" "OUT;ROOT;NAMESPACE;TYPE;FUNCTION;DELIMITER;INCLUDE;NAME;NAME_STRIP;FLAG_FOLDER"
                        "GLOBS" ${ARGN})
  set(patterns "")
  foreach(glob ${E_GLOBS})
    list(APPEND patterns "${E_ROOT}/${glob}")
  endforeach()
  file(GLOB inputs CONFIGURE_DEPENDS ${patterns})
  set(optional "")
  foreach(key INCLUDE NAME NAME_STRIP FLAG_FOLDER)
    if(DEFINED E_${key})
      list(APPEND optional "-D${key}=${E_${key}}")
    endif()
  endforeach()
  set(out "${CMAKE_CURRENT_BINARY_DIR}/${E_OUT}")
  set(script "${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake")
  file(RELATIVE_PATH folder "${PROJECT_SOURCE_DIR}" "${E_ROOT}")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} "-DOUT=${out}" "-DROOT=${E_ROOT}" "-DGLOBS=${E_GLOBS}"
            "-DNAMESPACE=${E_NAMESPACE}" "-DTYPE=${E_TYPE}" "-DFUNCTION=${E_FUNCTION}"
            "-DDELIMITER=${E_DELIMITER}" ${optional} -P "${script}"
    DEPENDS ${inputs} "${script}"
    COMMENT "Embedding ${folder}/ (${E_GLOBS})"
    VERBATIM)
  set(${var} "${out}" PARENT_SCOPE)
endfunction()
