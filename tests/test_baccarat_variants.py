"""What counting can and cannot do, for EZ Baccarat's side bets and the pair bets: the unchanged mean edge and
Thorp and Walden's theorem checked exactly (and against dealing every order of a small shoe), every side bet's
chances summing to 1 on many shoes, a counter through real shoes, bad inputs."""

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise, permutations

import pytest

from casino_math.baccarat import RULES, Shoe, bet
from casino_math.baccarat.cards import CARDS
from casino_math.baccarat.count import (
    SIDE_BETS,
    count_shoes,
    counter_gain_exact,
    edge,
    edge_after,
    effects_by_rank,
    mean_edge_check,
    next_card,
    shoe_of_cards,
    theorem_check,
)
from casino_math.baccarat.eor import effect_of_removal
from casino_math.bets import expected_value
from casino_math.simulate import generator
from casino_math.widgets import variants

EZ = RULES["ez"]
ONE_DECK = EZ.changed(decks=1)


def random_shoe(seed: int, size: int) -> Shoe:
    """A shoe of ``size`` cards drawn at random from two decks, knowing each card's rank and suit."""
    rng = random.Random(seed)
    return Shoe.from_cards(Counter(rng.sample([c for c in CARDS for _ in range(2)], size)))


@pytest.mark.parametrize("bet_id", ["banker", "player", "tie", *SIDE_BETS])
def test_one_unseen_card_leaves_the_edge_unchanged_on_average(bet_id: str) -> None:
    # The martingale step: sum over the next card of P(card) x edge(shoe less it) = edge(shoe).
    shoe = Shoe.of_decks(1)
    by = "card" if bet_id in SIDE_BETS[2:] else "value"
    average = sum((Fraction(n, shoe.size) * edge(bet_id, after, ONE_DECK) for n, after in next_card(shoe, by)),
                  Fraction(0))
    assert average == edge(bet_id, shoe, ONE_DECK)


