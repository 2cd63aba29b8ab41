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
    if name == "start":
        return name, tuple(float(v) for v in value.split(","))
    if name in ("threads", "initial_tool"):
        return name, int(value)
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
