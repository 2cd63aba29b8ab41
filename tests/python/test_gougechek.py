"""The Python module against the installed copy: the same reports as the CLI, errors with their
place, NumPy fields, the GIL released while checking, progress, and the lower-level API."""
import json
import subprocess
import sys
import threading
import time

import numpy
import pytest

import gougechek
from conftest import SAMPLES, SOURCE_DIR, without_elapsed

MOLD = SAMPLES / "mold.stl"
GOOD = SAMPLES / "mold_finish.nc"
BAD = SAMPLES / "mold_finish_bad.nc"


def test_version_is_the_clis(cli):
    out = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout
    assert out == f"gougechek {gougechek.__version__}\n"


@pytest.mark.parametrize("program", [GOOD, BAD], ids=["good", "bad"])
def test_check_gives_the_clis_json(cli_json, program):
    code, expected = cli_json(MOLD, program, "-t", "ball:6")
    report = gougechek.check(MOLD, program, tool="ball:6", threads=2)
    assert without_elapsed(json.loads(report.to_json())) == without_elapsed(expected)
    assert report.passed == (code == 0)
    assert report.status == expected["summary"]["status"]


def test_check_options_reach_the_report(cli_json):
    options = dict(tolerance=0.05, stock=0.1, rapid_clearance=1.0, start=(0, 0, 50))
    code, expected = cli_json(MOLD, BAD, "-t", "ball:6", "--tolerance", "0.05", "--stock", "0.1",
                              "--rapid-clearance", "1", "--start", "0,0,50")
    report = gougechek.check(MOLD, BAD, tool="ball:6", **options)
    assert without_elapsed(json.loads(report.to_json())) == without_elapsed(expected)
    assert code == 1


CAM_PAIRS = [("pocket_plate", "flat:6,flute=20", "0"), ("boss_block", "bull:8:1,flute=25", "0.25"),
             ("chamfer_bracket", "flat:4,flute=25", "0"), ("mold_core", "ball:6,flute=30", "0"),
             ("mold_cavity", "ball:6,flute=30", "0")]


@pytest.mark.parametrize("model", ["part.step", "part.stl"])
@pytest.mark.parametrize("name,tool,stock", CAM_PAIRS, ids=[p[0] for p in CAM_PAIRS])
def test_cam_pairs_give_the_clis_json(cli_json, cam, name, tool, stock, model):
    part, program = cam / name / model, cam / name / "linuxcnc.nc"
    code, expected = cli_json(part, program, "-t", tool, "--stock", stock)
    report = gougechek.check(part, program, tool=tool, stock=float(stock), threads=2)
    assert without_elapsed(json.loads(report.to_json())) == without_elapsed(expected)
    assert code == 0 and report.passed


def test_known_bad_cam_program_fails_like_the_cli(cli_json, cam):
    # FreeCAD's arc-fitting defect: 0.018 mm into a pocket wall (tests/e2e/cam_pairs_test.cpp).
    part = cam / "pocket_plate" / "part.step"
    program = cam / "known_bad" / "pocket_plate_fitarcs" / "linuxcnc.nc"
    code, expected = cli_json(part, program, "-t", "flat:6,flute=20")
    report = gougechek.check(part, program, tool="flat:6,flute=20")
    assert without_elapsed(json.loads(report.to_json())) == without_elapsed(expected)
    assert code == 1 and not report.passed and report.counts["gouges"] > 0


def test_numpy_fields_match_the_violations():
    report = gougechek.check(MOLD, BAD, tool="ball:6")
    listed = report.violations
    assert listed, "the bad sample gouges"
    assert report.depths.dtype == numpy.float64 and report.depths.shape == (len(listed),)
    assert report.positions.shape == (len(listed), 3)
    assert report.lines.dtype == numpy.uint32 and report.severe.dtype == numpy.bool_
    assert report.lines.tolist() == [v["line"] for v in listed]
    assert report.move_numbers.tolist() == [v["move"] for v in listed]
    assert numpy.array_equal(report.depths, [v["depth"] for v in listed])
    assert numpy.array_equal(report.positions, [v["at"] for v in listed])
    assert report.counts["total"] == len(listed) and report.counts["gouges"] > 0
    assert report.counts["max_depth"] == pytest.approx(report.depths.max())


def test_one_part_many_programs_as_check_does(tmp_path):
    part = gougechek.Part.load(MOLD)
    assert part.format == "stl-binary" and part.triangle_count > 0
    tools = gougechek.Tools(tool="ball:6")
    settings = gougechek.Settings(tolerance=0.01)
    for program in (GOOD, BAD, GOOD):
        report = gougechek.verify(part, gougechek.Program.load(program), tools, settings)
        direct = gougechek.check(MOLD, program, tool="ball:6")
        assert without_elapsed(json.loads(report.to_json())) == \
            without_elapsed(json.loads(direct.to_json()))


