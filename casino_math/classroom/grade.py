"""Grading a folder of submitted notebooks: one row per student, one column per question, and a total.

Each submission runs in a fresh kernel (:func:`~casino_math.classroom.kernel.fresh_kernel`):
its code cells in order, an error in one not stopping the rest, all of them
within a time limit for the whole notebook.  A cell still running at the limit
is stopped and the cells after it are skipped.  Then every question is checked
in that same kernel, on the value the submission left under the question's
answer name, by the same check the student's check cells call (each check
within its own time limit).  A right answer scores the question's points; any
other answer scores nothing.

What went wrong (a notebook that is not a notebook, a cell stopped at the
limit, a kernel that died) is written in the ``notes`` column rather than
stopping the grading of the others.

The grader runs each submission's own code: run it where that is safe (your
account on your laptop, or a JupyterHub's), and it is a teaching tool, not a
defence against a student who sets out to fool it.

>>> row(_demo_assignment(), Grade("ana", (Mark("red", 1, 1, "right", ""), Mark("edge", 2, 0, "not right yet", "the sign")), ()))
{'student': 'ana', 'red': 1, 'edge': 0, 'total': 1, 'notes': ''}
"""

from __future__ import annotations

import ast
import csv
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import nbformat

from . import source
from .checks import RIGHT
from .kernel import DeadKernelError, fresh_kernel

#: Where the assignments' sources live in the repository.
SOURCES = Path(__file__).resolve().parents[2] / "book" / "assignments" / "source"
#: The time limit for running one submission's cells, in seconds, unless another is given.
DEFAULT_TIMEOUT = 120
#: The time limit for checking one question, in seconds.
CHECK_SECONDS = 30

NOT_GRADED, TIMED_OUT = "not graded", "timed out"


@dataclass(frozen=True)
class Mark:
    """The grade of one question."""

    question: str
    """The question's short ID (its column in the CSV)."""
    points: int
    """What it was worth."""
    score: int
    """What it scored: all of ``points`` when right, else 0."""
    status: str
    """Right, not right yet, not answered yet, timed out, or not graded."""
    hint: str
    """The check's hint, or what went wrong."""


@dataclass(frozen=True)
class Grade:
    """The grade of one submission."""

    student: str
    marks: tuple[Mark, ...]
    notes: tuple[str, ...]
    """What went wrong while running the notebook, if anything."""

    @property
    def total(self) -> int:
        """The points scored.

        >>> Grade("ana", (Mark("red", 1, 1, RIGHT, ""), Mark("edge", 2, 0, "not right yet", "")), ()).total
        1
        """
        return sum(m.score for m in self.marks)


def student_of(path: Path, folder: Path) -> str:
    """The student a submission belongs to: its file name, or its folder's name when it sits in a folder of its own.

    >>> student_of(Path("in/ana.ipynb"), Path("in")), student_of(Path("in/bo/roulette.ipynb"), Path("in"))
    ('ana', 'bo')
    """
    parts = path.relative_to(folder).parts
    return parts[0] if len(parts) > 1 else path.stem


