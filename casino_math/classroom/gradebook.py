"""The class gradebook: the CSVs of several assignments merged, a row per student and a column per assignment.

Each CSV's file name (its stem) names its column.  A question marked by hand
takes its marks from the marks CSV beside the grades (``NAME.by-hand/marks.csv``,
:mod:`~casino_math.classroom.byhand`), read afresh, so marks written after
grading count without grading again.  A student with two files graded in one
assignment gets the higher total, and a note says so.  With a roster, every
student of the roster has a row (a blank where nothing was handed in), and a
graded student who is not on it is noted.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "roulette.csv").write_text("student,id,file,red,total,notes\\npoints possible,,,1,1,\\n"
...                                          "ana,,ana.ipynb,1,1,\\nbo,,bo.ipynb,0,0,\\n")
>>> _ = (folder / "craps.csv").write_text("student,id,file,natural,total,notes\\npoints possible,,,2,2,\\n"
...                                       "ana,,ana.ipynb,2,2,\\nana,,ana (1).ipynb,0,0,\\n")
>>> book = merge([folder / "roulette.csv", folder / "craps.csv"])
>>> write(book, folder / "class.csv")
>>> print((folder / "class.csv").read_text())
student,id,roulette,craps,total,notes
points possible,,1,2,3,
ana,,1,2,3,"2 files in craps.csv, the higher counted: choose one"
bo,,0,,0,
<BLANKLINE>
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from . import byhand
from .discovery import normal
from .roster import Roster
from .sheet import POINTS_POSSIBLE, cell, points_text

HELP = "give the CSVs the grade command wrote"


@dataclass(frozen=True)
class Graded:
    """One row of an assignment's CSV: a file's total (with its hand marks), and whose it is."""

    student: str
    id: str
    file: str
    total: Fraction
    unmarked: tuple[str, ...]
    """Questions marked by hand and not marked yet."""


@dataclass(frozen=True)
class Sheet:
    """An assignment's CSV, read."""

    name: str
    path: Path
    points: int
    rows: tuple[Graded, ...]


def _number(text: str, path: Path, line: int, what: str) -> Fraction:
    try:
        return Fraction((text or "0").strip() or "0")
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{path}, line {line}: the {what} {text!r} is not a number of points") from None


def read_sheet(path: str | Path) -> Sheet:
    """An assignment's CSV, with the marks written by hand beside it."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"{path} is not a file; {HELP}")
    with open(path, newline="", encoding="utf-8-sig") as file:
        reader = csv.DictReader(file)
        fields = reader.fieldnames or []
        if not {"student", "file", "total", "notes"} <= set(fields):
            raise ValueError(f"{path} has no student, file, total and notes columns; {HELP}")
        rows = list(reader)
    if not rows or rows[0]["student"] != POINTS_POSSIBLE or rows[0]["file"]:
        raise ValueError(f"{path} does not begin with its points possible; {HELP}")
    questions = fields[fields.index("file") + 1:fields.index("late" if "late" in fields else "total")]
    points = {q: int(_number(rows[0][q], path, 2, "points of " + q)) for q in questions}
    hand = byhand.read_marks(byhand.folder_of(path), {q: p for q, p in points.items()
                                                        if _is_hand(byhand.folder_of(path), q)})
    graded = []
    for line, row in enumerate(rows[1:], start=3):
        given = hand.get(row["file"], {})
        scores = [given[q] if q in given else _number(row[q], path, line, f"score of {q}") for q in questions]
        penalty = _number(row.get("penalty", ""), path, line, "penalty")
        total = max(Fraction(0), sum((s for s in scores if s is not None), Fraction(0)) - penalty)
        unmarked = tuple(q for q in given if given[q] is None)
        graded.append(Graded(normal(row["student"]), row.get("id") or "", row["file"], total, unmarked))
    return Sheet(path.stem, path, int(_number(rows[0]["total"], path, 2, "total")), tuple(graded))


def _is_hand(folder: Path, question: str) -> bool:
    marks = folder / byhand.MARKS
    if not marks.is_file():
        return False
    with open(marks, newline="", encoding="utf-8-sig") as file:
        return question in (next(csv.reader(file), []))


@dataclass
class Row:
    """A student's row of the gradebook."""

    student: str
    id: str = ""
    totals: dict[str, Fraction] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    unmarked: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """For each assignment whose counted file has questions marked by hand and not marked yet: those questions."""

    @property
    def total(self) -> Fraction:
        return sum(self.totals.values(), Fraction(0))


@dataclass(frozen=True)
class Book:
    """The merged gradebook: the assignments with their points, and a row per student."""

    sheets: tuple[Sheet, ...]
    rows: tuple[Row, ...]
    left_out: tuple[str, ...] = ()
    """Graded students who are not on the roster."""


def merge(paths: list[str | Path], roster: Roster | None = None) -> Book:
    """Merge assignments' CSVs into one gradebook (see the module's example)."""
    sheets = tuple(read_sheet(p) for p in paths)
    names = [s.name for s in sheets]
    if len(set(names)) < len(names):
        raise ValueError(f"two CSVs are named {max(names, key=names.count)}.csv: each CSV's name names its column, "
                         "so name each after its assignment")
    rows: dict[str, Row] = {}
    if roster:
        for student in roster.students:
            rows[student.student.casefold()] = Row(student.student, student.id)
    left_out: list[str] = []
    for sheet in sheets:
        files: dict[str, int] = {}
        for graded in sheet.rows:
            person = roster.by_id(graded.id) or roster.find(graded.student) if roster else None
            if roster and person is None:
                if graded.student not in left_out:
                    left_out.append(graded.student)
                continue
            key = (person.student if person else graded.student).casefold()
            row = rows.setdefault(key, Row(person.student if person else graded.student, person.id if person else ""))
            files[key] = files.get(key, 0) + 1
            if graded.total >= row.totals.get(sheet.name, Fraction(-1)):
                row.totals[sheet.name] = graded.total
                row.unmarked[sheet.name] = graded.unmarked
            if graded.unmarked:
                row.notes.append(f"{sheet.name}: not marked yet: {', '.join(graded.unmarked)}")
        for key, count in files.items():
            if count > 1:
                rows[key].notes.append(f"{count} files in {sheet.path.name}, the higher counted: choose one")
    ordered = sorted(rows.values(), key=lambda r: r.student.casefold()) if not roster else list(rows.values())
    return Book(sheets, tuple(ordered), tuple(left_out))


def write(book: Book, out: str | Path) -> None:
    """Write the gradebook as a plain CSV: student, id, a column per assignment, the total and notes."""
    names = [s.name for s in book.sheets]
    with open(out, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["student", "id", *names, "total", "notes"])
        writer.writerow([POINTS_POSSIBLE, "", *(s.points for s in book.sheets), sum(s.points for s in book.sheets), ""])
        for row in book.rows:
            writer.writerow([cell(row.student), cell(row.id), *(points_text(row.totals.get(n)) for n in names),
                             points_text(row.total), cell("; ".join(row.notes))])
