"""The teacher's answer keys: each assignment's checks, which know the right answers, kept in the course folder.

A key is ``COURSE/source/keys/<assignment>.py`` beside the assignment's source.
It defines ``QUESTIONS``, the check of each question by its short ID (what a
student's check cell says), and may define ``HIDDEN``: for a question, further
named tests that only the grader runs.  A key with per-student variants declares
``PARAMETERS`` (:mod:`~casino_math.classroom.variants`) and defines
``questions(v)`` and ``hidden(v)`` instead, functions of a student's variant
``v`` (``v["chip"]``).  The package ships no key: a student's notebook carries
only the hashes of its public checks (:mod:`~casino_math.classroom.public`).

>>> import tempfile
>>> from fractions import Fraction
>>> sources = Path(tempfile.mkdtemp())
>>> (sources / "keys").mkdir()
>>> _ = (sources / "keys" / "dice.py").write_text(
...     "from fractions import Fraction\\nfrom casino_math.classroom.checks import Exact\\n"
...     "QUESTIONS = {'six': Exact('six', right=lambda: Fraction(1, 6), hint='count the faces')}\\n")
>>> load("dice", sources).questions()["six"].judge(Fraction(1, 6))
dice.six: right.
>>> load("poker", sources)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: no answer key for assignment 'poker' in .../keys; the keys are: dice
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path
from types import ModuleType
from typing import Any

from .checks import Check
from .variants import Parameters, Variant, check_parameters, default

PUBLIC = "public"


@cache
def _module(path: Path, digest: str) -> ModuleType:
    """The key at ``path`` as a module (loaded again whenever its text, and so ``digest``, changes)."""
    spec = spec_from_file_location(f"classroom_key_{path.stem.replace('-', '_')}_{digest[:12]}", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"{path} cannot be loaded as a Python module; an answer key is a .py file")
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Key:
    """An assignment's answer key, loaded."""

    assignment: str
    path: Path
    text: str
    module: ModuleType

    @property
    def parameters(self) -> Parameters:
        """The parameters its variants draw (none for a key without variants)."""
        return check_parameters(getattr(self.module, "PARAMETERS", {}), f"{self.path}")

    def default(self) -> Variant:
        """The book's variant: every parameter's first value."""
        return default(self.parameters)

    def questions(self, variant: Mapping[str, Any] | None = None) -> dict[str, Check]:
        """The public check of each question, by short ID, with IDs ``"assignment.question"``."""
        found = self._defined("questions", "QUESTIONS", variant)
        return {short: replace(q, id=f"{self.assignment}.{short}") for short, q in found.items()}

    def hidden(self, variant: Mapping[str, Any] | None = None) -> dict[str, dict[str, Check]]:
        """The hidden tests of each question that has any, by short ID and test name."""
        found: dict[str, dict[str, Check]] = self._defined("hidden", "HIDDEN", variant, required=False)
        return {short: {name: replace(test, id=f"{self.assignment}.{short}") for name, test in tests.items()}
                for short, tests in found.items()}

    def tests(self, question: str, variant: Mapping[str, Any] | None = None) -> dict[str, Check]:
        """Every test of a question by name: ``"public"`` (its check cell's check) and its hidden tests."""
        return {PUBLIC: self.questions(variant)[question], **self.hidden(variant).get(question, {})}

    def _defined(self, function: str, constant: str, variant: Mapping[str, Any] | None,
                 required: bool = True) -> Any:
        variant = variant if variant is not None else self.default()
        if callable(getattr(self.module, function, None)):
            return getattr(self.module, function)(variant)
        if self.parameters:
            raise ValueError(f"{self.path}: a key with PARAMETERS defines {function}(v), a function of the variant")
        if not hasattr(self.module, constant) and not required:
            return {}
        if not isinstance(getattr(self.module, constant, None), dict):
            raise ValueError(  # noqa: TRY004  (a key of the wrong shape is the teacher's to fix: a one-line error)
                f"{self.path}: an answer key defines {constant} (a dict), or {function}(v)")
        return getattr(self.module, constant)


def load(assignment: str, sources: str | Path) -> Key:
    """The key of ``assignment`` in the folder of sources ``sources`` (its ``keys/<assignment>.py``)."""
    folder = Path(sources).resolve() / "keys"
    path = folder / f"{assignment}.py"
    if not path.is_file():
        there = ", ".join(sorted(p.stem for p in folder.glob("*.py")))
        raise ValueError(f"no answer key for assignment {assignment!r} in {folder}; the keys are: {there or 'none'}")
    text = path.read_text(encoding="utf-8")
    return Key(assignment, path, text, _module(path, hashlib.sha256(text.encode()).hexdigest()))


def questions_of(assignment: str, sources: str | Path, variant: Mapping[str, Any] | None = None) -> dict[str, Check]:
    """The public check of each question of an assignment, by short ID (the book's variant unless one is given)."""
    return load(assignment, sources).questions(variant)


def question_tests(assignment: str, question: str, sources: str | Path,
             variant: Mapping[str, Any] | None = None) -> dict[str, Check]:
    """Every test of a question by name: ``"public"`` and its hidden tests."""
    return load(assignment, sources).tests(question, variant)