def find_submissions(folder: str | Path) -> dict[str, Path]:
    """The submissions in ``folder`` (searched to any depth; checkpoints and hidden folders skipped), by student.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for path in ("ana.ipynb", "bo/roulette.ipynb", ".ipynb_checkpoints/ana-checkpoint.ipynb"):
    ...     (folder / path).parent.mkdir(exist_ok=True)
    ...     _ = (folder / path).write_text("{}")
    >>> {student: path.name for student, path in find_submissions(folder).items()}
    {'ana': 'ana.ipynb', 'bo': 'roulette.ipynb'}
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder; give the folder that holds the submitted notebooks")
    found: dict[str, Path] = {}
    for path in sorted(folder.rglob("*.ipynb")):
        if any(part.startswith(".") for part in path.relative_to(folder).parts):
            continue
        student = student_of(path, folder)
        if student in found:
            raise ValueError(f"two notebooks for {student}: {found[student]} and {path}; keep one per student")
        found[student] = path
    if not found:
        raise ValueError(f"no notebooks (*.ipynb) in {folder}")
    return found


def assignment_named(notebook) -> str | None:
    """The assignment a notebook says it belongs to (its ``classroom`` metadata), if it says.

    >>> assignment_named(nbformat.from_dict({"metadata": {"classroom": {"assignment": "craps"}}}))
    'craps'
    """
    return notebook.get("metadata", {}).get("classroom", {}).get("assignment")


def _read(path: Path):
    try:
        return nbformat.read(path, as_version=4), None
    except Exception as error:  # noqa: BLE001  (a file a student broke: graded zero, with the reason)
        return None, f"cannot read the notebook ({type(error).__name__}: {error})"


def grade_notebook(nb, student: str, assignment: source.Assignment, timeout: float = DEFAULT_TIMEOUT,
                   check_seconds: float = CHECK_SECONDS) -> Grade:
    """Run one submission (a notebook read with nbformat) and grade every question of ``assignment``.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("from fractions import Fraction"),
    ...                                      nbformat.v4.new_code_cell("p_red = Fraction(18, 38)")])
    >>> grade = grade_notebook(nb, "ana", load_assignment("roulette"))
    >>> grade.total, grade.marks[0].status, grade.marks[1].status
    (1, 'right', 'not answered yet')
    """
    notes: list[str] = []
    named = assignment_named(nb)
    if named and named != assignment.name:
        notes.append(f"the notebook says it is the {named} assignment, not {assignment.name}")
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    for cell in code:
        cell.outputs, cell.execution_count = [], None
    try:
        with fresh_kernel(nb) as kernel:
            budget, errors = float(timeout), []
            for number, cell in enumerate(code, start=1):
                start = time.monotonic()
                outcome = kernel.run(cell, budget)
                budget -= time.monotonic() - start
                if outcome.finished and outcome.error:
                    errors.append(f"{where(cell, number, assignment)} ({outcome.error})")
                if not outcome.finished or budget <= 0:
                    notes.append(f"stopped at the {timeout:g} s limit in {where(cell, number, assignment)} "
                                 f"(a loop that never ends?); {len(code) - number} cells after it were not run")
                    break
            if errors:
                notes.insert(0, f"errors in {', '.join(errors)}")
            marks = tuple(_mark(kernel, assignment, q, check_seconds) for q in assignment.questions)
    except DeadKernelError:
        notes.append("the kernel died (does the notebook end Python, or use up the memory?); nothing was graded")
        marks = tuple(Mark(q.id, q.points, 0, NOT_GRADED, "the kernel died") for q in assignment.questions)
    return Grade(student, marks, tuple(notes))


def where(cell, number: int, assignment: source.Assignment) -> str:
    """Where a code cell is, in words a student recognises: the answer or check cell of a question, else its number.

    >>> answer = nbformat.v4.new_code_cell("e = 1", metadata={"classroom": {"question": "edge"}})
    >>> where(answer, 4, _demo_assignment()), where(nbformat.v4.new_code_cell("x = 1"), 1, _demo_assignment())
    ('the answer cell of question 2 (edge)', 'code cell 1')
    """
    tags = cell.get("metadata", {}).get("classroom", {})
    numbers = {q.id: q.number for q in assignment.questions}
    for key, kind in (("question", "answer"), ("check", "check")):
        if tags.get(key) in numbers:
            return f"the {kind} cell of question {numbers[tags[key]]} ({tags[key]})"
    return f"code cell {number}"


def _mark(kernel, assignment: source.Assignment, question: source.Question, seconds: float) -> Mark:
    qid = f"{assignment.name}.{question.id}"
    cell = kernel.append(f'__import__("casino_math.classroom", fromlist=["verdict"])'
                         f'.verdict({qid!r}, {question.answer!r}, globals())')
    outcome = kernel.run(cell, seconds)
    if not outcome.finished:
        return Mark(question.id, question.points, 0, TIMED_OUT, f"checking it ran past {seconds:g} s")
    results = [o for o in cell.outputs if o.get("output_type") == "execute_result"]
    if not results:
        return Mark(question.id, question.points, 0, NOT_GRADED, f"the check could not run ({outcome.error})")
    found = ast.literal_eval(results[0]["data"]["text/plain"])
    score = question.points if found["status"] == RIGHT else 0
    return Mark(question.id, question.points, score, found["status"], found["hint"])


def source_files(sources: str | Path = SOURCES) -> list[Path]:
    """The assignments' source files in a folder, by name (the folder's ``conftest.py`` is not one).

    >>> [path.name for path in source_files()][:2]
    ['baccarat.py', 'craps.py']
    """
    return [path for path in sorted(Path(sources).glob("*.py")) if path.stem != "conftest"]


def load_assignment(name: str, sources: str | Path = SOURCES) -> source.Assignment:
    """The assignment ``name`` read from its source in ``sources``, or a clear error naming those there are.

    >>> load_assignment("craps").questions[0].answer
    'p_natural'
    """
    path = Path(sources) / f"{name}.py"
    if not path.is_file() or path.stem == "conftest":
        there = [p.stem for p in source_files(sources)]
        raise ValueError(f"no source for assignment {name!r} in {sources}; the assignments are: {', '.join(there)}")
    return source.read(path)


def grade_folder(folder: str | Path, timeout: float = DEFAULT_TIMEOUT, assignment: str | None = None,
                 sources: str | Path = SOURCES, check_seconds: float = CHECK_SECONDS,
                 progress: Callable[[Grade], None] | None = None) -> tuple[source.Assignment, list[Grade]]:
    """Grade every submission in ``folder``; returns the assignment and one Grade per student, by name.

    The assignment is ``assignment`` if given, else the one the notebooks name
    in their metadata (they must all name the same one).

    >>> import tempfile
    >>> grade_folder(tempfile.mkdtemp(prefix="empty-"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no notebooks (*.ipynb) in /tmp/empty-...
    """
    submissions = find_submissions(folder)
    notebooks = {student: _read(path) for student, path in submissions.items()}
    if assignment is None:
        named = sorted({assignment_named(nb) for nb, _ in notebooks.values() if nb is not None} - {None})
        if len(named) != 1:
            what = f"several assignments ({', '.join(named)})" if named else "no assignment in their metadata"
            raise ValueError(f"the notebooks in {folder} name {what}; pass --assignment NAME")
        assignment = named[0]
    spec = load_assignment(assignment, sources)
    grades = []
    for student, (nb, problem) in notebooks.items():
        if nb is None:
            marks = tuple(Mark(q.id, q.points, 0, NOT_GRADED, problem) for q in spec.questions)
            grade = Grade(student, marks, (problem,))
        else:
            grade = grade_notebook(nb, student, spec, timeout, check_seconds)
        grades.append(grade)
        if progress:
            progress(grade)
    return spec, grades


def row(assignment: source.Assignment, grade: Grade) -> dict:
    """A grade as a row of the CSV: the student, a score per question, the total, and the notes."""
    scores = {m.question: m.score for m in grade.marks}
    return {"student": grade.student, **{q.id: scores[q.id] for q in assignment.questions},
            "total": grade.total, "notes": "; ".join(grade.notes)}


def write_csv(assignment: source.Assignment, grades: list[Grade], path: str | Path) -> None:
    """Write the grades as a CSV: one row per student, one column per question, a total and notes.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "grades.csv"
    >>> write_csv(_demo_assignment(), [Grade("ana", (Mark("red", 1, 1, RIGHT, ""), Mark("edge", 2, 0, "not right yet", "")), ())], path)
    >>> print(path.read_text())
    student,red,edge,total,notes
    ana,1,0,1,
    <BLANKLINE>
    """
    columns = ["student", *(q.id for q in assignment.questions), "total", "notes"]
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        for grade in grades:
            writer.writerow(row(assignment, grade))


def feedback_text(assignment: source.Assignment, grade: Grade) -> str:
    """A student's feedback: each question's mark and hint, and what went wrong, as Markdown.

    >>> print(feedback_text(_demo_assignment(), Grade("ana", (Mark("red", 1, 1, RIGHT, ""),
    ...       Mark("edge", 2, 0, "not right yet", "check the sign")), ())))
    # demo: ana
    <BLANKLINE>
    Total: 1 of 3 points.
    <BLANKLINE>
    - Question 1 (red): 1 of 1: right.
    - Question 2 (edge): 0 of 2: not right yet. Hint: check the sign.
    <BLANKLINE>
    """
    lines = [f"# {assignment.name}: {grade.student}", "", f"Total: {grade.total} of {assignment.points} points.", ""]
    lines += [f"- {note}" for note in grade.notes] + ([""] if grade.notes else [])
    for question, mark in zip(assignment.questions, grade.marks):
        hint = f" Hint: {mark.hint.rstrip('.')}." if mark.hint else ""
        lines.append(f"- Question {question.number} ({mark.question}): {mark.score} of {mark.points}: {mark.status}.{hint}")
    return "\n".join(lines) + "\n"


def _demo_assignment() -> source.Assignment:
    return source.parse('# %% [markdown] question="red" points=1 answer="p"\n# ## Red\n# %%\np = 1  # SOLUTION\n'
                        '# %% [markdown] question="edge" points=2 answer="e"\n# ## Edge\n# %%\ne = 1  # SOLUTION', "demo")
