"""Shared fixtures: the installed CLI and module (ctest sets GOUGECHEK_CLI and PYTHONPATH to the
test prefix), the repository's samples and the shared CAM corpus."""
import json
import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("GOUGECHEK_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))
SHARED_DIR = pathlib.Path(os.environ.get("GOUGECHEK_SHARED_DIR", SOURCE_DIR.parent / "shared"))
SAMPLES = SOURCE_DIR / "samples"
CAM = SHARED_DIR / "corpus" / "cam"


def without_elapsed(report):
    """A JSON report without what varies between runs: its time, and the trace (when and by
    which command it ran), which the command line records and the module does not."""
    report = {k: v for k, v in report.items() if k != "trace"}
    report["summary"] = {k: v for k, v in report["summary"].items() if k != "elapsed_s"}
    return report


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("GOUGECHEK_CLI")
    if not path:
        pytest.fail("GOUGECHEK_CLI names no gougechek executable")
    return path


@pytest.fixture(scope="session")
def cli_json(cli):
    """Runs the CLI with --format json; returns its exit code and parsed report."""
    def run(part, program, *options):
        done = subprocess.run([cli, str(part), str(program), *options, "--format", "json", "-j", "2"],
                              capture_output=True, text=True, check=False)
        assert done.returncode in (0, 1), done.stderr
        return done.returncode, json.loads(done.stdout)
    return run


@pytest.fixture(scope="session")
def cam():
    if CAM.is_dir():
        return CAM
    if os.environ.get("CI"):
        pytest.fail(f"CAM corpus {CAM} not found")
    pytest.skip(f"CAM corpus {CAM} not found")


def box_stl(path, low, high):
    """An ASCII STL of the box from low to high, outward."""
    corner = lambda i: [high[a] if i >> a & 1 else low[a] for a in range(3)]
    quads = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    lines = ["solid box"]
    for q in quads:
        for tri in ((q[0], q[1], q[2]), (q[0], q[2], q[3])):
            lines += ["facet normal 0 0 0", "outer loop"]
            lines += ["vertex %g %g %g" % tuple(corner(i)) for i in tri]
            lines += ["endloop", "endfacet"]
    path.write_text("\n".join(lines + ["endsolid box", ""]))
    return path
