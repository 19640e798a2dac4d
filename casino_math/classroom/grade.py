"""Grading a folder of submissions: each in its own sandbox, judged here, every file accounted for.

For each submission the grader sends its code cells to a fresh sandbox
(:mod:`~casino_math.classroom.sandbox`), where the runner runs them in order
and reports each answer as plain data as soon as its answer cell finishes
(:mod:`~casino_math.classroom.runner`).  Where a question asks for a function,
the runner calls it on the inputs this grader chose and reports the results.
The grader judges those data here, against the teacher's key: the public
check every student saw, and the hidden tests.  A question scores the points
of each of its tests that says right.

Every file in the folder gets one row: a file that is not a notebook, a
notebook that cannot be read, of another assignment, or the teacher's version
scores zero with the reason.  Two files of one student are both graded and
flagged.  Each row is written as its submission finishes: to a journal beside
the CSV, from which the CSV is rewritten; a rerun grades only what the journal
lacks.

>>> row(_demo_assignment(), Grade("ana", "ana.ipynb", (Mark("red", 1, 1, "right", ""), Mark("edge", 2, 0, "not right yet", "the sign")), ()))
{'student': 'ana', 'red': 1, 'edge': 0, 'total': 1, 'notes': ''}
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from . import data, keys, runner, sandbox, source
from .checks import NOT_ANSWERED, RIGHT, WRONG, Check, Rule, Simulation

#: Plain JSON data: a notebook or one of its cells, an event the sandbox reported, a runner's probe, a CSV row or
#: a journal entry.
JSON = dict[str, Any]

#: Where the assignments' sources (and the answer keys beside them) live: the repository's folder in a checkout,
#: else ``book/assignments/source`` under the folder the grader is run from.
_CHECKOUT = Path(__file__).resolve().parents[2] / "book" / "assignments" / "source"
SOURCES = _CHECKOUT if _CHECKOUT.is_dir() else Path("book") / "assignments" / "source"
#: The time limit for running one submission's cells, in seconds, unless another is given.
DEFAULT_TIMEOUT = 120
#: The time limit for one check (calling a submitted function on a test's inputs), in seconds.
CHECK_SECONDS = 60
#: The longest cell (in characters) whose magics the grader turns into Python itself, and the most characters of a
#: notebook it turns in all (IPython's transformation takes time that grows with the square of a cell's length).
MOST_TRANSFORMED = 5_000
MOST_TRANSFORMED_IN_ALL = 20_000
#: The largest notebook file the grader reads (bytes).
MOST_BYTES = 16 * 2**20
#: The longest note or hint a grade shows (characters).
MOST_SHOWN = 300
POINTS_POSSIBLE = "points possible"
NOT_GRADED, TIMED_OUT = "not graded", "timed out"


@dataclass(frozen=True)
class Mark:
    """The grade of one question."""

    question: str
    """The question's short ID (its column in the CSV)."""
    points: int
    """What it was worth."""
    score: int
    """What it scored: the points of each of its tests that said right."""
    status: str
    """Right, not right yet, not answered yet, timed out, or not graded."""
    hint: str
    """The check's hint, or what went wrong."""


@dataclass(frozen=True)
class Grade:
    """The grade of one submitted file."""

    student: str
    file: str
    """The file, relative to the submissions folder."""
    marks: tuple[Mark, ...]
    notes: tuple[str, ...]
    """What went wrong while running the notebook, if anything."""

    @property
    def total(self) -> int:
        """The points scored.

        >>> Grade("ana", "ana.ipynb", (Mark("red", 1, 1, RIGHT, ""), Mark("edge", 2, 0, "not right yet", "")), ()).total
        1
        """
        return sum(m.score for m in self.marks)


_COPY = re.compile(r"\s*\(\d+\)$")


def student_of(path: Path, folder: Path) -> str:
    """The student a file belongs to: its name (less a download's " (1)"), or its folder's name if it has one.

    >>> student_of(Path("in/ana.ipynb"), Path("in")), student_of(Path("in/bo/x.ipynb"), Path("in"))
    ('ana', 'bo')
    >>> student_of(Path("in/ana (1).IPYNB"), Path("in"))
    'ana'
    """
    parts = path.relative_to(folder).parts
    return parts[0] if len(parts) > 1 else _COPY.sub("", path.stem)


