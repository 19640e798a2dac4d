"""The classroom: assignments that students can check and teachers can grade.

One source per assignment (``book/assignments/source/<name>.py``) makes two
notebooks: the student's, with a check cell after every question and no
solution anywhere in it, and the teacher's, with the solutions.  The answer
keys stay with the teacher, beside the sources (``source/keys/<name>.py``); the
package holds only the machinery and, for the check cells, hashes.  The modules:

- :mod:`~casino_math.classroom.source`: reading a source, and the two versions made from it;
- :mod:`~casino_math.classroom.checks`: judging an answer: right, or not right yet with a hint;
- :mod:`~casino_math.classroom.keys`: loading the teacher's answer keys (public and hidden tests);
- :mod:`~casino_math.classroom.public`: the check cells' checks, as hashes and hints;
- :mod:`~casino_math.classroom.data`: answers as plain data, the only thing a graded notebook reports;
- :mod:`~casino_math.classroom.runner`: what runs inside the sandbox: the cells, and the answers they leave;
- :mod:`~casino_math.classroom.sandbox`: bubblewrap around each submission, with limits;
- :mod:`~casino_math.classroom.kernel`: running a notebook in a fresh Jupyter kernel (to build the notebooks);
- :mod:`~casino_math.classroom.build`: writing the notebooks (``python -m casino_math.classroom build``);
- :mod:`~casino_math.classroom.grade`: grading a folder of submissions into a CSV
  (``python -m casino_math.classroom grade SUBMISSIONS --assignment NAME --out grades.csv``).

This module itself is what a student's check cells import, and stays light:

>>> from fractions import Fraction
>>> check("roulette.red", Fraction(1, 2))
roulette.red: not right yet. Hint: a wheel of 36 pockets has no zeros: the Oxford wheel has 0 and 00 as well, and they are neither red nor black.
>>> check("roulette.red", ...)
roulette.red: not answered yet.
"""

from .checks import Feedback
from .public import check

__all__ = ["Feedback", "check"]
