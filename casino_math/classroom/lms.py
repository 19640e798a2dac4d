"""The gradebook in the file each learning platform imports as it is: Canvas, Moodle or Blackboard.

Each format is the one its platform's importer reads (see the instructors' page
for the sources):

- **Canvas** (Grades, Import): ``Student, ID, SIS User ID, SIS Login ID, Section``, then a column per assignment,
  titled ``name (assignment ID)`` when you give its Canvas ID, else by its name; a second row
  ``Points Possible``.  Canvas matches a row by ``ID``, its user ID (the roster's ``id``).  Nothing handed in is
  a blank score.  No total column: Canvas would take it for a new assignment.
- **Moodle** (Grades, Import, CSV file): ``ID number`` (the roster's ``id``), ``Email address``, then a column per
  assignment.  You map ``ID number`` to the user's ID number (or ``Email address`` to the email) when importing.
  Every row is a student of the roster (Moodle abandons the whole import for a user it cannot find), a missing
  score is ``-``, and no assignment may be worth more than 100 (Moodle's largest grade by default).
- **Blackboard** (Grade Center, Work Offline, Upload): ``Last Name, First Name, Username`` (the roster's ``id``),
  then a column per assignment, ``name [Total Pts: N Score] |column ID`` when you give its column ID (else a new
  column is made), every field quoted.

>>> from casino_math.classroom.gradebook import Book, Row, Sheet
>>> from casino_math.classroom.roster import Roster, Student
>>> roster = Roster((Student("ana", "4567", "Ana Lima", "ana@x.edu", "A"),), Path("roster.csv"))
>>> book = Book((Sheet("roulette", Path("roulette.csv"), 11, ()),), (Row("ana", "4567", {"roulette": Fraction(9)}),))
>>> print("\\n".join(",".join(r) for r in canvas(book, roster, {"roulette": "12345"})))
Student,ID,SIS User ID,SIS Login ID,Section,roulette (12345)
    Points Possible,,,,,11
Ana Lima,4567,,,A,9
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Mapping
from fractions import Fraction  # noqa: F401  (the examples')
from pathlib import Path

from .gradebook import Book, Row
from .roster import Roster, Student
from .sheet import points_text

#: Canvas strips an assignment column whose title contains one of these (gradebook_importer.rb), and reads a title
#: ending in " (digits)" as an assignment's ID.
CANVAS_RESERVED = ("Current Score", "Current Points", "Current Grade", "Final Score", "Final Points", "Final Grade",
                   "Override Score", "Override Grade", "Override Status")
CANVAS_ID = re.compile(r"\s\(\d+\)\Z")
#: Moodle's largest grade, unless the site allows more (gradepointmax).
MOODLE_MOST = 100
Table = list[list[str]]


def _score(row: Row, name: str, missing: str = "") -> str:
    return points_text(row.totals[name]) if name in row.totals else missing


def _person(roster: Roster, row: Row) -> Student:
    return roster.by_id(row.id) or Student(row.student, row.id)


def canvas(book: Book, roster: Roster, ids: Mapping[str, str]) -> Table:
    """Canvas's gradebook import (see the module)."""
    titles = []
    for sheet in book.sheets:
        title = f"{sheet.name} ({ids[sheet.name]})" if sheet.name in ids else sheet.name
        if any(word in title for word in CANVAS_RESERVED) or (sheet.name not in ids and CANVAS_ID.search(title)):
            raise ValueError(f"Canvas would not read {title!r} as an assignment's title; rename its CSV, or give its "
                             f"Canvas ID with --lms-id {sheet.name}=ID")
        titles.append(title)
    table = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *titles],
             ["    Points Possible", "", "", "", "", *(str(s.points) for s in book.sheets)]]
    for row in book.rows:
        person = _person(roster, row)
        table.append([person.name or person.student, person.id, "", "", person.section,
                      *(_score(row, s.name) for s in book.sheets)])
    return table


def moodle(book: Book, roster: Roster, ids: Mapping[str, str]) -> Table:
    """Moodle's CSV grade import (see the module)."""
    for sheet in book.sheets:
        if sheet.points > MOODLE_MOST:
            raise ValueError(f"{sheet.name} is worth {sheet.points} points, and Moodle's import abandons a grade above "
                             f"{MOODLE_MOST}; import a share of the points instead, or raise Moodle's gradepointmax")
    table = [["ID number", "Email address", *(s.name for s in book.sheets)]]
    for row in book.rows:
        person = _person(roster, row)
        table.append([person.id, person.email, *(_score(row, s.name, "-") for s in book.sheets)])
    return table


def blackboard(book: Book, roster: Roster, ids: Mapping[str, str]) -> Table:
    """Blackboard Learn's Grade Center upload (see the module)."""
    titles = [f"{s.name} [Total Pts: {s.points} Score] |{ids[s.name]}" if s.name in ids else s.name for s in book.sheets]
    table = [["Last Name", "First Name", "Username", *titles]]
    for row in book.rows:
        person = _person(roster, row)
        last, first = split_name(person.name)
        table.append([last, first, person.id, *(_score(row, s.name) for s in book.sheets)])
    return table


def split_name(name: str) -> tuple[str, str]:
    """A full name as (last name, first name): "Lima, Ana" or "Ana Lima".

    >>> split_name("Ana Lima"), split_name("Lima, Ana"), split_name("Ana"), split_name("")
    (('Lima', 'Ana'), ('Lima', 'Ana'), ('Ana', ''), ('', ''))
    """
    if "," in name:
        last, _, first = name.partition(",")
        return last.strip(), first.strip()
    first, _, last = name.strip().rpartition(" ")
    return (last, first) if first else (last, "")


FORMATS: dict[str, Callable[[Book, Roster, Mapping[str, str]], Table]] = {
    "canvas": canvas, "moodle": moodle, "blackboard": blackboard}


def write(book: Book, roster: Roster, lms: str, out: str | Path, ids: Mapping[str, str] | None = None) -> None:
    """Write the gradebook in an LMS's import format."""
    if lms not in FORMATS:
        raise ValueError(f"--lms {lms}: the formats are {', '.join(FORMATS)}")
    ids = dict(ids or {})
    unknown = sorted(set(ids) - {s.name for s in book.sheets})
    if unknown:
        raise ValueError(f"--lms-id names {', '.join(unknown)}, which is not one of the CSVs given")
    table = FORMATS[lms](book, roster, ids)
    with open(out, "w", newline="", encoding="utf-8") as file:
        csv.writer(file, quoting=csv.QUOTE_ALL if lms == "blackboard" else csv.QUOTE_MINIMAL).writerows(table)


def lms_ids(pairs: list[str]) -> dict[str, str]:
    """``--lms-id NAME=ID`` pairs as a mapping.

    >>> lms_ids(["roulette=12345"])
    {'roulette': '12345'}
    >>> lms_ids(["roulette"])
    Traceback (most recent call last):
    ...
    ValueError: --lms-id roulette: write ASSIGNMENT=ID, such as roulette=12345
    """
    found = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise ValueError(f"--lms-id {pair}: write ASSIGNMENT=ID, such as roulette=12345")
        found[name.strip()] = value.strip()
    return found
