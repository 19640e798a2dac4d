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

In a student's notebook a check cell reads:

>>> from fractions import Fraction
>>> check("roulette.red", Fraction(1, 2))
roulette.red: not right yet. Hint: a wheel of 36 pockets has no zeros: the Oxford wheel has 0 and 00 as well, and they are neither red nor black.
>>> check("roulette.red", ...)
roulette.red: not answered yet.
"""

from .checks import Feedback
from .questions import find


def check(question: str, answer) -> Feedback:
    """Check an answer to a question: right, or not right yet with a hint, never the answer.

    ``question`` is the ID printed in the check cell, ``"assignment.question"``.
    """
    return find(question).judge(answer)


__all__ = ["Feedback", "check"]
