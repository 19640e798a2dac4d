"""The journal beside a CSV of grades: one JSON line per graded file, written as soon as its grade is known.

The CSV is rewritten from the journal, so nothing finished is lost when a run
is stopped; a rerun grades only the files whose grade the journal lacks, or
holds for other content (a resubmitted file) or for another source, key or
variant (a changed key: its grades are stale).  A later line for a file replaces
an earlier one, so ``--regrade`` keeps the old grades until new ones replace
them.  Feedback and marking pages are written from the journal too, without
running any notebook again.

>>> import tempfile
>>> from casino_math.classroom.marks import Grade
>>> path = Path(tempfile.mkdtemp()) / "grades.csv.journal"
>>> with Journal(path) as journal:
...     journal.write(Entry("roulette", "ana.ipynb", "d1", "k1", Grade("ana", "ana.ipynb", (), ())))
...     journal.write(Entry("roulette", "ana.ipynb", "d2", "k1", Grade("ana", "ana.ipynb", (), ("resubmitted",))))
>>> read(path, "roulette")["ana.ipynb"].grade.notes
('resubmitted',)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Self

from .marks import Grade


def journal_of(csv_path: str | Path) -> Path:
    """The journal beside a CSV of grades."""
    csv_path = Path(csv_path)
    return csv_path.with_name(csv_path.name + ".journal")


@dataclass(frozen=True)
class Entry:
    """One graded file, as the journal keeps it."""

    assignment: str
    file: str
    digest: str
    """What the file held (its SHA-256, or a link's target)."""
    fingerprint: str
    """The source, key and variant it was graded under."""
    grade: Grade

    def to_json(self) -> dict[str, Any]:
        return {"assignment": self.assignment, "file": self.file, "digest": self.digest, "key": self.fingerprint,
                **self.grade.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entry:
        return cls(data["assignment"], data["file"], data["digest"], data["key"], Grade.from_json(data))


def read(path: Path, assignment: str) -> dict[str, Entry]:
    """The latest entry of each file the journal holds for an assignment (a torn or foreign line is skipped)."""
    found: dict[str, Entry] = {}
    if not path.is_file():
        return found
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            entry = Entry.from_json(json.loads(line))
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
        if entry.assignment == assignment:
            found[entry.file] = entry
    return found


class Journal:
    """A journal open for appending: each entry is on disk (flushed and synced) before :meth:`write` returns."""

    def __init__(self, path: Path):
        self.path = path
        self._file: IO[str] | None = None

    def __enter__(self) -> Self:
        self._file = open(self.path, "a", encoding="utf-8")
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._file is not None:
            self._file.close()

    def write(self, entry: Entry) -> None:
        assert self._file is not None, "open the journal with a with statement"
        self._file.write(json.dumps(entry.to_json()) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())


def compact(path: Path, assignment: str, entries: list[Entry]) -> None:
    """Rewrite the journal with only ``entries`` as the assignment's grades (the current ones), whole or not at all;
    the lines of any other assignment are kept as they are."""
    others = []
    if path.is_file():
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                mine = json.loads(line).get("assignment") == assignment
            except (ValueError, AttributeError):
                mine = True  # a torn line goes
            if not mine:
                others.append(line + "\n")
    partial = path.with_name(path.name + ".partial")
    with open(partial, "w", encoding="utf-8") as file:
        file.writelines(others)
        file.writelines(json.dumps(entry.to_json()) + "\n" for entry in entries)
        file.flush()
        os.fsync(file.fileno())
    os.replace(partial, path)
