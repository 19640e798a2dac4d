"""An assignment's one source, and the student and teacher notebooks made from it.

The source is a Python file in the py:percent format: ``# %%`` starts a code
cell and ``# %% [markdown]`` a markdown cell (whose lines begin with ``# ``).
Settings follow the marker as ``key=value`` pairs, each value written in JSON:

- ``question="red" points=1 answer="p_red"`` on a markdown cell makes it a
  question's prompt.  It begins with a ``## Title`` heading, which becomes
  ``## Question 1: Title (1 point)``; the code cell after it is the answer
  cell, which must define ``answer``; a check cell ``check("roulette.red",
  p_red)`` is written after it.
- ``tags=["remove-cell"]`` gives the cell those tags.
- ``only="teacher"`` (or ``"student"``) keeps the cell in that version only.

In a code cell, the lines between ``# BEGIN SOLUTION`` and ``# END SOLUTION``
and any line ending in ``# SOLUTION`` are the teacher's: the student sees
``...`` in their place (``p_red = ...`` for an assignment).  ``...`` is valid
Python, so the blank notebook runs, and a check of ``...`` says "not answered
yet".

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
>>> [cell.source for cell in cells(demo, STUDENT)]
['## Question 1: A six (2 points)\\n\\nThe probability of a six, as a Fraction.', 'p_six = ...', 'check("dice.six", p_six)']
>>> [cell.source for cell in cells(demo, TEACHER)][1]
'p_six = Fraction(1, 6)'
>>> solutions(text)
['Fraction(1, 6)']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from nbformat import NotebookNode

STUDENT, TEACHER = "student", "teacher"
VERSIONS = (STUDENT, TEACHER)

BEGIN, END, SUFFIX = "# BEGIN SOLUTION", "# END SOLUTION", "# SOLUTION"
SETTINGS = {"question": str, "points": int, "answer": str, "tags": list, "only": str, "tests": dict}

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
    answer: str
    """The name the answer cell defines, which the check receives."""
    title: str
    """The heading of its prompt."""
    number: int
    """Its number in the assignment, from 1."""
    tests: tuple[tuple[str, int], ...] = ()
    """Its tests and the points each is worth: ``"public"`` (the check cell's check) and any hidden ones."""


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


def read(path: str | Path) -> Assignment:
    """The assignment whose source is the file ``path`` (its name is the file's stem).

    >>> read(Path(__file__).parents[2] / "book" / "assignments" / "source" / "craps.py").questions[0].title
    'A natural'
    """
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
        if not isinstance(value, SETTINGS[key]) or isinstance(value, bool):
            raise TypeError(f"line {line}: {key} must be {SETTINGS[key].__name__}, not {raw}")
        settings[key] = value
        rest = rest[match.end():]
    if settings.get("only", STUDENT) not in VERSIONS:
        raise ValueError(f"line {line}: only= must be {STUDENT!r} or {TEACHER!r}")
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
    ValueError: demo, line 1: a question needs question=, points= and answer=
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
    return Assignment(name, tuple(source_cells), tuple(questions))


def _question(cell: Cell, following: list[Cell], number: int, name: str) -> Question:
    where = f"{name}, line {cell.line}"
    settings = cell.settings
    if cell.kind != "markdown" or not {"question", "points", "answer"} <= set(settings):
        raise ValueError(f"{where}: a question needs question=, points= and answer=")
    if settings["points"] < 1:
        raise ValueError(f"{where}: a question is worth at least 1 point, not {settings['points']}")
    if not settings["answer"].isidentifier():
        raise ValueError(f"{where}: answer= must name a variable, not {settings['answer']!r}")
    if not cell.text.startswith("## "):
        raise ValueError(f"{where}: a question's prompt begins with a '## Title' line")
    if not following or following[0].kind != "code" or "only" in following[0].settings:
        raise ValueError(f"{where}: a question's prompt must be followed by its answer cell (a code cell in both versions)")
    title = cell.text.splitlines()[0][3:].strip()
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


def _suffixed(line: str) -> bool:
    return line.rstrip().endswith(SUFFIX) and line.strip() not in (BEGIN, END)


def _blank_suffixed(line: str) -> str:
    code = line[: line.rindex(SUFFIX)].rstrip()
    assigned = _ASSIGNED.match(code)
    if assigned:
        return assigned["target"].rstrip() + " ..."
    return code[: len(code) - len(code.lstrip())] + "..."


def solutions(text: str) -> list[str]:
    """Every piece of solution text in a source: what must never reach a student.

    The lines inside solution blocks, the solution part of each ``# SOLUTION``
    line, and the lines of teacher-only cells.

    >>> solutions('# %%\\nx = 2 + 2  # SOLUTION\\n# BEGIN SOLUTION\\ny = x * x\\n# END SOLUTION\\n'
    ...           '# %% [markdown] only="teacher"\\n# Four squared.')
    ['2 + 2', 'y = x * x', 'Four squared.']
    """
    found: list[str] = []
    for cell in split_cells(text):
        if cell.settings.get("only") == TEACHER:
            found.extend(line.strip() for line in cell.text.splitlines() if line.strip())
            continue
        if cell.kind != "code":
            continue
        inside = False
        for line in cell.text.splitlines():
            marker = line.strip()
            if marker in (BEGIN, END):
                inside = marker == BEGIN
            elif inside and marker:
                found.append(marker)
            elif _suffixed(line):
                code = line[: line.rindex(SUFFIX)].rstrip()
                assigned = _ASSIGNED.match(code)
                found.append(code[assigned.end():].strip() if assigned else code.strip())
    return found


def heading(question: Question) -> str:
    """A question's heading in the notebooks: its number, title and points.

    >>> heading(Question("red", 1, "p_red", "Red", 1))
    '## Question 1: Red (1 point)'
    """
    return f"## Question {question.number}: {question.title} ({question.points} point{'s' if question.points != 1 else ''})"


def check_line(assignment: str, question: Question) -> str:
    """The code of a question's check cell.

    >>> check_line("roulette", Question("red", 1, "p_red", "Red", 1))
    'check("roulette.red", p_red)'
    """
    return f'check("{assignment}.{question.id}", {question.answer})'


def cells(assignment: Assignment, version: str) -> list[NotebookNode]:
    """The notebook cells of one version (student or teacher), without outputs, with fixed IDs.

    >>> demo = parse('# %% [markdown] question="six" points=1 answer="p"\\n# ## Six\\n# %%\\np = 1  # SOLUTION', "dice")
    >>> [(cell.id, cell.source, cell.metadata.get("classroom")) for cell in cells(demo, STUDENT)]
    [('cell-00', '## Question 1: Six (1 point)', None), ('cell-01', 'p = ...', {'question': 'six', 'points': 1}), ('cell-02', 'check("dice.six", p)', {'check': 'six'})]
    """
    if version not in VERSIONS:
        raise ValueError(f"the versions are {STUDENT!r} and {TEACHER!r}, not {version!r}")
    by_line: dict[int, Question] = {}
    for question in assignment.questions:
        by_line[_prompt_line(assignment, question)] = question
    out: list[NotebookNode] = []
    pending: Question | None = None
    for cell in assignment.cells:
        if cell.settings.get("only", version) != version:
            continue
        prompt = by_line.get(cell.line)
        if cell.kind == "markdown":
            text = cell.text
            if prompt:
                rest = text.partition("\n")[2].strip("\n")
                text = heading(prompt) + ("\n\n" + rest if rest else "")
            new = nbformat.v4.new_markdown_cell(text)
        else:
            code = student_code(cell.text) if version == STUDENT else teacher_code(cell.text)
            new = nbformat.v4.new_code_cell(code)
            if pending:
                new.metadata["classroom"] = {"question": pending.id, "points": pending.points}
        if cell.settings.get("tags"):
            new.metadata["tags"] = list(cell.settings["tags"])
        out.append(new)
        if pending and cell.kind == "code":
            check = nbformat.v4.new_code_cell(check_line(assignment.name, pending))
            check.metadata["classroom"] = {"check": pending.id}
            out.append(check)
            pending = None
        if prompt:
            pending = prompt
    for index, made in enumerate(out):
        made.id = f"cell-{index:02d}"
    return out


def _prompt_line(assignment: Assignment, question: Question) -> int:
    prompts = [c for c in assignment.cells if c.settings.get("question") == question.id]
    return prompts[0].line


def notebook(assignment: Assignment, version: str) -> NotebookNode:
    """One version of the assignment as a notebook (without outputs).

    >>> demo = parse('# %% [markdown] question="six" points=1 answer="p"\\n# ## Six\\n# %%\\np = 1  # SOLUTION', "dice")
    >>> notebook(demo, TEACHER).metadata["classroom"], notebook(demo, TEACHER).cells[1].source
    ({'assignment': 'dice', 'version': 'teacher'}, 'p = 1')
    """
    nb: NotebookNode = nbformat.v4.new_notebook()
    nb.metadata = {
        "classroom": {"assignment": assignment.name, "version": version},
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    nb.cells = cells(assignment, version)
    return nb
