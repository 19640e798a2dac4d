"""The classroom: how long a check takes in a student's notebook, and how long grading one submission takes.

A check must answer at once when a student runs it.  Grading runs each submission in its own sandbox: the
figures are a bare sandbox (Python started and ended in bubblewrap) and one honest submission of each assignment
graded alone.  A whole class graded at once is in ``bench_grader.py``.
"""

import json
import tempfile
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

from timing import median_seconds, report

from casino_math.classroom import check, course, discovery, grade, public, sandbox

#: The book's course: its assignments and their built notebooks.
BOOK = Path(__file__).resolve().parents[1] / "book" / "assignments"

ANSWERS = {  # a right answer of each kind of check, as a student's notebook would give it
    "roulette.red (Exact, hashed)": ("roulette.red", Fraction(9, 19)),
    "roulette.low_wins (Rule, 38 pockets)": ("roulette.low_wins", lambda p: p not in ("0", "00") and int(p) <= 18),
    "roulette.simulate_red (Estimate)": ("roulette.simulate_red", 0.4737),
}


def honest(name: str) -> dict[str, Any]:
    nb: dict[str, Any] = json.loads((BOOK / "solutions" / f"{name}.ipynb").read_text())
    nb["metadata"]["classroom"]["version"] = "student"
    return nb


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-classroom-") as scratch:
        tempfile.tempdir = scratch  # every folder made below goes, with its submissions, when the run ends
        try:
            run()
        finally:
            tempfile.tempdir = None


def run() -> None:
    packed = _packed(json.loads((BOOK / "roulette.ipynb").read_text()))
    report("load the roulette checks (what the notebook's hidden cell does)",
           median_seconds(lambda: public.load_checks("roulette", packed)))
    for name, (question, answer) in ANSWERS.items():
        report(f"check {name}", median_seconds(partial(check, question, answer)))
    program = sandbox.bwrap()
    root = sandbox.package_copy(tempfile.mkdtemp())
    options = grade.Options(program=program, package_root=root)
    empty = {"cells": [], "timeout": 10, "check_timeout": 10, "answers": {}, "probes": {}}
    bare = median_seconds(lambda: sandbox.run(empty, program, root), repeat=5)
    report("a bare sandbox: start Python in bubblewrap, report, end", bare)
    folder, book = Path(tempfile.mkdtemp()), course.at(BOOK)
    for name in ("roulette", "craps", "baccarat", "long-run"):
        path = folder / f"{name}.ipynb"
        path.write_text(json.dumps(honest(name)))
        grading = grade.Grading(book, name)
        found = discovery.Found(path, path.name, "t", discovery.Kind.FILE)
        sub = grade.Submission(found, None, grading.plan(grading.key.default()), discovery.digest(found))
        seconds = median_seconds(partial(grade.grade_file, sub, options), repeat=3)
        report(f"grade one honest {name} submission in its sandbox", seconds)


def _packed(nb: dict[str, Any]) -> str:
    source = "".join(next(c["source"] for c in nb["cells"] if c["id"] == "checks"))
    return "".join(line.strip().strip('"') for line in source.split("(\n", 1)[1].rsplit("\n)", 1)[0].splitlines())


if __name__ == "__main__":
    main()
