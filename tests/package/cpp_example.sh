#!/usr/bin/env bash
# Builds examples/cpp against the installed copy in PREFIX, as an outside project would: through
# CMake (find_package(gougechek) with the step component, or core alone) or through pkg-config
# (gougechek-step or gougechek, the .pc files of PREFIX), runs it on the samples and compares
# each program's summary with the installed CLI's. With core alone, the example must not link
# OpenCASCADE (ldd). With the step component it also checks a STEP part of the CAM corpus
# (SHARED_DIR/corpus/cam, as the end-to-end tests use it), when the corpus is there.
# usage: cpp_example.sh SOURCE_DIR SHARED_DIR PREFIX WORK_DIR step|core [cmake|pkg-config]
set -euo pipefail
source_dir=$1 shared_dir=$2 prefix=$3 work=$4 component=$5 build=${6:-cmake}
rm -rf "$work"
mkdir -p "$work/build"
example="$work/build/check_programs"
if [ "$build" = cmake ]; then
  with_step=$([ "$component" = step ] && echo ON || echo OFF)
  cmake -S "$source_dir/examples/cpp" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$prefix" -DWITH_STEP="$with_step" >"$work/configure.log"
  cmake --build "$work/build" >"$work/build.log"
else
  # Only PREFIX's .pc files: whatever else is installed on the machine stays out of it.
  pc_file=$(find "$prefix" -path '*/pkgconfig/gougechek.pc' -print -quit)
  [ -n "$pc_file" ] || { echo "no pkgconfig/gougechek.pc in $prefix"; exit 1; }
  export PKG_CONFIG_LIBDIR
  PKG_CONFIG_LIBDIR=$(dirname "$pc_file")
  package=$([ "$component" = step ] && echo gougechek-step || echo gougechek)
  defines=$([ "$component" = step ] && echo -DWITH_STEP || true)
  read -ra flags <<<"$(pkg-config --cflags --libs "$package")"
  libdir=$(pkg-config --variable=libdir "$package")
  [ -f "$libdir/libgougechek.so" ] || { echo "pkg-config's libdir $libdir has no library"; exit 1; }
  # shellcheck disable=SC2086
  c++ -O1 $defines "$source_dir/examples/cpp/check_programs.cpp" -o "$example" "${flags[@]}" \
    -Wl,-rpath,"$libdir" 2>"$work/build.log" || { cat "$work/build.log"; exit 1; }
fi

libraries=$(ldd "$example")
if ! grep -q "libgougechek.so" <<<"$libraries"; then
  echo "check_programs does not link libgougechek.so:"; echo "$libraries"; exit 1
fi
if [ "$component" = core ] && grep -E "libTK|libgougechek_step" <<<"$libraries"; then
  echo "check_programs links OpenCASCADE or gougechek_step with gougechek::core alone"; exit 1
fi

# Runs the example on PART with TOOL and PROGRAMS; each summary line must be the CLI's.
# Returns the example's exit status.
agrees_with_cli() {
  local part=$1 tool=$2; shift 2
  local status=0 program cli cli_status expected
  "$example" "$part" "$tool" "$@" >"$work/example.out" || status=$?
  for program in "$@"; do
    cli_status=0
    cli=$("$prefix/bin/gougechek" "$part" "$program" -t "$tool" --report "$work/cli.json") ||
      cli_status=$?
    [ "$cli_status" -le 1 ] || { echo "gougechek exited $cli_status on $program"; exit 1; }
    expected="$program: ${cli#gougechek: }"
    if ! grep -qxF "$expected" "$work/example.out"; then
      echo "expected: $expected"; echo "check_programs printed:"; cat "$work/example.out"; exit 1
    fi
  done
  cat "$work/example.out"
  return "$status"
}

samples="$source_dir/samples"
status=0
agrees_with_cli "$samples/mold.stl" ball:6 "$samples/mold_finish.nc" \
  "$samples/mold_finish_bad.nc" || status=$?
[ "$status" -eq 1 ] || { echo "check_programs exited $status, expected 1 (a gouge)"; exit 1; }

pocket="$shared_dir/corpus/cam/pocket_plate"
if [ "$component" = step ]; then
  if [ -d "$pocket" ]; then
    agrees_with_cli "$pocket/part.step" flat:6,flute=20 "$pocket/linuxcnc.nc" ||
      { echo "check_programs found violations on the known-good STEP pair"; exit 1; }
  elif [ -n "${CI:-}" ]; then
    echo "CAM corpus $pocket not found"; exit 1
  else
    echo "CAM corpus $pocket not found: the STEP part is not checked"
  fi
fi
echo "check_programs ($component, built with $build) agrees with the CLI"