def find_submissions(folder: str | Path, skip: Iterable[str | Path] = ()) -> list[tuple[str, Path]]:
    """Every file in ``folder`` (to any depth; hidden files and checkpoints aside), with its student, by name.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for path in ("ana.ipynb", "bo/roulette.ipynb", "bo/notes.py", ".ipynb_checkpoints/ana-checkpoint.ipynb"):
    ...     (folder / path).parent.mkdir(exist_ok=True)
    ...     _ = (folder / path).write_text("{}")
    >>> [(student, path.name) for student, path in find_submissions(folder)]
    [('ana', 'ana.ipynb'), ('bo', 'notes.py'), ('bo', 'roulette.ipynb')]
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder; give the folder that holds the submitted notebooks")
    skipped = {Path(p).resolve() for p in skip}
    found = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and not any(part.startswith(".") for part in relative.parts) and path.resolve() not in skipped:
            found.append((student_of(path, folder), path))
    if not found:
        raise ValueError(f"no files in {folder}; give the folder that holds the submitted notebooks")
    return found


def assignment_named(notebook: JSON) -> str | None:
    """The assignment a notebook says it belongs to (its ``classroom`` metadata), if it says.

    >>> assignment_named({"metadata": {"classroom": {"assignment": "craps"}}})
    'craps'
    """
    named = _classroom(notebook).get("assignment")
    return named if isinstance(named, str) else None


def _classroom(part: object) -> JSON:
    metadata = part.get("metadata") if isinstance(part, dict) else None
    classroom = metadata.get("classroom") if isinstance(metadata, dict) else None
    return classroom if isinstance(classroom, dict) else {}


def read_notebook(path: Path) -> tuple[JSON | None, str | None]:
    """The notebook in a file as plain JSON data, and None; or None and why it cannot be graded."""
    if path.suffix.lower() != ".ipynb":
        return None, f"not a notebook ({path.suffix or 'no extension'}): submit the assignment's .ipynb file"
    try:
        if path.stat().st_size > MOST_BYTES:
            return None, (f"the notebook is {path.stat().st_size / 2**20:.0f} MB, more than the {MOST_BYTES // 2**20} MB "
                          "the grader reads: grade it by hand")
        notebook = json.loads(path.read_bytes())
    except (ValueError, OSError) as error:
        return None, f"cannot read the notebook ({type(error).__name__}: {str(error)[:200]})"
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        return None, "cannot read the notebook (it has no list of cells)"
    return notebook, None


def refusal(notebook: JSON, assignment: source.Assignment) -> str | None:
    """Why a readable notebook scores zero without running: another assignment, or the teacher's version."""
    named = assignment_named(notebook)
    if named and named != assignment.name:
        return f"this is the {named} assignment, not {assignment.name}"
    if _classroom(notebook).get("version") == source.TEACHER:
        return "this is the teacher's version of the assignment (with the solutions), not a student's"
    return None


def code_cells(notebook: JSON, assignment: source.Assignment) -> list[JSON]:
    """The notebook's code cells as the runner takes them: the code, and the question whose answer cell it is.

    A check cell left as it was made is not run: the grader runs the checks itself, and the public check's
    answer would be thrown away.

    >>> nb = {"cells": [{"cell_type": "code", "source": "p = 1", "metadata": {"classroom": {"question": "red"}}},
    ...                 {"cell_type": "code", "source": 'check("demo.red", p)'}, {"cell_type": "markdown", "source": "x"}]}
    >>> code_cells(nb, _demo_assignment())
    [{'code': 'p = 1', 'question': 'red'}, {'code': '', 'question': None}]
    """
    checks = {source.check_line(assignment.name, q) for q in assignment.questions}
    questions = {q.id for q in assignment.questions}
    cells, budget = [], MOST_TRANSFORMED_IN_ALL
    for cell in notebook["cells"]:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            code = cell.get("source", "")
            code = "".join(map(str, code)) if isinstance(code, list) else str(code)
            question = _classroom(cell).get("question")  # a cell copied from another assignment may name another
            if code.strip() in checks:
                code = ""
            elif len(code) <= min(MOST_TRANSFORMED, budget):
                budget -= len(code)
                code = _plain(code)
            cells.append({"code": code, "question": question if question in questions else None})
    return cells


