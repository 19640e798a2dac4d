"""The keno chapter's figures, each recomputed by another method: draws counted one by one on small boards, closed
forms from binomial coefficients, pay tables typed from their sources, a linear system for the sessions solved here,
the Poisson chance from Decimal, and seeded simulations within 4 standard errors.

Sources of the pay tables: the Michigan Lottery's Club Keno rules (``michigan_club_keno`` in book/references.bib)
and GamingToday's page on the 2-Bit Menu live keno of the Rio, Bally's and Harrah's (``gamingtoday_two_bit_keno``).
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import combinations
from math import comb, factorial
from pathlib import Path

import numpy as np
import pytest
import saved
import sympy

from casino_math import display, keno
from casino_math.exact import as_decimal
from casino_math.keno.simulate import drawn_catches
from casino_math.simulate import generator
from casino_math.widgets.keno import ticket_summary, tickets_table

CHAPTER = Path(__file__).resolve().parents[1] / "book" / "keno.ipynb"

#: The prizes of a 1-unit ticket, typed from the published tables: spots -> {catch: what the ticket returns}.
MICHIGAN_PRINTED = {
    10: {10: 100_000, 9: 5_000, 8: 500, 7: 50, 6: 10, 5: 2, 0: 5},
    9: {9: 25_000, 8: 2_000, 7: 100, 6: 20, 5: 5, 4: 2},
    8: {8: 10_000, 7: 300, 6: 50, 5: 15, 4: 2},
    7: {7: 2_000, 6: 100, 5: 11, 4: 5, 3: 1},
    6: {6: 1_100, 5: 57, 4: 7, 3: 1},
    5: {5: 410, 4: 18, 3: 2},
    4: {4: 72, 3: 5, 2: 1},
}
TWO_BIT_PRINTED = {10: {5: 1, 6: 10, 7: 100, 8: 1_000, 9: 10_000, 10: 100_000}}


def binom(a: int, b: int) -> int:
    """C(a, b), and 0 when b < 0 or b > a (the proposition's convention)."""
    return comb(a, b) if 0 <= b <= a else 0


def chance(spots: int, catch: int, numbers: int = 80, drawn: int = 20) -> Fraction:
    """C(k, c) C(N - k, n - c) / C(N, n), written out again."""
    return Fraction(binom(spots, catch) * binom(numbers - spots, drawn - catch), comb(numbers, drawn))


def edge(prizes: dict[int, int], spots: int) -> Fraction:
    return 1 - sum((prize * chance(spots, c) for c, prize in prizes.items()), Fraction(0))


@pytest.fixture(scope="module")
def glued() -> dict[str, str]:
    return saved.glued(CHAPTER)


# --- the proposition and the exercises' proofs, draw by draw on small boards --------------------------------------

@pytest.mark.parametrize("numbers, drawn", [(8, 3), (10, 4), (12, 6)])
def test_the_catch_law_mean_and_variance_on_every_draw_of_a_small_board(numbers: int, drawn: int) -> None:
    for spots in range(numbers + 1):
        ticket = set(range(numbers - spots, numbers))          # the last numbers: which ones does not matter
        draws = list(combinations(range(numbers), drawn))
        caught = [len(ticket.intersection(d)) for d in draws]
        for c in range(spots + 1):
            assert Fraction(caught.count(c), len(draws)) == chance(spots, c, numbers, drawn)
        # Vandermonde: every draw is counted in one class
        assert sum(binom(spots, c) * binom(numbers - spots, drawn - c) for c in range(spots + 1)) == comb(numbers, drawn)
        mean = Fraction(sum(caught), len(draws))
        assert mean == Fraction(spots * drawn, numbers)
        var = Fraction(sum(c * c for c in caught), len(draws)) - mean**2
        if numbers > 1:
            s = Fraction(drawn, numbers)
            assert var == spots * s * (1 - s) * Fraction(numbers - spots, numbers - 1)


def test_the_ten_spot_figures(glued: dict[str, str]) -> None:
    top = Fraction(comb(70, 10), comb(80, 20))                 # draws holding the ticket, the other count
    assert glued["keno_top_10"] == display.fraction_text(top) == "17/151499090"
    assert glued["keno_one_in_10"] == "8,911,711.18"
    assert glued["keno_mean_10"] == "5/2" and glued["keno_one_spot"] == glued["keno_ex_one_spot"] == "1/4"
    assert glued["keno_nothing_10"] == display.percent(Fraction(comb(70, 20), comb(80, 20)), 2)
    assert glued["keno_ex_four_of_four"] == display.fraction_text(Fraction(comb(20, 4), comb(80, 4)))
    assert glued["keno_ex_var_10"] == display.fraction_text(10 * Fraction(1, 4) * Fraction(3, 4) * Fraction(70, 79))
    at_least_5 = sum((chance(10, c) for c in range(5, 11)), Fraction(0))
    assert glued["keno_ex_atleast5"] == display.fraction_text(at_least_5)


# --- the edges, from the printed tables -----------------------------------------------------------------------------

def test_the_edges_from_the_printed_tables(glued: dict[str, str]) -> None:
    edges = {k: edge(row, k) for k, row in MICHIGAN_PRINTED.items()}
    assert glued["keno_lowest_edge"] == display.percent(min(edges.values()), 3) and min(edges, key=lambda k: edges[k]) == 7
    assert glued["keno_highest_edge"] == display.percent(max(edges.values()), 3) and max(edges, key=lambda k: edges[k]) == 10
    assert glued["keno_two_bit_edge"] == display.percent(edge(TWO_BIT_PRINTED[10], 10), 3)
    # without the 5 for catching none, the 10-spot returns 5 P(C = 0) less
    no_zero = {c: p for c, p in MICHIGAN_PRINTED[10].items() if c != 0}
    assert glued["keno_ex_no_zero_edge"] == display.percent(edge(no_zero, 10), 3)
    assert glued["keno_ex_zero_part"] == display.percent(5 * chance(10, 0), 3)
    returned = 1 - edges[10]
    assert glued["keno_return_10"] == display.percent(returned, 3)
    assert glued["keno_top_share"] == display.percent(100_000 * chance(10, 10) / returned, 2)


@pytest.mark.parametrize("table, printed", [("michigan", MICHIGAN_PRINTED), ("two_bit_menu", TWO_BIT_PRINTED)])
def test_the_explorer_and_its_twin_show_the_printed_tables_edges(table: str, printed: dict[int, dict[int, int]]) -> None:
    rows = [row for row in tickets_table().rows if row[0] == keno.RULES_NAMES[table]]
    assert [int(row[1]) for row in rows] == sorted(printed)
    for row in rows:
        k = int(row[1])
        assert row[3] == display.percent(edge(printed[k], k), 3)
        assert f"<td>house edge</td><td>{row[3]}</td>" in ticket_summary(table, k)
        assert f"<td>{k}</td><td>{display.fraction_text(chance(k, k))}</td>" in ticket_summary(table, k)


# --- the sessions: a linear system solved here ---------------------------------------------------------------------

def session(prizes: dict[int, int], spots: int, bankroll: int = 20, goal: int = 40) -> tuple[Fraction, Fraction]:
    """(P(reach goal), E[tickets]) playing 1-unit tickets from ``bankroll`` until at least ``goal`` or 0 units."""
    law = {c: chance(spots, c) for c in range(spots + 1)}
    states = list(range(1, goal))
    index = {b: i for i, b in enumerate(states)}
    a = sympy.zeros(len(states), len(states))
    reach = sympy.zeros(len(states), 1)
    steps = sympy.ones(len(states), 1)
    for b in states:
        a[index[b], index[b]] += 1
        for c, p in law.items():
            after = b - 1 + prizes.get(c, 0)
            if after >= goal:
                reach[index[b]] += sympy.Rational(p.numerator, p.denominator)
            elif after > 0:
                a[index[b], index[after]] -= sympy.Rational(p.numerator, p.denominator)
    solution = a.LUsolve(reach.row_join(steps))
    p_goal, tickets = solution[index[bankroll], 0], solution[index[bankroll], 1]
    return Fraction(int(p_goal.p), int(p_goal.q)), Fraction(int(tickets.p), int(tickets.q))


def test_the_chances_of_doubling_twenty_units(glued: dict[str, str]) -> None:
    goals = {k: session(row, k)[0] for k, row in MICHIGAN_PRINTED.items() if k in (4, 5, 7, 8, 10)}
    # the figures the chapter reports, to three places
    assert {k: round(float(p), 3) for k, p in goals.items()} == {4: 0.102, 5: 0.050, 7: 0.037, 8: 0.114, 10: 0.064}
    assert glued["keno_goal_10"] == display.percent(goals[10], 2)
    assert glued["keno_goal_best"] == display.percent(goals[8], 2) and glued["keno_goal_best_ticket"] == "Pick 8"
    assert glued["keno_goal_worst"] == display.percent(goals[7], 2) and glued["keno_goal_worst_ticket"] == "Pick 7"


def test_the_jackpot_bound_of_the_doubling_session(glued: dict[str, str]) -> None:
    _, tickets = session(MICHIGAN_PRINTED[10], 10)
    assert glued["keno_tickets_10"] == f"{float(tickets):.4f}"
    bound = chance(10, 10) * tickets
    assert glued["keno_jackpot_bound"] == f"{as_decimal(bound, 3):f}"
    assert glued["keno_no_jackpot"] == display.percent(1 - bound, 4)


# --- ten of ten against the binomial and the Poisson law -----------------------------------------------------------

def test_ten_of_ten_against_its_approximations(glued: dict[str, str]) -> None:
    exact = chance(10, 10)
    assert glued["keno_binomial_10"] == display.percent(Fraction(1, 4**10), 8)
    assert glued["keno_binomial_ratio"] == f"{as_decimal(Fraction(1, 4**10) / exact, 5):f}"
    with localcontext() as context:
        context.prec = 50
        lam = Decimal(5) / 2
        poisson = (-lam).exp() * lam**10 / factorial(10)
        ratio = poisson / (Decimal(exact.numerator) / exact.denominator)
        assert glued["keno_poisson_ratio"] == str(round(ratio))
        assert glued["keno_poisson_one_in"] == f"{(1 / poisson):.2f}"


# --- simulations ----------------------------------------------------------------------------------------------------

def test_shuffled_boards_catch_five_or_more_within_four_standard_errors(glued: dict[str, str]) -> None:
    # a draw as the first 20 numbers of a random order of the 80 (argsort, not the library's argpartition)
    rng, games = np.random.default_rng(34), 40_000
    draws = np.argsort(rng.random((games, 80)), axis=1)[:, :20]
    caught = (draws < 10).sum(axis=1)
    exact = sum((chance(10, c) for c in range(5, 11)), Fraction(0))
    se = (float(exact) * (1 - float(exact)) / games) ** 0.5
    assert abs(float((caught >= 5).mean()) - float(exact)) < 4 * se
    assert abs(float(caught.mean()) - 2.5) < 4 * (float(Fraction(525, 316)) / games) ** 0.5


def test_the_chapters_simulation_and_its_verdict(glued: dict[str, str]) -> None:
    caught = drawn_catches(10, keno.MICHIGAN, 100_000, generator(2026))
    estimate = Fraction(int((caught >= 5).sum()), 100_000)
    assert glued["keno_ex_sim_estimate"] == display.percent(estimate, 3)
    exact = sum((chance(10, c) for c in range(5, 11)), Fraction(0))
    se = (estimate * (1 - estimate) / 100_000) ** 0.5
    assert abs(estimate - exact) < 4 * se
    low, high = (Fraction(glued[k].rstrip("%")) / 100 for k in ("keno_ex_sim_low", "keno_ex_sim_high"))
    assert glued["keno_ex_sim_verdict"] == ("lies inside it" if low <= exact <= high else "lies outside it")
