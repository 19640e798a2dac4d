"""Craps: every bet on the Oxford Casino's layout and in Québec's by-law, derived exactly.

The package is organised one idea to a module:

- :mod:`~casino_math.craps.rules`: the rules as frozen data (Oxford, Québec, a common variant);
- :mod:`~casino_math.craps.rolls`: the 36 rolls, and races between totals;
- :mod:`~casino_math.craps.line`: Pass, Don't Pass, Come, Don't Come by first-step analysis, contract values;
- :mod:`~casino_math.craps.chain`: the same line bets as an absorbing Markov chain (sympy);
- :mod:`~casino_math.craps.hand`: the shooter's hand, that chain run until the seven-out: its length exactly;
- :mod:`~casino_math.craps.odds`: odds bets, odds policies and the combined edge;
- :mod:`~casino_math.craps.numbers`: place, buy and lay bets;
- :mod:`~casino_math.craps.props`: hardways and the single-roll bets;
- :mod:`~casino_math.craps.stakes`: the stakes that are paid in whole dollars;
- :mod:`~casino_math.craps.layout`: every bet by its ID, for the command line;
- :mod:`~casino_math.craps.simulate`: the Monte Carlo twin, dice rolled until each bet is decided.

>>> from casino_math.bets import house_edge
>>> house_edge(bet("pass")), house_edge(bet("field", RULES["vegas"]))
(Fraction(7, 495), Fraction(1, 36))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .layout import BET_IDS, bet, check_bet_id, edge_bets
from .rules import (
    BET_NAMES,
    DEFAULT_RULES,
    EDGE_OPTIONS,
    OXFORD,
    QUEBEC,
    RULES,
    RULES_NAMES,
    VEGAS,
    CrapsRules,
    rules_named,
)

if TYPE_CHECKING:
    import numpy as np

    from ..bets import Bet
    from ..simulate import Sample


def twin(bet_id: str, bet: Bet, rules: CrapsRules, size: int, rng: np.random.Generator) -> Sample:
    """The bet settled roll by roll: see :func:`casino_math.craps.simulate.twin`."""
    from .simulate import twin as rolled

    return rolled(bet_id, bet, rules, size, rng)


__all__ = [
    "BET_IDS",
    "BET_NAMES",
    "DEFAULT_RULES",
    "EDGE_OPTIONS",
    "OXFORD",
    "QUEBEC",
    "RULES",
    "RULES_NAMES",
    "VEGAS",
    "CrapsRules",
    "bet",
    "check_bet_id",
    "edge_bets",
    "rules_named",
    "twin",
]