def _plain(code: str) -> str:
    # IPython's magics (the book's Colab install cell has one) become plain Python here, once per run of the
    # grader, rather than in each sandbox, where importing IPython would cost each submission a quarter second.
    # Only IPython's text transformation runs here, never the code; long cells are left to the sandbox.
    return runner.python_of(code)


def readable(text: object, most: int = MOST_SHOWN) -> str:
    """Text a submission made (an error's message, a file's name) as one line that is safe to show and to write:
    control characters and lone surrogates as escapes, so it cannot start a new line, move a terminal's cursor or
    fail to encode, and at most ``most`` characters.

    >>> readable("ValueError: no\\n\\x1b[2Kana: 11 \\ud800")
    'ValueError: no\\\\n\\\\x1b[2Kana: 11 \\\\ud800'
    >>> readable("x" * 500)[-3:], len(readable("x" * 500))
    ('xx…', 300)
    """
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
    return shown if len(shown) <= most else shown[:most - 1] + "…"


def how_to_probe(test: Check) -> JSON:
    """What the runner reports about an answer for a test: its value, or the function called on the test's inputs.

    >>> how_to_probe(Rule("demo.even", outcomes=lambda: (1, 2), right=lambda n: n % 2 == 0, hint=None))
    {'kind': 'call', 'inputs': [{'t': 'int', 'v': '1'}, {'t': 'int', 'v': '2'}]}
    """
    if isinstance(test, Rule):
        return {"kind": "call", "inputs": [data.encode(outcome) for outcome in test.outcomes()]}
    if isinstance(test, Simulation):
        return {"kind": "play", "seed": test.seed, "rounds": test.rounds}
    return {"kind": "value"}


@dataclass(frozen=True)
class Key:
    """What the grader needs of an assignment: its source and each question's tests with their points."""

    assignment: source.Assignment
    tests: dict[str, dict[str, tuple[Check, int]]]
    """For each question's short ID: {test name: (check, points)}."""

    def job(self, cells: list[JSON], timeout: float, check_timeout: float) -> JSON:
        """The runner's job for a notebook's code cells: every public probe, and no hidden test's input."""
        return {"cells": cells, "timeout": timeout, "check_timeout": check_timeout,
                "answers": {q.id: q.answer for q in self.assignment.questions},
                "probes": {q: {name: how_to_probe(test) for name, (test, _) in tests.items() if name == keys.PUBLIC}
                           for q, tests in self.tests.items()}}

    def hidden(self) -> dict[str, dict[str, JSON]]:
        """The hidden tests' probes, by question and test: sent to a sandbox only once its cells are over."""
        found = {q: {name: how_to_probe(test) for name, (test, _) in tests.items() if name != keys.PUBLIC}
                 for q, tests in self.tests.items()}
        return {q: probes for q, probes in found.items() if probes}


def load_key(name: str, sources: str | Path = SOURCES) -> Key:
    """An assignment's source and its key's tests, checked against each other."""
    assignment = load_assignment(name, sources)
    tests = {}
    for question in assignment.questions:
        there = keys.tests_of(name, question.id, sources)
        missing = sorted(set(dict(question.tests)) - set(there))
        if missing:
            raise ValueError(f"{name}: the key has no test {', '.join(missing)} for question {question.id}")
        tests[question.id] = {test: (there[test], points) for test, points in question.tests}
    return Key(assignment, tests)


class Recorded:
    """A submitted function, as the grader sees it: the results it gave, in order, on the inputs it was given."""

    def __init__(self, calls: list[Any], error: str | None, check_timeout: float):
        self._calls, self._error, self._seconds = iter([data.decode(c) for c in calls]), error, check_timeout

    def __call__(self, *given: object) -> Any:
        for result in self._calls:
            return result
        if self._error in (None, "TimeLimit"):
            raise type("TimeLimit", (Exception,), {})(f"it ran past the {self._seconds:g} s a check may take")
        name, _, message = self._error.partition(": ")
        raise type(name if name.isidentifier() else "Error", (Exception,), {})(message)


