"""Continuous chance: each figure of casino_math.continuous and of the chapter recomputed by another method.

Arc chances by mpmath's numerical integration of the density at 40 digits; the largest departure by scanning every
arc; the exponential, gamma and normal figures from mpmath's own functions; the exact binomial window by summing
math.comb terms; the Beta constant and tail by integrating the density; the tilted wheel and the exponential wait
by seeded simulations within 4 standard errors; the chapter's glued values against all of these.
"""

import random
import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from math import comb, log
from pathlib import Path

import mpmath
import pytest
from saved import glued

from casino_math import continuous
from casino_math.tails import binomial_at_most

mpmath.mp.dps = 40
CHAPTER = Path(__file__).resolve().parents[1] / "book" / "continuous.ipynb"
TILTS = [Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(-3, 4), Fraction(1)]


def close(d: Decimal, x: mpmath.mpf, digits: int = continuous.DIGITS) -> bool:
    """d agrees with x to ``digits`` significant digits (within one unit in the last place)."""
    return bool(abs(mpmath.mpf(str(d)) - x) <= abs(x) * mpmath.mpf(10) ** (1 - digits)
                or abs(x) < mpmath.mpf(10) ** -30)


def shown(x: mpmath.mpf, places: int) -> str:
    return f"{Decimal(mpmath.nstr(x, 30, strip_zeros=False)).quantize(Decimal(1).scaleb(-places)):f}"


def tilted_density(e: Fraction) -> Callable[[mpmath.mpf], mpmath.mpf]:
    return lambda t: (1 + mpmath.mpf(e.numerator) / e.denominator * mpmath.cos(t)) / (2 * mpmath.pi)


def arc_integral(e: Fraction, k: int) -> mpmath.mpf:
    return mpmath.quad(tilted_density(e), [2 * mpmath.pi * k / 38, 2 * mpmath.pi * (k + 1) / 38])


# --- the uniform angle and the pockets ----------------------------------------------------------------------------

def test_each_pocket_of_a_uniform_angle_has_one_in_38_by_integration() -> None:
    for k in range(38):
        assert continuous.pocket_chance(k) == Fraction(1, 38)
        assert abs(mpmath.quad(lambda t: 1 / (2 * mpmath.pi), [2 * mpmath.pi * k / 38, 2 * mpmath.pi * (k + 1) / 38])
                   - mpmath.mpf(1) / 38) < mpmath.mpf(10) ** -35


def test_the_uniform_distribution_function_against_counting_arcs() -> None:
    for j in range(39):
        assert continuous.uniform_cdf(Fraction(j, 38)) == sum(continuous.pocket_chance(k) for k in range(j))


# --- the tilted wheel ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("e", TILTS)
def test_tilted_arcs_against_numerical_integration(e: Fraction) -> None:
    for k in range(38):
        assert close(continuous.tilted_chance(e, k), arc_integral(e, k)), (e, k)


@pytest.mark.parametrize("e", TILTS)
def test_the_largest_departure_is_the_largest_over_the_arcs(e: Fraction) -> None:
    scanned = max(abs(arc_integral(e, k) - mpmath.mpf(1) / 38) for k in range(38))
    assert close(continuous.largest_departure(e), scanned)
    for k in (0, 18, 19, 37):                       # where the solution says it is reached
        assert abs(abs(arc_integral(e, k) - mpmath.mpf(1) / 38) - scanned) < mpmath.mpf(10) ** -30


def test_sines_against_mpmath() -> None:
    for q in [Fraction(j, 76) for j in range(-80, 160, 7)] + [Fraction(1, 3), Fraction(5, 12)]:
        assert close(continuous.sin_turns(q, 30), mpmath.sin(2 * mpmath.pi * q.numerator / q.denominator), 30), q


def test_a_seeded_tilted_wheel_within_4_standard_errors() -> None:
    rng, e, n = random.Random(4242), 0.5, 200_000
    hits = [0] * 38
    drawn = 0
    while drawn < n:
        t = rng.uniform(0, 2 * mpmath.pi.__float__())
        if rng.random() < (1 + e * mpmath.cos(t).__float__()) / (1 + e):
            hits[min(int(t / (2 * 3.141592653589793) * 38), 37)] += 1
            drawn += 1
    for k in (0, 9, 18):
        p = float(continuous.tilted_chance(Fraction(1, 2), k))
        assert abs(hits[k] / n - p) < 4 * (p * (1 - p) / n) ** 0.5, k


# --- waits, the normal curve, the Beta density -------------------------------------------------------------------

