"""The classroom: assignments that students can check and teachers can grade.

One source per assignment (``book/assignments/source/<name>.py``) makes two
notebooks: the student's, with a check cell after every question and no
solution anywhere in it, and the teacher's, with the solutions.  The modules:

- :mod:`~casino_math.classroom.source`: reading a source, and the two versions made from it;
- :mod:`~casino_math.classroom.checks`: judging an answer: right, or not right yet with a hint;
- :mod:`~casino_math.classroom.questions`: each assignment's questions, their right answers and common mistakes;
- :mod:`~casino_math.classroom.kernel`: running a notebook in a fresh kernel of this Python, with a time limit;
- :mod:`~casino_math.classroom.build`: writing the notebooks (``python -m casino_math.classroom build``);
- :mod:`~casino_math.classroom.grade`: grading a folder of submissions into a CSV
  (``python -m casino_math.classroom grade SUBMISSIONS --out grades.csv``).

This module itself is what runs inside a notebook's kernel, and stays light
(no Jupyter machinery): :func:`check` for the student's check cells, and
:func:`verdict`, the same check as the grader asks it.

In a student's notebook a check cell reads:

>>> from fractions import Fraction
>>> check("roulette.red", Fraction(1, 2))
roulette.red: not right yet. Hint: a wheel of 36 pockets has no zeros: the Oxford wheel has 0 and 00 as well, and they are neither red nor black.
>>> check("roulette.red", ...)
roulette.red: not answered yet.
"""

from .checks import NOT_ANSWERED, WRONG, Feedback
from .questions import find


def check(question: str, answer) -> Feedback:
    """Check an answer to a question: right, or not right yet with a hint, never the answer.

    ``question`` is the ID printed in the check cell, ``"assignment.question"``.

    >>> from fractions import Fraction
    >>> check("craps.natural", Fraction(8, 36))
    craps.natural: right.
    """
    return find(question).judge(answer)


def verdict(question_id: str, answer: str, namespace: dict) -> dict:
    """Check the value ``namespace`` holds under ``answer``: what the grader runs inside a submission's kernel.

    >>> from fractions import Fraction
    >>> verdict("roulette.red", "p_red", {"p_red": Fraction(1, 2)})["status"]
    'not right yet'
    >>> verdict("roulette.red", "p_red", {})
    {'status': 'not answered yet', 'hint': 'p_red is not defined: run its cell, and fix any error it shows'}
    """
    if answer not in namespace:
        return {"status": NOT_ANSWERED, "hint": f"{answer} is not defined: run its cell, and fix any error it shows"}
    try:
        feedback = check(question_id, namespace[answer])
    except Exception as error:  # noqa: BLE001  (the student's object misbehaving under the check)
        return {"status": WRONG, "hint": f"checking it raised {type(error).__name__}: {error}"}
    return {"status": feedback.status, "hint": feedback.hint}


__all__ = ["Feedback", "check", "verdict"]
