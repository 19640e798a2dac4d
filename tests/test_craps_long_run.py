"""The table in the long run: the craps table's chain, its stationary law and convergence, generating functions.

Each figure of the chapter is recomputed by another route: the share of come-out rolls from the line chain's
fundamental matrix (sympy), from the closed form and from a seeded simulation of the dice; Doeblin's bound against
the exact distances; the Sicherman theorem against a search of every pair of dice; the hand's moments against
first-step equations for E[L] and E[L^2] solved without generating functions.
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement, product

import numpy as np
import pytest

from casino_math import markov
from casino_math.craps import hand, table_state
from casino_math.craps.chain import COME_OUT, chain_expected_rolls, transient_states
from casino_math.craps.rolls import ways
from casino_math.generating import SICHERMAN, STANDARD, dice_pairs_like, divided, total_polynomial
from casino_math.widgets.chains import state_summary, state_widget

PI = table_state.stationary_law()


def test_the_long_run_share_of_come_out_rolls() -> None:
    assert PI[COME_OUT] == Fraction(165, 557)
    assert sum(PI.values()) == 1


def test_the_share_is_one_over_the_rolls_a_decision_takes_by_the_fundamental_matrix() -> None:
    assert 1 / PI[COME_OUT] == chain_expected_rolls()


def test_the_closed_form_and_the_linear_solve_agree() -> None:
    assert table_state.stationary_by_cycles() == PI
    for n in (4, 5, 6, 8, 9, 10):
        assert PI[f"point {n}"] == Fraction(ways(n), ways(n) + 6) * PI[COME_OUT]


def test_the_stationary_law_is_left_unchanged_by_a_roll() -> None:
    P = table_state.table_chain()
    law = tuple(PI.values())
    assert markov.step(P, law) == law


def test_a_seeded_simulation_of_the_dice_finds_the_share_within_four_standard_errors() -> None:
    rng = np.random.default_rng(557)
    rolls = 200_000
    totals = rng.integers(1, 7, rolls) + rng.integers(1, 7, rolls)
    point, come_outs, cycles = None, 0, []
    length = 0
    for total in totals:
        length += 1
        if point is None:
            come_outs += 1
            point = int(total) if total in (4, 5, 6, 8, 9, 10) else None
            if point is None:
                cycles.append(length)
                length = 0
        elif total in (point, 7):
            point = None
            cycles.append(length)
            length = 0
    # The decisions are independent cycles: estimate rolls per decision by their mean, with its standard error.
    cycle_lengths = np.array(cycles)
    mean, se = cycle_lengths.mean(), cycle_lengths.std(ddof=1) / np.sqrt(cycle_lengths.size)
    assert abs(mean - float(1 / PI[COME_OUT])) < 4 * se
    assert abs(come_outs / rolls - float(PI[COME_OUT])) < 0.01


@pytest.mark.parametrize("start", transient_states())
def test_doeblins_bound_holds_from_every_start(start: str) -> None:
    for n in range(25):
        assert table_state.distance_after(n, start) <= table_state.doeblin_bound(n)


def test_the_distance_falls_to_zero_and_every_column_but_the_come_out_holds_a_zero() -> None:
    P = table_state.table_chain()
    assert markov.doeblin_constant(P, 1) == Fraction(1, 4)       # a point 4 or 10 ends on 9 of 36 rolls
    assert markov.doeblin_constant(P, 2) == 1 - Fraction(3, 4) ** 2
    assert all(x > 0 for row in markov.power(P, 2) for x in row)
    assert table_state.distance_after(40) < Fraction(1, 10**6)


def test_the_contraction_lemma_on_random_laws() -> None:
    P = table_state.table_chain()
    delta = markov.doeblin_constant(P, 1)
    rng = np.random.default_rng(1)
    for _ in range(20):
        a, b = (rng.integers(0, 10, len(P)) + 1 for _ in range(2))
        mu = tuple(Fraction(int(x), int(a.sum())) for x in a)
        nu = tuple(Fraction(int(x), int(b.sum())) for x in b)
        assert markov.total_variation(markov.step(P, mu), markov.step(P, nu)) <= (1 - delta) * markov.total_variation(mu, nu)


def test_the_expected_share_of_the_first_rolls_against_the_corollarys_bound() -> None:
    delta = markov.doeblin_constant(table_state.table_chain(), 1)
    for n in (1, 5, 30, 100):
        share = table_state.come_out_share_of_first(n)
        assert abs(share - PI[COME_OUT]) <= 1 / (n * delta)
    # the first roll is a come-out for sure; the second is one a third of the time
    assert table_state.come_out_share_of_first(2) == Fraction(1 + Fraction(1, 3), 2)


def test_decisions_an_hour() -> None:
    assert table_state.decisions_per_hour(100) == Fraction(16500, 557)


def test_the_stationary_solve_of_a_small_chain_against_its_powers() -> None:
    P = markov.check_chain([[Fraction(1, 2), Fraction(1, 2), 0], [0, Fraction(1, 3), Fraction(2, 3)], [1, 0, 0]])
    pi = markov.stationary(P)
    row = markov.power(P, 60)[0]
    assert markov.total_variation(row, pi) < Fraction(1, 10**9)


@pytest.mark.parametrize("bad, message", [
    ([[Fraction(1, 2), Fraction(1, 3)], [0, 1]], "adds up to 5/6"),
    ([[1, 0], [Fraction(-1, 2), Fraction(3, 2)]], "negative chance"),
    ([[1, 0, 0], [0, 1]], "has 3 entries; it needs 2"),
])
def test_a_bad_transition_matrix_is_refused_with_the_reason(bad: list[list[Fraction | int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        markov.check_chain(bad)


def test_a_chain_with_two_stationary_laws_is_refused() -> None:
    with pytest.raises(ValueError, match="not irreducible"):
        markov.stationary(markov.check_chain([[1, 0], [0, 1]]))


def test_a_state_the_table_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="'point 7' is not a state of the table; the states are come-out, point 4"):
        table_state.law_after(1, "point 7")


# --- generating functions ----------------------------------------------------------------------------------------

def totals(*dice: tuple[int, ...]) -> Counter[int]:
    """The totals of every combination of faces, by enumeration."""
    return Counter(sum(faces) for faces in product(*dice))


def test_sichermans_dice_roll_every_total_as_standard_dice_do_by_enumeration() -> None:
    assert totals(*SICHERMAN) == totals(STANDARD, STANDARD)
    assert total_polynomial(*SICHERMAN) == total_polynomial(STANDARD, STANDARD)


def test_the_only_pairs_are_standard_and_sicherman_against_a_search_of_every_pair_of_dice() -> None:
    standard = totals(STANDARD, STANDARD)
    # Both dice show a 1 (the least total is 2) and no face above 11 (the other shows at least 1, the most is 12);
    # the means of the two dice add up to 7.  Group the candidates by largest face and sum, then try every pair.
    dice = [d for d in combinations_with_replacement(range(1, 12), 6) if d[0] == 1]
    by_top_and_sum: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for d in dice:
        by_top_and_sum.setdefault((d[-1], sum(d)), []).append(d)
    found = {(a, b) for a in dice for b in by_top_and_sum.get((12 - a[-1], 42 - sum(a)), [])
             if a <= b and totals(a, b) == standard}
    assert found == set(dice_pairs_like())
    assert len(found) == 2


def test_polynomial_division() -> None:
    square = total_polynomial(STANDARD, STANDARD)
    assert divided(square, total_polynomial(STANDARD)) == total_polynomial(STANDARD)
    assert divided(square, (0, 1, 1)) is not None and divided((1, 0, 1), (1, 1)) is None


def hand_moments_by_first_step() -> tuple[Fraction, Fraction]:
    """E[L] and E[L^2] for the hand's length L by first-step analysis, solved as linear equations with sympy.

    From a state s the hand lasts 1 + L' rolls, L' the length from the next state (0 after a seven-out), so
    m(s) = 1 + sum P(s, t) m(t) and q(s) = E[(1 + L')^2] = 1 + sum P(s, t) (2 m(t) + q(t)).
    """
    import sympy as sp
    states = [None, 4, 5, 6, 8, 9, 10]            # None: a come-out is next

    def moves(s: int | None) -> dict[int | str | None, Fraction]:
        out: dict[int | str | None, Fraction] = {}
        for total in range(2, 13):
            p = Fraction(ways(total), 36)
            if s is None:
                t: int | str | None = total if total in (4, 5, 6, 8, 9, 10) else None
            else:
                t = None if total == s else ("end" if total == 7 else s)
            if t != "end":
                out[t] = out.get(t, Fraction(0)) + p
        return out

    Q = sp.Matrix([[sp.Rational(str(moves(s).get(t, 0))) for t in states] for s in states])
    ones = sp.ones(len(states), 1)
    m = (sp.eye(len(states)) - Q).solve(ones)
    q = (sp.eye(len(states)) - Q).solve(ones + 2 * Q * m)
    return Fraction(str(m[0])), Fraction(str(q[0]))


def test_the_hands_mean_and_variance_from_its_generating_function() -> None:
    import sympy as sp
    z = sp.Symbol("z")
    G = hand.hand_generating_function()
    mean = Fraction(str(sp.diff(G, z).subs(z, 1)))
    second = Fraction(str(sp.diff(G, z, 2).subs(z, 1)))
    first_step_mean, first_step_square = hand_moments_by_first_step()
    assert mean == hand.mean_hand_length() == first_step_mean == Fraction(1671, 196)
    assert second + mean == first_step_square                     # G''(1) + G'(1) = E[L(L - 1)] + E[L] = E[L^2]
    assert second + mean - mean**2 == Fraction(1768701, 38416)   # the variance the chapter glues


def test_the_widget_shows_the_law_after_its_rolls() -> None:
    shown = state_widget().view({"start": 0, "rolls": 1})["html"]
    assert "457/10026" in shown and "33.333%" in shown
    assert "392/557" in state_summary(0)


def test_the_exercises_figures() -> None:
    from casino_math.generating import die_polynomial, pgf_mean

    assert PI["point 5"] == Fraction(4, 4 + 6) * PI[COME_OUT] == Fraction(66, 557)
    assert table_state.decisions_per_hour(130) == 130 * PI[COME_OUT] == Fraction(21450, 557)
    assert pgf_mean(total_polynomial(STANDARD, STANDARD, STANDARD)) == 3 * pgf_mean(die_polynomial(STANDARD))
    assert [total_polynomial(*SICHERMAN)[n] for n in (4, 7, 10)] == [3, 6, 3]
    # the come-out's balance equation, as the exercise writes it out
    assert PI[COME_OUT] == Fraction(12, 36) * PI[COME_OUT] + sum(
        Fraction(ways(n) + 6, 36) * PI[f"point {n}"] for n in (4, 5, 6, 8, 9, 10))
