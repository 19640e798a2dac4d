"""The gradebook in the file each learning platform imports as it is: Canvas, Moodle or Blackboard.

Each format is the one its platform's importer reads (see the instructors' page
for the sources):

- **Canvas** (Grades, Import): ``Student, ID, SIS User ID, SIS Login ID, Section``, then a column per assignment,
  titled ``name (assignment ID)`` when you give its Canvas ID, else by its name; a second row
  ``Points Possible``.  Canvas matches a row by ``ID``, its numeric user ID (the roster's ``id``: another id is
  noted, as it cannot be matched).  Nothing handed in is a blank score.  No total column: Canvas would take it for
  a new assignment.  Canvas reads any row whose first cell contains "Points Possible" as the points row, so a
  student whose name contains it is refused (the name is only shown, never matched: change it in the roster).
- **Moodle** (Grades, Import, CSV file): ``ID number`` (the roster's ``id``), ``Email address``, then a column per
  assignment.  You map ``ID number`` to the user's ID number (or ``Email address`` to the email) when importing.
  Every row is a student of the roster (Moodle abandons the whole import for a user it cannot find), a missing
  score is ``-``, and no assignment may be worth more than 100 (Moodle's largest grade by default).  Moodle gives
  a row whose mapped cell is blank the previous row's user, so when a student has no email the file has no
  ``Email address`` column (map ``ID number``), and a note names them.
- **Blackboard** (Grade Center, Work Offline, Upload): ``Last Name, First Name, Username`` (the roster's ``id``),
  then a column per assignment, ``name [Total Pts: N Score] |column ID`` when you give its column ID (else a new
  column is made), every field quoted.  The names are the roster's ``last`` and ``first`` when it has them, else
  its ``name`` split as :func:`split_name` splits it.

Every cell is one line, and a name or section starting with ``=``, ``+``, ``-`` or ``@`` gets a ``'`` in front, as
in the grades CSV, so a spreadsheet shows it as text.  An id or email (which the LMS matches exactly) that a
spreadsheet would run as a formula is refused.  A file whose questions marked by hand are not all marked yet has a
blank (Moodle: ``-``) for that assignment, and a note names it, unless ``score_unmarked`` asks for the score so
far.

>>> from casino_math.classroom.gradebook import Book, Row, Sheet
>>> from casino_math.classroom.roster import Roster, Student
>>> roster = Roster((Student("ana", "4567", "Ana Lima", "ana@x.edu", "A"),), Path("roster.csv"))
>>> book = Book((Sheet("roulette", Path("roulette.csv"), 11, ()),), (Row("ana", "4567", {"roulette": Fraction(9)}),))
>>> print("\\n".join(",".join(r) for r in canvas(book, roster, {"roulette": "12345"}).table))
Student,ID,SIS User ID,SIS Login ID,Section,roulette (12345)
    Points Possible,,,,,11
Ana Lima,4567,,,A,9
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction  # noqa: F401  (the examples')
from pathlib import Path

from .gradebook import Book, Row
from .marks import readable
from .roster import Roster, Student
from .sheet import FORMULA, cell, points_text

#: Canvas strips an assignment column whose title contains one of these (gradebook_importer.rb), and reads a title
#: ending in " (digits)" as an assignment's ID.
CANVAS_RESERVED = ("Current Score", "Current Points", "Current Grade", "Final Score", "Final Points", "Final Grade",
                   "Override Score", "Override Grade", "Override Status")
CANVAS_ID = re.compile(r"\s\(\d+\)\Z")
#: Moodle's largest grade, unless the site allows more (gradepointmax).
MOODLE_MOST = 100
#: Canvas's points row: any row whose first cell contains this (gradebook_importer.rb).
CANVAS_POINTS = "Points Possible"
#: What ends a name and belongs to the last name: "Hubert Wolfe Sr." is Wolfe Sr., Hubert.
SUFFIXES = ("Jr", "Jr.", "Sr", "Sr.", "II", "III", "IV")
Table = list[list[str]]


@dataclass
class Written:
    """An LMS's file as a table, and what the teacher should know about it."""

    table: Table
    notes: list[str] = field(default_factory=list)


