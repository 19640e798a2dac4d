"""A course folder: a teacher's private folder of sources and keys, the secret of its variants, and what is made
from them.

``python -m casino_math.classroom init COURSE`` makes one, with the book's
assignments in it as examples to edit (``--from``, or run in a copy of the
book), or empty.  The folder is readable by the teacher alone.  Every other command takes
``--course COURSE`` and reads and writes there (or where ``--out`` says), never
in the installed package::

    COURSE/course.json                settings: the requirement the Colab install cell installs
    COURSE/secret                     the secret the variants are drawn from (readable by you alone)
    COURSE/varied.json                the assignments handed out with each student's own numbers
    COURSE/source/NAME.py             an assignment's source
    COURSE/source/keys/NAME.py        its answer key
    COURSE/NAME.ipynb                 the student's notebook, built (the book's variant)
    COURSE/solutions/NAME.ipynb       the teacher's notebook, built
    COURSE/grades/NAME.csv            the grades, with their journal, marking pages and feedback beside them

The book's own ``book/assignments`` folder is a course without a secret.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> at(folder / "nowhere")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: .../nowhere is not a course folder (it has no course.json); make one with: python -m casino_math.classroom init .../nowhere
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .variants import new_secret

SETTINGS, SECRET, VARIED = "course.json", "secret", "varied.json"


@dataclass(frozen=True)
class Course:
    """A course folder (see the module)."""

    folder: Path

    @property
    def sources(self) -> Path:
        """The folder of assignment sources; their keys are in its ``keys`` folder."""
        return self.folder / "source"

    @property
    def solutions(self) -> Path:
        """Where the teacher's notebooks go."""
        return self.folder / "solutions"

    @property
    def grades(self) -> Path:
        """Where grades go unless ``--out`` says otherwise."""
        return self.folder / "grades"

    def settings(self) -> dict[str, Any]:
        """The course's settings (``course.json``)."""
        path = self.folder / SETTINGS
        try:
            settings = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ValueError(f"{path} cannot be read as JSON ({error}); it holds the course's settings") from None
        if not isinstance(settings, dict):
            raise ValueError(  # noqa: TRY004  (a settings file of the wrong shape: the teacher's to fix, in one line)
                f"{path} holds a JSON object of settings, such as {{\"install\": null}}")
        return settings

    @property
    def install(self) -> str | None:
        """The pip requirement the notebooks' Colab cell installs, or None for no such cell."""
        value = self.settings().get("install")
        if value is not None and not isinstance(value, str):
            raise ValueError(f"{self.folder / SETTINGS}: install is a pip requirement (text) or null")
        return value

    def secret(self) -> bytes | None:
        """The secret the variants are drawn from, or None if the course has none."""
        path = self.folder / SECRET
        if not path.is_file():
            return None
        text = path.read_text(encoding="ascii").strip()
        try:
            return bytes.fromhex(text)
        except ValueError:
            raise ValueError(f"{path} is not a course's secret (hex digits); restore it from a backup: a new secret "
                             "would give every student different numbers") from None

    def varied(self) -> set[str]:
        """The assignments handed out with each student's own numbers (``build NAME --roster``): only these are
        graded against each student's variant; every other against the book's numbers, as handed out."""
        path = self.folder / VARIED
        names = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []
        return set(names) if isinstance(names, list) else set()

    def vary(self, name: str) -> None:
        """Record that ``name`` was handed out with each student's own numbers."""
        (self.folder / VARIED).write_text(json.dumps(sorted(self.varied() | {name})) + "\n", encoding="utf-8")

    def source_files(self) -> list[Path]:
        """The assignments' source files, by name.

        >>> [p.name for p in Course(Path("/no/such/course")).source_files()]
        []
        """
        return [p for p in sorted(self.sources.glob("*.py")) if p.stem != "conftest"]

    def names(self) -> list[str]:
        """The assignments' names."""
        return [p.stem for p in self.source_files()]


