"""The chapter "Is the wheel fair?": every figure it glues, derived again without the library's inference code.

The log of spins is spun again here from the chapter's stated recipe (seed 2026, one number drawn in 37 x 30 per
spin, 37 of them on 17); the tests' tails are summed term by term, the chi-square tails and the Beta posteriors
integrated with mpmath, the short log's exact p-value found by a dynamic program over pockets (not by partitions),
and the spins a test needs from the standard library's normal quantiles.  Only the display of a number as the
prose shows it is shared with the library's conventions (percent with two decimals, half up).
"""

from __future__ import annotations

import json
import random
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial
from pathlib import Path
from statistics import NormalDist

import mpmath
import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = ROOT / "book" / "roulette-fairness.ipynb"
WHEEL = ["0", "00", *(str(n) for n in range(1, 37))]
SPINS, SEED = 3800, 2026
mpmath.mp.dps = 40


@pytest.fixture(scope="module")
def book() -> dict[str, str]:
    """Every value the chapter glues, by name, as the prose shows it."""
    cells = json.loads(CHAPTER.read_text())["cells"]
    return {output["metadata"]["scrapbook"]["name"]: output["data"]["application/papermill.record/text/plain"]
            for cell in cells for output in cell.get("outputs", []) if "scrapbook" in output.get("metadata", {})}


