"""Questions marked by hand: a page per question with every student's answer, and a CSV of marks the teacher fills.

Beside ``grades.csv``, ``grade`` writes the folder ``grades.by-hand/``:

- ``<question>.html``: the question, its rubric, and every file's answer, one after another, for fast marking (a
  static page: no script runs in it, and a student's text is shown as text);
- ``marks.csv``: a row per file, a column per question marked by hand.  Fill in each mark; ``grade`` (run again)
  and ``gradebook`` add them to the totals.  A rerun adds rows for new files and never changes a mark you wrote,
  unless the answer it marked has changed since (a resubmission): then the mark is taken out and the file listed,
  to be marked again;
- ``shown.json``: a digest of each answer the pages showed, which ties each mark to the answer it marked.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "grades.by-hand"
>>> write_marks(folder, {"why": 2}, [("ana", "ana.ipynb"), ("bo", "bo.ipynb")])
>>> print((folder / MARKS).read_text())
student,file,why
points possible,,2
ana,ana.ipynb,
bo,bo.ipynb,
<BLANKLINE>
>>> _ = (folder / MARKS).write_text("student,file,why\\npoints possible,,2\\nana,ana.ipynb,1.5\\nbo,bo.ipynb,\\n")
>>> read_marks(folder, {"why": 2})
{'ana.ipynb': {'why': Fraction(3, 2)}, 'bo.ipynb': {'why': None}}
"""

from __future__ import annotations

import csv
import hashlib
import html
import json
import os
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from pathlib import Path

from .marks import readable
from .sheet import POINTS_POSSIBLE, cell, points_text

MARKS = "marks.csv"
#: The digests of the answers the marking pages showed, by file and question.
SHOWN = "shown.json"


def folder_of(csv_path: str | Path) -> Path:
    """The folder of marking pages and marks beside a CSV of grades."""
    csv_path = Path(csv_path)
    return csv_path.with_name(csv_path.stem + ".by-hand")


def read_marks(folder: Path, questions: Mapping[str, int]) -> dict[str, dict[str, Fraction | None]]:
    """The marks written in ``folder``'s marks CSV, by file and question (None where none is written yet)."""
    path = folder / MARKS
    if not path.is_file():
        return {}
    with open(path, newline="", encoding="utf-8-sig") as file:
        rows = list(csv.DictReader(file))
    found: dict[str, dict[str, Fraction | None]] = {}
    for number, row in enumerate(rows, start=2):
        if row.get("student") == POINTS_POSSIBLE and not row.get("file"):
            continue
        found[row.get("file") or ""] = {q: _mark(row.get(q), q, points, path, number)
                                        for q, points in questions.items()}
    return found


