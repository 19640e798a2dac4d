"""The CSV of an assignment's grades: a row of points possible, then one row per submitted file.

Its columns: ``student``, ``id`` (from the roster), ``file``, one per question,
``late`` and ``penalty`` when a late policy applies, ``total`` and ``notes``.
The first row's ``file`` is empty and its ``student`` is ``points possible``; a
student's row always names a file, so a student named "points possible" is
still a student.  Every cell is one line (control characters are written as
escapes) and a spreadsheet shows it as text, not as a formula.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "grades.csv"
>>> line = Line("=1+1", "", "=1+1.ipynb", {"red": Fraction(1), "edge": Fraction(0)}, None, Fraction(0), ("a\\nb",))
>>> write(path, {"red": 1, "edge": 2}, [line], late=False)
>>> print(path.read_text())
student,id,file,red,edge,total,notes
points possible,,,1,2,3,
'=1+1,,'=1+1.ipynb,1,0,1,a\\nb
<BLANKLINE>
"""

from __future__ import annotations

import csv
import os
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from .marks import readable

POINTS_POSSIBLE = "points possible"
FORMULA = ("=", "+", "-", "@")


def points_text(value: Fraction | int | Decimal | None) -> str:
    """Points as written in a CSV: a whole number, else a decimal to two places (an LMS keeps two); blank for None.

    >>> points_text(Fraction(11)), points_text(Fraction(99, 10)), points_text(Fraction(1, 3)), points_text(None)
    ('11', '9.9', '0.33', '')
    """
    if value is None:
        return ""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    rounded = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return format(rounded.normalize(), "f")


def cell(value: Any) -> str:
    """A CSV cell: one line, shown as text (a leading = + - @ would make a spreadsheet run it as a formula).

    >>> cell("=HYPERLINK(1)"), cell("ana\\r\\nbo"), cell(3)
    ("'=HYPERLINK(1)", 'ana\\\\r\\\\nbo', '3')
    """
    text = readable(value, None)
    return "'" + text if text.startswith(FORMULA) else text


@dataclass(frozen=True)
class Line:
    """One file's row."""

    student: str
    id: str
    file: str
    scores: Mapping[str, Fraction | None]
    """Each question's points; None for a question marked by hand and not marked yet."""
    days_late: int | None
    """Days late, under a late policy (None without one)."""
    penalty: Fraction
    """The points the late policy takes."""
    notes: tuple[str, ...]

    @property
    def total(self) -> Fraction:
        """The points scored, less the late penalty (never below zero)."""
        return max(Fraction(0), sum((s for s in self.scores.values() if s is not None), Fraction(0)) - self.penalty)


def columns(questions: Mapping[str, int], late: bool) -> list[str]:
    """The CSV's columns for these questions (and a late policy)."""
    return ["student", "id", "file", *questions, *(["late", "penalty"] if late else []), "total", "notes"]


def write(path: str | Path, questions: Mapping[str, int], lines: list[Line], late: bool) -> None:
    """Write the CSV whole (to a new file, then renamed over the old, so a reader never sees half of it)."""
    path = Path(path)
    partial = path.with_name(path.name + ".partial")
    points = [POINTS_POSSIBLE, "", "", *map(str, questions.values()), *(["", ""] if late else []),
              str(sum(questions.values())), ""]
    with open(partial, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(columns(questions, late))
        writer.writerow(points)
        for line in lines:
            lateness = [str(line.days_late or 0), points_text(line.penalty)] if late else []
            writer.writerow([cell(line.student), cell(line.id), cell(line.file),
                             *(points_text(line.scores.get(q)) for q in questions), *lateness,
                             points_text(line.total), cell("; ".join(line.notes))])
        out.flush()
        os.fsync(out.fileno())
    os.replace(partial, path)


def read(path: str | Path, questions: Mapping[str, int],
         hand: Mapping[str, Mapping[str, Fraction | None]] | None = None) -> list[Line]:
    """The rows of a CSV this module wrote (files named as the CSV writes them), with the marks ``hand`` gives by
    file; a clear error for a CSV of another shape."""
    path = Path(path)
    with open(path, newline="", encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    if not rows or rows[0].get("student") != POINTS_POSSIBLE or any(q not in rows[0] for q in questions):
        raise ValueError(f"{path} is not the CSV of grades of these questions ({', '.join(questions)}); give the CSV "
                         "the grade command wrote")
    lines = []
    for row in rows[1:]:
        given = (hand or {}).get(row["file"], {})
        scores = {q: given[q] if q in given else (Fraction(row[q]) if row[q] else None) for q in questions}
        days = int(row["late"]) if row.get("late") else None
        notes = tuple(n for n in (row.get("notes") or "").split("; ") if n)
        lines.append(Line(row["student"], row.get("id") or "", row["file"], scores, days,
                          Fraction(row.get("penalty") or 0), notes))
    return lines
