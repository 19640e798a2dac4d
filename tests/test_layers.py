"""The library's layers: the generic modules (``casino_math/*.py``) know no game.

A generic module (sessions, ruin, tables, simulation, draws from a shoe...) works for any game a caller hands it:
it imports no game's package and not the registry of games (:mod:`casino_math.games`), not even inside a function,
and loads nothing by a name it builds (``import_module``, ``__import__``).  Only the faces that turn a game's *name*
into the game may: the registry itself and the command line.  The check reads the source (every import statement,
wherever it stands), so it fails the moment a generic module reaches up into a game.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from casino_math import games

PACKAGE = Path(__file__).resolve().parents[1] / "casino_math"
#: The modules that find a game by its name, and so must reach the games: the registry, the command line, and the
#: package's face (``casino_math.roulette`` as an attribute, loaded on first use) with ``python -m``'s entry.
FACES = {"games.py", "cli.py", "__init__.py", "__main__.py"}
GENERIC = sorted(p for p in PACKAGE.glob("*.py") if p.name not in FACES)
#: What a generic module may not import: each built-in game's package, and the registry.
FORBIDDEN = {*games.BUILT_IN, "games"}
DYNAMIC = {"import_module", "__import__"}


def imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement of a top-level module of casino_math names, as paths inside casino_math
    (``from .baccarat.cards import Shoe`` -> ``baccarat.cards``; ``from . import roulette`` -> ``roulette``)."""
    if isinstance(node, ast.Import):
        return [a.name.removeprefix("casino_math.") for a in node.names if a.name.startswith("casino_math.")]
    if node.level == 0:
        module = node.module or ""
        if module != "casino_math" and not module.startswith("casino_math."):
            return []
        module = module.removeprefix("casino_math").removeprefix(".")
    elif node.level == 1:
        module = node.module or ""
    else:
        return []  # above casino_math: nothing of it
    return [module] if module else [a.name for a in node.names]


def games_reached(path: Path) -> list[str]:
    """Each import of a game's package or of the registry in ``path``, and each dynamic import, as "line: what"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found += [f"{node.lineno}: {m}" for m in imported(node) if m.split(".")[0] in FORBIDDEN]
            found += [f"{node.lineno}: {a.name}" for a in node.names if a.name in DYNAMIC]
        elif isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in DYNAMIC:
                found.append(f"{node.lineno}: {name}")
    return found


def test_the_generic_modules_are_found() -> None:
    names = {p.name for p in GENERIC}
    assert {"simulate.py", "draws.py", "tables.py", "display.py", "session.py", "rules.py"} <= names


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: p.stem)
def test_a_generic_module_imports_no_game(path: Path) -> None:
    assert games_reached(path) == [], f"casino_math/{path.name} reaches a game (or loads by name)"


@pytest.mark.parametrize("source, reached", [
    ("from .baccarat.cards import Shoe", ["1: baccarat.cards"]),
    ("def f():\n    from .games import game", ["2: games"]),
    ("from . import bets, roulette", ["1: roulette"]),
    ("import casino_math.keno", ["1: keno"]),
    ("from casino_math.craps.simulate import roll", ["1: craps.simulate"]),
    ("from importlib import import_module", ["1: import_module"]),
    ("from .bets import Bet\nfrom .tables import Table", []),
])
def test_the_check_sees_an_import_wherever_it_stands(tmp_path: Path, source: str, reached: list[str]) -> None:
    module = tmp_path / "module.py"
    module.write_text(source)
    assert games_reached(module) == reached
