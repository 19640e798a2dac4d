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
>>> RULES["oxford"].pays["tie"], RULES["oxford"].pays["banker"]
(Fraction(8, 1), Fraction(19, 20))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, NamedTuple, Self

from ..bets import LOSE
from ..distribution import FrozenMap, exact
from ..rules import GameRules, Option, PayTable, RulesByName, named, whole_option
from ..rules import check_rules as _check_rules
from .cards import POINT_VALUES, Shoe, check_decks, check_point_value

#: A two-card total of 8 or 9 is a natural: neither hand draws.
NATURALS = frozenset({8, 9})

#: The lines of a Dragon Bonus table for a coup that ends on naturals.
NATURAL_WIN, NATURAL_TIE = "natural win", "natural tie"

#: What the Dragon Bonus pays on naturals as usually published: a natural win even money, a natural tie a push.
NATURAL_PAYS: PayTable[str] = PayTable({NATURAL_WIN: 1, NATURAL_TIE: 0})

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
    return frozenset(total for total, mark in zip(POINT_VALUES, marks, strict=True) if mark == "D")


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
        for column, mark in zip([*POINT_VALUES, STOOD], marks, strict=True):
            if mark == "D":
                draws.add((int(row[0]), column))
    return frozenset(draws)


class Procedure(NamedTuple):
    """What the drawing rules say once the two hands' two-card totals are known."""

    player_draws: bool
    """Whether the player takes a third card."""
    banker_draws_on: frozenset[int | None]
    """The player's third cards (STOOD if the player stood) on which the banker then draws."""


@dataclass(frozen=True, kw_only=True)
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

    def procedure(self, player_total: int, banker_total: int) -> Procedure:
        """The drawing procedure from two-card totals: whether the player draws, and on what the banker does.

        A natural in either hand stops both; otherwise the player draws by the
        player's row, and the banker by the chart's row for the banker's total,
        in the column of the player's third card (or STOOD).  Every enumeration
        and simulation of a coup reads the procedure here (the exact enumeration reads
        :attr:`procedures` directly, their totals already whole numbers 0 to 9).

        >>> STANDARD_DRAWING.procedure(9, 0)              # a natural: nobody draws
        Procedure(player_draws=False, banker_draws_on=frozenset())
        >>> STANDARD_DRAWING.procedure(7, 5)              # the player stands on 7; the banker draws on 5
        Procedure(player_draws=False, banker_draws_on=frozenset({None}))
        >>> sorted(STANDARD_DRAWING.procedure(2, 6).banker_draws_on)    # the banker's 6 draws on a third 6 or 7
        [6, 7]
        """
        return self.procedures[(check_point_value(player_total), check_point_value(banker_total))]

    @cached_property
    def procedures(self) -> FrozenMap[tuple[int, int], Procedure]:
        """The :meth:`procedure` for every pair of two-card totals (player, banker), worked out once from the rules.

        >>> len(STANDARD_DRAWING.procedures), STANDARD_DRAWING.procedures[(5, 3)] == STANDARD_DRAWING.procedure(5, 3)
        (100, True)
        """
        table = {}
        for p in POINT_VALUES:
            for b in POINT_VALUES:
                natural = p in NATURALS or b in NATURALS
                player_draws = not natural and p in self.player_draws
                thirds = POINT_VALUES if player_draws else (STOOD,)
                banker = frozenset() if natural else frozenset(x for x in thirds if (b, x) in self.banker_draws)
                table[(p, b)] = Procedure(player_draws, banker)
        return FrozenMap(table)

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


