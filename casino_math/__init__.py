"""casino_math: exact probability and house edge for the bets of real casino games.

The core vocabulary is importable from here; each game is a submodule
(``casino_math.roulette``, ``casino_math.craps``, ``casino_math.baccarat``),
loaded on first use so that importing the package stays fast.

>>> from casino_math import Distribution, P
>>> P({7}, Distribution.uniform(range(1, 7)) + Distribution.uniform(range(1, 7)))
Fraction(1, 6)
"""

from importlib import import_module
from types import ModuleType

#: The library's version (the book's site and PDF print it beside the commit they were built from).
__version__ = "0.2.0"

from .bets import (
    Bet,
    even_money,
    expected_value,
    fair_payout,
    house_edge,
    house_edge_per_amount_put_down,
    house_edge_per_bet_made,
    house_edge_per_bet_resolved,
    house_edge_per_round,
    p_lose,
    p_push,
    p_win,
    simple_bet,
    smallest_whole_stake,
    standard_deviation,
    variance,
)
from .distribution import Distribution, E, P

__all__ = [
    "Bet",
    "Distribution",
    "E",
    "P",
    "even_money",
    "expected_value",
    "fair_payout",
    "house_edge",
    "house_edge_per_amount_put_down",
    "house_edge_per_bet_made",
    "house_edge_per_bet_resolved",
    "house_edge_per_round",
    "p_lose",
    "p_push",
    "p_win",
    "simple_bet",
    "smallest_whole_stake",
    "standard_deviation",
    "variance",
]

_SUBMODULES = {"roulette", "craps", "baccarat", "symbolic", "display", "simulate", "session", "widgets", "plots"}


def __getattr__(name: str) -> ModuleType:
    if name in _SUBMODULES:
        return import_module(f".{name}", __name__)
    raise AttributeError(f"module 'casino_math' has no attribute {name!r}")
