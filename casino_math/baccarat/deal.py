"""Every coup a shoe can deal, counted exactly.

A coup uses four, five or six cards, dealt in the order player, banker,
player, banker, then the player's third card, then the banker's.  To give
every deal the same weight, each coup is counted as **six** cards: a coup that
uses only four is counted once for every way the two unused cards could come
out.  From a shoe of N cards there are then N(N-1)(N-2)(N-3)(N-4)(N-5) equally
likely ordered deals, 416·415·414·413·412·411 for eight decks.

>>> counts = deal_counts(Shoe.of_decks(8))
>>> sum(counts.values()) == 416 * 415 * 414 * 413 * 412 * 411
True
>>> sum(n for coup, n in counts.items() if coup.winner == "banker")
2292252566437888

How the counting is made fast (the result is the same as dealing every six
values one by one, which the chapter does first):

1. The number of ways to deal a given sequence of cards depends only on which
   cards they are, not on their order: drawing two 5s and a 9 from a shoe with
   c5 fives and c9 nines can happen c5(c5-1)c9 ways in any order.  So the first
   four cards are grouped by the player's pair and the banker's pair (55 pairs
   each, 3,025 combinations, merged further by their totals), a grouping that
   does not depend on the shoe and is made once.
2. For each player total p and banker total b, the first four cards matter to
   what follows only through which cards they took out of the shoe.  The third
   cards x and y can be dealt (c[x] - m_x)(c[y] - m_y - [x = y]) ways after the
   first four took m out; summed over the first four cards this is a formula in
   three running sums: the ways W = sum of w, ``taken[v]`` = sum of w m_v and
   ``taken_pairs[v][u]`` = sum of w m_v m_u.  The third cards are then 10 or
   100 multiplications per (p, b) instead of a loop over every earlier card.
3. Branches the rules never reach are never visited: nobody draws after a
   natural, and a hand that stands gets no third card.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from math import perm
from typing import NamedTuple

from ..bets import Word
from ..distribution import Distribution, FrozenMap
from .cards import POINT_VALUES, Shoe, check_shoe, hand_total
from .rules import NATURALS, STANDARD_DRAWING, STOOD, DrawingRules

#: The most cards a coup can use; every coup is counted as this many.
CARDS_PER_COUP = 6


class Side(Word):
    """What a coup can be won by, and what a bet can back: the player's hand, the banker's, or a tie.

    Each member equals its word, so ``coup.winner == "banker"`` reads as it did.

    >>> Coup(0, 1, 3, 3).winner, Side.BANKER == "banker"
    (Side.BANKER, True)
    """

    PLAYER = "player"
    """The player's hand."""
    BANKER = "banker"
    """The banker's hand."""
    TIE = "tie"
    """The two hands end on the same total."""


PLAYER, BANKER, TIE = Side.PLAYER, Side.BANKER, Side.TIE


