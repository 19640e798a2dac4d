"""Is the wheel fair?  The tails, tests, posterior, power and Kelly stake of the library, checked independently.

Each figure is compared with a computation that shares none of the library's arithmetic: the chi-square tail with a
numerical integration of the chi-square density (mpmath's quadrature, at 40 digits), binomial tails with the sum of
their terms written out, the Beta tail with an integration of the Beta density, the hottest pocket's chance with its
generating function, the exact chi-square test with every sequence of spins, and the spins a test needs with the
standard library's normal quantiles.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from math import comb, factorial, lgamma, log
from pathlib import Path
from statistics import NormalDist

import mpmath
import numpy as np
import pytest

from casino_math import kelly
from casino_math.bets import simple_bet
from casino_math.distribution import Distribution
from casino_math.roulette import OXFORD, RULES, pockets, simulated
from casino_math.roulette import fairness as f
from casino_math.tails import (
    beta_tail,
    binomial_at_most,
    binomial_tail,
    chi_square_tail,
    critical_hits,
    erfc,
    normal_quantile,
    normal_tail,
    tail_at_most,
)

WHEEL = ["0", "00", *(str(n) for n in range(1, 37))]   # the double-zero wheel, written out
mpmath.mp.dps = 40


def to_mpf(value: Decimal | Fraction | int) -> mpmath.mpf:
    """An exact number or a Decimal as an mpmath number (a fraction divided out in binary, whatever its size)."""
    if isinstance(value, Decimal):
        return mpmath.mpf(str(value))
    q = Fraction(value)
    return mpmath.mpf(q.numerator) / q.denominator


def agrees(value: Decimal | Fraction, reference: mpmath.mpf | str | int, digits: int = 9) -> bool:
    """Whether ``value`` agrees with ``reference`` to ``digits`` significant digits (relative error; absolute at 0)."""
    ref = mpmath.mpf(reference)
    close: bool = abs(to_mpf(value) - ref) <= max(abs(ref), mpmath.mpf(10) ** -20) * mpmath.mpf(10) ** -digits
    return close


# --- the chi-square tail against a numerical integration of its density -----------------------------------------

def chi_square_density(df: int) -> Callable[[mpmath.mpf], mpmath.mpf]:
    k = mpmath.mpf(df)

    def density(t: mpmath.mpf) -> mpmath.mpf:
        return t ** (k / 2 - 1) * mpmath.exp(-t / 2) / (2 ** (k / 2) * mpmath.gamma(k / 2))

    return density


def integrated_tail(x: mpmath.mpf, df: int) -> mpmath.mpf:
    """P(chi-square >= x) by quadrature of the density from x to infinity, cut at x + 2^j: the density falls by a
    factor of at most e^(2^(j-2)) across each piece."""
    return mpmath.quad(chi_square_density(df), [x, *(x + mpmath.mpf(2) ** j for j in range(-3, 13)), mpmath.inf])


CHI_SQUARE_CASES = [(x, df) for df in (1, 2, 3, 4, 7, 36, 37, 60)
                    for x in (Fraction(1, 100), Fraction(1, 2), Fraction(df, 2), df, Fraction(3 * df, 2) + 5,
                              2 * df + 20, 5 * df + 60, 400)]


@pytest.mark.parametrize("x, df", CHI_SQUARE_CASES)
def test_the_chi_square_tail_agrees_with_an_integration_of_the_density_to_nine_digits(
        x: Fraction | int, df: int) -> None:
    assert agrees(chi_square_tail(x, df), integrated_tail(to_mpf(x), df))


def test_the_chi_square_tail_is_one_at_zero_and_exp_minus_half_x_with_two_degrees_of_freedom() -> None:
    assert chi_square_tail(0, 37) == 1
    for x in (1, 7, 100, 2000):                     # two degrees of freedom: the exponential law of mean 2
        assert agrees(chi_square_tail(x, 2), mpmath.exp(-mpmath.mpf(x) / 2), 14)


def test_erfc_and_the_normal_law_agree_with_mpmath() -> None:
    for z in ("0.001", "0.5", "1", "2.5", "5.99", "6", "6.01", "9", "27"):
        assert agrees(erfc(Decimal(z)), mpmath.erfc(mpmath.mpf(z)), 14)
    for q in (Fraction(-3), Fraction(0), Fraction(1645, 1000), Fraction(8)):
        assert agrees(normal_tail(q), mpmath.ncdf(-to_mpf(q)), 14)
    for tail in (Fraction(1, 2), Fraction(1, 20), Fraction(1, 100), Fraction(1, 5), Fraction(9, 10)):
        assert agrees(normal_quantile(tail), -mpmath.sqrt(2) * mpmath.erfinv(2 * to_mpf(tail) - 1), 13)


# --- the binomial and Beta tails ------------------------------------------------------------------------------------

def summed_tail(n: int, p: Fraction, k: int) -> Fraction:
    """P(X >= k), X binomial (n, p), as the sum of its terms written out."""
    return sum((comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(max(k, 0), n + 1)), Fraction(0))


def test_the_binomial_tail_is_the_sum_of_its_terms() -> None:
    rng = random.Random(2026)
    for _ in range(400):
        n = rng.randrange(0, 60)
        b = rng.randrange(1, 40)
        p = Fraction(rng.randrange(0, b + 1), b)
        k = rng.randrange(-2, n + 3)
        assert binomial_tail(n, p, k) == summed_tail(n, p, k), (n, p, k)
        assert binomial_at_most(n, p, k) == 1 - summed_tail(n, p, k + 1)


def test_the_binomial_tail_of_a_long_log_is_the_sum_of_its_terms() -> None:
    # 3,800 spins, a pocket hit 116 times or more: every term over 38^3800, summed as whole numbers.
    whole = sum(comb(3800, j) * 37 ** (3800 - j) for j in range(116, 3801))
    assert binomial_tail(3800, Fraction(1, 38), 116) == Fraction(whole, 38**3800)


def test_the_critical_count_is_the_fewest_hits_whose_tail_is_at_most_the_level() -> None:
    for n, p, level in [(10, Fraction(1, 2), Fraction(1, 20)), (38, Fraction(1, 38), Fraction(1, 20)),
                        (100, Fraction(1, 38), Fraction(1, 100)), (57, Fraction(2, 7), Fraction(1, 3)),
                        (20, Fraction(1, 38), Fraction(1)), (12, Fraction(0), Fraction(1, 20)), (12, Fraction(1), Fraction(1, 20))]:
        fewest = next(k for k in range(n + 2) if summed_tail(n, p, k) <= level)
        assert critical_hits(n, p, level) == fewest, (n, p, level)
        assert all(tail_at_most(n, p, k, level) == (summed_tail(n, p, k) <= level) for k in range(-1, n + 2))


def beta_density_tail(a: int, b: int, x: Fraction) -> mpmath.mpf:
    """P(T > x), T ~ Beta(a, b), by quadrature of its density, split around its peak."""
    a_, b_, x_ = mpmath.mpf(a), mpmath.mpf(b), to_mpf(x)

    def density(t: mpmath.mpf) -> mpmath.mpf:
        return t ** (a_ - 1) * (1 - t) ** (b_ - 1) / mpmath.beta(a_, b_)

    mean, spread = a_ / (a_ + b_), mpmath.sqrt(a_ * b_ / ((a_ + b_) ** 2 * (a_ + b_ + 1)))
    cuts = sorted({x_, *(c for c in (mean + s * spread for s in range(-12, 13)) if x_ < c < 1), mpmath.mpf(1)})
    return mpmath.quad(density, cuts)


@pytest.mark.parametrize("a, b, x", [(1, 1, Fraction(1, 3)), (1, 37, Fraction(1, 36)), (3, 5, Fraction(1, 2)),
                                     (4, 72, Fraction(1, 36)), (117, 3721, Fraction(1, 36)),
                                     (128, 3710, Fraction(1, 36)), (40, 1480, Fraction(1, 36))])
def test_the_beta_tail_agrees_with_an_integration_of_the_density(a: int, b: int, x: Fraction) -> None:
    assert agrees(beta_tail(a, b, x), beta_density_tail(a, b, x), 12)


def test_the_posterior_is_the_prior_times_the_likelihood() -> None:
    # Bayes' rule done numerically: the posterior mean of the chance after 3 hits in 38 spins, from Beta(1, 37).
    def weighted(t: mpmath.mpf) -> mpmath.mpf:  # the prior Beta(1, 37) times the likelihood of 3 hits in 38 spins
        return (1 - t) ** 36 * t**3 * (1 - t) ** 35

    weight = mpmath.quad(weighted, [0, 0.1, 1])
    mean = mpmath.quad(lambda t: t * weighted(t), [0, 0.1, 1]) / weight
    posterior = f.prior().after(3, 38)
    assert (posterior.a, posterior.b) == (4, 72) and agrees(posterior.mean, mean, 30)


# --- the whole wheel and the hottest pocket -------------------------------------------------------------------------

def test_the_chi_square_statistic_is_pearsons_sum() -> None:
    rng = random.Random(1)
    for spins in (1, 5, 38, 200):
        counts = [0] * 38
        for _ in range(spins):
            counts[rng.randrange(38)] += 1
        expected = Fraction(spins, 38)
        assert f.chi_square_statistic(f.SpinLog(tuple(counts))) == sum((c - expected) ** 2 / expected for c in counts)


def sequences_tail(spins: int, observed_squares: int) -> Fraction:
    """P(sum of squared counts >= observed) over every sequence of ``spins`` spins of the 38 pockets."""
    hits = 0
    for sequence in range(38**spins):
        counts = [0] * 38
        for _ in range(spins):
            sequence, pocket = divmod(sequence, 38)
            counts[pocket] += 1
        hits += sum(c * c for c in counts) >= observed_squares
    return Fraction(hits, 38**spins)


@pytest.mark.parametrize("spins", [["17"], ["17", "5"], ["17", "17"], ["1", "2", "3"], ["4", "4", "9"], ["8", "8", "8"]])
def test_the_exact_chi_square_p_value_counts_every_sequence_of_spins(spins: list[str]) -> None:
    log = f.SpinLog.of_spins(spins)
    assert f.exact_p_value(log) == sequences_tail(len(spins), sum(c * c for c in log.counts))


def test_the_exact_p_value_of_an_even_log_is_one_and_the_partitions_cover_every_sequence() -> None:
    assert f.exact_p_value(f.SpinLog((1,) * 38)) == 1        # nothing is more even than one spin on every pocket
    assert sum(f.sequences_with_counts(parts, 38, 12) for parts in f.partitions(12, 12, 38)) == 38**12


def test_a_log_too_long_to_count_says_so() -> None:
    with pytest.raises(ValueError, match=re.escape("41 spins are too many to count every way they could fall (at most 40); "
                                                   "use the Monte Carlo test")):
        f.exact_p_value(f.SpinLog.of_spins(["1"] * 41))


def all_below(spins: int, m: int, pockets_: int = 38) -> Fraction:
    """P(every pocket of a fair wheel is hit fewer than m times in ``spins`` spins): spins!/N^spins times the
    coefficient of x^spins in (1 + x + ... + x^(m-1)/(m-1)!)^N, the polynomial multiplied out in fractions."""
    factor = [Fraction(1, factorial(j)) for j in range(min(m, spins + 1))]
    product = [Fraction(1)]
    for _ in range(pockets_):
        product = [sum((product[i] * factor[d - i]
                        for i in range(max(0, d - len(factor) + 1), min(d, len(product) - 1) + 1)), Fraction(0))
                   for d in range(min(spins, len(product) + len(factor) - 2) + 1)]
    return product[spins] * factorial(spins) / pockets_**spins if spins < len(product) else Fraction(0)


@pytest.mark.parametrize("spins, m", [(2, 2), (3, 2), (10, 2), (10, 3), (38, 3), (38, 4), (60, 5), (76, 6), (20, 1)])
def test_the_hottest_pocket_lies_between_its_bounds(spins: int, m: int) -> None:
    exact = 1 - all_below(spins, m)
    low, high = f.hottest_bounds(spins, m)
    assert low <= exact <= high
    t = binomial_tail(spins, Fraction(1, 38), m)
    independent = 1 - (1 - t) ** 38
    assert 0 <= independent - low < Fraction(1, 10**27)        # rounded down, and by no more than the roundings
    # The bounds differ by at most the pairs' term of inclusion and exclusion, C(38, 2) t^2 (the chapter says so).
    assert high - independent <= comb(38, 2) * t**2


def test_the_hottest_of_3800_spins_lies_between_its_bounds_by_the_generating_function() -> None:
    # P(some pocket gets 127 or more of 3,800 spins), in floating point: the coefficient of y^n in E(100 y)^38,
    # E(x) = sum of x^j / j! for j < 127, multiplied out with numpy and rescaled at each step (every term positive).
    n, m, size = 3800, 127, 38
    scale = n / size
    factor = np.array([np.exp(j * log(scale) - lgamma(j + 1)) for j in range(m)])
    product, log_scale = np.array([1.0]), 0.0
    for _ in range(size):
        product = np.convolve(product, factor)[: n + 1]
        top = product.max()
        product, log_scale = product / top, log_scale + log(top)
    below = np.exp(log(product[n]) + log_scale + lgamma(n + 1) - n * log(n))
    low, high = f.hottest_bounds(n, m)
    assert float(low) < 1 - below < float(high)


# --- power and the spins a test needs --------------------------------------------------------------------------------

@pytest.mark.parametrize("chance, level, power", [(Fraction(1, 35), Fraction(1, 20), Fraction(4, 5)),
                                                  (Fraction(1, 30), Fraction(1, 20), Fraction(4, 5)),
                                                  (Fraction(1, 33), Fraction(1, 100), Fraction(9, 10)),
                                                  (Fraction(1, 25), Fraction(1, 20), Fraction(1, 2))])
def test_the_spins_needed_are_the_normal_formula_rounded_up(chance: Fraction, level: Fraction, power: Fraction) -> None:
    z = NormalDist().inv_cdf
    p0, p1 = 1 / 38, float(chance)
    root_n = (z(1 - float(level)) * (p0 * (1 - p0)) ** 0.5 + z(float(power)) * (p1 * (1 - p1)) ** 0.5) / (p1 - p0)
    assert f.spins_needed(chance, level, power) == int(-(-root_n**2 // 1))


def test_the_power_is_the_chance_of_reaching_the_critical_count() -> None:
    for spins in (38, 100, 380):
        fewest = next(k for k in range(spins + 2) if summed_tail(spins, Fraction(1, 38), k) <= Fraction(1, 20))
        assert f.one_pocket_power(spins, Fraction(1, 30)) == summed_tail(spins, Fraction(1, 30), fewest)
        assert f.one_pocket_power(spins, Fraction(1, 38)) <= Fraction(1, 20)


def test_a_chance_no_test_can_find_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^a pocket's chance 1/40 must lie above the fair 1/38"):
        f.spins_needed(Fraction(1, 40))


# --- Kelly on an estimate --------------------------------------------------------------------------------------------

def test_the_straight_up_kelly_fraction_and_growth_are_the_kelly_chapters() -> None:
    for chance in (Fraction(1, 30), Fraction(1, 35), Fraction(117, 3838)):
        bet = simple_bet("pocket", Distribution({"hit": chance, "miss": 1 - chance}), lambda s: s == "hit", 35)
        assert f.straight_up_kelly(chance) == kelly.kelly_fraction(bet)
        g = f.straight_up_growth(chance, Fraction(1, 200))
        p = to_mpf(chance)
        assert agrees(g, p * mpmath.log(1 + mpmath.mpf(35) / 200) + (1 - p) * mpmath.log(1 - mpmath.mpf(1) / 200), 20)
    assert f.straight_up_kelly(Fraction(1, 36)) == 0 == f.straight_up_kelly(Fraction(1, 38))


def test_the_expected_growth_over_the_posterior_is_the_growth_at_its_mean() -> None:
    # The proposition: G is linear in the chance, so averaging it over Beta(117, 3721) is evaluating it at the mean.
    a, b, stake = 117, 3721, mpmath.mpf(1) / 300

    def weighted_growth(t: mpmath.mpf) -> mpmath.mpf:  # the growth at chance t, times the posterior's density there
        growth = t * mpmath.log(1 + 35 * stake) + (1 - t) * mpmath.log(1 - stake)
        return growth * t ** (a - 1) * (1 - t) ** (b - 1) / mpmath.beta(a, b)

    averaged = mpmath.quad(weighted_growth, [0, 0.02, 0.03, 0.04, 1])
    assert agrees(f.straight_up_growth(Fraction(a, a + b), Fraction(1, 300)), averaged, 15)


# --- logs of spins, and what a bad one is told ----------------------------------------------------------------------

def test_a_log_counts_its_spins_pocket_by_pocket() -> None:
    log = f.SpinLog.of_spins([17, "17", "00", 0])
    assert log.by_pocket()["17"] == 2 and log.hits("00") == 1 and log.hits(0) == 1 and log.spins == 4
    assert f.SpinLog.of_counts({"17": 2, "00": 1, "0": 1}) == log
    assert f.log_of_counts_text(",".join(str(log.hits(p)) for p in WHEEL)) == log
    assert f.hot_pocket(f.SpinLog.of_spins(["36", "00", "36", "00"])) == "00"     # a tie: the first on the layout


@pytest.mark.parametrize("make, message", [
    (lambda: f.SpinLog((1,) * 37), ("37 counts for a wheel of 38 pockets; give one count for each pocket, in the "
                                    "order 0, 00, 1, ..., 36")),
    (lambda: f.SpinLog((1,) * 38, RULES["single_zero"]), ("38 counts for a wheel of 37 pockets; give one count for "
                                                          "each pocket, in the order 0, 1, 2, ..., 36")),
    (lambda: f.SpinLog((1,) * 37 + (-2,)), "pocket 36 has a count of -2; a count is a whole number from 0 up"),
    (lambda: f.log_of_counts_text("1,2,three"), ("the 3rd count, 'three', is not a whole number written in the digits 0 to 9; give one count for "
                                                 "each pocket, in the order 0, 00, 1, ..., 36")),
    (lambda: f.SpinLog.of_spins(["00"], RULES["single_zero"]), "00 is not on the wheel; the pockets are 0 and 1 to 36"),
    (lambda: f.SpinLog.of_counts({"37": 1}), "37 is not on the wheel; the pockets are 0, 00 and 1 to 36"),
    (lambda: f.chi_square_test(f.SpinLog((0,) * 38)), "a test needs at least one spin; these counts add up to 0"),
    (lambda: f.prior().after(5, 3), "5 hits in 3 spins: the hits must be a whole number from 0 to the spins"),
])
def test_a_bad_log_gets_a_one_line_error(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        make()


def test_a_file_of_spins_is_read_one_pocket_a_line_and_a_bad_line_is_named(tmp_path: Path) -> None:
    spins = tmp_path / "spins.txt"
    spins.write_text("17\n00\n\n 5 \n17\n")
    assert f.log_of_file(str(spins)).by_pocket() == {**dict.fromkeys(WHEEL, 0), "17": 2, "00": 1, "5": 1}
    spins.write_text("17\n38\n")
    with pytest.raises(ValueError, match=r"spins.txt, line 2: 38 is not on the wheel; the pockets are 0, 00 and 1 to 36$"):
        f.log_of_file(str(spins))
    spins.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ValueError, match="it is not text; write one pocket a line"):
        f.log_of_file(str(spins))


# --- the simulated wheels --------------------------------------------------------------------------------------------

class Counting:
    """A stand-in for random.Random whose randrange returns 0, 1, 2, ... in turn: every number drawn once."""

    def __init__(self, seed: object) -> None:
        self.next = 0

    def randrange(self, stop: int) -> int:
        drawn, self.next = self.next % stop, self.next + 1
        return drawn


def test_the_biased_wheel_gives_each_pocket_exactly_its_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(random, "Random", Counting)  # the random module the simulated wheels draw from
    for chance in (Fraction(1, 30), Fraction(3, 7), Fraction(1, 38)):
        total = chance.denominator * 37            # the equally likely numbers one spin draws from
        log = simulated.biased_log(total, "17", chance, seed=0)
        shares = {p: Fraction(n, total) for p, n in log.by_pocket().items()}
        assert shares == simulated.biased_chances("17", chance)


def test_the_biased_wheel_is_seeded_and_its_counts_are_near_their_chances() -> None:
    spins = simulated.biased_spins(38_000, "17", Fraction(1, 19), seed=5)
    assert spins == simulated.biased_spins(38_000, "17", Fraction(1, 19), seed=5) != simulated.biased_spins(38_000, "17", Fraction(1, 19), seed=6)
    log = f.SpinLog.of_spins(spins)
    for pocket, p in simulated.biased_chances("17", Fraction(1, 19)).items():
        sd = (38_000 * p * (1 - p)) ** 0.5
        assert abs(log.hits(pocket) - 38_000 * p) < 4 * sd


def test_the_monte_carlo_p_value_agrees_with_the_exact_one_within_its_error() -> None:
    log = f.SpinLog.of_spins(simulated.biased_spins(30, "17", Fraction(1, 30), seed=2026))
    exact = f.exact_p_value(log)
    wheels = 20_000
    estimate = simulated.monte_carlo_p_value(log, wheels, np.random.default_rng(7))
    se = (exact * (1 - exact) / wheels) ** 0.5
    assert abs(float(estimate - exact)) < 4 * float(se)
    share = simulated.hottest_share(38, 3, wheels, np.random.default_rng(8))
    truth = 1 - all_below(38, 3)
    assert abs(float(share - truth)) < 4 * float((truth * (1 - truth) / wheels) ** 0.5)


def test_the_pockets_of_every_rules_value_are_the_wheels() -> None:
    assert list(pockets(OXFORD)) == WHEEL and f.fair_chance(RULES["la_partage"]) == Fraction(1, 37)


# --- the wheel explorer ------------------------------------------------------------------------------------------------

def percent_text(q: Fraction) -> str:
    """A probability as a percent with two decimals, rounded half up by whole-number arithmetic."""
    hundredths, rest = divmod(q.numerator * 10_000, q.denominator)
    hundredths += 2 * rest >= q.denominator
    return f"{hundredths // 100}.{hundredths % 100:02d}%"


def test_the_explorer_shows_the_librarys_figures_for_the_chapters_log() -> None:
    from casino_math.widgets.fairness import pocket_figures, wheel_view

    page = wheel_view("simulate", 3800, "17", Fraction(1, 30), 2026, 0)
    log = simulated.biased_log(3800, "17", Fraction(1, 30), 2026)
    k = log.hits("17")
    tail = sum((comb(3800, j) * Fraction(1, 38) ** j * Fraction(37, 38) ** (3800 - j) for j in range(k)), Fraction(0))
    assert f"P(a fair pocket gets {k} or more)</td><td><b>{percent_text(1 - tail)}</b>" in page
    rows = dict(pocket_figures("17", k, 3800, Fraction(1, 30)))
    mpmath.mp.dps = 40
    posterior = beta_density_tail(1 + k, 37 + 3800 - k, Fraction(1, 36))
    assert rows["chance that 17 beats break-even (1/36), under the Beta(1, 37) prior"] == percent_text(Fraction(mpmath.nstr(posterior, 30)))
    assert "beats break-even (1/36), under the Beta(1, 37) prior" in page and "hottest pocket" in page and "chi-square, 37 degrees of freedom" in page


def test_the_explorer_with_a_count_shows_no_whole_wheel_test_and_refuses_too_many_hits() -> None:
    from casino_math.widgets.fairness import wheel_view

    page = wheel_view("count", 380, "5", Fraction(1, 25), 2026, 20)
    assert "simulate a wheel to see them" in page and "<td>hottest pocket</td>" not in page
    assert "P(a fair pocket gets 20 or more)" in page
    assert wheel_view("count", 380, "5", Fraction(1, 25), 2026, 381).startswith("<p>381 hits in 380 spins")
