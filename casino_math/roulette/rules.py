"""The rules of a roulette table as data: its wheel, its layout and its pay table.

A rules value is frozen: every probability and edge is a function of one, so
swapping the Oxford Casino's double-zero table for a single-zero one changes
every number that depends on the difference and nothing else.  The pay table
maps each kind of bet to its payout "x to 1", as the casino's page prints it.

Three named rules values:

- ``oxford``: the roulette page of the Oxford Casino Hotel, Oxford, Maine (the default): 0 and 00;
- ``single_zero``: a single-zero (European) wheel, with the trios where the zero meets the first row;
- ``la_partage``: the same wheel under the French rule that an even-money bet loses only half
  its stake when the ball lands on zero.

>>> OXFORD.pays["split"], len(OXFORD.wheel), len(SINGLE_ZERO.wheel)
(Fraction(17, 1), 38, 37)
>>> "top_line" in SINGLE_ZERO.pays, LA_PARTAGE.la_partage
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..rules import GameRules, Option, PayTable, RulesByName, named
from ..rules import check_rules as _check_rules
from .layout import AMERICAN_LAYOUT, SINGLE_ZERO_LAYOUT, parse_layout


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


#: The pockets in the order they sit around each wheel, clockwise from 0.
AMERICAN_WHEEL = _words("0 28 9 26 30 11 7 20 32 17 5 22 34 15 3 24 36 13 1 00 27 10 25 29 12 8 19 31 18 6 21 33 16 4 23 35 14 2")
EUROPEAN_WHEEL = _words("0 32 15 19 4 21 2 25 17 34 6 27 13 36 11 30 8 23 10 5 24 16 33 1 20 14 31 9 22 18 29 7 28 12 35 3 26")

#: The red numbers; the other numbers 1-36 are black and the zeros are green.
#: The rule behind the list: from 1 to 10 and 19 to 28 the odd numbers are
#: red, from 11 to 18 and 29 to 36 the even ones.
RED = frozenset(_words("1 3 5 7 9 12 14 16 18 19 21 23 25 27 30 32 34 36"))

#: The kinds of bet, inside then outside, by the IDs the command line prints.
INSIDE = ("straight", "split", "street", "corner", "top_line", "six_line")
OUTSIDE = ("red", "black", "odd", "even", "low", "high", "dozen", "column")
KINDS = INSIDE + OUTSIDE
EVEN_MONEY = ("red", "black", "odd", "even", "low", "high")

#: The Oxford Casino's pay table (its roulette rules page), "x to 1" by kind
#: of bet.  The page calls the six line a "line bet".
OXFORD_PAYS: PayTable[str] = PayTable({
    "straight": 35,
    "split": 17,
    "street": 11,
    "corner": 8,
    "top_line": 6,
    "six_line": 5,
    "dozen": 2,
    "column": 2,
    "red": 1,
    "black": 1,
    "odd": 1,
    "even": 1,
    "low": 1,
    "high": 1,
})

#: The single-zero table pays the same, and has no five-number top line.
SINGLE_ZERO_PAYS: PayTable[str] = PayTable({kind: x for kind, x in OXFORD_PAYS.items() if kind != "top_line"})


@dataclass(frozen=True, kw_only=True, repr=False)
class RouletteRules(GameRules):
    """The rules of one roulette table: its wheel, its layout and its pay table."""

    name: str
    """Whose table deals by these rules, in words a reader recognises."""
    source: str
    """Where the rules are written down (a key of book/references.bib)."""
    wheel: tuple[str, ...]
    """The pockets in their order around the wheel; every pocket is equally likely."""
    layout: str
    """The betting layout drawn as text, one box per pocket; legal inside bets are read from it."""
    pays: PayTable[str]
    """What each kind of bet pays, "x to 1"; a kind left out is not offered at this table."""
    zero_trios: bool = False
    """Whether a street may be one of the trios where the zeros meet the first row (0-1-2 and the like)."""
    la_partage: bool = False
    """Whether an even-money bet gets half its stake back when the ball lands on a zero."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "pays", PayTable(self.pays))
        unknown = set(self.pays) - set(KINDS)
        if unknown:
            raise ValueError(f"rules {self.name!r}: unknown kinds of bet {sorted(unknown)}; the kinds are {KINDS}")
        if set(self.wheel) != set(parse_layout(self.layout).boxes):
            raise ValueError(f"rules {self.name!r}: the wheel and the layout must have the same pockets")

    def offers(self) -> tuple[str, ...]:
        """The kinds of bet the table offers: those its pay table lists, inside then outside.

        >>> SINGLE_ZERO.offers()[:5]
        ('straight', 'split', 'street', 'corner', 'six_line')
        """
        return tuple(kind for kind in KINDS if kind in self.pays)


