"""What a check says about an answer, and what a grade says about a question: a status and a hint.

>>> Feedback("roulette.red", Status.WRONG, "count the zeros")
roulette.red: not right yet. Hint: count the zeros.
>>> Status("right") is Status.RIGHT, Status.RIGHT == "right"
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """The verdict on one answer, or on one question of a graded notebook."""

    RIGHT = "right"
    """The answer is right: the test's points are scored."""
    WRONG = "not right yet"
    """The answer is there, and wrong; a hint says what to look at."""
    NOT_ANSWERED = "not answered yet"
    """The ``...`` of the blank notebook is still there (or the function returns nothing)."""
    TIMED_OUT = "timed out"
    """Checking a submitted function ran past its time."""
    NOT_GRADED = "not graded"
    """The notebook never reached the answer, or could not be run at all."""
    BY_HAND = "marked by hand"
    """A question the teacher marks (free text, a derivation): the grader only collects the answer."""


@dataclass(frozen=True)
class Feedback:
    """What a check says about one answer: right, not right yet (with a hint), or not answered yet."""

    question: str
    """The question's ID, as written in the check cell (``"roulette.red"``)."""
    status: Status
    """The verdict."""
    hint: str = ""
    """What to look at again; never the answer."""

    def __repr__(self) -> str:
        text = f"{self.question}: {self.status}."
        return f"{text} Hint: {sentence(self.hint)}" if self.hint else text

    @property
    def right(self) -> bool:
        """Whether the answer is right.

        >>> Feedback("demo.six", Status.RIGHT).right, Feedback("demo.six", Status.WRONG, "count again").right
        (True, False)
        """
        return self.status is Status.RIGHT


def sentence(text: str) -> str:
    """A hint as a sentence: with its full stop.

    >>> sentence("count again"), sentence("why?")
    ('count again.', 'why?')
    """
    return text if text.endswith((".", "?", "!")) else text + "."
