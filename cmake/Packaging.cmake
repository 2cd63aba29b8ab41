# `cpack -G DEB` in the build tree: one package with the CLI, the libraries, the headers, the
# CMake and pkg-config files, the Python module and docs/, installed under /usr. Its library
# dependencies (TBB, OCCT, Boost) come from dpkg-shlibdeps; the module needs Debian's python3
# and NumPy.
set(CPACK_PACKAGE_NAME gougechek)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "NC tool-path verifier: a part and a G-code program in, a gouge report out")
set(CPACK_PACKAGE_CONTACT "The gougechek engineers")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Its own libraries are in the package: dpkg-shlibdeps finds them in the build tree.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR})
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${GOUGECHEK_PYTHON_DEB_DEPENDS}")
include(CPack)
