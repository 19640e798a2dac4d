"""The linear counter of baccarat-counting, exactly: its estimate's law over every way cards can leave a small shoe,
dealt one subset at a time, against the library's enumeration by counts of each value; its variance, the
finite-population formula; and the normal curve it stands in for, measured at the end of an eight-deck shoe."""

from fractions import Fraction
from itertools import combinations, pairwise

import pytest

from casino_math.baccarat import OXFORD, Shoe
from casino_math.baccarat.eor import (
    EXACT_LIMIT,
    count_exactly,
    counter_gain,
    coup_depths,
    effect_of_removal,
    estimate_variance,
    expected_values,
    favourable_chance,
)

#: Ten cards by value, and effects that add up to 0 weighted by the cards (as true effects of removal do).
SMALL = Shoe.from_values({0: 3, 1: 2, 4: 2, 6: 1, 9: 2})
EFFECTS = {0: Fraction(2, 100), 1: Fraction(-3, 100), 4: Fraction(1, 100), 6: Fraction(-4, 100), 9: Fraction(1, 100)}


def estimates_dealing_every_subset(
        full_ev: Fraction, effects: dict[int, Fraction], shoe: Shoe, dealt: int) -> list[Fraction]:
    """The counter's estimate after each of the C(N, dealt) equally likely sets of cards dealt, one set at a time."""
    cards = [v for v, n in enumerate(shoe.counts) for _ in range(n)]
    n = len(cards)
    factor = Fraction(n - 1, n - dealt)
    return [full_ev + factor * sum((effects[cards[i]] for i in chosen), Fraction(0))
            for chosen in combinations(range(n), dealt)]


def test_the_small_shoe_s_effects_add_up_to_zero() -> None:
    assert sum(SMALL[v] * e for v, e in EFFECTS.items()) == 0


@pytest.mark.parametrize("dealt", range(10))
@pytest.mark.parametrize("full_ev", [Fraction(-1, 100), Fraction(-3, 100), Fraction(1, 200)])
def test_the_exact_law_matches_dealing_every_subset(dealt: int, full_ev: Fraction) -> None:
    estimates = estimates_dealing_every_subset(full_ev, EFFECTS, SMALL, dealt)
    favourable = Fraction(sum(e > 0 for e in estimates), len(estimates))
    gain = sum((max(e, Fraction(0)) for e in estimates), Fraction(0)) / len(estimates)
    assert count_exactly(full_ev, EFFECTS, SMALL, dealt) == (favourable, gain)


@pytest.mark.parametrize("dealt", range(10))
def test_the_estimate_s_variance_is_the_finite_population_formula(dealt: int) -> None:
    # Var = (N - 1) k / (N - k) x sigma^2: the sum of k draws without replacement has variance k sigma^2 (N - k)/(N - 1)
    estimates = estimates_dealing_every_subset(Fraction(0), EFFECTS, SMALL, dealt)
    mean = sum(estimates, Fraction(0)) / len(estimates)
    variance = sum(((e - mean) ** 2 for e in estimates), Fraction(0)) / len(estimates)
    assert mean == 0 and variance == estimate_variance(EFFECTS, SMALL, dealt)


def test_coups_start_every_mean_coup_of_cards_until_the_cut_card() -> None:
    depths = coup_depths(Shoe.of_decks(8), cut=14)
    assert depths[0] == 0 and 416 - depths[-1] > 14 and 416 - depths[-1] - 5 <= 14
    assert all(4 <= b - a <= 6 for a, b in pairwise(depths))


@pytest.fixture(scope="module")
def banker() -> tuple[Fraction, dict[int, Fraction], Shoe]:
    shoe = Shoe.of_decks(8)
    effects = {v: e["banker"] for v, e in effect_of_removal(OXFORD, shoe).items()}
    return expected_values(OXFORD, shoe)["banker"], effects, shoe


def test_at_the_last_coup_the_normal_curve_is_close_but_not_exact(
        banker: tuple[Fraction, dict[int, Fraction], Shoe]) -> None:
    full_ev, effects, shoe = banker
    dealt = coup_depths(shoe)[-1]
    exact = count_exactly(full_ev, effects, shoe, dealt)
    variance = estimate_variance(effects, shoe, dealt)
    normal = Fraction(favourable_chance(full_ev, variance)), Fraction(counter_gain(full_ev, variance))
    assert 0 < exact.favourable < Fraction(1, 10) and exact.gain > 0
    assert exact != normal
    assert abs(normal[0] / exact.favourable - 1) < Fraction(1, 10) and abs(normal[1] / exact.gain - 1) < Fraction(1, 10)


def test_too_many_ways_to_enumerate_is_a_clear_error(banker: tuple[Fraction, dict[int, Fraction], Shoe]) -> None:
    full_ev, effects, shoe = banker
    with pytest.raises(ValueError, match=rf"^208 cards dealt and 208 left: .* either is at most {EXACT_LIMIT}$"):
        count_exactly(full_ev, effects, shoe, 208)
    with pytest.raises(ValueError, match=r"^the cards dealt must be a whole number from 0 to 415 for a shoe of 416"):
        count_exactly(full_ev, effects, shoe, 416)
