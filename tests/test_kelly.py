"""The Kelly criterion: the classic formulas, the maximum it finds, and no bet against the house."""

from decimal import Decimal
from fractions import Fraction

import pytest

from casino_math import baccarat, craps, roulette
from casino_math.bets import Bet, simple_bet
from casino_math.distribution import Distribution
from casino_math.kelly import _kelly_by_bisection, growth_rate, kelly_fraction

STEP = Fraction(1, 10**6)


def coin(p, payout=1, push=Fraction(0)):
    space = Distribution({"win": p, "push": push, "lose": 1 - p - push} if push else {"win": p, "lose": 1 - p})
    return Bet("coin", space, lambda o: o, {"win": payout, "push": 0, "lose": -1})


@pytest.mark.parametrize("p", [Fraction(51, 100), Fraction(3, 5), Fraction(9, 10)])
def test_an_even_money_edge_is_bet_as_p_minus_q(p):
    # Kelly (1956): with even money, stake the edge, p - q.
    assert kelly_fraction(coin(p)) == p - (1 - p)


def test_the_fraction_for_a_b_to_1_bet_with_pushes():
    bet = coin(Fraction(1, 4), payout=4, push=Fraction(1, 4))   # p b - q = 1 - 1/2; b (p + q) = 4 (3/4)
    assert kelly_fraction(bet) == Fraction(1, 6)


@pytest.mark.parametrize("bet", [coin(Fraction(3, 5)), coin(Fraction(1, 4), 4, Fraction(1, 4)), coin(Fraction(1, 3), 3)])
def test_the_fraction_is_where_growth_is_greatest(bet):
    f = kelly_fraction(bet)
    assert growth_rate(bet, f) > growth_rate(bet, f - STEP) and growth_rate(bet, f) > growth_rate(bet, f + STEP)


@pytest.mark.parametrize("bet", [coin(Fraction(3, 5)), coin(Fraction(1, 4), 4, Fraction(1, 4))])
def test_the_search_for_any_bet_agrees_with_the_formula(bet):
    assert abs(_kelly_by_bisection(bet) - kelly_fraction(bet)) < Fraction(1, 10**11)


def test_betting_twice_kelly_grows_nothing():
    # Over-betting: at twice the Kelly fraction of a 60-40 even-money bet, the growth rate is below zero.
    bet = coin(Fraction(3, 5))
    assert growth_rate(bet, 2 * kelly_fraction(bet)) < 0 < growth_rate(bet, kelly_fraction(bet))


@pytest.mark.parametrize("module", [roulette, craps, baccarat], ids=["roulette", "craps", "baccarat"])
def test_every_bet_against_the_house_is_bet_at_zero(module):
    for bet_id, bet in module.edge_bets(module.OXFORD):
        assert kelly_fraction(bet) == 0, bet_id


def test_a_depleted_shoe_can_make_the_dragon_bonus_worth_a_small_stake():
    shoe = baccarat.Shoe.of_decks(8).removing({3: 32, 4: 32})      # every 3 and 4 dealt
    dragon = baccarat.bet("dragon_bonus_player", baccarat.OXFORD, shoe)
    f = kelly_fraction(dragon)
    assert Fraction(1, 200) < f < Fraction(1, 100)
    assert growth_rate(dragon, f) > growth_rate(dragon, f / 2) > 0 > growth_rate(dragon, 4 * f)


BAD = [
    (lambda: growth_rate(coin(Fraction(3, 5)), -1), "the fraction staked is -1; it must be 0 or more"),
    (lambda: growth_rate(simple_bet("x", Distribution({1: Fraction(1)}), lambda o: False, 1), 1),
     "staking 1 of the bankroll can lose all of it on one bet"),
]


@pytest.mark.parametrize("make, message", BAD)
def test_bad_input_is_a_clear_error(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_growth_is_a_decimal_of_28_digits():
    value = growth_rate(coin(Fraction(3, 5)), Fraction(1, 5))
    assert isinstance(value, Decimal) and len(value.as_tuple().digits) == 28
