"""Bold play: its exact chances, Dubins and Savage's theorem in whole units, and what a table maximum changes.

The best chances of :func:`casino_math.bold.best_play` are checked against methods that share nothing with it: the
gambler's ruin formula (timid play is the best strategy for a favourable bet), first-step analysis by hand, value
iteration in floating point, and a brute-force search over every stationary whole-unit strategy.
"""

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from itertools import product
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray

from casino_math import roulette
from casino_math.bets import Bet
from casino_math.bold import (
    allowed_stakes,
    best_play,
    bold_play,
    bold_stake,
    chances_of_goal,
    even_money_chances,
    is_excessive,
    simulate_bold,
)
from casino_math.distribution import Distribution
from casino_math.ruin import p_reach_goal, ruin

RED = roulette.red()


def coin(p: Fraction, push: Fraction = Fraction(0)) -> Bet:
    space = Distribution({"win": p, "push": push, "lose": 1 - p - push} if push else {"win": p, "lose": 1 - p})
    return Bet("coin", space, lambda o: o, {"win": 1, "push": 0, "lose": -1})


# --- bold play's chances -----------------------------------------------------------------------------------------

def test_bold_play_from_half_the_goal_is_one_bet() -> None:
    assert bold_play(RED, 20, 40) == RED.net()[1] == Fraction(9, 19)


def test_bold_play_for_a_goal_of_three_is_a_small_cycle() -> None:
    # x = 1: win -> 2, lose -> 0; x = 2: win -> 3, lose -> 1.  P(1) = p P(2), P(2) = p + q P(1) -> None: P(1) = p^2 / (1 - p q).
    p = Fraction(18, 37)
    q = 1 - p
    assert bold_play(coin(p), 1, 3) == p * p / (1 - p * q)


def test_bold_play_from_a_third_of_the_goal_by_first_step_analysis() -> None:
    # 10 -> 20 or 0; 20 -> 30 or 10 (stake 10) -> None: P(10) = p P(20), P(20) = p + q P(10), so P(10) = p^2 / (1 - pq).
    p, q = Fraction(9, 19), Fraction(10, 19)
    assert bold_play(RED, 10, 30) == p * p / (1 - p * q)


def test_bold_play_ignores_pushes() -> None:
    assert bold_play(coin(Fraction(1, 4), Fraction(1, 2)), 3, 8) == bold_play(coin(Fraction(1, 2)), 3, 8)
    assert even_money_chances(coin(Fraction(1, 4), Fraction(1, 2))) == (Fraction(1, 2), Fraction(1, 2))


def test_every_strategy_at_a_fair_bet_reaches_the_goal_with_the_bankroll_over_the_goal() -> None:
    # A fair game is a martingale: by optional stopping every way of betting that never overshoots the goal gives
    # bankroll / goal (the final bankroll is 0 or the goal, and its mean is the starting bankroll).
    heads = coin(Fraction(1, 2))
    for stake in (lambda x: bold_stake(x, 12), lambda x: 1, lambda x: min(x, 12 - x, 3)):
        assert chances_of_goal(heads, 12, stake) == tuple(Fraction(x, 12) for x in range(13))


def timid_chances(
        p: Fraction, goal: int) -> tuple[Fraction, ...] | tuple[Fraction, Fraction, Fraction, Fraction] | tuple[Fraction, Fraction, Fraction]:
    """Timid play's chance from every bankroll 0, 1, ..., goal: the gambler's ruin formula."""
    return (Fraction(0), *(p_reach_goal(p, 1 - p, x, goal) for x in range(1, goal)), Fraction(1))


def test_timid_play_is_the_gamblers_ruin_formula() -> None:
    for bet in (RED, coin(Fraction(11, 20))):
        p, _ = even_money_chances(bet)
        assert chances_of_goal(bet, 15, lambda x: 1) == timid_chances(p, 15)


# --- Dubins and Savage in whole units; timid play for a favourable bet ----------------------------------------------

@pytest.mark.parametrize("p", [Fraction(9, 19), Fraction(18, 37), Fraction(244, 495), Fraction(1, 3)])
@pytest.mark.parametrize("goal", [2, 3, 5, 8, 13, 24, 40])
def test_with_no_maximum_bold_play_is_the_best_against_the_house(p: Fraction, goal: int) -> None:
    # Dubins and Savage (1965) -> None: bold play's chances are excessive (no single bet raises them), so no strategy beats
    # them; bold play from whole units only stakes whole units, so the whole-unit game has the same answer.
    bet = coin(p)
    bold = chances_of_goal(bet, goal, lambda x: bold_stake(x, goal))
    assert is_excessive(bet, bold)
    assert best_play(bet, goal).chance == bold


@pytest.mark.parametrize("p", [Fraction(1, 2) + Fraction(1, 100), Fraction(11, 20), Fraction(3, 5), Fraction(9, 10)])
@pytest.mark.parametrize("goal", [3, 10, 25])
def test_for_a_favourable_bet_in_whole_units_timid_play_is_the_best(p: Fraction, goal: int) -> None:
    # Timid play's chances (1 - r^x) / (1 - r^g), r = q/p, pass the test: p r^s + q r^-s >= 1 for whole s >= 1.
    bet = coin(p)
    timid = timid_chances(p, goal)
    assert is_excessive(bet, timid)
    best = best_play(bet, goal)
    assert best.chance == timid and all(1 in best.stakes[x] for x in range(1, goal))


