"""The core vocabulary: distributions, bets and the house-edge conventions.

Facts from first principles (counts on dice and coins), identities that must
hold for every distribution and bet, and the error each bad input gets.
"""

import sys
from dataclasses import FrozenInstanceError, replace
from decimal import Decimal
from fractions import Fraction as F
from typing import Any

import pytest
from sample_bets import EVERY_BET

from casino_math import baccarat
from casino_math import bets as b
from casino_math.bets import Bet, even_money, simple_bet
from casino_math.dice import coin, die, one_face_bet, total, two_dice
from casino_math.distribution import Distribution, E, Lattice, P, as_decimal, digit_count, exact, is_whole, whole

# ---------------------------------------------------------------- facts by counting

TWO_DICE_TOTALS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}  # ways out of 36


@pytest.mark.parametrize("t, ways", TWO_DICE_TOTALS.items())
def test_two_dice_totals_count_ordered_pairs(t: int, ways: int) -> None:
    assert two_dice().map(total)[t] == F(ways, 36)


@pytest.mark.parametrize(
    "space, expected_mean, expected_variance",
    [
        (die(), F(7, 2), F(35, 12)),  # (n+1)/2 and (n^2-1)/12 for a fair n-sided die
        (two_dice().map(total), F(7), F(35, 6)),  # twice the one-die figures
        (coin().map(lambda s: int(s == "H")), F(1, 2), F(1, 4)),  # Bernoulli(1/2): p and p(1-p)
    ],
)
def test_mean_and_variance_closed_forms(
        space: Distribution, expected_mean: F, expected_variance: F) -> None:
    assert E(space) == expected_mean
    assert space.variance() == expected_variance


# A table of bets: (bet, P(win), P(push), house edge per bet made, fair payout on the win line)
BET_FACTS = [
    (one_face_bet(4), F(1, 6), F(0), F(1, 6), F(5)),
    (one_face_bet(5), F(1, 6), F(0), F(0), F(5)),
    (simple_bet("boxcars", two_dice(), lambda r: r == (6, 6), 30), F(1, 36), F(0), F(5, 36), F(35)),
    (even_money("heads", coin(), lambda s: s == "H"), F(1, 2), F(0), F(0), F(1)),
    (
        Bet("high", die(), lambda f: "win" if f >= 5 else "push" if f == 4 else "lose", {"win": 1, "push": 0, "lose": -1}),
        F(1, 3), F(1, 6), F(1, 6), F(3, 2),
    ),
]


@pytest.mark.parametrize("bet, pw, pp, edge, fair", BET_FACTS, ids=lambda v: getattr(v, "name", None))
def test_bet_facts(bet: Bet, pw: F, pp: F, edge: F, fair: F) -> None:
    assert b.p_win(bet) == pw
    assert b.p_push(bet) == pp
    assert b.house_edge_per_bet_made(bet) == edge
    assert b.fair_payout(bet) == fair


def test_conventions_differ_exactly_as_defined() -> None:
    high = BET_FACTS[-1][0]
    assert b.house_edge_per_bet_resolved(high) == F(1, 6) / (1 - F(1, 6))
    buy = Bet("heads", coin(), lambda s: "win" if s == "H" else "lose", {"win": 1, "lose": -1}, commission=F(1, 20))
    assert b.house_edge_per_bet_made(buy) == F(1, 20)
    assert b.house_edge_per_amount_put_down(buy) == F(1, 21)
    assert b.house_edge(buy) == F(1, 21)
    slow = Bet("slow", coin(), lambda s: "win" if s == "H" else "lose", {"win": 1, "lose": -1}, commission=F(1, 20), rounds=F(5, 2))
    assert b.house_edge_per_round(slow) == F(1, 20) / F(5, 2)


def test_smallest_whole_stake() -> None:
    place_6 = simple_bet("place 6", two_dice(), lambda r: total(r) == 6, F(7, 6))
    place_5 = simple_bet("place 5", two_dice(), lambda r: total(r) == 5, F(7, 5))
    buy_4 = simple_bet("buy 4", two_dice(), lambda r: total(r) == 4, 2)
    assert b.smallest_whole_stake(place_6) == 6
    assert b.smallest_whole_stake(place_5) == 5
    assert b.smallest_whole_stake(Bet(buy_4.name, buy_4.space, buy_4.line, buy_4.pays, commission=F(1, 20))) == 20


# ---------------------------------------------------------------- identities


@pytest.mark.parametrize("space", [die(), two_dice(), two_dice().map(total), coin()])
def test_probabilities_sum_to_one(space: Distribution) -> None:
    assert sum(space.values()) == 1


def test_expectation_of_a_sum_is_the_sum_of_expectations() -> None:
    for n in range(1, 6):
        assert E(die().repeated(n)) == n * E(die())
        assert die().repeated(n).variance() == n * die().variance()  # independent draws: variances add


