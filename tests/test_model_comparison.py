"""Two models of one pocket, and the chi-square test's exact size: the library's exact answers checked against
sums over every sequence of spins (short logs), against the Beta integrals by quadrature, against the exact p-value
(a different sum over the same partitions), and every bad input against its one-line error."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import mpmath
import numpy as np
import pytest

from casino_math.roulette import simulated
from casino_math.roulette.fairness import LONGEST_EXACT, BetaLaw, SpinLog, chi_square_test, exact_p_value
from casino_math.roulette.model_comparison import (
    bayes_factor_biased,
    beta_function,
    critical_squares,
    exact_size,
    p_beats_break_even_mixed,
    p_biased,
)

mpmath.mp.dps = 30


@pytest.mark.parametrize("a, b", [(1, 1), (1, 37), (3, 5), (7, 2)])
def test_the_beta_function_is_the_integral(a: int, b: int) -> None:
    value = beta_function(a, b)
    assert mpmath.almosteq(mpmath.quad(lambda t: t ** (a - 1) * (1 - t) ** (b - 1), [0, 1]),
                           mpmath.mpf(value.numerator) / value.denominator, rel_eps=mpmath.mpf(10) ** -25)


@pytest.mark.parametrize("hits, spins", [(0, 0), (0, 5), (1, 5), (3, 5), (5, 5), (2, 38), (9, 200)])
def test_the_bayes_factor_is_the_ratio_of_the_two_models_chances(hits: int, spins: int) -> None:
    """Under "biased" the log's chance is the average over the Beta(1, 37) prior of t^k (1 - t)^(n - k),
    integrated here by quadrature; under "fair" it is (1/38)^k (37/38)^(n - k)."""
    peak = mpmath.mpf(hits + 1) / (spins + 38)
    biased = mpmath.quad(lambda t: 37 * (1 - t) ** 36 * t**hits * (1 - t) ** (spins - hits), [0, peak / 2, peak, 2 * peak, 1])
    fair = (mpmath.mpf(1) / 38) ** hits * (mpmath.mpf(37) / 38) ** (spins - hits)
    factor = bayes_factor_biased(hits, spins)
    assert mpmath.almosteq(biased / fair, mpmath.mpf(factor.numerator) / factor.denominator,
                           rel_eps=mpmath.mpf(10) ** -12)


def test_the_mixed_prior_halves_the_beta_prior_and_follows_bayes_rule() -> None:
    assert p_biased(0, 0, Fraction(1, 3)) == Fraction(2, 3)
    factor = bayes_factor_biased(5, 38)
    assert p_biased(5, 38) == factor / (1 + factor)
    assert p_beats_break_even_mixed(5, 38) == p_biased(5, 38) * BetaLaw(6, 70).p_above(Fraction(1, 36))
    assert p_beats_break_even_mixed(5, 38, start=BetaLaw(2, 74)) == \
        p_biased(5, 38, start=BetaLaw(2, 74)) * BetaLaw(7, 107).p_above(Fraction(1, 36))


@pytest.mark.parametrize("spins", [1, 2, 3])
def test_the_exact_size_is_the_share_of_every_sequence_that_the_test_rejects(spins: int) -> None:
    """Every sequence of spins, each log's chi-square test run once per distinct sum of squared counts."""
    names = ["0", "00", *map(str, range(1, 37))]
    verdict: dict[int, bool] = {}
    rejected = 0
    for spun in product(range(38), repeat=spins):
        squares = sum(spun.count(i) ** 2 for i in set(spun))
        if squares not in verdict:
            log = SpinLog.of_counts({p: spun.count(i) for i, p in enumerate(names)})
            verdict[squares] = chi_square_test(log).p_value <= Fraction(1, 20)
        rejected += verdict[squares]
    assert exact_size(spins, Fraction(1, 20)) == Fraction(rejected, 38**spins)


def test_the_exact_size_at_38_spins_is_the_exact_p_value_at_the_critical_sum_of_squares() -> None:
    """Rejecting at 5% is rejecting from the critical sum of squares on; the exact p-value of a log with the least
    sum of squares at or above it is the chance of reaching it: the size."""
    least = critical_squares(38, Fraction(1, 20))
    # S - 38 = sum of c (c - 1) over the counts is even, so 91 is never reached and 92 is the least S at or above it:
    # counts 7 and 4 and 27 ones, 49 + 16 + 27.
    assert least == 91
    counts = [7, 4] + [1] * 27 + [0] * 9
    assert sum(counts) == 38 and sum(c * c for c in counts) == 92
    log = SpinLog.of_counts(dict(zip(["0", "00", *map(str, range(1, 37))], counts, strict=True)))
    assert exact_size(38, Fraction(1, 20)) == exact_p_value(log)
    assert chi_square_test(log).p_value <= Fraction(1, 20)


def test_the_whole_wheel_power_on_a_fair_wheel_is_near_the_exact_size() -> None:
    """On a fair wheel the test's power is its size: the simulation's share is within 4 standard errors of it."""
    fair = {p: Fraction(1, 38) for p in simulated.biased_chances("17", Fraction(1, 38))}
    share = simulated.chi_square_power(38, fair, Fraction(1, 20), 20_000, np.random.default_rng(7))
    size = exact_size(38, Fraction(1, 20))
    assert abs(float(share - size)) < 4 * float(size * (1 - size) / 20_000) ** 0.5


@pytest.mark.parametrize("call, message", [
    (lambda: bayes_factor_biased(5, 3), "5 hits in 3 spins: the hits must be a whole number from 0 to the spins"),
    (lambda: p_biased(1, 3, 0), "the prior weight on a fair pocket is 0: it must lie strictly between 0 and 1"),
    (lambda: p_biased(1, 3, Fraction(3, 2)), "the prior weight on a fair pocket is 3/2: it must lie strictly"),
    (lambda: exact_size(LONGEST_EXACT + 1, Fraction(1, 20)), f"{LONGEST_EXACT + 1} spins are too many to count"),
    (lambda: critical_squares(38, 0), "the level is 0: it must lie strictly between 0 and 1"),
    (lambda: critical_squares(1, Fraction(1, 20)), "no log of 1 spins is rejected at level 1/20"),
])
def test_bad_input_gets_a_one_line_error(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="^" + re.escape(message)) as error:
        call()
    assert str(error.value).startswith(message) and "\n" not in str(error.value)
