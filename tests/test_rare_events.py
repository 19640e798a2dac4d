"""Rare events at the wheel: each figure of casino_math.rare recomputed by another method.

The coupon collector's mean, N H_N, against the inclusion-exclusion sum and against the sum of P(T > t) from a
chain over the number of pockets seen; the chance of seeing all 38 pockets within 200 spins, by inclusion-exclusion,
against the same chain and against a full enumeration on small wheels; the birthday threshold against the chain's
chance that every spin is new and a count of falling products; the Poisson figures against mpmath at 60 digits;
Le Cam's inequality on many cases; seeded simulations within 4 standard errors.
"""

import json
import random
import re
from collections import Counter
from fractions import Fraction
from functools import partial
from itertools import combinations, pairwise, product
from math import comb, perm, sqrt
from pathlib import Path
from typing import Any

import mpmath
import pytest
from saved import glued

from casino_math import display, rare
from casino_math.distribution import as_decimal

mpmath.mp.dps = 60


# --- the chain over the number of pockets seen ------------------------------------------------------------------

def seen_counts(pockets: int, spins: int) -> list[list[int]]:
    """ways[t][j]: the number of sequences of t spins that show exactly j distinct pockets, for t = 0 .. spins."""
    ways = [[1] + [0] * pockets]
    for _ in range(spins):
        last = ways[-1]
        ways.append([last[j] * j + (last[j - 1] * (pockets - j + 1) if j else 0) for j in range(pockets + 1)])
    return ways


def test_the_chain_agrees_with_full_enumeration_on_small_wheels() -> None:
    for pockets in (1, 2, 3, 4):
        for spins in range(7):
            counted = Counter(len(set(seq)) for seq in product(range(pockets), repeat=spins))
            assert seen_counts(pockets, spins)[spins] == [counted[j] for j in range(pockets + 1)]


# --- the coupon collector ------------------------------------------------------------------------------------------

def test_the_mean_wait_for_every_pocket_is_the_inclusion_exclusion_sum() -> None:
    # E[T] = sum over t of P(T > t), and P(T > t) = sum_{j >= 1} (-1)^(j+1) C(N, j) (1 - j/N)^t: a geometric series.
    for n in (1, 2, 3, 10, 38):
        by_sum = sum((Fraction((-1) ** (j + 1) * comb(n, j) * n, j) for j in range(1, n + 1)), Fraction(0))
        assert rare.spins_to_see_all(n) == by_sum
    assert rare.spins_to_see_all(2) == 3                       # one spin, then a geometric wait of mean 2


def test_the_mean_wait_is_the_sum_of_the_chains_tail_chances() -> None:
    # P(T > t) is the chance that after t spins fewer than N pockets have come up; the terms past `horizon` add up to
    # at most N^2 (1 - 1/N)^horizon, since P(T > t) <= N (1 - 1/N)^t (some pocket missed, by the union bound).
    n, horizon = 38, 1500
    ways = seen_counts(n, horizon)
    partial = sum((Fraction(n**t - row[n], n**t) for t, row in enumerate(ways)), Fraction(0))
    remainder_bound = n * n * Fraction(n - 1, n) ** horizon
    assert partial <= rare.spins_to_see_all(n) <= partial + remainder_bound
    assert remainder_bound < Fraction(1, 10**12)


def test_a_simulated_collector_waits_as_long_as_the_mean_says() -> None:
    rng, runs = random.Random(2026), 4000
    waits = []
    for _ in range(runs):
        seen: set[int] = set()
        spins = 0
        while len(seen) < 38:
            seen.add(rng.randrange(38))
            spins += 1
        waits.append(spins)
    mean = sum(waits) / runs
    sd = sqrt(sum((w - mean) ** 2 for w in waits) / (runs - 1))
    assert abs(mean - float(rare.spins_to_see_all(38))) < 4 * sd / sqrt(runs)


# --- every pocket within n spins ------------------------------------------------------------------------------------

def test_all_pockets_within_200_spins_by_inclusion_exclusion_and_by_the_chain() -> None:
    chain = Fraction(seen_counts(38, 200)[200][38], 38**200)
    assert rare.all_seen_within(200) == chain
    assert Fraction(83, 100) < chain < Fraction(84, 100)