def answer_in(record: JSON, check_timeout: float) -> Any:
    """The answer a runner's record stands for: a value, a Recorded function, or None when it was not defined."""
    if record.get("missing"):
        return None
    if "value" in record:
        return data.decode(record["value"])
    return Recorded(record.get("calls", []), record.get("error"), check_timeout)


def _is_blank(record: JSON) -> bool:
    value = record.get("value")
    return bool(record.get("missing")) or (isinstance(value, dict) and value.get("t") in ("none", "blank"))


def judge_question(key: Key, question: source.Question, events: list[JSON], check_timeout: float) -> Mark:
    """Judge a question from the runner's events: the points of each of its tests that says right."""
    score, first = 0, None
    for test, (check, points) in key.tests[question.id].items():
        feedback = _judge_test(question, test, check, events, check_timeout)
        if feedback[0] == RIGHT:
            score += points
        elif first is None:
            first = feedback
    status, hint = first or (RIGHT, "")
    return Mark(question.id, question.points, score, status, hint)


def _judge_test(question: source.Question, test: str, check: Check, events: list[JSON],
                check_timeout: float) -> tuple[str, str]:
    records = [e for e in events if e.get("question") == question.id and e.get("test") == test]
    by_time = {e.get("at"): e for e in records}
    record = by_time.get("answer")
    if record is None or (_is_blank(record) and "end" in by_time):
        record = by_time.get("end", record)
    if record is None:
        if any(e.get("probing") == question.id and e.get("test") == test for e in events):
            return TIMED_OUT, f"checking it ran past its time (the {check_timeout:g} s a check may take)"
        return NOT_GRADED, "the notebook stopped before this answer was reached"
    if record.get("missing"):
        return NOT_ANSWERED, f"{question.answer} is not defined: run its cell, and fix any error it shows"
    try:
        feedback = check.judge(answer_in(record, check_timeout))
    except Exception as error:  # noqa: BLE001  (odd data from a submission is a wrong answer, not a crash)
        return WRONG, f"checking it raised {type(error).__name__}: {error}"
    return feedback.status, feedback.hint


def notes_of(events: list[JSON], cells: list[JSON], key: Key, killed: str | None, timeout: float) -> list[str]:
    """What went wrong while running a notebook, in words a student recognises."""
    notes, started = [], [e["cell"] for e in events if isinstance(e.get("cell"), int)]
    errors = [(e["finished"], e["error"]) for e in events if isinstance(e.get("finished"), int) and e.get("error")]
    shown = [f"{where(cells[i], i + 1, key.assignment)} ({error})" for i, error in errors
             if error != "TimeLimit" and 0 <= i < len(cells)]
    if shown:
        notes.append(f"errors in {', '.join(shown)}")
    stopped = [e["stopped"] for e in events if isinstance(e.get("stopped"), int)]
    last = started[-1] if started and 0 <= started[-1] < len(cells) else None
    if stopped and 0 <= stopped[0] < len(cells):
        notes.append(f"stopped at the {timeout:g} s limit in {where(cells[stopped[0]], stopped[0] + 1, key.assignment)}"
                     f" (a loop that never ends?); {len(cells) - stopped[0] - 1} cells after it were not run")
    elif killed == "wall time":
        place = f" in {where(cells[last], last + 1, key.assignment)}" if last is not None else ""
        notes.append(f"ended at its time limit{place}, which it would not let go of; answers given before count")
    elif killed:
        notes.append(f"ended because it {killed}; answers given before count")
    elif not any(e.get("done") for e in events):
        place = f" in {where(cells[last], last + 1, key.assignment)}" if last is not None else ""
        notes.append(f"Python ended{place} before the notebook finished (os._exit, a crash or the memory limit?); "
                     "answers given before count")
    return notes


def where(cell: JSON, number: int, assignment: source.Assignment) -> str:
    """Where a code cell is, in words a student recognises: the answer cell of a question, else its number.

    >>> where({"code": "e = 1", "question": "edge"}, 4, _demo_assignment()), where({"code": "x"}, 1, _demo_assignment())
    ('the answer cell of question 2 (edge)', 'code cell 1')
    """
    numbers = {q.id: q.number for q in assignment.questions}
    if cell.get("question") in numbers:
        return f"the answer cell of question {numbers[cell['question']]} ({cell['question']})"
    return f"code cell {number}"


