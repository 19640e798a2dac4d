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

from dataclasses import dataclass, field
from fractions import Fraction

from ..distribution import exact
from ..rules import GameRules, PayTable, named
from ..rules import check_rules as _check_rules
from .cards import POINT_VALUES, Shoe, check_decks, check_point_value

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


def _payout(value: object, what: str) -> Fraction:
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

    margin_pays: PayTable[int]
    """Each paying margin of a win without a natural -> its payout, e.g. 9 -> 30 for "by 9 pays 30 to 1"."""

    source: str
    """Where the table is published (a key of book/references.bib)."""

    natural_win: Fraction = Fraction(1)
    """What a win with a natural pays (1: even money)."""

    natural_tie: Fraction = Fraction(0)
    """What a tie between two naturals pays (0: the bet pushes)."""

    def __post_init__(self) -> None:
        pays: PayTable[int] = PayTable({check_point_value(m): _payout(x, f"the payout for a win by {m}")
                         for m, x in dict(self.margin_pays).items()})
        if 0 in pays:
            raise ValueError("a margin of 0 is a tie, not a win; the margins of a win are 1 to 9")
        object.__setattr__(self, "margin_pays", pays)
        object.__setattr__(self, "natural_win", _payout(self.natural_win, "the payout for a natural win"))
        object.__setattr__(self, "natural_tie", _payout(self.natural_tie, "the payout for a natural tie"))

    def pays(self) -> PayTable[str]:
        """The table as the lines a coup can land on: line name -> net payout per unit.

        >>> DRAGON_BONUS.pays()["win by 9"], DRAGON_BONUS.pays()["natural tie"], DRAGON_BONUS.pays()["lose"]
        (Fraction(30, 1), Fraction(0, 1), Fraction(-1, 1))
        """
        lines: dict[str, Fraction] = {f"win by {m}": x for m, x in self.margin_pays.items()}
        return PayTable({**lines, "natural win": self.natural_win, "natural tie": self.natural_tie, "lose": -1})


#: The Dragon Bonus table as widely published (Rivers Casino Des Plaines; the Wizard of Odds).
#: The Oxford page names the bet but does not print its table.
DRAGON_BONUS = DragonBonusTable(
    "standard", PayTable({9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}), source="baccarat_rivers",
)

#: A second published Dragon Bonus table (Cypress Bayou Casino's mini-baccarat page):
#: win by 6 or 7 pays 4 to 1, win by 4 or 5 pays 2 to 1.
DRAGON_BONUS_CYPRESS_BAYOU = DragonBonusTable(
    "Cypress Bayou", PayTable({9: 30, 8: 10, 7: 4, 6: 4, 5: 2, 4: 2}), source="baccarat_cypress",
)


#: The bets the Oxford Casino posts, by bet ID.
POSTED_BETS = ("banker", "player", "tie", "dragon_bonus_player", "dragon_bonus_banker")

#: The side bets as usually paid: EZ Baccarat's Dragon 7 and Panda 8 (the Wizard of Odds, EZ Baccarat), and the
#: pair bets (the Wizard of Odds, baccarat side bets: a pair 11 to 1, either pair 5 to 1, a perfect pair 25 to 1).
SIDE_BET_PAYS = {"dragon_7": 40, "panda_8": 25, "player_pair": 11, "banker_pair": 11, "either_pair": 5,
                 "perfect_pair": 25}


@dataclass(frozen=True)
class BaccaratRules(GameRules):
    """A casino's mini-baccarat rules: the shoe, the pay tables and the drawing rules."""

    name: str
    """Whose rules these are."""

    source: str
    """Where the rules are published (a key of book/references.bib)."""

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

    bets: tuple[str, ...] = POSTED_BETS
    """The bets the table posts, by bet ID (the pair bets are listed beside them wherever a shoe allows)."""

    side_bet_pays: PayTable[str] = field(default_factory=lambda: PayTable(SIDE_BET_PAYS))
    """The other side bets as usually paid: bet ID -> payout (the Dragon 7, the Panda 8 and the pair bets)."""

    drawing: DrawingRules = STANDARD_DRAWING
    """When the player and the banker draw a third card."""

    def __post_init__(self) -> None:
        check_decks(self.decks)
        for what in ("player_pays", "banker_pays", "tie_pays"):
            object.__setattr__(self, what, _payout(getattr(self, what), f"{self.name}: {what}"))

    @property
    def full_shoe(self) -> Shoe:
        """The shoe these rules deal from before any card is dealt.

        >>> OXFORD.full_shoe.size, OXFORD.changed(decks=6).full_shoe.size
        (416, 312)
        """
        return Shoe.of_decks(self.decks)


#: The Oxford Casino Hotel's mini-baccarat page (Oxford, Maine): eight decks, the banker paid 1 to 1 less 5%,
#: the tie 8 to 1, and a Dragon Bonus whose table the page does not print (the standard table is assumed).
OXFORD = BaccaratRules("Oxford Casino Hotel, Maine", source="oxford_casino_rules")

#: Oxford's rules with the tie paying 9 to 1, as some casinos pay it.
TIE_9_TO_1 = OXFORD.changed(name="Oxford's rules with the tie paying 9 to 1", tie_pays=9, source="baccarat_woo")

#: EZ Baccarat: no commission; a banker win with a three-card 7 pushes; the Dragon 7 and Panda 8 side bets.
EZ = OXFORD.changed(name="EZ Baccarat", banker_pays=1, banker_three_card_seven_pushes=True,
                    bets=("banker", "player", "tie", "dragon_7", "panda_8"), source="baccarat_woo_ez")

#: Oxford's rules with Cypress Bayou Casino's Dragon Bonus table.
CYPRESS_BAYOU_DRAGON = OXFORD.changed(name="Oxford's rules with Cypress Bayou's Dragon Bonus table",
                                      dragon_bonus=DRAGON_BONUS_CYPRESS_BAYOU, source="baccarat_cypress")

#: The rules values a chapter, a test or the command line can name.
RULES: dict[str, BaccaratRules] = {
    "oxford": OXFORD,
    "tie-9-to-1": TIE_9_TO_1,
    "ez": EZ,
    "cypress-bayou-dragon": CYPRESS_BAYOU_DRAGON,
}

#: The rules used when none are named.
DEFAULT_RULES = "oxford"

#: What a reader sees for each rules value where a table puts them side by side.
RULES_NAMES: dict[str, str] = {
    "oxford": "Oxford", "tie-9-to-1": "Tie 9 to 1", "ez": "EZ Baccarat", "cypress-bayou-dragon": "Cypress Bayou Dragon",
}


def rules_named(name: str) -> BaccaratRules:
    """The rules value called ``name`` in :data:`RULES`, or an error listing the names there are.

    >>> rules_named("tie-9-to-1").tie_pays
    Fraction(9, 1)
    >>> rules_named("atlantis")
    Traceback (most recent call last):
    ...
    ValueError: unknown baccarat rules 'atlantis'; the rules are: oxford, tie-9-to-1, ez, cypress-bayou-dragon
    """
    return named("baccarat", RULES, name)


def check_rules(rules: object) -> BaccaratRules:
    """``rules`` if it is a baccarat rules value, else an error saying how to get one.

    >>> check_rules("oxford")
    Traceback (most recent call last):
    ...
    TypeError: baccarat rules must be a rules value such as baccarat.RULES['oxford'], not the name 'oxford'
    """
    return _check_rules(rules, BaccaratRules, "baccarat")
