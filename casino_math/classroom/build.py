"""Writing an assignment's notebooks from its source, after checking the key against the teacher's own solution.

``python -m casino_math.classroom build --course COURSE`` writes, for each
source ``COURSE/source/NAME.py``, the student's notebook ``COURSE/NAME.ipynb``
and the teacher's ``COURSE/solutions/NAME.ipynb`` (``--out DIR`` writes them to
``DIR/NAME.ipynb`` and ``DIR/solutions/NAME.ipynb``).  With ``--roster`` it
writes each student's own, with the numbers of their variant:
``OUT/<student>.ipynb`` and ``OUT/solutions/<student>.ipynb``.

Nothing is written unless every check holds:

- the source's questions and tests and the key's checks match one to one, and every parameter the source names
  is one of the key's;
- the teacher's solution, graded as a submission is graded (in the sandbox, with the hidden tests), scores full
  marks, and the public checks a student's notebook carries say *right* to the same answers;
- when the notebooks are run (not with ``--roster``), every check of the teacher's version says *right* and every
  check of the student's says *not answered yet*.

A file is rewritten only when its content changes, so building twice changes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import tempfile
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbformat import NotebookNode

from . import handout, notebooks, probes, public, sandbox, source, submitted
from .course import PRIVATE_FILE, PRIVATE_FOLDER, Course
from .grade import Grading
from .kernel import execute
from .roster import Roster
from .variants import Variant
from .verdict import Status

#: Time limits for running the teacher's solution at build time (seconds).
BUILD_TIMEOUT, BUILD_CHECK_TIMEOUT = 600, 300


def assignments(course: Course, names: Collection[str] | None = None) -> list[str]:
    """The assignments to build: all of the course's, or those named.

    >>> assignments(Course(Path("/no/such/course")))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no assignment sources in /no/such/course/source; a course keeps each in COURSE/source/NAME.py
    """
    there = course.names()
    if not there:
        raise ValueError(f"no assignment sources in {course.sources}; a course keeps each in COURSE/source/NAME.py")
    unknown = sorted(set(names or ()) - set(there))
    if unknown:
        raise ValueError(f"no source for {', '.join(unknown)} in {course.sources}; the assignments are: "
                         f"{', '.join(there)}")
    return [n for n in there if not names or n in names]


def match_checks(grading: Grading) -> None:
    """Raise ValueError unless the source's questions, tests and parameters and the key's checks match."""
    assignment, key = grading.assignment, grading.key
    asked, checked = [q.id for q in assignment.questions], list(key.questions())
    if asked != checked:
        unchecked = [q for q in asked if q not in checked] or ["none"]
        unasked = [q for q in checked if q not in asked] or ["none"]
        detail = "" if set(asked) != set(checked) else f"; the order differs: {', '.join(asked)} vs {', '.join(checked)}"
        raise ValueError(f"{assignment.name}: questions without a check: {', '.join(unchecked)}; "
                         f"checks without a question: {', '.join(unasked)}{detail}")
    for question in assignment.questions:
        named, there = sorted(dict(question.tests)), sorted(key.tests(question.id)) if not question.by_hand else []
        if named != there:
            raise ValueError(f"{assignment.name}: question {question.id} names the tests {', '.join(named)} but its key "
                             f"has {', '.join(there)}")
    unknown = sorted(assignment.parameters - set(key.parameters))
    if unknown:
        raise ValueError(f"{assignment.name}: the source names {', '.join('{{' + u + '}}' for u in unknown)}, which "
                         f"the key's PARAMETERS do not have ({', '.join(key.parameters) or 'none'})")


def packed_checks(grading: Grading, variant: Variant, salt: str = "") -> str:
    """The public checks a student's notebook carries, for a variant, their hashes salted with ``salt``."""
    return public.pack({short: public.publish(check, salt)
                        for short, check in grading.key.questions(variant).items()})


