"""The grade of one submitted file: a mark for each question, and notes on what went wrong.

>>> grade = Grade("ana", "ana.ipynb", (Mark("red", 1, 1, Status.RIGHT, ""),
...                                   Mark("edge", 2, 0, Status.WRONG, "the sign")), ())
>>> grade.total
1
>>> Grade.from_json(grade.to_json()) == grade
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .verdict import Status

#: The longest note or hint a grade shows (characters).
MOST_SHOWN = 300


@dataclass(frozen=True)
class Mark:
    """The grade of one question."""

    question: str
    """The question's short ID (its column in the CSV)."""
    points: int
    """What it is worth."""
    score: int
    """What it scored: the points of each of its tests that said right (0 for a question marked by hand)."""
    status: Status
    hint: str
    """The check's hint, or what went wrong."""


@dataclass(frozen=True)
class Grade:
    """The grade of one submitted file."""

    student: str
    file: str
    """The file, relative to the submissions folder."""
    marks: tuple[Mark, ...]
    notes: tuple[str, ...]
    """What went wrong while running the notebook, if anything."""
    by_hand: dict[str, str] = field(default_factory=dict, compare=False)
    """The answer to each question marked by hand, as the student wrote it."""

    @property
    def total(self) -> int:
        """The points scored by the questions the grader judges."""
        return sum(m.score for m in self.marks)

    def to_json(self) -> dict[str, Any]:
        """The grade as plain JSON data (for the journal)."""
        return {"student": self.student, "file": self.file, "marks": [asdict(m) for m in self.marks],
                "notes": list(self.notes), "by_hand": dict(self.by_hand)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Grade:
        """A grade from :meth:`to_json`'s data."""
        marks = tuple(Mark(m["question"], m["points"], m["score"], Status(m["status"]), m["hint"])
                      for m in data["marks"])
        return cls(data["student"], data["file"], marks, tuple(data["notes"]), dict(data.get("by_hand", {})))


def readable(text: object, most: int | None = MOST_SHOWN) -> str:
    """Text a submission made (an error's message, a file's name) as one line that is safe to show and to write:
    control characters and lone surrogates as escapes, so it cannot start a new line, move a terminal's cursor or
    fail to encode, and at most ``most`` characters (None: no limit).

    >>> readable("ValueError: no\\n\\x1b[2Kana: 11 \\ud800")
    'ValueError: no\\\\n\\\\x1b[2Kana: 11 \\\\ud800'
    >>> readable("x" * 500)[-3:], len(readable("x" * 500))
    ('xx…', 300)
    """
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
    return shown if most is None or len(shown) <= most else shown[:most - 1] + "…"
