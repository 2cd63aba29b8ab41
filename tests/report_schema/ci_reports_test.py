#!/usr/bin/python3
"""The CLI's SARIF and GitLab Code Quality reports validate against their schemas for each
outcome of a run (pass, fail, waived-free, input error), name the program's lines and regions
as the JSON report does, and the schemas reject reports that break the format.

The official SARIF 2.1.0 schema (sarif-schema-2.1.0.json) is not available offline here, so
tests/report_schema/sarif-2.1.0-subset.schema.json states the part of it gougechek writes, by
hand from the specification; tests/report_schema/gitlab-codequality.schema.json states GitLab's
format likewise.

Run by ctest (report_schema.ci_reports) with GOUGECHEK_CLI and GOUGECHEK_SOURCE_DIR set.
"""
import copy
import json
import os
import pathlib
import subprocess
import tempfile
import unittest

import jsonschema

import validate_reports

CLI = os.environ["GOUGECHEK_CLI"]
SOURCE = pathlib.Path(os.environ["GOUGECHEK_SOURCE_DIR"])
HERE = pathlib.Path(__file__).parent
SAMPLE_TOOL = "ball:6,flute=12"


def validator(schema_name):
    schema = json.loads((HERE / schema_name).read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema, format_checker=jsonschema.FormatChecker())


