"""The teacher's answer keys: each assignment's checks, which know the right answers, kept outside the package.

A key is ``SOURCES/keys/<assignment>.py`` beside the assignment's source.  It
defines ``QUESTIONS``, the public check of each question (what a student's check
cell shows), and may define ``HIDDEN``: for a question, further named tests that
only the grader runs.  The package itself ships only hashes of the public checks
(:mod:`~casino_math.classroom.public`), never a key.

>>> from casino_math.classroom.grade import SOURCES
>>> list(questions_of("roulette", SOURCES))[:3]
['red', 'straight_ev', 'splits']
>>> questions_of("poker", SOURCES)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: no answer key for assignment 'poker' in .../keys; the keys are: baccarat, craps, long-run, roulette
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path
from types import ModuleType

from .checks import Check

PUBLIC = "public"


@cache
def _module(assignment: str, sources: Path) -> ModuleType:
    path = sources / "keys" / f"{assignment}.py"
    if not path.is_file():
        there = ", ".join(sorted(p.stem for p in (sources / "keys").glob("*.py")))
        raise ValueError(f"no answer key for assignment {assignment!r} in {sources / 'keys'}; the keys are: {there}")
    spec = spec_from_file_location(f"classroom_key_{assignment.replace('-', '_')}", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"{path} cannot be loaded as a Python module; an answer key is a .py file")
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def questions_of(assignment: str, sources: str | Path) -> dict[str, Check]:
    """The public check of each question of an assignment, by short ID, with IDs ``"assignment.question"``."""
    module = _module(assignment, Path(sources).resolve())
    return {short: replace(q, id=f"{assignment}.{short}") for short, q in module.QUESTIONS.items()}


def tests_of(assignment: str, question: str, sources: str | Path) -> dict[str, Check]:
    """Every test of a question by name: ``"public"`` (its check cell's check) and its hidden tests.

    >>> from casino_math.classroom.grade import SOURCES
    >>> list(tests_of("craps", "play_pass", SOURCES))
    ['public', 'other_seed']
    """
    module = _module(assignment, Path(sources).resolve())
    hidden: dict[str, Check] = getattr(module, "HIDDEN", {}).get(question, {})
    found = {PUBLIC: questions_of(assignment, sources)[question]}
    found.update({name: replace(test, id=f"{assignment}.{question}") for name, test in hidden.items()})
    return found
