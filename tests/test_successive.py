"""Two successive coups from one shoe: the exact covariance checked by dealing every order of a small shoe."""

import re
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from math import factorial, prod
from typing import Any

import pytest

from casino_math.baccarat import OXFORD, Shoe
from casino_math.baccarat.deal import result_counts
from casino_math.baccarat.successive import (
    OXFORD_EIGHT_DECKS,
    first_coup_deals,
    stored_successive_coups,
    successive_coups,
)

# ---------------------------------------------------------------------------------------------------------------
# An independent dealer: the drawing rules as the Oxford Casino's page words them, and the bets' nets.


def player_draws(total: int) -> bool:
    return total <= 5  # the player draws on 0 to 5 and stands on 6 and 7


def banker_draws(total: int, third: int | None) -> bool:
    if third is None:  # the player stood: the banker draws on 0 to 5, as the player does
        return total <= 5
    return {0: True, 1: True, 2: True, 3: third != 8, 4: 2 <= third <= 7, 5: 4 <= third <= 7,
            6: third in (6, 7), 7: False}[total]


def deal(cards: tuple[int, ...] | tuple[int, int, int, int, int, int]) -> tuple[str, int]:
    """Deal one coup from the front of ``cards``: (winner, how many cards it used)."""
    player, banker, rest = (cards[0] + cards[2]) % 10, (cards[1] + cards[3]) % 10, list(cards[4:])
    used = 4
    if player < 8 and banker < 8:
        third: int | None = None
        if player_draws(player):
            third = rest.pop(0)
            player, used = (player + third) % 10, used + 1
        if banker_draws(banker, third):
            banker, used = (banker + rest.pop(0)) % 10, used + 1
    winner = "tie" if player == banker else "player" if player > banker else "banker"
    return winner, used


NETS = {
    "banker": {"banker": Fraction(19, 20), "tie": 0, "player": -1},
    "player": {"player": 1, "tie": 0, "banker": -1},
    "tie": {"tie": 8, "player": -1, "banker": -1},
}


def orders(counts: dict[int, int]) -> Iterator[Any]:
    """Every distinct order of the cards (a count per point value), each once: all equally likely."""
    if not any(counts.values()):
        yield ()
        return
    for value, n in counts.items():
        if n:
            counts[value] -= 1
            for rest in orders(counts):
                yield (value, *rest)
            counts[value] += 1


def brute_force(counts: dict[int, int]) -> dict[str, tuple[Fraction, Fraction, Fraction, Fraction, Fraction]]:
    """For each bet: E[X1], E[X2], Var(X1), Var(X2), Cov(X1, X2), by dealing two coups from every order."""
    pairs: Counter[tuple[Any, Any]] = Counter()
    for cards in orders(dict(counts)):
        first, used = deal(cards)
        second, _ = deal(cards[used:])
        pairs[(first, second)] += 1
    total = sum(pairs.values())
    assert total == factorial(sum(counts.values())) // prod(factorial(n) for n in counts.values())

    def E(f: Callable[..., Any]) -> Fraction:
        return sum((n * Fraction(f(a, b)) for (a, b), n in pairs.items()), Fraction(0)) / total

    out = {}
    for bet_id, net in NETS.items():
        m1, m2 = E(lambda a, b, net=net: net[a]), E(lambda a, b, net=net: net[b])
        v1, v2 = E(lambda a, b, net=net: net[a] ** 2) - m1**2, E(lambda a, b, net=net: net[b] ** 2) - m2**2
        out[bet_id] = (m1, m2, v1, v2, E(lambda a, b, net=net: net[a] * net[b]) - m1 * m2)
    return out


# Small shoes of twelve cards (two coups can need twelve): naturals, a player who stands on 7 or 6, third cards that
# make the banker draw and stand.
SMALL_SHOES = [{0: 5, 4: 3, 7: 2, 9: 2}, {0: 4, 3: 3, 6: 3, 8: 2}, {1: 3, 2: 3, 5: 3, 0: 3}]


@pytest.mark.parametrize("counts", SMALL_SHOES, ids=str)
def test_every_order_of_a_small_shoe(counts: dict[int, int]) -> None:
    shoe = Shoe.from_values(counts)
    exact = successive_coups(NETS, OXFORD, shoe)
    for bet_id, (m1, m2, v1, v2, cov) in brute_force(counts).items():
        got = exact[bet_id]
        assert (got.mean, got.second_mean, got.variance, got.second_variance, got.covariance) == (m1, m2, v1, v2, cov)
        assert m1 == m2 and v1 == v2  # exchangeability: the second coup is dealt like the first


def test_the_first_coup_grouped_by_its_cards_adds_up_to_every_deal() -> None:
    shoe = Shoe.of_decks(8)
    by_result: Counter[Any] = Counter()
    for (result, cards), n in first_coup_deals(shoe).items():
        assert sum(cards) in (4, 5, 6)
        by_result[result] += n
    assert by_result == Counter(result_counts(shoe))


def test_the_stored_eight_deck_figures_are_what_the_computation_gives() -> None:
    assert successive_coups(OXFORD_EIGHT_DECKS, OXFORD) == stored_successive_coups()


def test_the_dependence_is_small_and_negative() -> None:
    # The review's estimate (about -2 x 10^-6 for neighbouring coups) sets the scale.
    for got in stored_successive_coups().values():
        assert Fraction(-3, 10**6) < got.correlation < Fraction(-1, 10**6)


@pytest.mark.parametrize("call, error, message", [
    (lambda: successive_coups(["banker"], OXFORD, Shoe.from_values({0: 11})), ValueError,
     "the shoe has 11 cards; two coups can need 12 (six each), so the shoe must hold at least 12"),
    (lambda: successive_coups(["perfect_pair"]), ValueError, "perfect_pair looks at each card's suit"),
    (lambda: successive_coups(["red"]), ValueError, "unknown baccarat bet 'red'; the bets are: banker, player"),
    (lambda: successive_coups(["banker"], "oxford"), TypeError,  # type: ignore[arg-type]  # on purpose
    
     "baccarat rules must be a rules value such as baccarat.RULES['oxford'], not the name 'oxford'"),
    (lambda: successive_coups("banker"), TypeError, "bet_ids is a list of bet IDs, e.g. ['banker'], not one ID"),
])
def test_bad_input(call: Callable[[], object], error: type[TypeError] | type[ValueError], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        call()
