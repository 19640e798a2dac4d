"""The fairness chapter's course tools: the Clopper-Pearson interval, the exact test under three orderings, many
pockets at once (Bonferroni, Šidák, Benjamini-Hochberg) and the hottest sector, each against an independent method.

The interval's ends are mpmath's roots of its regularized incomplete Beta function (the Beta quantiles that
``scipy.stats.beta.ppf`` gives), and the published figure of the review of 2026-12-02 (section 2); its coverage is
summed over every outcome.  The orderings are checked against every sequence of spins of a small wheel, against a
dynamic program over pockets, and the chapter's three p-values against a seeded simulation.  The rules for many
tests are written again from their definitions, the pockets' tails taken from mpmath, and the familywise error
rate of Bonferroni's and Šidák's rules on a fair wheel summed again, by a Poissonised convolution in floating point
and, for the shorter log, by an exact dynamic program over pockets; the sectors are read from the
wheel's order written out here, their tails from mpmath, and the simulated shares run again with another seed and
compared within four standard errors.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from math import comb, factorial, lgamma, log

import mpmath
import numpy as np
import pytest
from saved import glued
from test_fairness_chapter import CHAPTER, SPINS, WHEEL, pct, spins_of_the_log

from casino_math.intervals import clopper_pearson
from casino_math.multiple import benjamini_hochberg, bonferroni, sidak, sidak_line, sidak_rejects
from casino_math.roulette.fairness import SpinLog
from casino_math.roulette.hottest import bonferroni_hits, p_hottest_at_least, sidak_hits
from casino_math.roulette.orderings import exact_p_values_of
from casino_math.roulette.sectors import hottest_sector, sector_hits, sectors

mpmath.mp.dps = 40
#: The double-zero wheel's pockets clockwise from 0, as printed around every American wheel.
AMERICAN_ORDER = ["0", "28", "9", "26", "30", "11", "7", "20", "32", "17", "5", "22", "34", "15", "3", "24", "36",
                  "13", "1", "00", "27", "10", "25", "29", "12", "8", "19", "31", "18", "6", "21", "33", "16", "4",
                  "23", "35", "14", "2"]


@pytest.fixture(scope="module")
def book() -> dict[str, str]:
    return glued(CHAPTER)


@pytest.fixture(scope="module")
def counts() -> dict[str, int]:
    spun = Counter(spins_of_the_log())
    return {p: spun[p] for p in WHEEL}


def beta_quantile(u: Fraction, a: int, b: int) -> mpmath.mpf:
    """The point below which a Beta(a, b) variable falls with chance u: mpmath's regularized incomplete Beta function
    solved by its own root finder, started where the normal approximation puts it."""
    mean = mpmath.mpf(a) / (a + b)
    sd = mpmath.sqrt(mpmath.mpf(a) * b / ((a + b) ** 2 * (a + b + 1)))
    start = mean + sd * mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf(u.numerator) / u.denominator - 1)
    return mpmath.findroot(lambda t: mpmath.betainc(a, b, 0, t, regularized=True) - mpmath.mpf(u.numerator) / u.denominator,
                           (start - sd / 4, start + sd / 4), solver="anderson", verify=False)


def upper_tail(n: int, p: Fraction, k: int) -> mpmath.mpf:
    """P(X >= k), X binomial (n, p): the regularized incomplete Beta function I_p(k, n - k + 1)."""
    if k <= 0:
        return mpmath.mpf(1)
    return mpmath.betainc(k, n - k + 1, 0, mpmath.mpf(p.numerator) / p.denominator, regularized=True)


# --- The Clopper-Pearson interval ---------------------------------------------------------------------------------


def test_17s_interval_is_the_beta_quantiles_and_the_reviewers_figure(book: dict[str, str], counts: dict[str, int]) -> None:
    k, n = counts["17"], SPINS
    low, high = beta_quantile(Fraction(1, 40), k, n - k + 1), beta_quantile(Fraction(39, 40), k + 1, n - k)
    interval = clopper_pearson(k, n)
    for (below, above), root in ((interval.lower, low), (interval.upper, high)):
        assert mpmath.mpf(below.numerator) / below.denominator <= root <= mpmath.mpf(above.numerator) / above.denominator
        assert above - below <= Fraction(1, 10**10)
    assert (book["fair_cp_low"], book["fair_cp_high"]) == (f"{float(low):.5f}", f"{float(high):.5f}")
    assert (book["fair_cp_low"], book["fair_cp_high"]) == ("0.02529", "0.03650")   # the review of 2026-12-02
    assert book["fair_cp_fair_in"] == "lies inside it" and low < mpmath.mpf(1) / 38 < high
    assert book["fair_cp_break_even_in"] == "lies inside it too" and low < mpmath.mpf(1) / 36 < high


@pytest.mark.parametrize("hits, trials, level", [(1, 2, Fraction(1, 20)), (3, 38, Fraction(1, 20)),
                                                 (10, 25, Fraction(1, 10)), (0, 7, Fraction(1, 20)),
                                                 (7, 7, Fraction(1, 100))])
def test_each_end_is_bracketed_around_its_beta_quantile(hits: int, trials: int, level: Fraction) -> None:
    interval = clopper_pearson(hits, trials, level, precision=Fraction(1, 10**8))
    if hits == 0:
        assert interval.lower == (Fraction(0), Fraction(0))
    else:
        root = beta_quantile(level / 2, hits, trials - hits + 1)
        assert interval.lower[0] <= Fraction(mpmath.nstr(root, 35)) <= interval.lower[1]
    if hits == trials:
        assert interval.upper == (Fraction(1), Fraction(1))
    else:
        root = beta_quantile(1 - level / 2, hits + 1, trials - hits)
        assert interval.upper[0] <= Fraction(mpmath.nstr(root, 35)) <= interval.upper[1]


@pytest.mark.parametrize("chance", [Fraction(1, 38), Fraction(1, 10), Fraction(1, 3), Fraction(1, 2), Fraction(9, 10)])
def test_the_interval_covers_at_least_95_percent_summed_over_every_outcome(chance: Fraction) -> None:
    """The proposition, for 30 trials: the chance of the outcomes whose interval holds the chance is at least 95%."""
    n = 30
    covered = sum((Fraction(factorial(n), factorial(k) * factorial(n - k)) * chance**k * (1 - chance) ** (n - k)
                   for k in range(n + 1) if clopper_pearson(k, n, precision=Fraction(1, 10**6)).holds(chance)),
                  Fraction(0))
    assert covered >= Fraction(19, 20)


@pytest.mark.parametrize("call, error", [
    (lambda: clopper_pearson(5, 3), "5 hits in 3 trials: the hits must be a whole number from 0 to the trials"),
    (lambda: clopper_pearson(1, 3, Fraction(3, 2)), "the level 3/2 must lie strictly between 0 and 1"),
    (lambda: clopper_pearson(1, 3, precision=0), "the precision 0 must lie strictly between 0 and 1"),
    (lambda: clopper_pearson(1, 0), "the trials must be a positive whole number, not 0"),
])
def test_a_bad_interval_gets_one_line(call: Callable[[], object], error: str) -> None:
    with pytest.raises((ValueError, TypeError)) as raised:
        call()
    assert error in str(raised.value) and "\n" not in str(raised.value)


def test_the_hottest_pockets_intervals(book: dict[str, str], counts: dict[str, int]) -> None:
    k, n = counts["16"], SPINS
    assert book["fair_hot"] == "16"
    assert book["fair_ex_cp_hot_low"] == f"{float(beta_quantile(Fraction(1, 40), k, n - k + 1)):.5f}"
    assert book["fair_ex_cp_hot_high"] == f"{float(beta_quantile(Fraction(39, 40), k + 1, n - k)):.5f}"
    assert book["fair_ex_cp_hot_fair"] == "lies outside it"
    half = Fraction(1, 20) / 38 / 2
    assert book["fair_ex_cp_hot_wide_low"] == f"{float(beta_quantile(half, k, n - k + 1)):.5f}"
    assert book["fair_ex_cp_hot_wide_high"] == f"{float(beta_quantile(1 - half, k + 1, n - k)):.5f}"
    assert book["fair_ex_cp_hot_wide_fair"] == "it holds"


# --- Three orderings of the same logs -------------------------------------------------------------------------------


def statistics_of(counts: tuple[int, ...]) -> tuple[Fraction, mpmath.mpf, Fraction]:
    """X^2 exactly, G in mpmath, and the chance of the counts exactly, for a fair wheel of len(counts) pockets."""
    n, size = sum(counts), len(counts)
    e = Fraction(n, size)
    x2 = sum(((c - e) ** 2 / e for c in counts), Fraction(0))
    g = 2 * mpmath.fsum(c * mpmath.log(mpmath.mpf(c) * size / n) for c in counts if c)
    chance = Fraction(factorial(n), size**n)
    for c in counts:
        chance /= factorial(c)
    return x2, g, chance


@pytest.mark.parametrize("size, n", [(3, 6), (4, 6), (4, 7), (5, 6)])
def test_every_ordering_against_every_sequence_of_a_small_wheel(size: int, n: int) -> None:
    """Each p-value as the share of all size^n sequences of spins whose statistic is at least as extreme."""
    laws = [statistics_of(tuple(Counter(seq).get(p, 0) for p in range(size)))
            for seq in itertools.product(range(size), repeat=n)]
    tie = mpmath.mpf(10) ** -30
    for observed in {tuple(sorted(Counter(seq).get(p, 0) for p in range(size)))
                     for seq in itertools.product(range(size), repeat=n)}:
        x2, g, chance = statistics_of(observed)
        expected = {"chi-square": Fraction(sum(law[0] >= x2 for law in laws), size**n),
                    "G": Fraction(sum(law[1] >= g - tie for law in laws), size**n),
                    "probability": Fraction(sum(law[2] <= chance for law in laws), size**n)}
        assert exact_p_values_of(observed) == expected


def by_pockets(n: int, size: int, key: Callable[[int], int], combine: Callable[[int, int], int],
               start: int) -> dict[int, int]:
    """The number of sequences of n spins on ``size`` pockets by the value of a statistic built pocket by pocket:
    a dynamic program over pockets whose state is (spins placed, statistic so far), each weighted by n!/prod c!."""
    states: dict[tuple[int, int], Fraction] = {(0, start): Fraction(1)}
    for _ in range(size):
        following: dict[tuple[int, int], Fraction] = {}
        for (placed, value), weight in states.items():
            for c in range(n - placed + 1):
                state = (placed + c, combine(value, key(c)))
                following[state] = following.get(state, Fraction(0)) + weight / factorial(c)
        states = following
    return {value: int(weight * factorial(n)) for (placed, value), weight in states.items() if placed == n}


def test_the_exercises_two_threes_by_a_dynamic_program(book: dict[str, str]) -> None:
    n, size, observed = 6, 38, (3, 3)
    squares = by_pockets(n, size, lambda c: c * c, lambda a, b: a + b, 0)
    powers = by_pockets(n, size, lambda c: c**c, lambda a, b: a * b, 1)
    facts = by_pockets(n, size, factorial, lambda a, b: a * b, 1)
    assert sum(squares.values()) == size**n
    p_chi = Fraction(sum(w for v, w in squares.items() if v >= 18), size**n)
    p_g = Fraction(sum(w for v, w in powers.items() if v >= 3**3 * 3**3), size**n)
    p_prob = Fraction(sum(w for v, w in facts.items() if v >= factorial(3) ** 2), size**n)
    assert (book["fair_ex_order_chi"], book["fair_ex_order_g"], book["fair_ex_order_prob"]) == \
        (pct(p_chi, 4), pct(p_g, 4), pct(p_prob, 4))
    assert exact_p_values_of(observed + (0,) * 36) == {"chi-square": p_chi, "G": p_g, "probability": p_prob}
    assert (book["fair_ex_order_squares"], book["fair_ex_order_g_411"], book["fair_ex_order_g_33"],
            book["fair_ex_order_f_411"], book["fair_ex_order_f_33"]) == ("18", "256", "729", "24", "36")


def test_the_short_logs_three_p_values_by_simulation(book: dict[str, str]) -> None:
    """200,000 fair wheels of 38 spins (seed 1): each statistic's share at least the short log's lies within four
    standard errors of the glued exact p-value, and the three differ as the chapter says."""
    short = spins_of_the_log(38)
    observed = sorted(Counter(short).values())
    wheels = np.sort(np.random.default_rng(1).multinomial(38, [1 / 38] * 38, size=200_000), axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        x_log_x = np.where(wheels > 0, wheels * np.log(np.maximum(wheels, 1)), 0.0).sum(axis=1)
    log_factorials = np.vectorize(lambda c: lgamma(c + 1))(wheels).sum(axis=1)
    tie = 1e-9
    shares = {"chi-square": float(((wheels**2).sum(axis=1) >= sum(c * c for c in observed)).mean()),
              "G": float((x_log_x >= sum(c * log(c) for c in observed) - tie).mean()),
              "probability": float((log_factorials >= sum(lgamma(c + 1) for c in observed) - tie).mean())}
    for name, key in (("chi-square", "fair_order_chi"), ("G", "fair_order_g"), ("probability", "fair_order_prob")):
        exact = float(book[key][:-1]) / 100
        assert abs(shares[name] - exact) <= 4 * (exact * (1 - exact) / 200_000) ** 0.5 + 0.00005, name
    assert book["fair_order_chi"] == book["fair_short_exact"]
    assert book["fair_order_chi"] > book["fair_order_g"] > book["fair_order_prob"]


# --- Many pockets at once -----------------------------------------------------------------------------------------


def bh_by_definition(p: dict[str, float], q: float) -> set[str]:
    """Every hypothesis whose p-value is at most the largest p_(i) with p_(i) <= i q / m."""
    ranked = sorted(p.values())
    passing = [v for i, v in enumerate(ranked, start=1) if v <= i * q / len(ranked)]
    return {name for name, v in p.items() if passing and v <= max(passing)}


@pytest.mark.parametrize("seed", range(20))
def test_the_rules_against_their_definitions_on_random_p_values(seed: int) -> None:
    rng = np.random.default_rng(seed)
    raw = np.concatenate([rng.uniform(size=30), rng.uniform(size=8) ** 6])       # 30 true, 8 false hypotheses
    p = {str(i): Fraction(int(v * 10**9), 10**9) for i, v in enumerate(raw)}
    q = Fraction(1, 10)
    as_float = {name: float(v) for name, v in p.items()}
    assert set(benjamini_hochberg(p, q)) == bh_by_definition(as_float, 0.1)
    assert set(bonferroni(p, q)) == {name for name, v in as_float.items() if v <= 0.1 / 38}
    threshold = 1 - mpmath.power(mpmath.mpf("0.9"), mpmath.mpf(1) / 38)
    assert set(sidak(p, q)) == {name for name, v in p.items() if mpmath.mpf(v.numerator) / v.denominator <= threshold}
    assert set(bonferroni(p, q)) <= set(sidak(p, q)) and set(bonferroni(p, q)) <= set(benjamini_hochberg(p, q))


def test_the_false_discovery_rate_of_independent_p_values_by_simulation() -> None:
    """Benjamini and Hochberg's theorem: 20,000 sets of 30 true (uniform) and 8 false hypotheses, seed 2026;
    the average share of false rejections stays within four standard errors of at most (30/38) q."""
    rng, q, false_share = np.random.default_rng(2026), 0.1, []
    for _ in range(20_000):
        p = np.concatenate([rng.uniform(size=30), rng.uniform(size=8) ** 8])
        ranked = np.sort(p)
        passing = np.nonzero(ranked <= np.arange(1, 39) * q / 38)[0]
        if len(passing) == 0:
            false_share.append(0.0)
            continue
        rejected = p <= ranked[passing[-1]]
        false_share.append(rejected[:30].sum() / rejected.sum())
    mean, se = float(np.mean(false_share)), float(np.std(false_share)) / len(false_share) ** 0.5
    assert mean <= 30 / 38 * q + 4 * se


def test_the_chapters_many_pockets(book: dict[str, str], counts: dict[str, int]) -> None:
    tails = {p: upper_tail(SPINS, Fraction(1, 38), c) for p, c in counts.items()}
    ranked = sorted(tails, key=lambda p: (tails[p], WHEEL.index(p)))
    assert (book["fair_bh_first"], book["fair_bh_second"]) == tuple(ranked[:2])
    assert book["fair_bh_first_p"] == pct(tails[ranked[0]]) and book["fair_bh_second_p"] == pct(tails[ranked[1]])
    assert book["fair_bh_rank17"] == f"{ranked.index('17') + 1}th"
    assert book["fair_bh_bonferroni_line"] == pct(Fraction(1, 20) / 38, 3)
    assert book["fair_bh_second_line"] == pct(Fraction(2, 20) / 38, 3)
    floats = {p: float(t) for p, t in tails.items()}
    assert bh_by_definition(floats, 0.05) == set() and book["fair_bh_bh"] == "none"
    assert not any(v <= 0.05 / 38 for v in floats.values()) and book["fair_bh_bonferroni"] == "none"
    assert not any(1 - (1 - v) ** 38 <= 0.05 for v in floats.values()) and book["fair_bh_sidak"] == "none"


def first_hot(n: int, rejects: Callable[[mpmath.mpf], bool]) -> int:
    """The fewest hits of one pocket in n fair spins whose tail, from mpmath, a rule rejects."""
    return next(k for k in range(n // 38, n + 1) if rejects(upper_tail(n, Fraction(1, 38), k)))


def some_pocket_by_poisson(n: int, hits: int) -> float:
    """P(max count >= hits) for n fair spins on 38 pockets: with 38 independent Poisson(n/38) counts Y_i,
    P(all Y_i < hits and their sum = n) / P(sum = n), the numerator by 37 convolutions of the cut Poisson law."""
    rate, k = n / 38, np.arange(hits)
    cut = np.exp(-rate + k * log(rate) - np.array([lgamma(j + 1) for j in k]))
    total = np.array([1.0])
    for _ in range(38):
        total = np.convolve(total, cut)[:n + 1]
    return 1 - float(total[n]) / float(np.exp(-n + n * log(n) - lgamma(n + 1)))


def some_pocket_by_dynamic_program(n: int, hits: int) -> Fraction:
    """P(max count >= hits) exactly: ways[j] counts the sequences of j spins on the pockets so far with every count
    below hits, a new pocket taking any c < hits of them in C(j, c) places."""
    ways = [1] + [0] * n
    for _ in range(38):
        ways = [sum(comb(j, c) * ways[j - c] for c in range(min(hits, j + 1))) for j in range(n + 1)]
    return 1 - Fraction(ways[n], 38**n)


def test_the_familywise_error_of_bonferroni_and_sidak(book: dict[str, str]) -> None:
    """The fewest hits each rule calls hot, from mpmath's tails; the chance that a fair wheel reaches them in some
    pocket, summed two other ways; and the figures of the review of 2026-12-02 (finding 1)."""
    alpha = mpmath.mpf(1) / 20
    threshold = 1 - mpmath.power(1 - alpha, mpmath.mpf(1) / 38)
    for n, spins in ((SPINS, book["fair_spins"]), (594, book["fair_fwer_short_spins"])):
        assert spins == f"{n:,}"
        assert first_hot(n, lambda t: 1 - (1 - t) ** 38 <= alpha) == sidak_hits(n, Fraction(1, 20))
        assert first_hot(n, lambda t: t <= alpha / 38) == bonferroni_hits(n, Fraction(1, 20))
        assert first_hot(n, lambda t: t <= threshold) == sidak_hits(n, Fraction(1, 20))
    assert book["fair_fwer_hits"] == str(first_hot(SPINS, lambda t: 1 - (1 - t) ** 38 <= alpha)) == "132"
    assert book["fair_fwer_hits"] == str(first_hot(SPINS, lambda t: t <= alpha / 38))
    assert (book["fair_fwer_short_sidak"], book["fair_fwer_short_bonferroni"]) == ("29", "30")
    rate = some_pocket_by_poisson(SPINS, 132)
    assert abs(rate - float(p_hottest_at_least(SPINS, 132))) < 1e-9
    assert book["fair_fwer_rate"] == pct(mpmath.mpf(rate)) == "4.11%"
    short = some_pocket_by_dynamic_program(594, 29)
    assert short == p_hottest_at_least(594, 29) and abs(some_pocket_by_poisson(594, 29) - float(short)) < 1e-9
    assert book["fair_fwer_short_rate"] == pct(short) == "5.04%" and short > Fraction(1, 20)
    assert book["fair_sidak_bound"] == pct(38 * threshold) == "5.13%"


def test_sidaks_rule_decided_exactly() -> None:
    below, above = sidak_line(38, Fraction(1, 20))
    exact_line = 1 - mpmath.power(mpmath.mpf("0.95"), mpmath.mpf(1) / 38)
    assert mpmath.mpf(below.numerator) / below.denominator <= exact_line <= mpmath.mpf(above.numerator) / above.denominator
    assert sidak_rejects(below, 38, Fraction(1, 20)) and not sidak_rejects(above, 38, Fraction(1, 20))
    with pytest.raises(ValueError, match=r"^the number of tests must be a positive whole number, not 0$"):
        sidak_line(0, Fraction(1, 20))


def test_no_p_value_comes_near_its_benjamini_hochberg_line(book: dict[str, str], counts: dict[str, int]) -> None:
    tails = sorted(upper_tail(SPINS, Fraction(1, 38), c) for c in counts.values())
    closest = min(t / (mpmath.mpf(i) / 20 / 38) for i, t in enumerate(tails, start=1))
    assert book["fair_bh_closest"] == str(mpmath.floor(closest * 10) / 10) and closest > 1


# --- Sectors ------------------------------------------------------------------------------------------------------


def sector_counts(wheels: np.ndarray, size: int) -> np.ndarray:
    """Each simulated wheel's hits in each sector of ``size``, the columns of ``wheels`` in the order of WHEEL."""
    around = wheels[:, [WHEEL.index(p) for p in AMERICAN_ORDER]]
    return sum(np.roll(around, -i, axis=1) for i in range(size))  # type: ignore[return-value]


