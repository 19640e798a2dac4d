"""How many of a ticket's spots the draw catches: the hypergeometric law, from whole-number counts.

A keno draw is ``drawn`` different numbers of ``numbers`` (20 of 80), every set
of them equally likely.  A ticket marks ``spots`` numbers.  The draw catches
exactly ``c`` of them in C(spots, c) C(numbers - spots, drawn - c) of the
C(numbers, drawn) equally likely draws: ``c`` of the marked numbers with
``drawn - c`` of the others.

>>> law = catch_law(1)
>>> law[1], law[0]
(Fraction(1, 4), Fraction(3, 4))
>>> catch_law(10)[10] == Fraction(comb(20, 10), comb(80, 10)) == Fraction(17, 151499090)
True
>>> mean_catch(10)
Fraction(5, 2)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from casino_math.distribution import Distribution

__all__ = ["DRAWN", "NUMBERS", "catch_law", "catch_ways", "mean_catch"]

#: The numbers on a keno ticket, 1 to 80.
NUMBERS = 80
#: The numbers each game draws.
DRAWN = 20


def _whole(value: object, what: str, least: int, most: int) -> int:
    """``value`` if it is a whole number from ``least`` to ``most``, else a one-line error naming ``what``."""
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise ValueError(f"{what} must be a whole number from {least} to {most}, not {value!r}")
    return value


def catch_ways(spots: int, numbers: int = NUMBERS, drawn: int = DRAWN) -> dict[int, int]:
    """Each catch -> the number of draws (sets of ``drawn`` of the ``numbers``) that catch it on a ``spots`` ticket.

    The ways add up to C(numbers, drawn), every draw counted once.

    >>> catch_ways(2, numbers=10, drawn=4)
    {0: 70, 1: 112, 2: 28}
    >>> sum(catch_ways(2, numbers=10, drawn=4).values()) == comb(10, 4)
    True
    >>> catch_ways(11, numbers=10, drawn=4)
    Traceback (most recent call last):
    ...
    ValueError: the spots marked must be a whole number from 0 to 10, not 11
    """
    numbers = _whole(numbers, "the numbers on the ticket", 1, 10**6)
    drawn = _whole(drawn, "the numbers drawn", 0, numbers)
    spots = _whole(spots, "the spots marked", 0, numbers)
    return {c: comb(spots, c) * comb(numbers - spots, drawn - c)
            for c in range(max(0, drawn - (numbers - spots)), min(spots, drawn) + 1)}


def catch_law(spots: int, numbers: int = NUMBERS, drawn: int = DRAWN) -> Distribution[int]:
    """The chance of each catch on a ticket of ``spots`` numbers, when ``drawn`` of ``numbers`` are drawn."""
    return Distribution.from_counts(catch_ways(spots, numbers, drawn))


def mean_catch(spots: int, numbers: int = NUMBERS, drawn: int = DRAWN) -> Fraction:
    """The expected catch, worked out from the law: it is ``spots * drawn / numbers`` (each spot is drawn with
    chance drawn/numbers, and expectation adds).

    >>> mean_catch(4, numbers=10, drawn=4) == Fraction(4 * 4, 10)
    True
    """
    law = catch_law(spots, numbers, drawn)
    return sum((c * p for c, p in law.items()), Fraction(0))
