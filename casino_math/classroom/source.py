"""An assignment's one source: its cells, its questions, and the student's and teacher's text of each cell.

The source is a Python file in the py:percent format: ``# %%`` starts a code
cell and ``# %% [markdown]`` a markdown cell (whose lines begin with ``# ``).
Settings follow the marker as ``key=value`` pairs, each value written in JSON:

- ``question="red" points=1 answer="p_red"`` on a markdown cell makes it a
  question's prompt.  It begins with a ``## Title`` heading, which becomes
  ``## Question 1: Title (1 point)``; the code cell after it is the answer
  cell, which must define ``answer``; a check cell ``check("roulette.red",
  p_red)`` is written after it.  ``tests={"public":1,"other_wheels":1}``
  splits its points between the check cell's test and hidden tests.
- ``question="why" points=2 by_hand=true`` makes a question the teacher marks
  by hand: its answer cell (markdown for free text, or code for a derivation)
  gets no check cell.
- ``tags=["remove-cell"]`` gives the cell those tags.
- ``only="teacher"`` (or ``"student"``) keeps the cell in that version only.

In a code cell, the lines between ``# BEGIN SOLUTION`` and ``# END SOLUTION``
and any line ending in ``# SOLUTION`` are the teacher's: the student sees
``...`` in their place (``p_red = ...`` for an assignment).  ``...`` is valid
Python, so the blank notebook runs, and a check of ``...`` says "not answered
yet".  In a markdown answer cell, the lines between ``BEGIN SOLUTION`` and
``END SOLUTION`` are the teacher's model answer; the student sees
:data:`YOUR_ANSWER`.  Any cell may write a parameter of the key as ``{{name}}``
(:mod:`~casino_math.classroom.variants`).

>>> text = '''
... # %% [markdown] question="six" points=2 answer="p_six"
... # ## A six
... # The probability of a six, as a Fraction.
... # %%
... p_six = Fraction(1, 6)  # SOLUTION
... '''
>>> demo = parse(text, "dice")
>>> [(q.id, q.points, q.answer, q.number) for q in demo.questions]
[('six', 2, 'p_six', 1)]
>>> solutions(text)
['Fraction(1, 6)']
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from .variants import fill, names_in


class Version(StrEnum):
    """The two notebooks made from a source."""

    STUDENT = "student"
    TEACHER = "teacher"


STUDENT, TEACHER = Version.STUDENT, Version.TEACHER
BEGIN, END, SUFFIX = "# BEGIN SOLUTION", "# END SOLUTION", "# SOLUTION"
#: What a student's markdown answer cell says where the model answer is.
YOUR_ANSWER = "*Your answer:* write it here (double-click this cell to edit it)."
#: The grades' CSV's own columns, which no question may be named.
RESERVED = ("student", "id", "file", "late", "penalty", "total", "notes")
SETTINGS: dict[str, type] = {"question": str, "points": int, "answer": str, "tags": list, "only": str, "tests": dict,
                             "by_hand": bool}

_MARKER = re.compile(r"^# %%(?P<markdown> \[markdown\])?(?P<settings>.*)$")
_SETTING = re.compile(r'\s*(?P<key>\w+)=(?P<value>"(?:[^"\\]|\\.)*"|\[[^\]]*\]|\{[^}]*\}|\S+)')
_ASSIGNED = re.compile(r"^(?P<target>\s*[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*\s*=)(?!=)")


@dataclass(frozen=True)
class Cell:
    """One cell of the source: its kind ("code" or "markdown"), its text, and its settings."""

    kind: str
    text: str
    settings: dict[str, Any] = field(default_factory=dict, compare=False)
    line: int = 0
    """The line of the source where the cell starts (for error messages)."""


@dataclass(frozen=True)
class Question:
    """A question as the source declares it."""

    id: str
    """Its short ID (the check's ID is ``assignment.id``)."""
    points: int
    """What it scores when right (nothing when not)."""
    answer: str | None
    """The name the answer cell defines, which the check receives (None for a question marked by hand)."""
    title: str
    """The heading of its prompt (parameters not yet written in)."""
    number: int
    """Its number in the assignment, from 1."""
    tests: tuple[tuple[str, int], ...] = ()
    """Its tests and the points each is worth: ``"public"`` (the check cell's check) and any hidden ones."""
    by_hand: bool = False
    """Whether the teacher marks it by hand."""


@dataclass(frozen=True)
class Assignment:
    """An assignment's source, read: its name, its cells, and its questions in order."""

    name: str
    cells: tuple[Cell, ...]
    questions: tuple[Question, ...]

    @property
    def points(self) -> int:
        """The points the whole assignment is worth.

        >>> parse('# %% [markdown] question="a" points=3 answer="x"\\n# ## A\\n# %%\\nx = 1  # SOLUTION', "demo").points
        3
        """
        return sum(q.points for q in self.questions)

    @property
    def parameters(self) -> set[str]:
        """The parameters of the key its text names (``{{name}}``)."""
        return set().union(*(names_in(cell.text) for cell in self.cells))

    def question(self, short: str) -> Question:
        """The question with this short ID."""
        return next(q for q in self.questions if q.id == short)

    def answer_cell(self, question: Question) -> Cell:
        """The source cell that is a question's answer cell."""
        index = next(i for i, c in enumerate(self.cells) if c.settings.get("question") == question.id)
        return self.cells[index + 1]


def read(path: str | Path) -> Assignment:
    """The assignment whose source is the file ``path`` (its name is the file's stem)."""
    path = Path(path)
    return parse(path.read_text(encoding="utf-8"), path.stem)


def split_cells(text: str) -> list[Cell]:
    """The cells of a py:percent text (lines before the first marker are the file's own comments).

    >>> [(c.kind, c.text, c.settings) for c in split_cells('# %% [markdown] only="teacher"\\n# Note\\n# %%\\nx = 1')]
    [('markdown', 'Note', {'only': 'teacher'}), ('code', 'x = 1', {})]
    """
    found: list[tuple[str, dict[str, Any], int, list[str]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        marker = _MARKER.match(line)
        if marker:
            kind = "markdown" if marker["markdown"] else "code"
            found.append((kind, _settings(marker["settings"], number), number, []))
        elif found:
            kind, _, _, lines = found[-1]
            lines.append(_unquote(line, number) if kind == "markdown" else line)
    return [Cell(kind, "\n".join(lines).strip("\n"), settings, number) for kind, settings, number, lines in found]


def _settings(text: str, line: int) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    rest = text
    while rest.strip():
        match = _SETTING.match(rest)
        if not match:
            raise ValueError(f"line {line}: cannot read the settings {rest.strip()!r}; write key=value with JSON values")
        key, raw = match["key"], match["value"]
        if key not in SETTINGS:
            raise ValueError(f"line {line}: unknown setting {key!r}; the settings are: {', '.join(SETTINGS)}")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            raise ValueError(f"line {line}: the value of {key} is not JSON: {raw}") from None
        if not isinstance(value, SETTINGS[key]) or (isinstance(value, bool) and SETTINGS[key] is not bool):
            raise TypeError(f"line {line}: {key} must be {SETTINGS[key].__name__}, not {raw}")
        settings[key] = value
        rest = rest[match.end():]
    if settings.get("only", STUDENT) not in tuple(Version):
        raise ValueError(f"line {line}: only= must be {STUDENT.value!r} or {TEACHER.value!r}")
    return settings


def _unquote(line: str, number: int) -> str:
    if line.startswith("# "):
        return line[2:]
    if line.rstrip() == "#" or not line.strip():
        return ""
    raise ValueError(f"line {number}: a markdown line must begin with '# ', not {line!r}")


def parse(text: str, name: str) -> Assignment:
    """The assignment ``name`` from the text of its source.

    >>> parse('# %% [markdown] question="a" points=1\\n# ## A\\n# %%\\nx = 1', "demo")
    Traceback (most recent call last):
    ...
    ValueError: demo, line 1: a question needs question=, points= and answer= (or by_hand=true)
    """
    source_cells = split_cells(text)
    questions: list[Question] = []
    for index, cell in enumerate(source_cells):
        if "question" in cell.settings:
            questions.append(_question(cell, source_cells[index + 1:index + 2], len(questions) + 1, name))
    ids = [q.id for q in questions]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ValueError(f"{name}: question IDs must be unique; repeated: {', '.join(repeated)}")
    for cell in source_cells:
        if cell.kind == "code":
            student_code(cell.text, f"{name}, line {cell.line}")
        else:
            student_markdown(cell.text, f"{name}, line {cell.line}")
    return Assignment(name, tuple(source_cells), tuple(questions))


def _question(cell: Cell, following: list[Cell], number: int, name: str) -> Question:
    where = f"{name}, line {cell.line}"
    settings = cell.settings
    by_hand = settings.get("by_hand", False)
    if cell.kind != "markdown" or not {"question", "points"} <= set(settings) or (by_hand == ("answer" in settings)):
        raise ValueError(f"{where}: a question needs question=, points= and answer= (or by_hand=true)")
    if not re.fullmatch(r"[A-Za-z_][\w-]*", settings["question"]):
        raise ValueError(f"{where}: question= is a short ID of letters, digits, _ and -, not {settings['question']!r}")
    if settings["question"] in RESERVED:
        raise ValueError(f"{where}: question={settings['question']!r} would share its name with a column of the "
                         f"grades' CSV ({', '.join(RESERVED)}): choose another ID")
    if settings["points"] < 1:
        raise ValueError(f"{where}: a question is worth at least 1 point, not {settings['points']}")
    if not by_hand and not settings["answer"].isidentifier():
        raise ValueError(f"{where}: answer= must name a variable, not {settings['answer']!r}")
    if not cell.text.startswith("## "):
        raise ValueError(f"{where}: a question's prompt begins with a '## Title' line")
    answer_kinds = ("code", "markdown") if by_hand else ("code",)
    if not following or following[0].kind not in answer_kinds or "only" in following[0].settings:
        raise ValueError(f"{where}: a question's prompt must be followed by its answer cell (a "
                         f"{' or '.join(answer_kinds)} cell in both versions)")
    title = cell.text.splitlines()[0][3:].strip()
    if by_hand:
        if "tests" in settings:
            raise ValueError(f"{where}: a question marked by hand has no tests=")
        return Question(settings["question"], settings["points"], None, title, number, (), by_hand=True)
    tests = settings.get("tests", {"public": settings["points"]})
    if "public" not in tests or sum(tests.values()) != settings["points"] or not all(
            type(p) is int and p >= 0 for p in tests.values()):
        raise ValueError(f"{where}: tests= gives each test whole points, \"public\" among them, adding up to "
                         f"points={settings['points']}, not {json.dumps(tests)}")
    return Question(settings["question"], settings["points"], settings["answer"], title, number, tuple(tests.items()))


def student_code(text: str, where: str = "code") -> str:
    """The student's version of a code cell: every solution replaced by ``...``.

    >>> print(student_code("def wins(face):\\n    # BEGIN SOLUTION\\n    return face == 6\\n    # END SOLUTION"))
    def wins(face):
        ...
    >>> print(student_code("edge = house_edge(bet)  # SOLUTION\\nprint(edge)"))
    edge = ...
    print(edge)
    """
    out, inside = [], False
    for line in text.splitlines():
        marker = line.strip()
        if marker == BEGIN:
            if inside:
                raise ValueError(f"{where}: {BEGIN} inside another solution block")
            inside = True
            out.append(line[: len(line) - len(line.lstrip())] + "...")
        elif marker == END:
            if not inside:
                raise ValueError(f"{where}: {END} without a {BEGIN}")
            inside = False
        elif not inside:
            out.append(_blank_suffixed(line) if _suffixed(line) else line)
    if inside:
        raise ValueError(f"{where}: {BEGIN} without an {END}")
    return "\n".join(out)


def teacher_code(text: str) -> str:
    """The teacher's version of a code cell: the solutions, without their markers.

    >>> teacher_code("p = Fraction(1, 6)  # SOLUTION\\n# BEGIN SOLUTION\\nq = 1 - p\\n# END SOLUTION")
    'p = Fraction(1, 6)\\nq = 1 - p'
    """
    out = []
    for line in text.splitlines():
        if line.strip() in (BEGIN, END):
            continue
        out.append(line[: line.rindex(SUFFIX)].rstrip() if _suffixed(line) else line)
    return "\n".join(out)


def _markdown_marker(line: str) -> str | None:
    marker = line.strip().removeprefix("# ")
    return marker if marker in (BEGIN[2:], END[2:]) else None


def student_markdown(text: str, where: str = "markdown") -> str:
    """The student's version of a markdown cell: a model answer (between ``BEGIN SOLUTION`` and ``END SOLUTION``)
    becomes :data:`YOUR_ANSWER`.

    >>> student_markdown("Why?\\nBEGIN SOLUTION\\nBecause.\\nEND SOLUTION")
    'Why?\\n*Your answer:* write it here (double-click this cell to edit it).'
    """
    out, inside = [], False
    for line in text.splitlines():
        marker = _markdown_marker(line)
        if marker == BEGIN[2:]:
            if inside:
                raise ValueError(f"{where}: BEGIN SOLUTION inside another solution block")
            inside = True
            out.append(YOUR_ANSWER)
        elif marker == END[2:]:
            if not inside:
                raise ValueError(f"{where}: END SOLUTION without a BEGIN SOLUTION")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise ValueError(f"{where}: BEGIN SOLUTION without an END SOLUTION")
    return "\n".join(out)


def teacher_markdown(text: str) -> str:
    """The teacher's version of a markdown cell: the model answer, without its markers.

    >>> teacher_markdown("Why?\\nBEGIN SOLUTION\\nBecause.\\nEND SOLUTION")
    'Why?\\nBecause.'
    """
    return "\n".join(line for line in text.splitlines() if _markdown_marker(line) is None)


def _suffixed(line: str) -> bool:
    return line.rstrip().endswith(SUFFIX) and line.strip() not in (BEGIN, END)


def _blank_suffixed(line: str) -> str:
    code = line[: line.rindex(SUFFIX)].rstrip()
    assigned = _ASSIGNED.match(code)
    if assigned:
        return assigned["target"].rstrip() + " ..."
    return code[: len(code) - len(code.lstrip())] + "..."


def solutions(text: str, variant: Mapping[str, Any] | None = None) -> list[str]:
    """Every piece of solution text in a source (with a variant's parameters written in): what must never reach a
    student.

    The lines inside solution blocks (of code and markdown cells), the solution part of each ``# SOLUTION``
    line, and the lines of teacher-only cells.

    >>> solutions('# %%\\nx = 2 + 2  # SOLUTION\\n# BEGIN SOLUTION\\ny = x * x\\n# END SOLUTION\\n'
    ...           '# %% [markdown] only="teacher"\\n# Four squared.')
    ['2 + 2', 'y = x * x', 'Four squared.']
    """
    found: list[str] = []
    for cell in split_cells(text if variant is None else fill(text, variant)):
        if cell.settings.get("only") == TEACHER:
            found.extend(line.strip() for line in cell.text.splitlines() if line.strip())
            continue
        inside = False
        for line in cell.text.splitlines():
            marker = line.strip() if cell.kind == "code" else _markdown_marker(line)
            if marker in (BEGIN, END, BEGIN[2:], END[2:]):
                inside = marker in (BEGIN, BEGIN[2:])
            elif inside and line.strip():
                found.append(line.strip())
            elif cell.kind == "code" and _suffixed(line):
                code = line[: line.rindex(SUFFIX)].rstrip()
                assigned = _ASSIGNED.match(code)
                found.append(code[assigned.end():].strip() if assigned else code.strip())
    return found


def heading(question: Question, title: str | None = None) -> str:
    """A question's heading in the notebooks: its number, title and points.

    >>> heading(Question("red", 1, "p_red", "Red", 1))
    '## Question 1: Red (1 point)'
    """
    points = f"{question.points} point{'s' if question.points != 1 else ''}"
    return f"## Question {question.number}: {title or question.title} ({points}{', marked by hand' * question.by_hand})"


def check_line(assignment: str, question: Question) -> str:
    """The code of a question's check cell.

    >>> check_line("roulette", Question("red", 1, "p_red", "Red", 1))
    'check("roulette.red", p_red)'
    """
    return f'check("{assignment}.{question.id}", {question.answer})'
