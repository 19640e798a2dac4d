"""``python -m casino_math.classroom``: a course's term, from ``init`` to the file an LMS imports.

    init COURSE [--from DIR]            (without --from, outside a copy of the book: an empty course)
    build [NAME ...] --course COURSE [--out DIR] [--no-run]
    build NAME --course COURSE --roster ROSTER --out DIR [--renumber]
    grade SUBMISSIONS --course COURSE --assignment NAME [--out FILE.csv] [--roster ROSTER] [--feedback DIR]
        [--deadline TIME --late-penalty N%|zero [--manifest FILE]] [--jobs N] [--timeout S] [--check-timeout S]
        [--regrade] [--no-sandbox]
    feedback --course COURSE --assignment NAME [--grades FILE.csv] --out DIR
    gradebook [CSV ...] --out FILE [--course COURSE] [--roster ROSTER] [--lms canvas|moodle|blackboard]
        [--lms-id NAME=ID ...] [--score-unmarked]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from . import build as builder
from . import byhand, feedback, gradebook, journal, late, lms, roster, sandbox, sheet
from . import course as courses
from . import grade as grader
from .marks import Grade, readable

EXAMPLES = Path("book") / "assignments"
#: The exit status after Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130


def parser() -> argparse.ArgumentParser:
    """The command line's parser.

    >>> args = parser().parse_args(["grade", "in", "--course", "c", "--assignment", "craps"])
    >>> args.timeout, args.check_timeout, args.jobs == (os.cpu_count() or 1), args.out
    (120.0, 60.0, True, None)
    """
    top = argparse.ArgumentParser(prog="python -m casino_math.classroom",
                                  description="A course's assignments: build them, grade them, export the grades.")
    sub = top.add_subparsers(dest="command", required=True)
    i = sub.add_parser("init", help="make a course folder, with the book's assignments as examples and a secret")
    i.add_argument("folder", type=Path, metavar="COURSE", help="the course folder to make (it must not exist)")
    i.add_argument("--from", dest="examples", type=Path,
                   help=f"the course whose assignments to copy (default: {EXAMPLES} when run in a copy of the book, "
                        "else none: an empty course)")
    b = sub.add_parser("build", help="write the student and teacher notebooks, after checking the keys")
    b.add_argument("names", nargs="*", metavar="NAME", help="only these assignments (default: all)")
    _course(b)
    b.add_argument("--out", type=Path, help="where the notebooks go: DIR/NAME.ipynb and DIR/solutions/NAME.ipynb "
                                            "(default: the course folder)")
    b.add_argument("--roster", type=Path, help="a notebook per student, with their own numbers: "
                                               "OUT/STUDENT.ipynb and OUT/solutions/STUDENT.ipynb")
    b.add_argument("--no-run", action="store_true", help="write the notebooks without running them (no outputs)")
    b.add_argument("--renumber", action="store_true", help="with --roster: hand out new notebooks even where a "
                                                           "student's numbers changed since they were handed out")
    g = sub.add_parser("grade", help="grade a folder of submitted notebooks into a CSV")
    g.add_argument("submissions", type=Path, metavar="SUBMISSIONS",
                   help="a folder of notebooks: SUBMISSIONS/<student>.ipynb, SUBMISSIONS/<student>/<any>.ipynb, "
                        "or a Canvas bulk download")
    _course(g)
    g.add_argument("--assignment", required=True, help="the assignment graded (the name of its source)")
    g.add_argument("--out", type=Path, help="the CSV to write (default: COURSE/grades/NAME.csv)")
    g.add_argument("--roster", type=Path, help="the class roster (CSV: student, id, and name, email, section)")
    g.add_argument("--feedback", type=Path, metavar="DIR", help="also write DIR/<student>.md: each question's hint")
    g.add_argument("--deadline", help="the deadline, in ISO 8601 (2026-12-05T17:00+01:00)")
    g.add_argument("--late-penalty", metavar="N%|zero",
                   help="the share of the points taken per day late, or zero for no points")
    g.add_argument("--manifest", type=Path, help="when each file was handed in: a CSV (file or id, submitted) or "
                                                 "Canvas's submissions JSON")
    g.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="submissions graded at once (default: %(default)s)")
    g.add_argument("--timeout", type=float, default=float(grader.DEFAULT_TIMEOUT),
                   help="seconds allowed for running one notebook's cells (default: %(default)g)")
    g.add_argument("--check-timeout", type=float, default=float(grader.CHECK_SECONDS),
                   help="seconds allowed for one check of a submitted function (default: %(default)g)")
    g.add_argument("--regrade", action="store_true", help="grade every file again (the old grades stay until replaced)")
    g.add_argument("--no-sandbox", action="store_true", help="run notebooks without isolation (only notebooks you trust)")
    f = sub.add_parser("feedback", help="write each student's feedback from the grades, without running anything")
    _course(f)
    f.add_argument("--assignment", required=True, help="the assignment graded")
    f.add_argument("--grades", type=Path, help="the CSV the grade command wrote (default: COURSE/grades/NAME.csv)")
    f.add_argument("--out", type=Path, required=True, help="the folder to write DIR/<student>.md into")
    m = sub.add_parser("gradebook", help="merge assignments' CSVs into one gradebook, or an LMS's import file")
    m.add_argument("csvs", nargs="*", type=Path, metavar="CSV", help="CSVs the grade command wrote "
                                                                     "(default: every CSV in COURSE/grades)")
    m.add_argument("--course", type=Path, help="the course folder (for its grades folder)")
    m.add_argument("--out", type=Path, required=True, help="the file to write")
    m.add_argument("--roster", type=Path, help="the class roster: every student gets a row, matched by id")
    m.add_argument("--lms", choices=sorted(lms.FORMATS), help="write the file this LMS imports (needs --roster)")
    m.add_argument("--lms-id", action="append", default=[], metavar="NAME=ID",
                   help="an assignment's ID in the LMS (Canvas's assignment ID, Blackboard's column ID)")
    m.add_argument("--score-unmarked", action="store_true",
                   help="in an LMS's file, give an assignment with questions not marked by hand yet its score so far "
                        "(they count 0), not a blank")
    return top


def _course(command: argparse.ArgumentParser) -> None:
    command.add_argument("--course", type=Path, required=True, help="the course folder (made by init)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2, with the reason on stderr, for a bad request).

    >>> main(["grade", "/no/such/folder", "--course", "/no/such/course", "--assignment", "craps"])
    2
    """
    args = parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except (ValueError, OSError) as error:
        print(f"error: {readable(error, None)}", file=sys.stderr)
        return 2


