"""The Clopper-Pearson interval for a chance: every chance that two one-sided exact binomial tests do not reject.

For k hits in n trials and a level alpha, the interval's lower end is the chance theta at which a trial series
with chance theta gives at least k hits with probability exactly alpha/2, and its upper end the chance at which it
gives at most k hits with probability alpha/2 (0 when k = 0, 1 when k = n).  Each end is a root of a polynomial in
theta with no rational root in general, so it is found by bisection: the tails are exact fractions
(:func:`~casino_math.tails.binomial_tail`), P(X >= k) grows with theta and P(X <= k) falls, and each step halves a
bracket of dyadic fractions that holds the root, until the bracket is no wider than the precision asked.  What is
returned is the bracket, so the interval is known exactly to lie within it.

>>> interval = clopper_pearson(1, 2, precision=Fraction(1, 2**10))
>>> interval.lower, interval.upper          # one hit in two: the ends are 1 - sqrt(39/40) and sqrt(39/40)
((Fraction(3, 256), Fraction(13, 1024)), (Fraction(1011, 1024), Fraction(253, 256)))
>>> (1 - interval.lower[1]) ** 2 <= Fraction(39, 40) <= (1 - interval.lower[0]) ** 2
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .exact import Number, exact, whole
from .tails import binomial_at_most, binomial_tail

#: The level of the interval unless another is given: 5%, for a 95% interval.
LEVEL = Fraction(1, 20)
#: The width of the bracket each end is found within, unless another is given.
PRECISION = Fraction(1, 10**10)

Bracket = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class ClopperPearson:
    """A Clopper-Pearson interval: each end as a bracket (below, above) of exact fractions that holds it."""

    hits: int
    trials: int
    level: Fraction
    lower: Bracket  #: the lower end lies in this closed bracket
    upper: Bracket  #: the upper end lies in this closed bracket

    def holds(self, chance: Number) -> bool:
        """Whether ``chance`` is surely inside the interval: at or above the lower bracket and at or below the upper.

        >>> clopper_pearson(116, 3800).holds(Fraction(1, 38)), clopper_pearson(116, 3800).holds(Fraction(1, 40))
        (True, False)
        """
        q = exact(chance, "the chance")
        if self.lower[0] < q < self.lower[1] or self.upper[0] < q < self.upper[1]:
            raise ValueError(f"{q} lies within an end's bracket; ask for a finer precision to decide")
        return self.lower[1] <= q <= self.upper[0]


def clopper_pearson(hits: int, trials: int, level: Number = LEVEL, precision: Number = PRECISION) -> ClopperPearson:
    """The Clopper-Pearson interval at confidence 1 - ``level`` for ``hits`` hits in ``trials`` trials, each end
    bracketed within ``precision``.

    >>> interval = clopper_pearson(0, 10, precision=Fraction(1, 2**20))
    >>> interval.lower, round(float(interval.upper[0]), 4)     # no hits: from 0 up to 1 - 0.025^(1/10)
    ((Fraction(0, 1), Fraction(0, 1)), 0.3085)
    >>> clopper_pearson(3, 2)
    Traceback (most recent call last):
    ...
    ValueError: 3 hits in 2 trials: the hits must be a whole number from 0 to the trials
    """
    trials = whole(trials, "the trials", least=1)
    if not 0 <= whole(hits, "the hits") <= trials:
        raise ValueError(f"{hits} hits in {trials} trials: the hits must be a whole number from 0 to the trials")
    alpha, width = exact(level, "the level"), exact(precision, "the precision")
    if not 0 < alpha < 1:
        raise ValueError(f"the level {alpha} must lie strictly between 0 and 1 (0.05 gives a 95% interval)")
    if not 0 < width < 1:
        raise ValueError(f"the precision {width} must lie strictly between 0 and 1")
    half = alpha / 2
    lower = (Fraction(0), Fraction(0)) if hits == 0 else \
        bisect(lambda theta: binomial_tail(trials, theta, hits) >= half, width)
    upper = (Fraction(1), Fraction(1)) if hits == trials else \
        bisect(lambda theta: binomial_at_most(trials, theta, hits) <= half, width)
    return ClopperPearson(hits, trials, alpha, lower, upper)


def bisect(reached: Callable[[Fraction], bool], precision: Fraction) -> Bracket:
    """The bracket (below, above) of width at most ``precision`` around the point where ``reached`` turns true, for
    a ``reached`` false at 0 and true at 1 that, once true, stays true as its argument grows.

    >>> bisect(lambda x: x * x >= Fraction(1, 2), Fraction(1, 8))        # sqrt(1/2) = 0.7071 lies in [5/8, 3/4]
    (Fraction(5, 8), Fraction(3, 4))
    """
    below, above = Fraction(0), Fraction(1)
    while above - below > precision:
        middle = (below + above) / 2
        if reached(middle):
            above = middle
        else:
            below = middle
    return below, above
