"""What the classroom's tests share: the book's course (book/assignments), its notebooks and keys, a submission
made from them, and the grade command."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import sys
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import nbformat

from casino_math.classroom import course, keys, public
from casino_math.classroom.checks import Check

ROOT = Path(__file__).resolve().parents[1]
#: The book's own course: its assignments, keys and built notebooks.
BOOK = ROOT / "book" / "assignments"
SOURCES = BOOK / "source"
COURSE = course.at(BOOK)
NAMES = COURSE.names()
STUDENT = {name: BOOK / f"{name}.ipynb" for name in NAMES}
TEACHER = {name: BOOK / "solutions" / f"{name}.ipynb" for name in NAMES}
CLASSROOM = [sys.executable, "-m", "casino_math.classroom"]


def key(name: str) -> keys.Key:
    return keys.load(name, SOURCES)


def questions_of(name: str, variant: Any = None) -> dict[str, Check]:
    return key(name).questions(variant)


def key_check(question_id: str, answer: Any) -> Any:
    """The teacher's key judging an answer (what the grader does, with the detailed hints)."""
    name, _, short = question_id.partition(".")
    return questions_of(name)[short].judge(answer)


def packed_checks(path: Path) -> str:
    """The packed public checks a notebook carries in its hidden cell."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if "classroom-checks" in c.get("metadata", {}).get("tags", []))
    text = "".join(cell["source"])
    return "".join(part.strip().strip('"') for part in text.split("(\n", 1)[1].rsplit("\n)", 1)[0].splitlines())


def shipped(name: str) -> dict[str, dict[str, Any]]:
    """The public checks the book's student notebook of an assignment carries."""
    return public.unpack(packed_checks(STUDENT[name]))


def load_notebook_checks(name: str) -> None:
    """Load an assignment's checks as its student notebook's hidden cell does."""
    public.load_checks(name, packed_checks(STUDENT[name]))


def notebook(version: str = "student", name: str = "roulette") -> dict[str, Any]:
    """A copy of a committed notebook as JSON data, marked as a student's (the teacher's: an honest copy of the
    right answers)."""
    path = STUDENT[name] if version == "student" else TEACHER[name]
    nb: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    nb["metadata"]["classroom"]["version"] = "student"
    return nb


def code(source: str, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"cell_type": "code", "source": source, "metadata": metadata or {}, "outputs": [], "execution_count": None}


def with_cells(nb: dict[str, Any], first: tuple[str, ...] | list[str] = (),
               last: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    nb["cells"] = [code(c) for c in first] + nb["cells"] + [code(c) for c in last]
    return nb


def answer_cell(nb: Any, question: str) -> Any:
    return next(c for c in nb["cells"] if c.get("metadata", {}).get("classroom", {}).get("question") == question)


def read(path: Path) -> Any:
    return nbformat.read(path, as_version=4)


def write(folder: Path, name: str, nb: dict[str, Any] | str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(nb if isinstance(nb, str) else json.dumps(nb), encoding="utf-8")
    return path


def grade(folder: Path, assignment: str, out: Path, *extra: str, course_folder: Path = BOOK) -> list[str]:
    """The grade command, as a list of arguments."""
    return [*CLASSROOM, "grade", str(folder), "--course", str(course_folder), "--assignment", assignment,
            "--out", str(out), *extra]


def rows_of(out: Path) -> list[dict[str, str]]:
    with open(out, newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def by_student(out: Path) -> dict[str, dict[str, str]]:
    return {row["student"]: row for row in rows_of(out)}


def course_copy(folder: Path) -> Path:
    """A copy of the book's course (settings, sources and keys; no notebooks, no secret) in ``folder``."""
    made = folder / "course"
    (made / "source" / "keys").mkdir(parents=True)
    shutil.copyfile(BOOK / "course.json", made / "course.json")
    for path in COURSE.source_files():
        shutil.copyfile(path, made / "source" / path.name)
        shutil.copyfile(SOURCES / "keys" / path.name, made / "source" / "keys" / path.name)
    return made


# ---------------------------------------------------------------- a model of Canvas's gradebook importer

CANVAS_STRIPPED = re.compile("Current Score|Current Points|Current Grade|Final Score|Final Points|Final Grade|"
                             "Override Score|Override Grade|Override Status")


def canvas_import(text: str, users: Collection[int], assignments: Mapping[int, str]) -> tuple[
        dict[str, int | None], dict[str, str], dict[int, dict[str, str]], list[str]]:
    """Canvas's gradebook importer, as lib/gradebook_importer.rb reads a file: the header's student columns, the
    assignments by ID then title (else created), a Points Possible row, and each student by ID (else created)."""
    rows = list(csv.reader(io.StringIO(text)))
    header = rows[0]
    assert len(header) > 3 and "Student" in header[0] and "ID" in header[1], "Invalid header row"
    columns = 3
    if re.search(r"SIS\s+Login\s+ID", header[2]):
        columns += 1
    elif re.search(r"SIS\s+User\s+ID", header[2]) and re.search(r"SIS\s+Login\s+ID", header[3]):
        columns += 2
    assert "Section" in header[columns - 1], "Invalid header row"
    titles = [h for h in header[columns:] if not CANVAS_STRIPPED.search(h)]
    matched: dict[str, int | None] = {}
    for title in titles:
        named = re.fullmatch(r"(.*)\s\((\d+)\)", title)
        found = int(named[2]) if named and int(named[2]) in assignments else \
            next((i for i, t in assignments.items() if t == title), None)
        matched[title] = found  # None: Canvas makes a new assignment
    points: dict[str, str] = {}
    grades: dict[int, dict[str, str]] = {}
    new_students: list[str] = []
    for row in rows[1:]:
        if "Points Possible" in row[0]:
            points = {t: row[header.index(t)] for t in titles}
            continue
        user = int(row[1]) if row[1].strip().isdigit() else None
        if user is None or user not in users:
            new_students.append(row[0])
            continue
        grades[user] = {t: row[header.index(t)] for t in titles}
    return matched, points, grades, new_students
