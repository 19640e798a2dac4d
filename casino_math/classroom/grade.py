"""Grading a folder of submissions: each in its own sandbox, judged here against its own student's variant, every
file accounted for.

For each submission the grader sends its code cells to a fresh sandbox
(:mod:`~casino_math.classroom.sandbox`), where the runner runs them in order
and reports each answer as plain data as soon as its answer cell finishes.
The grader judges those data here (:mod:`~casino_math.classroom.probes`),
against the teacher's key for the variant of the student the file belongs to
(found by the roster, :mod:`~casino_math.classroom.roster`).  Every entry of the
folder gets a row (:mod:`~casino_math.classroom.discovery`): a link, a file that
is not a notebook, a notebook that cannot be read, of another assignment, or
the teacher's version scores zero with the reason.  Each grade is written to the
journal as soon as it is known, and the CSV rewritten from it
(:mod:`~casino_math.classroom.journal`, :mod:`~casino_math.classroom.sheet`).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from . import byhand, discovery, feedback, handout, journal, keys, notebooks, probes, sandbox, sheet, source, submitted
from .course import Course
from .discovery import Found, Kind
from .journal import Entry
from .late import LatePolicy, Manifest
from .marks import MOST_SHOWN, Grade, Mark, readable
from .roster import Roster, Student
from .variants import Variant, draw
from .verdict import Status

#: The time limit for running one submission's cells, in seconds, unless another is given.
DEFAULT_TIMEOUT = 120
#: The time limit for one check (calling a submitted function on a test's inputs), in seconds.
CHECK_SECONDS = 60
#: The note on a file whose questions marked by hand are not all marked yet.
UNMARKED = "marked by hand, not marked yet: "
#: The note on a file whose hand-marked answer changed since it was marked.
CHANGED = "the answer changed since it was marked, so it is not marked yet: "


class Interrupted(Exception):
    """Grading was stopped (Ctrl-C): the files it had finished are in the CSV and the journal."""

    def __init__(self, finished: int, todo: int):
        super().__init__(f"stopped: {finished} of the {todo} files to grade were graded and kept; run the same "
                         "command again to grade the rest")
        self.finished, self.todo = finished, todo


@dataclass(frozen=True)
class Options:
    """How to grade: the time limits, and the sandbox (no program: run without one)."""

    timeout: float = DEFAULT_TIMEOUT
    check_timeout: float = CHECK_SECONDS
    program: str | None = None
    package_root: Path | None = None
    private: tuple[Path, ...] = ()
    """Folders no sandbox may see, even inside a folder it is given (the course, the submissions, the grades)."""


@dataclass(frozen=True)
class Request:
    """What to grade, and where the grades go."""

    folder: Path
    course: Course
    assignment: str
    out: Path
    roster: Roster | None = None
    policy: LatePolicy | None = None
    manifest: Manifest | None = None
    regrade: bool = False
    jobs: int = 1
    feedback: Path | None = None


class Grading:
    """An assignment of a course ready to grade: its source, its key, and a plan for each variant met."""

    def __init__(self, course: Course, name: str):
        path = course.sources / f"{name}.py"
        if not path.is_file():
            there = ", ".join(course.names()) or "none"
            raise ValueError(f"no source for assignment {name!r} in {course.sources}; the assignments are: {there}")
        self.course, self.text = course, path.read_text(encoding="utf-8")
        self.assignment = source.parse(self.text, name)
        self.key = keys.load(name, course.sources)
        self._plans: dict[Variant, probes.Plan] = {}
        self.plan(self.key.default())  # a key that does not match its source fails here, before any work

    @property
    def varies(self) -> bool:
        """Whether the key has parameters, so a student may have numbers of their own."""
        return bool(self.key.parameters)

    @property
    def handed_out_varied(self) -> bool:
        """Whether each student was handed numbers of their own (``build NAME --roster``)."""
        return self.varies and self.assignment.name in self.course.varied()

    def variant(self, student: Student | None, building: bool = False) -> Variant:
        """A student's variant: drawn for a roster student when building their notebook, or when grading an
        assignment that was handed out that way; else the book's numbers, as the one notebook handed out has."""
        if not self.varies or student is None or not (building or self.handed_out_varied):
            return self.key.default()
        secret = self.course.secret()
        if secret is None:
            raise ValueError(f"the course {self.course.folder} has no secret, so the variants of "
                             f"{self.assignment.name} cannot be drawn; a course made by init has one")
        return draw(self.key.parameters, secret, self.assignment.name, student.id)

    def plan(self, variant: Variant) -> probes.Plan:
        """The plan for a variant (made once)."""
        if variant not in self._plans:
            text = "\x00".join((self.text, self.key.text, repr(variant)))
            fingerprint = hashlib.sha256(text.encode()).hexdigest()
            self._plans[variant] = probes.plan(self.assignment, self.key, variant, fingerprint)
        return self._plans[variant]