def spins_of_the_log(spins: int = SPINS) -> list[str]:
    """The chapter's wheel: 17 has chance 1/30, the others (29/30)/37 each; one draw from 37 x 30 numbers a spin,
    the first 37 of them on 17 and the rest 29 to each other pocket in the layout's order."""
    others = [p for p in WHEEL if p != "17"]
    draw = random.Random(SEED).randrange
    result = []
    for _ in range(spins):
        r = draw(30 * 37)
        result.append("17" if r < 37 else others[(r - 37) // 29])
    return result


@pytest.fixture(scope="module")
def counts() -> dict[str, int]:
    spun = spins_of_the_log()
    return {p: spun.count(p) for p in WHEEL}


def pct(x: Fraction | mpmath.mpf, digits: int = 2) -> str:
    """A probability as the prose shows it: a percent, rounded half up."""
    value = Decimal(mpmath.nstr(mpmath.mpf(x) * 100, 40)) if not isinstance(x, Fraction) else \
        Decimal(x.numerator * 100) / Decimal(x.denominator)
    return f"{value.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)}%"


@lru_cache(maxsize=8)
def suffix_sums(n: int, a: int, b: int) -> list[int]:
    """The sums over j >= k of C(n, j) a^j (b - a)^(n - j), for k = 0 to n + 1: each term from the one above it,
    term(j - 1) = term(j) (j / (n - j + 1)) ((b - a) / a), every division exact."""
    c = b - a
    term, sums = a**n, [0]
    for j in range(n, -1, -1):
        sums.append(sums[-1] + term)
        if j:
            term = (term // a) * c * j // (n - j + 1)
    return sums[::-1]


def tail(n: int, p: Fraction, k: int) -> Fraction:
    """P(X >= k), X binomial (n, p), every term over the common denominator b^n, summed as whole numbers."""
    a, b = p.numerator, p.denominator
    return Fraction(suffix_sums(n, a, b)[max(k, 0)], b**n)


def chi_square_upper(x: Fraction | mpmath.mpf, df: int) -> mpmath.mpf:
    """P(chi-square with df degrees of freedom >= x): mpmath's regularized upper incomplete gamma function."""
    value = mpmath.mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else mpmath.mpf(x)
    return mpmath.gammainc(mpmath.mpf(df) / 2, value / 2, mpmath.inf, regularized=True)


def beta_upper(a: int, b: int, x: Fraction) -> mpmath.mpf:
    """P(T > x), T ~ Beta(a, b), by quadrature of the density split around its peak."""

    def density(t: mpmath.mpf) -> mpmath.mpf:
        return t ** (a - 1) * (1 - t) ** (b - 1) / mpmath.beta(a, b)

    mean, sd = mpmath.mpf(a) / (a + b), mpmath.sqrt(mpmath.mpf(a) * b / ((a + b) ** 2 * (a + b + 1)))
    start = mpmath.mpf(x.numerator) / x.denominator
    cuts = sorted({start, *(c for c in (mean + s * sd for s in range(-12, 13)) if start < c < 1), mpmath.mpf(1)})
    return mpmath.quad(density, cuts)


def test_the_log(book: dict[str, str], counts: dict[str, int]) -> None:
    assert sum(counts.values()) == SPINS and book["fair_spins"] == "3,800" and book["fair_seed"] == "2026"
    hot = max(WHEEL, key=lambda p: (counts[p], -WHEEL.index(p)))
    low = min(WHEEL, key=lambda p: (counts[p], WHEEL.index(p)))
    assert (book["fair_hits17"], book["fair_hot"], book["fair_hot_hits"]) == (str(counts["17"]), hot, str(counts[hot]))
    assert (book["fair_lowest_pocket"], book["fair_lowest"]) == (low, str(counts[low]))
    assert book["fair_expected"] == "100" and book["fair_excess17"] == str(counts["17"] - 100)


def test_the_chi_square_test_of_the_whole_wheel(book: dict[str, str], counts: dict[str, int]) -> None:
    expected = Fraction(SPINS, 38)
    statistic = sum((Fraction(c) - expected) ** 2 / expected for c in counts.values())
    assert book["fair_stat"] == f"{statistic.numerator}/{statistic.denominator}" and book["fair_df"] == "37"
    assert book["fair_p"] == pct(chi_square_upper(statistic, 37))
    # E[X^2] on the biased wheel: sum of (n p (1 - p) + (n p - n/38)^2) / (n/38).
    chances = {p: Fraction(1, 30) if p == "17" else Fraction(29, 30 * 37) for p in WHEEL}
    mean = sum((SPINS * p * (1 - p) + (SPINS * p - expected) ** 2) / expected for p in chances.values())
    assert book["fair_mean_biased"] == f"{Decimal(mean.numerator) / mean.denominator:.2f}"
    assert book["fair_chi_sd"] == f"{Decimal(74).sqrt():.2f}"


def squared_counts(n: int) -> dict[tuple[int, int], int]:
    """The ways n spins fall on the wheel, by (spins placed, sum of squared counts), pocket by pocket."""
    states = {(0, 0): 1}
    for _ in WHEEL:
        following: dict[tuple[int, int], int] = {}
        for (placed, squares), ways in states.items():
            for c in range(n - placed + 1):
                key = (placed + c, squares + c * c)
                following[key] = following.get(key, 0) + ways * comb(n - placed, c)
        states = following
    return states


def exact_short_p_value(spins: list[str]) -> Fraction:
    """P(sum of squared counts >= observed) for a fair wheel, by a dynamic program over the 38 pockets: a state is
    (spins placed so far, sum of their squared counts), weighted by the ways of choosing which spins those are."""
    n = len(spins)
    observed = sum(spins.count(p) ** 2 for p in WHEEL)
    states = squared_counts(n)
    return Fraction(sum(w for (placed, squares), w in states.items() if placed == n and squares >= observed), 38**n)


def test_the_short_log_its_exact_p_value_and_its_simulation(book: dict[str, str]) -> None:
    short = spins_of_the_log(38)
    statistic = Fraction(38, 38) * sum(short.count(p) ** 2 for p in WHEEL) - 38
    assert book["fair_short_spins"] == "38" and book["fair_short_stat"] == str(statistic)
    assert book["fair_short_chi"] == pct(chi_square_upper(statistic, 37))
    exact = exact_short_p_value(short)
    assert book["fair_short_exact"] == pct(exact)
    assert book["fair_partitions"] == "26,015"                  # p(38), the partitions of 38
    simulated = Fraction(book["fair_short_mc"][:-1]) / 100
    se = (exact * (1 - exact) / 9999) ** 0.5
    assert abs(float(simulated - exact)) < 4 * float(se)
    assert book["fair_mc_se"] == pct(mpmath.sqrt(mpmath.mpf(exact.numerator) / exact.denominator
                                                 * (1 - mpmath.mpf(exact.numerator) / exact.denominator) / 9999))


def test_one_pocket_and_the_hottest(book: dict[str, str], counts: dict[str, int]) -> None:
    p = Fraction(1, 38)
    assert book["fair_p17"] == pct(tail(SPINS, p, counts["17"]))
    critical = next(k for k in range(counts["17"] - 20, SPINS) if tail(SPINS, p, k) <= Fraction(1, 20))
    assert book["fair_critical"] == str(critical) and book["fair_critical_tail"] == pct(tail(SPINS, p, critical))
    assert book["fair_short_of"] == ("one hit" if critical - counts["17"] == 1 else f"{critical - counts['17']} hits")
    # The two-sided test adds the counts as far below the expected 100 as 17's count is above it.
    mirror = 200 - counts["17"]
    two_sided = tail(SPINS, p, counts["17"]) + 1 - tail(SPINS, p, mirror + 1)
    assert book["fair_mirror"] == str(mirror) and book["fair_p17_two"] == pct(two_sided)
    assert Fraction(9, 5) < two_sided / tail(SPINS, p, counts["17"]) < 2           # "nearly twice as large"
    t = tail(SPINS, p, int(book["fair_hot_hits"]))
    assert book["fair_p_hot"] == pct(t)
    assert book["fair_hot_high"] == pct(38 * t)
    assert book["fair_hot_low"] == pct(1 - (1 - mpmath.mpf(t.numerator) / t.denominator) ** 38)


def test_the_posteriors(book: dict[str, str], counts: dict[str, int]) -> None:
    assert book["fair_prior_above"] == pct(Fraction(35, 36) ** 37)
    k17, hot = counts["17"], int(book["fair_hot_hits"])
    assert (book["fair_post_a"], book["fair_post_b"]) == (str(1 + k17), str(37 + SPINS - k17))
    assert book["fair_post_mean"] == str(Fraction(1 + k17, 38 + SPINS))
    assert book["fair_post_above"] == pct(beta_upper(1 + k17, 37 + SPINS - k17, Fraction(1, 36)))
    assert book["fair_post_hot_above"] == pct(beta_upper(1 + hot, 37 + SPINS - hot, Fraction(1, 36)))
    assert book["fair_ex_sceptic_prior"] == pct(beta_upper(100, 3700, Fraction(1, 36)))
    assert book["fair_ex_sceptic_17"] == pct(beta_upper(100 + k17, 3700 + SPINS - k17, Fraction(1, 36)))
    assert book["fair_ex_sceptic_hot"] == pct(beta_upper(100 + hot, 3700 + SPINS - hot, Fraction(1, 36)))


def needed(chance: float, level: float = 0.05, power: float = 0.8) -> int:
    z, p0 = NormalDist().inv_cdf, 1 / 38
    root = (z(1 - level) * (p0 * (1 - p0)) ** 0.5 + z(power) * (chance * (1 - chance)) ** 0.5) / (chance - p0)
    return int(-(-root**2 // 1))


def test_the_power_and_the_spins_needed(book: dict[str, str], counts: dict[str, int]) -> None:
    assert book["fair_needed_35"] == f"{needed(1 / 35):,}" and book["fair_hours_35"] == f"{-(-needed(1 / 35) // 40):,}"
    assert book["fair_needed_30"] == f"{needed(1 / 30):,}" and book["fair_per_hour"] == "40"
    critical = int(book["fair_critical"])
    power = tail(SPINS, Fraction(1, 30), critical)
    assert book["fair_power_log"] == pct(power) and book["fair_miss_log"] == pct(1 - power)
    n33 = needed(1 / 33, 0.01, 0.9)
    assert book["fair_ex_needed_33"] == f"{n33:,}" and book["fair_ex_hours_33"] == f"{-(-n33 // 40):,}"
    c33 = int(book["fair_ex_critical_33"])
    assert tail(n33, Fraction(1, 38), c33) <= Fraction(1, 100) < tail(n33, Fraction(1, 38), c33 - 1)
    assert book["fair_ex_power_33"] == pct(tail(n33, Fraction(1, 33), c33), 1)


def growth(chance: Fraction, stake: Fraction) -> mpmath.mpf:
    p, f = mpmath.mpf(chance.numerator) / chance.denominator, mpmath.mpf(stake.numerator) / stake.denominator
    return p * mpmath.log(1 + 35 * f) + (1 - p) * mpmath.log(1 - f)


def test_kelly_on_the_estimate(book: dict[str, str], counts: dict[str, int]) -> None:
    mean = Fraction(1 + counts["17"], 38 + SPINS)
    f_mean, f_true = (36 * mean - 1) / 35, (Fraction(36, 30) - 1) / 35
    assert book["fair_f_mean"] == pct(f_mean, 3) and book["fair_f_true"] == pct(f_true, 3)
    assert book["fair_growth_kept"] == pct(growth(Fraction(1, 30), f_mean) / growth(Fraction(1, 30), f_true), 0)
    assert book["fair_growth_twice"] == pct(growth(Fraction(1, 30), 2 * f_true) / growth(Fraction(1, 30), f_true), 0)
    hot = int(book["fair_hot_hits"])
    hot_mean = Fraction(1 + hot, 38 + SPINS)
    f_hot = (36 * hot_mean - 1) / 35
    assert book["fair_ex_hot_mean"] == str(hot_mean) and book["fair_ex_f_hot"] == str(f_hot)
    assert book["fair_ex_hot_chance"] == str(Fraction(29, 30 * 37))
    g = growth(Fraction(29, 1110), f_hot)
    assert book["fair_growth_hot"] == str(Decimal(mpmath.nstr(g, 30)).quantize(Decimal("1e-6"), rounding=ROUND_HALF_UP))
    mantissa, exponent = book["fair_bankroll_hot"].split(" × 10")
    assert mpmath.almosteq(mpmath.exp(10_000 * g), mpmath.mpf(mantissa) * 10 ** int(
        exponent.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))), rel_eps=0.01)


def test_the_exercises(book: dict[str, str]) -> None:
    assert book["fair_ex_colour_stat"] == "10/9" and book["fair_ex_colour_df"] == "2"
    assert book["fair_ex_colour_p"] == pct(mpmath.exp(-mpmath.mpf(5) / 9))
    assert book["fair_ex_three"] == pct(tail(38, Fraction(1, 38), 3))
    distinct = Fraction(factorial(38), factorial(28) * 38**10)
    assert book["fair_ex_repeat"] == pct(1 - distinct) and book["fair_ex_repeat_stat"] == "35.6"
    assert book["fair_ex_repeat_chi"] == pct(chi_square_upper(mpmath.mpf("35.6"), 37))
    assert book["fair_ex_sceptic_hot_mean"] == str(Fraction(100 + int(book["fair_hot_hits"]), 7600))


def test_the_simulated_hottest_pocket_is_the_solutions_code_run_again() -> None:
    rng = np.random.default_rng(2026)
    hottest = rng.multinomial(3800, [1 / 38] * 38, size=10_000).max(axis=1)
    share = Fraction(int((hottest >= 127).sum()), 10_000)
    cells = json.loads(CHAPTER.read_text())["cells"]
    glued = {o["metadata"]["scrapbook"]["name"]: o["data"]["application/papermill.record/text/plain"]
             for c in cells for o in c.get("outputs", []) if "scrapbook" in o.get("metadata", {})}
    assert glued["fair_ex_sim_estimate"] == pct(share)
    assert glued["fair_ex_sim_verdict"] == "overlaps"


def test_the_hottest_pockets_exact_chance_by_poisson_convolution(book: dict[str, str]) -> None:
    """Counts of n fair spins are independent Poisson(n/38) counts conditioned on their sum n, so
    P(max < m) = P(S = n, every count < m) / P(S = n): the cut Poisson law convolved 38 times, in floats."""
    m, lam = int(book["fair_hot_hits"]), SPINS / 38
    cut = np.array([float(mpmath.exp(-lam) * mpmath.mpf(lam) ** k / mpmath.factorial(k)) for k in range(m)])
    law = np.array([1.0])
    for _ in WHEEL:
        law = np.convolve(law, cut)[: SPINS + 1]
    total = float(mpmath.exp(-SPINS) * mpmath.mpf(SPINS) ** SPINS / mpmath.factorial(SPINS))
    hottest = 1 - law[SPINS] / total
    assert abs(Fraction(book["fair_hot_exact"][:-1]) / 100 - Fraction(hottest)) <= Fraction(1, 2 * 10**5)
    assert book["fair_hot_exact"] == "16.716%"                 # the exact sum, 0.16716..., in the figure
    assert book["fair_hot_one_in"] == str(round(1 / hottest))


def test_two_models_of_17(book: dict[str, str], counts: dict[str, int]) -> None:
    """The Bayes factor from mpmath's Beta function, and the mixed prior's tail by quadrature."""
    k, n = counts["17"], SPINS
    biased = mpmath.beta(1 + k, 37 + n - k) / mpmath.beta(1, 37)
    fair = (mpmath.mpf(1) / 38) ** k * (mpmath.mpf(37) / 38) ** (n - k)
    factor = biased / fair
    assert book["fair_bf"] == f"{Decimal(mpmath.nstr(factor, 20)):.2f}" == "0.30"   # below 1: favours "17 fair"
    assert book["fair_bf_inverse"] == f"{Decimal(mpmath.nstr(1 / factor, 20)):.1f}"
    p_biased = factor / (1 + factor)
    assert book["fair_mixed_biased"] == pct(p_biased, 1)
    mixed = p_biased * beta_upper(1 + k, 37 + n - k, Fraction(1, 36))
    assert book["fair_mixed_above"] == pct(mixed, 0) == "19%"


def test_two_sided_conventions(book: dict[str, str], counts: dict[str, int]) -> None:
    """Equal distance (checked above), every count no likelier than the observed one, and doubling, in mpmath."""
    k, p = counts["17"], mpmath.mpf(1) / 38

    def pmf(j: int) -> mpmath.mpf:
        return mpmath.binomial(SPINS, j) * p**j * (1 - p) ** (SPINS - j)

    observed = pmf(k)
    minlike = mpmath.fsum(pmf(j) for j in range(SPINS + 1) if pmf(j) <= observed * (1 + mpmath.mpf("1e-20")))
    assert book["fair_p17_minlike"] == pct(minlike) == "10.49%"
    assert book["fair_p17_double"] == pct(2 * tail(SPINS, Fraction(1, 38), k)) == "12.13%"
    assert book["fair_p17_two"] == "11.58%"


def test_the_exact_size_of_the_chi_square_test_at_38_spins(book: dict[str, str]) -> None:
    """The law of the sum of squared counts of 38 fair spins by a dynamic program over pockets; the test rejects
    where mpmath's chi-square tail is at most 5%."""
    n = 38
    states = squared_counts(n)
    size = Fraction(sum(w for (placed, squares), w in states.items()
                        if placed == n and chi_square_upper(Fraction(squares - n), 37) <= mpmath.mpf(1) / 20), 38**n)
    assert book["fair_short_size"] == pct(size) == "4.32%"


def test_power_for_a_pocket_found_by_looking_and_for_the_whole_wheel(book: dict[str, str]) -> None:
    assert book["fair_looked_35"] == f"{needed(1 / 35, 0.05 / 38):,}" == "75,962"
    assert book["fair_looked_hours_35"] == f"{-(-needed(1 / 35, 0.05 / 38) // 40):,}"
    assert book["fair_looked_30"] == f"{needed(1 / 30, 0.05 / 38):,}" == "8,125"
    # The simulation run again: the test rejects where the sum of squared counts S has N S / n - n at a chi-square
    # tail of at most 5% (mpmath), found by scanning S.
    critical_x = mpmath.findroot(lambda x: chi_square_upper(x, 37) - mpmath.mpf(1) / 20, 52)
    least = next(s for s in range(SPINS**2 // 38, SPINS**2)
                 if chi_square_upper(Fraction(38 * s, SPINS) - SPINS, 37) <= mpmath.mpf(1) / 20)
    chances = [1 / 30 if p == "17" else 29 / (30 * 37) for p in WHEEL]
    logs = np.random.default_rng(2026).multinomial(SPINS, chances, size=10_000).astype("int64")
    share = Fraction(int(((logs**2).sum(axis=1) >= least).sum()), 10_000)
    assert book["fair_whole_power"] == pct(share, 0) and book["fair_power_wheels"] == "10,000"
    # and against the noncentral chi-square law of Pearson's statistic, sum over j of Poisson(L / 2) weights times
    # the central tail on 37 + 2j degrees of freedom, with L = n sum of (p_i - 1/38)^2 / (1/38).
    lam = SPINS * 38 * sum((mpmath.mpf(c) - mpmath.mpf(1) / 38) ** 2 for c in chances)
    power = mpmath.fsum(mpmath.exp(-lam / 2) * (lam / 2) ** j / mpmath.factorial(j)
                        * chi_square_upper(critical_x, 37 + 2 * j) for j in range(200))
    assert abs(share - Fraction(str(mpmath.nstr(power, 10)))) < Fraction(2, 100)
    assert book["fair_power_log"] == "82.04%"


def test_the_g_test_exercise(book: dict[str, str], counts: dict[str, int]) -> None:
    g = 2 * mpmath.fsum(c * mpmath.log(mpmath.mpf(c) / 100) for c in counts.values() if c)
    assert book["fair_ex_g"] == f"{Decimal(mpmath.nstr(g, 30)):.2f}" == "42.88"
    assert book["fair_ex_g_p"] == pct(chi_square_upper(g, 37)) == "23.36%"