def _score(row: Row, name: str, missing: str = "", score_unmarked: bool = False) -> str:
    if name not in row.totals or (row.unmarked.get(name) and not score_unmarked):
        return missing
    return points_text(row.totals[name])


def _person(roster: Roster, row: Row) -> Student:
    return roster.by_id(row.id) or Student(row.student, row.id)


def _matched(person: Student, what: str, value: str) -> str:
    """A cell the LMS matches exactly (an id, an email): written as it is, refused when a spreadsheet would run it."""
    if (value.startswith(FORMULA) and not re.fullmatch(r"[+-]?\d+", value)) or value != readable(value, None):
        raise ValueError(f"the roster's {what} of {readable(person.student, None)}, {readable(value, None)!r}, would "
                         "run as a formula in a spreadsheet (or spans lines), and the LMS matches it exactly, so it "
                         f"cannot be changed in the file: correct the {what} in the roster")
    return value


def canvas(book: Book, roster: Roster, ids: Mapping[str, str], score_unmarked: bool = False) -> Written:
    """Canvas's gradebook import (see the module)."""
    titles = []
    for sheet in book.sheets:
        title = f"{sheet.name} ({ids[sheet.name]})" if sheet.name in ids else sheet.name
        if any(word in title for word in CANVAS_RESERVED) or (sheet.name not in ids and CANVAS_ID.search(title)):
            raise ValueError(f"Canvas would not read {title!r} as an assignment's title; rename its CSV, or give its "
                             f"Canvas ID with --lms-id {sheet.name}=ID")
        titles.append(title)
    table = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *titles],
             ["    " + CANVAS_POINTS, "", "", "", "", *(str(s.points) for s in book.sheets)]]
    unmatched = []
    for row in book.rows:
        person = _person(roster, row)
        name = person.name or person.student
        if CANVAS_POINTS.casefold() in name.casefold():
            raise ValueError(f"the roster names {readable(person.student, None)} {readable(name, None)!r}, and Canvas "
                             f"reads a row whose first cell contains {CANVAS_POINTS!r} as the points row: it would drop "
                             "the student and take their scores as the points; Canvas matches by ID, not by name, so "
                             "change the name in the roster")
        if not person.id.isdigit():
            unmatched.append(f"{readable(person.student, None)} ({readable(person.id, None)})")
        table.append([cell(name), cell(person.id), "", "", cell(person.section),
                      *(_score(row, s.name, "", score_unmarked) for s in book.sheets)])
    notes = [("Canvas matches a row by the student's numeric user ID, and these ids are not numbers, so Canvas will not "
              f"match their rows: {', '.join(unmatched)} (an anonymous-grading download's anon_… ids cannot be "
              "matched at all)")] if unmatched else []
    return Written(table, notes)


def moodle(book: Book, roster: Roster, ids: Mapping[str, str], score_unmarked: bool = False) -> Written:
    """Moodle's CSV grade import (see the module)."""
    for sheet in book.sheets:
        if sheet.points > MOODLE_MOST:
            raise ValueError(f"{sheet.name} is worth {sheet.points} points, and Moodle's import abandons a grade above "
                             f"{MOODLE_MOST}; import a share of the points instead, or raise Moodle's gradepointmax")
    people = [_person(roster, row) for row in book.rows]
    no_email = [readable(p.student, None) for p in people if not p.email]
    table = [["ID number", *([] if no_email else ["Email address"]), *(s.name for s in book.sheets)]]
    for row, person in zip(book.rows, people, strict=True):
        email = [] if no_email else [_matched(person, "email", person.email)]
        table.append([_matched(person, "id", person.id), *email,
                      *(_score(row, s.name, "-", score_unmarked) for s in book.sheets)])
    notes = [(f"the file has no Email address column: {', '.join(no_email)} ha{'ve' if len(no_email) > 1 else 's'} "
              "no email in the roster, and Moodle gives a row whose mapped cell is blank the previous row's user; map "
              "ID number to the user's ID number")] if no_email else []
    return Written(table, notes)