def test_sum_of_two_dice_as_convolution_matches_the_36_pairs() -> None:
    assert die() + die() == two_dice().map(total)


def test_conditioning_identity() -> None:
    space = two_dice()
    def a(r: tuple[int, int]) -> bool:
        return total(r) == 8

    def bb(r: tuple[int, int]) -> bool:
        return r[0] == r[1]

    assert space.given(bb).P(a) == space.P(lambda r: a(r) and bb(r)) / space.P(bb)


def test_probabilities_of_win_lose_push_sum_to_one() -> None:
    for bet, *_ in BET_FACTS:
        assert b.p_win(bet) + b.p_lose(bet) + b.p_push(bet) == 1


@pytest.mark.parametrize("scale", [2, 5, F(1, 4)])
def test_house_edge_is_invariant_under_scaling_the_stake(scale: F | int) -> None:
    for bet, *_ in BET_FACTS:
        scaled = Bet(bet.name, bet.space, bet.line, {k: v * scale for k, v in bet.pays.items()})
        assert b.expected_value(scaled) == scale * b.expected_value(bet)
        assert -b.expected_value(scaled) / scale == b.house_edge(bet)


def test_fair_payout_makes_the_expected_value_zero() -> None:
    for bet, *_ in BET_FACTS:
        fair = Bet(bet.name, bet.space, bet.line, {**bet.pays, "win": b.fair_payout(bet)})
        assert b.expected_value(fair) == 0


def test_sympy_fair_payout_agrees_with_exact_solution() -> None:
    from casino_math import symbolic

    for bet, *_ in BET_FACTS:
        assert symbolic.solve_fair_payout(bet) == symbolic.rational(b.fair_payout(bet))


def test_distributions_are_immutable() -> None:
    d = die()
    with pytest.raises(AttributeError, match="immutable"):
        d._p = {}
    with pytest.raises(TypeError):
        d[1] = F(1, 2)  # type: ignore[index]  # what an immutable distribution refuses


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "probabilities, error, message",
    [
        ({"a": F(1, 2), "b": F(1, 3)}, ValueError, r"probabilities sum to 5/6, not 1"),
        ({"a": F(3, 2), "b": F(-1, 2)}, ValueError, r"probability of 'b' is -1/2; probabilities cannot be negative"),
        ({"a": 0.5, "b": 0.5}, TypeError, r"is a float; use a Fraction or an integer count"),
        ({"a": "1/2", "b": F(1, 2)}, TypeError, r"is a str; use a Fraction or an integer count"),
    ],
)
def test_bad_probabilities(
        probabilities: Any, error: type[Exception], message: str) -> None:          # any input, good or bad
    with pytest.raises(error, match=message):
        Distribution(probabilities)