def test_exponential_and_gamma_tails_against_mpmath() -> None:
    assert close(continuous.exponential_tail(Fraction(1, 38), 38), mpmath.exp(-1))
    for r in (1, 2, 3, 7):
        x = mpmath.mpf(114) / 38
        assert close(continuous.gamma_tail(r, Fraction(1, 38), 114), mpmath.gammainc(r, x, mpmath.inf, regularized=True))


def test_the_exponential_moments_by_numerical_integration() -> None:
    lam = mpmath.mpf(1) / 38
    mean = mpmath.quad(lambda t: t * lam * mpmath.exp(-lam * t), [0, mpmath.inf])
    square = mpmath.quad(lambda t: t * t * lam * mpmath.exp(-lam * t), [0, mpmath.inf])
    assert abs(mean - 38) < mpmath.mpf(10) ** -25 and abs(square - mean**2 - 38**2) < mpmath.mpf(10) ** -20


def test_a_seeded_exponential_from_a_uniform_within_4_standard_errors() -> None:
    rng, n = random.Random(2031), 100_000
    waits = [-log(1 - rng.random()) * 38 for _ in range(n)]
    share = sum(w > 38 for w in waits) / n
    p = float(continuous.exponential_tail(Fraction(1, 38), 38))
    assert abs(share - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_the_geometric_tail_against_counting() -> None:
    p = Fraction(1, 38)
    assert continuous.geometric_tail(p, 38) == 1 - sum((1 - p) ** (j - 1) * p for j in range(1, 39))


def test_normal_figures_against_mpmath() -> None:
    for k in (1, 2, 3):
        assert close(continuous.normal_within(k), mpmath.erf(k / mpmath.sqrt(2)))
    assert close(continuous.normal_density(0), 1 / mpmath.sqrt(2 * mpmath.pi))


def test_the_binomial_window_by_summing_terms() -> None:
    n, p = 1000, Fraction(18, 38)
    sd = mpmath.sqrt(n * mpmath.mpf(18) / 38 * mpmath.mpf(20) / 38)
    mean = mpmath.mpf(n) * 18 / 38
    for k in (1, 2, 3):
        inside = [w for w in range(n + 1) if abs(w - mean) <= k * sd]
        assert continuous.binomial_within(n, p, k) == sum(comb(n, w) * p**w * (1 - p) ** (n - w) for w in inside)


@pytest.mark.parametrize("a, b", [(1, 37), (2, 2), (16, 402), (6, 70)])
def test_the_beta_constant_by_integration(a: int, b: int) -> None:
    constant = continuous.beta_integral(a, b)
    integral = mpmath.quad(lambda x: x ** (a - 1) * (1 - x) ** (b - 1), [0, 1])
    assert abs(integral - mpmath.mpf(constant.numerator) / constant.denominator) < mpmath.mpf(10) ** -30 * integral


def test_the_prior_mean_by_integration() -> None:
    mean = mpmath.quad(lambda x: x * 37 * (1 - x) ** 36, [0, 1])
    assert abs(mean - mpmath.mpf(1) / 38) < mpmath.mpf(10) ** -30
    assert continuous.beta_mean(1, 37) == Fraction(1, 38)


def test_conjugacy_against_bayes_rule_by_integration() -> None:
    a, b, k, n = 1, 37, 5, 38

    def joint(x: mpmath.mpf) -> mpmath.mpf:
        return x ** (a - 1) * (1 - x) ** (b - 1) * x**k * (1 - x) ** (n - k)

    total = mpmath.quad(joint, [0, 1])
    pa, pb = continuous.posterior(a, b, k, n)
    for x in (Fraction(1, 38), Fraction(1, 10), Fraction(1, 2)):
        density = continuous.beta_density(pa, pb, x)
        xm = mpmath.mpf(x.numerator) / x.denominator
        assert abs(joint(xm) / total - mpmath.mpf(density.numerator) / density.denominator) < mpmath.mpf(10) ** -25


# --- bad input ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: continuous.tilted_chance(Fraction(3, 2), 0), "the tilt must lie between -1 and 1"),
    (lambda: continuous.pocket_chance(38), "the arc must be a whole number from 0 to 37, not 38"),
    (lambda: continuous.tilted_chance(0, 0, 500), "the number of digits must be a whole number from 2 to 200"),
    (lambda: continuous.exponential_tail(0, 1), "the rate must be positive and the time at least 0"),
    (lambda: continuous.normal_within(-1), "the number of standard deviations must be at least 0"),
    (lambda: continuous.beta_density(1, 37, 2), "the Beta density lives on [0, 1]"),
    (lambda: continuous.posterior(1, 37, 5, 4), "the hits must be at most the spins (4), not 5"),
    (lambda: continuous.geometric_tail(0, 3), "the chance of a hit must lie in (0, 1]"),
])
def test_bad_input_gets_a_one_line_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)) as error:
        call()
    assert "\n" not in str(error.value)


