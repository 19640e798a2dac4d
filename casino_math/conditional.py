"""Conditional expectation: E[X | Y] as a quantity of its own, the tower property and the law of total variance.

A pair (Y, X) of quantities is given by their joint law, a distribution over pairs ``(y, x)``.  Given Y = y, X has
its conditional law, and E[X | Y = y] is that law's mean.  Read as a function of Y, ``E[X | Y]`` is itself a random
quantity: it takes the value E[X | Y = y] with the chance P(Y = y).

>>> from casino_math.dice import two_dice
>>> joint = two_dice().map(lambda roll: (roll[0], roll[0] + roll[1]))      # (first die, total)
>>> conditional_expectation(joint)[1]                                     # 1 + 7/2
Fraction(9, 2)
>>> given_law(joint).E() == joint.E(lambda pair: pair[1])                 # the tower property
True
>>> sum(variance_parts(joint)) == joint.variance(lambda pair: pair[1])    # the law of total variance
True
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import TypeVar

from .distribution import Distribution

Y = TypeVar("Y", bound=Hashable)
X = TypeVar("X", bound=Fraction | int)


def marginal(joint: Distribution[tuple[Y, X]]) -> Distribution[Y]:
    """The law of Y alone."""
    return joint.map(lambda pair: pair[0])


def conditional_law(joint: Distribution[tuple[Y, X]], y: Y) -> Distribution[X]:
    """The law of X given Y = y: the joint law's pairs with that y, rescaled to add up to 1.

    >>> from casino_math.dice import two_dice
    >>> conditional_law(two_dice().map(lambda r: (r[0], r[0] + r[1])), 6)[12]
    Fraction(1, 6)
    """
    if y not in marginal(joint):
        raise ValueError(f"Y never takes the value {y!r}, so nothing is known given it")
    return joint.given(lambda pair: pair[0] == y).map(lambda pair: pair[1])


def conditional_expectation(joint: Distribution[tuple[Y, X]]) -> dict[Y, Fraction]:
    """E[X | Y = y] for every value y of Y."""
    return {y: conditional_law(joint, y).E() for y in marginal(joint)}


def conditional_variance(joint: Distribution[tuple[Y, X]]) -> dict[Y, Fraction]:
    """Var(X | Y = y) for every value y of Y."""
    return {y: conditional_law(joint, y).variance() for y in marginal(joint)}


def given_law(joint: Distribution[tuple[Y, X]]) -> Distribution[Fraction]:
    """The law of the random quantity E[X | Y]: the value E[X | Y = y] with the chance P(Y = y)."""
    means = conditional_expectation(joint)
    return marginal(joint).map(lambda y: means[y])


def variance_parts(joint: Distribution[tuple[Y, X]]) -> tuple[Fraction, Fraction]:
    """The two parts of Var(X) by the law of total variance: E[Var(X | Y)] (the spread left once Y is known) and
    Var(E[X | Y]) (the spread that Y explains).

    >>> from casino_math.dice import two_dice
    >>> variance_parts(two_dice().map(lambda r: (r[0], r[0] + r[1])))    # the second die's, the first die's
    (Fraction(35, 12), Fraction(35, 12))
    """
    spread = conditional_variance(joint)
    return marginal(joint).E(lambda y: spread[y]), given_law(joint).variance()
