"""The Big Six wheel's Monte Carlo twin: spins of the wheel, each settled by the bet's own pay table."""

from __future__ import annotations

import numpy as np

from casino_math.bets import Bet
from casino_math.simulate import Sample, check_count, nets_in_steps

from .rules import BigSixRules


def spun(bet: Bet, rules: BigSixRules, size: int, rng: np.random.Generator) -> Sample:
    """``size`` spins of the wheel (every segment equally likely), each settled by ``bet``."""
    segments = [symbol for symbol, n in rules.segments.items() for _ in range(n)]
    nets = {symbol: bet.settle(symbol) for symbol in set(segments)}
    steps, scale = nets_in_steps(nets.values())
    table = np.array([steps[nets[symbol]] for symbol in segments], dtype=np.int64)
    return Sample(bet.name, table[rng.integers(0, len(segments), size=check_count(size))], scale)
