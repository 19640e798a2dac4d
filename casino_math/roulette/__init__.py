"""Roulette: the wheel, the betting layout, and every bet on it, exactly.

The Oxford Casino deals American roulette: a wheel of 38 pockets, 1 to 36
with 0 and 00, and a layout of 36 numbered boxes in 12 rows of three with the
two zeros at the head.  Which bets are legal is read off the layout itself.

The package is organised one idea to a module:

- :mod:`~casino_math.roulette.layout`: the layouts drawn as text, and the geometry read from a drawing;
- :mod:`~casino_math.roulette.rules`: the wheels, the pay tables and the rules as frozen data (Oxford, single zero, la partage);
- :mod:`~casino_math.roulette.table`: a table's pockets, their colours and numbers, its rows and columns;
- :mod:`~casino_math.roulette.legal`: the legal bets read off the layout, and why a choice of pockets is not one;
- :mod:`~casino_math.roulette.bets`: every bet, by the pockets it covers, by its kind, or by its ID;
- :mod:`~casino_math.roulette.chips`: stakes in chips, settling a bet, and non-value chips under a lammer;
- :mod:`~casino_math.roulette.simulate`: the Monte Carlo twin, spins of the wheel.

>>> from casino_math.bets import house_edge
>>> house_edge(bet("straight")), house_edge(bet("red", RULES["la_partage"]))
(Fraction(1, 19), Fraction(1, 74))
>>> house_edge(split(17, 20)), house_edge(top_line())
(Fraction(1, 19), Fraction(3, 38))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bets import (
    BET_IDS,
    HALF_BACK,
    bet,
    bet_name,
    bet_on,
    black,
    check_bet_id,
    column,
    corner,
    dozen,
    edge_bets,
    even,
    every_bet,
    high,
    low,
    odd,
    payout_for_edge,
    red,
    six_line,
    split,
    straight,
    street,
    top_line,
)
from .chips import settle, stake
from .layout import AMERICAN_LAYOUT, SINGLE_ZERO_LAYOUT, Box, Layout, parse_layout
from .legal import (
    KIND_BY_SIZE,
    corners,
    dozens,
    kind_of,
    legal_bets,
    numbers_where,
    outside_groups,
    six_lines,
    splits,
    top_line_pockets,
    trios,
    why_not,
)
from .rules import (
    AMERICAN_WHEEL,
    BET_NAMES,
    DEFAULT_RULES,
    EDGE_OPTIONS,
    EUROPEAN_WHEEL,
    EVEN_MONEY,
    FIRST_BET,
    INSIDE,
    KINDS,
    LA_PARTAGE,
    OUTSIDE,
    OXFORD,
    OXFORD_PAYS,
    RED,
    RULES,
    RULES_NAMES,
    SINGLE_ZERO,
    SINGLE_ZERO_PAYS,
    RouletteRules,
    rules_named,
)
from .table import colour, columns, in_layout_order, number, pocket, pockets, streets, table_layout, wheel, zeros

if TYPE_CHECKING:
    import numpy as np

    from ..bets import Bet
    from ..simulate import Sample


def twin(bet_id: str, bet: Bet, rules: RouletteRules, size: int, rng: np.random.Generator) -> Sample:
    """The bet spun ``size`` times on the rules' wheel: see :func:`casino_math.roulette.simulate.twin`."""
    from .simulate import twin as spun

    return spun(bet_id, bet, rules, size, rng)


__all__ = [
    "AMERICAN_LAYOUT", "AMERICAN_WHEEL", "BET_IDS", "BET_NAMES", "DEFAULT_RULES", "EDGE_OPTIONS", "EUROPEAN_WHEEL", "EVEN_MONEY",
    "FIRST_BET", "HALF_BACK", "INSIDE", "KINDS", "KIND_BY_SIZE", "LA_PARTAGE", "OUTSIDE", "OXFORD", "OXFORD_PAYS", "RED", "RULES", "RULES_NAMES",
    "SINGLE_ZERO", "SINGLE_ZERO_LAYOUT", "SINGLE_ZERO_PAYS", "Box", "Layout", "RouletteRules",
    "bet", "bet_name", "bet_on", "black", "check_bet_id", "colour", "column", "columns",
    "corner", "corners", "dozen", "dozens", "edge_bets", "even", "every_bet", "high", "in_layout_order", "kind_of",
    "legal_bets", "low", "number", "numbers_where", "odd", "outside_groups", "parse_layout",
    "payout_for_edge", "pocket", "pockets", "red", "rules_named", "settle", "six_line", "six_lines", "split",
    "splits", "stake", "straight", "street", "streets", "table_layout", "top_line",
    "top_line_pockets", "trios", "twin", "wheel", "why_not", "zeros",
]  # fmt: skip
