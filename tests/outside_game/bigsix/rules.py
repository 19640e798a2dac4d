"""The Big Six wheel's rules as data: how many segments show each symbol, and what each symbol pays.

The money wheel most American casinos spin has 54 segments: 24 show a $1 bill,
15 a $2 bill, 7 a $5 bill, 4 a $10 bill, 2 a $20 bill, one a joker and one
the casino's logo.  A bill pays its face value to 1; the joker and the logo
pay 40 to 1, or 45 to 1 where the house is kinder.  (As published in "Rules
of Money Wheel", Casino Special Event, casinospecialevent.com, with the house
edges 11.11%, 16.67%, 22.22%, 18.52%, 22.22% and 24.07%, or 14.81% at 45 to 1.)

>>> STANDARD.segments["dollar_1"], sum(STANDARD.segments.values()), STANDARD.pays["joker"]
(24, 54, Fraction(40, 1))
>>> STANDARD.changed(segments={**STANDARD.segments, "dollar_1": 23, "dollar_5": 8}).segments["dollar_5"]
8
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from casino_math.bets import PayTable
from casino_math.distribution import FrozenMap
from casino_math.rules import GameRules, Option, RulesByName, check_rules, named, whole_option

#: Every symbol on the wheel, as its bet's ID, in the order the layout shows them.
SYMBOLS = ("dollar_1", "dollar_2", "dollar_5", "dollar_10", "dollar_20", "joker", "logo")


@dataclass(frozen=True, kw_only=True, repr=False)
class BigSixRules(GameRules):
    """A casino's Big Six wheel: its segments and its pay table."""

    name: str
    """Whose wheel this is, in words a reader recognises."""
    source: str
    """Where its segments and payouts are published."""
    segments: Mapping[str, int]
    """How many of the wheel's segments show each symbol (whole numbers, not payouts)."""
    pays: PayTable[str]
    """What a bet on each symbol pays, to 1, when the wheel stops on it."""

    def __post_init__(self) -> None:
        counts = FrozenMap(self.segments)
        if not all(isinstance(n, int) and n >= 0 for n in counts.values()):
            raise ValueError(f"{self.name}: each symbol's segments must be a whole number, not {dict(counts)}")
        object.__setattr__(self, "segments", counts)

    def offers(self) -> tuple[str, ...]:
        """The symbols that are on the wheel and in the pay table."""
        return tuple(s for s in SYMBOLS if self.segments.get(s, 0) > 0 and s in self.pays)


#: The money wheel of 54 segments, its joker and logo paying 40 to 1.
STANDARD = BigSixRules(
    name="The usual 54-segment money wheel",
    source="Rules of Money Wheel, casinospecialevent.com/casino-games-rules/rules-of-money-wheel/",
    segments={"dollar_1": 24, "dollar_2": 15, "dollar_5": 7, "dollar_10": 4, "dollar_20": 2, "joker": 1, "logo": 1},
    pays=PayTable({"dollar_1": 1, "dollar_2": 2, "dollar_5": 5, "dollar_10": 10, "dollar_20": 20, "joker": 40,
                   "logo": 40}),
)

#: The same wheel where the joker and the logo pay 45 to 1.
GENEROUS = STANDARD.changed(name="A money wheel paying 45 to 1 on the joker and logo",
                            pays={**STANDARD.pays, "joker": 45, "logo": 45})

RULES: Mapping[str, BigSixRules] = RulesByName({"standard": STANDARD, "generous": GENEROUS})
DEFAULT_RULES = "standard"
RULES_NAMES: Mapping[str, str] = {"standard": "Standard", "generous": "45 to 1"}
BET_NAMES: Mapping[str, str] = {"dollar_1": "$1", "dollar_2": "$2", "dollar_5": "$5", "dollar_10": "$10",
                                "dollar_20": "$20", "joker": "Joker", "logo": "Logo"}
BET_IDS = SYMBOLS
GAME_NAME = "Big Six wheel"


def joker_pays(rules: BigSixRules, payout: int) -> BigSixRules:
    """The rules with the joker paying ``payout`` to 1."""
    return rules.changed(pays={**rules.pays, "joker": payout})


#: The command line's option: --joker-pays 45.
EDGE_OPTIONS: Mapping[str, Option[BigSixRules]] = {
    "joker-pays": Option("what the joker pays, to 1", whole_option("--joker-pays"), joker_pays,
                         lambda payout: f"joker pays {payout} to 1"),
}


def rules_named(name: str) -> BigSixRules:
    """The rules value called ``name``, or an error listing the names there are."""
    return named("bigsix", RULES, name)


def checked(rules: object) -> BigSixRules:
    """``rules`` if they are Big Six rules, else the library's one-line error."""
    return check_rules(rules, BigSixRules, "bigsix")
