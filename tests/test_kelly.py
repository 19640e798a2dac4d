"""The Kelly criterion: the classic formulas, the maximum it finds, and no bet against the house."""

import json
import math
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from casino_math import baccarat, craps, roulette
from casino_math import kelly as k
from casino_math.bets import Bet, simple_bet
from casino_math.distribution import Distribution
from casino_math.kelly import (
    growth_rate,
    growth_share,
    growth_zero,
    kelly,
    kelly_fraction,
    p_ever_down_by,
    p_ever_down_to,
    slope_polynomial,
)
from casino_math.ruin import ruin

STEP = Fraction(1, 10**6)


def coin(p: Fraction, payout: int=1, push: Fraction=Fraction(0)) -> Bet:
    space = Distribution({"win": p, "push": push, "lose": 1 - p - push} if push else {"win": p, "lose": 1 - p})
    return Bet("coin", space, lambda o: o, {"win": payout, "push": 0, "lose": -1})


@pytest.mark.parametrize("p", [Fraction(51, 100), Fraction(3, 5), Fraction(9, 10)])
def test_an_even_money_edge_is_bet_as_p_minus_q(p: Fraction) -> None:
    # Kelly (1956): with even money, stake the edge, p - q.
    assert kelly_fraction(coin(p)) == p - (1 - p)


def test_the_fraction_for_a_b_to_1_bet_with_pushes() -> None:
    bet = coin(Fraction(1, 4), payout=4, push=Fraction(1, 4))   # p b - q = 1 - 1/2; b (p + q) = 4 (3/4)
    assert kelly_fraction(bet) == Fraction(1, 6)


@pytest.mark.parametrize("bet", [coin(Fraction(3, 5)), coin(Fraction(1, 4), 4, Fraction(1, 4)), coin(Fraction(1, 3), 3)])
def test_the_fraction_is_where_growth_is_greatest(bet: Bet) -> None:
    f = kelly_fraction(bet)
    assert growth_rate(bet, f) > growth_rate(bet, f - STEP) and growth_rate(bet, f) > growth_rate(bet, f + STEP)


@pytest.mark.parametrize("bet", [coin(Fraction(3, 5)), coin(Fraction(1, 4), 4, Fraction(1, 4)), coin(Fraction(1, 3), 3)])
def test_the_search_for_any_bet_agrees_with_the_formula(bet: Bet) -> None:
    # The bisection used for several payouts, run on a two-outcome bet, brackets (p b - q) / (b (p + q)).
    found = k.win_lose_push(bet)
    assert found is not None, "a bet that wins one payout or loses"
    b, p, q = found
    low, high = k._bracket(slope_polynomial(bet), Fraction(1), Fraction(1, 10**20))
    assert low <= (p * b - q) / (b * (p + q)) <= high


def several(chances: Sequence[Fraction | int], pays: Sequence[Fraction | int]) -> Bet:
    """A bet with one line per payout: chances and net payouts listed in the same order."""
    space = Distribution({i: Fraction(c) for i, c in enumerate(chances)})
    return Bet("several", space, lambda i: str(i), {str(i): x for i, x in enumerate(pays)})


# Bets with several payouts whose Kelly fraction is rational, built so that G'(f*) = 0 by hand.  At f = 1/3 with
# payouts -1, 1, 3: -(2/5)(3/2) + (2/5)(3/4) + (3/5)(1/2) = 0.  At f = 1/2 with payouts -1, 1, 2, 4 and chances
# 1/3, 2/9, 2/9, 2/9: -(1/3)(2) + (2/9)(2/3 + 1 + 4/3) = 0.
RATIONAL = [
    (several([Fraction(2, 5), Fraction(2, 5), Fraction(1, 5)], [-1, 1, 3]), Fraction(1, 3)),
    (several([Fraction(1, 3), Fraction(2, 9), Fraction(2, 9), Fraction(2, 9)], [-1, 1, 2, 4]), Fraction(1, 2)),
]