def test_the_sectors_follow_the_wheel() -> None:
    assert [s[0] for s in sectors(5)] == AMERICAN_ORDER
    assert sectors(5)[-1] == ("2", "0", "28", "9", "26")


def test_the_hottest_sector_of_the_log(book: dict[str, str], counts: dict[str, int]) -> None:
    around = np.array([[counts[p] for p in WHEEL]])
    hits = sector_counts(around, 5)[0]
    start = int(np.argmax(hits))
    named = [AMERICAN_ORDER[(start + i) % 38] for i in range(5)]
    assert book["fair_sector"] == "-".join(named) and book["fair_sector_hits"] == str(hits[start])
    tail = upper_tail(SPINS, Fraction(5, 38), int(hits[start]))
    assert book["fair_sector_p"] == pct(tail, 3) and book["fair_sector_bound"] == pct(38 * tail)
    assert book["fair_sector_expected"] == "500" and book["fair_sector_chance"] == "5/38"
    assert book["fair_sector_holds_hot"] == "holds" and book["fair_sector_holds_17"] == "does not hold"


def test_the_hottest_sectors_chance_simulated_again(book: dict[str, str]) -> None:
    """Another 20,000 fair wheels (seed 1): the share whose hottest sector of five reaches the log's hits lies within
    four standard errors of the chapter's; and the chapter's interval for its share is the Beta quantiles'."""
    hits, wheels = int(book["fair_sector_hits"]), 20_000
    again = float((sector_counts(np.random.default_rng(1).multinomial(SPINS, [1 / 38] * 38, size=wheels), 5)
                   .max(axis=1) >= hits).mean())
    chapter = float(book["fair_sector_share"][:-1]) / 100
    se = (chapter * (1 - chapter) * (1 / 10_000 + 1 / wheels)) ** 0.5
    assert abs(again - chapter) <= 4 * se
    found = round(chapter * 10_000)
    assert book["fair_sector_share_low"] == pct(beta_quantile(Fraction(1, 40), found, 10_000 - found + 1))
    assert book["fair_sector_share_high"] == pct(beta_quantile(Fraction(39, 40), found + 1, 10_000 - found))
    assert float(book["fair_sector_bound"][:-1]) / 100 >= chapter


