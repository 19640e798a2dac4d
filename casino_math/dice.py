"""Dice and coins: the first sample spaces of the book.

Two dice are 36 *ordered* rolls (first die, second die), all equally likely;
a total of 7 can happen six ways, a total of 2 only one.

>>> two_dice().map(total)[7]
Fraction(1, 6)
>>> len(two_dice())
36
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from .bets import Bet, simple_bet
from .distribution import Distribution

FACES = range(1, 7)


def coin() -> Distribution:
    """A fair coin: heads or tails.

    >>> coin()["H"]
    Fraction(1, 2)
    """
    return Distribution.uniform("HT")


def die() -> Distribution:
    """One fair six-sided die.

    >>> die()[3]
    Fraction(1, 6)
    """
    return Distribution.uniform(FACES)


def two_dice() -> Distribution:
    """Two fair dice as 36 ordered pairs (first die, second die).

    >>> two_dice()[(1, 2)], two_dice()[(2, 1)]
    (Fraction(1, 36), Fraction(1, 36))
    """
    return Distribution.uniform(product(FACES, FACES))


def total(roll: tuple[int, int]) -> int:
    """The total of a roll of two dice.

    >>> total((3, 4))
    7
    """
    return sum(roll)


def one_face_bet(payout: Fraction | int, face: int = 6) -> Bet:
    """A bet on one face of a die that pays ``payout`` to 1 and loses otherwise.

    >>> from casino_math.bets import house_edge
    >>> house_edge(one_face_bet(4)), house_edge(one_face_bet(5))
    (Fraction(1, 6), Fraction(0, 1))
    """
    if face not in FACES:
        raise ValueError(f"a die has faces 1 to 6, not {face!r}")
    return simple_bet(f"the {face}", die(), lambda f: f == face, Fraction(payout))
