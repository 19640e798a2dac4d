"""Roulette: published figures, the layout's legal bets counted, identities, and every bad input."""

import json
import re
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
import sympy

from casino_math import bets, display, roulette, session, symbolic
from casino_math.bets import PayTable
from casino_math.distribution import Distribution
from casino_math.plots.roulette import ahead_curve
from casino_math.roulette import (
    LA_PARTAGE,
    RULES,
    SINGLE_ZERO,
    bet_on,
    chips,
    column,
    corner,
    dozen,
    edge_bets,
    every_bet,
    legal_bets,
    pocket,
    red,
    six_line,
    split,
    stake,
    straight,
    street,
    top_line,
)

WIZARD = "Wizard of Odds, Roulette (wizardofodds.com/games/roulette/)"
GROCHOWSKI = "J. Grochowski, Roulette's worst bet, Casino City Times, 2010"
OXFORD = "Oxford Casino Hotel, roulette rules page"

# Bet, rules, published house edge, the percent the source prints, source.
PUBLISHED_EDGES = [
    ("straight", "oxford", Fraction(1, 19), "5.26%", WIZARD),
    ("split", "oxford", Fraction(1, 19), "5.26%", WIZARD),
    ("street", "oxford", Fraction(1, 19), "5.26%", WIZARD),
    ("corner", "oxford", Fraction(1, 19), "5.26%", WIZARD),
    ("top_line", "oxford", Fraction(3, 38), "7.89%", WIZARD),
    ("top_line", "oxford", Fraction(3, 38), "7.89%", GROCHOWSKI),
    ("six_line", "oxford", Fraction(1, 19), "5.26%", WIZARD),
    ("red", "oxford", Fraction(1, 19), "5.26%", WIZARD),
    ("dozen", "oxford", Fraction(1, 19), "5.26%", WIZARD),
    ("column", "oxford", Fraction(1, 19), "5.26%", WIZARD),
    ("straight", "single_zero", Fraction(1, 37), "2.70%", WIZARD),
    ("red", "single_zero", Fraction(1, 37), "2.70%", WIZARD),
    ("red", "la_partage", Fraction(1, 74), "1.35%", WIZARD),
    ("dozen", "la_partage", Fraction(1, 37), "2.70%", WIZARD),
]


@pytest.mark.parametrize("bet_id, rules, edge, printed, source", PUBLISHED_EDGES)
def test_published_house_edges(bet_id: str, rules: str, edge: Fraction, printed: str, source: str) -> None:
    bet = dict(edge_bets(RULES[rules]))[bet_id]
    assert bets.house_edge(bet) == edge, source
    assert display.percent(edge) == printed, source


# Kind, payout "x to 1" as the Oxford page prints it, numbers covered.
OXFORD_PAY_TABLE = [
    ("straight", 35, 1),
    ("split", 17, 2),
    ("street", 11, 3),
    ("corner", 8, 4),
    ("top_line", 6, 5),
    ("six_line", 5, 6),
    ("dozen", 2, 12),
    ("column", 2, 12),
    ("red", 1, 18),
    ("black", 1, 18),
    ("odd", 1, 18),
    ("even", 1, 18),
    ("low", 1, 18),
    ("high", 1, 18),
]


@pytest.mark.parametrize("kind, payout, covered", OXFORD_PAY_TABLE)
def test_oxford_pay_table(kind: str, payout: int, covered: int) -> None:
    assert roulette.OXFORD.pays[kind] == payout, OXFORD
    for group in legal_bets()[kind]:
        assert len(group) == covered


