"""What each student was handed: a digest of the numbers their notebook was built with, recorded at build and
checked at grading, so that a key or a roster changed after handing out never changes a grade without a word.

``build NAME --roster`` writes each student's digest into their notebook's
``classroom`` metadata (``numbers``) and into ``COURSE/handed-out.json``.  The
digest is of the assignment, the student's ID as the variants use it, and the
values of their variant: a notebook graded against other numbers than it was
built with (one more choice in a key's tuple, a student's ID changed in the
roster) gets a note that says so, and ``build`` refuses to change the numbers
of an assignment already handed out unless told to.

>>> from casino_math.classroom.variants import Variant
>>> bo = digest("roulette", "4568", Variant({"chip": 5, "spins": 60}))
>>> bo == digest("roulette", "4568", Variant({"spins": 60, "chip": 5})), len(bo)
(True, 16)
>>> bo != digest("roulette", "4599", Variant({"chip": 5, "spins": 60}))
True
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .marks import readable
from .variants import Variant

#: The course's record of what each student was handed, by assignment and student.
RECORD = "handed-out.json"
#: The key of the digest in a notebook's ``classroom`` metadata.
NUMBERS = "numbers"
#: How the note on a notebook built with other numbers begins.
DRIFT = "built with other numbers than the key and roster give now"


def digest(assignment: str, student_id: str, variant: Variant) -> str:
    """The digest of a student's numbers (see the module's example)."""
    text = "\x00".join((assignment, student_id, repr(variant)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def recorded(course_folder: Path, assignment: str) -> dict[str, str]:
    """Each student's digest recorded when ``assignment`` was handed out (empty if it never was)."""
    path = course_folder / RECORD
    if not path.is_file():
        return {}
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        raise ValueError(f"{path} cannot be read as JSON; it records what each student was handed (rebuild with "
                         "--roster to write it again)") from None
    given = record.get(assignment, {}) if isinstance(record, dict) else {}
    return {str(k): str(v) for k, v in given.items()} if isinstance(given, dict) else {}


def record(course_folder: Path, assignment: str, digests: Mapping[str, str]) -> None:
    """Record what each student was handed (the students of an earlier build keep their rows)."""
    path = course_folder / RECORD
    everything: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    everything[assignment] = {**recorded(course_folder, assignment), **digests}
    partial = path.with_name(RECORD + ".partial")
    partial.write_text(json.dumps(everything, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(partial, path)


def changed(before: Mapping[str, str], now: Mapping[str, str]) -> list[str]:
    """The students already handed out whose numbers would change.

    >>> changed({"ana": "a1", "bo": "b1"}, {"ana": "a1", "bo": "b2", "cy": "c1"})
    ['bo']
    """
    return sorted(s for s, d in now.items() if s in before and before[s] != d)


def drift(built: str | None, now: str) -> list[str]:
    """The note on a notebook built with other numbers than the key and roster give now.

    >>> drift("0123456789abcdef", "0123456789abcdef"), drift(None, "0123456789abcdef")
    ([], [])
    >>> print(drift("0123456789abcdef", "fedcba9876543210")[0][:86])
    built with other numbers than the key and roster give now (handed out 0123456789abcdef
    """
    if built is None or built == now:
        return []
    return [(f"{DRIFT} (handed out {readable(built, 20)}, now "
             f"{now}): the key's values or the student's ID changed since; judged against the new numbers, so "
             "check this grade (or restore the key and roster)")]
