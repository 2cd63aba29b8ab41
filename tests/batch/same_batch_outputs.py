#!/usr/bin/env python3
"""Whether two batch output folders hold the same results: the same files, with the same
content once what differs from run to run is set aside (how long things took and when they
ran). `gougechek merge` of shards must equal a single run in this sense.

    same_batch_outputs.py DIR_A DIR_B    exit 0 when the same, 1 (and the differences) if not
"""
import json
import os
import re
import sys

# JSON keys whose values are times or clocks; "timings" is the summary's timing section;
# "report_sha256" digests the report files, which hold their times.
TIME_KEYS = {"elapsed_s", "import_s", "checked_at", "started_at", "timings", "report_sha256"}
# XML attributes and HTML cells that hold times.
TIME_MARKUP = [
    (re.compile(r'\b(time|timestamp)="[^"]*"'), r'\1="-"'),
    (re.compile(r'(<td class="n time">)[^<]*(</td>)'), r"\1-\2"),
    (re.compile(r"(<tr><th>(?:Time|Checked)</th><td>)[^<]*(</td>)"), r"\1-\2"),
    (re.compile(r'(<property name="checked" value=")[^"]*(")'), r"\1-\2"),
]


def without_times(value):
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if k not in TIME_KEYS}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def comparable(path):
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".json"):
        return json.dumps(without_times(json.loads(data)), indent=1, sort_keys=False)
    text = data.decode("utf-8", errors="replace")
    if path.endswith((".html", ".xml")):
        for pattern, replacement in TIME_MARKUP:
            text = pattern.sub(replacement, text)
    return text


def files_under(root):
    found = set()
    for folder, _, names in os.walk(root):
        for name in names:
            found.add(os.path.relpath(os.path.join(folder, name), root))
    return found


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    a, b = argv[1], argv[2]
    files_a, files_b = files_under(a), files_under(b)
    problems = [f"only in {a}: {f}" for f in sorted(files_a - files_b)]
    problems += [f"only in {b}: {f}" for f in sorted(files_b - files_a)]
    for name in sorted(files_a & files_b):
        if comparable(os.path.join(a, name)) != comparable(os.path.join(b, name)):
            problems.append(f"differs: {name}")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
