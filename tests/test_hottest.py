"""The hottest pocket's chance, P(some pocket of a fair wheel is hit at least m times in n spins), checked against
every sequence of spins for small wheels, against a dynamic program over the pockets (a different sum: the
sequences counted pocket by pocket with binomial coefficients) for longer logs, against a floating-point generating
function for the chapter's 3,800 spins, and against the figures a statistician recomputed for the chapter's log."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb, lgamma, log, perm

import numpy as np
import pytest

from casino_math.roulette import simulated
from casino_math.roulette.fairness import hot_pocket, hottest_bounds
from casino_math.roulette.hottest import p_hottest_at_least


def by_every_sequence(spins: int, m: int, pockets: int) -> Fraction:
    """The share of the pockets^spins sequences of spins in which some pocket comes up m times or more."""
    hot = sum(1 for spun in product(range(pockets), repeat=spins) if max((spun.count(p) for p in set(spun)), default=0) >= m)
    return Fraction(hot, pockets**spins)


def by_pockets(spins: int, m: int, pockets: int) -> Fraction:
    """1 - (the sequences in which every pocket comes up fewer than m times) / pockets^spins, the sequences counted
    pocket by pocket: ways[s] for the pockets so far, a new pocket taking c < m of s spins in C(s, c) places."""
    ways = [1] + [0] * spins                          # no pockets yet: only the empty sequence
    for _ in range(pockets):
        ways = [sum(comb(s, c) * ways[s - c] for c in range(min(m - 1, s) + 1)) for s in range(spins + 1)]
    return 1 - Fraction(ways[spins], pockets**spins)


@pytest.mark.parametrize("spins, m, pockets", [(s, m, p) for p in (2, 3, 4) for s in range(8 - p)
                                               for m in range(s + 2)] + [(3, 2, 38), (3, 3, 38), (4, 2, 38)])
def test_the_chance_is_the_share_of_every_sequence_of_spins(spins: int, m: int, pockets: int) -> None:
    assert p_hottest_at_least(spins, m, pockets) == by_every_sequence(spins, m, pockets)


@pytest.mark.parametrize("spins, m, pockets", [(38, 3, 38), (100, 5, 38), (200, 12, 38), (380, 20, 38),
                                               (150, 40, 37), (60, 31, 2), (500, 300, 2), (90, 4, 38), (76, 77, 38)])
def test_the_chance_is_the_dynamic_program_over_the_pockets(spins: int, m: int, pockets: int) -> None:
    assert p_hottest_at_least(spins, m, pockets) == by_pockets(spins, m, pockets)


def test_ten_spins_with_a_repeat_is_the_birthday_problem() -> None:
    # 72.7%: 1 - 38 x 37 x ... x 29 / 38^10 (the figure the command line's one-pocket tail, 2.7%, was read as).
    p = p_hottest_at_least(10, 2)
    assert p == 1 - Fraction(perm(38, 10), 38**10)
    assert round(float(p), 3) == 0.727


def test_the_chapters_log_gives_16_716_percent_between_its_bounds() -> None:
    # The chapter's log: 3,800 spins of a wheel where 17 comes up 1 time in 30 (seed 2026); its hottest pocket, 16,
    # came up 127 times.  A statistician's recomputation gives 16.716%, between the bounds 16.41% and 17.88%.
    spins = simulated.biased_log(3800, "17", Fraction(1, 30), seed=2026)
    hot = hot_pocket(spins)
    assert (hot, spins.hits(hot)) == ("16", 127)
    p = p_hottest_at_least(3800, 127)
    low, high = hottest_bounds(3800, 127)
    assert low < p < high and round(float(p), 5) == 0.16716
    # The coefficient of y^n in E(100 y)^38, E(x) the exponential series cut after 127 terms, in floating point
    # (numpy, rescaled at each step).
    factor = np.array([np.exp(j * log(100) - lgamma(j + 1)) for j in range(127)])
    poly, log_scale = np.array([1.0]), 0.0
    for _ in range(38):
        poly = np.convolve(poly, factor)[: 3800 + 1]
        top = poly.max()
        poly, log_scale = poly / top, log_scale + log(top)
    below = np.exp(log(poly[3800]) + log_scale + lgamma(3801) - 3800 * log(3800))
    assert abs(float(p) - (1 - below)) < 1e-9


def test_a_wheel_that_cannot_hold_the_spins_below_m_has_a_hot_pocket_surely() -> None:
    assert p_hottest_at_least(77, 3) == 1            # 38 pockets hold at most 76 spins with none hit 3 times
    assert p_hottest_at_least(76, 3) == 1 - Fraction(perm(76, 76), 2**38 * 38**76)     # all below 3: each twice
