"""Chemin de fer as a game: each cell's figures against a deal-by-deal enumeration, the identities of a game's
solution, Kemeny and Snell's model dealt with replacement, the punto banco chart's departures from the banker's best
reply and what it guarantees, and the bad inputs."""

from fractions import Fraction
from itertools import pairwise, permutations, product

import pytest

from casino_math.baccarat.cards import Shoe, hand_total
from casino_math.baccarat.chemin import (
    CELLS,
    PLAYER_DRAWS,
    WITH_REPLACEMENT,
    Cell,
    banker_expectation,
    banker_gain_count,
    banker_gains,
    banker_guarantee,
    best_reply,
    best_reply_range,
    best_reply_value,
    breakpoints,
    cell_chances_with_replacement,
    cell_counts,
    chart_differences,
    chart_edges,
    check_mix,
    contested_cells,
    flipped,
    solve,
)
from casino_math.baccarat.deal import deals_total, dealt
from casino_math.baccarat.rules import NATURALS, OXFORD, STANDARD_DRAWING, STOOD, DrawingRules

#: A shoe small enough to deal every ordered six cards one by one (10 cards: 151,200 deals).
TINY = Shoe.from_values({0: 3, 1: 1, 2: 1, 4: 1, 5: 1, 6: 1, 7: 1, 9: 1})
EIGHT = Shoe.of_decks(8)
SIGN = {"banker": 1, "player": -1, "tie": 0}


def brute_force_cells(shoe: Shoe, player_draws_on_5: bool) -> dict[Cell, tuple[int, ...]]:
    """Each cell's (reach, gain if the banker stands, gain if he draws), dealing every six cards in order."""
    cards = [v for v, n in enumerate(shoe.counts) for _ in range(n)]
    cells = {cell: [0, 0, 0] for cell in CELLS}
    for deal in permutations(cards, 6):
        player, banker = [deal[0], deal[2]], [deal[1], deal[3]]
        p, b = hand_total(player), hand_total(banker)
        if p in NATURALS or b in NATURALS:
            continue
        rest = list(deal[4:])
        third = rest.pop(0) if p in PLAYER_DRAWS[player_draws_on_5] else STOOD
        final_p = p if third is STOOD else (p + third) % 10
        cell = cells[(b, third)]
        cell[0] += 1
        cell[1] += (b > final_p) - (b < final_p)
        drawn = (b + rest[0]) % 10
        cell[2] += (drawn > final_p) - (drawn < final_p)
    return {cell: tuple(c) for cell, c in cells.items()}


@pytest.mark.parametrize("player_draws_on_5", [True, False])
def test_each_cell_matches_dealing_every_six_cards(player_draws_on_5: bool) -> None:
    _, cells = cell_counts(TINY, player_draws_on_5)
    assert {c: tuple(v) for c, v in cells.items()} == brute_force_cells(TINY, player_draws_on_5)


@pytest.mark.parametrize("decks", [1, 2, 8])
@pytest.mark.parametrize("q", [Fraction(0), Fraction(9, 11), Fraction(1)])
def test_the_cells_and_the_naturals_share_out_every_deal(decks: int, q: Fraction) -> None:
    shoe = Shoe.of_decks(decks)
    naturals = Fraction(sum(n for coup, n in dealt(shoe).counts if coup.natural), deals_total(shoe))
    reach = sum(q * cell_counts(shoe, True)[1][c].reach + (1 - q) * cell_counts(shoe, False)[1][c].reach
                for c in CELLS)
    assert naturals + Fraction(reach, deals_total(shoe)) == 1


@pytest.mark.parametrize("player_draws_on_5", [True, False])
def test_any_chart_gives_the_punto_banco_enumeration_of_that_chart(player_draws_on_5: bool) -> None:
    q = Fraction(player_draws_on_5)
    for chart in (STANDARD_DRAWING.banker_draws, frozenset(CELLS[::3]), frozenset()):
        direct = dealt(EIGHT, DrawingRules(player_draws=PLAYER_DRAWS[player_draws_on_5], banker_draws=chart))
        assert banker_expectation(EIGHT, q, chart) == Fraction(banker_gain_count(direct), deals_total(EIGHT))


@pytest.mark.parametrize("q", [Fraction(0), Fraction(1, 3), Fraction(9, 11), Fraction(1)])
def test_the_best_reply_beats_every_other_pure_reply_one_cell_away(q: Fraction) -> None:
    best = best_reply(EIGHT, q)
    value = banker_expectation(EIGHT, q, best)
    assert all(banker_expectation(EIGHT, q, best ^ {cell}) <= value for cell in CELLS)


