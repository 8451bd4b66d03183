# Installation of the probe library (included by probe/CMakeLists.txt):
#   include/damatb/probe.hpp, probe.h         the public headers (they include no core header)
#   lib/libdamatb_probe.a, libdamatb_probe.so  the libraries, each with core inside
#   lib/cmake/damatb/                          the CMake package: find_package(damatb)
#   lib/pkgconfig/damatb.pc, damatb-static.pc  pkg-config, the shared and the static library
# (lib/ is CMAKE_INSTALL_LIBDIR.) The installed tree is relocatable: the CMake package and the
# pkg-config files find the prefix from where they lie.
include(CMakePackageConfigHelpers)

set_target_properties(damatb_probe_static PROPERTIES EXPORT_NAME probe_static)
set_target_properties(damatb_probe_shared PROPERTIES EXPORT_NAME probe_shared)
install(TARGETS damatb_probe_static damatb_probe_shared EXPORT damatbTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES include/damatb/probe.hpp include/damatb/probe.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/damatb)

# The CMake package. While the version is 0.x only the same minor version is compatible.
set(DAMATB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/damatb)
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(DAMATB_COMPATIBILITY SameMinorVersion)
else()
  set(DAMATB_COMPATIBILITY SameMajorVersion)
endif()
install(EXPORT damatbTargets NAMESPACE damatb:: DESTINATION ${DAMATB_CMAKE_DIR})
configure_package_config_file(package/damatbConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/damatbConfig.cmake
                              INSTALL_DESTINATION ${DAMATB_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/damatbConfigVersion.cmake
                                 COMPATIBILITY ${DAMATB_COMPATIBILITY})
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/damatbConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/damatbConfigVersion.cmake
        DESTINATION ${DAMATB_CMAKE_DIR})

# pkg-config: paths relative to the .pc file's folder (${pcfiledir}) unless given absolute.
set(DAMATB_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${DAMATB_PC_DIR}")
  set(DAMATB_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH up "/prefix/${DAMATB_PC_DIR}" "/prefix") # ../.. for lib/pkgconfig
  string(REGEX REPLACE "/$" "" up "${up}")
  set(DAMATB_PC_PREFIX "\${pcfiledir}/${up}")
endif()
foreach(dir INCLUDEDIR LIBDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(DAMATB_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(DAMATB_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
list(TRANSFORM DAMATB_CXX_RUNTIME PREPEND -l OUTPUT_VARIABLE DAMATB_PC_RUNTIME)
list(JOIN DAMATB_PC_RUNTIME " " DAMATB_PC_RUNTIME)
foreach(pc damatb damatb-static)
  configure_file(package/${pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc DESTINATION ${DAMATB_PC_DIR})
endforeach()
