"""One validation for every front end (issue 21): the settings the command line refuses
(tests/frontends/setting_refusals.txt, which tests/frontends runs through the CLI, a batch
manifest and the C++ API) are refused by the module with the same message, the setting named
as Python spells it (rapid_clearance for --rapid-clearance)."""
import re

import pytest

import gougechek
from conftest import SAMPLES, SOURCE_DIR

CASES = SOURCE_DIR / "tests" / "frontends" / "setting_refusals.txt"


def refusals():
    cases = []
    for line in CASES.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        message, settings = line.split("\t")
        cases.append((message, dict(s.split("=", 1) for s in settings.split())))
    return cases


def keyword(option, value):
    """The check() keyword and value of a command-line option and its text."""
    name = option.replace("-", "_")
    if name == "excess":  # the command line's switch --excess
        return name, {"true": True, "false": False}[value]
    if name == "stock_box" and value.startswith("auto"):
        return name, value
    if name in ("start", "rapid_rates", "stock_box", "stock_cylinder"):
        return name, tuple(float(v) for v in value.split(","))
    if name in ("threads", "initial_tool"):
        return name, int(value)
    if name in ("dialect", "rapid_path"):
        return name, value
    return name, float(value)


@pytest.mark.parametrize("message, settings", refusals())
def test_check_refuses_what_the_cli_refuses_with_its_message(tmp_path, message, settings):
    program = tmp_path / "p.nc"
    program.write_text("G21 G90\nG0 X10 Y10 Z50\nM2\n")
    keywords = dict(keyword(option, value) for option, value in settings.items())
    expected = re.sub(r"\{([a-z-]+)\}", lambda m: m.group(1).replace("-", "_"), message)
    with pytest.raises(gougechek.InputError) as raised:
        gougechek.check(SAMPLES / "mold.stl", program, tool="ball:6", **keywords)
    assert str(raised.value) == expected
    assert raised.value.message == expected


def test_settings_refuse_a_negative_stock_before_any_check():
    with pytest.raises(gougechek.InputError, match=r"^stock must be >= 0, got -0.05$"):
        gougechek.Settings(stock=-0.05)


def test_a_part_meshed_coarser_than_the_tolerance_allows_is_refused(cam, tmp_path):
    """Part.load knows no tolerance: verify() holds the part's deflection to the settings'."""
    part = gougechek.Part.load(cam / "pocket_plate" / "part.step", deflection=0.002, threads=2)
    # Down to 2 mm above the plate: within reach of it (docs/checking-rules.md, "Registration").
    program = gougechek.Program.from_string("G21 G90\nG0 X10 Y10 Z50\nG0 Z17\nM2\n")
    tools = gougechek.Tools(tool="flat:6")
    assert gougechek.verify(part, program, tools, gougechek.Settings(threads=2)).passed
    with pytest.raises(gougechek.InputError) as raised:
        gougechek.verify(part, program, tools, gougechek.Settings(tolerance=0.001, threads=2))
    assert str(raised.value).startswith(
        "deflection 0.002 is coarser than tolerance 0.001 allows: at most 0.0002 mm")


def test_a_tolerance_finer_than_a_binary_stls_precision_is_warned_about(tmp_path):
    program = tmp_path / "p.nc"
    program.write_text("G21 G90\nG0 X10 Y10 Z80\nG0 Z25\nM2\n")  # 1.4 mm above the mold
    fine = gougechek.check(SAMPLES / "mold.stl", program, tool="ball:6", tolerance=0, threads=2)
    assert any("finer than the binary STL's own precision" in w["message"] for w in fine.warnings)
    usual = gougechek.check(SAMPLES / "mold.stl", program, tool="ball:6", threads=2)
    assert not any("precision" in w["message"] for w in usual.warnings)


def test_the_tool_before_the_first_change(cam, tmp_path):
    """A tool library alone: the rapids before the first M6 take the tool it loads (a
    warning says so); a program that loads none needs initial_tool, or a library of one."""
    library = tmp_path / "library.tbl"
    library.write_text("T1 P1 D6 ;flat flute=20\nT9 P9 D3 ;ball\n")
    part = cam / "pocket_plate" / "part.stl"
    report = gougechek.check(part, cam / "pocket_plate" / "linuxcnc.nc",
                             tool_library=[str(library)], threads=2)
    assert report.passed
    assert any("checked with T1, the first tool the program loads" in w["message"]
               for w in report.warnings)
    with pytest.raises(gougechek.InputError, match="--initial-tool N"):
        gougechek.check(part, cam / "pocket_plate" / "grbl.nc", dialect="grbl",
                        tool_library=[str(library)], threads=2)
    assert gougechek.check(part, cam / "pocket_plate" / "grbl.nc", dialect="grbl",
                           tool_library=[str(library)], initial_tool=1, threads=2).passed
    only = tmp_path / "only.tbl"
    only.write_text("T1 P1 D6 ;flat flute=20\n")
    report = gougechek.check(part, cam / "pocket_plate" / "grbl.nc", dialect="grbl",
                             tool_library=[str(only)], threads=2)
    assert report.passed
    assert any("checked with T1, the only tool described" in w["message"]
               for w in report.warnings)
