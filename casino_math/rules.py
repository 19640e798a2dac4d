"""The contract every game keeps: what its rules value is, and what its package provides.

A game is a package: one of this library's (``casino_math.roulette``, ``casino_math.craps``,
``casino_math.baccarat``) or one installed beside it (see :mod:`casino_math.games`).
Two Protocols say, once, what each must provide:

- :class:`Rules`: a casino's rules for the game, one frozen value: a ``name`` a
  reader recognises, a ``source`` (where the rules are written down), the bets
  it offers, and :meth:`~GameRules.changed` copies.  Every game's rules class is
  a frozen, keyword-only dataclass built on :class:`GameRules`, its pay tables
  :class:`~casino_math.bets.PayTable` values;
- :class:`Game`: the game's package: its named rules values and their reader
  names, its bets by ID and their reader names, a bet by its ID, every bet it
  offers, the options of the command line, and its Monte Carlo twin; and the
  members it may leave out (:data:`OPTIONAL`), which the library fills in.

The parts of the library that know no game (the command line, the widgets,
the tables, the simulation) talk to a game only through :class:`Game`, and
mypy checks that each package satisfies it (see :mod:`casino_math.games`).
Names such as ``"oxford"`` become rules values only at those edges, by
:func:`named`; the games' functions take the rules value itself.

>>> pays = PayTable({"straight": 35, "split": 17})
>>> pays["split"]
Fraction(17, 1)
>>> named("craps", {"oxford": 1}, "oxford")
1
>>> named("craps", {"oxford": 1, "quebec": 2}, "atlantic city")
Traceback (most recent call last):
...
ValueError: unknown craps rules 'atlantic city'; the rules are: oxford, quebec
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, Self, TypeVar, get_origin, runtime_checkable

from .bets import Bet, PayTable
from .distribution import FrozenMap

if TYPE_CHECKING:
    import numpy as np

    from .simulate import Sample

__all__ = ["OPTIONAL", "Game", "GameRules", "Option", "PayTable", "Rules", "RulesByName", "check_rules", "first_bet",
           "game_name", "known_bet", "named", "whole_option"]

T = TypeVar("T")


@runtime_checkable
class Rules(Protocol):
    """A casino's rules for one game: a frozen value from which every figure of the game follows.

    Each game's rules class (:class:`~casino_math.roulette.RouletteRules`,
    :class:`~casino_math.craps.CrapsRules`, :class:`~casino_math.baccarat.BaccaratRules`)
    is a ``@dataclass(frozen=True, kw_only=True)`` built on :class:`GameRules`,
    which gives it :meth:`~GameRules.changed`, :meth:`~GameRules.field_names`
    and :meth:`~GameRules.check_offered`; every payout it holds is in a
    :class:`~casino_math.bets.PayTable`.

    >>> from casino_math import roulette, craps, baccarat
    >>> all(isinstance(game.OXFORD, Rules) for game in (roulette, craps, baccarat))
    True
    """

    @property
    def name(self) -> str:
        """Whose rules these are, in words a reader recognises ("Oxford Casino Hotel, Maine")."""
        ...

    @property
    def source(self) -> str:
        """Where the rules are written down: for the book's games a key of ``book/references.bib``; for a game from
        outside, a citation a reader can follow (a key of its own bibliography, a title, an address)."""
        ...

    def offers(self) -> tuple[str, ...]:
        """The bets a table under these rules offers, by bet ID, in the order the book lists them."""
        ...

    def check_offered(self, bet_id: str) -> str:
        """``bet_id`` if the rules offer it, else the one-line error every game gives."""
        ...

    def changed(self, **changes: Any) -> Self:
        """A copy with some rules changed (by field name), every derived figure following."""
        ...

    def field_names(self) -> list[str]:
        """The names of the rules' fields, in order."""
        ...


R = TypeVar("R", bound=Rules)


