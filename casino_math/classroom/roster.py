"""A class roster, and which student each submission belongs to.

A roster is a CSV with the columns ``student`` (the name in the student's
submission files, or of their folder), ``id`` (the student's ID in your learning
platform: Canvas's user ID, Moodle's ID number, Blackboard's username; the
variants are drawn from it) and, if you like, ``name``, ``email``,
``section``, and ``first`` and ``last`` (the names Blackboard's file gives, when
splitting ``name`` would not).  A file of a Canvas bulk download is matched by the user ID in its
name; any other file by its student name, in composed Unicode and ignoring case.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "roster.csv"
>>> _ = path.write_text("student,id,name,section\\nana,4567,Ana Lima,A\\nZoe\\u0308,4568,Zoë Roy,B\\n")
>>> roster = read(path)
>>> roster.find("Zo\\u00eb").id, roster.find("ANA").name, roster.find("cy")
('4568', 'Ana Lima', None)
>>> roster.by_id("4567").student
'ana'
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from .discovery import Found, normal

COLUMNS, OPTIONAL = ("student", "id"), ("name", "email", "section", "first", "last")


@dataclass(frozen=True)
class Student:
    """A student of the roster."""

    student: str
    """The name in their submission's file (or folder)."""
    id: str
    """Their ID in the learning platform; their variant is drawn from it."""
    name: str = ""
    email: str = ""
    section: str = ""
    first: str = ""
    """Their first (given) names, when the roster has a ``first`` column."""
    last: str = ""
    """Their last name, when the roster has a ``last`` column."""


@dataclass(frozen=True)
class Roster:
    """The students of a class, and where the roster came from."""

    students: tuple[Student, ...]
    path: Path

    def find(self, name: str) -> Student | None:
        """The student whose roster name is ``name`` (composed Unicode, any case)."""
        wanted = normal(name).casefold()
        return next((s for s in self.students if normal(s.student).casefold() == wanted), None)

    def by_id(self, user: str) -> Student | None:
        """The student with this ID."""
        return next((s for s in self.students if s.id == user), None)

    def of(self, found: Found) -> Student | None:
        """The student a submission belongs to: by a Canvas user ID in its name, else by its name."""
        if found.canvas is not None:
            by_user = self.by_id(found.canvas.user)
            if by_user is not None:
                return by_user
        return self.find(found.name)


def read(path: str | Path) -> Roster:
    """The roster in the CSV ``path``; a one-line error naming what is wrong with it."""
    path = Path(path)
    try:
        with open(path, newline="", encoding="utf-8-sig") as file:
            rows = list(csv.DictReader(file))
            columns = [c.strip() for c in (rows[0].keys() if rows else [])]
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise ValueError(f"cannot read the roster {path} ({error}); a roster is a CSV with the columns student and id"
                         ) from None
    missing = [c for c in COLUMNS if c not in columns]
    if not rows or missing:
        raise ValueError(f"the roster {path} needs the columns student and id (and may have {', '.join(OPTIONAL)}); "
                         + (f"it lacks {', '.join(missing)}" if rows else "it has no students"))
    students = []
    for number, row in enumerate(rows, start=2):
        cells = {k.strip(): (v or "").strip() for k, v in row.items() if k is not None}
        if not cells["student"] or not cells["id"]:
            raise ValueError(f"{path}, line {number}: every student needs a student name and an id")
        students.append(Student(normal(cells["student"]), cells["id"], *(cells.get(c, "") for c in OPTIONAL)))
    for column in COLUMNS:
        seen: dict[str, int] = {}
        for number, student in enumerate(students, start=2):
            key = normal(student.student).casefold() if column == "student" else student.id
            if key in seen:
                raise ValueError(f"{path}, lines {seen[key]} and {number}: two students with the {column} "
                                 f"{getattr(student, column)!r}; each {column} names one student")
            seen[key] = number
    return Roster(tuple(students), path)
