# Install rules and the Debian package (CPack's DEB generator): the two programs, their man pages,
# the desktop entry, icon and session MIME type, and the committed verification record with the
# files it vouches for. Presets and shaders are compiled into the programs (Qt resources), so
# nothing installed points into the source or build tree.
#
#   cmake --build build --target dimerlab dimerlab-cli dimerlab_package_files
#   cpack --config build/CPackConfig.cmake -B OUT      # OUT/dimerlab_VERSION_amd64.deb
#
# scripts/build-package.sh does both; tests/package/test_debian_package.sh checks the result.
include(GNUInstallDirs)

install(TARGETS dimerlab-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET dimerlab)
  install(TARGETS dimerlab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# ---- The verification record, as a clone has it: share/dimerlab is laid out like the repository,
# so the programs read it with the same code (core/verify/build_info.cpp finds it beside the
# installed binary) and check the recorded hashes against the very files the claims cover, and the
# hashes embedded in the binary against the kernel sources it was built from.
set(_record_root ${CMAKE_INSTALL_DATADIR}/dimerlab)
set(_manifest ${PROJECT_SOURCE_DIR}/verification/manifest.json)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_manifest})
file(READ ${_manifest} _manifest_text)
string(JSON _claims_n LENGTH "${_manifest_text}" claims)
math(EXPR _last "${_claims_n} - 1")
set(_record_files verification/manifest.json verification/status/cpu.json)
foreach(i RANGE ${_last})
  foreach(key covers artifacts mutants)
    string(JSON _type ERROR_VARIABLE _missing TYPE "${_manifest_text}" claims ${i} ${key})
    if(NOT _type STREQUAL "ARRAY")
      continue()
    endif()
    string(JSON _files_n LENGTH "${_manifest_text}" claims ${i} ${key})
    if(_files_n EQUAL 0)
      continue()
    endif()
    math(EXPR _files_last "${_files_n} - 1")
    foreach(j RANGE ${_files_last})
      string(JSON _f GET "${_manifest_text}" claims ${i} ${key} ${j})
      list(APPEND _record_files ${_f})
    endforeach()
  endforeach()
endforeach()
file(GLOB _gpu_runs CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/verification/gpu_runs/*.json)
get_property(_kernel_files GLOBAL PROPERTY DIMERLAB_KERNEL_FILES)
list(APPEND _record_files ${_gpu_runs} ${_kernel_files})
list(REMOVE_DUPLICATES _record_files)
foreach(f IN LISTS _record_files)
  get_filename_component(_dir ${f} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${f} DESTINATION ${_record_root}/${_dir})
endforeach()

# ---- Desktop integration and man pages: made with help2man (from the programs' --help) and
# rsvg-convert (the icon's PNG sizes), tools of the full install (scripts/install-deps.sh).
find_program(DIMERLAB_HELP2MAN help2man)
find_program(DIMERLAB_RSVG_CONVERT rsvg-convert)
set(DIMERLAB_PACKAGE_READY OFF)
if(DIMERLAB_HELP2MAN AND DIMERLAB_RSVG_CONVERT AND TARGET dimerlab)
  set(DIMERLAB_PACKAGE_READY ON)
  set(_desktop ${PROJECT_SOURCE_DIR}/resources/desktop)
  set(_out ${PROJECT_BINARY_DIR}/package)
  set(_made "")
  foreach(size 16 32 48 64 128 256)
    set(_png ${_out}/icons/${size}x${size}/dimerlab.png)
    add_custom_command(OUTPUT ${_png}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${_out}/icons/${size}x${size}
      COMMAND ${DIMERLAB_RSVG_CONVERT} -w ${size} -h ${size} -o ${_png} ${_desktop}/dimerlab.svg
      DEPENDS ${_desktop}/dimerlab.svg VERBATIM)
    list(APPEND _made ${_png})
    install(FILES ${_png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  endforeach()
  # help2man runs `PROGRAM --help` and `PROGRAM --version`; found on PATH, so the usage lines name
  # the program and not the build folder it was made in.
  foreach(program dimerlab dimerlab-cli)
    set(_page ${_out}/man/${program}.1)
    add_custom_command(OUTPUT ${_page}.gz
      COMMAND ${CMAKE_COMMAND} -E make_directory ${_out}/man
      COMMAND ${CMAKE_COMMAND} -E env "PATH=$<TARGET_FILE_DIR:${program}>:$ENV{PATH}" QT_QPA_PLATFORM=offscreen
              ${DIMERLAB_HELP2MAN} --no-info --locale=C.UTF-8
              --include=${PROJECT_SOURCE_DIR}/resources/man/${program}.h2m --output=${_page} ${program}
      COMMAND gzip -9 -n -f ${_page}
      DEPENDS ${program} ${PROJECT_SOURCE_DIR}/resources/man/${program}.h2m VERBATIM)
    list(APPEND _made ${_page}.gz)
    install(FILES ${_page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endforeach()
  # Debian wants the changelog and man pages compressed, without a timestamp in the gzip header.
  set(_changelog ${_out}/changelog.gz)
  add_custom_command(OUTPUT ${_changelog}
    COMMAND sh -c "gzip -9 -n -c '${PROJECT_SOURCE_DIR}/resources/package/changelog' > '${_changelog}'"
    DEPENDS ${PROJECT_SOURCE_DIR}/resources/package/changelog VERBATIM)
  list(APPEND _made ${_changelog})
  add_custom_target(dimerlab_package_files ALL DEPENDS ${_made})

  install(FILES ${_desktop}/dimerlab.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${_desktop}/dimerlab.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  install(FILES ${_desktop}/dimerlab-session.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages
          RENAME dimerlab.xml)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/package/copyright ${_changelog}
          DESTINATION ${CMAKE_INSTALL_DOCDIR})
else()
  message(STATUS "help2man, rsvg-convert or the app missing: no man pages, icons or Debian package "
                 "(scripts/install-deps.sh installs them)")
endif()

# ---- CPack: dimerlab_VERSION_amd64.deb, its run-time dependencies from dpkg-shlibdeps.
set(DIMERLAB_PACKAGE_CONTACT "dimerlab developers <dimerlab@example.org>"
    CACHE STRING "Maintainer field of the Debian package")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME dimerlab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${DIMERLAB_PACKAGE_CONTACT})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "random matchings of graphs (monomer-dimer model), drawn live")
# The extended description; CPack puts the summary above it as the synopsis line.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "dimerlab draws a random matching of a graph, or a domino or lozenge tiling,\n"
    "as a Markov chain evolves, with panels for mixing diagnostics, the partition\n"
    "function with its error bar, and the verification status of the GPU kernels.\n"
    "dimerlab-cli does the same work in batch.")
string(REPLACE ";" "" CPACK_DEBIAN_PACKAGE_DESCRIPTION "${CPACK_DEBIAN_PACKAGE_DESCRIPTION}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Qt's X11 platform plugin ships in libqt6gui6 (a dependency found by shlibdeps); Mesa's drivers
# draw where no vendor OpenGL driver is installed.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri")
# The Python module is built for one interpreter version, and hands out NumPy arrays.
if(DIMERLAB_PYTHON_FOUND)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "python3 (>= ${DIMERLAB_PYTHON_VERSION}~), python3 (<< ${DIMERLAB_PYTHON_NEXT_VERSION}), python3-numpy")
endif()
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
