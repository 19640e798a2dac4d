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
- :mod:`~casino_math.craps.layout`: every bet by its ID, for the command line.

>>> from casino_math.bets import house_edge
>>> house_edge(bet("pass")), house_edge(bet("field", RULES["vegas"]))
(Fraction(7, 495), Fraction(1, 36))
"""

from .layout import BET_IDS, bet, check_bet_id, edge_bets
from .rules import DEFAULT_RULES, OXFORD, QUEBEC, RULES, VEGAS, CrapsRules, rules_named

#: The extra command-line options ``edge_bets`` takes.
EDGE_OPTIONS = ("odds",)

__all__ = [
    "BET_IDS",
    "DEFAULT_RULES",
    "EDGE_OPTIONS",
    "OXFORD",
    "QUEBEC",
    "RULES",
    "VEGAS",
    "CrapsRules",
    "bet",
    "check_bet_id",
    "edge_bets",
    "rules_named",
]
