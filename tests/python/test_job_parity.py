"""The module through the job layer (gougechek/job.hpp), as the CLI: the pipeline gate with a
FreeCAD tool library and a holder writes the CLI's reports byte for byte but for the times, the
HTML page included; every check option of the CLI is a keyword of check(); the stubs name what
the module has."""
import ast
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

import gougechek
from conftest import SAMPLES, SHARED_DIR, SOURCE_DIR, box_stl

MOLD = SAMPLES / "mold.stl"
BAD = SAMPLES / "mold_finish_bad.nc"
FREECAD_LIBRARY = SHARED_DIR / "corpus" / "tools" / "freecad" / "FreeCAD-main" / "Library" / \
    "Default.fctl"
# The CLI's options that are no setting of a check: what to print, and the benchmark knobs.
NOT_KEYWORDS = {"help", "version", "moves", "quiet", "progress", "format", "kdop",
                "no-front-tracking",
                # the exit code (fail-on) and the JUnit cases (junit-cases, not yet in Python)
                "fail-on", "junit-cases"}
# check()'s keywords that are no CLI option: the Python side of progress and pictures.
ONLY_KEYWORDS = {"progress", "pictures"}


def without_times(text):
    """A report with when it ran and how long it took set aside."""
    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "T", text)
    text = re.sub(r'"elapsed_s": [0-9.e+-]+', "E", text)
    return re.sub(r"<tr><th>Time</th><td>[^<]*</td>", "TIME", text)


def run_cli_command(cli, command, cwd):
    """Runs a report's trace command (`gougechek ...`) as the CLI, named gougechek, in cwd."""
    words = shlex.split(command)
    assert words[0] == "gougechek"
    return subprocess.run(words, executable=cli, cwd=cwd, capture_output=True, text=True,
                          check=False)


@pytest.fixture(scope="module")
def freecad_library():
    if FREECAD_LIBRARY.is_file():
        return FREECAD_LIBRARY
    if os.environ.get("CI"):
        pytest.fail(f"FreeCAD tool library {FREECAD_LIBRARY} not found")
    pytest.skip(f"FreeCAD tool library {FREECAD_LIBRARY} not found")


def test_the_gate_with_a_tool_library_and_a_holder_writes_the_clis_reports(
        cli, freecad_library, tmp_path):
    gate = SOURCE_DIR / "examples" / "python" / "gate.py"
    jobs = tmp_path / "jobs"
    jobs.mkdir()
    (jobs / "mold.stl").symlink_to(MOLD)
    # The sample with the library's 6 mm ball end mill, T3, in the spindle from the start.
    (jobs / "finish_bad.nc").write_text(BAD.read_text().replace("T1 M6", "T3 M6"))
    ours, theirs = tmp_path / "gate", tmp_path / "cli"
    ours.mkdir()
    (theirs / "out").mkdir(parents=True)
    run = subprocess.run([sys.executable, str(gate), str(jobs), "--tool-library",
                          str(freecad_library), "--initial-tool", "3", "--holder", "ER32",
                          "--holder-clearance", "20", "--reports", "out"],
                         cwd=ours, capture_output=True, text=True, check=False)
    assert run.returncode == 1, run.stdout + run.stderr
    report = json.loads((ours / "out" / "finish_bad.json").read_text())
    assert report["tools"][0]["number"] == 3 and report["tools"][0]["holder"].startswith("ER32")
    assert report["settings"]["holder_clearance"] == 20 and \
        report["settings"]["initial_tool"] == 3
    assert report["summary"]["holder_collisions"] > 0

    cli_run = run_cli_command(cli, report["trace"]["command"], theirs)
    assert cli_run.returncode == 1, cli_run.stderr
    for name in ("finish_bad.json", "finish_bad.html"):
        expected = (theirs / "out" / name).read_text()
        assert without_times((ours / "out" / name).read_text()) == without_times(expected), name


def test_to_string_html_is_the_clis_page(cli, tmp_path, monkeypatch):
    (tmp_path / "py").mkdir()
    (tmp_path / "cli").mkdir()
    monkeypatch.chdir(tmp_path / "py")
    report = gougechek.check(MOLD, BAD, tool="ball:6", report=["r.json", "r.html"])
    run = run_cli_command(cli, report.trace["command"], tmp_path / "cli")
    assert run.returncode == 1, run.stderr
    html = report.to_string("html")
    assert "data:image/png;base64," in html, "the page has its pictures"
    assert without_times(html) == without_times((tmp_path / "cli" / "r.html").read_text())
    assert without_times(report.to_json()) == \
        without_times((tmp_path / "cli" / "r.json").read_text())
    assert (tmp_path / "py" / "r.html").read_text() == html


