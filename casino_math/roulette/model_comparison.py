"""Is 17 biased, or fair?  Two models of one pocket compared by the chance each gave the log, and what a test's
nominal level and power mean where decisions are made.

A Beta posterior answers "how large is 17's chance?" under a prior that gives no weight to the fair chance itself.
Model comparison asks first whether 17 is fair at all.  "17 fair" says its chance is exactly 1/N; "17 biased" says
its chance has the Beta(a, b) prior.  The chance of k hits in n spins (in one order) is 1/N^k (1 - 1/N)^(n - k) under
the first and B(a + k, b + n - k) / B(a, b) under the second, and their ratio, the Bayes factor, is what the log
multiplies the prior odds of "biased" by.  For whole a and b every term is a ratio of factorials, so it is exact.

>>> bayes_factor_biased(0, 0)                                 # no spins: no evidence either way
Fraction(1, 1)
>>> bayes_factor_biased(1, 1)                                 # a hit: both models expected it with chance 1/38
Fraction(1, 1)
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial

from ..distribution import Number, exact, whole
from ..tails import chi_square_tail
from .fairness import LONGEST_EXACT, BetaLaw, break_even, fair_chance, partitions, prior, sequences_with_counts
from .rules import OXFORD, RouletteRules


def beta_function(a: int, b: int) -> Fraction:
    """B(a, b) = (a - 1)! (b - 1)! / (a + b - 1)! for whole a, b >= 1.

    >>> beta_function(1, 37)
    Fraction(1, 37)
    """
    return Fraction(factorial(a - 1) * factorial(b - 1), factorial(a + b - 1))


def bayes_factor_biased(hits: int, spins: int, start: BetaLaw | None = None, rules: RouletteRules = OXFORD) -> Fraction:
    """The Bayes factor for "the pocket is biased, its chance drawn from ``start``" against "the pocket is fair":
    the chance of the log under the first over its chance under the second.  Above 1 favours bias, below 1 fairness.

    >>> bayes_factor_biased(3, 38) > 1 > bayes_factor_biased(1, 38)   # three hits in 38 spins point to bias, one not
    True
    """
    law = (start or prior(rules)).after(hits, spins)         # checks the hits and spins
    before = start or prior(rules)
    fair = fair_chance(rules)
    return (beta_function(law.a, law.b) / beta_function(before.a, before.b)) / (fair**hits * (1 - fair) ** (spins - hits))


def p_biased(hits: int, spins: int, fair_weight: Number = Fraction(1, 2), start: BetaLaw | None = None,
             rules: RouletteRules = OXFORD) -> Fraction:
    """The posterior chance of "biased" when the prior puts ``fair_weight`` on an exactly fair pocket.

    >>> p_biased(0, 0)
    Fraction(1, 2)
    """
    w = exact(fair_weight, "the prior weight on a fair pocket")
    if not 0 < w < 1:
        raise ValueError(f"the prior weight on a fair pocket is {w}: it must lie strictly between 0 and 1")
    odds = (1 - w) / w * bayes_factor_biased(hits, spins, start, rules)
    return odds / (1 + odds)


def p_beats_break_even_mixed(hits: int, spins: int, fair_weight: Number = Fraction(1, 2),
                             start: BetaLaw | None = None, rules: RouletteRules = OXFORD) -> Fraction:
    """P(chance > break-even) after the log, under the prior that puts ``fair_weight`` on an exactly fair pocket and
    the rest on ``start``: a fair pocket never beats break-even, so it is P(biased) times the Beta posterior's tail.

    >>> p_beats_break_even_mixed(0, 0) == Fraction(35, 36) ** 37 / 2
    True
    """
    law = (start or prior(rules)).after(hits, spins)
    return p_biased(hits, spins, fair_weight, start, rules) * law.p_above(break_even(rules))


def exact_size(spins: int, level: Number, rules: RouletteRules = OXFORD) -> Fraction:
    """The exact size of the chi-square test at nominal ``level`` on a fair wheel: the chance that a fair log of
    ``spins`` spins has a chi-square tail at most ``level``, summed over the partitions of the spins (as
    :func:`~casino_math.roulette.fairness.exact_p_value` does; the same limit on the spins applies).

    >>> exact_size(2, Fraction(1, 20))            # only a repeat (X^2 = 74, tail below 5%) rejects: the size is 1/38
    Fraction(1, 38)
    """
    n, size = whole(spins, "the spins", least=1), len(rules.wheel)
    alpha = exact(level, "the level")
    if n > LONGEST_EXACT:
        raise ValueError(f"{n} spins are too many to count every way they could fall (at most {LONGEST_EXACT})")
    rejected = 0
    tail_of: dict[int, bool] = {}
    for parts in partitions(n, n, size):
        squares = sum(p * p for p in parts)
        if squares not in tail_of:
            statistic = Fraction(size * squares, n) - n
            tail_of[squares] = Fraction(chi_square_tail(statistic, size - 1)) <= alpha
        if tail_of[squares]:
            rejected += sequences_with_counts(parts, size, n)
    return Fraction(rejected, size**n)


def critical_squares(spins: int, level: Number, rules: RouletteRules = OXFORD) -> int:
    """The least sum of squared counts S at which the chi-square test of ``spins`` spins rejects at ``level``: its
    statistic N S / n - n has a chi-square tail at most the level from there on (the tail falls as S grows).

    >>> critical_squares(38, Fraction(1, 20))                     # X^2 = S - 38 must reach about 52.19
    91
    """
    n, size = whole(spins, "the spins", least=1), len(rules.wheel)
    alpha = exact(level, "the level")
    if not 0 < alpha < 1:
        raise ValueError(f"the level is {alpha}: it must lie strictly between 0 and 1")

    def rejects(squares: int) -> bool:
        return Fraction(chi_square_tail(Fraction(size * squares, n) - n, size - 1)) <= alpha

    low, high = -(-n * n // size), n * n              # a fair split's S, never rejected; all spins on one pocket
    if not rejects(high):
        raise ValueError(f"no log of {n} spins is rejected at level {alpha}")
    while low + 1 < high:                             # rejects(high) holds, rejects(low) does not
        middle = (low + high) // 2
        low, high = (low, middle) if rejects(middle) else (middle, high)
    return high
