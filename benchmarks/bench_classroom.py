"""The classroom: how long a check takes in a student's notebook, and how long grading takes per notebook.

A check must answer at once when a student runs it; grading costs a kernel start plus running the notebook, so
the per-notebook time says how long a class takes to grade.
"""

from fractions import Fraction

import nbformat
from timing import median_seconds, report

from casino_math.classroom import check
from casino_math.classroom.build import SOLUTIONS
from casino_math.classroom.grade import grade_notebook, load_assignment, source_files
from casino_math.classroom.kernel import execute

ANSWERS = {  # a right answer of each kind of check, as a student's notebook would give it
    "roulette.red (Exact)": ("roulette.red", Fraction(9, 19)),
    "roulette.low_wins (Rule, 38 pockets)": ("roulette.low_wins", lambda p: p not in ("0", "00") and int(p) <= 18),
    "roulette.simulate_red (Estimate)": ("roulette.simulate_red", 0.4737),
}


def _play_pass(rng):
    point = rng.integers(1, 7) + rng.integers(1, 7)
    if point in (7, 11):
        return 1
    if point in (2, 3, 12):
        return -1
    while True:
        roll = rng.integers(1, 7) + rng.integers(1, 7)
        if roll in (point, 7):
            return 1 if roll == point else -1


def main() -> None:
    check("roulette.red", 0)  # load the roulette questions once, as the first check of a notebook does
    for name, (question, answer) in ANSWERS.items():
        report(f"check {name}", median_seconds(lambda q=question, a=answer: check(q, a)))
    seconds = median_seconds(lambda: check("craps.play_pass", _play_pass), repeat=3)
    report("check craps.play_pass (Simulation, 20,000 bets)", seconds)
    empty = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    report("a fresh kernel: start, run one cell, shut down", median_seconds(lambda: execute(empty), repeat=3))
    for path in source_files():
        teacher = nbformat.read(SOLUTIONS / f"{path.stem}.ipynb", as_version=4)
        assignment = load_assignment(path.stem)
        seconds = median_seconds(lambda nb=teacher, a=assignment: grade_notebook(nbformat.from_dict(nb), "t", a),
                                 repeat=3, warmup=0)
        report(f"grade the teacher's {path.stem} notebook ({len(assignment.questions)} questions)", seconds)


if __name__ == "__main__":
    main()
