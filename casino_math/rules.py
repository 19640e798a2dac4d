"""What every game's rules have in common: a name, a source, pay tables, and changed copies.

A casino's rules for a game are one frozen value.  Roulette's, craps' and
baccarat's rules values differ in their fields, but each is a frozen
dataclass built on :class:`GameRules`, with

- ``name``: whose rules these are, in words a reader recognises;
- ``source``: where they are written down, a key of ``book/references.bib``;
- pay tables as :class:`PayTable` values: what the casino's page names -> the net payout per unit staked;
- :meth:`GameRules.changed`: a copy with some rules changed, every derived figure following.

Names such as ``"oxford"`` are turned into rules values only at the edges of
the library (the command line, the widgets, the classroom) by :func:`named`;
the games' functions take the rules value itself.

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

from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import fields, replace
from fractions import Fraction
from typing import Any, Generic, Self, TypeVar

from .distribution import exact

R = TypeVar("R")
K = TypeVar("K", bound=Hashable)


class PayTable(Mapping[K, Fraction], Generic[K]):
    """An immutable pay table: what the casino names (a total, a kind of bet) -> net payout per unit, exact.

    >>> pays = PayTable({4: Fraction(9, 5), 6: Fraction(7, 6)})
    >>> pays[6], 5 in pays
    (Fraction(7, 6), False)
    >>> pays.with_(6, 1)[6]
    Fraction(1, 1)
    >>> PayTable({6: 1.1667})
    Traceback (most recent call last):
    ...
    TypeError: the payout on 6 1.1667 is a float; use a Fraction or an integer count (a float such as 0.1 is not exactly 1/10)
    """

    __slots__ = ("_pays",)
    _pays: dict[K, Fraction]

    def __init__(self, pays: Mapping[Any, Any] | None = None):
        object.__setattr__(self, "_pays", {k: exact(v, f"the payout on {k!r}") for k, v in dict(pays or {}).items()})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a PayTable is immutable; make a changed copy with with_()")

    def __getitem__(self, key: K) -> Fraction:
        return self._pays[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._pays)

    def __len__(self) -> int:
        return len(self._pays)

    def __hash__(self) -> int:
        return hash(frozenset(self._pays.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __repr__(self) -> str:
        return "PayTable({" + ", ".join(f"{k!r}: {v}" for k, v in self._pays.items()) + "})"

    def with_(self, key: K, payout: object) -> PayTable[K]:
        """A copy of this pay table with ``key`` paying ``payout``."""
        return PayTable({**self._pays, key: payout})


class GameRules:
    """The behaviour every game's frozen rules dataclass shares (each declares ``name`` and ``source``)."""

    name: str
    source: str

    def changed(self, **changes: Any) -> Self:
        """A copy with some rules changed; a pay table may be given as a plain dict.

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
                game = type(self).__module__.split(".")[1]
                raise TypeError(f"{game} rules have no field {name!r}; the fields are: {', '.join(known)}")
        changes = {k: PayTable(v) if isinstance(v, dict) else v for k, v in changes.items()}
        return replace(self, **changes)  # type: ignore[type-var]  # every subclass is a frozen dataclass

    @classmethod
    def field_names(cls) -> list[str]:
        """The names of the rules' fields, in order.

        >>> from casino_math.baccarat import BaccaratRules
        >>> BaccaratRules.field_names()[:3]
        ['name', 'source', 'decks']
        """
        return [f.name for f in fields(cls)]  # type: ignore[arg-type]  # every subclass is a frozen dataclass


def named(game: str, rules_by_name: Mapping[str, R], name: str) -> R:
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


def check_rules(rules: object, kind: type[R], game: str) -> R:
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
    raise TypeError(f"{game} rules must be a rules value such as {game}.RULES['oxford'], not {rules!r}")