@pytest.mark.parametrize("bet, root", RATIONAL, ids=["three payouts", "four payouts"])
def test_a_rational_root_with_several_payouts_is_found_exactly(bet: Bet, root: Fraction) -> None:
    found = kelly(bet)
    assert (found.fraction, found.exact, found.places) == (root, True, None)
    assert sum(p * x / (1 + root * x) for x, p in bet.net().items()) == 0


def test_an_irrational_root_is_rounded_to_the_places_asked_and_said_to_be_inexact() -> None:
    # 1 - 3f - 6f^2 = 0: f = (-3 + sqrt(33)) / 12 = 0.2287135538781...
    bet = several([Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)], [-1, 1, 3])
    assert slope_polynomial(bet) == (1, -3, -6)
    found = kelly(bet, places=10)
    assert (found.fraction, found.exact, found.places) == (Fraction(2287135539, 10**10), False, 10)


def test_the_equation_shown_is_the_slope_term_by_term() -> None:
    assert kelly(coin(Fraction(1, 4), 4, Fraction(1, 4))).equation == "G'(f) = -(1/2)/(1 - f) + (1)/(1 + 4f) = 0"
    banker = kelly(baccarat.bet("banker"))
    assert banker.equation.count("/(1 ") == 2 and "(19/20)f" in banker.equation


def test_betting_twice_kelly_grows_nothing() -> None:
    # Over-betting: at twice the Kelly fraction of a 60-40 even-money bet, the growth rate is below zero.
    bet = coin(Fraction(3, 5))
    assert growth_rate(bet, 2 * kelly_fraction(bet)) < 0 < growth_rate(bet, kelly_fraction(bet))


@pytest.mark.parametrize("module", [roulette, craps, baccarat], ids=["roulette", "craps", "baccarat"])
def test_every_bet_against_the_house_is_bet_at_zero(module: ModuleType) -> None:
    for bet_id, bet in module.edge_bets(module.OXFORD):
        assert kelly_fraction(bet) == 0, bet_id


def test_a_depleted_shoe_can_make_the_dragon_bonus_worth_a_small_stake() -> None:
    shoe = baccarat.Shoe.of_decks(8).removing({3: 32, 4: 32})      # every 3 and 4 dealt
    dragon = baccarat.bet("dragon_bonus_player", baccarat.OXFORD, shoe)
    found = kelly(dragon)
    assert not found.exact and found.places == 12          # seven payouts: a degree-6 equation, no rational root
    f = found.fraction
    assert Fraction(1, 200) < f < Fraction(1, 100)
    assert growth_rate(dragon, f) > growth_rate(dragon, f / 2) > 0 > growth_rate(dragon, 4 * f)
    assert growth_rate(dragon, f) > growth_rate(dragon, f - STEP) and growth_rate(dragon, f) > growth_rate(dragon, f + STEP)


# --- fractions of Kelly, and the risk of over-betting ---------------------------------------------------------

def test_half_kelly_keeps_three_quarters_of_the_growth_for_a_small_edge() -> None:
    # For a small edge G(c f*) / G(f*) tends to c (2 - c) (Thorp, 2006): 3/4 at half Kelly, 0 at twice Kelly.
    bet = coin(Fraction(501, 1000))
    assert abs(growth_share(bet, Fraction(1, 2)) - Decimal("0.75")) < Decimal("0.0001")
    assert abs(growth_share(bet, 2)) < Decimal("0.0001")
    for c in (Fraction(1, 4), Fraction(3, 2)):
        assert abs(growth_share(bet, c) - Decimal(float(c * (2 - c)))) < Decimal("0.0001")


def test_twice_kelly_is_where_growth_ends_for_a_small_edge() -> None:
    bet = coin(Fraction(5001, 10000))
    f = kelly_fraction(bet)
    assert growth_rate(bet, 2 * f) < 0 < growth_rate(bet, 2 * f - f / 100)


def growth_in_floats(bet: Bet, f: float) -> float:
    """G(f) = E[log(1 + f X)] in floating point, straight from the definition: independent of growth_rate."""
    return sum(float(p) * math.log1p(f * float(x)) for x, p in bet.net().items())


