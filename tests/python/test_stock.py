"""The raw stock through the module (issue 23): the CLI's options as keywords in snake case, the
same findings and reports as the CLI's, the same refusals."""
import json

import pytest

import gougechek
from conftest import SAMPLES, without_elapsed

RAPID_LOW = ("G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X-10 Y-10\nG0 Z26\nG0 X50 Y40\n"
             "G1 Z24 F600\nG1 X60 F2000\nG0 Z40\nM30\n")
BLOCK = (0, 0, 0, 100, 80, 28)


@pytest.fixture
def rapid_low(tmp_path):
    program = tmp_path / "rapid_low.nc"
    program.write_text(RAPID_LOW)
    return program


def test_the_issues_sample_fails_with_a_rapid_into_the_stock(rapid_low):
    report = gougechek.check(SAMPLES / "mold.stl", rapid_low, tool="ball:6,flute=12",
                             stock_box=BLOCK, threads=2, pictures=False)
    assert report.status == "fail"
    assert report.counts["stock_collisions"] == 1
    (rapid,) = report.violations
    assert (rapid["kind"], rapid["cause"], rapid["line"]) == ("stock_collision", "rapid", 7)
    assert report.stock["shape"] == "box 0,0,0,100,80,28"
    assert report.stock["volume_removed"] > 0
    assert report.stock["air_cuts"] == {"by_tool": [], "by_operation": []}
    clean = gougechek.check(SAMPLES / "mold.stl", rapid_low, tool="ball:6,flute=12", threads=2,
                            pictures=False)
    assert clean.passed and clean.stock is None


def test_the_report_is_the_clis(cli_json, rapid_low):
    code, cli = cli_json(SAMPLES / "mold.stl", rapid_low, "-t", "ball:6,flute=12",
                         "--stock-box", "0,0,0,100,80,28")
    assert code == 1
    report = gougechek.check(SAMPLES / "mold.stl", rapid_low, tool="ball:6,flute=12",
                             stock_box=BLOCK, threads=2, pictures=False)
    assert without_elapsed(json.loads(report.to_json())) == without_elapsed(cli)


def test_dogleg_rapids_meet_the_stock_as_the_clis(cli_json, tmp_path):
    # Line 7's rapid from (-60, 40, 20) up to (50, 40, 40) clears the block as a straight line;
    # with X far faster than Z its first leg runs through it. Line 5's rapid is two legs too.
    program = tmp_path / "dogleg.nc"
    program.write_text("G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X-60 Y40\nG0 Z20\n"
                       "G0 X50 Z40\nG1 Z24 F600\nG1 X60 F2000\nG0 Z40\nM30\n")
    code, cli = cli_json(SAMPLES / "mold.stl", program, "-t", "ball:6,flute=12",
                         "--stock-box", "0,0,0,100,80,28", "--rapid-path", "dogleg",
                         "--rapid-rates", "20000,20000,1000")
    assert code == 1
    report = gougechek.check(SAMPLES / "mold.stl", program, tool="ball:6,flute=12",
                             stock_box=BLOCK, rapid_path="dogleg", rapid_rates=(20000, 20000, 1000),
                             threads=2, pictures=False)
    assert without_elapsed(json.loads(report.to_json())) == without_elapsed(cli)
    stock = [v for v in report.violations if v["kind"] == "stock_collision"]
    assert [(v["line"], v["move"]) for v in stock] == [(7, 4)]


def test_settings_carry_the_stock_to_verify(rapid_low, tmp_path):
    part = gougechek.Part.load(SAMPLES / "mold.stl")
    tools = gougechek.Tools(tool="ball:6,flute=12")
    settings = gougechek.Settings(threads=2, stock_box="auto:3")
    out = tmp_path / "after.gcstock"
    report = gougechek.verify(part, gougechek.Program.load(rapid_low), tools, settings,
                              pictures=False, stock_out=out)
    assert [v["line"] for v in report.violations] == [7]
    assert out.exists()
    with pytest.raises(gougechek.InputError, match="the program never cuts the stock"):
        gougechek.verify(part, gougechek.Program.load(rapid_low), tools,
                         gougechek.Settings(threads=2, stock_in=out), pictures=False)


def test_the_stock_to_leave_has_its_clearer_name():
    assert gougechek.Settings(stock_to_leave=0.2).stock == 0.2
    with pytest.raises(gougechek.InputError, match="^stock_to_leave must be >= 0, got -1$"):
        gougechek.Settings(stock_to_leave=-1)
    with pytest.raises(gougechek.InputError, match="both give the stock to leave"):
        gougechek.Settings(stock=0.1, stock_to_leave=0.2)


@pytest.mark.parametrize("box", [(1, 2, 3), "1,2,3,4,5,6", "auto:x", ("a", 0, 0, 1, 1, 1)])
def test_a_stock_box_of_the_wrong_form_is_refused(box):
    with pytest.raises(gougechek.InputError, match="^stock_box wants X0,Y0,Z0,X1,Y1,Z1"):
        gougechek.Settings(stock_box=box)