# --- the chapter's glued figures, recomputed -----------------------------------------------------------------------

def test_the_chapters_figures() -> None:
    g = glued(CHAPTER)
    assert g["cont_pocket"] == "1/38" and g["cont_quarter"] == "1/4"
    assert g["cont_tilt_arc0"] == shown(arc_integral(Fraction(1, 10), 0), 6)
    assert g["cont_tilt_arc18"] == shown(arc_integral(Fraction(1, 10), 18), 6)
    assert g["cont_tilt_depart"] == shown(mpmath.sin(mpmath.pi / 19) / (20 * mpmath.pi), 6)
    assert g["cont_geo_38"] == shown(mpmath.mpf(37) ** 38 / mpmath.mpf(38) ** 38, 6)
    assert g["cont_exp_38"] == shown(mpmath.exp(-1), 6)
    third = sum(comb(114, j) * Fraction(1, 38) ** j * Fraction(37, 38) ** (114 - j) for j in range(3))
    assert third == binomial_at_most(114, Fraction(1, 38), 2)
    assert g["cont_third_exact"] == shown(mpmath.mpf(third.numerator) / third.denominator, 6)
    assert g["cont_third_gamma"] == shown(mpmath.exp(-3) * (1 + 3 + mpmath.mpf(9) / 2), 6)
    assert g["cont_phi0"] == shown(1 / mpmath.sqrt(2 * mpmath.pi), 6)
    for k in (1, 2, 3):
        assert g[f"cont_normal_{k}"] == shown(mpmath.erf(k / mpmath.sqrt(2)), 6)
        window = continuous.binomial_within(1000, Fraction(18, 38), k)
        assert g[f"cont_binomial_{k}"] == shown(mpmath.mpf(window.numerator) / window.denominator, 6)
    assert g["cont_prior_0"] == "37" and g["cont_prior_mean"] == "1/38"
    assert g["cont_prior_fair"] == shown(37 * (mpmath.mpf(37) / 38) ** 36, 4)
    assert g["cont_prior_above"] == f"{Decimal(mpmath.nstr(100 * (mpmath.mpf(18) / 19) ** 37, 30)).quantize(Decimal('0.001'))}%"
    assert (g["cont_post_a"], g["cont_post_b"], g["cont_post_mean"]) == ("16", "402", "8/209")


def test_the_exercises_solutions() -> None:
    g = glued(CHAPTER)
    assert (g["cont_ex_whole"], g["cont_ex_whole_chance"], g["cont_ex_whole_gap"]) == ("9", "9/38", "1/76")
    assert g["cont_ex_depart_half"] == shown(mpmath.sin(mpmath.pi / 19) / (4 * mpmath.pi), 6)
    sd, mean = mpmath.sqrt(1000 * mpmath.mpf(18) / 38 * 20 / 38), mpmath.mpf(18000) / 38
    assert (int(g["cont_ex_low"]), int(g["cont_ex_high"])) == (int(mpmath.ceil(mean - 2 * sd)),
                                                               int(mpmath.floor(mean + 2 * sd)))
    assert (g["cont_ex_post_a"], g["cont_ex_post_b"], g["cont_ex_post_mean"]) == ("6", "70", "3/38")
    above = mpmath.quad(lambda x: x**5 * (1 - x) ** 69, [mpmath.mpf(1) / 38, 1]) / mpmath.beta(6, 70)
    assert g["cont_ex_post_above"] == f"{Decimal(mpmath.nstr(100 * above, 30)).quantize(Decimal('0.01'))}%"
    assert g["cont_ex_arc0_half"] == shown(arc_integral(Fraction(1, 2), 0), 6)
    low, high = Decimal(g["cont_ex_sim_low"]), Decimal(g["cont_ex_sim_high"])
    inside = low <= Decimal(g["cont_ex_arc0_half"]) <= high
    assert g["cont_ex_sim_inside"] == ("lies" if inside else "does not lie")


@pytest.mark.parametrize("e", TILTS)
def test_arcs_9_and_28_keep_one_in_38_on_every_tilt(e: Fraction) -> None:
    for k in (9, 28):
        assert abs(arc_integral(e, k) - mpmath.mpf(1) / 38) < mpmath.mpf(10) ** -35
        assert continuous.tilted_chance(e, k, 30) == continuous.tilted_chance(0, k, 30)
