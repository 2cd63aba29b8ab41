#!/usr/bin/python3
"""A pipeline gate: checks every G-code program of a folder against the folder's part and
exits non-zero when any program gouges the part or collides, so a posted job never reaches the
machine unchecked.

    gate.py JOBS_DIR --tool ball:6 [--part JOBS_DIR/part.step] [--tolerance 0.01]

The part is read once (its search tree built once) and every program is checked against it.
Exit codes as the CLI's: 0 all pass, 1 a violation, 2 an input error.
"""
import argparse
import pathlib
import sys

import gougechek

PROGRAM_SUFFIXES = {".nc", ".ngc", ".tap", ".gcode", ".cnc"}
PART_SUFFIXES = {".stl", ".step", ".stp", ".iges", ".igs"}


def find_part(folder):
    parts = sorted(p for p in folder.iterdir() if p.suffix.lower() in PART_SUFFIXES)
    if len(parts) != 1:
        sys.exit(f"gate: {folder} holds {len(parts)} part files; name one with --part")
    return parts[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--tool", required=True, help="cutter spec, e.g. ball:6")
    parser.add_argument("--part", type=pathlib.Path)
    parser.add_argument("--tolerance", type=float, default=0.01)
    args = parser.parse_args()

    programs = sorted(p for p in args.folder.iterdir() if p.suffix.lower() in PROGRAM_SUFFIXES)
    try:
        part = gougechek.Part.load(args.part or find_part(args.folder))
        tools = gougechek.Tools(tool=args.tool)
        settings = gougechek.Settings(tolerance=args.tolerance)
        failed = 0
        for path in programs:
            report = gougechek.verify(part, gougechek.Program.load(path), tools, settings)
            counts = report.counts
            verdict = "PASS" if report.passed else "FAIL"
            print(f"{path.name}: {verdict}: {counts['gouges']} gouges, "
                  f"{counts['rapid_collisions']} rapid collisions, "
                  f"{counts['holder_collisions']} holder collisions, "
                  f"max depth {counts['max_depth']:.3f} mm")
            failed += not report.passed
    except gougechek.InputError as error:
        print(f"gate: error: {error}", file=sys.stderr)
        return 2
    print(f"{failed} of {len(programs)} programs failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
