"""Mini-baccarat: cards, shoes, the drawing rules cell by cell, and the exact enumeration checked by brute force."""

import itertools
import random
import re
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from casino_math.baccarat import OXFORD, RULES, Coup, Shoe, deal_counts, deals_total, hand_total, play, point_value
from casino_math.baccarat.cards import RANKS, check_decks, check_shoe
from casino_math.baccarat.deal import Result, first_four_groups, result_counts
from casino_math.baccarat.rules import (
    BANKER_CHART,
    STANDARD_DRAWING,
    STOOD,
    DragonBonusTable,
    read_banker_chart,
    read_player_rule,
    rules_named,
)
from casino_math.bets import PayTable

# ---------------------------------------------------------------------------------------------------------------
# Card values and shoes (Oxford Casino, Mini-Baccarat, "Card values": aces 1, tens and pictures 0, 2-9 face value)

CARD_VALUES = [("A", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7), ("8", 8), ("9", 9),
               ("10", 0), ("J", 0), ("Q", 0), ("K", 0)]


@pytest.mark.parametrize("rank, value", CARD_VALUES)
def test_card_values(rank: str, value: int) -> None:
    assert point_value(rank) == value


def test_the_oxford_example_of_a_total_over_9() -> None:
    # Oxford's own example: 2 + 3 is 5; drawing a 9 makes 4 (2 + 3 + 9 - 10).
    assert hand_total([2, 3]) == 5
    assert hand_total([2, 3, 9]) == 4


@pytest.mark.parametrize("decks", range(1, 9))
def test_a_full_shoe_by_value_and_by_rank(decks: int) -> None:
    shoe = Shoe.of_decks(decks)
    assert shoe.size == 52 * decks
    assert shoe.counts == (16 * decks,) + (4 * decks,) * 9
    by_rank = Shoe.from_ranks({rank: 4 * decks for rank, _ in CARD_VALUES})
    assert by_rank == shoe


def test_shoes_from_values_and_removals() -> None:
    shoe = Shoe.of_decks(8)
    assert shoe.without(4).counts[4] == 31
    assert shoe.removing({0: 128, 9: 32}).size == 416 - 160
    assert Shoe.from_values({5: 6}).counts == (0, 0, 0, 0, 0, 6, 0, 0, 0, 0)
    assert check_shoe(Shoe.of_decks(2)) == Shoe.from_ranks({rank: 8 for rank in RANKS})


BAD_SHOES = [
    (lambda: Shoe.of_decks(0), ValueError, "number of decks must be a whole number from 1 up, not 0"),
    (lambda: Shoe.of_decks(-2), ValueError, "from 1 up, not -2"),
    (lambda: Shoe.of_decks(1.5), TypeError, "whole number"),  # type: ignore[arg-type]  # on purpose
    (lambda: check_decks(True), TypeError, "whole number"),
    (lambda: Shoe((1, 2, 3)), ValueError, "(10 counts), not 3"),
    (lambda: Shoe((4, 4, -1, 4, 4, 4, 4, 4, 4, 4)), ValueError, "-1 cards of point value 2; a count cannot be negative"),
    (lambda: Shoe((4, 4, 2.5, 4, 4, 4, 4, 4, 4, 4)), TypeError, "point value 2 is 2.5; counts of cards must be whole"),  # type: ignore[arg-type]  # on purpose
    (lambda: Shoe.from_values({10: 4}), ValueError, "unknown point value 10; point values are the whole numbers 0 to 9"),
    (lambda: Shoe.from_values({-1: 4}), ValueError, "unknown point value -1"),
    (lambda: Shoe.from_values({"7": 4}), ValueError, "unknown point value '7'"),  # type: ignore[dict-item]  # on purpose
    (lambda: Shoe.from_ranks({"Joker": 2}), ValueError, "unknown rank 'Joker'; the ranks are A, 2,"),
    (lambda: Shoe.from_ranks({"A": -4}), ValueError, "-4 cards of rank A"),
    (lambda: Shoe.from_ranks({"A": "4"}), TypeError, "rank A is '4'"),  # type: ignore[dict-item]  # on purpose
    (lambda: Shoe.of_decks(1).without(5, 5), ValueError, "cannot take 5 cards of point value 5 out of a shoe that has 4"),
    (lambda: Shoe.of_decks(1).without(11), ValueError, "unknown point value 11"),
    (lambda: Shoe.of_decks(1).without(1, -1), ValueError, "whole number from 0 up, not -1"),
    (lambda: check_shoe([1] * 10), TypeError, "a shoe must be a Shoe, e.g. Shoe.of_decks(8)"),
    (lambda: deal_counts((4,) * 10), TypeError, "a shoe must be a Shoe"),  # type: ignore[arg-type]  # on purpose
    (lambda: hand_total([3, 12]), ValueError, "unknown point value 12"),
]