def test_bold_and_timid_play_are_the_same_for_a_goal_of_two_or_three_units_and_differ_from_four() -> None:
    # The glossary's "equal where they make the same bets": every bold stake is one unit when the goal is 2 or 3.
    for goal in (2, 3):
        assert all(bold_stake(x, goal) == 1 for x in range(1, goal))
        assert chances_of_goal(RED, goal, partial(bold_stake, goal=goal)) == timid_chances(Fraction(9, 19), goal)
    assert bold_play(RED, 2, 4) > ruin(RED, 2, 4).p_goal


def test_brute_force_over_every_stationary_strategy_for_a_small_goal() -> None:
    # Goal 7, maximum 2: every choice of a stake for each bankroll, 1 to 6 units (2**4 strategies).
    bet, goal, top = RED, 7, 2
    choices = [allowed_stakes(x, goal, top) for x in range(1, goal)]
    best = [max(chances_of_goal(bet, goal, dict(zip(range(1, goal), pick, strict=False)).__getitem__)[x]
                for pick in product(*choices)) for x in range(1, goal)]
    assert list(best_play(bet, goal, top).chance[1:goal]) == best


# --- a table maximum: bold play is no longer the best -----------------------------------------------------------------

def value_iteration(p: float, q: float, goal: int, top: int, sweeps: int = 4000) -> NDArray[Any]:
    """The best chance of reaching the goal, by value iteration in floating point: a method independent of best_play."""
    value = np.zeros(goal + 1)
    value[goal] = 1.0
    for _ in range(sweeps):
        for x in range(1, goal):
            value[x] = max(p * value[min(x + s, goal)] + q * value[x - s] for s in range(1, min(x, top) + 1))
    return value


def test_at_a_table_maximum_of_14_units_a_smaller_stake_beats_bold_play_from_20_towards_40() -> None:
    best = best_play(RED, 40, table_max=14)
    bold = bold_play(RED, 20, 40, table_max=14)
    assert best.stakes[20] == (7, 13) and bold_stake(20, 40, 14) == 14
    assert best.chance[20] > bold
    assert is_excessive(RED, best.chance, 14)
    assert not is_excessive(RED, chances_of_goal(RED, 40, lambda x: bold_stake(x, 40, 14)), 14)
    iterated = value_iteration(9 / 19, 10 / 19, 40, 14)
    assert abs(iterated[20] - float(best.chance[20])) < 1e-12
    assert iterated[20] - float(bold) > 9e-5                       # the gain, about 0.0001, is real
    # Bold play is optimal everywhere else: only 20 units wants another stake.
    assert [x for x in range(1, 40) if bold_stake(x, 40, 14) not in best.stakes[x]] == [20]


def test_the_best_chances_are_reached_by_the_stakes_found() -> None:
    best = best_play(RED, 40, table_max=14)
    assert chances_of_goal(RED, 40, lambda x: best.stakes[x][0]) == best.chance


# --- the Monte Carlo twin -------------------------------------------------------------------------------------------

def test_simulated_bold_play_agrees_with_the_exact_chance() -> None:
    final = simulate_bold(RED, 20, 30, 20_000, np.random.default_rng(15))
    exact = bold_play(RED, 20, 30)
    spread = (exact * (1 - exact) / 20_000) ** 0.5
    assert set(final.tolist()) <= {0, 30} and abs((final == 30).mean() - exact) < 4 * spread


def test_bold_play_beats_timid_play_against_the_house_and_loses_to_it_with_an_edge() -> None:
    subfair, superfair = RED, coin(Fraction(11, 20))
    for goal in (5, 7, 10, 13):
        for start in range(1, goal):
            assert bold_play(subfair, start, goal) >= ruin(subfair, start, goal).p_goal
            assert bold_play(superfair, start, goal) <= ruin(superfair, start, goal).p_goal


# --- bad input ----------------------------------------------------------------------------------------------------

BAD = [
    (lambda: bold_play(roulette.straight(17), 5, 10), "straight 17 does not pay even money"),
    (lambda: bold_play(coin(Fraction(1, 2)), 10, 10), r"the goal \(10 units\) must be above the bankroll"),
    (lambda: bold_play(RED, 5, 10, table_max=0), "the table maximum must be a positive whole number of units"),
    (lambda: best_play(RED, 1), "the goal must be from 2 to 120 units for the exact dynamic programming, not 1"),
    (lambda: best_play(RED, 121), "the goal must be from 2 to 120 units"),
    (lambda: chances_of_goal(RED, 5, lambda x: x + 1), "a stake from a bankroll of 1 must be a whole number of units from 1 to 1, not 2"),
    (lambda: even_money_chances(coin(Fraction(0), Fraction(1))), "coin always pushes, so a session on it never ends"),
]


@pytest.mark.parametrize("make, message", BAD)
def test_bad_input_is_a_clear_error(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()
