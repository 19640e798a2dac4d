"""``python -m casino_math.classroom``: build the assignments' notebooks, or grade a folder of submissions.

    python -m casino_math.classroom build [NAME ...]
    python -m casino_math.classroom grade SUBMISSIONS --out grades.csv [--timeout SECONDS] [--feedback DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import build as builder
from . import grade as grader


def parser() -> argparse.ArgumentParser:
    """The command line's parser.

    >>> parser().parse_args(["grade", "in", "--out", "g.csv"]).timeout
    120.0
    """
    top = argparse.ArgumentParser(prog="python -m casino_math.classroom",
                                  description="Assignments students can check and teachers can grade.")
    sub = top.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="write the student and teacher notebooks from the sources")
    b.add_argument("names", nargs="*", metavar="NAME", help="only these assignments (default: all)")
    b.add_argument("--sources", type=Path, default=grader.SOURCES, help="the folder of sources (default: %(default)s)")
    b.add_argument("--out", type=Path, default=builder.ASSIGNMENTS, help="where the student notebooks go")
    b.add_argument("--solutions", type=Path, default=builder.SOLUTIONS, help="where the teacher notebooks go")
    b.add_argument("--no-run", action="store_true", help="write the notebooks without running them (no outputs)")
    g = sub.add_parser("grade", help="grade a folder of submitted notebooks into a CSV")
    g.add_argument("submissions", type=Path, metavar="SUBMISSIONS",
                   help="a folder of notebooks: SUBMISSIONS/<student>.ipynb or SUBMISSIONS/<student>/<any>.ipynb")
    g.add_argument("--out", type=Path, required=True, help="the CSV to write: one row per student")
    g.add_argument("--timeout", type=float, default=float(grader.DEFAULT_TIMEOUT),
                   help="seconds allowed for running one notebook (default: %(default)g)")
    g.add_argument("--assignment", help="the assignment (default: the one the notebooks name in their metadata)")
    g.add_argument("--feedback", type=Path, metavar="DIR", help="also write DIR/<student>.md: each question's hint")
    g.add_argument("--sources", type=Path, default=grader.SOURCES, help="the folder of sources (default: %(default)s)")
    return top


def main(argv=None) -> int:
    """Run the command line; returns the exit status (2, with the reason on stderr, for a bad request).

    >>> main(["grade", "/no/such/folder", "--out", "grades.csv"])
    2
    """
    args = parser().parse_args(argv)
    try:
        if args.command == "build":
            changed = builder.build(args.sources, args.out, args.solutions, args.names or None, run=not args.no_run)
            print("\n".join(f"wrote {_shown(path)}" for path in changed) or "nothing changed")
            return 0
        return _grade(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _shown(path: Path) -> Path:
    try:
        return path.resolve().relative_to(Path.cwd())
    except ValueError:
        return path


def _grade(args) -> int:
    def progress(grade):
        notes = f"  ({'; '.join(grade.notes)})" if grade.notes else ""
        print(f"{grade.student}: {grade.total}{notes}", file=sys.stderr)

    assignment, grades = grader.grade_folder(args.submissions, args.timeout, args.assignment, args.sources,
                                             progress=progress)
    grader.write_csv(assignment, grades, args.out)
    if args.feedback:
        args.feedback.mkdir(parents=True, exist_ok=True)
        for grade in grades:
            (args.feedback / f"{grade.student}.md").write_text(grader.feedback_text(assignment, grade), encoding="utf-8")
    print(f"graded {len(grades)} notebook{'s' if len(grades) != 1 else ''} of {assignment.name} (out of {assignment.points} points) into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
