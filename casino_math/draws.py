"""Cards drawn from a shoe without replacement: the laws of the first cards, the hypergeometric count, and how
much two draws and a sum of draws spread.

A card dealt from a baccarat shoe does not go back until the shoe is shuffled, so the draws are not independent.
In a well-shuffled shoe every order of the cards is equally likely; from that alone, every card dealt has the law
of the first, any two the law of the first two (exchangeability), the number of cards of one kind among the
first ``n`` is hypergeometric, two draws are slightly negatively correlated, and a sum of ``n`` draws spreads less
than ``n`` independent ones by the factor (N - n) / (N - 1).

>>> from casino_math.baccarat import Shoe
>>> shoe = Shoe.of_decks(8)                        # 128 ten-value cards (point value 0) among 416
>>> first_cards(shoe, 2)[0, 0] == Fraction(128 * 127, 416 * 415)
True
>>> draw_covariance(128, 416)                      # two draws, "is it a ten-value card?"
Fraction(-36, 70135)
>>> finite_population_correction(416, 6)
Fraction(82, 83)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Protocol

from .distribution import Distribution, Number, exact, is_whole, whole

__all__ = ["Cards", "draw_covariance", "finite_population_correction", "first_cards", "hypergeometric",
           "variance_of_sum"]


class Cards(Protocol):
    """Cards counted by kind, as a baccarat :class:`~casino_math.baccarat.Shoe` counts them by point value: ``counts[k]``
    cards of kind ``k`` (any game's shoe or deck will do; this module knows none)."""

    @property
    def counts(self) -> tuple[int, ...]: ...


def counted(shoe: object) -> tuple[int, ...]:
    """The counts of ``shoe``'s cards by kind, or a one-line error saying what cards are.

    >>> counted(8)
    Traceback (most recent call last):
    ...
    TypeError: the cards must be counted by kind, as a shoe is (e.g. Shoe.of_decks(8) of casino_math.baccarat), not 8
    """
    counts = getattr(shoe, "counts", None)
    if not isinstance(counts, tuple) or not all(is_whole(n) and n >= 0 for n in counts):
        raise TypeError("the cards must be counted by kind, as a shoe is (e.g. Shoe.of_decks(8) of casino_math.baccarat), "
                        f"not {shoe!r}")
    return counts


def _count_from(value: object, what: str, least: int, most: int, why: str) -> int:
    """``value`` if it is a whole number from ``least`` to ``most``, else a one-line error that says why."""
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise ValueError(f"{what} must be a whole number from {least} to {most} ({why}), not {value!r}")
    return value


def first_cards(shoe: Cards, n: int) -> Distribution[tuple[int, ...]]:
    """The kinds (point values) of the first ``n`` cards dealt from a well-shuffled shoe, in order, with their chances.

    Each sequence counts the ordered ways to pick its cards: as many as the shoe holds of the first card's value,
    then of the second's with one fewer if it is the same value, and so on.  There are up to 10**n sequences, so
    ``n`` is a few cards.

    >>> from casino_math.baccarat import Shoe
    >>> two = first_cards(Shoe.from_values({0: 2, 9: 1}), 2)
    >>> two[0, 0], two[0, 9], two[9, 0], two[9, 9]
    (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3), Fraction(0, 1))
    >>> first_cards(Shoe.from_values({0: 2}), 3)
    Traceback (most recent call last):
    ...
    ValueError: the cards dealt must be a whole number from 0 to 2 (the cards in the shoe), not 3
    """
    counts = counted(shoe)
    n = _count_from(n, "the cards dealt", 0, sum(counts), "the cards in the shoe")
    ways: dict[tuple[int, ...], int] = {(): 1}
    for _ in range(n):
        ways = {(*cards, v): w * (counts[v] - cards.count(v))
                for cards, w in ways.items() for v, left in enumerate(counts) if left > cards.count(v)}
    return Distribution.from_counts(ways)


def hypergeometric(kind: int, population: int, drawn: int) -> Distribution[int]:
    """How many cards of a kind are among ``drawn`` cards dealt from ``population``, ``kind`` of them of that kind.

    k of them are of the kind in C(kind, k) C(population - kind, drawn - k) of the C(population, drawn) equally
    likely sets of cards.

    >>> hypergeometric(2, 3, 2)                     # two cards of three, two of the kind: one or two of them
    Distribution({1: 2/3, 2: 1/3})
    >>> hypergeometric(4, 52, 5)[4] == Fraction(48, comb(52, 5))     # four aces in five cards
    True
    >>> hypergeometric(53, 52, 5)
    Traceback (most recent call last):
    ...
    ValueError: the cards of the kind must be a whole number from 0 to 52 (the cards in all), not 53
    """
    population = whole(population, "the number of cards", 0)
    kind = _count_from(kind, "the cards of the kind", 0, population, "the cards in all")
    drawn = _count_from(drawn, "the cards drawn", 0, population, "the cards in all")
    return Distribution.from_counts({k: comb(kind, k) * comb(population - kind, drawn - k)
                                     for k in range(max(0, drawn - (population - kind)), min(kind, drawn) + 1)})


def draw_covariance(kind: int, population: int) -> Fraction:
    """The covariance of "the i-th card is of the kind" and "the j-th card is", for two different draws i and j.

    It is -p(1 - p)/(N - 1), where p = kind/N is the share of the kind among the N cards: negative, because a card
    of the kind dealt is one fewer left for the other draw.

    >>> p = Fraction(4, 52)
    >>> draw_covariance(4, 52) == Fraction(4 * 3, 52 * 51) - p * p == -p * (1 - p) / 51
    True
    >>> draw_covariance(1, 1)
    Traceback (most recent call last):
    ...
    ValueError: two draws need at least 2 cards, not 1
    """
    population = whole(population, "the number of cards", 0)
    if population < 2:
        raise ValueError(f"two draws need at least 2 cards, not {population}")
    kind = _count_from(kind, "the cards of the kind", 0, population, "the cards in all")
    p = Fraction(kind, population)
    return -p * (1 - p) / (population - 1)


def finite_population_correction(population: int, drawn: int) -> Fraction:
    """(N - n)/(N - 1): the variance of a sum of ``drawn`` cards dealt from ``population``, against independent draws.

    >>> finite_population_correction(52, 1), finite_population_correction(52, 52)
    (Fraction(1, 1), Fraction(0, 1))
    >>> finite_population_correction(52, 53)
    Traceback (most recent call last):
    ...
    ValueError: the cards drawn must be a whole number from 0 to 52 (the cards in all), not 53
    """
    population = whole(population, "the number of cards", 0)
    if population < 2:
        raise ValueError(f"the correction needs at least 2 cards, not {population}")
    drawn = _count_from(drawn, "the cards drawn", 0, population, "the cards in all")
    return Fraction(population - drawn, population - 1)


def variance_of_sum(shoe: Cards, drawn: int, value: Callable[[int], Number]) -> Fraction:
    """The variance of the total of ``value`` over the first ``drawn`` cards of a well-shuffled shoe.

    ``value`` gives each point value a number; with sigma**2 its variance over the shoe's cards, the total of n
    cards has variance n sigma**2 (N - n)/(N - 1).

    >>> from casino_math.baccarat import Shoe
    >>> shoe = Shoe.from_values({0: 2, 9: 1})       # total of two of the cards 0, 0, 9: 0 or 9, as likely as 1 to 2
    >>> variance_of_sum(shoe, 2, lambda v: v) == Distribution({0: Fraction(1, 3), 9: Fraction(2, 3)}).variance()
    True
    """
    counts = counted(shoe)
    one_card = Distribution.from_counts({v: n for v, n in enumerate(counts) if n}).map(
        lambda v: exact(value(v), "a card's value"))
    return drawn * one_card.variance() * finite_population_correction(sum(counts), drawn)
