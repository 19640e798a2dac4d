"""Cards and shoes: what a baccarat card is worth, and what is left in the shoe.

Only a card's *point value* matters in baccarat: an ace counts 1, the cards 2
to 9 their face value, and tens and picture cards 0.  A shoe is therefore
described by ten counts, how many cards of each point value 0 to 9 it holds.
An eight-deck shoe has 128 zeros (the tens, jacks, queens and kings of eight
decks) and 32 of each other value.

>>> shoe = Shoe.of_decks(8)
>>> shoe.counts
(128, 32, 32, 32, 32, 32, 32, 32, 32, 32)
>>> shoe.size
416
>>> point_value("K"), point_value("7"), hand_total([7, 8])
(0, 7, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..distribution import is_whole

#: The point values a card can have.
POINT_VALUES = tuple(range(10))

#: The thirteen ranks of a deck, in the order a deck is printed.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

#: The four suits.
SUITS = ("spades", "hearts", "diamonds", "clubs")

#: Every card of a deck, by (rank, suit), in the order of :data:`RANKS` then :data:`SUITS`.
CARDS = tuple((rank, suit) for rank in RANKS for suit in SUITS)

#: How many cards of each rank one deck has.
CARDS_PER_RANK = len(SUITS)

#: Cards in one deck.
DECK_SIZE = len(RANKS) * CARDS_PER_RANK


def point_value(rank: str) -> int:
    """The baccarat point value of a rank: ace 1, 2 to 9 face value, 10 and pictures 0.

    >>> [point_value(r) for r in RANKS]
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]
    >>> point_value("Joker")
    Traceback (most recent call last):
    ...
    ValueError: unknown rank 'Joker'; the ranks are A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K
    """
    if rank not in RANKS:
        raise ValueError(f"unknown rank {rank!r}; the ranks are {', '.join(RANKS)}")
    return 1 if rank == "A" else int(rank) % 10 if rank.isdigit() else 0


def hand_total(values: Iterable[int]) -> int:
    """The total of a hand: the sum of its point values, keeping only the last digit.

    >>> hand_total([2, 3]), hand_total([2, 3, 9]), hand_total([0, 0, 0])
    (5, 4, 0)
    """
    return sum(check_point_value(v) for v in values) % 10


def check_point_value(value: object) -> int:
    """``value`` if it is a point value (a whole number 0 to 9), else a clear error.

    >>> check_point_value(9)
    9
    >>> check_point_value(10)
    Traceback (most recent call last):
    ...
    ValueError: unknown point value 10; point values are the whole numbers 0 to 9 (tens and pictures count 0)
    """
    if not is_whole(value) or value not in POINT_VALUES:
        raise ValueError(
            f"unknown point value {value!r}; point values are the whole numbers 0 to 9 (tens and pictures count 0)"
        )
    return value


def check_decks(decks: object) -> int:
    """``decks`` if it is a whole number of decks (1 or more), else a clear error.

    >>> check_decks(8)
    8
    >>> check_decks(0)
    Traceback (most recent call last):
    ...
    ValueError: the number of decks must be a whole number from 1 up, not 0
    """
    if not is_whole(decks):
        raise TypeError(f"the number of decks must be a whole number (int), not {decks!r}")
    if decks < 1:
        raise ValueError(f"the number of decks must be a whole number from 1 up, not {decks!r}")
    return decks


@dataclass(frozen=True)
class Shoe:
    """The cards left in a shoe, as a count for each point value 0 to 9.

    >>> Shoe((16, 4, 4, 4, 4, 4, 4, 4, 4, 4)).size
    52
    >>> Shoe((16, -1, 4, 4, 4, 4, 4, 4, 4, 4))
    Traceback (most recent call last):
    ...
    ValueError: the shoe has -1 cards of point value 1; a count cannot be negative
    """

    counts: tuple[int, ...]
    """``counts[v]``: how many cards of point value ``v`` the shoe holds."""

    cards: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    """How many of each card of :data:`CARDS` (rank and suit) the shoe holds, where that is known (the pair bets
    need it); None for a shoe known only by point values.  Two shoes with the same point values are equal."""

    def __post_init__(self) -> None:
        if self.cards is not None:
            self._check_cards()
        counts = tuple(self.counts)
        if len(counts) != len(POINT_VALUES):
            raise ValueError(f"a shoe has a count for each point value 0 to 9 (10 counts), not {len(counts)}")
        for value, n in enumerate(counts):
            if not is_whole(n):
                raise TypeError(
                    f"the count of point value {value} is {n!r}; counts of cards must be whole numbers (int)"
                )
            if n < 0:
                raise ValueError(f"the shoe has {n} cards of point value {value}; a count cannot be negative")
        object.__setattr__(self, "counts", counts)

    def _check_cards(self) -> None:
        cards = tuple(self.cards or ())
        if len(cards) != len(CARDS):
            raise ValueError(f"a shoe's cards are a count for each of the {len(CARDS)} cards of a deck, not {len(cards)}")
        for (rank, suit), n in zip(CARDS, cards, strict=True):
            if not is_whole(n) or n < 0:
                raise ValueError(f"the count of the {rank} of {suit} is {n!r}; counts of cards are whole numbers, 0 or more")
        by_value = [0] * len(POINT_VALUES)
        for (rank, _), n in zip(CARDS, cards, strict=True):
            by_value[point_value(rank)] += n
        if tuple(by_value) != tuple(self.counts):
            raise ValueError("the shoe's cards do not add up to its counts by point value")
        object.__setattr__(self, "cards", cards)

    @classmethod
    def of_decks(cls, decks: int = 8) -> Shoe:
        """A full shoe of ``decks`` 52-card decks (it knows every card's rank and suit).

        >>> Shoe.of_decks(1).counts
        (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
        """
        return cls.from_cards({card: check_decks(decks) for card in CARDS})

    @classmethod
    def from_cards(cls, counts: Mapping[tuple[str, str], int]) -> Shoe:
        """A shoe from counts by card, (rank, suit) -> how many; cards left out have none.

        >>> shoe = Shoe.from_cards({("A", "spades"): 2, ("K", "hearts"): 1})
        >>> shoe.counts, shoe.rank_counts()["A"]
        ((1, 2, 0, 0, 0, 0, 0, 0, 0, 0), 2)
        >>> Shoe.from_cards({("A", "stars"): 1})
        Traceback (most recent call last):
        ...
        ValueError: unknown card ('A', 'stars'); a card is (rank, suit) with a rank of A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K and a suit of spades, hearts, diamonds, clubs
        """
        for card in counts:
            if card not in CARDS:
                raise ValueError(f"unknown card {card!r}; a card is (rank, suit) with a rank of {', '.join(RANKS)} "
                                 f"and a suit of {', '.join(SUITS)}")
        cards = tuple(counts.get(card, 0) for card in CARDS)
        by_value = [0] * len(POINT_VALUES)
        for (rank, _), n in zip(CARDS, cards, strict=True):
            by_value[point_value(rank)] += n if isinstance(n, int) else 0
        return cls(tuple(by_value), cards)

    def rank_counts(self) -> dict[str, int]:
        """How many cards of each rank the shoe holds (only a shoe that knows its cards can tell).

        >>> Shoe.of_decks(8).rank_counts()["Q"]
        32
        >>> Shoe.of_decks(8).without(0).rank_counts()
        Traceback (most recent call last):
        ...
        ValueError: this shoe is known only by point values; the pair bets need each card's rank and suit: make the shoe with Shoe.of_decks or Shoe.from_cards
        """
        counts = dict.fromkeys(RANKS, 0)
        for (rank, _), n in zip(CARDS, self.known_cards(), strict=True):
            counts[rank] += n
        return counts

    def known_cards(self) -> tuple[int, ...]:
        """The count of each card of :data:`CARDS`, or a clear error for a shoe known only by point values."""
        if self.cards is None:
            raise ValueError("this shoe is known only by point values; the pair bets need each card's rank and suit: "
                             "make the shoe with Shoe.of_decks or Shoe.from_cards")
        return self.cards

    @classmethod
    def from_values(cls, counts: Mapping[int, int]) -> Shoe:
        """A shoe from counts by point value; values left out have no cards.

        >>> Shoe.from_values({0: 3, 9: 3}).counts
        (3, 0, 0, 0, 0, 0, 0, 0, 0, 3)
        >>> Shoe.from_values({10: 4})
        Traceback (most recent call last):
        ...
        ValueError: unknown point value 10; point values are the whole numbers 0 to 9 (tens and pictures count 0)
        """
        for value in counts:
            check_point_value(value)
        return cls(tuple(counts.get(v, 0) for v in POINT_VALUES))

    @classmethod
    def from_ranks(cls, counts: Mapping[str, int]) -> Shoe:
        """A shoe from counts by rank ("A", "2", ... "10", "J", "Q", "K"); ranks left out have no cards.

        >>> Shoe.from_ranks({"A": 4, "K": 4, "Q": 4}).counts
        (8, 4, 0, 0, 0, 0, 0, 0, 0, 0)
        """
        by_value = [0] * len(POINT_VALUES)
        for rank, n in counts.items():
            value = point_value(rank)
            if not is_whole(n):
                raise TypeError(f"the count of rank {rank} is {n!r}; counts of cards must be whole numbers (int)")
            if n < 0:
                raise ValueError(f"the shoe has {n} cards of rank {rank}; a count cannot be negative")
            by_value[value] += n
        return cls(tuple(by_value))

    @property
    def size(self) -> int:
        """How many cards the shoe holds.

        >>> Shoe.of_decks(6).size
        312
        """
        return sum(self.counts)

    def __getitem__(self, value: int) -> int:
        return self.counts[check_point_value(value)]

    def without(self, value: int, n: int = 1) -> Shoe:
        """The shoe after ``n`` cards of point value ``value`` are taken out.

        >>> Shoe.of_decks(1).without(0, 16).counts
        (0, 4, 4, 4, 4, 4, 4, 4, 4, 4)
        >>> Shoe.of_decks(1).without(5, 5)
        Traceback (most recent call last):
        ...
        ValueError: cannot take 5 cards of point value 5 out of a shoe that has 4 of them
        """
        check_point_value(value)
        if not is_whole(n) or n < 0:
            raise ValueError(f"the number of cards to take out must be a whole number from 0 up, not {n!r}")
        if n > self.counts[value]:
            raise ValueError(
                f"cannot take {n} cards of point value {value} out of a shoe that has {self.counts[value]} of them"
            )
        return Shoe(tuple(c - n if v == value else c for v, c in enumerate(self.counts)))

    def removing(self, removed: Mapping[int, int]) -> Shoe:
        """The shoe after the cards in ``removed`` (point value -> how many) are taken out.

        >>> Shoe.of_decks(1).removing({1: 4, 9: 2}).counts
        (16, 0, 4, 4, 4, 4, 4, 4, 4, 2)
        """
        shoe = self
        for value, n in removed.items():
            shoe = shoe.without(value, n)
        return shoe


def check_shoe(shoe: object) -> Shoe:
    """``shoe`` if it is a :class:`Shoe`, else an error saying how to make one.

    >>> check_shoe(Shoe.of_decks(1)).size
    52
    >>> check_shoe(8)
    Traceback (most recent call last):
    ...
    TypeError: a shoe must be a Shoe, e.g. Shoe.of_decks(8) or Shoe.from_values({0: 16, 1: 4}), not 8
    """
    if not isinstance(shoe, Shoe):
        raise TypeError(f"a shoe must be a Shoe, e.g. Shoe.of_decks(8) or Shoe.from_values({{0: 16, 1: 4}}), not {shoe!r}")
    return shoe