class Coup(NamedTuple):
    """How a coup ended: each hand's final total and how many cards it took.

    Every rule a bet settles on (who won, by how much, on a natural, with three
    cards) is read off a coup here, and nowhere else.

    >>> Coup(9, 7, 2, 2).natural, Coup(9, 7, 2, 2).winner, Coup(9, 7, 2, 2).margin
    (True, Side.PLAYER, 2)
    >>> Coup(3, 3, 3, 2).winner
    Side.TIE
    """

    player: int
    """The player's final total."""
    banker: int
    """The banker's final total."""
    player_cards: int
    """How many cards the player's hand has (2 or 3)."""
    banker_cards: int
    """How many cards the banker's hand has (2 or 3)."""

    @property
    def natural(self) -> bool:
        """Whether the coup ended on a natural (a two-card 8 or 9 in either hand).

        With two cards each, a total of 8 or 9 can only be a natural.

        >>> Coup(8, 2, 2, 2).natural, Coup(8, 2, 3, 2).natural, Coup(7, 6, 2, 2).natural
        (True, False, False)
        """
        return self.player_cards == 2 and self.banker_cards == 2 and max(self.player, self.banker) in NATURALS

    @property
    def winner(self) -> Side:
        """Which hand won: ``PLAYER``, ``BANKER`` or ``TIE``.

        >>> Coup(0, 1, 3, 3).winner
        Side.BANKER
        """
        if self.player == self.banker:
            return TIE
        return PLAYER if self.player > self.banker else BANKER

    @property
    def margin(self) -> int:
        """By how many points the winner won (0 for a tie).

        >>> Coup(9, 0, 3, 3).margin
        9
        """
        return abs(self.player - self.banker)

    def won_with_three_cards(self, side: Side, total: int) -> bool:
        """Whether ``side`` won the coup with a three-card ``total`` (the Panda 8: the player's three-card 8).

        >>> Coup(2, 8, 3, 3).won_with_three_cards(BANKER, 8), Coup(2, 8, 3, 2).won_with_three_cards(BANKER, 8)
        (True, False)
        """
        cards, final = (self.banker_cards, self.banker) if side == BANKER else (self.player_cards, self.player)
        return self.winner == side and final == total and cards == 3

    @property
    def banker_three_card_seven(self) -> bool:
        """Whether the banker won with a three-card 7: EZ Baccarat's banker bet pushes, and the Dragon 7 wins.

        >>> Coup(2, 7, 3, 3).banker_three_card_seven, Coup(2, 7, 2, 2).banker_three_card_seven
        (True, False)
        """
        return self.won_with_three_cards(BANKER, 7)

    @property
    def result(self) -> Result:
        """What the bets of the table look at: who won, by how much, with a natural or not.

        >>> Coup(7, 0, 2, 3).result
        Result(winner=Side.PLAYER, margin=7, natural=False, banker_three_card_seven=False)
        """
        return Result(self.winner, self.margin, self.natural, self.banker_three_card_seven)


class Result(NamedTuple):
    """A coup as the bets see it: every bet of the table is settled by these four facts.

    >>> Result(BANKER, 2, True, False).winner
    Side.BANKER
    """

    winner: Side
    """Who won the coup: ``PLAYER``, ``BANKER`` or ``TIE``."""
    margin: int
    """By how many points the winner won (0 for a tie)."""
    natural: bool
    """Whether the coup ended on a natural (a two-card 8 or 9 in either hand)."""
    banker_three_card_seven: bool
    """Whether the banker won with a three-card 7 (EZ Baccarat's banker bet pushes then)."""


def play(cards: Iterable[int], drawing: DrawingRules = STANDARD_DRAWING) -> Coup:
    """The coup dealt from six point values in order: player, banker, player, banker, then third cards.

    The player's third card is the fifth value (if the player draws); the
    banker's is the next one not yet used.

    >>> play([3, 4, 2, 0, 9, 1])     # player 5 draws a 9 (total 4); banker 4 against a 9 stands
    Coup(player=4, banker=4, player_cards=3, banker_cards=2)
    >>> play([3, 4, 2, 0, 6, 1])     # banker 4 against a player's 6 draws the 1
    Coup(player=1, banker=5, player_cards=3, banker_cards=3)
    >>> play([9, 0, 0, 0, 5, 5])     # a natural 9: nobody draws
    Coup(player=9, banker=0, player_cards=2, banker_cards=2)
    """
    cards = list(cards)
    player, banker, rest = [cards[0], cards[2]], [cards[1], cards[3]], cards[4:]
    procedure = drawing.procedure(hand_total(player), hand_total(banker))
    third = STOOD
    if procedure.player_draws:
        third = rest.pop(0)
        player.append(third)
    if third in procedure.banker_draws_on:
        banker.append(rest.pop(0))
    return Coup(hand_total(player), hand_total(banker), len(player), len(banker))


def deals_total(shoe: Shoe) -> int:
    """The number of ordered six-card deals from the shoe: N(N-1)...(N-5).

    >>> deals_total(Shoe.of_decks(8))
    4998398275503360
    """
    return perm(shoe.size, CARDS_PER_COUP)


