"""The games this library knows, each reached through the contract of :class:`~casino_math.rules.Game`.

A part of the library that knows no game (the command line, the widgets, the
simulation's :func:`~casino_math.simulate.game_sample`) finds a game here by
its name and asks it only what :class:`~casino_math.rules.Game` promises.
Each game is imported when it is first asked for, so the command line pays
only for the game it runs; and each loader returns its package as a ``Game``,
so mypy checks that every package keeps the contract.

>>> names()
['roulette', 'craps', 'baccarat']
>>> game("craps").DEFAULT_RULES
'oxford'
>>> game("poker")
Traceback (most recent call last):
...
ValueError: unknown game 'poker'; the games are: roulette, craps, baccarat
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from .distribution import FrozenMap

if TYPE_CHECKING:
    from .baccarat.rules import BaccaratRules
    from .craps.rules import CrapsRules
    from .roulette.rules import RouletteRules
    from .rules import Game


def _roulette() -> Game[RouletteRules]:
    from . import roulette

    return roulette


def _craps() -> Game[CrapsRules]:
    from . import craps

    return craps


def _baccarat() -> Game[BaccaratRules]:
    from . import baccarat

    return baccarat


#: Each game's name -> how to load its package, in the order the book takes them.
GAMES: dict[str, Callable[[], Game[Any]]] = {"roulette": _roulette, "craps": _craps, "baccarat": _baccarat}


def names() -> list[str]:
    """The games this library knows, in the order the book takes them."""
    return list(GAMES)


def game(name: str) -> Game[Any]:
    """The package of the game called ``name``, or a one-line error naming the games there are."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
    return GAMES[name]()


@cache
def reader_names() -> Mapping[str, str]:
    """Every game's bet IDs and rules IDs -> the names a reader sees, as each game's ``BET_NAMES`` and
    ``RULES_NAMES`` give them (this loads every game; a table of one game takes that game's names instead).
    Made once, and read-only, since a table given as text asks for it cell by cell.

    >>> names = reader_names()
    >>> names["dont_pass"], names["dragon_bonus_player"], names["single_zero"]
    ("Don't pass", 'Dragon Bonus (player)', 'Single zero')
    """
    named: dict[str, str] = {}
    for name in GAMES:
        package = game(name)
        named |= {**package.BET_NAMES, **package.RULES_NAMES}
    return FrozenMap(named)


def rules_name(of: Game[Any], name: str | None) -> str:
    """The name of a game's rules value ``name`` as the game spells it (its default if None).

    A name typed with ``-`` where the game has ``_`` (or the other way round) is the same name.

    >>> rules_name(game("roulette"), "single-zero"), rules_name(game("craps"), None)
    ('single_zero', 'oxford')
    """
    return spelt_as_listed(name or of.DEFAULT_RULES, of.RULES)


def spelt_as_listed(name: str, listed: Collection[str]) -> str:
    """``name`` as ``listed`` spells it, where it differs only by - for _ or _ for - (else ``name`` as it was).

    >>> spelt_as_listed("single-zero", ["oxford", "single_zero"]), spelt_as_listed("la partage", ["la_partage"])
    ('single_zero', 'la partage')
    """
    return next((known for known in listed if known.replace("-", "_") == name.replace("-", "_")), name)
