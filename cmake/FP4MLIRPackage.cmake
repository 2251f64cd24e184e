# Installation and the FP4MLIR CMake package (included at the end of the
# top-level CMakeLists.txt, once every target exists).
#
#   cmake --install <build> --prefix <P>
#   find_package(FP4MLIR CONFIG)    # FP4MLIR_DIR=<P>/lib/cmake/fp4mlir, or
#                                   # <build>/lib/cmake/fp4mlir for the build tree
#
# installs the headers (include/fp4, include/fp4-c, the generated .inc files
# and the .td files), every library under lib/ (the static fp4 libraries and
# libFP4CAPI.so) as imported targets FP4MLIR::<name>, the tools, and the
# Python package under <P>/python. See docs/embedding.md.

include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(FP4MLIR_VERSION ${PROJECT_VERSION})
set(FP4MLIR_INSTALL_CMAKEDIR lib/cmake/fp4mlir)

# The targets of `dir` and its subdirectories whose TYPE is in `types`.
# Libraries added to lib/ later are picked up without touching this file.
function(fp4_collect_targets dir types out)
  set(found)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    if(type IN_LIST types)
      list(APPEND found ${t})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub ${subdirs})
    # lib/CAPI also adds test/CAPI and python/: only lib/ itself counts.
    cmake_path(IS_PREFIX dir "${sub}" NORMALIZE inside)
    if(inside)
      fp4_collect_targets(${sub} "${types}" subfound)
      list(APPEND found ${subfound})
    endif()
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

fp4_collect_targets(${PROJECT_SOURCE_DIR}/lib "STATIC_LIBRARY;SHARED_LIBRARY"
                    FP4MLIR_EXPORTED_LIBRARIES)
fp4_collect_targets(${PROJECT_SOURCE_DIR}/tools "EXECUTABLE" FP4MLIR_TOOLS)

install(TARGETS ${FP4MLIR_EXPORTED_LIBRARIES}
  EXPORT FP4MLIRTargets
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib
  RUNTIME DESTINATION bin)
# add_llvm_executable gives the tools $ORIGIN/../lib only; Debian keeps
# libMLIR.so outside the loader's path. (Affects the installed copies only.)
set_property(TARGET ${FP4MLIR_TOOLS} APPEND PROPERTY
  INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
install(TARGETS ${FP4MLIR_TOOLS} RUNTIME DESTINATION bin)

# Headers and tablegen sources; the generated declarations from the build.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/fp4
                  ${PROJECT_SOURCE_DIR}/include/fp4-c
  DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/fp4
  DESTINATION include
  FILES_MATCHING PATTERN "*.inc"
  PATTERN "CMakeFiles" EXCLUDE)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/fp4mlir
  DESTINATION python
  FILES_MATCHING PATTERN "*.py"
  PATTERN "__pycache__" EXCLUDE)

# The targets file, for the install tree and for the build tree.
install(EXPORT FP4MLIRTargets
  NAMESPACE FP4MLIR::
  DESTINATION ${FP4MLIR_INSTALL_CMAKEDIR})
export(EXPORT FP4MLIRTargets
  NAMESPACE FP4MLIR::
  FILE ${PROJECT_BINARY_DIR}/${FP4MLIR_INSTALL_CMAKEDIR}/FP4MLIRTargets.cmake)

write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/${FP4MLIR_INSTALL_CMAKEDIR}/FP4MLIRConfigVersion.cmake
  VERSION ${FP4MLIR_VERSION}
  COMPATIBILITY SameMinorVersion)

# Install tree: paths relative to the config file.
set(FP4MLIR_CONFIG_INCLUDE_DIRS "include")
set(FP4MLIR_CONFIG_TOOLS_DIR "bin")
set(FP4MLIR_CONFIG_PYTHON_DIR "python")
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/FP4MLIRConfig.cmake.in
  ${PROJECT_BINARY_DIR}/CMakeFiles/FP4MLIRConfig.install.cmake
  INSTALL_DESTINATION ${FP4MLIR_INSTALL_CMAKEDIR}
  PATH_VARS FP4MLIR_CONFIG_INCLUDE_DIRS FP4MLIR_CONFIG_TOOLS_DIR
            FP4MLIR_CONFIG_PYTHON_DIR)
install(FILES ${PROJECT_BINARY_DIR}/CMakeFiles/FP4MLIRConfig.install.cmake
  DESTINATION ${FP4MLIR_INSTALL_CMAKEDIR}
  RENAME FP4MLIRConfig.cmake)
install(FILES
  ${PROJECT_BINARY_DIR}/${FP4MLIR_INSTALL_CMAKEDIR}/FP4MLIRConfigVersion.cmake
  DESTINATION ${FP4MLIR_INSTALL_CMAKEDIR})

# Build tree: the source headers plus the generated ones.
set(FP4MLIR_CONFIG_INCLUDE_DIRS
  "${PROJECT_SOURCE_DIR}/include;${PROJECT_BINARY_DIR}/include")
set(FP4MLIR_CONFIG_TOOLS_DIR "${PROJECT_BINARY_DIR}/bin")
set(FP4MLIR_CONFIG_PYTHON_DIR "${PROJECT_BINARY_DIR}/python")
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/FP4MLIRConfig.cmake.in
  ${PROJECT_BINARY_DIR}/${FP4MLIR_INSTALL_CMAKEDIR}/FP4MLIRConfig.cmake
  INSTALL_DESTINATION ${PROJECT_BINARY_DIR}/${FP4MLIR_INSTALL_CMAKEDIR}
  INSTALL_PREFIX ${PROJECT_BINARY_DIR}
  PATH_VARS FP4MLIR_CONFIG_INCLUDE_DIRS FP4MLIR_CONFIG_TOOLS_DIR
            FP4MLIR_CONFIG_PYTHON_DIR)