@cache
def first_four_groups() -> FrozenMap[tuple[int, int], tuple[tuple[tuple[tuple[int, int], ...], int], ...]]:
    """The first four cards grouped by (player total, banker total) and by which cards they are.

    For each (player total, banker total): pairs (cards, orderings), where
    ``cards`` lists (point value, how many) of the four cards and
    ``orderings`` is the number of ways to deal them as the player's pair and
    the banker's pair with these totals.  The grouping does not depend on the
    shoe.

    >>> groups = first_four_groups()
    >>> sum(n for cards, n in groups[(0, 0)] if cards == ((0, 4),))    # four zeros: one way
    1
    >>> sum(n for group in groups.values() for _, n in group)          # every ordered deal of four values
    10000
    """
    pairs = [((a, b), (a + b) % 10, 1 if a == b else 2) for a in POINT_VALUES for b in POINT_VALUES if a <= b]
    groups: dict[tuple[int, int], dict[tuple[int, ...], int]] = defaultdict(lambda: defaultdict(int))
    for player_pair, p, player_orderings in pairs:
        for banker_pair, b, banker_orderings in pairs:  # 2 orderings for a mixed pair, 1 for a pair
            groups[(p, b)][tuple(sorted(player_pair + banker_pair))] += player_orderings * banker_orderings
    every_four = {cards for group in groups.values() for cards in group}  # 715 multisets of four values
    taken = {cards: tuple((v, cards.count(v)) for v in sorted(set(cards))) for cards in every_four}
    return FrozenMap({key: tuple((taken[cards], n) for cards, n in group.items()) for key, group in groups.items()})


def _ways(counts: tuple[int, ...], taken: tuple[tuple[int, int], ...]) -> int:
    """The number of ordered ways to draw the cards ``taken`` from ``counts`` (in a fixed order)."""
    ways = 1
    for value, k in taken:
        c = counts[value]
        for i in range(k):
            ways *= c - i
    return ways


def deal_counts(shoe: Shoe, drawing: DrawingRules = STANDARD_DRAWING) -> dict[Coup, int]:
    """The number of ordered six-card deals from the shoe that end in each coup.

    ``shoe`` is a :class:`~casino_math.baccarat.cards.Shoe` with at least six cards.

    >>> counts = deal_counts(Shoe.of_decks(1))
    >>> sum(counts.values()) == 52 * 51 * 50 * 49 * 48 * 47
    True
    >>> counts[Coup(9, 9, 2, 2)]     # both hands a natural 9 (the 5th and 6th cards are free)
    132833280
    """
    return dict(dealt(shoe, drawing).counts)


@lru_cache(maxsize=512)
def dealt(shoe: Shoe, drawing: DrawingRules = STANDARD_DRAWING) -> Deals:
    """Every coup the shoe can deal under the drawing rules, counted once and kept (the one cache of the game).

    >>> dealt(Shoe.of_decks(8)) is dealt(Shoe.of_decks(8))
    True
    """
    check_shoe(shoe)
    if shoe.size < CARDS_PER_COUP:
        raise ValueError(
            f"the shoe has {shoe.size} cards; a coup can need six (two per hand and a third card each), "
            "so the shoe must hold at least six"
        )
    if not isinstance(drawing, DrawingRules):
        raise TypeError(f"drawing must be DrawingRules, not {type(drawing).__name__}")
    return Deals(_deal_counts(shoe.counts, drawing))


def _deal_counts(counts: tuple[int, ...], drawing: DrawingRules) -> tuple[tuple[Coup, int], ...]:
    n = sum(counts)
    unused = [perm(n - used, CARDS_PER_COUP - used) for used in range(CARDS_PER_COUP + 1)]  # the unused cards' orderings
    out: dict[tuple[int, int, int, int], int] = defaultdict(int)
    ways_to_take: dict[tuple[tuple[int, int], ...], int] = {}
    procedures = drawing.procedures
    for (p, b), group in first_four_groups().items():
        firsts = _first_fours(counts, group, ways_to_take)
        ways = sum(w for _, w in firsts)
        if not ways:
            continue
        player_draws, banker_draws_on = procedures[(p, b)]
        if not player_draws and STOOD not in banker_draws_on:  # a natural, or both hands stand: four cards
            out[(p, b, 2, 2)] += ways * unused[4]
            continue
        taken = _taken(firsts)
        if not player_draws:  # the player stands and the banker draws the fifth card
            for y in POINT_VALUES:
                out[(p, (b + y) % 10, 2, 3)] += (counts[y] * ways - taken[y]) * unused[5]
            continue
        taken_pairs = _taken_pairs(firsts)
        for x in POINT_VALUES:  # the player's third card
            px = (p + x) % 10
            left_x = counts[x] * ways - taken[x]  # ways to deal the first four and then an x
            if x not in banker_draws_on:
                out[(px, b, 3, 2)] += left_x * unused[5]
                continue
            for y in POINT_VALUES:  # the banker's third card
                # sum over the first four cards of w (c[x] - m_x)(c[y] - m_y - [x = y])
                cy = counts[y] - (x == y)
                out[(px, (b + y) % 10, 3, 3)] += (counts[x] * cy * ways - counts[x] * taken[y] - cy * taken[x]
                                                  + taken_pairs[x][y])
    return tuple((Coup(*key), count) for key, count in out.items() if count)