def at(folder: str | Path) -> Course:
    """The course in ``folder``; a clear error if it is not one."""
    folder = Path(folder)
    if not (folder / SETTINGS).is_file():
        raise ValueError(f"{folder} is not a course folder (it has no {SETTINGS}); make one with: "
                         f"python -m casino_math.classroom init {folder}")
    if not (folder / "source").is_dir():
        raise ValueError(f"{folder} has no source folder; a course keeps its assignments in COURSE/source/NAME.py")
    return Course(folder)


def init(folder: str | Path, examples: str | Path | None) -> Course:
    """Make a new course in ``folder`` with the assignments of the course ``examples`` (the book's
    ``book/assignments``) as examples, or with none when ``examples`` is None, and a new secret; returns it.  The
    folder and its subfolders are yours alone (0700), and so is every file in it (0600).

    >>> import tempfile
    >>> made = init(Path(tempfile.mkdtemp()) / "course", _demo_examples())
    >>> made.names(), made.secret() is not None, oct((made.folder / "secret").stat().st_mode & 0o777)
    (['dice'], True, '0o600')
    >>> oct(made.folder.stat().st_mode & 0o777), oct((made.sources / "keys" / "dice.py").stat().st_mode & 0o777)
    ('0o700', '0o600')
    >>> init(made.folder, _demo_examples())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: .../course already exists; init makes a new course folder (choose a name that is not taken)
    >>> empty = init(made.folder.parent / "empty", None)
    >>> empty.names(), empty.install, (empty.sources / "keys").is_dir()
    ([], None, True)
    """
    folder = Path(folder)
    source = at(examples) if examples is not None else None
    if folder.exists():
        raise ValueError(f"{folder} already exists; init makes a new course folder (choose a name that is not taken)")
    if not folder.parent.is_dir():
        raise ValueError(f"{folder.parent} does not exist; init makes the course folder inside a folder that does")
    for made in (folder, folder / "source", folder / "source" / "keys"):
        made.mkdir(mode=PRIVATE_FOLDER)
        made.chmod(PRIVATE_FOLDER)  # whatever the umask
    if source is None:
        _private_copy(None, folder / SETTINGS, '{"install": null}\n')
    else:
        _private_copy(source.folder / SETTINGS, folder / SETTINGS)
        for path in source.source_files():
            _private_copy(path, folder / "source" / path.name)
            key = source.sources / "keys" / path.name
            if key.is_file():
                _private_copy(key, folder / "source" / "keys" / path.name)
    _private_copy(None, folder / SECRET, new_secret() + "\n")
    return Course(folder)


#: A course's folders and files: readable by the teacher alone.
PRIVATE_FOLDER, PRIVATE_FILE = 0o700, stat.S_IRUSR | stat.S_IWUSR


def _private_copy(path: Path | None, to: Path, text: str = "") -> None:
    """Write a new file readable by its owner alone: a copy of ``path``, or ``text``."""
    descriptor = os.open(to, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    with os.fdopen(descriptor, "wb") as file:
        file.write(path.read_bytes() if path is not None else text.encode("utf-8"))


def _demo_examples() -> Path:
    """A course of one small assignment, for the examples."""
    import tempfile

    folder = Path(tempfile.mkdtemp())
    (folder / "source" / "keys").mkdir(parents=True)
    (folder / SETTINGS).write_text('{"install": null}\n')
    (folder / "source" / "dice.py").write_text(
        '# %% [markdown] question="six" points=1 answer="p"\n# ## Six\n# %%\np = Fraction(1, 6)  # SOLUTION\n')
    (folder / "source" / "keys" / "dice.py").write_text(
        "from fractions import Fraction\nfrom casino_math.classroom.checks import Exact\n"
        "QUESTIONS = {'six': Exact('six', right=lambda: Fraction(1, 6), hint='count the faces')}\n")
    return folder