@pytest.mark.parametrize(
    "counts, error, message",
    [
        ({"a": 1.0}, TypeError, r"counts must be whole numbers"),
        ({"a": -1, "b": 2}, ValueError, r"counts cannot be negative"),
        ({"a": 0}, ValueError, r"at least one outcome must be possible"),
    ],
)
def test_bad_counts(
        counts: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Distribution.from_counts(counts)


def test_float_payout_is_refused() -> None:
    with pytest.raises(TypeError, match=r"payout on line 'win'.*is a float; use a Fraction"):
        simple_bet("bad", die(), lambda f: f == 6, 4.5)  # type: ignore[arg-type]  # on purpose


def test_pay_table_line_the_rule_never_produces() -> None:
    # The rule sends a 6 to "jackpot", a line the pay table does not have.
    with pytest.raises(ValueError, match=r"lands on line 'jackpot', which is not in the pay table; its lines are"):
        Bet("bad", die(), lambda f: "jackpot" if f == 6 else "lose", {"win": 4, "lose": -1})


@pytest.mark.parametrize(
    "changes, error, message",
    [
        ({"space": {6: F(1)}}, TypeError, r"^bet 'the 6': space must be a Distribution, not dict$"),
        ({"commission": F(-1, 20)}, ValueError, r"^bet 'the 6': the commission is -1/20; it cannot be negative$"),
        ({"commission": 0.05}, TypeError, r"^bet 'the 6': the commission 0.05 is a float; use a Fraction"),
        ({"rounds": 0}, ValueError, r"^bet 'the 6': the expected number of rounds must be positive$"),
    ],
)
def test_bad_bet(changes: dict[str, F] | dict[str, dict[int, F]] | dict[str, float] | dict[str, int], error: type[TypeError] | type[ValueError], message: str) -> None:
    # replace() builds a new Bet through its constructor, so every check runs again.
    with pytest.raises(error, match=message):
        replace(one_face_bet(4), **changes)


def test_whole_number_payouts_are_kept_as_fractions() -> None:
    bet = Bet("heads", coin(), lambda s: "win" if s == "H" else "lose", {"win": 1, "lose": -1}, rounds=2)
    assert [type(x) for x in (*bet.pays.values(), bet.commission, bet.rounds)] == [F, F, F, F]
    assert replace(bet, name="tails").pays == bet.pays


def test_bets_are_immutable() -> None:
    with pytest.raises(FrozenInstanceError):
        one_face_bet(4).commission = F(1, 20)  # type: ignore[misc]  # what a frozen bet refuses


def test_fair_payout_of_missing_line() -> None:
    with pytest.raises(ValueError, match=r"has no line 'push'; its lines are \['lose', 'win'\]"):
        b.fair_payout(one_face_bet(4), "push")


def test_exact_refuses_bool_and_float() -> None:
    with pytest.raises(TypeError, match="bool"):
        exact(True)
    assert exact(3) == F(3)


def test_P_of_a_collection_and_a_predicate_agree() -> None:
    assert P({2, 4, 6}, die()) == P(lambda f: f % 2 == 0, die()) == F(1, 2)


# ---------------------------------------------------------------- the lattice form and whole()


@pytest.mark.parametrize("game, bet_id, bet", EVERY_BET, ids=[f"{game}-{bet_id}" for game, bet_id, _ in EVERY_BET])
def test_lattice_gives_back_the_distribution(game: str, bet_id: str, bet: Bet) -> None:
    lattice = bet.net().lattice()
    assert lattice.distribution() == bet.net()                                 # the identity: nothing lost
    assert sum(lattice.counts.values()) == lattice.denominator                 # the counts are all the ways
    assert all(isinstance(s, int) and isinstance(c, int) for s, c in lattice.counts.items())
    assert lattice.pushes + sum(lattice.moves.values()) == lattice.denominator


def test_banker_lattice_moves_in_twentieths() -> None:
    lattice = baccarat.banker_bet().net().lattice()
    assert lattice.scale == 20 and sorted(lattice.moves) == [-20, 19]         # lose 1 unit, win 19/20
    assert lattice.outcome(19) == F(19, 20)


def test_lattice_is_smallest() -> None:
    assert Distribution({F(1, 2): F(1, 3), F(-1, 2): F(2, 3)}).lattice() == Lattice({-1: 2, 1: 1}, 2, 3)


@pytest.mark.parametrize("value, what, least, error, message", [
    (2.5, "the number of rounds", None, TypeError, r"^the number of rounds must be a whole number \(int\), not 2\.5$"),
    (True, "the number of rounds", None, TypeError, r"^the number of rounds must be a whole number \(int\), not True$"),
    ("10", "the bankroll", 1, TypeError, r"^the bankroll must be a whole number \(int\), not '10'$"),
    (F(4, 2), "a count", 0, TypeError, r"^a count must be a whole number \(int\), not Fraction\(2, 1\)$"),
    (0, "the number of rounds", 1, ValueError, r"^the number of rounds must be a positive whole number, not 0$"),
    (-1, "a seed", 0, ValueError, r"^a seed must be a whole number from 0 up, not -1$"),
    (5, "the goal", 6, ValueError, r"^the goal must be a whole number from 6 up, not 5$"),
])
def test_whole_errors(
        value: F | bool | float | str, what: str, least: int | None, error: type[TypeError] | type[ValueError], message: str) -> None:
    with pytest.raises(error, match=message):
        whole(value, what, least)


def test_whole_accepts_whole_numbers() -> None:
    assert whole(0, "x", least=0) == 0 and whole(10**5000, "x", least=1) == 10**5000
    assert [is_whole(v) for v in (1, 1.0, True, F(1), "1")] == [True, False, False, False, False]


@pytest.mark.parametrize("n", [0, 1, 9, 10, 99, 100, 10**4299, 10**4300 - 1, 10**4300, 3**20000, -(10**9000)],
                         ids=lambda n: f"{n.bit_length()} bits")
def test_digit_count_without_writing_the_number(n: int) -> None:
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)                    # only the test writes the number out, to check the count
    try:
        assert digit_count(n) == len(str(abs(n)))
    finally:
        sys.set_int_max_str_digits(old)


@pytest.mark.parametrize("q, significant, expected", [
    (F(1, 3), 12, Decimal("0.333333333333")),
    (F(2, 3), 3, Decimal("0.667")),                  # rounded, not cut
    (F(-1, 8), 2, Decimal("-0.13")),                 # half rounds away from zero
    (F(999_999, 1), 3, Decimal("1.00E+6")),
    (F(1, 10**5000 + 7), 4, Decimal("1.000E-5000")),
    (F(0), 5, Decimal(0)),
], ids=range(6))
def test_as_decimal(q: F, significant: int, expected: Decimal) -> None:
    assert as_decimal(q, significant) == expected
