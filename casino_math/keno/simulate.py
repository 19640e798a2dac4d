"""Keno's Monte Carlo twin: games drawn ball by ball, each ticket settled by its own pay table."""

from __future__ import annotations

import numpy as np

from casino_math.bets import Bet
from casino_math.simulate import Sample, check_count, nets_in_steps

from .rules import KenoRules

#: Games drawn at once (a block of draws is a games x numbers array of random keys).
BLOCK = 4096


def drawn_catches(spots: int, rules: KenoRules, size: int, rng: np.random.Generator) -> np.ndarray:
    """The catch of a ``spots`` ticket in each of ``size`` games.

    Each game draws ``rules.drawn`` different numbers of ``rules.numbers``, every set equally likely: the numbers
    whose random keys are smallest.  Which numbers the ticket marks does not matter, so it marks the first ``spots``.
    """
    caught = []
    for start in range(0, check_count(size, "the number of games"), BLOCK):
        keys = rng.random((min(BLOCK, size - start), rules.numbers))
        draw = np.argpartition(keys, rules.drawn - 1, axis=1)[:, :rules.drawn]
        caught.append((draw < spots).sum(axis=1))
    return np.concatenate(caught)


def played(bet: Bet, spots: int, rules: KenoRules, size: int, rng: np.random.Generator) -> Sample:
    """``size`` games of the ticket, each settled by ``bet``."""
    nets = {c: bet.settle(c) for c in range(spots + 1)}
    steps, scale = nets_in_steps(nets.values())
    table = np.array([steps[nets[c]] for c in range(spots + 1)], dtype=np.int64)
    return Sample(bet.name, table[drawn_catches(spots, rules, size, rng)], scale)