@dataclass(frozen=True)
class Options:
    """How to grade: the time limits, and the sandbox (None to run without one)."""

    timeout: float = DEFAULT_TIMEOUT
    check_timeout: float = CHECK_SECONDS
    program: str | None = None
    package_root: Path | None = None


def grade_file(path: Path, student: str, relative: str, key: Key, options: Options) -> Grade:
    """Grade one submitted file (running it in its sandbox if it is a notebook of this assignment)."""
    notebook, problem = read_notebook(path)
    problem = problem or (refusal(notebook, key.assignment) if notebook is not None else None)
    if problem or notebook is None:
        return _zero(student, relative, key, problem or "cannot read the notebook")
    cells = code_cells(notebook, key.assignment)
    job = key.job(cells, options.timeout, options.check_timeout)
    if options.package_root is None:
        raise ValueError("Options.package_root is missing: give the copy of casino_math made by sandbox.package_copy")
    result = sandbox.run(job, options.program, options.package_root, key.hidden())
    marks = [judge_question(key, q, result.events, options.check_timeout) for q in key.assignment.questions]
    notes = notes_of(result.events, cells, key, result.killed, options.timeout) if result.events else \
        ["the sandbox reported nothing (it could not start Python?)"]
    return Grade(student, relative, tuple(replace(m, hint=readable(m.hint)) for m in marks),
                 tuple(readable(note, 2 * MOST_SHOWN) for note in notes))


def _zero(student: str, relative: str, key: Key, problem: str) -> Grade:
    problem = readable(problem)
    marks = tuple(Mark(q.id, q.points, 0, NOT_GRADED, problem) for q in key.assignment.questions)
    return Grade(student, relative, marks, (problem,))


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
        raise ValueError(f"no source for assignment {name!r} in {sources}; the assignments are: {', '.join(there)}"
                         if there else f"no assignment sources in {sources}; pass --sources DIR")
    return source.read(path)


# ---------------------------------------------------------------- the CSV and its journal