def test_each_cell_is_worth_its_better_choice() -> None:
    for cell, (stand, draw) in banker_gains(EIGHT, 1).items():
        assert (cell in best_reply(EIGHT, 1)) == (draw > stand)


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_the_solution_is_a_saddle_point(decks: int) -> None:
    shoe = Shoe.of_decks(decks)
    solution = solve(shoe)
    # the banker's mix leaves the player nothing to choose between, and the player's mix concedes no more
    assert banker_expectation(shoe, 1, solution.banker) == banker_expectation(shoe, 0, solution.banker) == solution.value
    assert best_reply_value(shoe, solution.player_draws_on_5) == solution.value
    assert all(best_reply_value(shoe, q) >= solution.value for q in [Fraction(k, 20) for k in range(21)])
    assert all(0 <= p <= 1 for p in solution.banker.values())


def test_eight_decks_the_player_mixes_on_5_and_the_banker_only_on_6_when_the_player_stood() -> None:
    solution = solve(EIGHT)
    assert solution.player_draws_on_5 == Fraction(1662203, 2044584)
    assert {c: p for c, p in solution.banker.items() if 0 < p < 1} == {(6, STOOD): Fraction(1746774929, 4621782132)}
    assert sorted(contested_cells(EIGHT), key=str) == [(3, 9), (4, 1), (5, 4), (6, STOOD)]
    (dl, dr), (sl, sr) = solution.matrix
    assert dl < dr and sl > sr       # no saddle point in pure strategies: both sides must mix


def brute_force_cells_with_replacement(
        player_draws_on_5: bool) -> dict[Cell, tuple[Fraction, ...]]:
    """Each cell's (reach, gain standing, gain drawing) with replacement, dealing every four first values in order and
    then each third card, every value weighted by its share of a deck (4 of 13 for 0, 1 of 13 for the others)."""
    weight = [4] + [1] * 9
    cells = {cell: [Fraction(0)] * 3 for cell in CELLS}
    for p1, b1, p2, b2 in product(range(10), repeat=4):
        p, b = hand_total([p1, p2]), hand_total([b1, b2])
        if p in NATURALS or b in NATURALS:
            continue
        w = Fraction(weight[p1] * weight[b1] * weight[p2] * weight[b2], 13**4)
        thirds = range(10) if p in PLAYER_DRAWS[player_draws_on_5] else [STOOD]
        for third in thirds:
            w3 = w if third is STOOD else w * Fraction(weight[third], 13)
            final_p = p if third is STOOD else hand_total([p, third])
            cell = cells[(b, third)]
            cell[0] += w3
            cell[1] += w3 * ((b > final_p) - (b < final_p))
            for fifth in range(10):
                drawn = hand_total([b, fifth])
                cell[2] += w3 * Fraction(weight[fifth], 13) * ((drawn > final_p) - (drawn < final_p))
    return {cell: tuple(c) for cell, c in cells.items()}


@pytest.mark.parametrize("player_draws_on_5", [True, False])
def test_with_replacement_each_cell_matches_dealing_every_value_in_order(player_draws_on_5: bool) -> None:
    _, cells = cell_chances_with_replacement(WITH_REPLACEMENT, player_draws_on_5)
    assert cells == brute_force_cells_with_replacement(player_draws_on_5)


def test_kemeny_and_snells_model_has_the_review_s_exact_solution() -> None:
    # Recomputed independently for the review of 2026-12-01 (the specialist in casino mathematics) -> None: with replacement
    # the player draws on 5 with chance 9/11, the banker draws on 6 when the player stood with chance 859/2288, and
    # the game is worth 679568/53094899 to the banker.
    solution = solve(WITH_REPLACEMENT)
    assert solution.player_draws_on_5 == Fraction(9, 11)
    assert {c: p for c, p in solution.banker.items() if 0 < p < 1} == {(6, STOOD): Fraction(859, 2288)}
    assert solution.value == Fraction(679568, 53094899)


def test_with_replacement_the_value_is_each_sides_mixed_payoff() -> None:
    solution, q = solve(WITH_REPLACEMENT), Fraction(9, 11)
    # the banker's mix makes the player's two choices worth the same, and both worth the value
    assert banker_expectation(WITH_REPLACEMENT, 1, solution.banker) == solution.value
    assert banker_expectation(WITH_REPLACEMENT, 0, solution.banker) == solution.value
    # the player's mix makes the banker's two columns worth the same, and both worth the value
    (dl, dr), (sl, sr) = solution.matrix
    assert q * dl + (1 - q) * sl == q * dr + (1 - q) * sr == solution.value


def test_a_nearly_infinite_shoe_approaches_the_with_replacement_solution() -> None:
    # the chance of every six-card sequence from d decks tends to its chance with replacement as d grows
    huge, limit = solve(Shoe.of_decks(10**6)), solve(WITH_REPLACEMENT)
    assert abs(huge.player_draws_on_5 - limit.player_draws_on_5) < Fraction(1, 10**5)
    assert abs(huge.value - limit.value) < Fraction(1, 10**7)


