"""Finding the submissions in a folder: every file gets a row, and no link is ever followed.

A folder of submissions holds ``<student>.ipynb`` files, or a folder per student
(``<student>/<any>.ipynb``), or a Canvas bulk download
(``<name>[_LATE]_<user id>_<submission id>_<original name>``).  Every entry
found is a submission, whatever it is: a notebook, any other file, a symbolic
link (to a file, a folder, nothing, or ``/proc``), a pipe or a device.  A link is
never followed: it could point at a classmate's notebook, or at a file that
cannot be read.  Hidden files and folders (``.ipynb_checkpoints``) are skipped.
Student names are compared in Unicode's composed form (NFC), so "Zoë" typed on
a Mac and on Windows is one student.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> for path in ("ana.ipynb", "bo/roulette.ipynb", "bo/notes.py", ".ipynb_checkpoints/ana-checkpoint.ipynb",
...              "smithjane_LATE_4567_998877_roulette.ipynb"):
...     (folder / path).parent.mkdir(exist_ok=True)
...     _ = (folder / path).write_text("{}")
>>> (folder / "cy.ipynb").symlink_to(folder / "ana.ipynb")
>>> [(f.relative, f.name, f.kind.value) for f in find(folder)]  # doctest: +NORMALIZE_WHITESPACE
[('ana.ipynb', 'ana', 'file'), ('bo/notes.py', 'bo', 'file'), ('bo/roulette.ipynb', 'bo', 'file'),
 ('cy.ipynb', 'cy', 'link'), ('smithjane_LATE_4567_998877_roulette.ipynb', 'smithjane', 'file')]
>>> find(folder)[-1].canvas
CanvasName(name='smithjane', user='4567', submission='998877', late=True, original='roulette.ipynb')
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path


class Kind(StrEnum):
    """What a submitted entry is."""

    FILE = "file"
    LINK = "link"
    FOLDER_LINK = "folder link"
    SPECIAL = "special"
    """A pipe, a socket or a device: nothing to read."""


#: A Canvas bulk download's file name (Canvas's content_zipper): the student's sortable name with every character
#: but letters, digits and _ removed, _LATE if late, the user ID, the attachment's ID and the file's own name.
CANVAS = re.compile(r"^(?P<name>[^\W_]*?)(?:_(?P<late>LATE|late))?_(?P<user>\d+)_(?P<submission>\d+)_(?P<original>.+)$")
#: A download's copy number: "ana (1).ipynb".
COPY = re.compile(r"\s*\(\d+\)$")


@dataclass(frozen=True)
class CanvasName:
    """The parts of a Canvas bulk download's file name."""

    name: str
    user: str
    submission: str
    late: bool
    original: str


def canvas_name(filename: str) -> CanvasName | None:
    """The parts of a Canvas download's name, or None for a name Canvas did not make.

    >>> canvas_name("smithjane_4567_998877_hw1 (2).ipynb")
    CanvasName(name='smithjane', user='4567', submission='998877', late=False, original='hw1 (2).ipynb')
    >>> canvas_name("ana.ipynb") is None, canvas_name("ana_1.ipynb") is None
    (True, True)
    """
    match = CANVAS.match(filename)
    if not match:
        return None
    return CanvasName(match["name"], match["user"], match["submission"], match["late"] is not None, match["original"])


def normal(name: str) -> str:
    """A student's name in composed form, so that one name typed two ways is one student.

    >>> normal("Zoe\\u0308") == normal("Zo\\u00eb") == "Zo\\u00eb"
    True
    """
    return unicodedata.normalize("NFC", name)


@dataclass(frozen=True)
class Found:
    """One entry of the submissions folder."""

    path: Path
    relative: str
    """Its path inside the folder (how the CSV names the file)."""
    name: str
    """The student its name says: the folder's name, the file's name less a download's " (1)", or Canvas's name."""
    kind: Kind
    target: str | None = None
    """Where a link points (never followed)."""
    canvas: CanvasName | None = None


def find(folder: str | Path, skip: Iterable[str | Path] = ()) -> list[Found]:
    """Every entry of ``folder`` (to any depth; hidden ones aside; the files and folders ``skip`` left out), by path."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder; give the folder that holds the submitted notebooks")
    skipped = {os.path.realpath(p) for p in skip}
    found = []
    for top, folders, files in os.walk(folder, followlinks=False):
        folders[:] = sorted(f for f in folders if not f.startswith(".")
                            and (os.path.islink(os.path.join(top, f)) or os.path.realpath(os.path.join(top, f))
                                 not in skipped))
        for name in [*folders, *files]:
            path = Path(top) / name
            if name.startswith(".") or (not path.is_symlink() and os.path.realpath(path) in skipped):
                continue
            entry = _entry(path, folder)
            if entry is not None:
                found.append(entry)
    if not found:
        raise ValueError(f"no files in {folder}; give the folder that holds the submitted notebooks")
    return sorted(found, key=lambda f: f.relative)


def _entry(path: Path, folder: Path) -> Found | None:
    info = os.lstat(path)
    relative = path.relative_to(folder).as_posix()
    parts = relative.split("/")
    canvas = canvas_name(parts[0]) if len(parts) == 1 else None
    if len(parts) > 1:
        name = parts[0]
    elif canvas is not None:
        name = canvas.name
    else:
        name = COPY.sub("", os.path.splitext(parts[0])[0])
    if stat.S_ISLNK(info.st_mode):
        target = os.readlink(path)
        kind = Kind.FOLDER_LINK if os.path.isdir(path) else Kind.LINK
        return Found(path, relative, normal(name), kind, target, canvas)
    if stat.S_ISDIR(info.st_mode):
        return None  # a student's own folder: its files are found one by one
    kind = Kind.FILE if stat.S_ISREG(info.st_mode) else Kind.SPECIAL
    return Found(path, relative, normal(name), kind, None, canvas)


def read_bytes(path: Path, most: int) -> bytes:
    """A regular file's bytes, at most ``most`` of them (OSError if it is larger, or not a regular file).

    The file is opened without following a link and without waiting on a pipe.
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path.name} is not a regular file")
        if info.st_size > most:
            raise OSError(f"the file is {info.st_size / 2**20:.0f} MB, more than the {most // 2**20} MB the grader reads")
        return file.read(most + 1)[:most]


def digest(found: Found) -> str:
    """What identifies an entry's content: a file's SHA-256, a link's target, or its kind.

    A changed file is graded again; a link is never read.
    """
    if found.kind is Kind.FILE:
        sha = hashlib.sha256()
        try:
            descriptor = os.open(found.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            with os.fdopen(descriptor, "rb") as file:
                while chunk := file.read(1 << 20):
                    sha.update(chunk)
        except OSError as error:
            return f"unreadable:{type(error).__name__}"
        return sha.hexdigest()
    if found.kind in (Kind.LINK, Kind.FOLDER_LINK):
        return f"{found.kind.value}:{hashlib.sha256(os.fsencode(found.target or '')).hexdigest()}"
    return found.kind.value