@dataclass
class Submission:
    """A file found, and what the grader knows of it before running it."""

    found: Found
    student: Student | None
    plan: probes.Plan
    digest: str
    notes: list[str] = field(default_factory=list)
    numbers: str | None = None
    """The digest of the numbers the key and roster give this student now (a varied assignment's roster student)."""
    handed: str | None = None
    """The digest of the numbers the course recorded when it was handed out to this student."""

    @property
    def fingerprint(self) -> str:
        """What the grade depends on besides the file: the source, the key and the variant, and for a varied
        assignment the student's numbers as handed out and now (a changed roster ID grades the file again)."""
        if self.numbers is None:
            return self.plan.fingerprint
        text = "\x00".join((self.plan.fingerprint, self.numbers, self.handed or ""))
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def label(self) -> str:
        """The student's name in the CSV: the roster's, else the one the file's name gives."""
        return self.student.student if self.student else self.found.name


def grade_file(sub: Submission, options: Options) -> Grade:
    """Grade one submission (running it in its sandbox if it is a notebook of this assignment)."""
    assignment, found = sub.plan.assignment, sub.found
    if found.kind is not Kind.FILE:
        return zero(sub, _refused(found))
    notebook, problem = submitted.read_notebook(found.path)
    problem = problem or (submitted.refusal(notebook, assignment) if notebook is not None else None)
    if problem or notebook is None:
        return zero(sub, problem or "cannot read the notebook")
    cells = submitted.code_cells(notebook, assignment)
    job = sub.plan.job(cells, options.timeout, options.check_timeout)
    if options.package_root is None:
        raise ValueError("Options.package_root is missing: give the copy of casino_math made by sandbox.package_copy")
    result = sandbox.run(job, options.program, options.package_root, sub.plan.hidden(), options.private)
    marks = [probes.judge_question(sub.plan, q, result.events, options.check_timeout) for q in assignment.questions]
    notes = probes.notes_of(result.events, cells, assignment, result.killed, options.timeout) if result.events else \
        ["the sandbox reported nothing (it could not start Python?)"]
    built = submitted.built_for(notebook)
    notes += _built_for(built, sub)
    if sub.numbers is not None and sub.student is not None and \
            (built is None or discovery.normal(built) == sub.student.student):
        notes += handout.drift(submitted.numbers_of(notebook) or sub.handed, sub.numbers)
    return Grade(sub.label, found.relative, tuple(replace(m, hint=readable(m.hint)) for m in marks),
                 tuple(readable(note, 2 * MOST_SHOWN) for note in notes),
                 submitted.hand_marked(notebook, assignment))


def _built_for(built: str | None, sub: Submission) -> list[str]:
    """A note when a notebook was built with another student's numbers (its metadata says whose)."""
    if built is None or not len(sub.plan.variant):
        return []
    if sub.student is None:
        return [(f"this notebook was built with the numbers of {readable(built, 80)}; matched to no student of a roster "
                 "(no --roster, or its student is not on it), it is judged against the book's numbers")]
    if discovery.normal(built) != sub.student.student:
        return [(f"this notebook was built with the numbers of {readable(built, 80)}, not of {sub.student.student}: "
                 f"it is judged against {sub.student.student}'s own")]
    return []


def _refused(found: Found) -> str:
    target = readable(found.target, 100) if found.target is not None else ""
    if found.kind is Kind.LINK:
        return (f"a link (to {target}), not a notebook: a link is never followed (it could be another student's "
                "file); submit the notebook itself")
    if found.kind is Kind.FOLDER_LINK:
        return f"a link to a folder (to {target}): a link is never followed; put the notebooks themselves here"
    return "not a regular file (a pipe, a socket or a device): submit the notebook itself"