def float_root(g: Callable[..., Any], low: float, high: float) -> float:
    """A root of g between low and high (g(low) > 0 > g(high)), by bisection in floating point."""
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if g(middle) > 0 else (low, middle)
    return low


def test_the_growth_falls_back_to_zero_near_twice_kelly_for_small_bets_and_before_it_at_even_money() -> None:
    # At even money, G(2 f*) < 0 for every edge (the chapter's exercise): the zero comes before twice Kelly.
    for p in (Fraction(501, 1000), Fraction(3, 5), Fraction(9, 10)):
        bet = coin(p)
        f = float(kelly_fraction(bet))
        zero = float_root(lambda c, bet=bet, f=f: growth_in_floats(bet, c * f), 1.0, 1 / f - 1e-12)
        assert abs(float(growth_zero(bet, 4)) - zero) <= 0.00005 + 1e-9 and zero < 2


def test_the_depleted_dragon_bonus_keeps_growing_past_twice_kelly() -> None:
    # A long shot (30 to 1) makes f* x large although the edge is small: the rule c (2 - c) fails.
    from casino_math.widgets.kelly import depleted_dragon

    dragon = depleted_dragon()
    f = float(kelly_fraction(dragon))
    assert 0.2 < f * 30 < 0.3
    share = growth_in_floats(dragon, 2 * f) / growth_in_floats(dragon, f)
    assert abs(float(growth_share(dragon, 2)) - share) < 1e-9 and 0.12 < share < 0.14
    zero = float_root(lambda c: growth_in_floats(dragon, c * f), 1.0, 1 / f - 1e-12)
    assert abs(float(growth_zero(dragon, 3)) - zero) <= 0.0005 + 1e-9 and 2.05 < zero < 2.1


@pytest.mark.parametrize("multiple, level, chance", [
    (1, Fraction(1, 2), Decimal("0.5")),           # at Kelly, the chance of ever halving is 1/2
    (Fraction(1, 2), Fraction(1, 2), Decimal("0.125")),
    (1, Fraction(1, 10), Decimal("0.1")),          # at Kelly, P(ever down to x) = x
    (3, Fraction(1, 2), Decimal(1)),
])
def test_the_continuous_chance_of_ever_falling_to_a_level(
        multiple: Fraction | int, level: Fraction, chance: Decimal) -> None:
    # Thorp (2006); Chin and Ingenoso (2006): P(ever down to x) = x ** (2/c - 1) for c times Kelly.
    assert p_ever_down_to(level, multiple) == chance


def test_a_fixed_stake_risk_of_ever_being_down_is_the_ruin_formula_with_a_goal_far_away() -> None:
    bet = coin(Fraction(11, 20))
    assert p_ever_down_by(bet, 5) == Fraction(9, 11) ** 5
    far = ruin(bet, 5, 400).p_ruin
    assert 0 < p_ever_down_by(bet, 5) - far < Fraction(1, 10**30)     # stopping at the goal can only lower it
    assert p_ever_down_by(roulette.red(), 3) == 1


BAD = [
    (lambda: growth_rate(coin(Fraction(3, 5)), -1), "the fraction staked is -1; it must be 0 or more"),
    (lambda: kelly(several([1], [2])), "several never loses, so every larger stake grows the bankroll faster"),
    (lambda: kelly(coin(Fraction(3, 5)), places=0), "the decimal places must be a whole number from 1 to 100, not 0"),
    (lambda: growth_share(roulette.red(), Fraction(1, 2)), "red does not favour the bettor: its Kelly fraction is 0"),
    (lambda: p_ever_down_to(2, 1), r"the level is 2; it must be between 0 and 1, a share of the starting bankroll"),
    (lambda: p_ever_down_to(Fraction(1, 2), 0), "the multiple of the Kelly fraction is 0; it must be more than 0"),
    (lambda: p_ever_down_by(roulette.straight(17), 5), "straight 17 does not pay even money"),
    (lambda: growth_zero(roulette.red()), "red does not favour the bettor: its Kelly fraction is 0"),
    (lambda: growth_zero(coin(Fraction(3, 5)), places=0), "the decimal places must be a whole number from 1 to 20"),
    (lambda: p_ever_down_by(coin(Fraction(3, 5)), 0), "the number of units down must be a positive whole number"),
    (lambda: k.p_up_before_down(Fraction(1, 2), 2, 1), "the levels are 1/2 up and 2 down"),
    (lambda: k.p_up_before_down(2, Fraction(1, 2), -1), "the multiple of the Kelly fraction is -1"),
    (lambda: growth_rate(simple_bet("x", Distribution({1: Fraction(1)}), lambda o: False, 1), 1),
     "staking 1 of the bankroll can lose all of it on one bet"),
]