@dataclass(frozen=True, kw_only=True)
class DragonBonusTable:
    """A pay table of the Dragon Bonus, a side bet on one hand (player or banker) winning well.

    A win with a natural pays its ``natural_pays`` line "natural win"; a tie of
    two naturals pays its line "natural tie" (0: a push); a win without a
    natural pays according to the margin (winning total minus losing total);
    anything else loses.
    """

    name: str
    """A short name for the table."""

    source: str
    """Where the table is published (a key of book/references.bib)."""

    margin_pays: PayTable[int]
    """Each paying margin of a win without a natural -> its payout, e.g. 9 -> 30 for "by 9 pays 30 to 1"."""

    natural_pays: PayTable[str] = NATURAL_PAYS
    """What a win with a natural pays (1: even money), and a tie between two naturals (0: the bet pushes)."""

    def __post_init__(self) -> None:
        pays: PayTable[int] = PayTable({check_point_value(m): _payout(x, f"the payout for a win by {m}")
                                        for m, x in dict(self.margin_pays).items()})
        if 0 in pays:
            raise ValueError("a margin of 0 is a tie, not a win; the margins of a win are 1 to 9")
        naturals: PayTable[str] = PayTable({line: _payout(x, f"the payout for a {line}") for line, x in dict(self.natural_pays).items()})
        if set(naturals) != {NATURAL_WIN, NATURAL_TIE}:
            raise ValueError(f"the natural pays are for a {NATURAL_WIN} and a {NATURAL_TIE}, not {sorted(naturals)}")
        object.__setattr__(self, "margin_pays", pays)
        object.__setattr__(self, "natural_pays", naturals)

    @property
    def natural_win(self) -> Fraction:
        """What a win with a natural pays."""
        return self.natural_pays[NATURAL_WIN]

    @property
    def natural_tie(self) -> Fraction:
        """What a tie between two naturals pays."""
        return self.natural_pays[NATURAL_TIE]

    def pays(self) -> PayTable[str]:
        """The table as the lines a coup can land on: line name -> net payout per unit.

        >>> DRAGON_BONUS.pays()["win by 9"], DRAGON_BONUS.pays()["natural tie"], DRAGON_BONUS.pays()[LOSE]
        (Fraction(30, 1), Fraction(0, 1), Fraction(-1, 1))
        """
        lines: dict[str, Fraction] = {f"win by {m}": x for m, x in self.margin_pays.items()}
        return PayTable({**lines, **self.natural_pays, LOSE: -1})


#: The Dragon Bonus table as widely published (Rivers Casino Des Plaines; the Wizard of Odds).
#: The Oxford page names the bet but does not print its table.
DRAGON_BONUS = DragonBonusTable(
    name="standard", source="baccarat_rivers", margin_pays=PayTable({9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}),
)

#: A second published Dragon Bonus table (Cypress Bayou Casino's mini-baccarat page):
#: win by 6 or 7 pays 4 to 1, win by 4 or 5 pays 2 to 1.
DRAGON_BONUS_CYPRESS_BAYOU = DragonBonusTable(
    name="Cypress Bayou", source="baccarat_cypress", margin_pays=PayTable({9: 30, 8: 10, 7: 4, 6: 4, 5: 2, 4: 2}),
)


#: What a reader sees for each bet ID: the name on the table's layout.  Every bet ID, in the order the book lists them.
BET_NAMES: Mapping[str, str] = {
    "banker": "Banker", "player": "Player", "tie": "Tie", "dragon_bonus_player": "Dragon Bonus (player)",
    "dragon_bonus_banker": "Dragon Bonus (banker)", "dragon_7": "Dragon 7", "panda_8": "Panda 8",
    "player_pair": "Player pair", "banker_pair": "Banker pair", "either_pair": "Either pair",
    "perfect_pair": "Perfect pair",
}

#: Every bet ID, in the order the book lists them.
BET_IDS = tuple(BET_NAMES)

#: The pair bets, listed beside the bets a table posts wherever a shoe knows each card's rank and suit.
PAIR_BETS = ("player_pair", "banker_pair", "either_pair", "perfect_pair")

#: The bets the Oxford Casino posts, by bet ID.
POSTED_BETS = ("banker", "player", "tie", "dragon_bonus_player", "dragon_bonus_banker")

