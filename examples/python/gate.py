#!/usr/bin/python3
"""A pipeline gate: checks every G-code program of a folder against the folder's part and
exits non-zero when any program gouges the part or collides, so a posted job never reaches the
machine unchecked.

    gate.py JOBS_DIR [--tool ball:6] [--tool-library LIB.fctl] [--holder ER32]
            [--holder-clearance 1] [--initial-tool 3] [--part JOBS_DIR/part.step]
            [--tolerance 0.01] [--reports DIR]

The options are the CLI's (docs/cli.md). The part is read once (its search tree built once)
and every program is checked against it; with --reports, each program's JSON and HTML reports,
the CLI's, go to DIR. Exit codes as the CLI's: 0 all pass, 1 a violation, 2 an input error.
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


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--part", type=pathlib.Path)
    parser.add_argument("--tool", help="cutter spec for tools no library describes, e.g. ball:6")
    parser.add_argument("--tool-library", action="append", default=[],
                        help="tool library (FreeCAD .fctl, Fusion 360 .json, LinuxCNC table)")
    parser.add_argument("--holder", help="holder for tools without one: ER32, shrink:6, ...")
    parser.add_argument("--holder-clearance", type=float, default=0.0)
    parser.add_argument("--initial-tool", type=int)
    parser.add_argument("--tolerance", type=float, default=0.01)
    parser.add_argument("--reports", type=pathlib.Path, help="folder for each program's reports")
    return parser.parse_args()


def main():
    args = arguments()
    programs = sorted(p for p in args.folder.iterdir() if p.suffix.lower() in PROGRAM_SUFFIXES)
    if args.reports:
        args.reports.mkdir(parents=True, exist_ok=True)
    try:
        part = gougechek.Part.load(args.part or find_part(args.folder))
        tools = gougechek.Tools(tool=args.tool, tool_library=args.tool_library,
                                holder=args.holder)
        settings = gougechek.Settings(tolerance=args.tolerance,
                                      holder_clearance=args.holder_clearance,
                                      initial_tool=args.initial_tool)
        failed = 0
        for path in programs:
            reports = [args.reports / f"{path.stem}.{suffix}" for suffix in ("json", "html")] \
                if args.reports else None
            report = gougechek.verify(part, gougechek.Program.load(path), tools, settings,
                                      report=reports, pictures=bool(reports))
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
