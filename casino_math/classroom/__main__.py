"""``python -m casino_math.classroom``: build the assignments' notebooks, grade a folder of submissions, merge grades.

    python -m casino_math.classroom build [NAME ...] [--out DIR]
    python -m casino_math.classroom grade SUBMISSIONS --assignment NAME --out FILE.csv [--jobs N] [--timeout S]
        [--check-timeout S] [--feedback DIR] [--sources DIR] [--regrade] [--no-sandbox]
    python -m casino_math.classroom gradebook CSV... --out FILE.csv
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import build as builder
from . import grade as grader
from . import sandbox


def parser() -> argparse.ArgumentParser:
    """The command line's parser.

    >>> args = parser().parse_args(["grade", "in", "--assignment", "craps", "--out", "g.csv"])
    >>> args.timeout, args.check_timeout, args.jobs == (os.cpu_count() or 1)
    (120.0, 60.0, True)
    """
    top = argparse.ArgumentParser(prog="python -m casino_math.classroom",
                                  description="Assignments students can check and teachers can grade.")
    sub = top.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="write the student and teacher notebooks from the sources")
    b.add_argument("names", nargs="*", metavar="NAME", help="only these assignments (default: all)")
    b.add_argument("--sources", type=Path, default=grader.SOURCES, help="the folder of sources (default: %(default)s)")
    b.add_argument("--out", type=Path, default=builder.ASSIGNMENTS,
                   help="where the notebooks go: DIR/NAME.ipynb, and the teacher's DIR/solutions/NAME.ipynb")
    b.add_argument("--no-run", action="store_true", help="write the notebooks without running them (no outputs)")
    g = sub.add_parser("grade", help="grade a folder of submitted notebooks into a CSV")
    g.add_argument("submissions", type=Path, metavar="SUBMISSIONS",
                   help="a folder of notebooks: SUBMISSIONS/<student>.ipynb or SUBMISSIONS/<student>/<any>.ipynb")
    g.add_argument("--assignment", required=True, help="the assignment graded (the name of its source)")
    g.add_argument("--out", type=Path, required=True, help="the CSV to write: one row per file")
    g.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="submissions graded at once (default: %(default)s)")
    g.add_argument("--timeout", type=float, default=float(grader.DEFAULT_TIMEOUT),
                   help="seconds allowed for running one notebook's cells (default: %(default)g)")
    g.add_argument("--check-timeout", type=float, default=float(grader.CHECK_SECONDS),
                   help="seconds allowed for one check of a submitted function (default: %(default)g)")
    g.add_argument("--feedback", type=Path, metavar="DIR", help="also write DIR/<student>.md: each question's hint")
    g.add_argument("--sources", type=Path, default=grader.SOURCES,
                   help="the folder of sources and answer keys (default: %(default)s)")
    g.add_argument("--regrade", action="store_true", help="grade every file again, not only those not yet graded")
    g.add_argument("--no-sandbox", action="store_true", help="run notebooks without isolation (only notebooks you trust)")
    m = sub.add_parser("gradebook", help="merge assignments' CSVs into one class gradebook")
    m.add_argument("csvs", nargs="+", type=Path, metavar="CSV", help="CSVs written by the grade command")
    m.add_argument("--out", type=Path, required=True, help="the gradebook to write: students by assignments")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2, with the reason on stderr, for a bad request).

    >>> main(["grade", "/no/such/folder", "--assignment", "craps", "--out", "grades.csv"])
    2
    """
    args = parser().parse_args(argv)
    try:
        if args.command == "build":
            changed = builder.build(args.sources, args.out, args.out / "solutions", args.names or None,
                                    run=not args.no_run)
            print("\n".join(f"wrote {_shown(path)}" for path in changed) or "nothing changed")
            return 0
        if args.command == "gradebook":
            rows = grader.gradebook(args.csvs, args.out)
            n = len(args.csvs)
            print(f"wrote {args.out}: {len(rows) - 1} students, {n} assignment{'s' * (n != 1)}")
            return 0
        return _grade(args)
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _shown(path: Path) -> Path:
    try:
        return path.resolve().relative_to(Path.cwd())
    except ValueError:
        return path


def _grade(args: argparse.Namespace) -> int:
    for name, value in (("--timeout", args.timeout), ("--check-timeout", args.check_timeout), ("--jobs", args.jobs)):
        if not value > 0:
            raise ValueError(f"{name} must be more than 0, not {value:g}")
    if not args.submissions.is_dir():
        raise ValueError(f"{args.submissions} is not a folder; give the folder that holds the submitted notebooks")
    if args.out.is_dir() or not args.out.parent.is_dir():
        raise ValueError(f"--out {args.out}: " + ("is a folder" if args.out.is_dir() else "its folder does not exist")
                         + "; give the CSV file to write, in a folder that exists (such as grades.csv)")
    program = None if args.no_sandbox else sandbox.bwrap()
    if program is None and not args.no_sandbox:
        raise ValueError("cannot isolate the notebooks: bubblewrap (bwrap) is missing or does not work here; install "
                         "Debian's bubblewrap, or pass --no-sandbox to grade without isolation")
    if args.no_sandbox:
        print(f"warning: {sandbox.RISK}", file=sys.stderr)
    key = grader.load_key(args.assignment, args.sources)

    def progress(entry: dict[str, Any]) -> None:
        row = entry["row"]
        notes = f"  ({row['notes']})" if row["notes"] else ""
        print(f"{grader.readable(row['student'])} [{grader.readable(entry['file'])}]: {row['total']}{notes}",
              file=sys.stderr)
        if args.feedback:
            args.feedback.mkdir(parents=True, exist_ok=True)
            name = row["student"] if len(entry["files"]) == 1 else f"{row['student']}--{Path(entry['file']).stem}"
            (args.feedback / f"{name}.md").write_text(grader.feedback_text(key.assignment, entry), encoding="utf-8",
                                                      errors="backslashreplace")

    with tempfile.TemporaryDirectory(prefix="classroom-package-") as copy:
        options = grader.Options(args.timeout, args.check_timeout, program, sandbox.package_copy(copy))
        entries = grader.grade_folder(args.submissions, args.assignment, args.out, args.sources, options, args.jobs,
                                      args.regrade, progress)
    print(f"graded {len(entries)} file{'s' if len(entries) != 1 else ''} of {args.assignment} "
          f"(out of {key.assignment.points} points) into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