#: The Oxford Casino Hotel's roulette page (Oxford, Maine): a double-zero wheel; the trios at the zeros are not taken.
OXFORD = RouletteRules(
    name="Oxford Casino Hotel, Maine",
    source="oxford_casino_rules",
    wheel=AMERICAN_WHEEL,
    layout=AMERICAN_LAYOUT,
    pays=OXFORD_PAYS,
)

#: A single-zero (European) wheel and layout, paying as Oxford does; the trios 0-1-2 and 0-2-3 are streets.
SINGLE_ZERO = RouletteRules(
    name="A single-zero (European) wheel",
    source="roulette_wizard",
    wheel=EUROPEAN_WHEEL,
    layout=SINGLE_ZERO_LAYOUT,
    pays=SINGLE_ZERO_PAYS,
    zero_trios=True,
)

#: The single-zero wheel under la partage: an even-money bet loses half its stake on a zero.
LA_PARTAGE = SINGLE_ZERO.changed(name="A single-zero wheel with la partage", la_partage=True)

#: The named rules values, by the names the command line takes; ``DEFAULT_RULES`` names the Oxford Casino's.
RULES: Mapping[str, RouletteRules] = RulesByName(
    {"oxford": OXFORD, "single_zero": SINGLE_ZERO, "la_partage": LA_PARTAGE})
DEFAULT_RULES = "oxford"

#: The bet the session explorer starts roulette at: red, even money.
FIRST_BET = "red"

#: What a reader sees for each rules value where a table puts them side by side.
RULES_NAMES: Mapping[str, str] = {"oxford": "Oxford", "single_zero": "Single zero", "la_partage": "La partage"}

#: The command line's options for roulette: none (every rules value is named whole).
EDGE_OPTIONS: Mapping[str, Option[RouletteRules]] = {}

#: What a reader sees for each bet ID: the name the layout and the chapters use.
BET_NAMES: Mapping[str, str] = {
    "straight": "Straight up", "split": "Split", "street": "Street", "corner": "Corner", "top_line": "Top line",
    "six_line": "Six line", "red": "Red", "black": "Black", "odd": "Odd", "even": "Even",
    "low": "Low (1-18)", "high": "High (19-36)", "dozen": "Dozen", "column": "Column",
}


def rules_named(name: str) -> RouletteRules:
    """The rules value called ``name``, or an error listing the names there are.

    >>> rules_named("single_zero").la_partage
    False
    >>> rules_named("monte_carlo")
    Traceback (most recent call last):
    ...
    ValueError: unknown roulette rules 'monte_carlo'; the rules are: oxford, single_zero, la_partage
    """
    return named("roulette", RULES, name)


def check_rules(rules: object) -> RouletteRules:
    """``rules`` if it is a roulette rules value; a name is refused, with how to get the value it names.

    >>> check_rules("single_zero")
    Traceback (most recent call last):
    ...
    TypeError: roulette rules must be a rules value such as roulette.RULES['single_zero'], not the name 'single_zero'
    """
    return _check_rules(rules, RouletteRules, "roulette")