def blackboard(book: Book, roster: Roster, ids: Mapping[str, str], score_unmarked: bool = False) -> Written:
    """Blackboard Learn's Grade Center upload (see the module)."""
    titles = [f"{s.name} [Total Pts: {s.points} Score] |{ids[s.name]}" if s.name in ids else s.name for s in book.sheets]
    table = [["Last Name", "First Name", "Username", *titles]]
    for row in book.rows:
        person = _person(roster, row)
        last, first = (person.last, person.first) if person.last or person.first else split_name(person.name)
        table.append([cell(last), cell(first), _matched(person, "id", person.id),
                      *(_score(row, s.name, "", score_unmarked) for s in book.sheets)])
    return Written(table)


def split_name(name: str) -> tuple[str, str]:
    """A full name as (last name, first name): "Lima, Ana" or "Ana Lima"; a suffix stays with the last name.

    >>> split_name("Ana Lima"), split_name("Lima, Ana"), split_name("Ana"), split_name("")
    (('Lima', 'Ana'), ('Lima', 'Ana'), ('Ana', ''), ('', ''))
    >>> split_name("Hubert Blaine Wolfe Sr."), split_name("Wolfe Sr., Hubert Blaine")
    (('Wolfe Sr.', 'Hubert Blaine'), ('Wolfe Sr.', 'Hubert Blaine'))

    A roster can give the ``last`` and ``first`` names of a name no rule splits ("María José García López").
    """
    if "," in name:
        last, _, first = name.partition(",")
        return last.strip(), first.strip()
    words = name.split()
    cut = -2 if len(words) > 2 and words[-1] in SUFFIXES else -1
    return (" ".join(words[cut:]), " ".join(words[:cut])) if len(words) > 1 else (" ".join(words), "")


FORMATS: dict[str, Callable[[Book, Roster, Mapping[str, str], bool], Written]] = {
    "canvas": canvas, "moodle": moodle, "blackboard": blackboard}


def unmarked_rows(book: Book) -> list[str]:
    """Each student with an assignment whose questions marked by hand are not all marked yet, and which."""
    return [f"{readable(row.student, None)}: {name} ({', '.join(questions)})"
            for row in book.rows for name, questions in row.unmarked.items() if questions and name in row.totals]


def write(book: Book, roster: Roster, lms: str, out: str | Path, ids: Mapping[str, str] | None = None,
          score_unmarked: bool = False) -> list[str]:
    """Write the gradebook in an LMS's import format; the notes the teacher should read before importing it."""
    if lms not in FORMATS:
        raise ValueError(f"--lms {lms}: the formats are {', '.join(FORMATS)}")
    ids = dict(ids or {})
    unknown = sorted(set(ids) - {s.name for s in book.sheets})
    if unknown:
        raise ValueError(f"--lms-id names {', '.join(unknown)}, which is not one of the CSVs given")
    written = FORMATS[lms](book, roster, ids, score_unmarked)
    with open(out, "w", newline="", encoding="utf-8") as file:
        csv.writer(file, quoting=csv.QUOTE_ALL if lms == "blackboard" else csv.QUOTE_MINIMAL).writerows(written.table)
    unmarked = unmarked_rows(book)
    if unmarked:
        written.notes.append(("written with the score so far (what is not marked counts 0)" if score_unmarked else
                              "left blank, as not marked yet (mark them, or pass --score-unmarked)")
                             + f" in {out}: {'; '.join(unmarked)}")
    return written.notes


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