def salt_of(course: Course, assignment: str, student_id: str | None = None) -> str:
    """The salt of the public checks of a course's assignment (and of a student's variant): drawn from the course's
    secret, so each course's is its own and nobody can work out another's; none for a course without a secret
    (the book's, whose notebooks are the same for every reader).

    >>> from casino_math.classroom.course import _demo_examples, init
    >>> course = init(Path(tempfile.mkdtemp()) / "course", _demo_examples())
    >>> len(salt_of(course, "dice")), salt_of(course, "dice") != salt_of(course, "dice", "4567")
    (32, True)
    >>> salt_of(Course(Path("/no/such/course")), "dice")
    ''
    """
    secret = course.secret()
    if secret is None:
        return ""
    message = f"the salt of the public checks\x00{assignment}\x00{student_id or ''}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:32]


def check_key(grading: Grading, variant: Variant, teacher: NotebookNode, packed: str, who: str = "") -> None:
    """Raise ValueError unless the teacher's solution, graded like a submission, scores full marks by every test,
    hidden tests included, and the public checks say right to the same answers."""
    plan = grading.plan(variant)
    cells = submitted.code_cells(nbformat.from_dict(teacher), grading.assignment)
    with tempfile.TemporaryDirectory(prefix=sandbox.temporary("classroom-build-")) as copy:
        result = sandbox.run(plan.job(cells, BUILD_TIMEOUT, BUILD_CHECK_TIMEOUT), sandbox.bwrap(),
                             sandbox.package_copy(copy), plan.hidden())
    checks, failures = public.unpack(packed), []
    for question in (q for q in grading.assignment.questions if not q.by_hand):
        for test, status, hint in probes.judge_tests(plan, question, result.events, BUILD_CHECK_TIMEOUT):
            if status is not Status.RIGHT:
                failures.append(f"question {question.id}, test {test}: {status}" + (f" ({hint})" if hint else ""))
        record = probes.record_of(question, "public", result.events)
        said = public.judge(f"{grading.assignment.name}.{question.id}", checks[question.id],
                            probes.answer_in(record, BUILD_CHECK_TIMEOUT) if record else None)
        if record and said.status is not Status.RIGHT:
            failures.append(f"question {question.id}: the student's check cell says {said}")
    if failures:
        raise ValueError(f"{grading.assignment.name}{who}: the teacher's solution does not score full marks, so "
                         f"nothing was written: {'; '.join(failures)}")


def verify(nb: NotebookNode, version: source.Version) -> None:
    """Raise ValueError unless every check cell of an executed version says what it must: the teacher's all right,
    the student's all not answered yet.

    >>> cell = nbformat.v4.new_code_cell('check("dice.six", p)', metadata={"classroom": {"check": "six"}})
    >>> cell.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "dice.six: right."})]
    >>> nb = nbformat.v4.new_notebook(cells=[cell], metadata={"classroom": {"assignment": "dice"}})
    >>> verify(nb, source.TEACHER)
    >>> verify(nb, source.STUDENT)
    Traceback (most recent call last):
    ...
    ValueError: the student's check of six says 'dice.six: right.', not 'not answered yet'
    """
    expected = Status.RIGHT if version == source.TEACHER else Status.NOT_ANSWERED
    for cell in nb.cells:
        question = cell.get("metadata", {}).get("classroom", {}).get("check")
        if question is None:
            continue
        said = "".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)
        if not said.startswith(f"{nb.metadata['classroom']['assignment']}.{question}: {expected}."):
            raise ValueError(f"the {version}'s check of {question} says {said or 'nothing'!r}, not "
                             f"{expected.value!r}")


def write_if_changed(nb: NotebookNode, path: Path, private: bool = False) -> bool:
    """Write the notebook to ``path`` unless the file already holds exactly it; whether it wrote.  A ``private``
    one (a teacher's) is readable by its owner alone, in a folder made so.

    >>> path = Path(tempfile.mkdtemp()) / "solutions" / "demo.ipynb"
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1", id="cell-00")])
    >>> write_if_changed(nb, path, private=True), write_if_changed(nb, path)
    (True, False)
    >>> oct(path.stat().st_mode & 0o777), oct(path.parent.stat().st_mode & 0o777)
    ('0o600', '0o700')
    """
    text = nbformat.writes(nb) + "\n"
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    if private and not path.parent.exists():
        path.parent.mkdir(parents=True, mode=PRIVATE_FOLDER)
        path.parent.chmod(PRIVATE_FOLDER)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    if private:
        path.chmod(PRIVATE_FILE)
    return True


