#!/usr/bin/python3
"""Validates gougechek JSON reports against the schema gougechek-report/1.

    validate_reports.py SCHEMA PATH...

SCHEMA is docs/gougechek-report-1.schema.json; each PATH is a report, or a folder whose *.json
files are all reports (the reports the test programs collected, tests/report_schema/
collected_reports.hpp). Prints each report that does not validate with what is wrong, then a
count of the reports by outcome. Exit status: 0 when every report validates, 1 when any does
not, 2 when SCHEMA cannot be used.

Needs Debian's python3-jsonschema, hence /usr/bin/python3 (scripts/install-deps.sh).
"""
import collections
import json
import pathlib
import sys

import jsonschema


def load_validator(schema_file):
    """A validator for the schema in `schema_file`, itself checked against its metaschema."""
    schema = json.loads(pathlib.Path(schema_file).read_text(encoding="utf-8"))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)


def problems(validator, report):
    """What is wrong with `report`, one line each ("where: what"); empty when it validates."""
    found = []
    for error in sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(part) for part in error.absolute_path) or "(the report)"
        found.append(f"{where}: {error.message}")
    return found


def outcome(report):
    """`pass`, `fail`, or `error (KIND)`: how the run that wrote `report` ended."""
    status = report.get("summary", {}).get("status", "?")
    if status == "error":
        return f"error ({report.get('error', {}).get('kind', '?')})"
    return status


def report_files(paths):
    for path in map(pathlib.Path, paths):
        if path.is_dir():
            yield from sorted(path.glob("*.json"))
        else:
            yield path


def main(arguments):
    if len(arguments) < 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        validator = load_validator(arguments[0])
    except (OSError, ValueError, jsonschema.SchemaError) as error:
        print(f"{arguments[0]}: {error}", file=sys.stderr)
        return 2
    outcomes = collections.Counter()
    invalid = 0
    for file in report_files(arguments[1:]):
        try:
            report = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"{file}: not a JSON document: {error}")
            invalid += 1
            continue
        found = problems(validator, report)
        if found:
            invalid += 1
            print(f"{file}: does not validate:")
            for line in found:
                print(f"  {line}")
        outcomes[outcome(report)] += 1
    counts = ", ".join(f"{n} {name}" for name, n in sorted(outcomes.items())) or "none"
    print(f"{sum(outcomes.values())} reports checked ({counts}); {invalid} invalid")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