@pytest.mark.parametrize("pockets", [1, 2, 3, 4])
def test_all_pockets_within_n_spins_by_full_enumeration(pockets: int) -> None:
    for spins in range(8):
        every = sum(1 for seq in product(range(pockets), repeat=spins) if len(set(seq)) == pockets)
        assert rare.all_seen_within(spins, pockets) == Fraction(every, pockets**spins)


def test_all_pockets_within_n_spins_is_a_distribution_function() -> None:
    chances = [rare.all_seen_within(n) for n in range(0, 400, 10)]
    assert all(0 <= a <= b <= 1 for a, b in pairwise(chances))
    assert rare.all_seen_within(37) == 0 and rare.all_seen_within(38) == Fraction(perm(38), 38**38)


# --- the birthday problem -----------------------------------------------------------------------------------------

def test_the_fewest_spins_for_a_likely_repeat_by_the_chain_and_by_falling_products() -> None:
    n = rare.fewest_spins_for_a_repeat(38)
    for spins in (n - 1, n):
        by_chain = 1 - Fraction(seen_counts(38, spins)[spins][spins], 38**spins)
        assert rare.repeat_within(spins) == by_chain == 1 - Fraction(perm(38, spins), 38**spins)
    assert rare.repeat_within(n - 1) <= Fraction(1, 2) < rare.repeat_within(n)
    # The search by brute force: the first spins count whose falling product 38 * 37 * ... is below half of 38^n.
    assert n == next(s for s in range(40) if 2 * perm(38, s) < 38**s)
    assert n == 8


@pytest.mark.parametrize("pockets", [2, 3, 5, 6])
def test_a_repeat_by_full_enumeration(pockets: int) -> None:
    for spins in range(6):
        repeats = sum(1 for seq in product(range(pockets), repeat=spins) if len(set(seq)) < spins)
        assert rare.repeat_within(spins, pockets) == Fraction(repeats, pockets**spins)


def test_the_classic_birthday_figures() -> None:
    assert rare.fewest_spins_for_a_repeat(365) == 23                         # Feller, ch. II.3
    assert rare.fewest_spins_for_a_repeat(365, Fraction(99, 100)) == 57


def test_a_simulated_repeat_within_eight_spins() -> None:
    rng, runs = random.Random(2026), 20000
    hits = sum(1 for _ in range(runs) if len({rng.randrange(38) for _ in range(8)}) < 8)
    p = float(rare.repeat_within(8))
    assert abs(hits / runs - p) < 4 * sqrt(p * (1 - p) / runs)


# --- the Poisson law and Le Cam's inequality ------------------------------------------------------------------------

def mp(q: Fraction) -> mpmath.mpf:
    return mpmath.mpf(q.numerator) / q.denominator


def test_a_mean_of_zero_is_exact() -> None:
    assert rare.exp_minus(0) == (Fraction(1), Fraction(1))
    assert rare.total_variation(5, Fraction(0)) == (Fraction(0), Fraction(0))
    assert rare.shown(partial(rare.total_variation, 5, Fraction(0)), str) == "0"


@pytest.mark.parametrize("x", [Fraction(0), Fraction(1, 38), Fraction(1), Fraction(50, 19), Fraction(300), Fraction(9000, 19)])
def test_the_bracket_holds_e_to_the_minus_x(x: Fraction) -> None:
    low, high = rare.exp_minus(x)
    assert mp(low) <= mpmath.exp(-mp(x)) <= mp(high)
    assert high - low <= high * (3 + x) / 10**39


def mp_total_variation(n: int, p: Fraction) -> mpmath.mpf:
    """Half the sum of |P(K = k) - P(N = k)| over every k, the Poisson tail beyond n included."""
    lam = mp(n * p)
    pois = [mpmath.exp(-lam) * lam**k / mpmath.factorial(k) for k in range(n + 1)]
    binom = [mp(Fraction(comb(n, k)) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)]
    return (sum(abs(b - q) for b, q in zip(binom, pois, strict=True)) + (1 - sum(pois))) / 2


