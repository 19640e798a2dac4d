"""Each assignment's questions: one module per assignment, one check per question.

A module ``questions/<assignment>.py`` (a hyphen in the assignment's name
becomes an underscore) defines ``QUESTIONS``, a dict from each question's ID to
the question (see :mod:`casino_math.classroom.checks`).  It is imported only
when one of its questions is checked, so an assignment loads only its own game.

>>> list(questions_of("roulette"))[:3]
['red', 'straight_ev', 'splits']
>>> find("roulette.red").id
'roulette.red'
>>> find("poker.flush")
Traceback (most recent call last):
...
ValueError: there is no assignment 'poker'; the assignments are: roulette, craps, baccarat, long-run
"""

from __future__ import annotations

from dataclasses import replace
from importlib import import_module

#: The assignments, in the order the book lists them.
ASSIGNMENTS = ("roulette", "craps", "baccarat", "long-run")


def questions_of(assignment: str) -> dict:
    """The questions of an assignment, by their short IDs, in the order they are asked."""
    if assignment not in ASSIGNMENTS:
        raise ValueError(f"there is no assignment {assignment!r}; the assignments are: {', '.join(ASSIGNMENTS)}")
    module = import_module(f"{__name__}.{assignment.replace('-', '_')}")
    return {short: replace(q, id=f"{assignment}.{short}") for short, q in module.QUESTIONS.items()}


def find(question_id: str):
    """The question with ID ``"assignment.question"``, or a clear error naming what there is."""
    assignment, dot, short = question_id.partition(".")
    if not dot:
        raise ValueError(f"{question_id!r} is not a question ID; an ID is 'assignment.question', e.g. 'roulette.red'")
    questions = questions_of(assignment)
    if short not in questions:
        raise ValueError(f"assignment {assignment!r} has no question {short!r}; its questions are: {', '.join(questions)}")
    return questions[short]