@dataclass(frozen=True)
class Made:
    """A notebook made, and where it goes."""

    notebook: NotebookNode
    path: Path
    private: bool = False
    """A teacher's notebook: readable by its owner alone."""


def versions(grading: Grading, variant: Variant, course: Course, student: str | None = None,
             numbers: str | None = None, student_id: str | None = None) -> tuple[NotebookNode, NotebookNode, str]:
    """The student's and the teacher's notebooks for a variant, and the checks they carry (packed, salted by the
    course and, with ``student_id``, by the student)."""
    packed = packed_checks(grading, variant, salt_of(course, grading.assignment.name, student_id))
    made = [notebooks.notebook(grading.assignment, version, variant, packed, course.install, student, numbers)
            for version in (source.STUDENT, source.TEACHER)]
    return made[0], made[1], packed


def build(course: Course, names: Collection[str] | None = None, out: Path | None = None, run: bool = True,
          roster: Roster | None = None, renumber: bool = False) -> list[Path]:
    """Write both versions of each assignment (or each roster student's, with ``roster``); returns the files that
    changed.  Nothing is written unless every assignment passes its checks, nor, with ``roster``, when a student
    already handed the assignment would get other numbers (unless ``renumber``)."""
    chosen = assignments(course, names)
    if roster is not None:
        if len(chosen) != 1 or out is None:
            raise ValueError("with --roster, build one assignment (build NAME) into a folder of its own (--out DIR)")
        theirs, digests = _for_roster(course, chosen[0], roster, out)
        moved = handout.changed(handout.recorded(course.folder, chosen[0]), digests)
        if moved and not renumber:
            shown = ", ".join(moved[:10]) + (f" and {len(moved) - 10} more" if len(moved) > 10 else "")
            raise ValueError(f"{chosen[0]} was handed out already, and {len(moved)} student"
                             f"{'s' * (len(moved) != 1)} would get other numbers now ({shown}): the key's values or "
                             "their IDs changed; nothing was written. Restore them, or pass --renumber to hand out "
                             "new notebooks (those already submitted are graded with a note)")
        written = _write(theirs)
        handout.record(course.folder, chosen[0], digests)
        course.vary(chosen[0])  # graded from now on against each student's own numbers
        return written
    made: list[Made] = []
    for name in chosen:
        grading = Grading(course, name)
        match_checks(grading)
        student, teacher, packed = versions(grading, grading.key.default(), course)
        check_key(grading, grading.key.default(), teacher, packed)
        if run:
            for nb, version in ((student, source.STUDENT), (teacher, source.TEACHER)):
                execute(nb)
                verify(nb, version)
        folder = out or course.folder
        made += [Made(student, folder / f"{name}.ipynb"),
                 Made(teacher, folder / "solutions" / f"{name}.ipynb", private=True)]
    return _write(made)


def _for_roster(course: Course, name: str, roster: Roster, out: Path) -> tuple[list[Made], dict[str, str]]:
    grading = Grading(course, name)
    match_checks(grading)
    made, digests = [], {}
    for person in roster.students:
        if "/" in person.student or "\\" in person.student or person.student.startswith(".") or \
                len(f"{person.student}.ipynb".encode()) > 255:
            raise ValueError(f"{roster.path}: the student name {person.student!r} cannot name a file; a student's "
                             "notebook is named after them, as their submission will be")
        variant = grading.variant(person, building=True)
        digests[person.student] = handout.digest(name, person.id, variant)
        student, teacher, packed = versions(grading, variant, course, person.student, digests[person.student],
                                            person.id)
        check_key(grading, variant, teacher, packed, f" (for {person.student}, {variant})")
        made += [Made(student, out / f"{person.student}.ipynb"),
                 Made(teacher, out / "solutions" / f"{person.student}.ipynb", private=True)]
    return made, digests


def _write(made: list[Made]) -> list[Path]:
    return [m.path for m in made if write_if_changed(m.notebook, m.path, m.private)]