class CiReports(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sarif_schema = validator("sarif-2.1.0-subset.schema.json")
        cls.quality_schema = validator("gitlab-codequality.schema.json")

    def setUp(self):
        scratch = tempfile.TemporaryDirectory(prefix="gougechek_ci_")
        self.addCleanup(scratch.cleanup)
        self.dir = pathlib.Path(scratch.name)
        (self.dir / "jobs").mkdir()
        for name in ("mold.stl", "mold_finish.nc", "mold_finish_bad.nc"):
            (self.dir / "jobs" / name).write_bytes((SOURCE / "samples" / name).read_bytes())

    def run_cli(self, *arguments, exit_code):
        """Runs gougechek in the scratch folder, relative paths as a CI job gives them; returns
        the SARIF, Code Quality and JSON reports it wrote."""
        run = subprocess.run([CLI, *arguments, "--report", "r.sarif", "--report", "r.json"],
                             cwd=self.dir, capture_output=True, text=True)
        self.assertEqual(run.returncode, exit_code, run.stderr)
        quality = subprocess.run([CLI, *arguments, "--report", "q.json", "--format",
                                  "codequality"], cwd=self.dir, capture_output=True, text=True)
        self.assertEqual(quality.returncode, exit_code, quality.stderr)
        read = lambda name: json.loads((self.dir / name).read_text(encoding="utf-8"))
        return read("r.sarif"), read("q.json"), read("r.json")

    def assertValid(self, schema, document, what):
        self.assertEqual(validate_reports.problems(schema, document), [], what)

    def test_failing_sample_names_the_lines_of_the_json_report(self):
        sarif, quality, report = self.run_cli("jobs/mold.stl", "jobs/mold_finish_bad.nc", "-t",
                                              SAMPLE_TOOL, exit_code=1)
        self.assertValid(self.sarif_schema, sarif, "SARIF")
        self.assertValid(self.quality_schema, quality, "Code Quality")
        results = sarif["runs"][0]["results"]
        violations = report["violations"]
        self.assertEqual(len(results), len(violations))
        self.assertEqual(len(quality), len(violations))
        rules = [rule["id"] for rule in sarif["runs"][0]["tool"]["driver"]["rules"]]
        for result, issue, violation in zip(results, quality, violations):
            location = result["locations"][0]["physicalLocation"]
            self.assertEqual(location["artifactLocation"]["uri"], "jobs/mold_finish_bad.nc")
            self.assertEqual(location["region"]["startLine"], violation["line"])
            self.assertEqual(result["ruleId"], violation["kind"])
            self.assertEqual(rules[result["ruleIndex"]], violation["kind"])
            self.assertGreaterEqual(result["properties"]["region"], 1)
            self.assertEqual(result["properties"]["depth_mm"], violation["depth"])
            self.assertIn(f"line {violation['line']}: ", result["message"]["text"])
            self.assertEqual(issue["location"], {"path": "jobs/mold_finish_bad.nc",
                                                 "lines": {"begin": violation["line"]}})
            self.assertEqual(issue["fingerprint"],
                             result["partialFingerprints"]["gougechekFinding/v1"])
        self.assertEqual(len({issue["fingerprint"] for issue in quality}), len(quality))
        # The region of the deepest finding is region 1.
        deepest = max(range(len(violations)), key=lambda i: violations[i]["depth"])
        self.assertEqual(results[deepest]["properties"]["region"], 1)

    def test_clean_sample_has_no_results(self):
        sarif, quality, _ = self.run_cli("jobs/mold.stl", "jobs/mold_finish.nc", "-t",
                                         SAMPLE_TOOL, exit_code=0)
        self.assertValid(self.sarif_schema, sarif, "SARIF")
        self.assertEqual(sarif["runs"][0]["results"], [])
        self.assertTrue(sarif["runs"][0]["invocations"][0]["executionSuccessful"])
        self.assertEqual(quality, [])

    def test_input_error_is_an_unsuccessful_run_and_a_blocker(self):
        (self.dir / "jobs" / "bad.nc").write_text("G21 G90\nG1 X1 Y1 Z1 F100\nG2 X5 Y5 R0.1\n")
        sarif, quality, _ = self.run_cli("jobs/mold.stl", "jobs/bad.nc", "-t", SAMPLE_TOOL,
                                         exit_code=2)
        self.assertValid(self.sarif_schema, sarif, "SARIF")
        self.assertValid(self.quality_schema, quality, "Code Quality")
        invocation = sarif["runs"][0]["invocations"][0]
        self.assertFalse(invocation["executionSuccessful"])
        note = invocation["toolExecutionNotifications"][0]
        self.assertEqual(note["level"], "error")
        self.assertEqual(note["locations"][0]["physicalLocation"]["region"]["startLine"], 3)
        self.assertEqual([issue["severity"] for issue in quality], ["blocker"])

    def test_a_program_name_with_a_space_is_percent_encoded(self):
        (self.dir / "jobs" / "mold finish.nc").write_bytes(
            (SOURCE / "samples" / "mold_finish_bad.nc").read_bytes())
        sarif, _, _ = self.run_cli("jobs/mold.stl", "jobs/mold finish.nc", "-t", SAMPLE_TOOL,
                                   exit_code=1)
        self.assertValid(self.sarif_schema, sarif, "SARIF")
        uri = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
            "artifactLocation"]["uri"]
        self.assertEqual(uri, "jobs/mold%20finish.nc")

    def test_the_schemas_reject_broken_reports(self):
        sarif, quality, _ = self.run_cli("jobs/mold.stl", "jobs/mold_finish_bad.nc", "-t",
                                         SAMPLE_TOOL, exit_code=1)
        breaks = [
            lambda s: s.update(version="2.0.0"),
            lambda s: s["runs"][0]["results"][0].update(level="fatal"),
            lambda s: s["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
                "region"].update(startLine=0),
            lambda s: s["runs"][0]["results"][0].pop("message"),
            lambda s: s["runs"][0]["results"][0].update(lineNumber=3),
            lambda s: s["runs"][0]["tool"]["driver"].pop("name"),
        ]
        for number, breaking in enumerate(breaks):
            broken = copy.deepcopy(sarif)
            breaking(broken)
            self.assertNotEqual(validate_reports.problems(self.sarif_schema, broken), [],
                                f"SARIF break {number}")
        for breaking in (lambda q: q[0].update(severity="fatal"),
                         lambda q: q[0]["location"].pop("lines"),
                         lambda q: q[0].update(fingerprint="not hex")):
            broken = copy.deepcopy(quality)
            breaking(broken)
            self.assertNotEqual(validate_reports.problems(self.quality_schema, broken), [])


if __name__ == "__main__":
    unittest.main()
