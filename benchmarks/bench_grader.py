"""Grading a class: 200 submissions of one assignment, honest and broken, graded with ``--jobs 2``.

The class is what a teacher gets back: teacher copies (full marks), half-right notebooks, blank ones, and broken
ones (an endless loop that ignores interrupts, a crash, ``os._exit``, a flood of output, a file that is not JSON,
a ``.py`` file).  Reported: the whole run's time, and the seconds each honest submission held a core (each
submission is timed as it is graded; with as many jobs as cores, that is seconds per submission per core).  The
baselines, timed in the same run: a bare sandbox (Python started, reporting nothing, ended in bubblewrap) and a
plain Jupyter kernel running one cell (how the grader once started each notebook).

    python benchmarks/bench_grader.py [CLASS_SIZE [ASSIGNMENT]]      (default: 200 roulette submissions)
"""

import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
from timing import median_seconds, report

from casino_math.classroom import course, grade, sandbox
from casino_math.classroom.kernel import execute
from casino_math.classroom.marks import Grade
from casino_math.classroom.source import Assignment

#: The book's course: its assignments and their built notebooks.
BOOK = Path(__file__).resolve().parents[1] / "book" / "assignments"

CLASS_SIZE = 200
JOBS = 2
TIMEOUT = 10  # seconds a notebook's cells may take (the endless loops cost this each)
HONEST = ("teacher", "half", "blank")
#: The assignment graded (roulette: its questions are values and functions with public checks; craps adds a
#: simulated round played on a hidden seed).
ASSIGNMENT = "roulette"
#: The class: how many of each kind of submission in every 100.
MIX = {"teacher": 60, "half": 15, "blank": 10, "endless": 3, "crash": 3, "exit": 3, "flood": 2, "torn": 2, "script": 2}


def notebook(version: str) -> dict[str, Any]:
    folder = BOOK / "solutions" if version == "teacher" else BOOK
    nb: dict[str, Any] = json.loads((folder / f"{ASSIGNMENT}.ipynb").read_text())
    nb["metadata"]["classroom"]["version"] = "student"
    return nb


def code(source: str) -> dict[str, Any]:
    return {"cell_type": "code", "source": source, "metadata": {}, "outputs": [], "execution_count": None}


def half_right(assignment: Assignment) -> tuple[dict[str, Any], int]:
    """The teacher's answers with answer cells blanked, last first (no later answer is built on them), until half
    the points are gone; and the points kept."""
    nb, gone = notebook("teacher"), 0
    for question in reversed(assignment.questions):
        if gone + question.points <= assignment.points // 2:
            gone += question.points
            cell = next(c for c in nb["cells"] if c["metadata"].get("classroom", {}).get("question") == question.id)
            cell["source"] = ""
    return nb, assignment.points - gone


def submissions(assignment: Assignment) -> dict[str, tuple[str, int]]:
    """Each kind of submission as a file's text, and the total it should score."""
    full = assignment.points
    half, kept = half_right(assignment)

    def with_cell(source: str) -> str:
        return json.dumps({**notebook("teacher"), "cells": [*notebook("teacher")["cells"], code(source)]})

    return {
        "teacher": (json.dumps(notebook("teacher")), full),
        "half": (json.dumps(half), kept),
        "blank": (json.dumps(notebook("student")), 0),
        "endless": (with_cell("import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True: pass"), full),
        "crash": (with_cell("import ctypes\nctypes.string_at(0)"), full),
        "exit": (with_cell("import os\nos._exit(3)"), full),
        "flood": (with_cell("for _ in range(50):\n    print('x' * 1_000_000)"), full),
        "torn": ('{"cells": [', 0),
        "script": ("answer = 2 / 9\n", 0),
    }