def test_scanning_every_width_simulated_again(book: dict[str, str], counts: dict[str, int]) -> None:
    """The thresholds from mpmath's tails: the fewest hits of a sector of s pockets whose tail is at most the hottest
    five's; 20,000 fair wheels (seed 1) within four standard errors of the chapter's share."""
    tail = upper_tail(SPINS, Fraction(5, 38), int(book["fair_sector_hits"]))
    least = {s: next(h for h in range(SPINS * s // 38, SPINS) if upper_tail(SPINS, Fraction(s, 38), h) <= tail)
             for s in range(1, 10)}
    assert least[5] == int(book["fair_sector_hits"])
    wheels = np.random.default_rng(1).multinomial(SPINS, [1 / 38] * 38, size=20_000)
    found = np.zeros(len(wheels), dtype=bool)
    for s, h in least.items():
        found |= sector_counts(wheels, s).max(axis=1) >= h
    chapter = float(book["fair_sector_scan"][:-1]) / 100
    assert abs(float(found.mean()) - chapter) <= 4 * (chapter * (1 - chapter) * (1 / 10_000 + 1 / 20_000)) ** 0.5
    assert chapter > float(book["fair_sector_share"][:-1]) / 100
    seen = round(chapter * 10_000)
    assert book["fair_sector_scan_low"] == pct(beta_quantile(Fraction(1, 40), seen, 10_000 - seen + 1))
    assert book["fair_sector_scan_high"] == pct(beta_quantile(Fraction(39, 40), seen + 1, 10_000 - seen))
    assert (book["fair_sector_scan"], book["fair_sector_scan_low"], book["fair_sector_scan_high"]) == \
        ("1.98%", "1.72%", "2.27%")                                     # the review of 2026-12-02 (finding 6)


def test_the_sector_found_in_the_first_half_tested_on_the_second(book: dict[str, str]) -> None:
    spun = spins_of_the_log()
    first, second = Counter(spun[:1900]), Counter(spun[1900:])
    around = np.array([[first[p] for p in WHEEL]])
    hits = sector_counts(around, 5)[0]
    start = int(np.argmax(hits))
    named = [AMERICAN_ORDER[(start + i) % 38] for i in range(5)]
    assert book["fair_half_sector"] == "-".join(named) and book["fair_half_hits"] == str(hits[start])
    assert book["fair_half_p"] == pct(upper_tail(1900, Fraction(5, 38), int(hits[start])))
    again = sum(second[p] for p in named)
    assert book["fair_half_again"] == str(again) and book["fair_half_expected"] == "250"
    assert book["fair_half_again_p"] == pct(upper_tail(1900, Fraction(5, 38), again))


def test_the_library_finds_the_same_hottest_sector(counts: dict[str, int]) -> None:
    log = SpinLog.of_counts(counts)
    assert sector_hits(log, hottest_sector(log)) == max(sum(counts[p] for p in s) for s in sectors(5))