@pytest.mark.parametrize("n, p", [(1, Fraction(1, 2)), (10, Fraction(1, 38)), (38, Fraction(1, 38)),
                                  (100, Fraction(1, 38)), (380, Fraction(1, 38)), (100, Fraction(18, 38))])
def test_the_total_variation_distance_against_the_half_sum_of_differences(n: int, p: Fraction) -> None:
    low, high = rare.total_variation(n, p)
    assert mp(low) - mpmath.mpf(10) ** -45 <= mp_total_variation(n, p) <= mp(high) + mpmath.mpf(10) ** -45


def test_the_total_variation_distance_is_the_largest_difference_over_sets() -> None:
    # For n = 3 the sets worth trying are a set of counts 0..3, with or without every count above 3.
    n, p = 3, Fraction(1, 5)
    lam = mp(n * p)
    pois = [mpmath.exp(-lam) * lam**k / mpmath.factorial(k) for k in range(n + 1)]
    binom = [mp(Fraction(comb(n, k)) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)]
    tail = 1 - sum(pois)
    best = max(abs(sum(binom[k] - pois[k] for k in chosen) - (tail if above else 0))
               for size in range(n + 2) for chosen in combinations(range(n + 1), size) for above in (False, True))
    low, high = rare.total_variation(n, p)
    assert mp(low) - mpmath.mpf(10) ** -45 <= best <= mp(high) + mpmath.mpf(10) ** -45


def test_le_cams_inequality_holds_for_every_bet_and_length() -> None:
    for covers in (1, 2, 3, 4, 5, 6, 12, 18):
        p = Fraction(covers, 38)
        for n in (1, 2, 5, 10, 38, 100):
            assert rare.total_variation(n, p)[1] <= rare.le_cam_bound([p] * n)


def test_the_chapters_distances_to_stated_digits() -> None:
    for n in (38, 100, 380):
        shown = rare.shown(partial(rare.total_variation, n, Fraction(1, 38)), lambda q: str(as_decimal(q, 6)))
        assert shown == mpmath.nstr(mp_total_variation(n, Fraction(1, 38)), 6, strip_zeros=False)


def test_poisson_chances_and_the_gamma_law() -> None:
    for mean, k in ((Fraction(1), 0), (Fraction(50, 19), 3), (Fraction(10), 12)):
        low, high = rare.poisson_chance(mean, k)
        assert mp(low) <= mpmath.exp(-mp(mean)) * mp(mean) ** k / mpmath.factorial(k) <= mp(high)
    for t, r in ((Fraction(1), 1), (Fraction(2), 3), (Fraction(7, 2), 5)):
        low, high = rare.poisson_at_least(t, r)
        gamma_cdf = mpmath.gammainc(r, 0, mp(t), regularized=True)          # P(Gamma(r, 1) <= t)
        assert mp(low) - mpmath.mpf(10) ** -45 <= gamma_cdf <= mp(high) + mpmath.mpf(10) ** -45


