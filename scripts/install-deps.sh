#!/usr/bin/env bash
# Installs what gougechek needs to build and test on Debian 12 (run as root, or with sudo).
set -euo pipefail
packages=(build-essential cmake ninja-build libtbb-dev libboost-program-options-dev
          nlohmann-json3-dev libyaml-cpp-dev libgtest-dev libgmock-dev libbenchmark-dev python3
          libssl-dev         # OpenSSL's libcrypto: SHA-256 of the inputs in every report's trace
          libspng-dev        # src/render/: the HTML report's pictures encoded as PNG
          libmeshoptimizer-dev # src/report/viewer3d.cpp: the part decimated for the 3D view
          python3-jsonschema # tests/report_schema/: JSON reports against docs/'s schema
          libxml2-utils      # xmllint: tests/e2e/batch_test.cpp, JUnit output against its schema
          libfcl-dev         # bench/fcl_peer_bench.cpp: the same check with FCL 0.7
          clang-format       # scripts/check-format.sh
          clang-tidy         # scripts/clang-tidy.sh: .clang-tidy's function-size check
          clang libclang-rt-14-dev   # scripts/fuzz.sh: libFuzzer and the sanitizers' runtimes
          linuxcnc-uspace    # rs274: the reference interpreter the G-code tests compare with
          libocct-data-exchange-dev libocct-modeling-algorithms-dev   # STEP/IGES (src/io/)
          libocct-modeling-data-dev libocct-foundation-dev
          pybind11-dev python3-pybind11 python3-dev python3-numpy   # the Python module (python/)
          python3-pytest     # tests/python, on Debian's /usr/bin/python3
          python3-venv python3-pip python3-setuptools python3-wheel  # pip install . (package.python_wheel)
          slurm-wlm munge    # tests/slurm: the test starts its own one-node Slurm in a temp dir
          chromium           # tests/html: the HTML reports in headless Chromium (page_check.mjs)
          optipng            # scripts/screenshots.sh: the report screenshots of docs/
          dpkg-dev)          # cpack -G DEB: dpkg-shlibdeps; scripts/tsan-tbb.sh: dpkg-source
# tests/html drives chromium with puppeteer-core from the npm registry (npm ci into the build
# tree): Debian's node and npm, unless an npm is there already (NodeSource's nodejs brings its
# own, and conflicts with Debian's npm).
command -v npm >/dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