def test_program_from_a_string():
    text = "G21 G90\nG0 X10 Y10 Z40\nG1 Z24 F500\nG1 X90\nM2\n"
    report = gougechek.verify(gougechek.Part.load(MOLD),
                              gougechek.Program.from_string(text, name="job.nc"),
                              gougechek.Tools(tool="ball:6"))
    assert report.passed and report.moves == 3 and report.program_lines == 5
    assert json.loads(report.to_json())["inputs"]["path"]["file"] == "job.nc"


def test_input_errors_raise_with_file_line_and_column(tmp_path):
    program = tmp_path / "broken.nc"
    program.write_text("G21 G90\nG0 X0 Y0 Z50\nG1 X10 Y10 Z40 F500\nG2 X20 Y10 R0.1\n")
    with pytest.raises(gougechek.InputError) as raised:
        gougechek.check(MOLD, program, tool="ball:6")
    error = raised.value
    assert isinstance(error, ValueError)
    assert error.file == str(program) and error.line == 4 and error.column >= 1
    assert error.message and str(error).startswith(f"{program}:4:")

    with pytest.raises(gougechek.InputError) as raised:
        gougechek.verify(gougechek.Part.load(MOLD),
                         gougechek.Program.from_string("G0 X0\nG1 X1 F100 G7.7\n", name="typed.nc"),
                         gougechek.Tools(tool="ball:6"))
    assert raised.value.file == "typed.nc" and raised.value.line == 2

    with pytest.raises(gougechek.InputError) as raised:
        gougechek.Tools(tool="ball:-6")
    assert raised.value.file == "tool"

    with pytest.raises(gougechek.InputError) as raised:
        gougechek.Part.load(tmp_path / "missing.stl")
    assert raised.value.file == str(tmp_path / "missing.stl") and raised.value.line == 0


def test_check_releases_the_gil():
    part = gougechek.Part.load(MOLD)
    tools = gougechek.Tools(tool="ball:6")
    gougechek.verify(part, gougechek.Program.load(GOOD), tools)  # builds the part's tree
    body = "\n".join(line for line in BAD.read_text().splitlines() if line not in ("%", "M30"))
    long_program = gougechek.Program.from_string(body * 4 + "\nM30\n", name="long.nc")
    ticks = 0
    running = True

    def count():
        nonlocal ticks
        while running:
            ticks += 1

    counter = threading.Thread(target=count)
    counter.start()
    try:
        time.sleep(0.1)
        alone = ticks
        time.sleep(0.1)
        per_second = (ticks - alone) / 0.1
        before, started = ticks, time.monotonic()
        gougechek.verify(part, long_program, tools, gougechek.Settings(threads=1))
        elapsed = time.monotonic() - started
        during = ticks - before
    finally:
        running = False
        counter.join()
    assert elapsed > 0.2, "the check is too short to tell"
    # Holding the GIL, the check would leave the counter a switch interval (5 ms) or two.
    assert during > per_second * 10 * sys.getswitchinterval(), (during, per_second, elapsed)


def test_progress_is_called_with_the_moves_done():
    calls = []
    program = gougechek.Program.load(BAD)
    report = gougechek.verify(gougechek.Part.load(MOLD), program, gougechek.Tools(tool="ball:6"),
                              progress=lambda done, total: calls.append((done, total)))
    assert calls, "progress never called"
    assert all(done <= report.moves for done, _ in calls)


def test_progress_exception_stops_the_check():
    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        gougechek.check(MOLD, BAD, tool="ball:6", progress=stop)


def test_reports_in_every_format():
    report = gougechek.check(MOLD, BAD, tool="ball:6")
    assert report.to_string().startswith(f"gougechek {gougechek.__version__}: FAIL")
    assert report.to_string("csv").splitlines()[0].startswith("kind,line,move,")
    assert report.to_string("junit").startswith("<?xml")
    assert "<html" in report.to_string("html")
    sarif = json.loads(report.to_string("sarif"))
    assert len(sarif["runs"][0]["results"]) == len(report.violations)
    assert len(json.loads(report.to_string("codequality"))) == len(report.violations)
    with pytest.raises(ValueError):
        report.to_string("pdf")


def test_the_pipeline_gate_example(tmp_path):
    gate = SOURCE_DIR / "examples" / "python" / "gate.py"
    jobs = tmp_path / "jobs"
    jobs.mkdir()
    (jobs / "mold.stl").symlink_to(MOLD)
    (jobs / "finish.nc").symlink_to(GOOD)
    run = subprocess.run([sys.executable, str(gate), str(jobs), "--tool", "ball:6"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "finish.nc: PASS" in run.stdout

    (jobs / "finish_bad.nc").symlink_to(BAD)
    run = subprocess.run([sys.executable, str(gate), str(jobs), "--tool", "ball:6"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "finish_bad.nc: FAIL" in run.stdout and "1 of 2 programs failed" in run.stdout