def escape(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: one starting with = + - @ (a formula) gets a leading apostrophe.

    >>> escape("=HYPERLINK(1)"), escape("ana"), escape(3)
    ("'=HYPERLINK(1)", 'ana', 3)
    """
    return "'" + value if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def row(assignment: source.Assignment, grade: Grade) -> JSON:
    """A grade as a row of the CSV: the student, a score per question, the total, and the notes."""
    scores = {m.question: m.score for m in grade.marks}
    return {"student": grade.student, **{q.id: scores[q.id] for q in assignment.questions},
            "total": grade.total, "notes": "; ".join(grade.notes)}


def points_row(assignment: source.Assignment) -> JSON:
    """The CSV's first row: what each question, and the whole assignment, is worth.

    >>> points_row(_demo_assignment())
    {'student': 'points possible', 'red': 1, 'edge': 2, 'total': 3, 'notes': ''}
    """
    return {"student": POINTS_POSSIBLE, **{q.id: q.points for q in assignment.questions},
            "total": assignment.points, "notes": ""}


def write_csv(assignment: source.Assignment, rows: list[JSON], path: str | Path) -> None:
    """Write the CSV whole (to a new file, then renamed over the old, so a reader never sees half of it).

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "grades.csv"
    >>> write_csv(_demo_assignment(), [{"student": "=1+1", "red": 1, "edge": 0, "total": 1, "notes": ""}], path)
    >>> print(path.read_text())
    student,red,edge,total,notes
    points possible,1,2,3,
    '=1+1,1,0,1,
    <BLANKLINE>
    """
    path = Path(path)
    columns = ["student", *(q.id for q in assignment.questions), "total", "notes"]
    partial = path.with_name(path.name + ".partial")
    with open(partial, "w", newline="", encoding="utf-8", errors="backslashreplace") as out:  # a file's odd name
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        for each in [points_row(assignment), *rows]:
            writer.writerow({k: escape(v) for k, v in each.items()})
        out.flush()
        os.fsync(out.fileno())
    os.replace(partial, path)


def journal_of(csv_path: str | Path) -> Path:
    """The journal beside a CSV: one JSON line per graded file, written as it finishes."""
    csv_path = Path(csv_path)
    return csv_path.with_name(csv_path.name + ".journal")


def read_journal(path: Path, assignment: str) -> dict[tuple[str, str], JSON]:
    """The grades a journal holds for an assignment, by file and content (a torn last line is skipped)."""
    found = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict) and entry.get("assignment") == assignment:
                found[(entry["file"], entry["digest"])] = entry
    return found


def digest(path: Path) -> str:
    """The SHA-256 of a file, so a resubmitted file is graded again."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def grade_folder(folder: str | Path, assignment: str, out: str | Path, sources: str | Path = SOURCES,
                 options: Options = Options(), jobs: int = 1, regrade: bool = False,
                 progress: Callable[[JSON], None] | None = None) -> list[JSON]:
    """Grade every file in ``folder`` into the CSV ``out`` (and its journal); returns the journal's entries."""
    key = load_key(assignment, sources)
    folder, out = Path(folder), Path(out)
    journal = journal_of(out)
    if regrade and journal.exists():
        journal.unlink()
    submissions = find_submissions(folder, skip=(out, journal))
    students: dict[str, list[str]] = {}
    for student, path in submissions:
        students.setdefault(student, []).append(path.relative_to(folder).as_posix())
    done = read_journal(journal, assignment)
    todo = [(s, p, p.relative_to(folder).as_posix(), digest(p)) for s, p in submissions]
    entries = {(rel, d): done[(rel, d)] for _, _, rel, d in todo if (rel, d) in done}
    write_csv(key.assignment, _rows(entries, students), out)  # the grades resumed, at once
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool, open(journal, "a", encoding="utf-8") as log:
        running = {pool.submit(grade_file, p, s, rel, key, options): (rel, d)
                   for s, p, rel, d in todo if (rel, d) not in entries}
        for future in as_completed(running):
            grade = _safely(future, running[future], key, students)
            entry = {"assignment": assignment, "file": grade.file, "digest": running[future][1],
                     "row": row(key.assignment, grade), "marks": [asdict(m) for m in grade.marks]}
            entries[running[future]] = entry
            # The CSV first, then the journal: a grade the journal holds is always in the CSV too.
            write_csv(key.assignment, _rows(entries, students), out)
            log.write(json.dumps(entry) + "\n")
            log.flush()
            os.fsync(log.fileno())
            if progress:
                progress({**entry, "files": students[grade.student]})
    write_csv(key.assignment, _rows(entries, students), out)
    return [entries[(rel, d)] for _, _, rel, d in todo]


def _safely(future: Future[Grade], file: tuple[str, str], key: Key, students: dict[str, list[str]]) -> Grade:
    """A file's grade; should grading it fail in a way nobody foresaw, a row of zeros that says so, and the run goes on."""
    try:
        return future.result()
    except Exception as error:  # noqa: BLE001  (one file must never cost the class its grades)
        student = next(s for s, files in students.items() if file[0] in files)
        return _zero(student, file[0], key, f"the grader could not judge this file ({type(error).__name__}: {error}); "
                                             "grade it by hand")


def _rows(entries: dict[tuple[str, str], JSON], students: dict[str, list[str]]) -> list[JSON]:
    rows = []
    for entry in sorted(entries.values(), key=lambda e: (e["row"]["student"], e["file"])):
        each = dict(entry["row"])
        files = students.get(each["student"], [])
        if len(files) > 1:
            flag = (f"one of {len(files)} files for {each['student']} ({', '.join(files)}), all graded: this row is "
                    f"{entry['file']}")
            each["notes"] = "; ".join(n for n in (flag, each["notes"]) if n)
        rows.append(each)
    return rows


