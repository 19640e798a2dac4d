"""The classroom: a course's assignments, which students check as they work and teachers grade, term by term.

A teacher's course folder (``python -m casino_math.classroom init COURSE``) holds
each assignment's one source (``source/NAME.py``) and its answer key
(``source/keys/NAME.py``), and the secret its per-student variants are drawn
from.  ``build`` makes two notebooks from a source: the student's, with a check
cell after every question, no solution anywhere in it, and the public checks
it needs in a hidden cell; and the teacher's, with the solutions.  ``grade``
runs every submission in a sandbox and judges what it reports against the key;
``gradebook`` merges the grades, or writes the file an LMS imports.  The
modules, by concern:

- the assignment: :mod:`~casino_math.classroom.source` (its source), :mod:`~casino_math.classroom.notebooks`
  (the two notebooks), :mod:`~casino_math.classroom.variants` (each student's numbers),
  :mod:`~casino_math.classroom.course` (the course folder), :mod:`~casino_math.classroom.build`;
- judging: :mod:`~casino_math.classroom.verdict`, :mod:`~casino_math.classroom.judges` (the judges, once),
  :mod:`~casino_math.classroom.checks` (the key's kinds of question), :mod:`~casino_math.classroom.keys`,
  :mod:`~casino_math.classroom.public` (the check cells' hashed checks);
- running: :mod:`~casino_math.classroom.data`, :mod:`~casino_math.classroom.runner`,
  :mod:`~casino_math.classroom.sandbox`, :mod:`~casino_math.classroom.kernel`;
- grading: :mod:`~casino_math.classroom.discovery`, :mod:`~casino_math.classroom.roster`,
  :mod:`~casino_math.classroom.submitted`, :mod:`~casino_math.classroom.probes`,
  :mod:`~casino_math.classroom.marks`, :mod:`~casino_math.classroom.journal`, :mod:`~casino_math.classroom.late`,
  :mod:`~casino_math.classroom.grade`;
- what a teacher gets: :mod:`~casino_math.classroom.sheet` (the CSV), :mod:`~casino_math.classroom.feedback`,
  :mod:`~casino_math.classroom.byhand` (questions marked by hand), :mod:`~casino_math.classroom.gradebook`,
  :mod:`~casino_math.classroom.lms`.

This module itself is what a student's notebook imports, and stays light:

>>> from fractions import Fraction
>>> from casino_math.classroom.checks import Exact
>>> from casino_math.classroom.public import pack, publish
>>> red = Exact("wheel.red", right=lambda: Fraction(9, 19), hint="count the pockets",
...             mistakes=lambda: {Fraction(1, 2): "the wheel has two zeros"})
>>> load_checks("wheel", pack({"red": publish(red)}))    # what a notebook's hidden cell does
>>> check("wheel.red", Fraction(1, 2))
wheel.red: not right yet. Hint: the wheel has two zeros.
>>> check("wheel.red", ...)
wheel.red: not answered yet.
"""

from .public import check, load_checks
from .verdict import Feedback, Status

__all__ = ["Feedback", "Status", "check", "load_checks"]
