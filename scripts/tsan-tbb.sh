#!/usr/bin/env bash
# Builds the installed oneTBB again with ThreadSanitizer, from Debian's source package of the
# installed libtbb12 (onetbb, same version, Debian's patches applied), into build/tsan-tbb/, for
# the tsan preset: Debian's libtbb.so is not instrumented, so every hand-over of work between
# TBB's threads would look like a race (docs/testing.md#threadsanitizer).
#
#   scripts/tsan-tbb.sh     build it, unless build/tsan-tbb/ holds it for this version already
#
# Only libtbb (no tbbmalloc, tests or examples), Release, with the default C++ compiler (the
# tsan preset's: one ThreadSanitizer runtime, GCC's libtsan). The source comes through apt with
# a private configuration in build/tsan-tbb/apt/: deb-src lines for the Debian archives the
# system's deb lines name, checked with Debian's archive keyring; the system's apt sources and
# state are left as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/build/tsan-tbb"
prefix="$out/install"
package="$(dpkg-query -W -f='${source:Package}' libtbb12)"
version="$(dpkg-query -W -f='${source:Version}' libtbb12)"
stamp="$prefix/built-from"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$package $version" ]; then
  echo "tsan-tbb: $package $version with ThreadSanitizer already in ${prefix#"$PWD"/}"
  exit 0
fi
rm -rf "$out"
mkdir -p "$out/apt/lists/partial" "$out/apt/cache/archives/partial" "$out/src"

# deb-src for every Debian archive the system installs from (its mirror, suite and component),
# else for the release's own archives on deb.debian.org.
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' \
    'Identifier: Packages' 'Origin: Debian' 2>/dev/null | sort -u |
  while read -r uri suite component; do
    echo "deb-src [signed-by=$keyring] $uri $suite $component"
  done >"$out/apt/sources.list"
if [ ! -s "$out/apt/sources.list" ]; then
  codename="$(. /etc/os-release && echo "$VERSION_CODENAME")"
  {
    echo "deb-src [signed-by=$keyring] http://deb.debian.org/debian $codename main"
    echo "deb-src [signed-by=$keyring] http://deb.debian.org/debian $codename-updates main"
    echo "deb-src [signed-by=$keyring] http://deb.debian.org/debian-security $codename-security main"
  } >"$out/apt/sources.list"
fi
apt_private=(-o Dir::Etc::SourceList="$out/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o Dir::State::Lists="$out/apt/lists" -o Dir::Cache="$out/apt/cache" -o Debug::NoLocking=1
  -o APT::Sandbox::User="$(id -un)")
apt-get "${apt_private[@]}" -qq update
(cd "$out/src" && apt-get "${apt_private[@]}" -qq source --download-only "$package=$version")
# apt checked the .dsc and the tarballs against the signed Sources index; dpkg-source checks
# the tarballs against the .dsc again and applies Debian's patches.
dpkg-source -x "$out/src/${package}_${version#*:}.dsc" "$out/src/tree" >/dev/null

cmake -S "$out/src/tree" -B "$out/obj" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DTBB_SANITIZE=thread -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBB_STRICT=OFF \
  -DTBBMALLOC_BUILD=OFF -DTBB4PY_BUILD=OFF -DTBB_DISABLE_HWLOC_AUTOMATIC_SEARCH=ON \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib >/dev/null
cmake --build "$out/obj" -j"$(nproc)" --target tbb
cmake --install "$out/obj" >/dev/null
echo "$package $version" >"$stamp"
echo "tsan-tbb: $package $version with ThreadSanitizer in ${prefix#"$PWD"/}"