def test_without_pictures_there_is_no_html_page():
    report = gougechek.check(MOLD, BAD, tool="ball:6", pictures=False)
    assert report.to_string("json")
    with pytest.raises(ValueError, match="pictures=True"):
        report.to_string("html")


def test_holder_collisions_name_their_segment(cli_json):
    tool = "ball:6,flute=5,shank=10,length=20"
    code, expected = cli_json(MOLD, BAD, "-t", tool, "--holder-clearance", "2")
    report = gougechek.check(MOLD, BAD, tool=tool, holder_clearance=2, threads=2)
    holder = [v for v in report.violations if v["kind"] == "holder_collision"]
    assert holder and all(v["segment"] == "shank" for v in holder)
    listed = [v.get("segment", "") for v in expected["violations"]]
    assert [v["segment"] for v in report.violations] == listed
    assert code == 1


def test_fixture_collisions_name_their_fixture_as_the_cli_does(cli_json, tmp_path):
    # A jaw 1 mm into the ball's reach along the mold's edge x = 0.
    jaw = box_stl(tmp_path / "jaw.stl", (0, 0, 0), (10, 80, 30))
    options = dict(fixture=jaw, fixture_transform="translate -12,0,0", fixture_clearance=0.5,
                   rapid_path="dogleg", rapid_rates=(20000, 20000, 10000))
    code, expected = cli_json(MOLD, BAD, "-t", "ball:6", "--fixture", str(jaw),
                              "--fixture-transform", "translate -12,0,0",
                              "--fixture-clearance", "0.5", "--rapid-path", "dogleg",
                              "--rapid-rates", "20000,20000,10000")
    report = gougechek.check(MOLD, BAD, tool="ball:6", threads=2, pictures=False, **options)
    fixture = [v for v in report.violations if v["kind"] == "fixture_collision"]
    assert fixture and all(v["fixture"] == str(jaw) for v in fixture)
    assert report.counts["fixture_collisions"] == expected["summary"]["fixture_collisions"]
    assert [(v["kind"], v["line"], v["move"]) for v in report.violations] == \
        [(v["kind"], v["line"], v["move"]) for v in expected["violations"]]
    assert code == 1
    settings = gougechek.Settings(**options)
    assert settings.fixtures == [str(jaw)] and settings.rapid_path == "dogleg"


def test_the_trace_records_the_inputs():
    report = gougechek.check(MOLD, BAD, tool="ball:6", pictures=False)
    trace = report.trace
    assert trace["command"].startswith(f"gougechek {MOLD} {BAD} --tool ball:6")
    assert [i["role"] for i in trace["inputs"]] == ["part", "program"]
    assert all(len(i["sha256"]) == 64 for i in trace["inputs"])
    assert trace["dialect"] == "linuxcnc"


def cli_options(cli):
    """The long options of `gougechek --help`, without their dashes."""
    text = subprocess.run([cli, "--help"], capture_output=True, text=True, check=True).stdout
    return set(re.findall(r"^\s+(?:-\w \[ )?--([a-z-]+)", text, re.MULTILINE))


def signature_keywords(function):
    """The keywords of a pybind11 function, from its signature line."""
    first = function.__doc__.splitlines()[0]
    return set(re.findall(r"[(,] ?\*?,? ?([a-z_]+):", first))


def test_check_takes_every_check_option_of_the_cli(cli):
    options = cli_options(cli)
    assert {"tool-library", "holder", "holder-clearance", "initial-tool"} <= options
    expected = {o.replace("-", "_") for o in options - NOT_KEYWORDS} | ONLY_KEYWORDS
    assert signature_keywords(gougechek.check) - {"part", "program"} == expected


def stub_tree():
    stub = pathlib.Path(gougechek.__file__).with_name("gougechek.pyi")
    assert stub.is_file(), f"no stubs beside the module: {stub}"
    return ast.parse(stub.read_text())


def public(names):
    return {n for n in names if not n.startswith("_") or n == "__version__"}


def test_the_stubs_name_what_the_module_has():
    tree = stub_tree()
    top = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            top.add(node.target.id)
    assert top == public(dir(gougechek))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name != "InputError":
            stubbed = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
            assert public(stubbed) == public(dir(getattr(gougechek, node.name))) - \
                {"__version__"}, node.name
    functions = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    for name, node in functions.items():
        stubbed = {a.arg for a in node.args.args + node.args.kwonlyargs}
        assert stubbed == signature_keywords(getattr(gougechek, name)), name


def test_help_reads_well():
    text = subprocess.run([sys.executable, "-c", "import gougechek; help(gougechek)"],
                          capture_output=True, text=True, check=True,
                          env=dict(os.environ, PAGER="cat")).stdout
    assert "check(part, program, **options)" in text
    assert "tool_library" in text and "holder_clearance" in text