# Rules, kind, how many distinct bets of that kind the layout allows.
COUNTS = [
    ("oxford", "straight", 38),
    ("oxford", "split", 62),  # 57 on the 12x3 grid + 0-00, 0-1, 0-2, 00-2, 00-3
    ("oxford", "street", 12),  # trios at the zeros are not taken
    ("oxford", "corner", 22),
    ("oxford", "top_line", 1),
    ("oxford", "six_line", 11),
    ("oxford", "dozen", 3),
    ("oxford", "column", 3),
    ("single_zero", "straight", 37),
    ("single_zero", "split", 60),  # 57 + 0-1, 0-2, 0-3
    ("single_zero", "street", 14),  # 12 rows + the trios 0-1-2 and 0-2-3
    ("single_zero", "corner", 22),
    ("single_zero", "six_line", 11),
]


@pytest.mark.parametrize("rules, kind, count", COUNTS)
def test_counts_of_legal_bets(rules: str, kind: str, count: int) -> None:
    assert len(legal_bets(RULES[rules])[kind]) == count


def test_the_single_zero_table_has_no_top_line() -> None:
    assert "top_line" not in legal_bets(SINGLE_ZERO)
    assert "top_line" not in dict(edge_bets(SINGLE_ZERO))


def test_zero_splits_and_trios_match_the_standard_layouts() -> None:
    # Wikipedia, "Roulette", types of bets: the splits and trios (baskets) at the zeros.
    def touching_zero(groups: list[tuple[str, ...]]) -> set[str]:
        return {"-".join(g) for g in groups if {"0", "00"} & set(g)}

    assert touching_zero(roulette.splits(roulette.OXFORD)) == {"0-00", "0-1", "0-2", "00-2", "00-3"}
    assert touching_zero(roulette.splits(SINGLE_ZERO)) == {"0-1", "0-2", "0-3"}
    assert touching_zero(roulette.trios(roulette.OXFORD)) == {"0-1-2", "0-00-2", "00-2-3"}
    assert touching_zero(roulette.trios(SINGLE_ZERO)) == {"0-1-2", "0-2-3"}


# Brute force: the same bets from arithmetic on the numbers, as a check on the geometry.


def test_number_splits_by_arithmetic() -> None:
    same_row = {(n, n + 1) for n in range(1, 37) if n % 3 != 0}
    same_column = {(n, n + 3) for n in range(1, 34)}
    expected = {tuple(map(str, pair)) for pair in same_row | same_column}
    found = {g for g in roulette.splits() if "0" not in g and "00" not in g}
    assert found == expected and len(expected) == 57


def test_corners_streets_and_six_lines_by_arithmetic() -> None:
    corners = {tuple(map(str, (n, n + 1, n + 3, n + 4))) for n in range(1, 33) if n % 3 != 0}
    streets = [tuple(map(str, (n, n + 1, n + 2))) for n in range(1, 37, 3)]
    six = [tuple(map(str, range(n, n + 6))) for n in range(1, 32, 3)]
    assert set(roulette.corners()) == corners
    assert roulette.streets() == streets
    assert roulette.six_lines() == six