@pytest.mark.parametrize("make, error, message", BAD_SHOES)
def test_bad_shoes_are_clear_errors(
        make: Callable[[], object], error: type[TypeError] | type[ValueError], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        make()


# ---------------------------------------------------------------------------------------------------------------
# The drawing rules, cell by cell, against the rules as the Oxford Casino states them in words.

def player_draws_in_words(total: int) -> bool:
    """Oxford: the player draws on 0 to 5, stands on 6 or 7; 8 or 9 is a natural and stands."""
    return total in (0, 1, 2, 3, 4, 5)


def banker_draws_in_words(total: int, third: int | None) -> bool:
    """Oxford, "Banker hand": the banker's rule in the casino's words."""
    if third is STOOD:                      # "If the player's hand totals 6 or 7, the banker will draw on 0
        return total <= 5                   #  through 5 and stand on 6 through 9."
    if total <= 2:                          # "... will always draw on 0 through 2."
        return True
    return {
        3: third in (1, 2, 3, 4, 5, 6, 7, 9, 0),   # stands when the player's third card is an 8
        4: third in (2, 3, 4, 5, 6, 7),            # stands on 1, 8, 9 or 0
        5: third in (4, 5, 6, 7),                  # stands on 1, 2, 3, 8, 9 or 0
        6: third in (6, 7),                        # stands on 1, 2, 3, 4, 5, 8, 9 or 0
        7: False,                                  # "The banker stands"
    }[total]


@pytest.mark.parametrize("total", range(10))
def test_player_rule_cell(total: int) -> None:
    assert STANDARD_DRAWING.player_draws_on(total) == player_draws_in_words(total)


@pytest.mark.parametrize("total, third", list(itertools.product(range(8), [*range(10), STOOD])))
def test_banker_chart_cell(total: int, third: int | None) -> None:
    assert STANDARD_DRAWING.banker_draws_on(total, third) == banker_draws_in_words(total, third)


def test_the_chart_prints_back_as_it_is_written() -> None:
    assert STANDARD_DRAWING.banker_chart_text() == BANKER_CHART.strip()
    assert len(STANDARD_DRAWING.banker_draws) == sum(
        banker_draws_in_words(t, x) for t in range(8) for x in [*range(10), STOOD])


BAD_CHARTS = [
    (lambda: read_banker_chart("0 D D D\n"), "one row for each banker total 0 to 7"),
    (lambda: read_banker_chart("\n".join(f"{t} " + "D " * 10 for t in range(8))), "row 0 of the banker's chart needs 11"),
    (lambda: read_banker_chart("\n".join(f"{t} " + "X " * 11 for t in range(8))), "needs 11 marks, D or S"),
    (lambda: read_player_rule("player D D D"), "a mark D, S or N for each total 0 to 9"),
    (lambda: STANDARD_DRAWING.player_draws_on(10), "unknown point value 10"),
    (lambda: STANDARD_DRAWING.banker_draws_on(3, 10), "unknown point value 10"),
]


@pytest.mark.parametrize("make, message", BAD_CHARTS)
def test_bad_charts_are_clear_errors(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make()


BAD_RULES = [
    (lambda: OXFORD.changed(decks=0), ValueError, "from 1 up, not 0"),
    (lambda: OXFORD.changed(tie_pays=0.5), TypeError, "is a float"),
    (lambda: OXFORD.changed(banker_pays=-1), ValueError, "a payout is what a win pays"),
    (lambda: DragonBonusTable(name="x", margin_pays=PayTable({0: 5}), source="test"), ValueError, "a margin of 0 is a tie"),
    (lambda: DragonBonusTable(name="x", margin_pays=PayTable({10: 5}), source="test"), ValueError, "unknown point value 10"),
    (lambda: rules_named("atlantis"), ValueError, "unknown baccarat rules 'atlantis'; the rules are: oxford"),
    (lambda: OXFORD.changed(decks=-1), ValueError, "from 1 up, not -1"),
]


@pytest.mark.parametrize("make, error, message", BAD_RULES)
def test_bad_rules_are_clear_errors(
        make: Callable[[], object], error: type[TypeError] | type[ValueError], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        make()


def test_the_oxford_rules_as_the_page_states_them() -> None:
    oxford = RULES["oxford"]
    assert oxford.decks == 8                       # "played with eight, standard, fifty-two card decks"
    assert oxford.player_pays == 1                 # "A winning player bet pays 1:1"
    assert oxford.banker_pays == 1 - Fraction(5, 100)  # "pays 1:1 (even money) minus a 5% commission"
    assert oxford.tie_pays == 8                    # "A winning tie bet pays 8:1"
    assert dict(oxford.dragon_bonus.margin_pays)[9] == 30   # "The highest payout is for a non-natural ... by nine"


# ---------------------------------------------------------------------------------------------------------------
# Playing one coup

PLAYED = [
    # cards dealt (player, banker, player, banker, then third cards) -> coup
    ((3, 4, 2, 0, 9, 1), Coup(4, 4, 3, 2)),   # player 5 draws a 9; banker 4 stands against a 9
    ((3, 4, 2, 0, 6, 1), Coup(1, 5, 3, 3)),   # banker 4 draws against a 6
    ((9, 0, 0, 0, 5, 5), Coup(9, 0, 2, 2)),   # a natural: nobody draws
    ((0, 8, 0, 0, 5, 5), Coup(0, 8, 2, 2)),   # the banker's natural stops the player drawing
    ((6, 2, 0, 3, 7, 7), Coup(6, 2, 2, 3)),   # player stands on 6; banker 5 draws
    ((7, 3, 0, 3, 1, 1), Coup(7, 6, 2, 2)),   # player stands on 7; banker 6 stands
    ((5, 3, 0, 0, 8, 1), Coup(3, 3, 3, 2)),   # banker 3 stands against an 8
    ((5, 3, 0, 0, 9, 1), Coup(4, 4, 3, 3)),   # banker 3 draws against a 9
]


@pytest.mark.parametrize("cards, coup", PLAYED)
def test_play(cards: tuple[int, int, int, int, int, int], coup: tuple[int, int, int, int]) -> None:
    assert play(cards) == coup


# ---------------------------------------------------------------------------------------------------------------
# The exact enumeration

def falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


@pytest.mark.parametrize("decks", range(1, 9))
def test_the_total_is_the_falling_factorial(decks: int) -> None:
    n = 52 * decks
    assert sum(deal_counts(Shoe.of_decks(decks)).values()) == falling(n, 6) == deals_total(Shoe.of_decks(decks))


def test_eight_decks_total_is_416_falling_6() -> None:
    assert deals_total(Shoe.of_decks(8)) == 416 * 415 * 414 * 413 * 412 * 411 == 4_998_398_275_503_360


def test_the_first_four_cards_grouping_covers_every_ordered_deal() -> None:
    groups = first_four_groups()
    assert sum(n for group in groups.values() for _, n in group) == 10**4
    assert len(groups) == 100


def straightforward_counts(shoe: Shoe) -> dict[Coup, int]:
    """Deal card by card from the shoe, following the rules; a coup that stops early counts its free cards."""
    counts: defaultdict[Coup, int] = defaultdict(int)
    c = list(shoe.counts)
    n = sum(c)

    def deal(cards: list[Any] | list[int], ways: int) -> None:
        used = len(cards)
        if used >= 4:
            p, b = hand_total([cards[0], cards[2]]), hand_total([cards[1], cards[3]])
            natural = p >= 8 or b >= 8
            player_draws = not natural and STANDARD_DRAWING.player_draws_on(p)
            needed = 4 if natural else 4 + player_draws
            if not natural:
                third = cards[4] if player_draws and used >= 5 else STOOD
                if (not player_draws or used >= 5) and STANDARD_DRAWING.banker_draws_on(b, third):
                    needed += 1
            if used == needed:
                counts[play(cards + [0] * (6 - used))] += ways * falling(n - used, 6 - used)
                return
        for v in range(10):
            if c[v]:
                c[v] -= 1
                deal([*cards, v], ways * (c[v] + 1))
                c[v] += 1

    deal([], 1)
    return dict(counts)


def random_shoes(k: int, seed: int = 2026) -> list[Shoe]:
    rng = random.Random(seed)
    return [Shoe(tuple(rng.choice((0, 0, 1, 2, 3)) for _ in range(10))) for _ in range(k)]


ODD_SHOES = [
    Shoe.from_values({5: 6}),                       # six fives: exactly six cards, all alike
    Shoe.from_values({0: 3, 9: 3}),                 # naturals everywhere
    Shoe((1, 1, 1, 1, 1, 1, 0, 0, 0, 0)),          # exactly six cards, all different
    Shoe.from_values({0: 20, 6: 1, 7: 1}),
    Shoe.from_ranks({"A": 2, "4": 3, "K": 5, "8": 1}),
    *random_shoes(4),
]


@pytest.mark.parametrize("shoe", ODD_SHOES, ids=lambda s: "-".join(map(str, s.counts)))
def test_the_enumeration_equals_dealing_card_by_card(shoe: Shoe) -> None:
    expected = straightforward_counts(shoe)
    assert deal_counts(shoe) == {coup: n for coup, n in expected.items() if n}
    assert sum(expected.values()) == deals_total(shoe)


def test_the_enumeration_equals_weighting_all_million_six_tuples_for_one_deck() -> None:
    shoe = Shoe.of_decks(1)
    counts: defaultdict[Coup, int] = defaultdict(int)
    for cards in itertools.product(range(10), repeat=6):
        left, ways = list(shoe.counts), 1
        for v in cards:
            ways *= left[v]
            left[v] -= 1
        if ways:
            counts[play(cards)] += ways
    assert deal_counts(shoe) == dict(counts)


def test_results_sum_the_coups() -> None:
    shoe = Shoe.of_decks(2)
    by_result: defaultdict[Result, int] = defaultdict(int)
    for coup, n in deal_counts(shoe).items():
        by_result[coup.result] += n
    assert result_counts(shoe) == dict(by_result)


@pytest.mark.parametrize("size", range(6))
def test_a_shoe_with_fewer_than_six_cards_is_refused(size: int) -> None:
    with pytest.raises(ValueError, match=f"the shoe has {size} cards; a coup can need six"):
        deal_counts(Shoe.from_values({0: size}))


def test_drawing_rules_of_the_wrong_type_are_refused() -> None:
    with pytest.raises(TypeError, match="drawing must be DrawingRules"):
        deal_counts(Shoe.of_decks(1), drawing="standard")  # type: ignore[arg-type]  # on purpose