def feedback_text(assignment: source.Assignment, entry: JSON) -> str:
    """A student's feedback: each question's mark and hint, and what went wrong, as Markdown.

    >>> entry = {"file": "ana.ipynb", "row": {"student": "ana", "total": 1, "notes": ""},
    ...          "marks": [asdict(Mark("red", 1, 1, RIGHT, "")), asdict(Mark("edge", 2, 0, "not right yet", "check the sign"))]}
    >>> print(feedback_text(_demo_assignment(), entry))
    # demo: ana (ana.ipynb)
    <BLANKLINE>
    Total: 1 of 3 points.
    <BLANKLINE>
    - Question 1 (red): 1 of 1: right.
    - Question 2 (edge): 0 of 2: not right yet. Hint: check the sign.
    <BLANKLINE>
    """
    each = entry["row"]
    lines = [f"# {assignment.name}: {each['student']} ({entry['file']})", "",
             f"Total: {each['total']} of {assignment.points} points.", ""]
    if each["notes"]:
        lines += [f"- {note}" for note in each["notes"].split("; ")] + [""]
    for question, mark in zip(assignment.questions, entry["marks"], strict=False):
        hint = f" Hint: {mark['hint'].rstrip('.')}." if mark["hint"] else ""
        lines.append(f"- Question {question.number} ({mark['question']}): {mark['score']} of {mark['points']}: "
                     f"{mark['status']}.{hint}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- the class gradebook


def gradebook(paths: list[str | Path], out: str | Path) -> list[JSON]:
    """Merge assignments' CSVs into one gradebook: a row per student, a column per assignment (its total).

    Each CSV's file name (its stem) names its column; a student with two rows in one CSV (two files graded) gets
    the higher, and the gradebook's notes say so.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "roulette.csv").write_text("student,red,total,notes\\npoints possible,1,1,\\nana,1,1,\\nbo,0,0,\\n")
    >>> _ = (folder / "craps.csv").write_text("student,natural,total,notes\\npoints possible,2,2,\\nana,2,2,\\nana,0,0,\\n")
    >>> rows = gradebook([folder / "roulette.csv", folder / "craps.csv"], folder / "class.csv")
    >>> print((folder / "class.csv").read_text())
    student,roulette,craps,total,notes
    points possible,1,2,3,
    ana,1,2,3,"2 rows in craps.csv, the higher counted: choose one"
    bo,0,,0,
    <BLANKLINE>
    """
    columns: list[str] = []
    table: dict[str, dict[str, int]] = {}
    rows_of: dict[tuple[str, str], int] = {}
    for path in map(Path, paths):
        if not path.is_file():
            raise ValueError(f"{path} is not a file; give the CSVs the grade command wrote")
        with open(path, newline="", encoding="utf-8") as file:
            reader = csv.DictReader(file)
            if not reader.fieldnames or "student" not in reader.fieldnames or "total" not in reader.fieldnames:
                raise ValueError(f"{path} has no student and total columns; give the CSVs the grade command wrote")
            columns.append(path.stem)
            for number, each in enumerate(reader, start=2):
                total = (each["total"] or "0").strip()
                if not total.isdigit():
                    raise ValueError(f"{path}, line {number}: the total {total!r} is not a whole number of points")
                scores = table.setdefault(each["student"], {})
                scores[path.stem] = max(scores.get(path.stem, 0), int(total))
                rows_of[(each["student"], path.name)] = rows_of.get((each["student"], path.name), 0) + 1
    people = [POINTS_POSSIBLE, *sorted(s for s in table if s != POINTS_POSSIBLE)]
    rows = [{"student": s, **{c: table.get(s, {}).get(c, "") for c in columns},
             "total": sum(table.get(s, {}).values()),
             "notes": "; ".join(f"{n} rows in {name}, the higher counted: choose one"
                                for (who, name), n in rows_of.items() if who == s and n > 1)}
            for s in people if s in table]
    with open(out, "w", newline="", encoding="utf-8", errors="backslashreplace") as file:
        writer = csv.DictWriter(file, fieldnames=["student", *columns, "total", "notes"])
        writer.writeheader()
        writer.writerows({k: escape(v) for k, v in each.items()} for each in rows)
    return rows


def _demo_assignment() -> source.Assignment:
    return source.parse('# %% [markdown] question="red" points=1 answer="p"\n# ## Red\n# %%\np = 1  # SOLUTION\n'
                        '# %% [markdown] question="edge" points=2 answer="e"\n# ## Edge\n# %%\ne = 1  # SOLUTION', "demo")
