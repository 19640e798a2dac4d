"""The facts the foundations chapter teaches, checked with the library it uses, and the labels other pages link to."""

import json
from fractions import Fraction
from math import comb, erf, sqrt
from pathlib import Path

import pytest

from casino_math import Distribution, E, P, bets, craps, roulette
from casino_math.dice import die, total, two_dice
from casino_math.session import session

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = ROOT / "book" / "foundations.ipynb"
LABELS = ["foundations", "foundations-independence", "foundations-conditional", "foundations-binomial",
          "foundations-geometric", "foundations-chebyshev", "foundations-lln", "foundations-clt",
          "foundations-continuity", "foundations-exercises"]

RED = roulette.red()
PASS = craps.bet("pass")
COLOUR = Distribution.uniform(roulette.colour(pocket) for pocket in roulette.RULES["oxford"].wheel)


def first_even(roll):
    return roll[0] % 2 == 0


def both(a, b):
    return lambda outcome: a(outcome) and b(outcome)


def independent(a, b, space):
    return P(both(a, b), space) == P(a, space) * P(b, space)


def normal_tail(cut, mean, sd):
    """The normal curve's chance of exceeding ``cut`` (a float, for comparison only)."""
    return (1 - erf((cut - mean) / (sd * sqrt(2)))) / 2


def markdown_of(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("label", LABELS)
def test_the_chapter_defines_each_label_other_pages_link_to(label):
    assert f"({label})=" in markdown_of(CHAPTER)


@pytest.mark.parametrize("event, expected", [
    (lambda roll: total(roll) == 7, True),                              # one face of the second die makes 7
    (lambda roll: total(roll) in {2, 3, 4, 9, 10, 11, 12}, True),       # the field: 8 of its 16 rolls
    (lambda roll: total(roll) == 8, False),                             # a first 1 rules an 8 out
], ids=["seven", "field", "eight"])
def test_which_totals_are_independent_of_an_even_first_die(event, expected):
    assert independent(first_even, event, two_dice()) is expected


def test_the_field_is_not_independent_of_a_double():
    field = lambda roll: total(roll) in {2, 3, 4, 9, 10, 11, 12}
    double = lambda roll: roll[0] == roll[1]                     
    assert (P(both(field, double), two_dice()), P(field, two_dice()) * P(double, two_dice())) == (
        Fraction(1, 9), Fraction(2, 27))


def test_six_spins_multiply_and_the_sixth_ignores_five_reds():
    six = COLOUR.map(lambda c: (c,)).repeated(6)
    assert (len(six), sum(six.values())) == (3**6, 1)
    after_five_reds = six.given(lambda spins: spins[:5] == ("red",) * 5)
    assert P(lambda spins: spins[5] == "red", after_five_reds) == COLOUR["red"] == Fraction(9, 19)


def test_conditional_probability_is_the_share_of_the_condition():
    above_3 = lambda face: face > 3
    assert die().given(above_3)[6] == P(both(above_3, {6}.__contains__), die()) / P(above_3, die()) == Fraction(1, 3)


def pass_wins(totals):
    return PASS.line(totals) == "win"


def p_pass_wins_given(t):
    return P(pass_wins, PASS.space.given(lambda totals: totals[0] == t))


@pytest.mark.parametrize("point, expected", [(4, Fraction(3, 9)), (5, Fraction(4, 10)), (6, Fraction(5, 11)),
                                             (8, Fraction(5, 11)), (9, Fraction(4, 10)), (10, Fraction(3, 9))])
def test_the_pass_line_after_a_point_is_a_race_with_the_seven(point, expected):
    assert p_pass_wins_given(point) == expected


def test_the_law_of_total_probability_gives_the_pass_line():
    come_out = two_dice().map(total)
    assert sum(come_out[t] * p_pass_wins_given(t) for t in come_out) == bets.p_win(PASS) == Fraction(244, 495)


def test_bayes_a_winning_pass_line_was_won_on_the_come_out():
    come_out = two_dice().map(total)
    won_at_once = P(lambda totals: len(totals) == 1, PASS.space.given(pass_wins))
    assert won_at_once == come_out.P({7, 11}) / bets.p_win(PASS) == Fraction(55, 122)


def test_pass_line_after_a_point_is_set():
    points = {4, 5, 6, 8, 9, 10}
    assert P(pass_wins, PASS.space.given(lambda totals: totals[0] in points)) == Fraction(67, 165)


@pytest.mark.parametrize("n", [1, 10, 37])
def test_repeated_red_counts_are_binomial(n):
    p = COLOUR["red"]
    reds = COLOUR.map(lambda c: int(c == "red")).repeated(n)
    assert all(reds[k] == comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))
    assert (E(reds), reds.variance()) == (n * p, n * p * (1 - p))