def test_every_four_pockets_is_a_corner_exactly_when_they_are_a_2x2_block() -> None:
    numbers = [str(n) for n in range(1, 37)]
    blocks = {frozenset(g) for g in roulette.corners()}
    found = 0
    for four in combinations(numbers[:12], 4):
        rows = {(int(p) - 1) // 3 for p in four}
        cols = {(int(p) - 1) % 3 for p in four}
        is_block = len(rows) == 2 and len(cols) == 2 and max(rows) - min(rows) == 1 and max(cols) - min(cols) == 1
        assert (frozenset(four) in blocks) == is_block
        found += is_block
    assert found == 6


def test_outside_groups_by_arithmetic() -> None:
    groups = roulette.outside_groups()
    assert groups["column"][0] == tuple(str(n) for n in range(1, 37, 3))
    assert groups["dozen"][1] == tuple(str(n) for n in range(13, 25))
    assert set(groups["odd"][0]) == {str(n) for n in range(1, 37, 2)}


# The wheel and its colours.


def test_00_is_a_pocket_of_its_own() -> None:
    assert 00 == 0  # noqa: PLR0133  (Python reads the literal 00 as 0, so pockets are named by strings)
    assert pocket("00") != pocket(0)
    assert roulette.wheel()["00"] == roulette.wheel()["0"] == Fraction(1, 38)
    assert len(roulette.wheel()) == 38 and len(roulette.wheel(SINGLE_ZERO)) == 37


def test_red_numbers_follow_the_rule() -> None:
    for n in range(1, 37):
        odd_is_red = n <= 10 or 19 <= n <= 28
        assert (str(n) in roulette.RED) == ((n % 2 == 1) == odd_is_red), n
    assert len(roulette.RED) == 18


@pytest.mark.parametrize("wheel_order", [roulette.AMERICAN_WHEEL, roulette.EUROPEAN_WHEEL])
def test_colours_alternate_around_the_wheel(wheel_order: tuple[str, ...]) -> None:
    numbers = [p for p in wheel_order if p not in ("0", "00")]
    assert sorted(map(int, numbers)) == list(range(1, 37))
    for a, b in zip(wheel_order, wheel_order[1:] + wheel_order[:1], strict=True):
        if "green" not in (roulette.colour(a), roulette.colour(b)):
            assert roulette.colour(a) != roulette.colour(b), (a, b)


def test_opposite_pockets_on_the_american_wheel_are_consecutive_numbers() -> None:
    wheel = roulette.AMERICAN_WHEEL
    for i in range(19):
        a, b = wheel[i], wheel[i + 19]
        assert {a, b} == {"0", "00"} or (abs(int(a) - int(b)) == 1 and max(int(a), int(b)) % 2 == 0)


# Identities.


def test_every_bet_but_the_top_line_costs_one_nineteenth() -> None:
    for kind, bet in every_bet():
        assert bets.p_win(bet) + bets.p_lose(bet) == 1
        assert bets.house_edge(bet) == (Fraction(3, 38) if kind == "top_line" else Fraction(1, 19)), bet.name


def test_a_bet_on_n_numbers_paying_36_over_n_minus_1_has_edge_independent_of_n() -> None:
    for kind, bet in every_bet(roulette.OXFORD):
        n = bets.p_win(bet) * 38
        assert bets.pays_text(bet) == bets.odds_text(Fraction(36, n) - 1) or kind == "top_line"
    assert sympy.simplify(symbolic.n_number_expected_value()) == sympy.Rational(-1, 19)
    assert sympy.simplify(symbolic.n_number_expected_value(37)) == sympy.Rational(-1, 37)
    big_n = sympy.Symbol("N", positive=True)
    assert sympy.simplify(symbolic.n_number_expected_value(big_n) - (36 / big_n - 1)) == 0


def test_top_line_fair_payout_and_edge_formula() -> None:
    # Fair (no edge at all) -> None: 5/38 * x = 33/38.  Matching the other bets' 1/19: 31/5, "6.20 to 1" (Grochowski).
    assert symbolic.solve_fair_payout(top_line()) == sympy.Rational(33, 5)
    assert bets.fair_payout(top_line()) == Fraction(33, 5)
    x = symbolic.payout_symbol()
    edge = symbolic.house_edge_formula(top_line())
    assert edge.subs(x, 6) == sympy.Rational(3, 38)
    assert sympy.solve(sympy.Eq(edge, sympy.Rational(1, 19)), x) == [sympy.Rational(31, 5)]
    assert roulette.payout_for_edge(top_line(), Fraction(1, 19)) == Fraction(31, 5)


def test_la_partage_returns_half_the_stake_on_a_zero() -> None:
    net = red(LA_PARTAGE).net()
    assert net == Distribution({1: Fraction(18, 37), Fraction(-1, 2): Fraction(1, 37), -1: Fraction(18, 37)})
    assert bets.house_edge(red(LA_PARTAGE)) * 2 == bets.house_edge(red(SINGLE_ZERO))
    assert bets.house_edge(straight(17, rules=LA_PARTAGE)) == Fraction(1, 37)  # only even-money bets share


def test_standard_deviations() -> None:
    # sd of a bet paying w to 1 with P(win) = p is (w + 1) * sqrt(p (1 - p)).
    for _, bet in edge_bets():
        w, p = bet.pays["win"], bets.p_win(bet)
        assert bets.variance(bet) == (w + 1) ** 2 * p * (1 - p)
    assert display.decimal(bets.standard_deviation(straight(1)), 4) == "5.7626"
    assert display.decimal(bets.standard_deviation(red()), 4) == "0.9986"


def test_session_figures_after_10_100_1000_spins() -> None:
    # k wins in n straight-up spins give 36k - n; ahead when k > n / 36.
    assert session.p_ahead(straight(17), 10) == 1 - Fraction(37, 38) ** 10
    assert session.p_even(red(), 10) == 252 * Fraction(9, 19) ** 5 * Fraction(10, 19) ** 5
    assert session.p_even(straight(17), 36) == 36 * Fraction(1, 38) * Fraction(37, 38) ** 35


def test_ahead_curve_matches_the_session_distribution() -> None:
    for bet in (straight(17), red()):
        curve = ahead_curve(bet, 120)
        for n in (1, 2, 35, 36, 37, 100, 120):
            assert curve[n - 1] == session.p_ahead(bet, n)


def test_edges_json_shape() -> None:
    result = subprocess.run([sys.executable, "-m", "casino_math", "edges", "--game", "roulette", "--format", "json"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["game"] == "roulette" and report["rules"] == "oxford"
    assert [row["bet"] for row in report["bets"]] == list(roulette.KINDS)
    straight_row = report["bets"][0]
    assert {k: straight_row[k] for k in ("bet", "pays", "p_win", "p_lose", "p_push", "house_edge")} == {
        "bet": "straight", "pays": "35 to 1", "p_win": "1/38", "p_lose": "37/38", "p_push": "0", "house_edge": "1/19"}
    assert set(straight_row) == {"bet", "pays", "p_win", "p_lose", "p_push", "house_edge", "sd"}


# Chips.


@pytest.mark.parametrize("lammer, dollars", [(20, 1), (100, 5), (500, 25)])  # the Oxford page's examples
def test_lammer_values(lammer: int, dollars: int) -> None:
    assert chips.chip_value(lammer) == dollars
    assert chips.lammer_for(dollars) == lammer


def test_a_winning_stack_settled_in_chips_and_dollars() -> None:
    won = roulette.settle(straight(17), 17, chips=4)
    assert won == 140 and chips.stack_value(int(won), lammer=100) == 700


# Bad input and what it says.

BAD_BETS = [
    (lambda: split(1, 5), ("1 and 5 are not adjacent on the layout; a split covers two numbers that share an edge, "
                           "e.g. 0-1, 1-2 or 1-4")),
    (lambda: split(3, 4), "3 and 4 are not adjacent"),
    (lambda: corner(1, 2, 4, 6), ("1, 2, 4 and 6 are not a 2x2 block on the layout; a corner covers four numbers "
                                  "that meet at one point, e.g. 1-2-4-5")),
    (lambda: corner(0, 1, 2, 3), "not a 2x2 block"),
    (lambda: straight(37), "37 is not on the wheel; the pockets are 0, 00 and 1 to 36"),
    (lambda: straight("00", rules=SINGLE_ZERO), "00 is not on the wheel; the pockets are 0 and 1 to 36"),
    (lambda: street(1, 2, 4), "1, 2 and 4 are not a street; a street is three numbers in a row"),
    (lambda: street(0, 1, 2), re.escape("0-1-2 is a trio where the zeros meet the first row; this table "
                                        "(Oxford Casino Hotel, Maine) takes only streets")),
    (lambda: six_line(1, 2, 3, 7, 8, 9), "not a six line; a six line covers two neighbouring streets"),
    (lambda: top_line(SINGLE_ZERO), re.escape("this table (A single-zero (European) wheel) has no top line bet")),
    (lambda: bet_on(range(1, 8)), "no bet covers exactly 7 pockets; a bet covers 1, 2, 3, 4, 5, 6, 12 or 18 pockets"),
    (lambda: bet_on([]), "no pocket chosen"),
    (lambda: split(1, 2, 3), "takes 2 positional arguments but 3 were given"),  # type: ignore[call-arg, arg-type]
    (lambda: dozen(4), "there are 3 dozens, numbered 1 to 3, not 4"),
    (lambda: column(0), "there are 3 columns, numbered 1 to 3, not 0"),
    (lambda: bet_on([1, 2, 4, 5], kind="split"), "a split covers 2 pockets, not 4"),
    (lambda: roulette.rules_named("monte_carlo"), "unknown roulette rules 'monte_carlo'; the rules are: oxford"),
]


@pytest.mark.parametrize("make, message", BAD_BETS)
def test_bad_bets_say_what_is_allowed(make: Callable[[], object], message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        make()


@pytest.mark.parametrize(
    "chips_staked, error, message",
    [
        (0, ValueError, "a stake of 0 chips is not allowed; a stake is a whole number of chips, at least 1"),
        (-2, ValueError, "a stake of -2 chips is not allowed"),
        (Fraction(5, 2), ValueError, "a stake of 5/2 chips is not a whole number of chips"),
        (2.5, TypeError, "is a float"),
        (True, TypeError, "a stake is a whole number of chips, not True or False"),
        ("3", TypeError, "a stake '3' is a str"),
    ],
)
def test_bad_stakes(
        chips_staked: Any, error: type[Exception], message: str) -> None:          # any input, good or bad
    with pytest.raises(error, match=message):
        stake(chips_staked)
    with pytest.raises(error, match=message):
        roulette.settle(red(), 1, chips=chips_staked)


@pytest.mark.parametrize(
    "name, error, message",
    [(1.0, TypeError, "a pocket is named by a whole number or a string"), (True, TypeError, "not True"),
     ("abc", ValueError, "abc is not on the wheel"), (-1, ValueError, "-1 is not on the wheel")],
)
def test_bad_pocket_names(
        name: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        pocket(name)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: chips.chip_value(-20), ValueError, "the number on a lammer is -20; it is a positive whole number"),
        (lambda: chips.chip_value(2.5), TypeError,  # type: ignore[arg-type]  # on purpose
         "the number on a lammer must be a whole number, not 2.5"),
        (lambda: chips.stack_value(0, lammer=100), ValueError, "a stack of chips is 0"),
        (lambda: chips.chips_for(12, lammer=100), ValueError, r"\$12 is not a whole number of \$5 chips"),
        (lambda: chips.lammer_for(Fraction(1, 40)), ValueError, "no lammer shows chips of"),
    ],
)
def test_bad_chip_input(call: Callable[[], object], error: type[TypeError] | type[ValueError], message: str) -> None:
    with pytest.raises(error, match=message):
        call()


def test_a_rules_value_with_an_unknown_kind_of_bet_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown kinds of bet"):
        roulette.RouletteRules(name="odd", source="none", wheel=roulette.AMERICAN_WHEEL,
                               layout=roulette.AMERICAN_LAYOUT, pays=PayTable({"snake": 2}))
    with pytest.raises(ValueError, match="the wheel and the layout must have the same pockets"):
        roulette.RouletteRules(name="odd", source="none", wheel=roulette.EUROPEAN_WHEEL,
                               layout=roulette.AMERICAN_LAYOUT, pays=PayTable({"straight": 35}))


def test_a_layout_with_two_boxes_of_one_name_is_refused() -> None:
    with pytest.raises(ValueError, match="the layout has two boxes named '1'"):
        roulette.parse_layout("+---+---+\n| 1 | 1 |\n+---+---+")