class Option(NamedTuple, Generic[R]):
    """An option the command line's ``edges``, ``session`` and ``ruin`` take for one game: it changes the rules value.

    Every figure follows from the rules value, so an option is a change to it:
    baccarat's ``--decks 6`` is a six-deck shoe, craps' ``--odds 2x`` a table
    that posts 2x odds (the line bets with full odds join its bets).

    >>> from casino_math.baccarat import EDGE_OPTIONS, OXFORD
    >>> decks = EDGE_OPTIONS["decks"]
    >>> decks.applied(OXFORD, decks.value("6")).decks
    6
    """

    help: str
    """What the option is, for the command line's help."""
    value: Callable[[str], Any]
    """The option's value from the text typed (a one-line ValueError for text that is not one)."""
    applied: Callable[[R, Any], R]
    """The rules value changed by the option's value."""
    said: Callable[[Any], str]
    """The option's value as a caption says it ("6 decks")."""


@runtime_checkable
class Game(Protocol[R]):
    """What a game's package provides: all that the parts of the library that know no game ask of it.

    A game is a package whose ``__init__`` provides these names (its rules
    class a :class:`Rules`), found by :mod:`casino_math.games`: the book's own
    are listed there, and a package from outside names itself in the
    ``casino_math.games`` entry-point group.  mypy checks a package against the
    contract wherever it is typed as a ``Game`` of its rules class.

    A game may also provide members the library does without, each with a
    default where the game leaves it out (:data:`OPTIONAL`): ``FIRST_BET``, the
    bet the session explorer starts at (:func:`first_bet`), and ``GAME_NAME``,
    the game as a reader sees it named (:func:`game_name`).  The contract grows
    only by such members, so a game written to it before keeps working.

    >>> from casino_math import roulette
    >>> isinstance(roulette, Game)
    True
    """

    @property
    def RULES(self) -> Mapping[str, R]:
        """The named rules values: each rules name (``"oxford"``, ``"single_zero"``; words joined by ``_``) ->
        its value."""
        ...

    @property
    def DEFAULT_RULES(self) -> str:
        """The rules name used when none is given, a key of ``RULES`` (the book's games use the Oxford Casino's,
        ``"oxford"``)."""
        ...

    @property
    def RULES_NAMES(self) -> Mapping[str, str]:
        """Each rules name -> what a reader sees for it where a table puts rules side by side ("Single zero")."""
        ...

    @property
    def BET_IDS(self) -> Sequence[str]:
        """Every bet ID of the game (``"straight"``, ``"place_6"``), in the order the book lists them."""
        ...

    @property
    def BET_NAMES(self) -> Mapping[str, str]:
        """Each bet ID -> what a reader sees for it ("Straight up", "Place 6")."""
        ...

    @property
    def EDGE_OPTIONS(self) -> Mapping[str, Option[R]]:
        """The game's options of the command line (``"decks"``, without its ``--``) -> how each changes the rules."""
        ...

    def rules_named(self, name: str, /) -> R:
        """The rules value called ``name`` in ``RULES``, or a one-line error listing the names there are."""
        ...

    def bet(self, bet_id: str, rules: R, /) -> Bet:
        """The bet ``bet_id`` under ``rules``: an unknown ID is an error suggesting the closest, and a bet the
        rules do not offer is refused by :meth:`Rules.check_offered`."""
        ...

    def edge_bets(self, rules: R, /) -> list[tuple[str, Bet]]:
        """Every bet the rules offer, one of each kind, as ``(bet_id, Bet)`` in the order of ``BET_IDS``."""
        ...

    def twin(self, bet_id: str, bet: Bet, rules: R, size: int, rng: np.random.Generator, /) -> Sample:
        """The bet played about ``size`` times the way the casino plays it (spins, rolls, coups from a shoe),
        settled by the bet's own pay table: the Monte Carlo twin of its exact figures (numpy is imported only
        when it is called)."""
        ...


#: The members a game may leave out -> what the library takes instead (see :func:`first_bet`, :func:`game_name`).
OPTIONAL: Mapping[str, str] = FrozenMap({
    "FIRST_BET": "the first bet that the game's default rules offer",
    "GAME_NAME": "the name the game is registered by, with a capital",
})


