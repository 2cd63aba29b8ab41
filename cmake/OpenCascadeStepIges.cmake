# OpenCASCADE's own package config cannot be used on Debian 12 without the visualisation
# packages (its DataExchange targets reference TKService), which a checker does not need. The
# few toolkits the STEP/IGES reader links are looked up one by one instead, as one target:
# gougechek::occt.
find_path(OCCT_INCLUDE_DIR STEPControl_Reader.hxx PATH_SUFFIXES opencascade REQUIRED)
set(occt_toolkits TKSTEP TKSTEPAttr TKSTEP209 TKSTEPBase TKIGES TKXSBase TKShHealing TKMesh
    TKBO TKPrim TKTopAlgo TKGeomAlgo TKBRep TKGeomBase TKG3d TKG2d TKMath TKernel)
set(occt_libraries)
foreach(toolkit ${occt_toolkits})
  find_library(OCCT_${toolkit}_LIBRARY ${toolkit} REQUIRED)
  list(APPEND occt_libraries ${OCCT_${toolkit}_LIBRARY})
endforeach()
add_library(gougechek_occt INTERFACE)
# SYSTEM: OCCT's headers do not pass the house warnings.
target_include_directories(gougechek_occt SYSTEM INTERFACE ${OCCT_INCLUDE_DIR})
target_link_libraries(gougechek_occt INTERFACE ${occt_libraries})
add_library(gougechek::occt ALIAS gougechek_occt)