@pytest.mark.parametrize("make, message", BAD)
def test_bad_input_is_a_clear_error(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_growth_is_a_decimal_of_28_digits() -> None:
    value = growth_rate(coin(Fraction(3, 5)), Fraction(1, 5))
    assert isinstance(value, Decimal) and len(value.as_tuple().digits) == 28


# --- the Kelly explorer -------------------------------------------------------------------------------------------

def test_the_explorer_shows_the_exact_kelly_fraction_of_a_bet_of_ones_own() -> None:
    from casino_math.widgets.kelly import growth_summary

    shown = growth_summary(0, Fraction(3, 5), Fraction(1), Fraction(1, 10))
    assert "<b>f* = 1/5</b> (20.00% of the bankroll), exact" in shown
    assert f"<td>{growth_rate(coin(Fraction(3, 5)), Fraction(1, 5)):.5g}</td>" in shown


@pytest.mark.parametrize("pick", [1, 2, 3])
def test_the_explorer_says_stake_nothing_on_the_casino_bets(pick: int) -> None:
    from casino_math.widgets.kelly import growth_summary

    shown = growth_summary(pick, Fraction(3, 5), Fraction(1), Fraction(1, 10))
    assert "<b>f* = 0</b>" in shown and "Kelly says stake nothing" in shown and "half Kelly" not in shown


def test_the_explorer_rounds_the_depleted_dragon_and_says_so() -> None:
    from casino_math.widgets.kelly import depleted_dragon, growth_summary, slope_math

    shown = growth_summary(4, Fraction(3, 5), Fraction(1), Fraction(1, 100))
    assert "the root is not rational" in shown and slope_math(depleted_dragon()) in shown


# --- the Monte Carlo twins ----------------------------------------------------------------------------------------

def test_simulated_kelly_bettors_halve_about_as_often_as_the_continuous_formula_says() -> None:
    # A 51-49 even-money bet: Kelly stakes 1/50; the bankroll halves with chance about 1/2 at Kelly, 1/8 at half Kelly.
    bet = coin(Fraction(51, 100))
    for multiple in (Fraction(1, 2), Fraction(1)):
        lowest = k.lowest_bankroll(bet, multiple * kelly_fraction(bet), 20_000, 1_000, np.random.default_rng(15))
        assert abs((lowest <= 0.5).mean() - float(p_ever_down_to(Fraction(1, 2), multiple))) < 0.05


def test_proportional_paths_start_at_one_and_multiply_by_one_plus_f_x() -> None:
    paths = k.simulate_proportional(coin(Fraction(3, 5)), Fraction(1, 5), 3, 4, np.random.default_rng(1))
    assert paths.shape == (4, 4) and (paths[:, 0] == 1).all()
    assert set(np.round(paths[:, 1], 12).tolist()) <= {0.8, 1.2}


@pytest.mark.parametrize("multiple, chance", [
    (1, Fraction(2, 3)),               # Schlesinger; Chin and Ingenoso (2006): at Kelly, double before halving 2 in 3
    (Fraction(1, 2), Fraction(8, 9)),  # a = 3: (1 - 8) / (1/8 - 8)
    (Fraction(1, 4), Fraction(128, 129)),
])
def test_doubling_before_halving(multiple: Fraction | int, chance: Fraction) -> None:
    assert abs(k.p_up_before_down(2, Fraction(1, 2), multiple) - Decimal(chance.numerator) / chance.denominator) \
        < Decimal("1e-27")


def test_doubling_before_halving_agrees_with_ever_halving_when_the_top_is_far() -> None:
    # With the goal far away, P(down first) tends to P(ever down): 1 - P(up 2**40 first) -> (1/2) ** (2/c - 1).
    for c in (Fraction(1, 2), Fraction(2, 3), Fraction(3, 2)):
        far = 1 - k.p_up_before_down(2**40, Fraction(1, 2), c)
        assert abs(far - p_ever_down_to(Fraction(1, 2), c)) < Decimal("1e-3")


# --- the chapter's figures, each derived again here by another route ---------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def glued(notebook: str) -> dict[str, str]:
    """The values a chapter glues into its prose, by name, as its saved outputs show them."""
    cells = json.loads((ROOT / "book" / notebook).read_text())["cells"]
    return {out["metadata"]["scrapbook"]["name"]: out["data"].get("application/papermill.record/text/plain")
            for cell in cells if cell["cell_type"] == "code" for out in cell.get("outputs", [])
            if "scrapbook" in out.get("metadata", {})}


def close(text: str, value: float) -> bool:
    """Whether the glued text ('13%', '2.07', '-0.00245') is ``value`` rounded to the places it shows."""
    number = float(text.replace("$", "").replace(",", "").rstrip("%"))
    places = len(text.rstrip("%").split(".")[1]) if "." in text else 0
    scale = 100 if text.endswith("%") else 1
    return abs(number / scale - value) <= 10.0**-places / scale / 2 + 1e-12


def test_the_depleted_dragon_figures_of_the_chapter() -> None:
    from casino_math.baccarat.rules import DRAGON_BONUS
    from casino_math.widgets.kelly import depleted_dragon

    g = glued("kelly.ipynb")
    # Net results: each paying margin, a natural win, a natural tie (a push), a loss.
    nets = {*DRAGON_BONUS.margin_pays.values(), DRAGON_BONUS.natural_win, DRAGON_BONUS.natural_tie, -1}
    assert g["kelly_dragon_outcomes"] == str(len(nets)) and g["kelly_dragon_terms"] == str(len(nets - {0}))
    dragon = depleted_dragon()
    f = float_root(lambda f: sum(float(p) * float(x) / (1 + f * float(x)) for x, p in dragon.net().items()),
                   0.0, 0.999)                                            # G'(f*) = 0, found afresh in floats
    assert close(g["kelly_dragon_swing"], 30 * f) and g["kelly_dragon_longest"] == "30 to 1"
    assert close(g["kelly_dragon_twice_share"], growth_in_floats(dragon, 2 * f) / growth_in_floats(dragon, f))
    assert close(g["kelly_dragon_zero"], float_root(lambda c: growth_in_floats(dragon, c * f), 1.0, 1 / f - 1e-9))


def test_the_exercise_figures_of_kelly() -> None:
    g = glued("kelly.ipynb")
    p, q = 9 / 19, 10 / 19
    assert g["kelly_ex_bold_by_hand"] == "81/271"                         # p^2 / (1 - p q) = (81/361) / (271/361)
    assert close(g["kelly_ex_bold_red"], p * p / (1 - p * q))
    r = q / p
    assert close(g["kelly_ex_timid_red"], (1 - r**10) / (1 - r**30))
    assert close(g["kelly_ex_coin_twice_g"], 0.6 * math.log(1.4) + 0.4 * math.log(0.6))
    assert close(g["kelly_coin_zero"], float_root(lambda c: 0.6 * math.log1p(0.2 * c) + 0.4 * math.log1p(-0.2 * c),
                                                  1.0, 4.999))
    assert g["kelly_ex_two_f"] == "1/10" and g["kelly_bold_largest"] == "$250"      # 2/5 - (3/5)/2; half of $500