def first_bet(game: Game[Any]) -> str:
    """The bet the session explorer starts a game at: its ``FIRST_BET``, else the first its default rules offer.

    >>> from casino_math import craps, roulette
    >>> first_bet(roulette), first_bet(craps)
    ('red', 'pass')
    """
    chosen: str | None = getattr(game, "FIRST_BET", None)
    return chosen if chosen is not None else game.edge_bets(game.RULES[game.DEFAULT_RULES])[0][0]


def game_name(registered: str, game: Game[Any]) -> str:
    """The game as a reader sees it named: its ``GAME_NAME``, else the name it is registered by, with a capital.

    >>> from casino_math import baccarat, craps
    >>> game_name("baccarat", baccarat), game_name("craps", craps)
    ('Mini-baccarat', 'Craps')
    """
    named: str | None = getattr(game, "GAME_NAME", None)
    return named if named is not None else registered.capitalize()


class GameRules:
    """The behaviour every game's frozen, keyword-only rules dataclass shares (each declares its fields)."""

    name: str
    source: str

    def __repr__(self) -> str:
        """A rules value by its name: its fields (a layout, pay tables, a drawing chart) are long to print.

        >>> from casino_math.roulette import OXFORD
        >>> OXFORD
        <RouletteRules: Oxford Casino Hotel, Maine>
        """
        return f"<{type(self).__name__}: {self.name}>"

    def offers(self) -> tuple[str, ...]:
        """The bets a table under these rules offers (each game's rules class says)."""
        raise NotImplementedError

    def check_offered(self, bet_id: str) -> str:
        """``bet_id`` if the rules offer it, else the one-line error every game gives.

        >>> from casino_math.roulette import SINGLE_ZERO
        >>> SINGLE_ZERO.check_offered("top_line")
        Traceback (most recent call last):
        ...
        ValueError: this table (A single-zero (European) wheel) has no top_line bet; it offers: straight, split, street, corner, six_line, red, black, odd, even, low, high, dozen, column
        """
        offered = self.offers()
        if bet_id not in offered:
            raise ValueError(f"this table ({self.name}) has no {bet_id} bet; it offers: {', '.join(offered)}")
        return bet_id

    def changed(self, **changes: Any) -> Self:
        """A copy with some rules changed; a field declared as a pay table may be given as a plain dict.

        >>> from casino_math.craps import OXFORD
        >>> OXFORD.changed(field_pays={**OXFORD.field_pays, 12: 3}).field_pays[12]
        Fraction(3, 1)
        >>> OXFORD.changed(feild_pays={})
        Traceback (most recent call last):
        ...
        TypeError: craps rules have no field 'feild_pays'; the fields are: name, source, bets, naturals, craps, bar, place_pays, buy_pays, lay_pays, commission, commission_paid, odds_offered, take_odds_pays, lay_odds_pays, odds_policy, hardway_pays, field_pays, one_roll_pays, off_on_come_out, pass_may_be_withdrawn, pass_may_be_increased, dont_may_be_withdrawn, dont_may_be_increased, whole_dollars
        """
        known = self.field_names()
        for name in changes:
            if name not in known:
                game = type(self).__module__.removeprefix("casino_math.").split(".")[0]
                raise TypeError(f"{game} rules have no field {name!r}; the fields are: {', '.join(known)}")
        tables = self.pay_table_fields()
        changes = {k: PayTable(v) if k in tables and not isinstance(v, PayTable) else v for k, v in changes.items()}
        return replace(self, **changes)  # type: ignore[type-var]  # every subclass is a frozen dataclass

    @classmethod
    def pay_table_fields(cls) -> list[str]:
        """The names of the fields declared as pay tables (``PayTable`` or ``PayTable[...]``), in order: the fields
        :meth:`changed` takes as a plain dict too.  Any other field, a dict of counts say, is left as it is given.

        >>> from casino_math.craps import CrapsRules
        >>> CrapsRules.pay_table_fields()[:3]
        ['place_pays', 'buy_pays', 'lay_pays']
        """
        declared = fields(cls)  # type: ignore[arg-type]  # every subclass is a frozen dataclass
        return [f.name for f in declared if _is_pay_table(f.type)]

    @classmethod
    def field_names(cls) -> list[str]:
        """The names of the rules' fields, in order.

        >>> from casino_math.baccarat import BaccaratRules
        >>> BaccaratRules.field_names()[:3]
        ['name', 'source', 'decks']
        """
        return [f.name for f in fields(cls)]  # type: ignore[arg-type]  # every subclass is a frozen dataclass