#: What a win pays, by bet ID: the main bets at the Oxford Casino (the banker 1 to 1 less a 5% commission on the
#: win, the tie 8 to 1), and the side bets as usually paid: EZ Baccarat's Dragon 7 and Panda 8 (the Wizard of Odds,
#: EZ Baccarat) and the pair bets (the Wizard of Odds, baccarat side bets: a pair 11 to 1, either pair 5 to 1, a
#: perfect pair 25 to 1).  The Dragon Bonus pays by its own table.
PAYS: PayTable[str] = PayTable({
    "banker": Fraction(19, 20), "player": 1, "tie": 8, "dragon_7": 40, "panda_8": 25,
    "player_pair": 11, "banker_pair": 11, "either_pair": 5, "perfect_pair": 25,
})

#: The main bets, whose pays may also be changed by name: ``changed(tie_pays=9)``.
MAIN_BETS = ("banker", "player", "tie")


@dataclass(frozen=True, kw_only=True, repr=False)
class BaccaratRules(GameRules):
    """A casino's mini-baccarat rules: the shoe, the pay tables and the drawing rules.

    A main bet's payout may be changed by its name, as if it were a field:
    ``OXFORD.changed(tie_pays=9)`` is ``OXFORD.changed(pays=OXFORD.pays.with_("tie", 9))``.
    """

    name: str
    """Whose rules these are."""

    source: str
    """Where the rules are published (a key of book/references.bib)."""

    decks: int = 8
    """How many 52-card decks the shoe holds."""

    pays: PayTable[str] = PAYS
    """What a winning bet pays per unit, by bet ID (the banker's 19 to 20 is even money less a 5% commission on the
    win; the player and banker bets push on a tie).  The Dragon Bonus pays by ``dragon_bonus``."""

    banker_three_card_seven_pushes: bool = False
    """EZ Baccarat's rule: a banker bet that wins with a three-card 7 pushes (its other wins pay the banker's pay)."""

    dragon_bonus: DragonBonusTable = DRAGON_BONUS
    """The Dragon Bonus pay table (the same for the player and the banker side)."""

    bets: tuple[str, ...] = POSTED_BETS
    """The bets the table posts, by bet ID (the pair bets are listed beside them wherever a shoe allows)."""

    drawing: DrawingRules = STANDARD_DRAWING
    """When the player and the banker draw a third card."""

    def __post_init__(self) -> None:
        check_decks(self.decks)
        pays: PayTable[str] = PayTable({bet_id: _payout(x, f"{self.name}: the payout on {bet_id}") for bet_id, x in
                         dict(self.pays).items()})
        missing, unknown = set(PAYS) - set(pays), set(pays) - set(PAYS)
        if missing or unknown:
            raise ValueError(f"{self.name}: the pays are by bet ID, one for each of {', '.join(PAYS)}; "
                             f"{'missing ' + ', '.join(sorted(missing)) if missing else 'unknown ' + ', '.join(sorted(unknown))}")
        object.__setattr__(self, "pays", pays)
        for bet_id in self.bets:
            if bet_id not in BET_IDS:
                raise ValueError(f"{self.name}: unknown bet {bet_id!r} posted; the bets are {', '.join(BET_IDS)}")

    @property
    def banker_pays(self) -> Fraction:
        """What a winning banker bet pays per unit.

        >>> OXFORD.banker_pays, EZ.banker_pays
        (Fraction(19, 20), Fraction(1, 1))
        """
        return self.pays["banker"]

    @property
    def player_pays(self) -> Fraction:
        """What a winning player bet pays per unit."""
        return self.pays["player"]

    @property
    def tie_pays(self) -> Fraction:
        """What a winning tie bet pays per unit."""
        return self.pays["tie"]

    def changed(self, **changes: Any) -> Self:
        """A copy with some rules changed; a main bet's payout may be given by name (``tie_pays=9``).

        >>> OXFORD.changed(tie_pays=9).pays["tie"], OXFORD.pays["tie"]
        (Fraction(9, 1), Fraction(8, 1))
        """
        paid = {f"{bet_id}_pays": bet_id for bet_id in MAIN_BETS}
        by_name = {paid[k]: changes.pop(k) for k in list(changes) if k in paid}
        if by_name:
            changes["pays"] = PayTable({**changes.get("pays", self.pays), **by_name})
        return super().changed(**changes)

    def offers(self) -> tuple[str, ...]:
        """The bets the table posts, then the pair bets (as usually paid).

        >>> EZ.offers()
        ('banker', 'player', 'tie', 'dragon_7', 'panda_8', 'player_pair', 'banker_pair', 'either_pair', 'perfect_pair')
        """
        return (*self.bets, *PAIR_BETS)

    @property
    def full_shoe(self) -> Shoe:
        """The shoe these rules deal from before any card is dealt.

        >>> OXFORD.full_shoe.size, OXFORD.changed(decks=6).full_shoe.size
        (416, 312)
        """
        return Shoe.of_decks(self.decks)


