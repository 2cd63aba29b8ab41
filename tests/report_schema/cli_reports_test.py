#!/usr/bin/python3
"""The CLI's JSON report validates against docs/gougechek-report-1.schema.json for every
outcome of a run (pass, fail, usage error, input error, interrupted, each field that appears
only sometimes), and the schema rejects reports that break the format.

Run by ctest (report_schema.cli_reports) with GOUGECHEK_CLI, GOUGECHEK_SOURCE_DIR and
GOUGECHEK_SHARED_DIR set. The corpus cases need ../shared; without it they are skipped, or fail
when CI is set, as the other corpus tests do.
"""
import copy
import json
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import validate_reports

CLI = os.environ["GOUGECHEK_CLI"]
SOURCE = pathlib.Path(os.environ["GOUGECHEK_SOURCE_DIR"])
CAM = pathlib.Path(os.environ["GOUGECHEK_SHARED_DIR"]) / "corpus" / "cam"
SCHEMA = SOURCE / "docs" / "gougechek-report-1.schema.json"
SAMPLES = SOURCE / "samples"
SAMPLE_TOOL = "ball:6,flute=12"  # as samples/README.md: the buried move stays buried

EXIT_PASS, EXIT_FAIL, EXIT_ERROR = 0, 1, 2
# Long enough a check that a signal arrives while it runs: four million gouging moves.
ENDLESS_GOUGING = ("G21 G90\nG0 X50 Y40 Z30\nG1 Z24 F100\no1 repeat [999999]\nG1 X60\nG1 Y50\n"
                   "G1 X50\nG1 Y40\no1 endrepeat\nM30\n")
SIGNAL_DELAY_S = 0.5


class ReportSchemaTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.validator = validate_reports.load_validator(SCHEMA)

    def setUp(self):
        scratch = tempfile.TemporaryDirectory(prefix="gougechek_schema_")
        self.addCleanup(scratch.cleanup)
        self.dir = pathlib.Path(scratch.name)

    def assertValid(self, report, what):
        problems = validate_reports.problems(self.validator, report)
        self.assertEqual(problems, [], f"{what}: the report does not validate")

    def check(self, arguments, exit_code, stdin=subprocess.DEVNULL):
        """Runs gougechek with `arguments` and --report r.json in the scratch folder; returns
        the report, after checking the exit code and that the report validates."""
        report_file = self.dir / "r.json"
        run = subprocess.run([CLI, *arguments, "--report", str(report_file)], cwd=self.dir,
                             stdin=stdin, capture_output=True, text=True)
        what = " ".join(arguments)
        self.assertEqual(run.returncode, exit_code, f"{what}: {run.stderr}")
        report = json.loads(report_file.read_text(encoding="utf-8"))
        self.assertValid(report, what)
        return report

    def sample(self, program, *options, exit_code=EXIT_FAIL):
        return self.check([str(SAMPLES / "mold.stl"), str(SAMPLES / program), *options],
                          exit_code)