# --- bad input ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call, error, message", [
    (lambda: rare.all_seen_within(-1), ValueError, "the number of spins must be a whole number from 0 up, not -1"),
    (lambda: rare.spins_to_see_all(0), ValueError, "the number of pockets must be a positive whole number, not 0"),
    (lambda: rare.binomial_chances(10, 0.5), TypeError, "the chance 0.5 is a float"),  # type: ignore[arg-type]  # on purpose
    (lambda: rare.binomial_chances(10, Fraction(3, 2)), ValueError, "the chance 3/2 is not a probability"),
    (lambda: rare.exp_minus(-1), ValueError, "e^(-x) is bracketed here for x >= 0, not -1"),
    (lambda: rare.poisson_chance(-1, 0), ValueError, "the mean -1 of a Poisson law must be 0 or more"),
    (lambda: rare.fewest_spins_for_a_repeat(38, 1), ValueError, "the level must be below 1"),
])
def test_bad_input_gets_a_one_line_error(call, error, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as raised:
        call()
    assert message in str(raised.value) and "\n" not in str(raised.value)


# --- the chapter's figures, read back from its saved outputs ------------------------------------------------------

CHAPTER = Path(__file__).resolve().parents[1] / "book" / "rare-events.ipynb"


@pytest.fixture(scope="module")
def book() -> dict[str, str]:
    return glued(CHAPTER)


def test_the_chapters_required_figures(book: dict[str, str]) -> None:
    # The collector's mean as the inclusion-exclusion sum, the chance within 200 spins from the chain, the threshold
    # from falling products: none of them through casino_math.rare.
    mean = sum((Fraction((-1) ** (j + 1) * comb(38, j) * 38, j) for j in range(1, 39)), Fraction(0))
    assert book["rare_coupon_mean"] == display.fraction_text(mean) == "2053580969474233/12782132672400"
    chain = Fraction(seen_counts(38, 200)[200][38], 38**200)
    assert book["rare_all_200_fraction"] == display.fraction_text(chain)
    assert book["rare_all_200"] == display.percent(chain)
    assert book["rare_all_200_digits"] == str(len(str(chain.denominator)))
    fewest = next(s for s in range(40) if 2 * perm(38, s) < 38**s)
    assert book["rare_repeat_n"] == str(fewest) and book["rare_repeat_before"] == str(fewest - 1)
    assert book["rare_repeat_at"] == display.fraction_text(1 - Fraction(perm(38, fewest), 38**fewest))
    assert book["rare_repeat_below"] == display.fraction_text(1 - Fraction(perm(38, fewest - 1), 38 ** (fewest - 1)))
    half = next(n for n in range(38, 400) if 2 * seen_counts(38, n)[n][38] > 38**n)
    assert book["rare_all_half"] == str(half)


def test_the_chapters_distances_and_bounds(book: dict[str, str]) -> None:
    for n in (38, 100, 380):
        value = mp_total_variation(n, Fraction(1, 38))
        assert book[f"rare_tv_{n}"] == mpmath.nstr(value, 4, strip_zeros=False)
        assert book[f"rare_le_cam_{n}"] == display.fraction_text(Fraction(n, 38**2))
        assert value <= mpmath.mpf(n) / 38**2
    for n in (38, 380):   # Barbour and Hall's bound, (1 - e^(-np)) p
        assert book[f"rare_bh_{n}"] == mpmath.nstr((1 - mpmath.exp(-mpmath.mpf(n) / 38)) / 38, 4, strip_zeros=False)


def test_the_chapters_waits_against_the_continuous_laws(book: dict[str, str]) -> None:
    p = Fraction(1, 38)
    assert book["rare_no_win_38"] == display.percent((1 - p) ** 38)
    assert book["rare_no_win_38_exp"] == display.percent(Fraction(str(mpmath.nstr(mpmath.exp(-1), 30))))
    assert book["rare_first_76"] == display.percent(1 - (1 - p) ** 76)
    assert book["rare_first_76_exp"] == display.percent(Fraction(str(mpmath.nstr(1 - mpmath.exp(-2), 30))))
    third = sum((Fraction(comb(114, k)) * p**k * (1 - p) ** (114 - k) for k in range(3, 115)), Fraction(0))
    assert book["rare_third_114"] == display.percent(third)
    gamma = mpmath.gammainc(3, 0, 3, regularized=True)
    assert book["rare_third_114_gamma"] == display.percent(Fraction(str(mpmath.nstr(gamma, 30))))
    pairs = mpmath.mpf(comb(8, 2)) / 38
    assert book["rare_repeat_poisson"] == display.percent(Fraction(str(mpmath.nstr(1 - mpmath.exp(-pairs), 30))))


def test_the_exercise_answers(book: dict[str, str]) -> None:
    p = Fraction(1, 38)
    mean = sum((Fraction((-1) ** (j + 1) * comb(38, j) * 38, j) for j in range(1, 39)), Fraction(0))
    assert book["rare_ex_one_38"] == display.percent(Fraction(comb(38, 1)) * p * (1 - p) ** 37)
    # Both zeros: the chain over {neither, one, both} seen, solved backwards: E[one] = 38, E[neither] = 1 + ...
    one = Fraction(38)
    neither = (1 + Fraction(2, 38) * one) / Fraction(2, 38)
    assert book["rare_ex_zeros"] == display.fraction_text(neither) == "57"
    assert book["rare_ex_single"] == str(next(s for s in range(40) if 2 * perm(37, s) < 37**s))
    assert book["rare_ex_die"] == "4" and book["rare_ex_die_before"] == "3"
    assert book["rare_ex_die_at"] == display.fraction_text(Fraction(6**4 - perm(6, 4), 6**4))
    assert book["rare_ex_die_below"] == display.fraction_text(Fraction(6**3 - perm(6, 3), 6**3))
    # 0, 00 and 17 within 38 spins, by a chain over how many of the three have come up.
    ways = [1, 0, 0, 0]
    for _ in range(38):
        ways = [ways[j] * (38 - 3 + j) + (ways[j - 1] * (3 - j + 1) if j else 0) for j in range(4)]
    assert book["rare_ex_three_38"] == display.percent(Fraction(ways[3], 38**38))
    # The collector's variance by first-step analysis on the chain over the number of pockets seen: from k seen, the
    # remaining wait R_k is 1 + R_k (chance k/N) or 1 + R_(k+1); e_k = E[R_k], s_k = E[R_k^2], solved from k = N down.
    n, e, s = 38, [Fraction(0)] * 39, [Fraction(0)] * 39
    for k in range(n - 1, -1, -1):
        stay, move = Fraction(k, n), Fraction(n - k, n)
        e[k] = (1 + move * e[k + 1]) / move
        s[k] = (1 + 2 * (stay * e[k] + move * e[k + 1]) + move * s[k + 1]) / move
    variance = s[0] - e[0] ** 2
    assert e[0] == mean
    assert book["rare_ex_coupon_var"] == display.fraction_text(variance)
    assert book["rare_ex_coupon_sd"] == mpmath.nstr(mpmath.sqrt(mp(variance)), 4, strip_zeros=False)
    assert book["rare_ex_sharper_38"] == mpmath.nstr(1 - mpmath.exp(-mpmath.mpf(1) / 38), 4, strip_zeros=False)
    differ = 1 - (1 - (1 - mpmath.exp(-mpmath.mpf(1) / 38)) / 38) ** 38
    assert book["rare_ex_coupled_differ"] == mpmath.nstr(differ, 4, strip_zeros=False)
    assert book["rare_ex_pairs_needed"] == str(next(n for n in range(2, 40) if comb(n, 2) > 38 * mpmath.log(2)))


def test_the_simulation_solution_is_the_code_the_chapter_ran(book: dict[str, str]) -> None:
    """The solution's code is the code whose results the chapter glues; run again, it gives the same figures."""
    text = "\n".join("".join(c["source"]) for c in json.loads(CHAPTER.read_text())["cells"] if c["cell_type"] == "markdown")
    found = re.search(r"```\{solution\} rare-events-ex-simulate\n.*?~~~python\n(.*?)~~~", text, re.DOTALL)
    assert found is not None, "the simulation exercise prints its code"
    solution = found.group(1)
    ran = ["".join(c["source"]) for c in json.loads(CHAPTER.read_text())["cells"] if c["cell_type"] == "code"]
    assert any(source.startswith(solution.strip()) for source in ran)
    space: dict[str, Any] = {}
    exec(compile(solution, "rare-events-ex-simulate", "exec"), space)   # noqa: S102 (the book's own code)
    exact = Fraction(seen_counts(38, 200)[200][38], 38**200)
    assert space["exact"] == exact
    estimate = Fraction(space["every"], space["sessions"])
    assert book["rare_ex_sim_estimate"] == display.percent(estimate)
    low, high = Fraction(space["low"]), Fraction(space["high"])
    assert (book["rare_ex_sim_low"], book["rare_ex_sim_high"]) == (display.percent(low), display.percent(high))
    assert book["rare_ex_sim_verdict"] == ("lies inside it" if low <= exact <= high else "lies outside it")
    assert abs(estimate - exact) < 4 * Fraction(space["standard_error"])     # within 4 standard errors