#: The Oxford Casino Hotel's mini-baccarat page (Oxford, Maine): eight decks, the banker paid 1 to 1 less 5%,
#: the tie 8 to 1, and a Dragon Bonus whose table the page does not print (the standard table is assumed).
OXFORD = BaccaratRules(name="Oxford Casino Hotel, Maine", source="oxford_casino_rules")

#: Oxford's rules with the tie paying 9 to 1, as some casinos pay it.
TIE_9_TO_1 = OXFORD.changed(name="Oxford's rules with the tie paying 9 to 1", tie_pays=9, source="baccarat_woo")

#: EZ Baccarat: no commission; a banker win with a three-card 7 pushes; the Dragon 7 and Panda 8 side bets.
EZ = OXFORD.changed(name="EZ Baccarat", banker_pays=1, banker_three_card_seven_pushes=True,
                    bets=("banker", "player", "tie", "dragon_7", "panda_8"), source="baccarat_woo_ez")

#: Oxford's rules with Cypress Bayou Casino's Dragon Bonus table.
CYPRESS_BAYOU_DRAGON = OXFORD.changed(name="Oxford's rules with Cypress Bayou's Dragon Bonus table",
                                      dragon_bonus=DRAGON_BONUS_CYPRESS_BAYOU, source="baccarat_cypress")

#: The rules values a chapter, a test or the command line can name.
RULES: Mapping[str, BaccaratRules] = RulesByName({
    "oxford": OXFORD,
    "tie_9_to_1": TIE_9_TO_1,
    "ez": EZ,
    "cypress_bayou_dragon": CYPRESS_BAYOU_DRAGON,
})

#: The rules used when none are named.
DEFAULT_RULES = "oxford"

#: The game as a reader sees it named: the Oxford Casino deals mini-baccarat.
GAME_NAME = "Mini-baccarat"

#: What a reader sees for each rules value where a table puts them side by side.
RULES_NAMES: Mapping[str, str] = {
    "oxford": "Oxford", "tie_9_to_1": "Tie 9 to 1", "ez": "EZ Baccarat", "cypress_bayou_dragon": "Cypress Bayou Dragon",
}

def with_decks(rules: BaccaratRules, decks: int) -> BaccaratRules:
    """The rules dealt from a shoe of ``decks`` decks.

    >>> with_decks(EZ, 6).full_shoe.size
    312
    """
    return rules.changed(decks=decks)


#: The command line's options for baccarat: the decks in the shoe.
EDGE_OPTIONS: Mapping[str, Option[BaccaratRules]] = {
    "decks": Option("the decks in the shoe (default: the rules', 8)", whole_option("--decks"), with_decks,
                    lambda decks: f"{decks} deck{'s' * (decks != 1)}"),
}


def rules_named(name: str) -> BaccaratRules:
    """The rules value called ``name`` in :data:`RULES`, or an error listing the names there are.

    >>> rules_named("tie_9_to_1").tie_pays
    Fraction(9, 1)
    >>> rules_named("atlantis")
    Traceback (most recent call last):
    ...
    ValueError: unknown baccarat rules 'atlantis'; the rules are: oxford, tie_9_to_1, ez, cypress_bayou_dragon
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