def _mark(text: str | None, question: str, points: int, path: Path, number: int) -> Fraction | None:
    text = (text or "").strip()
    if not text:
        return None
    try:
        mark = Fraction(text.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        mark = Fraction(-1)
    if not 0 <= mark <= points:
        raise ValueError(f"{path}, line {number}: the mark {text!r} for {question} is not a number of points from 0 "
                         f"to {points}")
    return mark


def answer_digest(answer: str) -> str:
    """The digest of a hand-marked answer, which a mark is tied to (spaces around it do not count).

    >>> answer_digest("Because.") == answer_digest(" Because.\\n") != answer_digest("Because!")
    True
    """
    return hashlib.sha256(answer.strip().encode("utf-8", "surrogatepass")).hexdigest()[:16]


def read_shown(folder: Path) -> dict[str, dict[str, str]]:
    """The digest of each answer the marking pages last showed, by file (as the CSV names it) and question."""
    path = folder / SHOWN
    try:
        shown = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except ValueError:
        return {}  # a damaged record: every mark is kept, as before any was tied to its answer
    return shown if isinstance(shown, dict) else {}


def changed_since_marked(shown: Mapping[str, Mapping[str, str]], file: str, question: str, answer: str) -> bool:
    """Whether the answer a file gives now differs from the one the marking page showed (and was marked).

    >>> shown = {"ana.ipynb": {"why": answer_digest("Because.")}}
    >>> [changed_since_marked(shown, "ana.ipynb", "why", a) for a in ("Because.", "Because!")]
    [False, True]
    >>> changed_since_marked({}, "ana.ipynb", "why", "Because!")  # marked before answers were recorded
    False
    """
    was = shown.get(cell(file), {}).get(question)
    return was is not None and was != answer_digest(answer)


def write_shown(folder: Path, answers: Sequence[tuple[str, Mapping[str, str]]]) -> None:
    """Record the digest of each (file, answers) the pages show now; a file no longer graded keeps its record."""
    shown = read_shown(folder)
    shown.update({cell(file): {q: answer_digest(a) for q, a in given.items()} for file, given in answers})
    partial = folder / (SHOWN + ".partial")
    partial.write_text(json.dumps(shown, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(partial, folder / SHOWN)


def write_marks(folder: Path, questions: Mapping[str, int], files: Sequence[tuple[str, str]],
                unmark: Collection[tuple[str, str]] = ()) -> None:
    """Write the marks CSV with a row for each (student, file), keeping every mark already written (a file no
    longer graded keeps its row, at the end) but those of ``unmark``, (file, question): an answer changed since
    it was marked."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / MARKS
    kept: dict[str, dict[str, str]] = {}
    if path.is_file():
        with open(path, newline="", encoding="utf-8-sig") as file:
            kept = {row.get("file") or "": row for row in csv.DictReader(file)
                    if not (row.get("student") == POINTS_POSSIBLE and not row.get("file"))}
    rows = [[POINTS_POSSIBLE, "", *map(str, questions.values())]]
    listed = set()
    for student, name in files:
        old = kept.get(cell(name), {})
        rows.append([cell(student), cell(name), *("" if (name, q) in unmark else (old.get(q) or "")
                                                   for q in questions)])
        listed.add(cell(name))
    rows += [[row.get("student") or "", name, *((row.get(q) or "") for q in questions)]
             for name, row in kept.items() if name not in listed]
    partial = path.with_name(MARKS + ".partial")
    with open(partial, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["student", "file", *questions])
        writer.writerows(rows)
    os.replace(partial, path)


def marks_of(marks: Mapping[str, Mapping[str, Fraction | None]], file: str) -> Mapping[str, Fraction | None]:
    """A file's marks (by the name the CSV writes for it)."""
    return marks.get(cell(file), {})


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.4; }}
section {{ border-top: 1px solid #999; padding: 0.5rem 0; }}
pre {{ white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: 0.5rem; }}
.blank {{ color: #666; font-style: italic; }}
</style></head><body>
<h1>{title}</h1>
<p>{count}. Write each mark in the column <code>{question}</code> of <code>marks.csv</code>, from 0 to {points}.</p>
{prompt}{rubric}{answers}
</body></html>
"""


def page(assignment: str, question: str, points: int, prompt: str, rubric: str,
         answers: Sequence[tuple[str, str, str]], blank: str) -> str:
    """The marking page of one question: its prompt and rubric, then each (student, file, answer), as text.

    >>> made = page("long-run", "why", 2, "Why?", "", [("ana", "ana.ipynb", "<b>Because</b>")], "")
    >>> print(made[made.index("<pre>Why?"):])
    <pre>Why?</pre>
    <section><h2>1. ana <small>(ana.ipynb)</small></h2>
    <pre>&lt;b&gt;Because&lt;/b&gt;</pre></section>
    </body></html>
    <BLANKLINE>
    """
    sections = []
    for number, (student, file, answer) in enumerate(answers, start=1):
        shown = (f"<pre>{html.escape(answer)}</pre>" if answer.strip() and answer.strip() != blank.strip()
                 else '<p class="blank">no answer</p>')
        sections.append(f"<section><h2>{number}. {html.escape(readable(student, None))} "
                        f"<small>({html.escape(readable(file, None))})</small></h2>\n"
                        f"{shown}</section>")
    count = f"{len(answers)} answer{'s' * (len(answers) != 1)}"
    return PAGE.format(title=html.escape(f"{assignment}: {question}, marked by hand ({points} points)"),
                       count=count, question=html.escape(question), points=points,
                       prompt=f"<pre>{html.escape(prompt)}</pre>\n",
                       rubric=f"<p><strong>Rubric:</strong> {html.escape(rubric)}</p>\n" if rubric else "",
                       answers="\n".join(sections))


def write_pages(folder: Path, assignment: str, questions: Mapping[str, tuple[int, str, str, str]],
                answers: Sequence[tuple[str, str, Mapping[str, str]]]) -> list[Path]:
    """Write a marking page per question (``questions``: its points, prompt, rubric and blank answer) from each
    (student, file, answers); returns the pages."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for question, (points, prompt, rubric, blank) in questions.items():
        listed = [(student, file, given.get(question, "")) for student, file, given in answers]
        path = folder / f"{question}.html"
        path.write_text(page(assignment, question, points, prompt, rubric, listed, blank), encoding="utf-8",
                        errors="backslashreplace")  # a lone surrogate a notebook's JSON held
        written.append(path)
    return written


__all__ = ["MARKS", "SHOWN", "answer_digest", "changed_since_marked", "folder_of", "marks_of", "page", "points_text",
           "read_marks", "read_shown", "write_marks", "write_pages",
           "write_shown"]
