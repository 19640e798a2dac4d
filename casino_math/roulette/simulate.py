"""Roulette's Monte Carlo twin: spins of the rules' wheel, each settled by the bet's own pay table.

>>> from casino_math.simulate import TOLERANCE, generator
>>> from casino_math.roulette import OXFORD, bet
>>> abs(roulette_sample(bet("red"), OXFORD, 20_000, generator(6)).z_score(bet("red"))) < TOLERANCE
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import numpy as np

from ..bets import Bet
from ..simulate import Sample, check_count, nets_in_steps, played_by
from .rules import RouletteRules

T = TypeVar("T")


def spins(wheel: Iterable[T], size: int, rng: np.random.Generator) -> list[T]:
    """``size`` spins of a wheel (a sequence of pockets), each pocket equally likely.

    >>> from casino_math.simulate import generator
    >>> spins(["0", "00", "1"], 4, generator(5))
    ['1', '1', '0', '1']
    """
    wheel = list(wheel)
    return [wheel[i] for i in rng.integers(0, len(wheel), size=check_count(size, "the number of spins"))]


def roulette_sample(bet: Bet, rules: RouletteRules, size: int, rng: np.random.Generator) -> Sample:
    """``size`` spins of the rules' wheel settled by the bet's own pay table.

    >>> from casino_math.simulate import TOLERANCE, generator
    >>> from casino_math.roulette import RULES, edge_bets
    >>> red = dict(edge_bets(RULES["oxford"]))["red"]
    >>> abs(roulette_sample(red, RULES["oxford"], 20_000, generator(6)).z_score(red)) < TOLERANCE
    True
    """
    wheel = list(rules.wheel)
    nets = {pocket: bet.settle(pocket) for pocket in wheel}
    steps, scale = nets_in_steps(nets.values())
    table = np.array([steps[nets[pocket]] for pocket in wheel], dtype=np.int64)
    return Sample(bet.name, table[rng.integers(0, len(wheel), size=check_count(size))], scale)


def twin(bet_id: str, bet: Bet, rules: RouletteRules, size: int, rng: np.random.Generator) -> Sample:
    """The bet ``bet_id`` spun ``size`` times on the rules' wheel (see :func:`roulette_sample`).

    >>> from casino_math.simulate import generator
    >>> from casino_math.roulette import OXFORD, bet
    >>> twin("red", bet("red"), OXFORD, 100, generator(0)).size
    100
    """
    if rules is None:
        raise ValueError("roulette is played by its rules' wheel and pay table: give roulette rules, not None")
    return roulette_sample(bet, played_by("roulette", rules, RouletteRules), size, rng)