def zero(sub: Submission, problem: str) -> Grade:
    """A grade of zero, every question marked with the reason."""
    problem = readable(problem)
    marks = tuple(Mark(q.id, q.points, 0, Status.BY_HAND if q.by_hand else Status.NOT_GRADED,
                       "" if q.by_hand else problem) for q in sub.plan.assignment.questions)
    return Grade(sub.label, sub.found.relative, marks, (problem,))


def _safely(future: Future[Grade], sub: Submission) -> Grade:
    """A file's grade; should grading it fail in a way nobody foresaw, a row of zeros that says so, and the run goes on."""
    try:
        return future.result()
    except Exception as error:  # noqa: BLE001  (one file must never cost the class its grades)
        return zero(sub, f"the grader could not judge this file ({type(error).__name__}: {error}); grade it by hand")


# ---------------------------------------------------------------- the folder


def submissions(request: Request, grading: Grading) -> list[Submission]:
    """Every entry of the folder, with its student (by the roster), its plan and its content's digest."""
    out = request.out
    skip = [out, journal.journal_of(out), out.with_name(out.name + ".partial"), byhand.folder_of(out)]
    found = discovery.find(request.folder, skip=[*skip, *([request.feedback] if request.feedback else [])])
    handed = handout.recorded(request.course.folder, grading.assignment.name) if grading.handed_out_varied else {}
    subs = []
    for entry in found:
        student = request.roster.of(entry) if request.roster else None
        variant = grading.variant(student)
        sub = Submission(entry, student, grading.plan(variant), discovery.digest(entry))
        if student is not None and grading.handed_out_varied:
            sub.numbers = handout.digest(grading.assignment.name, student.id, variant)
            sub.handed = handed.get(student.student)
        if request.roster and student is None:
            sub.notes.append(f"not on the roster ({readable(request.roster.path.name, None)}): no student there is "
                             f"named {readable(entry.name, 80)}"
                             + (f" or has the ID {entry.canvas.user}" if entry.canvas else "")
                             + ("; judged against the book's numbers" if grading.handed_out_varied else ""))
        subs.append(sub)
    return subs


def lateness(request: Request, sub: Submission, points: int) -> tuple[int | None, Fraction, list[str]]:
    """Days late, the points the policy takes, and what to note."""
    flagged = sub.found.canvas is not None and sub.found.canvas.late
    user = sub.student.id if sub.student else (sub.found.canvas.user if sub.found.canvas else None)
    when = request.manifest.submitted(sub.found.relative, user) if request.manifest else None
    if request.policy is None:
        return None, Fraction(0), ["Canvas marks it late (no late policy was given)"] if flagged else []
    notes = []
    if when is not None:
        days = request.policy.days(when)
    else:
        days = 1 if flagged else 0
        if flagged:
            notes.append("Canvas marks it late and no manifest gives its time: counted as one day late")
    taken = request.policy.deduction(days, points)
    if days:
        notes.append(f"{days} day{'s' * (days != 1)} late: {sheet.points_text(taken)} points taken")
    return days, taken, notes


def lines(request: Request, grading: Grading, subs: list[Submission], entries: dict[str, Entry]) -> list[sheet.Line]:
    """The CSV's rows: each graded file, with its hand marks, lateness and notes."""
    assignment = grading.assignment
    hand = [q.id for q in assignment.questions if q.by_hand]
    marks = byhand.read_marks(byhand.folder_of(request.out), {q: assignment.question(q).points for q in hand})
    seen = byhand.read_shown(byhand.folder_of(request.out))
    files: dict[str, list[str]] = {}
    for sub in subs:
        files.setdefault(sub.label, []).append(sub.found.relative)
    out = []
    for sub in sorted(subs, key=lambda s: (s.label, s.found.relative)):
        entry = entries.get(sub.found.relative)
        if entry is None:
            continue
        grade = entry.grade
        scores: dict[str, Fraction | None] = {m.question: Fraction(m.score) for m in grade.marks}
        given = byhand.marks_of(marks, grade.file)
        again = remarked(hand, given, seen, grade)
        scores.update({q: None if q in again else given.get(q) for q in hand})
        days, taken, late_notes = lateness(request, sub, assignment.points)
        several = files[sub.label]
        shown = ", ".join(readable(f, 80) for f in several)
        forms = ("; two of these names differ only in how Unicode writes a letter (composed or not)"
                 if len({discovery.normal(f) for f in several}) < len(several) else "")
        flag = ([(f"one of {len(several)} files for {readable(sub.label, 80)} ({shown}), all graded: this row is "
                  f"{readable(sub.found.relative, 80)}{forms}")] if len(several) > 1 else [])
        waiting = [f"{CHANGED}{q} (the mark {sheet.points_text(given[q] or 0)} was taken out)" for q in again]
        waiting += unmarked(hand, scores)
        out.append(sheet.Line(sub.label, sub.student.id if sub.student else "", sub.found.relative, scores, days, taken,
                              (*flag, *sub.notes, *late_notes, *grade.notes, *waiting)))
    return out