class CliReports(ReportSchemaTest):
    def test_samples_pass_and_fail(self):
        passed = self.sample("mold_finish.nc", "-t", SAMPLE_TOOL, exit_code=EXIT_PASS)
        self.assertEqual(passed["summary"]["status"], "pass")
        failed = self.sample("mold_finish_bad.nc", "-t", SAMPLE_TOOL)
        self.assertEqual(failed["summary"]["status"], "fail")
        self.assertTrue(any(v["severe"] for v in failed["violations"]))

    def test_expected_sample_reports(self):
        for file in sorted((SAMPLES / "expected").glob("*.json")):
            self.assertValid(json.loads(file.read_text(encoding="utf-8")), file.name)

    def test_tools_with_shank_and_taper_fields(self):
        report = self.sample("mold_finish_bad.nc", "-t", "taper:4:1:10,flute=8,length=30")
        tool = report["tools"][0]
        self.assertEqual(tool["type"], "taper")
        self.assertIn("taper_angle", tool)
        self.assertIn("overall_length", tool)
        self.assertGreater(report["summary"]["holder_collisions"], 0)

    def test_rapid_clearance_gives_negative_depths(self):
        report = self.sample("mold_finish.nc", "-t", SAMPLE_TOOL, "--rapid-clearance", "5",
                             "--stock", "0.001")
        self.assertTrue(any(v["depth"] < 0 for v in report["violations"]))

    def test_program_from_stdin(self):
        with open(SAMPLES / "mold_finish_bad.nc", "rb") as program:
            report = self.check([str(SAMPLES / "mold.stl"), "-", "-t", SAMPLE_TOOL], EXIT_FAIL,
                                stdin=program)
        self.assertEqual(report["inputs"]["path"]["file"], "<stdin>")

    def test_usage_error(self):
        report = self.sample("mold_finish.nc", "-t", SAMPLE_TOOL, "--tolerance", "-1",
                             exit_code=EXIT_ERROR)
        self.assertEqual(report["error"]["kind"], "usage")
        self.assertIsNone(report["error"]["file"])

    def test_input_error_with_line_and_column(self):
        (self.dir / "bad.nc").write_text("G21 G90\nG0 X0 Y0 Z30\nG6 X10\n")
        report = self.check([str(SAMPLES / "mold.stl"), "bad.nc", "-t", SAMPLE_TOOL], EXIT_ERROR)
        error = report["error"]
        self.assertEqual((error["kind"], error["file"], error["line"]), ("input", "bad.nc", 3))
        self.assertIsNotNone(error["column"])

    def test_input_error_before_the_part_is_read(self):
        report = self.check(["missing.stl", str(SAMPLES / "mold_finish.nc"), "-t", "drill:6"],
                            EXIT_ERROR)
        self.assertEqual(report["inputs"]["part"], {"file": "missing.stl"})

    def test_interrupted(self):
        (self.dir / "long.nc").write_text(ENDLESS_GOUGING)
        report_file = self.dir / "r.json"
        run = subprocess.Popen([CLI, str(SAMPLES / "mold.stl"), "long.nc", "-t", SAMPLE_TOOL,
                                "--report", str(report_file)], cwd=self.dir,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(SIGNAL_DELAY_S)
        run.send_signal(signal.SIGINT)
        self.assertEqual(run.wait(), 128 + signal.SIGINT)
        report = json.loads(report_file.read_text(encoding="utf-8"))
        self.assertValid(report, "interrupted run")
        self.assertEqual(report["error"]["kind"], "interrupted")


class CorpusReports(ReportSchemaTest):
    """The corpus cases tests/e2e/cam_pairs_test.cpp runs, from the STEP part and its mesh."""

    def setUp(self):
        super().setUp()
        if CAM.is_dir():
            return
        if os.environ.get("CI"):
            self.fail(f"CAM corpus {CAM} not found")
        self.skipTest(f"CAM corpus {CAM} not found")

    def test_known_bad_arc_fitting(self):
        for model, part_format in (("part.step", "step"), ("part.stl", "stl-binary")):
            report = self.check([str(CAM / "pocket_plate" / model),
                                 str(CAM / "known_bad/pocket_plate_fitarcs/linuxcnc.nc"),
                                 "-t", "flat:6,flute=20"], EXIT_FAIL)
            self.assertEqual(report["inputs"]["part"]["format"], part_format)

    def test_known_good_pair_with_a_holder(self):
        report = self.check([str(CAM / "boss_block/part.step"),
                             str(CAM / "boss_block/linuxcnc.nc"),
                             "-t", "bull:8:1,flute=25,length=60", "--stock", "0.25"], EXIT_PASS)
        self.assertIn("solids", report["inputs"]["part"])


class SchemaRejectsWrongReports(ReportSchemaTest):
    """Each change below breaks the format; the schema must say so, or it checks nothing."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.failed = json.loads((SAMPLES / "expected/mold_finish_bad.json").read_text())
        cls.errored = {
            "schema": "gougechek-report/1", "version": "0.1.0",
            "inputs": {"part": {"file": "part.stl"}, "path": {"file": "job.nc"}},
            "settings": {"tolerance": 0.01, "stock": 0.0, "rapid_clearance": 0.0},
            "tools": [], "summary": {"status": "error", "elapsed_s": 0.01},
            "error": {"kind": "input", "message": "unknown G code G6", "file": "job.nc",
                      "line": 3, "column": 1},
            "warnings": [], "violations": []}

    def assertRejected(self, report, change):
        self.assertNotEqual(validate_reports.problems(self.validator, report), [],
                            f"accepted a report with {change}")

    def changed(self, report, change):
        wrong = copy.deepcopy(report)
        change(wrong)
        return wrong

    def test_the_unchanged_reports_validate(self):
        self.assertValid(self.failed, "samples/expected/mold_finish_bad.json")
        self.assertValid(self.errored, "an input error report")

    def test_wrong_fail_reports(self):
        wrong = {
            "an unknown top-level field": lambda r: r.update(extra=1),
            "another schema": lambda r: r.update(schema="gougechek-report/2"),
            "no summary": lambda r: r.pop("summary"),
            "an unknown status": lambda r: r["summary"].update(status="ok"),
            "no counts in a fail": lambda r: r["summary"].pop("gouges"),
            "an error object in a fail": lambda r: r.update(error=self.errored["error"]),
            "truncated without violations_listed": lambda r: r["summary"].update(truncated=True),
            "an unknown violation field": lambda r: r["violations"][0].update(note="x"),
            "an unknown violation kind": lambda r: r["violations"][0].update(kind="crash"),
            "line 0": lambda r: r["violations"][0].update(line=0),
            "a position of two numbers": lambda r: r["violations"][0].update(at=[1, 2]),
            "a depth as text": lambda r: r["violations"][0].update(depth="0.2"),
            "confirmed other than exact": lambda r: r["violations"][0].update(confirmed="mesh"),
            "an unknown part format": lambda r: r["inputs"]["part"].update(format="obj"),
            "a read part without triangles": lambda r: r["inputs"]["part"].pop("triangles"),
            "faces on an STL part": lambda r: r["inputs"]["part"].update(faces=1, solids=1),
            "no moves in a fail": lambda r: r["inputs"]["path"].pop("moves"),
            "a negative tolerance": lambda r: r["settings"].update(tolerance=-0.01),
            "an unknown setting": lambda r: r["settings"].update(deflection=0.002),
            "a ball with a taper angle": lambda r: r["tools"][0].update(taper_angle=10),
            "a shank without an overall length": lambda r: r["tools"][0].update(
                shank_diameter=6),
            "a warning without a message": lambda r: r["warnings"].append({"line": 3}),
        }
        for change, apply in wrong.items():
            with self.subTest(change):
                self.assertRejected(self.changed(self.failed, apply), change)

    def test_wrong_pass_report(self):
        passed = self.changed(self.failed, lambda r: r["summary"].update(status="pass"))
        self.assertRejected(passed, "status pass with violations counted")

    def test_wrong_error_reports(self):
        wrong = {
            "no error object": lambda r: r.pop("error"),
            "violations": lambda r: r.update(violations=self.failed["violations"][:1]),
            "counts": lambda r: r["summary"].update(gouges=0),
            "the program's line count": lambda r: r["inputs"]["path"].update(lines=3, moves=1),
            "an unknown error kind": lambda r: r["error"].update(kind="crash"),
            "a missing column": lambda r: r["error"].pop("column"),
            "line 0 instead of null": lambda r: r["error"].update(line=0),
        }
        for change, apply in wrong.items():
            with self.subTest(change):
                self.assertRejected(self.changed(self.errored, apply), change)


if __name__ == "__main__":
    unittest.main(verbosity=2)
