"""Streaks and random walks: every figure of the chapter recomputed another way.

Brute-force enumeration of every sequence of bets on small cases against the dynamic programmes, the recurrence on
where the first run ends against the count by the run a sequence ends with, closed forms (Catalan numbers, the
discrete arcsine law, u_2n) against the counts, and seeded simulations within 4 standard errors of the exact values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import accumulate, combinations, pairwise, permutations, product
from math import comb, exp, sqrt
from pathlib import Path

import numpy as np
import pytest
import saved

from casino_math import display
from casino_math.walks import (
    FAIR,
    RED,
    RED_SINGLE_ZERO,
    Walk,
    ahead_at_least,
    arcsine,
    ballot,
    catalan,
    first_ahead,
    first_ahead_closed_form,
    longest_run,
    no_run_recurrence,
    paths,
    paths_touching,
    red_after_blacks,
    red_after_blacks_drawn,
    run_at_least,
    run_chance_decimal,
    runs_expected,
    time_ahead,
    u,
)

AMERICAN = {"red": 18, "black": 18, "green": 2}
WITH_PUSH = Walk(Fraction(1, 3), Fraction(1, 2), "a bet that pushes one time in six")


def sequences(walk: Walk, n: int) -> Iterator[tuple[list[int], Fraction]]:
    """Every sequence of n steps of a walk, with its exact chance."""
    steps = [(s, q) for s, q in ((1, walk.win), (-1, walk.lose), (0, walk.push)) if q]
    for seq in product(steps, repeat=n):
        chance = Fraction(1)
        for _, q in seq:
            chance *= q
        yield [s for s, _ in seq], chance


def longest(bits: Sequence[int]) -> int:
    best = run = 0
    for b in bits:
        run = run + 1 if b else 0
        best = max(best, run)
    return best


# --- the two required figures -------------------------------------------------------------------------------------

def test_a_run_of_seven_reds_in_100_spins_by_the_recurrence_on_where_the_first_run_ends() -> None:
    p = Fraction(18, 38)
    assert run_at_least(100, 7, p) == 1 - no_run_recurrence(100, 7, p)


def test_a_run_of_seven_reds_in_100_spins_by_simulation() -> None:
    exact = run_at_least(100, 7, Fraction(18, 38))
    rng = np.random.default_rng(2026)
    trials = 40_000
    red = rng.random((trials, 100)) < 18 / 38
    # a run of 7 ends at spin j when spins j-6..j are all red
    windows = np.lib.stride_tricks.sliding_window_view(red, 7, axis=1).all(axis=2)
    share = np.any(windows, axis=1).mean()
    se = sqrt(float(exact) * (1 - float(exact)) / trials)
    assert abs(share - float(exact)) < 4 * se


@pytest.mark.parametrize("n, k", [(n, k) for n in range(11) for k in range(6)])
def test_run_chances_against_every_sequence_of_reds_and_others(n: int, k: int) -> None:
    p = Fraction(18, 38)
    brute = sum((p ** sum(bits) * (1 - p) ** (n - sum(bits))
                 for bits in product((0, 1), repeat=n) if longest(bits) >= k), Fraction(0))
    assert run_at_least(n, k, p) == brute


def test_ahead_after_half_of_100_bets_on_red_by_simulation() -> None:
    exact = ahead_at_least(RED, 100, 50)
    rng = np.random.default_rng(2026)
    trials = 100_000
    steps = np.where(rng.random((trials, 100)) < 18 / 38, 1, -1)
    ahead = (np.cumsum(steps, axis=1) > 0).sum(axis=1)
    share = (ahead >= 50).mean()
    se = sqrt(float(exact) * (1 - float(exact)) / trials)
    assert abs(share - float(exact)) < 4 * se


@pytest.mark.parametrize("walk", [FAIR, RED, WITH_PUSH], ids=["fair", "red", "push"])
@pytest.mark.parametrize("convention", ["strict", "segment"])
def test_time_ahead_against_every_sequence_of_bets(walk: Walk, convention: str) -> None:
    for n in range(9):
        counts: dict[int, Fraction] = {}
        for steps, chance in sequences(walk, n):
            nets = [0, *accumulate(steps)]
            if convention == "strict":
                a = sum(s > 0 for s in nets[1:])
            else:
                a = sum(max(x, y) > 0 for x, y in pairwise(nets))
            counts[a] = counts.get(a, Fraction(0)) + chance
        assert dict(time_ahead(walk, n, convention).items()) == {a: q for a, q in counts.items() if q}


# --- the arcsine law, first times ahead, returns to 0 -------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 5, 10, 25])
def test_the_discrete_arcsine_law_is_the_fair_walks_time_above_the_axis(n: int) -> None:
    law = time_ahead(FAIR, 2 * n, "segment")
    assert all(law[2 * k] == arcsine(n, k) for k in range(n + 1))
    assert sum(law[2 * k] for k in range(n + 1)) == 1  # so no odd count of segments above


@pytest.mark.parametrize("walk", [FAIR, RED, RED_SINGLE_ZERO], ids=["fair", "red", "single-zero"])
def test_first_time_ahead_by_the_count_and_by_catalan_numbers(walk: Walk) -> None:
    law = first_ahead(walk, 61)
    assert all(law[k] == first_ahead_closed_form(walk, k) for k in range(1, 62))


def test_first_time_ahead_against_every_sequence_with_pushes() -> None:
    for n in range(1, 9):
        brute = sum((q for steps, q in sequences(WITH_PUSH, n)
                     if 1 in accumulate(steps) and list(accumulate(steps)).index(1) == n - 1), Fraction(0))
        assert first_ahead(WITH_PUSH, n)[n] == brute


def test_red_is_ever_ahead_with_chance_nine_tenths_so_the_first_times_add_up_to_less() -> None:
    # P(ever ahead) = p / q = 9/10 for a walk that steps up with chance p < q (the gambler's ruin against an
    # infinitely rich house); the first 301 bets hold all but about a hundredth of it.
    total = sum(first_ahead(RED, 301).values(), Fraction(0))
    assert Fraction(88, 100) < total < Fraction(9, 10)


def test_catalan_numbers_count_paths_that_stay_at_or_below_zero() -> None:
    for m in range(8):
        below = sum(1 for steps in product((1, -1), repeat=2 * m)
                    if sum(steps) == 0 and max(accumulate(steps), default=0) <= 0)
        assert catalan(m) == below == comb(2 * m, m) - comb(2 * m, m + 1)


@pytest.mark.parametrize("n", range(1, 8))
def test_the_fair_walk_avoids_zero_for_2n_steps_with_chance_u_2n(n: int) -> None:
    avoid = sum(1 for steps in product((1, -1), repeat=2 * n) if 0 not in accumulate(steps))
    assert Fraction(avoid, 4**n) == u(2 * n)
    positive = sum(1 for steps in product((1, -1), repeat=2 * n) if min(accumulate(steps)) > 0)
    assert Fraction(positive, 4**n) == u(2 * n) / 2


# --- reflection and ballots -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 11))
def test_the_reflection_principle_against_every_path(n: int) -> None:
    for end in range(-n, n + 1):
        for level in range(max(0, end), n + 1):
            touching = sum(1 for steps in product((1, -1), repeat=n)
                           if sum(steps) == end and max([0, *accumulate(steps)]) >= level)
            assert paths_touching(n, end, level) == touching


@pytest.mark.parametrize("ahead, behind", [(a, b) for a in range(1, 8) for b in range(a)])
def test_the_ballot_theorem_against_every_order_of_counting(ahead: int, behind: int) -> None:
    # an order of counting is where the loser's votes fall among the ahead + behind
    orders = [tuple(-1 if i in losers else 1 for i in range(ahead + behind))
              for losers in combinations(range(ahead + behind), behind)]
    leading = sum(1 for p in orders if min(accumulate(p)) > 0)
    assert Fraction(leading, len(orders)) == ballot(ahead, behind)
    assert len(orders) == comb(ahead + behind, ahead) == paths(ahead + behind, ahead - behind)


# --- longest runs and Monte Carlo's 26 blacks -----------------------------------------------------------------------

def test_the_law_of_the_longest_run_against_every_sequence() -> None:
    p = Fraction(18, 37)
    for n in range(11):
        brute: dict[int, Fraction] = {}
        for bits in product((0, 1), repeat=n):
            q = p ** sum(bits) * (1 - p) ** (n - sum(bits))
            brute[longest(bits)] = brute.get(longest(bits), Fraction(0)) + q
        assert dict(longest_run(n, p).items()) == brute


def test_26_blacks_in_a_given_26_spins_of_a_single_zero_wheel() -> None:
    assert run_at_least(26, 26, Fraction(18, 37)) == Fraction(18**26, 37**26)


def test_the_expected_number_of_runs_against_every_sequence() -> None:
    p = Fraction(18, 37)
    for n in range(2, 11):
        for k in range(1, n + 1):
            brute = Fraction(0)
            for bits in product((0, 1), repeat=n):
                q = p ** sum(bits) * (1 - p) ** (n - sum(bits))
                starts = sum(1 for i in range(n - k + 1)
                             if all(bits[i:i + k]) and (i == 0 or not bits[i - 1]))
                brute += starts * q
            assert runs_expected(n, k, p) == brute


def test_the_decimal_recurrence_agrees_with_the_exact_count_to_30_digits() -> None:
    p = Fraction(18, 37)
    exact = run_at_least(3000, 6, p)
    approx = run_chance_decimal(3000, 6, p, 40)
    assert abs(Fraction(approx) - exact) < Fraction(1, 10**30)


def test_26_blacks_in_a_long_stretch_lies_below_its_expected_count_and_near_the_poisson_value() -> None:
    p, spins = Fraction(18, 37), 219_000
    chance = run_chance_decimal(spins, 26, p)
    expected = runs_expected(spins, 26, p)
    assert Fraction(chance) <= expected  # Boole: the chance of some run is at most the expected number of runs
    assert abs(float(chance) - (1 - exp(-float(expected)))) < 1e-3 * float(chance)


# --- the gambler's fallacy -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("k", range(7))
def test_red_is_never_due_on_a_wheel(k: int) -> None:
    assert red_after_blacks(k, AMERICAN) == Fraction(18, 38)


def test_red_is_due_in_a_deck_by_every_ordering_of_a_small_deck() -> None:
    deck = ["red"] * 3 + ["black"] * 4
    orders = list(permutations(range(7)))
    for k in range(5):
        starting = [o for o in orders if all(deck[i] == "black" for i in o[:k])]
        red_next = sum(1 for o in starting if deck[o[k]] == "red")
        assert Fraction(red_next, len(starting)) == red_after_blacks_drawn(k, 3, 4) == Fraction(3, 7 - k)


# --- bad input ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: Walk(Fraction(2, 3), Fraction(1, 2)), "add up to 7/6; they may add up to at most 1"),
    (lambda: Walk(0.5, Fraction(1, 2)), "give it as a Fraction"),  # type: ignore[arg-type]
    (lambda: run_at_least(-1, 2, Fraction(1, 2)), "the number of trials is -1; it must be a whole number"),
    (lambda: run_at_least(10, 2, 0.5), "give a Fraction from 0 to 1"),  # type: ignore[arg-type]
    (lambda: time_ahead(FAIR, 4, "weak"), "'weak' is not a convention for time ahead; the conventions are strict"),
    (lambda: ballot(2, 2), "the ballot theorem needs ahead > behind"),
    (lambda: paths_touching(4, 2, 1), "at least as high as both ends, here at least 2"),
    (lambda: first_ahead_closed_form(WITH_PUSH, 3), "can push; the closed form counts paths of wins and losses"),
    (lambda: runs_expected(5, 6, Fraction(1, 2)), "5 trials cannot hold a run of 6"),
    (lambda: red_after_blacks_drawn(6, 4, 5), "6 black cards cannot be drawn"),
])
def test_bad_input_gets_a_clear_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        call()


# --- the chapter's glued figures and exercise answers, read back from its saved outputs ------------------------------

CHAPTER = Path(__file__).resolve().parents[1] / "book" / "random-walks.ipynb"


@pytest.fixture(scope="module")
def glued() -> dict[str, str]:
    """Every value the chapter glues, by name, as the text the prose shows."""
    return saved.glued(CHAPTER)


def test_the_chapters_required_figures(glued: dict[str, str]) -> None:
    assert glued["walks_seven_reds"] == display.percent(1 - no_run_recurrence(100, 7, Fraction(18, 38)))
    assert glued["walks_ahead_half_red"] == display.percent(ahead_at_least(RED, 100, 50))
    assert glued["walks_mc_one_in"] == f"{round(Fraction(37**26, 18**26)):,}"
    # the arcsine law's extremes for 100 fair tosses: u_100 each way
    assert glued["walks_arcsine_all"] == glued["walks_arcsine_none"] == display.percent(
        Fraction(comb(100, 50), 2**100))


def test_the_exercise_answers_by_enumeration(glued: dict[str, str]) -> None:
    reach = sum(1 for s in product((1, -1), repeat=10) if sum(s) == 2 and max(accumulate(s)) >= 4)
    assert glued["walks_ex_reflect"] == str(reach)
    orders = [[-1 if i in losses else 1 for i in range(10)] for losses in combinations(range(10), 3)]
    led = sum(1 for o in orders if min(accumulate(o)) > 0)
    assert glued["walks_ex_ballot"] == display.fraction_text(Fraction(led, len(orders)))
    first5 = sum((q for steps, q in sequences(RED, 5)
                  if 1 in accumulate(steps) and list(accumulate(steps)).index(1) == 4), Fraction(0))
    assert glued["walks_ex_first5"] == display.fraction_text(first5)
    run4 = sum(1 for bits in product((0, 1), repeat=10) if longest(bits) >= 4)
    assert glued["walks_ex_run4"] == display.fraction_text(Fraction(run4, 2**10))
    avoid = sum(1 for s in product((1, -1), repeat=6) if 0 not in accumulate(s))
    assert glued["walks_ex_avoid6"] == str(avoid) and glued["walks_ex_u6"] == display.fraction_text(Fraction(avoid, 64))
    assert glued["walks_ex_deck"] == display.fraction_text(Fraction(26, 47))
    assert glued["walks_ex_wheel"] == display.fraction_text(Fraction(18, 37))


def test_the_student_simulation_reports_whether_the_exact_value_is_in_its_interval(glued: dict[str, str]) -> None:
    low, high = (Fraction(glued[k].rstrip("%")) / 100 for k in ("walks_ex_sim_low", "walks_ex_sim_high"))
    exact = ahead_at_least(RED, 100, 50)
    inside = low <= exact <= high
    assert glued["walks_ex_sim_verdict"] == ("lies inside" if inside else "lies outside")
