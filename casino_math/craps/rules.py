"""The rules of a craps table as data: what each bet pays, and the rules about commissions and odds.

A rules value is frozen: every derived probability and edge is a function of
one, so swapping the Oxford Casino's table for Québec's by-law, or for a common
variant, changes every number that depends on the difference and nothing else.
Pay tables map what the casino's page names (a total, or a bet) to the net
payout per unit staked, as the page prints it: "9 to 5" is ``Fraction(9, 5)``.

Three named rules values:

- ``oxford``: the craps page of the Oxford Casino Hotel, Oxford, Maine (the default);
- ``quebec``: the "single chances" of Québec's by-law respecting casino games, s. 95.14,
  which defines only the line bets and the field;
- ``vegas``: a common variant of the kind many Las Vegas casinos deal: the field pays
  3 to 1 on the 12, the buy and lay commission is taken only from a win, and the table
  posts 3-4-5x odds.

>>> OXFORD.place_pays[6], OXFORD.field_pays[12], VEGAS.field_pays[12]
(Fraction(7, 6), Fraction(2, 1), Fraction(3, 1))
>>> QUEBEC.bets
('pass', 'dont_pass', 'come', 'dont_come', 'field')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ..bets import Word
from ..distribution import exact
from ..rules import GameRules, Option, PayTable, RulesByName, named
from ..rules import check_rules as _check_rules

if TYPE_CHECKING:
    from .odds import OddsPolicy


class Commission(Word):
    """When a buy or lay bet's commission is paid, in the words of the explorer's buttons."""

    UP_FRONT = "when the bet is made"
    """Paid when the bet is made (returned if the bet is taken down)."""
    ON_WIN = "only on a win"
    """Taken only from a winning payout."""


UP_FRONT, ON_WIN = Commission.UP_FRONT, Commission.ON_WIN
COMMISSION_TIMINGS = tuple(Commission)

#: Every bet on the Oxford layout, by bet ID, in the order the book lists them.
LAYOUT_BETS = (
    "pass", "dont_pass", "come", "dont_come",
    "place_4", "place_5", "place_6", "place_8", "place_9", "place_10",
    "buy_4", "buy_5", "buy_6", "buy_8", "buy_9", "buy_10",
    "lay_4", "lay_5", "lay_6", "lay_8", "lay_9", "lay_10",
    "hard_4", "hard_6", "hard_8", "hard_10",
    "field", "any_7", "any_craps", "craps_2", "craps_3", "craps_12", "yo_11",
    "horn", "horn_high_2", "horn_high_3", "horn_high_11", "horn_high_12",
    "world", "c_and_e", "three_way_craps", "high_low_yo",
)  # fmt: skip

#: The "single chances" of Québec's by-law, s. 95.14.
SINGLE_CHANCES = ("pass", "dont_pass", "come", "dont_come", "field")

#: The line bets with full odds behind them: a table that takes odds offers them, priced under its odds policy.
WITH_ODDS = ("pass_with_odds", "dont_pass_with_odds")


def both_ways(pays: Mapping[int, Fraction | int]) -> dict[int, Fraction]:
    """A pay table for the points 4, 5, 6 extended to their twins 10, 9, 8 (the page lists them in pairs).

    >>> both_ways({4: 2, 5: Fraction(3, 2), 6: Fraction(6, 5)})[9]
    Fraction(3, 2)
    """
    return {**{n: Fraction(x) for n, x in pays.items()}, **{14 - n: Fraction(x) for n, x in pays.items()}}


@dataclass(frozen=True, kw_only=True, repr=False)
class CrapsRules(GameRules):
    """The rules of one craps table, stated the way the casino states them."""

    name: str
    """Who deals craps by these rules."""
    source: str
    """Where the rules are written down (a key of book/references.bib)."""
    bets: tuple[str, ...]
    """The bets these rules define, by bet ID."""
    naturals: frozenset[int] = frozenset({7, 11})
    """The come-out totals on which a Pass (or Come) bet wins at once."""
    craps: frozenset[int] = frozenset({2, 3, 12})
    """The come-out totals on which a Pass (or Come) bet loses at once."""
    bar: int | None = 12
    """The craps total on which Don't Pass and Don't Come push on their first roll instead of winning (None: none)."""
    place_pays: PayTable[int] = field(default_factory=PayTable)
    """Place bets to win: the number -> its payout."""
    buy_pays: PayTable[int] = field(default_factory=PayTable)
    """Buy bets to win: the number -> its payout before commission."""
    lay_pays: PayTable[int] = field(default_factory=PayTable)
    """Lay bets to lose: the number -> its payout before commission."""
    commission: Fraction = Fraction(0)
    """The commission on buy and lay bets: this share of a buy bet, or of what a lay bet would win."""
    commission_paid: Commission = UP_FRONT
    """When the commission is paid: ``UP_FRONT`` (when the bet is made) or ``ON_WIN`` (only from a win)."""
    odds_offered: bool = False
    """Whether odds may be taken or laid behind line bets at all."""
    take_odds_pays: PayTable[int] = field(default_factory=PayTable)
    """Odds behind Pass and Come: the point -> its payout."""
    lay_odds_pays: PayTable[int] = field(default_factory=PayTable)
    """Odds behind Don't Pass and Don't Come: the point -> its payout."""
    odds_policy: str | None = None
    """The odds limit the table posts (``"3-4-5x"``, ``"10x"``), or None where the rules leave it to the table."""
    hardway_pays: PayTable[int] = field(default_factory=PayTable)
    """Hardways: the number -> its payout."""
    field_pays: PayTable[int] = field(default_factory=PayTable)
    """The field: each winning total -> its payout (every other total loses)."""
    one_roll_pays: PayTable[str] = field(default_factory=PayTable)
    """Single-roll bets on one number or one group of numbers: the bet ID -> its payout."""
    off_on_come_out: tuple[str, ...] = ()
    """Bets that have no action on a come-out roll unless the player calls them on."""
    pass_may_be_withdrawn: bool = False
    """Whether a Pass or Come bet may be taken down once its point is set."""
    pass_may_be_increased: bool = False
    """Whether a Pass or Come bet may be raised once its point is set."""
    dont_may_be_withdrawn: bool = True
    """Whether a Don't Pass or Don't Come bet may be taken down once its point is set."""
    dont_may_be_increased: bool = False
    """Whether a Don't Pass or Don't Come bet may be made or raised once its point is set."""
    whole_dollars: bool = False
    """Whether every bet must be made in an amount that is paid in whole dollars."""

    def __post_init__(self) -> None:
        if self.commission_paid not in COMMISSION_TIMINGS:
            raise ValueError(
                f"commission_paid is {self.commission_paid!r}; it must be UP_FRONT ({UP_FRONT.value!r}) "
                f"or ON_WIN ({ON_WIN.value!r})"
            )
        object.__setattr__(self, "commission_paid", Commission(self.commission_paid))
        object.__setattr__(self, "commission", exact(self.commission, "the commission"))

    def offers(self) -> tuple[str, ...]:
        """The bets the rules define, then the line bets with full odds where the table takes odds.

        >>> QUEBEC.offers()
        ('pass', 'dont_pass', 'come', 'dont_come', 'field')
        >>> OXFORD.offers()[-2:]
        ('pass_with_odds', 'dont_pass_with_odds')
        """
        return tuple(dict.fromkeys((*self.bets, *(WITH_ODDS if self.odds_offered else ()))))

    @property
    def points(self) -> tuple[int, ...]:
        """The come-out totals that set a point: neither naturals nor craps.

        >>> OXFORD.points
        (4, 5, 6, 8, 9, 10)
        """
        return tuple(n for n in range(2, 13) if n not in self.naturals | self.craps)


#: The Oxford Casino Hotel's craps page (Oxford, Maine).  Buy bets pay true odds (the page prints only the
#: buy 4 or 10 at 2 to 1); the commission is 5%, paid when the bet is made and returned if it is taken down.
#: The odds limit is "posted at the table", so none is fixed here.
OXFORD = CrapsRules(
    name="Oxford Casino Hotel, Maine",
    source="oxford_casino_rules",
    bets=LAYOUT_BETS,
    place_pays=PayTable(both_ways({4: Fraction(9, 5), 5: Fraction(7, 5), 6: Fraction(7, 6)})),
    buy_pays=PayTable(both_ways({4: 2, 5: Fraction(3, 2), 6: Fraction(6, 5)})),
    lay_pays=PayTable(both_ways({4: Fraction(1, 2), 5: Fraction(2, 3), 6: Fraction(5, 6)})),
    commission=Fraction(5, 100),
    commission_paid=UP_FRONT,
    odds_offered=True,
    take_odds_pays=PayTable(both_ways({4: 2, 5: Fraction(3, 2), 6: Fraction(6, 5)})),
    lay_odds_pays=PayTable(both_ways({4: Fraction(1, 2), 5: Fraction(2, 3), 6: Fraction(5, 6)})),
    odds_policy=None,
    hardway_pays=PayTable(both_ways({4: 7, 6: 9})),
    field_pays=PayTable({2: 2, 3: 1, 4: 1, 9: 1, 10: 1, 11: 1, 12: 2}),
    one_roll_pays=PayTable(
        {"any_7": 4, "any_craps": 7, "craps_2": 30, "craps_3": 15, "craps_12": 30, "yo_11": 15}
    ),
    off_on_come_out=("place", "buy", "hardway"),
    pass_may_be_withdrawn=False,
    pass_may_be_increased=True,
    dont_may_be_withdrawn=True,
    dont_may_be_increased=False,
    whole_dollars=True,
)

#: Québec's by-law respecting casino games, s. 95.14: the single chances only.
QUEBEC = CrapsRules(
    name="Québec, By-law respecting casino games, s. 95.14",
    source="quebec_casino_bylaw",
    bets=SINGLE_CHANCES,
    field_pays=PayTable({2: 2, 3: 1, 4: 1, 9: 1, 10: 1, 11: 1, 12: 2}),
    pass_may_be_withdrawn=False,
    dont_may_be_withdrawn=True,
    dont_may_be_increased=False,
)

#: A common variant: the Oxford layout with the field paying 3 to 1 on the 12, the buy and lay commission
#: taken only from a win, and 3-4-5x odds posted.
VEGAS = OXFORD.changed(
    name="A common Las Vegas variant",
    source="craps_wizard_of_odds",
    field_pays={**OXFORD.field_pays, 12: 3},
    commission_paid=ON_WIN,
    odds_policy="3-4-5x",
)

#: The named rules values; ``DEFAULT_RULES`` names the Oxford Casino's.
RULES: Mapping[str, CrapsRules] = RulesByName({"oxford": OXFORD, "quebec": QUEBEC, "vegas": VEGAS})
DEFAULT_RULES = "oxford"

#: What a reader sees for each rules value where a table puts them side by side.
RULES_NAMES: Mapping[str, str] = {"oxford": "Oxford", "quebec": "Québec", "vegas": "Las Vegas variant"}


def odds_named(text: str) -> str:
    """An odds policy's name as the command line takes it, checked ("2x", "3-4-5x").

    >>> odds_named("3-4-5X")
    '3-4-5x'
    """
    from .odds import odds_policy  # the odds build on these rules

    return odds_policy(text).name


def posting_odds(rules: CrapsRules, policy: str | OddsPolicy) -> CrapsRules:
    """The rules of a table that posts the odds ``policy``: the line bets with full odds join its bets.

    >>> posting_odds(OXFORD, "2x").bets[-2:], posting_odds(OXFORD, "2x").odds_policy
    (('pass_with_odds', 'dont_pass_with_odds'), '2x')
    >>> posting_odds(QUEBEC, "2x")
    Traceback (most recent call last):
    ...
    ValueError: the Québec, By-law respecting casino games, s. 95.14 rules define no odds bets; they define only: pass, dont_pass, come, dont_come, field
    """
    from .odds import policy_for

    name = policy_for(check_rules(rules), policy).name
    return rules.changed(odds_policy=name, bets=tuple(dict.fromkeys((*rules.bets, *WITH_ODDS))))


#: The command line's options for craps: an odds policy, which the table then posts.
EDGE_OPTIONS: Mapping[str, Option[CrapsRules]] = {
    "odds": Option("an odds policy for the line bets, e.g. 1x, 2x, 3-4-5x, 100x", odds_named, posting_odds,
                   lambda policy: f"{policy} odds"),
}

#: What a reader sees for each bet ID: the name on the layout (the Oxford Casino's page spells most of them).
BET_NAMES: Mapping[str, str] = {
    "pass": "Pass line", "dont_pass": "Don't pass", "come": "Come", "dont_come": "Don't come",
    **{f"{kind}_{n}": f"{kind.capitalize()} {n}" for kind in ("place", "buy", "lay") for n in (4, 5, 6, 8, 9, 10)},
    **{f"hard_{n}": f"Hard {n}" for n in (4, 6, 8, 10)},
    "field": "Field", "any_7": "Any seven", "any_craps": "Any craps", "craps_2": "Craps 2 (aces)",
    "craps_3": "Craps 3 (ace-deuce)", "craps_12": "Craps 12 (boxcars)", "yo_11": "Yo (11)", "horn": "Horn",
    **{f"horn_high_{n}": f"Horn high {n}" for n in (2, 3, 11, 12)},
    "world": "World (whirl)", "c_and_e": "C and E", "three_way_craps": "Three-way craps",
    "high_low_yo": "High-low-yo", "pass_with_odds": "Pass line with odds", "dont_pass_with_odds": "Don't pass with odds",
}


def rules_named(name: str) -> CrapsRules:
    """The rules value called ``name``, or an error listing the names there are.

    >>> rules_named("quebec") is QUEBEC
    True
    >>> rules_named("atlantic city")
    Traceback (most recent call last):
    ...
    ValueError: unknown craps rules 'atlantic city'; the rules are: oxford, quebec, vegas
    """
    return named("craps", RULES, name)


def check_rules(rules: object) -> CrapsRules:
    """``rules`` if it is a craps rules value, else an error saying how to get one.

    >>> check_rules("vegas")
    Traceback (most recent call last):
    ...
    TypeError: craps rules must be a rules value such as craps.RULES['vegas'], not the name 'vegas'
    """
    return _check_rules(rules, CrapsRules, "craps")
