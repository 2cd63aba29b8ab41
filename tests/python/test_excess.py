"""The excess through the module (issue 24): excess=True and its settings as check()'s and
Settings' keywords, report.excess as the JSON report's "excess", the same reports, exit status and
refusals as the CLI's."""
import json
import math
import subprocess

import pytest

import gougechek
from conftest import box_stl, without_elapsed

# A 6 mm ball's passes along X over the top of a 10 × 10 × 5 plate, 2 mm apart: the scallop
# between two passes stands R - sqrt(R² - (s/2)²) = 3 - sqrt(8) mm over the top (line 15 is the
# pass at Y 4, which bounds the top's excess at its centre); the plate's sides (300 mm²) are
# below the ball's reach: not machined.
SCALLOP = 3 - math.sqrt(8)
FINISH = ("G21 G90 G17\nT1 M6\nS10000 M3\nG0 Z20\nG0 X-5 Y0\n(operation: Finish)\nG1 Z5 F500\n"
          "G1 Y0\nG1 X15\nG1 Y2\nG1 X-5\nG1 Y4\nG1 X15\nG1 Y6\nG1 X-5\nG1 Y8\nG1 X15\n"
          "G1 Y10\nG1 X-5\nG0 Z20\nM30\n")


@pytest.fixture
def plate(tmp_path):
    part = box_stl(tmp_path / "plate.stl", (0, 0, 0), (10, 10, 5))
    program = tmp_path / "finish.nc"
    program.write_text(FINISH)
    return part, program


def check(plate, **options):
    """check() on the plate, the design sampled every 0.5 mm when the excess is measured."""
    part, program = plate
    if options.get("excess"):
        options.setdefault("excess_spacing", 0.5)
    return gougechek.check(part, program, tool="ball:6", threads=2, pictures=False, **options)


def test_the_scallop_is_bracketed_and_the_sides_are_not_machined(plate):
    report = check(plate, excess=True)
    assert report.passed, "excess fails a check only with fail_on_excess"
    excess = report.excess
    assert excess["spacing"] == 0.5 and excess["tolerance"] == 0.01
    assert excess["stock_to_leave"] == 0 and excess["fails"] is False
    assert "fail_above" not in excess
    assert excess["max"]["lo"] <= SCALLOP <= excess["max"]["hi"]
    assert excess["max"]["hi"] - excess["max"]["lo"] <= 1e-4
    (top,) = excess["regions"]
    assert top["lo"] <= SCALLOP <= top["hi"]
    assert top["area"] == pytest.approx(100)
    assert (top["line"], top["tool"], top["operation"]) == (15, 1, "operation: Finish")
    assert top["at"][2] == pytest.approx(5)
    (sides,) = excess["not_machined"]
    assert sides["area"] == pytest.approx(300) and "line" not in sides
    assert excess["not_machined_area"] == pytest.approx(300)
    assert excess["area"] == pytest.approx(400)
    # The bands: the top over ten times the tolerance, the last band open (None, JSON's null).
    assert [b["to"] for b in excess["bands"]][-1] is None
    assert excess["bands"][-1]["area"] == pytest.approx(100)
    # Without excess=True nothing is measured.
    assert check(plate, excess=False).excess is None
    assert gougechek.check(plate[0], plate[1], tool="ball:6", threads=2,
                           pictures=False).excess is None


def test_report_excess_is_the_json_reports(plate):
    report = check(plate, excess=True, excess_tolerance=0.05, fail_on_excess=1)
    written = json.loads(report.to_json())["excess"]
    ours = report.excess
    assert ours.keys() == written.keys()
    assert ours["fail_above"] == 1 and written["fail_above"] == 1
    assert ours["tolerance"] == 0.05

    def same(python, text):
        """The module's value against the JSON's, which rounds (brackets outwards, to 1e-7)."""
        if isinstance(python, dict):
            assert python.keys() == text.keys()
            for key in python:
                same(python[key], text[key])
        elif isinstance(python, (list, tuple)):
            assert len(python) == len(text)
            for a, b in zip(python, text):
                same(a, b)
        elif isinstance(python, float):
            assert python == pytest.approx(text, abs=1e-3)
        else:
            assert python == text

    same(ours, written)


def test_the_report_is_the_clis(cli_json, plate):
    part, program = plate
    options = ["--excess", "--excess-spacing", "0.5", "--excess-tolerance", "0.02"]
    code, cli = cli_json(part, program, "-t", "ball:6", *options)
    assert code == 0
    report = check(plate, excess=True, excess_tolerance=0.02)
    assert without_elapsed(json.loads(report.to_json())) == without_elapsed(cli)
    assert report.trace["command"].endswith(
        "--excess --excess-spacing 0.5 --excess-tolerance 0.02")


def test_fail_on_excess_fails_the_report_as_the_cli_exits_1(cli, plate):
    part, program = plate
    over = check(plate, excess=True, fail_on_excess=0.1)
    assert over.excess["fails"] and over.excess["fail_above"] == 0.1
    assert not over.passed and over.status == "fail"
    assert over.counts["total"] == 0, "excess is no violation"
    assert json.loads(over.to_json())["summary"]["status"] == "fail"
    done = subprocess.run([cli, str(part), str(program), "-t", "ball:6", "-j", "2", "-q",
                           "--excess", "--excess-spacing", "0.5", "--fail-on-excess", "0.1"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    under = check(plate, excess=True, fail_on_excess=0.2)
    assert not under.excess["fails"] and under.passed and under.status == "pass"


def test_settings_carry_the_excess_to_verify(plate):
    part = gougechek.Part.load(plate[0])
    program = gougechek.Program.load(plate[1])
    tools = gougechek.Tools(tool="ball:6")
    settings = gougechek.Settings(threads=2, excess=True, excess_spacing=0.5, fail_on_excess=0.1)
    assert settings.excess
    report = gougechek.verify(part, program, tools, settings, pictures=False)
    assert report.excess["max"]["lo"] <= SCALLOP <= report.excess["max"]["hi"]
    assert report.excess["fail_above"] == 0.1 and report.status == "fail"
    assert gougechek.verify(part, program, tools, gougechek.Settings(threads=2),
                            pictures=False).excess is None
    assert not gougechek.Settings().excess


@pytest.mark.parametrize("keywords, message", [
    ({"excess_spacing": 0.1},
     "excess_spacing needs excess (the excess is measured only when asked)"),
    ({"excess": False, "fail_on_excess": 0.05},
     "fail_on_excess needs excess (the excess is measured only when asked)"),
    ({"excess": True, "excess_spacing": 0}, "excess_spacing must be > 0, got 0"),
    ({"excess": True, "excess_tolerance": -0.01}, "excess_tolerance must be >= 0, got -0.01"),
])
def test_settings_refuse_the_excess_with_the_clis_message(keywords, message):
    with pytest.raises(gougechek.InputError) as raised:
        gougechek.Settings(**keywords)
    assert str(raised.value) == message
    assert raised.value.file == "" and raised.value.line == 0


def test_the_cli_refuses_in_its_spelling(cli, plate):
    """The CLI's message, the settings named as it spells them: the module's above with
    --excess-spacing for excess_spacing."""
    part, program = plate
    done = subprocess.run([cli, str(part), str(program), "-t", "ball:6",
                           "--excess-spacing", "0.1"], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == (
        "gougechek: error: --excess-spacing needs --excess (the excess is measured only when "
        "asked)")
