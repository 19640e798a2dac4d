"""Keno: a ticket marks 1 to 10 of the numbers 1 to 80, the game draws 20, and the catches are paid by a pay table.

The game's package, written to the contract of :class:`casino_math.rules.Game`
as a package from outside would be.  Each ticket is a bet whose space is its
catch (:func:`~casino_math.keno.catches.catch_law`, the hypergeometric law
from whole-number counts) and whose pay table is the rules' prizes, less the
unit staked.  The pay tables, with their sources, are in :mod:`.rules`.

>>> from casino_math.bets import house_edge
>>> house_edge(bet("pick_4", MICHIGAN))
Fraction(27722, 79079)
>>> bet("pick_1", MICHIGAN)
Traceback (most recent call last):
...
ValueError: this table (Michigan Lottery Club Keno) has no pick_1 bet; it offers: pick_4, pick_5, pick_6, pick_7, pick_8, pick_9, pick_10
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from casino_math.bets import Bet, Line
from casino_math.distribution import Distribution
from casino_math.rules import known_bet

from .catches import catch_law
from .rules import (
    BET_IDS,
    BET_NAMES,
    DEFAULT_RULES,
    EDGE_OPTIONS,
    GAME_NAME,
    MICHIGAN,
    RULES,
    RULES_NAMES,
    TWO_BIT_MENU,
    KenoRules,
    checked,
    rules_named,
    spots_of,
)

if TYPE_CHECKING:
    import numpy as np

    from casino_math.simulate import Sample

__all__ = ["BET_IDS", "BET_NAMES", "DEFAULT_RULES", "EDGE_OPTIONS", "GAME_NAME", "MICHIGAN", "RULES", "RULES_NAMES",
           "TWO_BIT_MENU", "KenoRules", "bet", "catches", "edge_bets", "paid_line", "rules_named", "twin"]


def catches(bet_id: str, rules: KenoRules = MICHIGAN) -> Distribution[int]:
    """The chance of each catch on the ticket ``bet_id`` under ``rules``' draw.

    >>> from fractions import Fraction
    >>> catches("pick_2", MICHIGAN)[2] == Fraction(20 * 19, 80 * 79)
    True
    """
    return catch_law(spots_of(known_bet("keno", bet_id, BET_IDS)), checked(rules).numbers, rules.drawn)


def paid_line(catch: int) -> str:
    """The pay-table line of a catch that the ticket's table pays: ``"catch 7"``."""
    return f"catch {catch}"


def bet(bet_id: str, rules: KenoRules = MICHIGAN) -> Bet:
    """The ticket ``bet_id`` (pick_1 to pick_10) of 1 unit: each catch the rules pay nets its prize less the unit,
    any other loses the unit."""
    checked(rules).check_offered(known_bet("keno", bet_id, BET_IDS))
    prizes = rules.prizes_of(spots_of(bet_id))
    pays = {paid_line(c): prize - 1 for c, prize in prizes.items()} | {Line.LOSE: -1}
    return Bet(BET_NAMES[bet_id], catches(bet_id, rules), lambda c: paid_line(c) if c in prizes else Line.LOSE, pays)


def edge_bets(rules: KenoRules = MICHIGAN) -> list[tuple[str, Bet]]:
    """Every ticket the rules' pay table lists, from the fewest spots up."""
    return [(bet_id, bet(bet_id, rules)) for bet_id in checked(rules).offers()]


def twin(bet_id: str, bet: Bet, rules: KenoRules, size: int, rng: np.random.Generator) -> Sample:
    """The ticket played in ``size`` games, each a draw of the rules' numbers (numpy is imported only here)."""
    from .simulate import played

    return played(bet, spots_of(known_bet("keno", bet_id, BET_IDS)), checked(rules), size, rng)
