"""Feedback for each student: every question's mark and hint, as Markdown, ready to send back.

It is written from the journal (:mod:`~casino_math.classroom.journal`), during a
run or later, without running any notebook again.  A hint never shows a hidden
test's inputs (:mod:`~casino_math.classroom.probes`).  Each file's name is the
student's (and the submitted file's, when a student sent several), made safe
for any file system: at most :data:`MOST_NAME` bytes, no folder separator, in
composed Unicode, and unique even where the file system does not tell case or
Unicode forms apart (macOS): ``Zoë--Zoë`` written two ways gets a second name.

>>> from casino_math.classroom.marks import Grade, Mark
>>> from casino_math.classroom.sheet import Line
>>> from casino_math.classroom.submitted import _demo_assignment
>>> grade = Grade("ana", "ana.ipynb", (Mark("red", 1, 1, Status.RIGHT, ""),
...                                   Mark("edge", 2, 0, Status.WRONG, "check the sign")), ())
>>> line = Line("ana", "", "ana.ipynb", {"red": Fraction(1), "edge": Fraction(0)}, None, Fraction(0), ())
>>> print(text(_demo_assignment(), grade, line))
# demo: ana (ana.ipynb)
<BLANKLINE>
Total: 1 of 3 points.
<BLANKLINE>
- Question 1 (red): 1 of 1: right.
- Question 2 (edge): 0 of 2: not right yet. Hint: check the sign.
<BLANKLINE>
>>> name_of("ana/../bo", "x.ipynb", set()), len(name_of("é" * 300, "x.ipynb", set()).encode()) <= MOST_NAME
('ana_.._bo.md', True)
>>> used = set()
>>> name_of("Zoe\u0308", "Zoe\u0308.ipynb", used), name_of("Zo\u00eb", "Zo\u00eb.ipynb", used)
('Zoë.md', 'Zoë--92ff5de4.md')
"""

from __future__ import annotations

import hashlib
from fractions import Fraction
from pathlib import Path

from . import source
from .discovery import normal
from .marks import Grade, readable
from .sheet import Line, points_text
from .verdict import Status, sentence

#: The longest feedback file name, in bytes (file systems allow 255).
MOST_NAME = 150


def text(assignment: source.Assignment, grade: Grade, line: Line) -> str:
    """A student's feedback on one file: the total, any notes, and each question's mark and hint."""
    scored = sum((s for s in line.scores.values() if s is not None), Fraction(0))
    total = f"Total: {points_text(line.total)} of {assignment.points} points"
    if line.penalty:
        total += (f" ({points_text(scored)}, less {points_text(line.penalty)} for "
                  f"{line.days_late} day{'s' * (line.days_late != 1)} late)")
    lines = [f"# {assignment.name}: {readable(grade.student, None)} ({readable(grade.file, None)})", "",
             total + ".", ""]
    if line.notes:
        lines += [f"- {note}" for note in line.notes] + [""]
    for question, mark in zip(assignment.questions, grade.marks, strict=True):
        if mark.status is Status.BY_HAND:
            given = line.scores.get(question.id)
            said = f"{points_text(given)} of {mark.points}: marked by hand." if given is not None else \
                f"not marked yet (of {mark.points}): marked by hand."
        else:
            hint = f" Hint: {sentence(mark.hint)}" if mark.hint else ""
            said = f"{mark.score} of {mark.points}: {mark.status}.{hint}"
        lines.append(f"- Question {question.number} ({mark.question}): {said}")
    return "\n".join(lines) + "\n"


def name_of(student: str, file: str, used: set[str], several: bool = False) -> str:
    """A safe, unique feedback file name for a student's file (and records it in ``used``)."""
    base = student if not several else f"{student}--{Path(file).stem}"
    safe = "".join(c if c.isprintable() and c not in "/\\\x00" else "_" for c in readable(base, None))
    safe = normal(safe.lstrip(".") or "_")
    name = safe
    if len(f"{safe}.md".encode()) > MOST_NAME or name.casefold() in used:
        tag = "--" + hashlib.sha256(file.encode("utf-8", "surrogateescape")).hexdigest()[:8]
        room = MOST_NAME - len(f"{tag}.md".encode())
        name = safe.encode()[:room].decode("utf-8", "ignore") + tag
    used.add(name.casefold())
    return f"{name}.md"


def write(folder: Path, name: str, feedback: str) -> Path:
    """Write one feedback file."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(feedback, encoding="utf-8", errors="backslashreplace")
    return path
