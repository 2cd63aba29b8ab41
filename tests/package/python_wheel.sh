#!/usr/bin/env bash
# `pip install .` of a clone (SOURCE_DIR) into a fresh virtual environment, offline, with
# Debian's packages (docs/install.md), building in BUILD_DIR (setup.py's
# GOUGECHEK_CMAKE_BUILD_DIR). Then, from that environment alone, the wheel's metadata (NumPy a
# dependency) and the pipeline example examples/python/gate.py: the samples' programs against
# their STL part, each summary as the installed CLI (CLI) says, and a STEP part of the CAM
# corpus (SHARED_DIR/corpus/cam) through the worker the wheel carries.
# usage: python_wheel.sh SOURCE_DIR SHARED_DIR BUILD_DIR WORK_DIR CLI
set -euo pipefail
source_dir=$1 shared_dir=$2 build_dir=$3 work=$4 cli=$5
rm -rf "$work"
mkdir -p "$work/jobs"
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
python="$work/venv/bin/python"
GOUGECHEK_CMAKE_BUILD_DIR="$build_dir" "$python" -m pip install --no-index --no-build-isolation \
  --no-cache-dir "$source_dir" >"$work/pip.log" 2>&1 || { cat "$work/pip.log"; exit 1; }

# Imported from the environment's wheel, with its metadata.
cd "$work"
"$python" - "$work/venv" <<'PY'
import importlib.metadata, pathlib, sys
import gougechek
venv = pathlib.Path(sys.argv[1]).resolve()
module = pathlib.Path(gougechek.__file__).resolve()
assert venv in module.parents, f"gougechek imported from {module}, not from {venv}"
meta = importlib.metadata.metadata("gougechek")
assert meta["Version"] == gougechek.__version__, (meta["Version"], gougechek.__version__)
requires = importlib.metadata.requires("gougechek") or []
assert any(r.split(";")[0].strip().lower() == "numpy" for r in requires), requires
print(f"gougechek {meta['Version']} from {module.parent}, requires {requires}")
PY

# The pipeline gate on the samples: exit 1 (the bad program gouges), each line the CLI's.
cp "$source_dir/samples/mold.stl" "$source_dir/samples/mold_finish.nc" \
  "$source_dir/samples/mold_finish_bad.nc" "$work/jobs/"
status=0
"$python" "$source_dir/examples/python/gate.py" "$work/jobs" --tool ball:6 >"$work/gate.out" ||
  status=$?
cat "$work/gate.out"
[ "$status" -eq 1 ] || { echo "gate.py exited $status, expected 1 (a gouge)"; exit 1; }
for program in mold_finish mold_finish_bad; do
  summary=$("$cli" "$work/jobs/mold.stl" "$work/jobs/$program.nc" -t ball:6 \
    --report "$work/cli.json" || true)
  grep -qF "${summary#gougechek: }" "$work/gate.out" ||
    { echo "gate.py does not say the CLI's '$summary' for $program"; exit 1; }
done

pocket="$shared_dir/corpus/cam/pocket_plate"
if [ -d "$pocket" ]; then
  mkdir -p "$work/step_job"
  cp "$pocket/part.step" "$pocket/linuxcnc.nc" "$work/step_job/"
  "$python" "$source_dir/examples/python/gate.py" "$work/step_job" --tool flat:6,flute=20 ||
    { echo "gate.py failed on the known-good STEP pair"; exit 1; }
elif [ -n "${CI:-}" ]; then
  echo "CAM corpus $pocket not found"; exit 1
fi
echo "pip install . into a fresh virtual environment: the pipeline example runs"