def _first_fours(counts: tuple[int, ...], group: tuple[tuple[tuple[tuple[int, int], ...], int], ...],
                 ways_to_take: dict[tuple[tuple[int, int], ...], int]) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """The first fours of one (player total, banker total) that the shoe can deal, each with its number of ways w."""
    firsts = []
    for taken, orderings in group:
        w = ways_to_take.get(taken)
        if w is None:
            w = ways_to_take[taken] = _ways(counts, taken)
        if w:
            firsts.append((taken, orderings * w))
    return firsts


def _taken(firsts: list[tuple[tuple[tuple[int, int], ...], int]]) -> list[int]:
    """For each point value v: the sum over the first fours of w m_v, where m_v is how many v's they took."""
    taken = [0] * len(POINT_VALUES)
    for cards, w in firsts:
        for v, m in cards:
            taken[v] += w * m
    return taken


def _taken_pairs(firsts: list[tuple[tuple[tuple[int, int], ...], int]]) -> list[list[int]]:
    """For each pair of point values v, u: the sum over the first fours of w m_v m_u."""
    pairs = [[0] * len(POINT_VALUES) for _ in POINT_VALUES]
    for cards, w in firsts:
        for v, m in cards:
            row = pairs[v]
            for u, k in cards:
                row[u] += w * m * k
    return pairs


@dataclass(frozen=True)
class Deals:
    """The coups a shoe can deal, with their counts, and the two distributions the bets are built on.

    What :func:`dealt` caches: it cannot be changed, and what it works out from its counts is worked out once.
    """

    counts: tuple[tuple[Coup, int], ...]
    """Each coup with the number of ordered six-card deals that end in it."""

    @cached_property
    def coups(self) -> Distribution:
        """The distribution of the coup: each coup's count over the number of deals."""
        return Distribution.from_counts(dict(self.counts))

    @cached_property
    def result_counts(self) -> FrozenMap[Result, int]:
        """The number of deals that end in each :class:`Result` (the coups' counts, summed)."""
        counts: dict[Result, int] = defaultdict(int)
        for coup, n in self.counts:
            counts[coup.result] += n
        return FrozenMap(counts)

    @cached_property
    def results(self) -> Distribution:
        """The distribution of the :class:`Result`, the sample space of every bet."""
        return Distribution.from_counts(self.result_counts)


def coups(shoe: Shoe, drawing: DrawingRules = STANDARD_DRAWING) -> Distribution:
    """The distribution of the coup dealt from a shoe: each coup's count over the number of deals.

    >>> outcomes = coups(Shoe.of_decks(8))
    >>> outcomes.P(lambda coup: coup.winner == "tie")
    Fraction(619306544887, 6508331087895)
    """
    return dealt(shoe, drawing).coups


def result_counts(shoe: Shoe, drawing: DrawingRules = STANDARD_DRAWING) -> dict[Result, int]:
    """The number of ordered six-card deals that end in each :class:`Result`.

    >>> counts = result_counts(Shoe.of_decks(8))
    >>> sum(n for result, n in counts.items() if result.winner == "tie")
    475627426473216
    """
    return dict(dealt(shoe, drawing).result_counts)


def results(shoe: Shoe, drawing: DrawingRules = STANDARD_DRAWING) -> Distribution:
    """The distribution of the result of a coup dealt from a shoe: the sample space of every bet.

    >>> len(results(Shoe.of_decks(8))) < len(coups(Shoe.of_decks(8)))
    True
    >>> results(Shoe.of_decks(8)).P(lambda r: r.winner == "tie") * deals_total(Shoe.of_decks(8))
    Fraction(475627426473216, 1)
    """
    return dealt(shoe, drawing).results