def write_class(folder: Path, assignment: Assignment, size: int) -> dict[str, tuple[str, int]]:
    """Write ``size`` submissions in the proportions of MIX; each file's kind and expected total, by file name."""
    made, kinds = submissions(assignment), []
    for kind, share in MIX.items():
        kinds += [kind] * round(share * size / sum(MIX.values()))
    expected = {}
    for number, kind in enumerate(kinds[:size]):
        name = f"{kind}-{number:03d}" + (".py" if kind == "script" else ".ipynb")
        (folder / name).write_text(made[kind][0])
        expected[name] = (kind, made[kind][1])
    return expected


def timed(f: Callable[..., Grade], seconds: dict[str, float]) -> Callable[..., Grade]:
    def run(sub: grade.Submission, *args: Any) -> Grade:
        start = time.perf_counter()
        try:
            return f(sub, *args)
        finally:
            seconds[sub.found.path.name] = time.perf_counter() - start
    return run


def main(size: int = CLASS_SIZE) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-grader-") as scratch:
        tempfile.tempdir = scratch  # every folder made below goes, with its submissions, when the run ends
        try:
            run(size)
        finally:
            tempfile.tempdir = None


def run(size: int) -> None:
    program = sandbox.bwrap()
    root = sandbox.package_copy(tempfile.mkdtemp())
    empty = {"cells": [], "timeout": 10, "check_timeout": 10, "answers": {}, "probes": {}}
    bare = median_seconds(lambda: sandbox.run(empty, program, root), repeat=5)
    report("baseline: a bare sandbox (start Python in bubblewrap, end)", bare)
    one_cell = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    kernel = median_seconds(lambda: execute(one_cell), repeat=3)
    report("baseline: a plain Jupyter kernel running one cell", kernel, f"{kernel / bare:.1f}x the bare sandbox")

    book = course.at(BOOK)
    folder = Path(tempfile.mkdtemp())
    expected = write_class(folder, grade.Grading(book, ASSIGNMENT).assignment, size)
    seconds: dict[str, float] = {}
    options = grade.Options(timeout=TIMEOUT, program=program, package_root=root)
    request = grade.Request(folder, book, ASSIGNMENT, folder.parent / "grades.csv", jobs=JOBS)
    original, grade.grade_file = grade.grade_file, timed(grade.grade_file, seconds)
    try:
        start = time.perf_counter()
        _, _, entries = grade.grade_folder(request, options)
        whole = time.perf_counter() - start
    finally:
        grade.grade_file = original
    counts = Counter(kind for kind, _ in expected.values())
    report(f"grade {len(expected)} {ASSIGNMENT} submissions, --jobs {JOBS}, --timeout {TIMEOUT}", whole,
           f"on {os.cpu_count()} cores; " + ", ".join(f"{n} {kind}" for kind, n in counts.items()))
    by_kind: dict[str, list[float]] = defaultdict(list)
    for name, (kind, _) in expected.items():
        by_kind[kind].append(seconds[name])
    honest = [s for kind in HONEST for s in by_kind[kind]]
    report("seconds per honest submission per core (median)", statistics.median(honest),
           f"{statistics.median(honest) / bare:.1f}x the bare sandbox; {statistics.median(honest) / kernel:.2f}x a "
           "kernel's start")
    report("seconds per honest submission per core (mean)", statistics.mean(honest), f"{len(honest)} honest")
    for kind, times in by_kind.items():
        report(f"  median for one {kind} submission", statistics.median(times), f"{len(times)} files")
    scored = {file: entry.grade.total for file, entry in entries.items()}
    wrong = sorted(name for name, (_, total) in expected.items() if scored.get(name) != total)
    print(f"every file has a row: {len(scored) == len(expected)}; totals as expected: {not wrong}"
          + (f" (not: {', '.join(wrong[:5])})" if wrong else ""))


if __name__ == "__main__":
    if len(sys.argv) > 2:
        ASSIGNMENT = sys.argv[2]
    main(int(sys.argv[1]) if len(sys.argv) > 1 else CLASS_SIZE)
