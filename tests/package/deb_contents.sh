#!/usr/bin/env bash
# Builds the .deb of the build tree BUILD_DIR with cpack into WORK_DIR and checks what it holds
# and what it depends on: the CLI, both libraries, the headers, the CMake and pkg-config files,
# the Python module, and the docs. Then its contents, unpacked into WORK_DIR, serve an outside
# program built with their pkg-config files (cpp_example.sh with SOURCE_DIR and SHARED_DIR).
# usage: deb_contents.sh BUILD_DIR WORK_DIR SOURCE_DIR SHARED_DIR
set -euo pipefail
build=$1 work=$2 source_dir=$3 shared_dir=$4
rm -rf "$work"
mkdir -p "$work"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work" >"$work/cpack.log"
deb=$(ls "$work"/gougechek_*.deb)
dpkg-deb -c "$deb" | awk '{print $6}' >"$work/contents"
missing=0
for pattern in '^\./usr/bin/gougechek$' \
               '^\./usr/lib/.*libgougechek\.so\.[0-9.]*$' \
               '^\./usr/lib/.*libgougechek_step\.so\.[0-9.]*$' \
               '^\./usr/include/gougechek/gougechek\.hpp$' \
               '^\./usr/include/gougechek/step\.hpp$' \
               '^\./usr/lib/.*cmake/gougechek/gougechekConfig\.cmake$' \
               '^\./usr/lib/.*cmake/gougechek/gougechekConfigVersion\.cmake$' \
               '^\./usr/lib/.*cmake/gougechek/gougechekTargets\.cmake$' \
               '^\./usr/lib/.*pkgconfig/gougechek\.pc$' \
               '^\./usr/lib/python3/dist-packages/gougechek\.cpython-.*\.so$' \
               '^\./usr/share/doc/gougechek/README\.md$'; do
  grep -qE "$pattern" "$work/contents" || { echo "not in the package: $pattern"; missing=1; }
done
if [ -d "$(dirname "$0")/../../docs" ]; then
  grep -qE '^\./usr/share/doc/gougechek/.*\.md$' "$work/contents" ||
    { echo "docs/ is not in the package"; missing=1; }
fi
depends=$(dpkg-deb -f "$deb" Depends)
for package in libtbb12 python3-numpy libocct-data-exchange-7.6; do
  grep -q "$package" <<<"$depends" || { echo "Depends lacks $package: $depends"; missing=1; }
done
[ "$missing" -eq 0 ] || { cat "$work/contents"; exit 1; }
echo "$deb: $(wc -l <"$work/contents") entries; Depends: $depends"

dpkg-deb -x "$deb" "$work/root"
"$(dirname "$0")/cpp_example.sh" "$source_dir" "$shared_dir" "$work/root/usr" "$work/example" step \
  pkg-config
