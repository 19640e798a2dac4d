"""The rules of mini-baccarat as data: the drawing rules, the pay tables, and named casinos' rules.

The drawing rules are written the way casinos print them.  The player's rule
is one row: for each two-card total, draw (D), stand (S) or natural (N).  The
banker's rule is a chart: a row for each banker two-card total from 0 to 7,
a column for each card the player drew as a third card, and a last column for
when the player stood (had 6 or 7 and took no card).  A two-card 8 or 9 is a
natural: nobody draws.

>>> print(STANDARD_DRAWING.banker_chart_text())
banker  player's third card             player
total   0  1  2  3  4  5  6  7  8  9    stood
0       D  D  D  D  D  D  D  D  D  D    D
1       D  D  D  D  D  D  D  D  D  D    D
2       D  D  D  D  D  D  D  D  D  D    D
3       D  D  D  D  D  D  D  D  S  D    D
4       S  S  D  D  D  D  D  D  S  S    D
5       S  S  S  S  D  D  D  D  S  S    D
6       S  S  S  S  S  S  D  D  S  S    S
7       S  S  S  S  S  S  S  S  S  S    S
>>> RULES["oxford"].tie_pays, RULES["oxford"].banker_pays
(Fraction(8, 1), Fraction(19, 20))
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..distribution import exact
from .cards import POINT_VALUES, check_decks, check_point_value

#: A two-card total of 8 or 9 is a natural: neither hand draws.
NATURALS = frozenset({8, 9})

#: The player's rule as casinos print it: D draws, S stands, N is a natural.
PLAYER_RULE = """
player total  0  1  2  3  4  5  6  7  8  9
player        D  D  D  D  D  D  S  S  N  N
"""

#: The banker's chart as casinos print it: banker two-card total (rows) by the
#: player's third card (columns), or "stood" when the player took no card.
BANKER_CHART = """
banker  player's third card             player
total   0  1  2  3  4  5  6  7  8  9    stood
0       D  D  D  D  D  D  D  D  D  D    D
1       D  D  D  D  D  D  D  D  D  D    D
2       D  D  D  D  D  D  D  D  D  D    D
3       D  D  D  D  D  D  D  D  S  D    D
4       S  S  D  D  D  D  D  D  S  S    D
5       S  S  S  S  D  D  D  D  S  S    D
6       S  S  S  S  S  S  D  D  S  S    S
7       S  S  S  S  S  S  S  S  S  S    S
"""

#: The column of the banker's chart used when the player stood.
STOOD = None


def read_player_rule(text: str) -> frozenset[int]:
    """The player's two-card totals that draw, read from a printed rule like :data:`PLAYER_RULE`.

    >>> sorted(read_player_rule(PLAYER_RULE))
    [0, 1, 2, 3, 4, 5]
    """
    rows = [line.split() for line in text.strip().splitlines()]
    marks = rows[-1][-len(POINT_VALUES):]
    if len(marks) != len(POINT_VALUES) or set(marks) - {"D", "S", "N"}:
        raise ValueError("the player's rule needs a mark D, S or N for each total 0 to 9")
    return frozenset(total for total, mark in zip(POINT_VALUES, marks) if mark == "D")


def read_banker_chart(text: str) -> frozenset[tuple[int, int | None]]:
    """The (banker total, player's third card or STOOD) cells where the banker draws, read from a chart.

    >>> cells = read_banker_chart(BANKER_CHART)
    >>> (3, 8) in cells, (3, 9) in cells, (6, STOOD) in cells, (5, STOOD) in cells
    (False, True, False, True)
    """
    draws = set()
    rows = [line.split() for line in text.strip().splitlines() if line[:1].isdigit()]
    if [int(row[0]) for row in rows] != list(range(8)):
        raise ValueError("the banker's chart needs one row for each banker total 0 to 7")
    for row in rows:
        marks = row[1:]
        if len(marks) != len(POINT_VALUES) + 1 or set(marks) - {"D", "S"}:
            raise ValueError(f"row {row[0]} of the banker's chart needs 11 marks, D or S")
        for column, mark in zip([*POINT_VALUES, STOOD], marks):
            if mark == "D":
                draws.add((int(row[0]), column))
    return frozenset(draws)


@dataclass(frozen=True)
class DrawingRules:
    """When each hand takes a third card.  Nobody draws when either hand has a natural."""

    player_draws: frozenset[int] = field(default_factory=lambda: read_player_rule(PLAYER_RULE))
    """The player's two-card totals on which the player draws a third card."""

    banker_draws: frozenset[tuple[int, int | None]] = field(default_factory=lambda: read_banker_chart(BANKER_CHART))
    """The cells (banker two-card total, player's third card or STOOD) on which the banker draws."""

    def player_draws_on(self, player_total: int) -> bool:
        """Whether the player draws on this two-card total (when no hand has a natural).

        >>> STANDARD_DRAWING.player_draws_on(5), STANDARD_DRAWING.player_draws_on(6)
        (True, False)
        """
        return check_point_value(player_total) in self.player_draws

    def banker_draws_on(self, banker_total: int, player_third_card: int | None) -> bool:
        """Whether the banker draws on this two-card total, given the player's third card (STOOD if none).

        >>> STANDARD_DRAWING.banker_draws_on(6, 7), STANDARD_DRAWING.banker_draws_on(6, STOOD)
        (True, False)
        """
        check_point_value(banker_total)
        if player_third_card is not STOOD:
            check_point_value(player_third_card)
        return (banker_total, player_third_card) in self.banker_draws

    def banker_chart_text(self) -> str:
        """The banker's chart printed back as text, in the layout of :data:`BANKER_CHART`.

        >>> STANDARD_DRAWING.banker_chart_text() == BANKER_CHART.strip()
        True
        """
        lines = ["banker  player's third card             player", "total   " + "  ".join(map(str, POINT_VALUES)) + "    stood"]
        for total in range(8):
            marks = ["D" if (total, x) in self.banker_draws else "S" for x in POINT_VALUES]
            stood = "D" if (total, STOOD) in self.banker_draws else "S"
            lines.append(f"{total}       " + "  ".join(marks) + f"    {stood}")
        return "\n".join(lines)


#: The drawing rules every casino uses for punto banco and mini-baccarat.
STANDARD_DRAWING = DrawingRules()


def _payout(value, what: str) -> Fraction:
    q = exact(value, what)
    if q < 0:
        raise ValueError(f"{what} is {q}; a payout is what a win pays per unit staked, 0 or more")
    return q


@dataclass(frozen=True)
class DragonBonusTable:
    """A pay table of the Dragon Bonus, a side bet on one hand (player or banker) winning well.

    A win with a natural pays ``natural_win``; a tie of two naturals pays
    ``natural_tie`` (0: a push); a win without a natural pays according to the
    margin (winning total minus losing total); anything else loses.
    """

    name: str
    """A short name for the table."""

    margin_pays: tuple[tuple[int, Fraction], ...]
    """(margin, net payout) for each paying margin of a win without a natural, e.g. (9, 30) for "by 9 pays 30 to 1"."""

    natural_win: Fraction = Fraction(1)
    """What a win with a natural pays (1: even money)."""

    natural_tie: Fraction = Fraction(0)
    """What a tie between two naturals pays (0: the bet pushes)."""

    source: str = ""
    """Where the table is published."""

    def __post_init__(self):
        pays = tuple((check_point_value(m), _payout(x, f"the payout for a win by {m}")) for m, x in self.margin_pays)
        if any(m == 0 for m, _ in pays):
            raise ValueError("a margin of 0 is a tie, not a win; the margins of a win are 1 to 9")
        object.__setattr__(self, "margin_pays", pays)
        object.__setattr__(self, "natural_win", _payout(self.natural_win, "the payout for a natural win"))
        object.__setattr__(self, "natural_tie", _payout(self.natural_tie, "the payout for a natural tie"))

    def pays(self) -> dict[str, Fraction]:
        """The table as pay-table lines: line name -> net payout per unit.

        >>> DRAGON_BONUS.pays()["win by 9"], DRAGON_BONUS.pays()["natural tie"], DRAGON_BONUS.pays()["lose"]
        (Fraction(30, 1), Fraction(0, 1), Fraction(-1, 1))
        """
        lines = {f"win by {m}": x for m, x in self.margin_pays}
        return {**lines, "natural win": self.natural_win, "natural tie": self.natural_tie, "lose": Fraction(-1)}


#: The Dragon Bonus table as widely published (e.g. Rivers Casino Des Plaines; the Wizard of Odds).
#: The Oxford page names the bet but does not print its table.
DRAGON_BONUS = DragonBonusTable(
    "standard",
    ((9, Fraction(30)), (8, Fraction(10)), (7, Fraction(6)), (6, Fraction(4)), (5, Fraction(2)), (4, Fraction(1))),
    source="Rivers Casino Des Plaines mini-baccarat rules; Wizard of Odds, baccarat appendix 5",
)

#: A second published Dragon Bonus table (Cypress Bayou Casino's mini-baccarat page):
#: win by 6 or 7 pays 4 to 1, win by 4 or 5 pays 2 to 1.
DRAGON_BONUS_CYPRESS_BAYOU = DragonBonusTable(
    "Cypress Bayou",
    ((9, Fraction(30)), (8, Fraction(10)), (7, Fraction(4)), (6, Fraction(4)), (5, Fraction(2)), (4, Fraction(2))),
    source="Cypress Bayou Casino, mini-baccarat rules page",
)


@dataclass(frozen=True)
class Rules:
    """A casino's mini-baccarat rules: the shoe, the pay tables and the drawing rules."""

    name: str
    """Whose rules these are."""

    decks: int = 8
    """How many 52-card decks the shoe holds."""

    player_pays: Fraction = Fraction(1)
    """What a winning player bet pays per unit (1: even money)."""

    banker_pays: Fraction = Fraction(19, 20)
    """What a winning banker bet pays per unit: even money less a 5% commission on the win."""

    tie_pays: Fraction = Fraction(8)
    """What a winning tie bet pays per unit (player and banker bets push on a tie)."""

    banker_three_card_seven_pushes: bool = False
    """EZ Baccarat's rule: a banker bet that wins with a three-card 7 pushes (its other wins pay banker_pays)."""

    dragon_bonus: DragonBonusTable = DRAGON_BONUS
    """The Dragon Bonus pay table (the same for the player and the banker side)."""

    drawing: DrawingRules = STANDARD_DRAWING
    """When the player and the banker draw a third card."""

    source: str = ""
    """Where the rules are published."""

    def __post_init__(self):
        check_decks(self.decks)
        for what in ("player_pays", "banker_pays", "tie_pays"):
            object.__setattr__(self, what, _payout(getattr(self, what), f"{self.name}: {what}"))

    def with_decks(self, decks: int) -> Rules:
        """The same rules with a shoe of ``decks`` decks.

        >>> RULES["oxford"].with_decks(6).decks
        6
        """
        return replace(self, decks=check_decks(decks))


OXFORD = Rules(
    "Oxford Casino (Maine): eight decks, banker pays 1 to 1 less 5%, tie pays 8 to 1, Dragon Bonus",
    source="Oxford Casino Hotel, Mini-Baccarat rules page",
)

#: The rules values a chapter, a test or the command line can name.
RULES: dict[str, Rules] = {
    "oxford": OXFORD,
    "tie-9-to-1": replace(OXFORD, name="Oxford's rules with the tie paying 9 to 1, as some casinos pay it",
                          tie_pays=Fraction(9), source="a common variant (Wizard of Odds, baccarat)"),
    "ez-baccarat": replace(OXFORD, name="EZ Baccarat: no commission, a banker win with a three-card 7 pushes",
                           banker_pays=Fraction(1), banker_three_card_seven_pushes=True,
                           source="EZ Baccarat (Wizard of Odds, EZ Baccarat)"),
    "cypress-bayou-dragon": replace(OXFORD, name="Oxford's rules with Cypress Bayou's Dragon Bonus table",
                                    dragon_bonus=DRAGON_BONUS_CYPRESS_BAYOU,
                                    source="Cypress Bayou Casino, mini-baccarat rules page"),
}

#: The rules used when none are named.
DEFAULT_RULES = "oxford"


def rules_named(rules) -> Rules:
    """A Rules value from a name in :data:`RULES` or a Rules value itself.

    >>> rules_named("tie-9-to-1").tie_pays
    Fraction(9, 1)
    >>> rules_named("atlantis")
    Traceback (most recent call last):
    ...
    ValueError: unknown baccarat rules 'atlantis'; the rules are: oxford, tie-9-to-1, ez-baccarat, cypress-bayou-dragon
    """
    if isinstance(rules, Rules):
        return rules
    if rules not in RULES:
        raise ValueError(f"unknown baccarat rules {rules!r}; the rules are: {', '.join(RULES)}")
    return RULES[rules]