def test_ahead_after_ten_reds_is_six_or_more_reds():
    reds = COLOUR.map(lambda c: int(c == "red")).repeated(10)
    assert session(RED, 10).p_ahead() == P(lambda k: k >= 6, reds)


def first_seven(rolls):
    return rolls.index(True) + 1 if True in rolls else "later"


def test_the_wait_for_a_seven_is_geometric_and_has_no_memory():
    is_seven = two_dice().map(lambda roll: total(roll) == 7)
    q = is_seven[False]
    ten = is_seven.map(lambda s: (s,)).repeated(10)
    waits = ten.map(first_seven)
    assert all(waits[t] == q ** (t - 1) * (1 - q) for t in range(1, 11)) and waits["later"] == q**10

    def none_in_first(k):
        return lambda rolls: True not in rolls[:k]

    assert P(none_in_first(7), ten.given(none_in_first(3))) == P(none_in_first(4), ten) == q**4


def test_the_pass_line_lasts_557_165_rolls_from_geometric_waits():
    # Catlin, "The Number of Craps Rolls": a line decision takes 557/165 rolls on average.
    ways = {4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3}
    assert 1 + sum(Fraction(w, 36) * Fraction(36, w + 6) for w in ways.values()) == PASS.rounds == Fraction(557, 165)


@pytest.mark.parametrize("c", [5, 10, 20, 30, 40])
def test_chebyshev_bounds_every_tail_of_100_red_bets(c):
    s = session(RED, 100)
    mu, var = s.expected_net(), s.variance()
    assert s.P(lambda net: abs(net - mu) >= c) <= var / c**2


def test_the_average_of_red_bets_closes_in_faster_than_chebyshev_promises():
    epsilon, mu, var = Fraction(1, 10), bets.expected_value(RED), bets.variance(RED)
    sizes = (100, 250, 500, 1000)

    def average_off(n):
        return session(RED, n).P(lambda net: abs(net / n - mu) >= epsilon)

    off = [average_off(n) for n in sizes]
    assert off == sorted(off, reverse=True)
    assert all(p <= var / (n * epsilon**2) for p, n in zip(off, sizes))


@pytest.mark.parametrize("n", [10, 100, 1000])
def test_the_continuity_correction_brings_the_normal_curve_closer(n):
    p = COLOUR["red"]
    mean, sd = float(n * p), sqrt(float(n * p * (1 - p)))
    exact = float(session(RED, n).p_ahead())
    assert abs(normal_tail(n / 2 + 0.5, mean, sd) - exact) < abs(normal_tail(n / 2, mean, sd) - exact)


def test_the_corrected_normal_curve_for_100_red_bets_is_within_a_tenth_of_a_point():
    p = COLOUR["red"]
    corrected = normal_tail(50.5, float(100 * p), sqrt(float(100 * p * (1 - p))))
    assert abs(corrected - float(session(RED, 100).p_ahead())) < 0.001


def test_de_meres_bets():
    one_six_in_4 = 1 - P(lambda face: face != 6, die()) ** 4
    double_six_in_24 = 1 - P(lambda roll: roll != (6, 6), two_dice()) ** 24
    assert one_six_in_4 == Fraction(671, 1296) and one_six_in_4 > Fraction(1, 2) > double_six_in_24


def test_bayes_a_losing_pass_line_lost_on_the_come_out():
    come_out = two_dice().map(total)
    lost = lambda totals: PASS.line(totals) == "lose"
    assert P(lost, PASS.space) == 1 - bets.p_win(PASS) == Fraction(251, 495)   # the pass line never pushes
    lost_at_once = P(lambda totals: len(totals) == 1, PASS.space.given(lost))
    assert lost_at_once == come_out.P({2, 3, 12}) / P(lost, PASS.space) == Fraction(55, 251)