def _is_pay_table(declared: object) -> bool:
    """Whether a field's declared type is a pay table: ``PayTable`` or ``PayTable[...]``, as a class or as the text
    of an annotation (under ``from __future__ import annotations``)."""
    if isinstance(declared, str):
        return re.match(r"(\w+\.)?PayTable\b", declared) is not None
    return declared is PayTable or get_origin(declared) is PayTable


class RulesByName(FrozenMap[str, T]):
    """A game's named rules values: each name spelled one way, words joined by _, and found by either spelling.

    The command line and older code write ``tie-9-to-1``; the table lists ``tie_9_to_1``, and both find it.

    >>> rules = RulesByName({"oxford": 1, "tie_9_to_1": 2})
    >>> rules["tie-9-to-1"], "tie-9-to-1" in rules, list(rules)
    (2, True, ['oxford', 'tie_9_to_1'])
    """

    def __getitem__(self, name: str) -> T:
        return super().__getitem__(name.replace("-", "_") if isinstance(name, str) else name)

    def __contains__(self, name: object) -> bool:
        return super().__contains__(name.replace("-", "_") if isinstance(name, str) else name)


def named(game: str, rules_by_name: Mapping[str, T], name: str) -> T:
    """The rules value called ``name`` among a game's named rules, or an error listing the names there are."""
    if name not in rules_by_name:
        raise ValueError(f"unknown {game} rules {name!r}; the rules are: {', '.join(rules_by_name)}")
    return rules_by_name[name]


def known_bet(game: str, bet_id: str, bet_ids: Sequence[str]) -> str:
    """``bet_id`` if it is one of the game's ``bet_ids``, else an error suggesting the closest of them.

    >>> known_bet("craps", "feild", ["pass", "field"])
    Traceback (most recent call last):
    ...
    ValueError: unknown craps bet 'feild'; did you mean field? (python -m casino_math edges --game craps lists every bet)
    """
    if bet_id in bet_ids:
        return bet_id
    import difflib  # only for the error message

    close = difflib.get_close_matches(str(bet_id), bet_ids, n=3)
    listed = close[0] if len(close) == 1 else ", ".join(close[:-1]) + " or " + close[-1] if close else ""
    hint = f"did you mean {listed}?" if close else f"the bets are: {', '.join(bet_ids)}"
    raise ValueError(f"unknown {game} bet {bet_id!r}; {hint} (python -m casino_math edges --game {game} lists every bet)")


def check_rules(rules: object, kind: type[T], game: str) -> T:
    """``rules`` if it is a rules value of the game, else an error saying how to get one.

    >>> from casino_math.craps import CrapsRules
    >>> check_rules("oxford", CrapsRules, "craps")
    Traceback (most recent call last):
    ...
    TypeError: craps rules must be a rules value such as craps.RULES['oxford'], not the name 'oxford'
    """
    if isinstance(rules, kind):
        return rules
    if isinstance(rules, str):
        raise TypeError(f"{game} rules must be a rules value such as {game}.RULES[{rules!r}], not the name {rules!r}")
    raise TypeError(f"{game} rules must be a rules value such as {game}.RULES[{game}.DEFAULT_RULES], not {rules!r}")


def whole_option(what: str) -> Callable[[str], int]:
    """How an option's text becomes a whole number of at least 1, with a one-line error that names ``what``.

    >>> whole_option("--decks")("6")
    6
    >>> whole_option("--decks")("six")
    Traceback (most recent call last):
    ...
    ValueError: --decks must be a whole number, not 'six'
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{what} must be a whole number, not {text!r}") from None
        if value < 1:
            raise ValueError(f"{what} must be a whole number from 1 up, not {value}")
        return value

    return parse