def remarked(hand: list[str], given: Mapping[str, Fraction | None], shown: Mapping[str, Mapping[str, str]],
             grade: Grade) -> list[str]:
    """The questions of a file marked against an answer that has changed since (a resubmission after marking)."""
    return [q for q in hand if given.get(q) is not None
            and byhand.changed_since_marked(shown, grade.file, q, grade.by_hand.get(q, ""))]


def changed_answers(request: Request, grading: Grading, grades: list[Grade]) -> list[tuple[str, str]]:
    """Each (file, question) whose mark was given to an answer that has changed since."""
    hand = {q.id: q.points for q in grading.assignment.questions if q.by_hand}
    folder = byhand.folder_of(request.out)
    marks, shown = byhand.read_marks(folder, hand), byhand.read_shown(folder)
    return [(g.file, q) for g in grades for q in remarked(list(hand), byhand.marks_of(marks, g.file), shown, g)]


def unmarked(hand: list[str], scores: Mapping[str, Fraction | None]) -> list[str]:
    """The note on a file whose questions marked by hand are not all marked yet.

    >>> unmarked(["why"], {"why": None}), unmarked(["why"], {"why": Fraction(1)})
    (['marked by hand, not marked yet: why'], [])
    """
    waiting = [q for q in hand if scores.get(q) is None]
    return [f"{UNMARKED}{', '.join(waiting)}"] if waiting else []


def grade_folder(request: Request, options: Options, progress: Callable[[Submission, Grade], None] | None = None,
                 warn: Callable[[str], None] | None = None) -> tuple[Grading, list[Submission], dict[str, Entry]]:
    """Grade every entry of the request's folder into its CSV (and journal); returns what was graded."""
    grading = Grading(request.course, request.assignment)
    if grading.handed_out_varied and request.roster is None:
        raise ValueError(f"{request.assignment} was handed out with each student's own numbers (build --roster): "
                         "grade it with --roster ROSTER, so each file is judged against its student's numbers; "
                         "nothing was written")
    subs = submissions(request, grading)
    path = journal.journal_of(request.out)
    entries = journal.read(path, request.assignment)
    current = {sub.found.relative: sub for sub in subs}
    entries = {f: e for f, e in entries.items() if f in current}
    stale = [f for f, e in entries.items() if e.digest == current[f].digest and e.fingerprint != current[f].fingerprint]
    if stale and warn and not request.regrade:
        warn(f"the source, key or variant of {request.assignment} changed since {len(stale)} of these files were "
             "graded: grading them again")
    todo = [sub for sub in subs if request.regrade or sub.found.relative not in entries
            or (entries[sub.found.relative].digest, entries[sub.found.relative].fingerprint)
            != (sub.digest, sub.fingerprint)]
    _write(request, grading, subs, entries)  # the grades resumed, at once
    finished = 0
    pool = ThreadPoolExecutor(max_workers=max(1, request.jobs))
    with journal.Journal(path) as log:
        running = {pool.submit(grade_file, sub, options): sub for sub in todo}
        try:
            for future in as_completed(running):
                sub = running[future]
                grade = _safely(future, sub)
                entry = Entry(request.assignment, sub.found.relative, sub.digest, sub.fingerprint, grade)
                entries[sub.found.relative] = entry
                _write(request, grading, subs, entries)  # the CSV first: a grade the journal holds is in the CSV too
                log.write(entry)
                finished += 1
                if progress:
                    progress(sub, grade)
        except KeyboardInterrupt:
            sandbox.stop_all()  # the sandboxes end at once; what they were grading is not kept
            pool.shutdown(wait=False, cancel_futures=True)
            raise Interrupted(finished, len(todo)) from None
    pool.shutdown()
    journal.compact(path, request.assignment, [entries[s.found.relative] for s in subs if s.found.relative in entries])
    drifted = [s.label for s in subs if s.found.relative in entries
               and any(n.startswith(handout.DRIFT) for n in entries[s.found.relative].grade.notes)]
    if drifted and warn:
        warn(f"{len(drifted)} notebook{'s were' if len(drifted) != 1 else ' was'} built with other numbers than the "
             f"key and roster give now ({', '.join(readable(d, 80) for d in drifted[:10])}"
             f"{' and more' if len(drifted) > 10 else ''}): see the notes in {request.out}")
    _write(request, grading, subs, entries, final=True, warn=warn)
    return grading, subs, entries