@pytest.mark.parametrize("bet_id", SIDE_BETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_mean_edge_is_unchanged_by_two_unseen_cards_from_an_uneven_shoe(bet_id: str, seed: int) -> None:
    shoe = random_shoe(seed, 20)
    full, after = mean_edge_check(bet_id, EZ, shoe, dealt=2)
    assert full == after


def edges_dealing_every_order(bet_id: str, shoe: Shoe, dealt: int) -> list[Fraction]:
    """The bet's edge over what is left after each ordered way to deal ``dealt`` of the shoe's cards, one by one."""
    cards = [v for v, n in enumerate(shoe.counts) for _ in range(n)]
    edges = []
    for first in permutations(range(len(cards)), dealt):
        left = list(shoe.counts)
        for i in first:
            left[cards[i]] -= 1
        edges.append(edge(bet_id, Shoe(tuple(left)), EZ))
    return edges


@pytest.mark.parametrize("bet_id", ["dragon_7", "panda_8", "banker"])
def test_the_theorem_against_dealing_every_order_of_a_small_shoe(bet_id: str) -> None:
    # a 10-card shoe rich in 7s and 8s: every ordered way to deal 0 to 4 cards (5,040 ways for 4), each equally likely
    shoe = Shoe.from_values({0: 3, 1: 1, 3: 1, 6: 1, 7: 2, 8: 2})
    gains = []
    for k in range(5):
        edges = edges_dealing_every_order(bet_id, shoe, k)
        assert sum(edges, Fraction(0)) / len(edges) == edge(bet_id, shoe, EZ)                   # the lemma
        gains.append(sum((max(e, Fraction(0)) for e in edges), Fraction(0)) / len(edges))
    assert tuple(gains) == theorem_check(bet_id, EZ, shoe, dealt=4)
    assert all(a <= b for a, b in pairwise(gains))                                              # the theorem


@pytest.mark.parametrize("bet_id", SIDE_BETS)
def test_the_spread_grows_for_every_convex_function_tried(bet_id: str) -> None:
    # Thorp and Walden: E[f(edge)] never falls, for f(x) = max(x, 0), (x - mean)^2 and |x - mean|
    shoe = random_shoe(6, 16)
    mean = edge(bet_id, shoe, EZ)
    for f in (lambda e: max(e, Fraction(0)), lambda e: (e - mean) ** 2, lambda e: abs(e - mean)):
        values = [edge_after(bet_id, shoe, EZ, dealt=k).E(f) for k in range(4)]
        assert all(a <= b for a, b in pairwise(values)), bet_id


def test_the_edge_spreads_although_its_mean_stays() -> None:
    spread = edge_after("dragon_7", Shoe.of_decks(1), ONE_DECK, dealt=3)
    assert len(spread) > 1 and spread.E() == edge("dragon_7", Shoe.of_decks(1), ONE_DECK)
    assert spread.variance() > 0


def test_with_no_card_dealt_the_edge_is_the_shoes() -> None:
    assert edge_after("panda_8", Shoe.of_decks(1), ONE_DECK, dealt=0).E() == edge("panda_8", Shoe.of_decks(1),
                                                                                     ONE_DECK)


def test_the_counter_gain_is_the_positive_part_brute_force() -> None:
    shoe = random_shoe(3, 12)
    spread = edge_after("perfect_pair", shoe, EZ, dealt=2)
    assert counter_gain_exact("perfect_pair", shoe, EZ, dealt=2) == sum(
        (p * e for e, p in spread.items() if e > 0), Fraction(0))


@pytest.mark.parametrize("bet_id", SIDE_BETS)
@pytest.mark.parametrize("shoe", [Shoe.of_decks(1), Shoe.of_decks(6), random_shoe(4, 30), random_shoe(5, 9)],
                         ids=["1 deck", "6 decks", "30 cards", "9 cards"])
def test_every_side_bet_chances_sum_to_one(bet_id: str, shoe: Shoe) -> None:
    assert sum(bet(bet_id, EZ, shoe).space.values()) == 1


def test_the_pair_bets_do_not_move_when_one_card_leaves_a_full_shoe() -> None:
    # Every rank is alike in a full shoe, so every effect is equal, and they add up to zero.
    for bet_id in SIDE_BETS[2:]:
        assert set(effects_by_rank(bet_id, EZ.changed(decks=8)).values()) == {0}


def test_ez_side_bets_move_by_point_value_and_their_effects_add_to_zero() -> None:
    shoe = Shoe.of_decks(8)
    effects = effect_of_removal(EZ, shoe)
    for bet_id in ("dragon_7", "panda_8", "banker"):
        assert sum(shoe[v] * effects[v][bet_id] for v in effects) == 0
    assert effects[8]["panda_8"] < 0 < effects[8]["dragon_7"]      # an 8 gone hurts the Panda 8, helps the Dragon 7


def test_a_card_level_shoe_agrees_with_the_library_shoe() -> None:
    assert shoe_of_cards([2] * 52) == Shoe.of_decks(2)
    assert shoe_of_cards([2] * 52).cards == Shoe.of_decks(2).cards


def test_the_counter_through_real_shoes_keeps_its_books() -> None:
    result = count_shoes(3, generator(7), EZ.changed(decks=1), ("dragon_7", "perfect_pair"))
    assert result.shoes == 3 and len(result.shoe_gains["dragon_7"]) == 3
    for bet_id in ("dragon_7", "perfect_pair"):
        assert result.gain[bet_id] == sum(result.shoe_gains[bet_id])
        assert (result.gain[bet_id] > 0) == (result.favourable[bet_id] > 0)
        assert result.favourable[bet_id] <= result.coups
        assert len(result.favourable_cards_left[bet_id]) == result.favourable[bet_id]
        assert all(6 < left <= 52 for left in result.favourable_cards_left[bet_id])


def test_the_counter_is_reproducible_from_its_seed() -> None:
    assert count_shoes(2, generator(9), ONE_DECK) == count_shoes(2, generator(9), ONE_DECK)


def test_a_full_shoe_never_favours_a_side_bet() -> None:
    assert all(expected_value(bet(b, EZ)) < 0 for b in SIDE_BETS)


@pytest.mark.parametrize("call, error, message", [
    (lambda: edge("dragon_8", Shoe.of_decks(1)), ValueError, "unknown baccarat bet 'dragon_8'"),
    (lambda: edge("panda_8", 8), TypeError, "a shoe must be a Shoe"),  # type: ignore[arg-type]  # on purpose
    (lambda: edge("panda_8", Shoe.of_decks(1), "ez"), TypeError, "baccarat rules must be a rules value"),  # type: ignore[arg-type]  # on purpose
    (lambda: edge("perfect_pair", Shoe.of_decks(1).without(0)), ValueError, "this shoe is known only by point values"),
    (lambda: edge_after("dragon_7", Shoe.of_decks(1), ONE_DECK, dealt=47), ValueError,
     ("the cards dealt must be a whole number from 0 to 46, so that the 6 cards a dragon_7 bet looks at are left "
     "in a shoe of 52, not 47")),
    (lambda: edge_after("player_pair", Shoe.of_decks(1), ONE_DECK, dealt=-1), ValueError,
     "the cards dealt must be a whole number from 0 to 48"),
    (lambda: next_card(Shoe.of_decks(1), "rank"), ValueError, "the next card is told apart by 'card'"),
    (lambda: shoe_of_cards([1] * 13), ValueError, "a shoe's cards are a count for each of the 52 cards of a deck, not 13"),
    (lambda: count_shoes(0, generator(1)), ValueError, "the number of shoes"),
    (lambda: count_shoes(1, generator(1), bet_ids=("tie",)), ValueError,
     ("a counter here watches the side bets dragon_7, panda_8, player_pair, banker_pair, either_pair, perfect_pair, "
     "not 'tie'")),
    (lambda: count_shoes(1, generator(1), cut_card=3), ValueError,
     "the cut card must leave a whole number of cards from 6 (a coup can take six) to 410 behind it, not 3"),
    (lambda: variants.side_bet_table({"Z": 1}), ValueError, "unknown rank 'Z'"),
    (lambda: variants.side_bet_table({"A": 33}), ValueError, "cannot take 33 cards of rank A"),
])
def test_bad_input_is_a_clear_error(
        call: Callable[[], object], error: type[TypeError] | type[ValueError], message: str) -> None:
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value).startswith(message), str(caught.value)


def test_the_value_of_betting_only_when_favourable_never_falls_as_cards_are_dealt() -> None:
    # Thorp and Walden's theorem: E[max(edge, 0)] is non-decreasing in the number of cards dealt unseen.
    gains = [counter_gain_exact("dragon_7", Shoe.of_decks(1), ONE_DECK, dealt=k) for k in range(4)]
    assert gains == sorted(gains) and gains[0] == 0 < gains[-1]
    assert theorem_check("dragon_7", ONE_DECK, dealt=3) == tuple(gains)
