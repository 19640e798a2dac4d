"""Conditional expectation: the tower property and the law of total variance checked on laws built at random, and
every figure of the chapter recomputed another way (a brute-force walk over roll sequences, the cards dealt one
composition at a time, closed forms)."""

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from casino_math import bets, conditional, craps, roulette
from casino_math.baccarat import EZ, Shoe
from casino_math.baccarat import bet as baccarat_bet
from casino_math.baccarat.count import edge_after
from casino_math.bets import WIN
from casino_math.craps.line import line_decisions, pass_result, value_with_point
from casino_math.craps.rolls import ways
from casino_math.craps.table_state import decisions_and_net
from casino_math.dice import two_dice
from casino_math.distribution import Distribution
from casino_math.widgets.conditional import decisions_widget, net_given_decisions

PASS_EV = Fraction(-7, 495)


def random_joint(seed: int) -> Distribution[tuple[int, int]]:
    rng = np.random.default_rng(seed)
    counts = {(int(y), int(x)): int(c) for y, x, c in zip(rng.integers(0, 4, 12), rng.integers(-5, 6, 12),
                                                         rng.integers(1, 9, 12), strict=True)}
    return Distribution.from_counts(counts)


@pytest.mark.parametrize("seed", range(10))
def test_the_tower_property_and_the_law_of_total_variance_on_random_joint_laws(seed: int) -> None:
    joint = random_joint(seed)
    assert conditional.given_law(joint).E() == joint.E(lambda pair: pair[1])
    assert sum(conditional.variance_parts(joint)) == joint.variance(lambda pair: pair[1])


def test_the_pass_line_given_the_come_out() -> None:
    joint = line_decisions().map(lambda d: (d[0], 1 if pass_result(d) == WIN else -1))
    given = conditional.conditional_expectation(joint)
    assert given == {2: -1, 3: -1, 12: -1, 7: 1, 11: 1} | {p: Fraction(ways(p) - 6, ways(p) + 6) for p in (4, 5, 6, 8, 9, 10)}
    assert all(given[p] == value_with_point(p) for p in (4, 5, 6, 8, 9, 10))
    explained = sum(Fraction(ways(y), 36) * given[y] ** 2 for y in given) - PASS_EV**2
    assert conditional.variance_parts(joint)[1] == explained == Fraction(88904, 245025)


def test_what_two_cards_explain_of_the_dragon_7_against_the_compositions_one_by_one() -> None:
    one_deck = EZ.changed(decks=1)
    full = Shoe.of_decks(1)
    seen = edge_after("dragon_7", full, one_deck, dealt=2)
    # E[Var(X | the two cards)], one composition at a time: the law of total variance must close the sum
    left = Fraction(0)
    for first, second in product(range(10), repeat=2):
        if full[first] == 0 or (full.without(first)[second] == 0):
            continue
        p = Fraction(full[first], full.size) * Fraction(full.without(first)[second], full.size - 1)
        left += p * bets.variance(baccarat_bet("dragon_7", one_deck, full.without(first).without(second)))
    assert left + seen.variance() == bets.variance(baccarat_bet("dragon_7", one_deck, full))


def brute_force_decisions(rolls: int) -> Distribution[tuple[int, int]]:
    """(decisions, net) over every sequence of totals, weighted by their ways, walked one roll at a time."""
    counts: dict[tuple[int, int], int] = {}
    for totals in product(range(2, 13), repeat=rolls):
        point, decided, net, weight = None, 0, 0, 1
        for total in totals:
            weight *= ways(total)
            if point is None and total in (4, 5, 6, 8, 9, 10):
                point = total
            elif point is None:
                decided, net = decided + 1, net + (1 if total in (7, 11) else -1)
            elif total in (point, 7):
                decided, net, point = decided + 1, net + (1 if total == point else -1), None
        counts[(decided, net)] = counts.get((decided, net), 0) + weight
    return Distribution.from_counts(counts)


@pytest.mark.parametrize("rolls", [1, 2, 3])
def test_the_decisions_and_net_of_a_stretch_against_every_sequence_of_rolls(rolls: int) -> None:
    assert decisions_and_net(rolls) == brute_force_decisions(rolls)


def test_ten_decisions_in_ten_rolls_are_all_come_outs() -> None:
    ten = decisions_and_net(10)
    assert ten.P(lambda pair: pair[0] == 10) == Fraction(12, 36) ** 10
    assert conditional.conditional_expectation(ten)[10] == 10 * Fraction(8 - 4, 12)


def test_a_random_number_of_spins_by_the_formula_and_by_the_joint_law() -> None:
    red = roulette.bet("red")
    lengths = range(80, 121)
    n = Distribution.uniform(lengths)
    # E[S^2] = sum over n of P(N = n) (n sigma^2 + (n mu)^2): the same quantity without the law of total variance
    mu, sigma2 = bets.expected_value(red), bets.variance(red)
    second = n.E(lambda k: k * sigma2 + (k * mu) ** 2)
    assert second - (n.E() * mu) ** 2 == n.E() * sigma2 + mu**2 * n.variance() == Fraction(36140, 361)


def test_the_exercises_figures() -> None:
    dice = two_dice().map(lambda roll: (roll[0], roll[0] + roll[1]))
    assert conditional.conditional_expectation(dice)[3] == Fraction(13, 2)
    seven = two_dice().map(lambda roll: (roll[0], 4 if roll[0] + roll[1] == 7 else -1))
    assert conditional.variance_parts(seven) == (Fraction(125, 36), Fraction(0))
    assert value_with_point(6) == Fraction(5 - 6, 11)
    assert bets.expected_value(craps.bet("pass")) == PASS_EV


def test_nothing_is_known_given_a_value_y_never_takes() -> None:
    dice = two_dice().map(lambda roll: (roll[0], roll[0] + roll[1]))
    with pytest.raises(ValueError, match="Y never takes the value 7, so nothing is known given it"):
        conditional.conditional_law(dice, 7)


def test_the_widget_and_its_table() -> None:
    assert net_given_decisions(1).rows[1] == ["1", "1/3", "1/3", "-7/495"]
    assert "Expected net over 1 roll: <b>1/9</b>" in decisions_widget().view({"rolls": 1})["html"]