def _write(request: Request, grading: Grading, subs: list[Submission], entries: dict[str, Entry],
           final: bool = False, warn: Callable[[str], None] | None = None) -> None:
    assignment = grading.assignment
    rows = lines(request, grading, subs, entries)
    sheet.write(request.out, {q.id: q.points for q in assignment.questions}, rows, late=request.policy is not None)
    if not final:
        return
    hand = [q for q in assignment.questions if q.by_hand]
    if hand:
        folder = byhand.folder_of(request.out)
        again = changed_answers(request, grading, [entries[r.file].grade for r in rows])
        byhand.write_marks(folder, {q.id: q.points for q in hand}, [(r.student, r.file) for r in rows], again)
        byhand.write_shown(folder, [(r.file, entries[r.file].grade.by_hand) for r in rows])
        if again and warn:
            warn(f"{len(again)} answer{'s' * (len(again) != 1)} marked by hand changed since marked, so the mark was "
                 f"taken out (mark {'them' if len(again) != 1 else 'it'} again in {folder / byhand.MARKS}): "
                 + ", ".join(f"{readable(file, 80)} {q}" for file, q in again))
        answers = [(r.student, r.file, entries[r.file].grade.by_hand) for r in rows]
        byhand.write_pages(folder, assignment.name, {q.id: _marking(grading, q) for q in hand}, answers)
    if request.feedback:
        write_feedback(request.feedback, grading, subs, entries, rows)


def _marking(grading: Grading, question: source.Question) -> tuple[int, str, str, str]:
    """A hand-marked question's points, prompt (the book's numbers), rubric, and blank answer."""
    made = notebooks.cells(grading.assignment, source.STUDENT, grading.key.default())
    prompt = next((c.source for c in made if c.cell_type == "markdown"
                   and c.source.startswith(f"## Question {question.number}:")), question.title)
    blank = next((c.source for c in made if c.get("metadata", {}).get("classroom", {}).get("question") == question.id), "")
    check = grading.key.questions().get(question.id)
    return question.points, prompt, getattr(check, "rubric", ""), blank


def write_feedback(folder: Path, grading: Grading, subs: list[Submission], entries: dict[str, Entry],
                   rows: list[sheet.Line]) -> list[Path]:
    """Write each graded file's feedback into ``folder`` (from the journal: nothing is run again)."""
    by_file = {row.file: row for row in rows}
    counts: dict[str, int] = {}
    for sub in subs:
        counts[sub.label] = counts.get(sub.label, 0) + 1
    used: set[str] = set()
    written = []
    for sub in sorted(subs, key=lambda s: (s.label, s.found.relative)):
        entry, row = entries.get(sub.found.relative), by_file.get(sub.found.relative)
        if entry is None or row is None:
            continue
        name = feedback.name_of(sub.label, sub.found.relative, used, counts[sub.label] > 1)
        written.append(feedback.write(folder, name, feedback.text(grading.assignment, entry.grade, row)))
    return written


def private_folders(*paths: Path | None) -> tuple[Path, ...]:
    """The folders a sandbox must never see, resolved."""
    return tuple(Path(os.path.realpath(p)) for p in paths if p is not None)
