"""The classroom: how long a check takes in a student's notebook, and how long grading takes per submission.

A check must answer at once when a student runs it.  Grading runs each submission in its own sandbox: the
figures are a bare sandbox (Python started and ended in bubblewrap), the baseline of the previous grader's
start (a fresh Jupyter kernel running one cell), one honest submission of each assignment graded alone, and a
class of 20 roulette submissions (mixed honest, blank, broken and endless) graded with ``--jobs 2``, reported as
seconds per honest submission per core.
"""

import json
import os
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import nbformat
from timing import median_seconds, report

from casino_math.classroom import check, grade, sandbox
from casino_math.classroom.build import ASSIGNMENTS, SOLUTIONS
from casino_math.classroom.kernel import execute

ANSWERS = {  # a right answer of each kind of check, as a student's notebook would give it
    "roulette.red (Exact, hashed)": ("roulette.red", Fraction(9, 19)),
    "roulette.low_wins (Rule, 38 pockets)": ("roulette.low_wins", lambda p: p not in ("0", "00") and int(p) <= 18),
    "roulette.simulate_red (Estimate)": ("roulette.simulate_red", 0.4737),
}
JOBS = 2


def honest(name: str) -> dict:
    nb = json.loads((SOLUTIONS / f"{name}.ipynb").read_text())
    nb["metadata"]["classroom"]["version"] = "student"
    return nb


def class_of_twenty(folder: Path) -> int:
    """Write 20 roulette submissions: 14 honest, 3 blank, 2 with a cell that raises, 1 endless; the honest count."""
    blank = json.loads((ASSIGNMENTS / "roulette.ipynb").read_text())
    broken, endless = honest("roulette"), honest("roulette")
    broken["cells"].insert(3, {"cell_type": "code", "source": "1 / 0", "metadata": {}, "outputs": []})
    endless["cells"].append({"cell_type": "code", "source": "while True: pass", "metadata": {}, "outputs": []})
    kinds = [honest("roulette")] * 14 + [blank] * 3 + [broken] * 2 + [endless]
    for number, nb in enumerate(kinds):
        (folder / f"student{number:02d}.ipynb").write_text(json.dumps(nb))
    return 14


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-classroom-") as scratch:
        tempfile.tempdir = scratch  # every folder made below goes, with its submissions, when the run ends
        try:
            run()
        finally:
            tempfile.tempdir = None


def run() -> None:
    check("roulette.red", 0)  # load the roulette checks once, as the first check of a notebook does
    for name, (question, answer) in ANSWERS.items():
        report(f"check {name}", median_seconds(lambda q=question, a=answer: check(q, a)))
    program = sandbox.bwrap()
    root = sandbox.package_copy(tempfile.mkdtemp())
    options = grade.Options(program=program, package_root=root)
    empty = {"cells": [], "timeout": 10, "check_timeout": 10, "answers": {}, "probes": {}}
    bare = median_seconds(lambda: sandbox.run(empty, program, root), repeat=5)
    report("a bare sandbox: start Python in bubblewrap, report, end", bare)
    kernel = median_seconds(lambda: execute(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])), repeat=3)
    report("baseline: a fresh Jupyter kernel, one cell (the old grader's start)", kernel,
           f"{kernel / bare:.1f}x the bare sandbox")
    folder = Path(tempfile.mkdtemp())
    for name in ("roulette", "craps", "baccarat", "long-run"):
        (folder / f"{name}.ipynb").write_text(json.dumps(honest(name)))
        key = grade.load_key(name)
        seconds = median_seconds(lambda n=name, k=key: grade.grade_file(folder / f"{n}.ipynb", "t", "t", k, options),
                                 repeat=3)
        report(f"grade one honest {name} submission in its sandbox", seconds)
    submissions = Path(tempfile.mkdtemp())
    honest_count = class_of_twenty(submissions)
    timed = grade.Options(timeout=10, program=program, package_root=root)
    start = time.perf_counter()
    grade.grade_folder(submissions, "roulette", submissions.parent / f"{submissions.name}.csv", options=timed,
                       jobs=JOBS)
    whole = time.perf_counter() - start
    report(f"grade 20 roulette submissions (1 endless, 10 s limit), --jobs {JOBS}", whole,
           f"on {os.cpu_count()} cores")
    honest_only = Path(tempfile.mkdtemp())
    for number in range(honest_count):
        (honest_only / f"s{number:02d}.ipynb").write_text(json.dumps(honest("roulette")))
    start = time.perf_counter()
    grade.grade_folder(honest_only, "roulette", honest_only.parent / f"{honest_only.name}.csv", options=timed,
                       jobs=JOBS)
    per = (time.perf_counter() - start) * JOBS / honest_count
    report(f"seconds per honest roulette submission per core ({honest_count}, --jobs {JOBS})", per)


if __name__ == "__main__":
    main()
