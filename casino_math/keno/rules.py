"""Keno's rules as data: how many numbers are drawn of how many, and what each ticket's catches pay.

A keno ticket marks ``k`` spots (a "pick-k" ticket); the game draws 20 numbers
of 80; the ticket is paid by its pay table for the number of its spots the
draw caught.  A keno pay table prints what a ticket of 1 unit *returns* for
each catch, the unit included ("pays $5" on a $1 ticket is a net win of $4):
these rules keep that prize, and a catch the table does not list returns
nothing.  Two published tables are given, each an assumption stated with its
source:

- ``michigan``: the Michigan Lottery's Club Keno, 20 of 80, its $1 prizes for
  the 4-spot to 10-spot tickets as its official rules print them (reproduced
  by lottery.com), with each ticket's "odds of winning";
- ``two_bit_menu``: the "2-Bit Menu" live keno of the Rio, Bally's and
  Harrah's in Las Vegas, whose 10-spot pays 1, 10, 100, 1,000, 10,000 and
  100,000 quarters for 5 to 10 catches on a quarter (GamingToday).

>>> MICHIGAN.prizes[10, 10], MICHIGAN.prizes[10, 0], MICHIGAN.offers()[:2]
(Fraction(100000, 1), Fraction(5, 1), ('pick_4', 'pick_5'))
>>> TWO_BIT_MENU.offers()
('pick_10',)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from casino_math.bets import PayTable
from casino_math.rules import GameRules, Option, RulesByName, check_rules, named

from .catches import DRAWN, NUMBERS

#: The most spots a ticket of this library marks.
MOST_SPOTS = 10
#: Every ticket, as its bet ID: pick_1 (one spot marked) to pick_10.
BET_IDS = tuple(f"pick_{k}" for k in range(1, MOST_SPOTS + 1))


def spots_of(bet_id: str) -> int:
    """The spots a ticket marks, from its bet ID: ``pick_7`` -> 7."""
    return int(bet_id.removeprefix("pick_"))


@dataclass(frozen=True, kw_only=True, repr=False)
class KenoRules(GameRules):
    """A keno game: its board, its draw, and the prizes of each ticket it sells."""

    name: str
    """Whose keno this is, in words a reader recognises."""
    source: str
    """Where the pay table is published: a key of ``book/references.bib``."""
    numbers: int
    """The numbers on the board, 1 to ``numbers`` (80)."""
    drawn: int
    """How many different numbers each game draws (20)."""
    prizes: PayTable[tuple[int, int]]
    """(spots marked, spots caught) -> what a ticket of 1 unit returns, the unit included; a catch not listed
    returns nothing."""

    def __post_init__(self) -> None:
        if not isinstance(self.prizes, PayTable):
            object.__setattr__(self, "prizes", PayTable(self.prizes, f"{self.name}: the prize for"))
        if not isinstance(self.numbers, int) or isinstance(self.numbers, bool) or self.numbers < 1:
            raise ValueError(f"{self.name}: the numbers on the board must be a whole number from 1 up, not "
                             f"{self.numbers!r}")
        if not isinstance(self.drawn, int) or isinstance(self.drawn, bool) or not 1 <= self.drawn <= self.numbers:
            raise ValueError(f"{self.name}: the numbers drawn must be a whole number from 1 to {self.numbers}, not "
                             f"{self.drawn!r}")
        for key, prize in self.prizes.items():
            if not (isinstance(key, tuple) and len(key) == 2 and 1 <= key[0] <= MOST_SPOTS and 0 <= key[1] <= key[0]):
                raise ValueError(f"{self.name}: a prize is keyed (spots, catch), 1 <= spots <= {MOST_SPOTS} and "
                                 f"0 <= catch <= spots, not {key!r}")
            if prize < 0:
                raise ValueError(f"{self.name}: the prize for {key!r} is {prize}; a ticket cannot return less than 0")

    def offers(self) -> tuple[str, ...]:
        """The tickets the pay table lists a prize for, from pick_1 up."""
        return tuple(b for b in BET_IDS if any(k == spots_of(b) for k, _ in self.prizes))

    def prizes_of(self, spots: int) -> dict[int, Any]:
        """The catches a ``spots`` ticket is paid for -> what it returns for 1 unit."""
        return {c: prize for (k, c), prize in sorted(self.prizes.items()) if k == spots}


def _table(rows: Mapping[int, Mapping[int, int]]) -> PayTable[tuple[int, int]]:
    """A pay table from its printed rows: each ticket's spots -> {catch: prize}."""
    return PayTable({(k, c): prize for k, row in rows.items() for c, prize in row.items()})


#: Michigan Lottery Club Keno: $1 prizes of the 4-spot to 10-spot tickets (a 10-spot catching none pays $5).
MICHIGAN = KenoRules(
    name="Michigan Lottery Club Keno",
    source="michigan_club_keno",
    numbers=NUMBERS,
    drawn=DRAWN,
    prizes=_table({
        10: {10: 100_000, 9: 5_000, 8: 500, 7: 50, 6: 10, 5: 2, 0: 5},
        9: {9: 25_000, 8: 2_000, 7: 100, 6: 20, 5: 5, 4: 2},
        8: {8: 10_000, 7: 300, 6: 50, 5: 15, 4: 2},
        7: {7: 2_000, 6: 100, 5: 11, 4: 5, 3: 1},
        6: {6: 1_100, 5: 57, 4: 7, 3: 1},
        5: {5: 410, 4: 18, 3: 2},
        4: {4: 72, 3: 5, 2: 1},
    }),
)

#: The Rio, Bally's and Harrah's "2-Bit Menu" live keno: its 10-spot, in quarters returned per quarter played.
TWO_BIT_MENU = KenoRules(
    name="Las Vegas 2-Bit Menu live keno",
    source="gamingtoday_two_bit_keno",
    numbers=NUMBERS,
    drawn=DRAWN,
    prizes=_table({10: {5: 1, 6: 10, 7: 100, 8: 1_000, 9: 10_000, 10: 100_000}}),
)

RULES: Mapping[str, KenoRules] = RulesByName({"michigan": MICHIGAN, "two_bit_menu": TWO_BIT_MENU})
DEFAULT_RULES = "michigan"
RULES_NAMES: Mapping[str, str] = {"michigan": "Michigan Club Keno", "two_bit_menu": "Las Vegas 2-Bit Menu"}
BET_NAMES: Mapping[str, str] = {b: f"Pick {spots_of(b)}" for b in BET_IDS}
GAME_NAME = "Keno"

#: Keno's command line takes no options of its own: a pay table is chosen by --rules.
EDGE_OPTIONS: Mapping[str, Option[KenoRules]] = {}


def rules_named(name: str) -> KenoRules:
    """The rules value called ``name``, or an error listing the names there are."""
    return named("keno", RULES, name)


def checked(rules: object) -> KenoRules:
    """``rules`` if they are keno rules, else the library's one-line error."""
    return check_rules(rules, KenoRules, "keno")
