"""A late policy: a deadline, and a penalty per day late or zero for any late work.

When a file was handed in comes from a manifest: a CSV with a ``submitted``
column (an ISO 8601 time, such as ``2026-12-05T17:30:00+01:00``) and a ``file``
or ``id`` column, or the JSON that Canvas's submissions API returns
(``GET /api/v1/courses/:course/assignments/:assignment/submissions``: a list of
objects with ``user_id`` and ``submitted_at``).  Without a time, Canvas's
``_LATE`` in a file's name counts as one day late.  A day late is any part of a
day past the deadline.

>>> policy = LatePolicy(when("2026-12-05T17:00+00:00"), penalty("10%"))
>>> policy.days(when("2026-12-05T16:59+00:00")), policy.days(when("2026-12-06T17:01+00:00"))
(0, 2)
>>> policy.deduction(2, 11)
Fraction(11, 5)
>>> LatePolicy(when("2026-12-05T17:00+00:00"), penalty("zero")).deduction(1, 11)
Fraction(11, 1)
"""

from __future__ import annotations

import csv
import json
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

DAY = timedelta(days=1)


def when(text: str) -> datetime:
    """A time written in ISO 8601; without a time zone, the computer's own.

    >>> when("2026-12-05T17:00Z").isoformat()
    '2026-12-05T17:00:00+00:00'
    >>> when("next Friday")
    Traceback (most recent call last):
    ...
    ValueError: 'next Friday' is not a time; write it in ISO 8601, such as 2026-12-05T17:00+01:00
    """
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not a time; write it in ISO 8601, such as 2026-12-05T17:00+01:00") from None
    return moment if moment.tzinfo else moment.astimezone()


def penalty(text: str) -> Fraction | None:
    """A penalty as a share of the assignment's points per day late (``10%``), or None for ``zero`` (a late file
    scores nothing).

    >>> penalty("12.5%"), penalty("zero")
    (Fraction(1, 8), None)
    >>> penalty("a lot")
    Traceback (most recent call last):
    ...
    ValueError: --late-penalty 'a lot': give a share of the points per day late, such as 10%, or zero
    """
    cleaned = text.strip().lower()
    if cleaned == "zero":
        return None
    try:
        share = Fraction(cleaned.removesuffix("%")) / 100
    except (ValueError, ZeroDivisionError):
        share = Fraction(-1)
    if not cleaned.endswith("%") or not 0 <= share <= 1:
        raise ValueError(f"--late-penalty {text!r}: give a share of the points per day late, such as 10%, or zero")
    return share


@dataclass(frozen=True)
class LatePolicy:
    """A deadline and what each day late costs."""

    deadline: datetime
    per_day: Fraction | None
    """The share of the assignment's points taken per day late; None: a late file scores zero."""

    def days(self, submitted: datetime) -> int:
        """Days late (any part of a day counts as one), 0 if on time."""
        late = submitted - self.deadline
        return max(0, math.ceil(late / DAY)) if late > timedelta(0) else 0

    def deduction(self, days: int, points: int) -> Fraction:
        """The points taken for ``days`` days late from an assignment worth ``points``."""
        if days <= 0:
            return Fraction(0)
        return Fraction(points) if self.per_day is None else min(Fraction(points), self.per_day * days * points)


@dataclass(frozen=True)
class Manifest:
    """When each file was handed in: by file name, or by the student's ID."""

    by_file: dict[str, datetime]
    by_id: dict[str, datetime]

    def submitted(self, file: str, user: str | None) -> datetime | None:
        """When a file was handed in, if the manifest says."""
        return self.by_file.get(file) or (self.by_id.get(user) if user else None)


def read_manifest(path: str | Path) -> Manifest:
    """The manifest in ``path``: a CSV (``file`` or ``id``, and ``submitted``) or Canvas's submissions JSON."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"cannot read the manifest {path} ({error})") from None
    if path.suffix.lower() == ".json":
        return _canvas_json(text, path)
    rows = list(csv.DictReader(text.splitlines()))
    if not rows or "submitted" not in rows[0] or not ({"file", "id"} & set(rows[0])):
        raise ValueError(f"the manifest {path} needs a submitted column and a file or id column (or is Canvas's "
                         "submissions JSON, named .json)")
    by_file, by_id = {}, {}
    for number, row in enumerate(rows, start=2):
        if not (row.get("submitted") or "").strip():
            continue
        try:
            moment = when(row["submitted"])
        except ValueError as error:
            raise ValueError(f"{path}, line {number}: {error}") from None
        if (row.get("file") or "").strip():
            by_file[row["file"].strip()] = moment
        if (row.get("id") or "").strip():
            by_id[row["id"].strip()] = moment
    return Manifest(by_file, by_id)


def _canvas_json(text: str, path: Path) -> Manifest:
    try:
        items: Any = json.loads(text)
    except ValueError as error:
        raise ValueError(f"the manifest {path} is not JSON ({error})") from None
    if not isinstance(items, list) or not all(isinstance(i, dict) and "user_id" in i for i in items):
        raise ValueError(f"the manifest {path} is not Canvas's submissions JSON (a list of objects with user_id and "
                         "submitted_at)")
    return Manifest({}, {str(i["user_id"]): when(i["submitted_at"]) for i in items if i.get("submitted_at")})