def _init(args: argparse.Namespace) -> int:
    examples = args.examples
    if examples is None and (EXAMPLES / courses.SETTINGS).is_file():
        examples = EXAMPLES  # run in a copy of the book: its assignments are the examples
    made = courses.init(args.folder, examples)
    if examples is None:
        print(f"made the empty course {made.folder}: write an assignment's source in {made.sources}/NAME.py and its "
              f"key in {made.sources / 'keys'}/NAME.py (to start from the book's assignments instead, make it again "
              "with --from BOOK/book/assignments, in a copy of the book)")
    else:
        print(f"made the course {made.folder} with the assignments of {examples}: {', '.join(made.names())} (edit "
              f"them in {made.sources})")
    print(f"its secret is {made.folder / courses.SECRET}: keep it, and keep it private; the folder is readable by you "
          "alone")
    return 0


def _build(args: argparse.Namespace) -> int:
    course = courses.at(args.course)
    if args.out is not None and (args.out.exists() and not args.out.is_dir()):
        raise ValueError(f"--out {args.out} is a file: give the folder to write the notebooks into (it is made if "
                         "missing)")
    people = roster.read(args.roster) if args.roster else None
    changed = builder.build(course, args.names or None, args.out, run=not args.no_run and people is None,
                            roster=people, renumber=args.renumber)
    print("\n".join(f"wrote {path}" for path in changed) or "nothing changed")
    return 0


def _grade_request(args: argparse.Namespace) -> grader.Request:
    for name, value in (("--timeout", args.timeout), ("--check-timeout", args.check_timeout), ("--jobs", args.jobs)):
        if not value > 0:
            raise ValueError(f"{name} must be more than 0, not {value:g}")
    course = courses.at(args.course)
    if not args.submissions.is_dir():
        raise ValueError(f"{args.submissions} is not a folder; give the folder that holds the submitted notebooks")
    out = args.out or course.grades / f"{args.assignment}.csv"
    if args.out is None:
        out.parent.mkdir(exist_ok=True)
    if out.is_dir() or not out.parent.is_dir():
        raise ValueError(f"--out {out}: " + ("is a folder" if out.is_dir() else "its folder does not exist")
                         + "; give the CSV file to write, in a folder that exists (such as grades.csv)")
    if (args.deadline is None) != (args.late_penalty is None):
        raise ValueError("a late policy needs both --deadline TIME and --late-penalty (N% per day, or zero)")
    policy = late.LatePolicy(late.when(args.deadline), late.penalty(args.late_penalty)) \
        if args.deadline is not None else None
    if args.manifest and policy is None:
        raise ValueError("--manifest gives the times a late policy judges: give --deadline and --late-penalty too")
    return grader.Request(args.submissions, course, args.assignment, out,
                          roster.read(args.roster) if args.roster else None, policy,
                          late.read_manifest(args.manifest) if args.manifest else None, args.regrade, args.jobs,
                          args.feedback)


