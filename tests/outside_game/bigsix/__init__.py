"""The Big Six wheel (the money wheel): a game from outside casino_math, written to its contract.

An example of a game package, used by casino_math's tests: nothing in
casino_math names it.  It is found through the ``casino_math.games``
entry-point group (``bigsix = bigsix``) and reached only through the contract
of :class:`casino_math.rules.Game`.  The wheel and its pay table are in
:mod:`bigsix.rules`, with their published source.

>>> from casino_math.bets import house_edge
>>> house_edge(bet("dollar_1", STANDARD)), house_edge(bet("joker", STANDARD)), house_edge(bet("joker", GENEROUS))
(Fraction(1, 9), Fraction(13, 54), Fraction(4, 27))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from casino_math.bets import Bet, Line
from casino_math.distribution import Distribution
from casino_math.rules import known_bet

from .rules import (
    BET_IDS,
    BET_NAMES,
    DEFAULT_RULES,
    EDGE_OPTIONS,
    GAME_NAME,
    GENEROUS,
    RULES,
    RULES_NAMES,
    STANDARD,
    BigSixRules,
    checked,
    rules_named,
)

if TYPE_CHECKING:
    import numpy as np

    from casino_math.simulate import Sample

__all__ = ["BET_IDS", "BET_NAMES", "DEFAULT_RULES", "EDGE_OPTIONS", "GAME_NAME", "GENEROUS", "RULES", "RULES_NAMES",
           "STANDARD", "BigSixRules", "bet", "edge_bets", "rules_named", "twin", "wheel"]


def wheel(rules: BigSixRules) -> Distribution[str]:
    """Where the wheel stops: each symbol, with its segments' share of the wheel."""
    return Distribution.from_counts({s: n for s, n in rules.segments.items() if n > 0})


def bet(bet_id: str, rules: BigSixRules = STANDARD) -> Bet:
    """A bet on the symbol ``bet_id``: it pays the rules' payout when the wheel stops on it, else loses."""
    checked(rules).check_offered(known_bet("bigsix", bet_id, BET_IDS))
    return Bet(BET_NAMES[bet_id], wheel(rules), lambda symbol: Line.WIN if symbol == bet_id else Line.LOSE,
               {Line.WIN: rules.pays[bet_id], Line.LOSE: -1})


def edge_bets(rules: BigSixRules = STANDARD) -> list[tuple[str, Bet]]:
    """A bet on every symbol the rules offer, in the layout's order."""
    return [(bet_id, bet(bet_id, rules)) for bet_id in checked(rules).offers()]


def twin(bet_id: str, bet: Bet, rules: BigSixRules, size: int, rng: np.random.Generator) -> Sample:
    """The bet settled on ``size`` spins of the wheel (numpy is imported only here)."""
    from .simulate import spun

    return spun(bet, checked(rules), size, rng)
