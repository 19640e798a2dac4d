"""The games this library knows, each reached through the contract of :class:`~casino_math.rules.Game`.

The faces of the library that turn a game's *name* into the game (the command
line, the widgets) find it here and ask it only what
:class:`~casino_math.rules.Game` promises; the generic modules below them
(sessions, tables, :func:`~casino_math.simulate.game_sample`) are handed the
game, and never import this registry or a game (``tests/test_layers.py``).  The book's games are listed in :data:`BUILT_IN`; any other
is a package installed beside this one that names itself in the
``casino_math.games`` entry-point group, as pytest finds its plugins::

    [project.entry-points."casino_math.games"]
    bigsix = "bigsix"

Installed packages are read only when a name is not one of the book's games,
or when every game is listed (reading them costs Python's ``importlib.metadata``,
which the command line's start-up would otherwise not pay); a game's package is
imported only when that game is asked for.  Each built-in loader returns its
package as a ``Game`` of its rules class, so mypy checks each against the
contract, and :func:`game` keeps that type: ``game("craps")`` is a
``Game[CrapsRules]``.

>>> names()[:3]
['roulette', 'craps', 'baccarat']
>>> game("craps").DEFAULT_RULES
'oxford'
>>> game("poker")       # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown game 'poker'; the games are: roulette, craps, baccarat...
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, overload

from .distribution import FrozenMap

if TYPE_CHECKING:
    from .baccarat.rules import BaccaratRules
    from .craps.rules import CrapsRules
    from .keno.rules import KenoRules
    from .roulette.rules import RouletteRules
    from .rules import Game

#: The entry-point group in which a game from outside names itself: its name -> its package (``bigsix = "bigsix"``).
GROUP = "casino_math.games"


def _roulette() -> Game[RouletteRules]:
    from . import roulette

    return roulette


def _craps() -> Game[CrapsRules]:
    from . import craps

    return craps


def _baccarat() -> Game[BaccaratRules]:
    from . import baccarat

    return baccarat


def _keno() -> Game[KenoRules]:
    from . import keno

    return keno


#: The book's games: each name -> how to load its package, in the order the book takes them.
_LOADERS: dict[str, Callable[[], Game[Any]]] = {"roulette": _roulette, "craps": _craps, "baccarat": _baccarat,
                                                  "keno": _keno}
BUILT_IN: Mapping[str, Callable[[], Game[Any]]] = FrozenMap(_LOADERS)


@cache
def outside_games() -> Mapping[str, Callable[[], Any]]:
    """The games installed from outside: each name in the ``casino_math.games`` entry-point group -> how to load it
    (read once; a name the book's games already use stays the book's).

    >>> set(outside_games()) & set(BUILT_IN)
    set()
    """
    from importlib.metadata import entry_points

    found = sorted(entry_points(group=GROUP), key=lambda point: point.name)
    return FrozenMap({point.name: point.load for point in found if point.name not in BUILT_IN})


def names() -> list[str]:
    """Every game: the book's, in the order the book takes them, then those installed from outside, by name."""
    return [*BUILT_IN, *outside_games()]


@overload
def game(name: Literal["roulette"]) -> Game[RouletteRules]: ...
@overload
def game(name: Literal["craps"]) -> Game[CrapsRules]: ...
@overload
def game(name: Literal["baccarat"]) -> Game[BaccaratRules]: ...
@overload
def game(name: Literal["keno"]) -> Game[KenoRules]: ...
@overload
def game(name: str) -> Game[Any]: ...
def game(name: str) -> Game[Any]:
    """The package of the game called ``name``, or a one-line error naming the games there are."""
    if name in BUILT_IN:
        return BUILT_IN[name]()
    if name not in outside_games():
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(names())}")
    try:
        loaded = outside_games()[name]()
    except ImportError as error:
        raise ValueError(f"the game {name!r} (entry point of group {GROUP}) cannot be imported: {error}") from None
    return kept_contract(name, loaded)


def kept_contract(name: str, package: Any) -> Game[Any]:
    """``package`` if it provides every member the contract asks of a game, else a one-line error naming those missing.

    >>> kept_contract("dice", object())
    Traceback (most recent call last):
    ...
    ValueError: the game 'dice' (entry point of group casino_math.games) lacks BET_IDS, BET_NAMES, DEFAULT_RULES, EDGE_OPTIONS, RULES, RULES_NAMES, bet, edge_bets, rules_named, twin: see casino_math/README.md
    """
    from .rules import Game

    missing = sorted(member for member in vars(Game) if not member.startswith("_") and not hasattr(package, member))
    if missing:
        raise ValueError(f"the game {name!r} (entry point of group {GROUP}) lacks {', '.join(missing)}: "
                         "see casino_math/README.md")
    found: Game[Any] = package
    return found


@cache
def reader_names() -> Mapping[str, str]:
    """Every game's bet IDs and rules IDs -> the names a reader sees, as each game's ``BET_NAMES`` and
    ``RULES_NAMES`` give them (this loads every game; a table of one game takes that game's names instead).
    Made once, and read-only.

    >>> names = reader_names()
    >>> names["dont_pass"], names["dragon_bonus_player"], names["single_zero"]
    ("Don't pass", 'Dragon Bonus (player)', 'Single zero')
    """
    named: dict[str, str] = {}
    for name in names():
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
