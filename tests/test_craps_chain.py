"""Craps: the absorbing Markov chain agrees with first-step analysis, under every rules value."""

from fractions import Fraction as F

import pytest

from casino_math.bets import p_lose, p_push, p_win
from casino_math.craps import RULES, bet, chain, line


@pytest.mark.parametrize("rules_name", RULES)
def test_the_chain_and_first_step_analysis_agree(rules_name: str) -> None:
    rules = RULES[rules_name]
    assert chain.chain_probability("pass", "win", rules) == line.p_pass_wins(rules) == F(244, 495)
    assert chain.chain_probability("dont_pass", "win", rules) == line.p_dont_pass_wins(rules) == F(949, 1980)
    assert chain.chain_probability("dont_pass", "push", rules) == line.p_dont_pass_pushes(rules) == F(1, 36)
    assert chain.chain_expected_rolls("pass", rules) == line.expected_rolls_to_decision(rules) == F(557, 165)


@pytest.mark.parametrize("side", ["pass", "dont_pass"])
def test_absorption_probabilities_match_the_bet(side: str) -> None:
    the_bet = bet(side)
    outcome = {"win": p_win(the_bet), "lose": p_lose(the_bet), "push": p_push(the_bet)}
    for result in chain.absorbing_states(side):
        assert chain.chain_probability(side, result) == outcome[result]


def test_the_transition_matrix_is_stochastic() -> None:
    P = chain.transition_matrix("dont_pass")
    assert all(sum(P.row(i)) == 1 for i in range(P.rows))
    assert all(x >= 0 for x in P)


def test_the_fundamental_matrix_counts_visits_to_each_point() -> None:
    _Q, _R, N, B, _t = chain.line_chain()
    # From the come-out, the expected number of rolls spent waiting on point 4 is
    # P(point 4 is set) * 36 / (3 + 6) = 3/36 * 4.
    assert N[0, 1] == F(1, 3)
    assert N[0, 0] == 1                               # the come-out is visited exactly once
    assert sum(B.row(0)) == 1


def test_decided_on_roll_n_sums_to_one_and_has_the_right_mean() -> None:
    first = [line.p_decided_on_roll(n) for n in range(1, 400)]
    assert 1 - sum(first) < F(1, 10**40)
    mean = sum(n * p for n, p in enumerate(first, start=1))
    assert 0 <= line.expected_rolls_to_decision() - mean < F(1, 10**30)