def _grade(args: argparse.Namespace) -> int:
    request = _grade_request(args)
    program = None if args.no_sandbox else sandbox.bwrap()
    if program is None and not args.no_sandbox:
        raise ValueError("cannot isolate the notebooks: bubblewrap (bwrap) is missing or does not work here; install "
                         "Debian's bubblewrap, or pass --no-sandbox to grade without isolation")
    if args.no_sandbox:
        print(f"warning: {sandbox.RISK}", file=sys.stderr)

    graded: list[str] = []

    def progress(sub: grader.Submission, grade: Grade) -> None:
        graded.append(sub.found.relative)
        notes = f"  ({'; '.join(grade.notes)})" if grade.notes else ""
        print(f"{readable(grade.student)} [{readable(grade.file)}]: {grade.total}{notes}", file=sys.stderr)

    def warn(message: str) -> None:
        print(f"note: {message}", file=sys.stderr)

    private = grader.private_folders(request.course.folder, request.folder, request.out.parent, request.feedback,
                                     request.roster.path.parent if request.roster else None,
                                     args.manifest.parent if args.manifest else None)
    sandbox.covers(private)  # a private folder no sandbox can be kept from seeing is refused before any work
    sandbox.clean_stale()  # what a grader killed outright left behind
    try:
        with tempfile.TemporaryDirectory(prefix=sandbox.temporary("classroom-package-")) as copy:
            options = grader.Options(args.timeout, args.check_timeout, program, sandbox.package_copy(copy), private)
            grading, subs, _ = grader.grade_folder(request, options, progress, warn)
    except grader.Interrupted as stopped:
        print(f"{stopped} (in {request.out})", file=sys.stderr)
        return INTERRUPTED
    except KeyboardInterrupt:
        sandbox.stop_all()
        print(f"stopped before any file was graded; {request.out} holds the grades it held", file=sys.stderr)
        return INTERRUPTED
    n, kept = len(graded), len(subs) - len(graded)
    print(f"graded {n} file{'s' * (n != 1)} of {request.assignment} (out of {grading.assignment.points} points) "
          f"into {request.out}" + (f"; {kept} more kept the grade{'s' * (kept != 1)} of an earlier run (unchanged "
                                   "since)" if kept else ""))
    return 0


def _feedback(args: argparse.Namespace) -> int:
    course = courses.at(args.course)
    grading = grader.Grading(course, args.assignment)
    csv_path = args.grades or course.grades / f"{args.assignment}.csv"
    entries = journal.read(journal.journal_of(csv_path), args.assignment)
    if not csv_path.is_file() or not entries:
        raise ValueError(f"no grades of {args.assignment} in {csv_path}; run the grade command first")
    assignment = grading.assignment
    hand = {q.id: q.points for q in assignment.questions if q.by_hand}
    rows = sheet.read(csv_path, {q.id: q.points for q in assignment.questions},
                      byhand.read_marks(byhand.folder_of(csv_path), hand))
    by_name = {sheet.cell(file): entry for file, entry in entries.items()}
    counts: dict[str, int] = {}
    for row in rows:
        counts[row.student] = counts.get(row.student, 0) + 1
    written, used = [], set[str]()
    for row in rows:
        entry = by_name.get(row.file)
        notes = tuple(n for n in row.notes if not n.startswith(grader.UNMARKED))
        row = replace(row, notes=(*notes, *grader.unmarked(list(hand), row.scores)))
        if entry is not None:
            name = feedback.name_of(row.student, row.file, used, counts[row.student] > 1)
            written.append(feedback.write(args.out, name, feedback.text(assignment, entry.grade, row)))
    print(f"wrote {len(written)} feedback file{'s' * (len(written) != 1)} into {args.out}")
    return 0


def _gradebook(args: argparse.Namespace) -> int:
    csvs = list(args.csvs)
    if not csvs and args.course:
        csvs = sorted(courses.at(args.course).grades.glob("*.csv"))
    if not csvs:
        raise ValueError("give the CSVs to merge (or --course COURSE, to merge every CSV in COURSE/grades)")
    if args.lms and not args.roster:
        raise ValueError(f"--lms {args.lms} needs --roster: the LMS matches each student by their ID")
    people = roster.read(args.roster) if args.roster else None
    book = gradebook.merge(csvs, people)
    if args.lms and people:
        notes = lms.write(book, people, args.lms, args.out, lms.lms_ids(args.lms_id), args.score_unmarked)
    else:
        gradebook.write(book, args.out)
        unmarked = lms.unmarked_rows(book)
        notes = [f"not marked yet (their notes say so in {args.out}): {'; '.join(unmarked)}"] if unmarked else []
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    for student in book.left_out:
        print(f"note: {readable(student)} was graded but is not on the roster: left out of {args.out}", file=sys.stderr)
    n = len(book.sheets)
    print(f"wrote {args.out}: {len(book.rows)} students, {n} assignment{'s' * (n != 1)}"
          + (f", for {args.lms}" if args.lms else ""))
    return 0


COMMANDS = {"init": _init, "build": _build, "grade": _grade, "feedback": _feedback, "gradebook": _gradebook}


if __name__ == "__main__":
    sys.exit(main())