def test_the_casino_chart_is_a_best_reply_to_the_optimal_mix_but_guarantees_less_than_the_value() -> None:
    solution, chart = solve(EIGHT), STANDARD_DRAWING.banker_draws
    assert banker_expectation(EIGHT, solution.player_draws_on_5, chart) == solution.value
    guarantee = banker_guarantee(EIGHT, chart)
    assert guarantee == banker_expectation(EIGHT, 1, chart) < solution.value      # a player who always draws on 5
    assert all(banker_expectation(EIGHT, Fraction(k, 50), chart) >= guarantee for k in range(51))
    assert f"{float(guarantee):.4%}" == "1.2351%"        # the review's figure for 8 decks


def test_the_breakpoints_are_where_a_contested_cell_changes_its_best_choice() -> None:
    points = breakpoints(EIGHT)
    assert points[0] == 0 and points[-1] == 1 and len(points) == 2 + len(contested_cells(EIGHT))
    for left, right in pairwise(points):
        assert best_reply(EIGHT, left + (right - left) / 3) == best_reply(EIGHT, right - (right - left) / 3)


def test_the_casino_chart_departs_from_the_best_reply_in_two_cells_at_eight_decks() -> None:
    assert chart_differences(EIGHT) == [(4, 1), (6, STOOD)]
    for cell in chart_differences(EIGHT):
        # checked by the punto banco enumeration of the flipped chart itself, not by the cell sums
        assert banker_gain_count(dealt(EIGHT, flipped(STANDARD_DRAWING, cell))) > banker_gain_count(dealt(EIGHT))
    assert all(banker_gain_count(dealt(EIGHT, flipped(STANDARD_DRAWING, c))) <= banker_gain_count(dealt(EIGHT))
               for c in CELLS if c not in chart_differences(EIGHT))


def test_flipping_a_cell_moves_the_banker_bet_by_its_drawing_advantage() -> None:
    cell = (6, STOOD)
    before, after = chart_edges(OXFORD), chart_edges(OXFORD, flipped(STANDARD_DRAWING, cell))
    gain = banker_expectation(EIGHT, 1, flipped(STANDARD_DRAWING, cell).banker_draws) - banker_expectation(
        EIGHT, 1, STANDARD_DRAWING.banker_draws)
    assert gain > 0 and after["banker"] < before["banker"] and after["player"] > before["player"]
    # with no commission the banker bet's expected value would move by exactly the gain
    assert chart_edges(OXFORD.changed(banker_pays=1))["banker"] - chart_edges(
        OXFORD.changed(banker_pays=1), flipped(STANDARD_DRAWING, cell))["banker"] == gain


def test_bad_inputs_get_one_line_errors() -> None:
    with pytest.raises(ValueError, match=r"^the player's probability of drawing on 5 is 3/2; a probability is from 0"):
        check_mix(Fraction(3, 2))
    with pytest.raises(TypeError, match="float"):
        check_mix(0.5)
    with pytest.raises(ValueError, match=r"^\(8, 1\) is not a cell of the banker's chart; a cell is \(banker total 0-7"):
        flipped(STANDARD_DRAWING, (8, 1))
    with pytest.raises(ValueError, match=r"^\(5, 10\) is not a cell"):
        banker_expectation(EIGHT, 1, {(5, 10)})
    with pytest.raises(ValueError, match=r"^the banker's probability of drawing in \(5, 4\) is 2"):
        banker_expectation(EIGHT, 1, {(5, 4): 2})
    with pytest.raises(TypeError, match=r"^a shoe must be a Shoe"):
        solve(8)  # type: ignore[arg-type]  # on purpose


@pytest.mark.parametrize("decks, inside", [(1, False), (2, False), (6, True), (8, True)])
def test_punto_banco_chart_is_a_best_reply_only_from_six_decks_up(decks: int, inside: bool) -> None:
    shoe = Shoe.of_decks(decks)
    found = best_reply_range(shoe, STANDARD_DRAWING.banker_draws)
    assert (found is not None) == inside
    if found:
        low, high = found
        assert high == solve(shoe).player_draws_on_5        # one column of the 2 x 2 game is the casino's chart
        assert best_reply(shoe, (low + high) / 2) == STANDARD_DRAWING.banker_draws


@pytest.mark.parametrize("counts", [
    (10, 1, 3, 5, 0, 0, 6, 4, 0, 2),      # the player's best is to stand on 5 every time
    (13, 0, 6, 4, 0, 1, 5, 5, 4, 0),      # both sides mix
    (3, 4, 2, 4, 6, 5, 1, 0, 4, 4),       # the player's best is to draw on 5 every time
])
def test_in_lopsided_shoes_each_side_still_guarantees_the_value(counts: tuple[int, ...]) -> None:
    shoe = Shoe(counts)
    solution = solve(shoe)
    assert min(banker_expectation(shoe, q, solution.banker) for q in (0, 1)) == solution.value
    assert all(best_reply_value(shoe, Fraction(k, 40)) >= solution.value for k in range(41))
