"""The hottest pocket: the chance that on a fair wheel *some* pocket is hit at least as often as the hottest one was.

A pocket picked out *because* it came up most is not a pocket named in advance, and its own binomial tail (the
chance that one named pocket is hit so often) understates how surprising it is.  The question a log answers is
whether any of the N pockets would be so hot on a fair wheel: P(max count >= m).

That chance is a finite sum.  The counts of n fair spins on N pockets are multinomial, so

    P(every count < m) = n! / N^n  x  [x^n] (1 + x + x^2/2! + ... + x^(m-1)/(m-1)!)^N,

the coefficient of x^n in the N-th power of the exponential series cut after m terms.  Scaled by (m - 1)!, the cut
series has whole coefficients (m-1)!/k!, and its power is worked out in whole numbers, each product truncated at
degree n.  Where that sum would take too long (more than :data:`MOST_SPINS_EXACT` spins), the chance is bounded on
both sides instead, with t the tail of one named pocket: Šidák's bound 1 - (1 - t)^N below (the counts of a
multinomial law are negatively associated, so all of them stay below m no more often than if they were independent)
and Bonferroni's N t above (the chance of a union is at most the sum of the chances).

>>> p_hottest_at_least(2, 2)                     # two spins: the second matches the first
Fraction(1, 38)
>>> from math import perm
>>> p_hottest_at_least(10, 2) == 1 - Fraction(perm(38, 10), 38**10)     # a repeat in ten spins: the birthday problem
True

The same sum is the familywise error rate of a rule that tests every pocket by its own exact tail: the tail falls as
the hits grow, so Bonferroni's or Šidák's rule calls a pocket hot exactly when it reaches the fewest hits the rule
accepts (:func:`bonferroni_hits`, :func:`sidak_hits`), and a fair wheel makes the rule call some pocket hot with
chance ``p_hottest_at_least(spins, those hits)``.
"""

from __future__ import annotations

from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, Context, Decimal, Inexact, Rounded, localcontext
from fractions import Fraction
from math import factorial, lgamma, log

from ..exact import Number, digit_count, exact, whole, whole_text
from ..multiple import sidak_line, sidak_rejects
from ..tails import binomial_tail, critical_hits

#: The longest log whose hottest pocket's chance is summed exactly (3,800 spins take about 2 s here, and the time
#: grows about as the square of the spins); a longer log gets Šidák's and Bonferroni's bounds.
MOST_SPINS_EXACT = 4000
#: The most digits the sum's products may pack: each of the spins + 1 coefficients of f^(N/2) takes the digits of
#: f(1)^(N/2), f(1) = sum of (m-1)!/k!, about N/2 log10((m-1)! e).  The chapter's 3,800 spins with 127 hits on the
#: hottest pocket pack about 15 million, 175 hits 23 million; a hotter pocket packs more, and gets the bounds instead.
MOST_PACKED_DIGITS = 30_000_000

#: Whole-number arithmetic in ``Decimal``: no digit limit, and any rounding at all is an error, so every result is exact.
WHOLE = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN, traps=[Inexact, Rounded])


def truncated_exponential(m: int, most: int) -> list[int]:
    """The series 1 + x + x^2/2! + ... + x^(m-1)/(m-1)!, times (m - 1)! so that its coefficients are whole, up to
    degree ``most``: the coefficient of x^k is (m-1)!/k!.

    >>> truncated_exponential(4, 10)                 # 3! (1 + x + x^2/2 + x^3/6)
    [6, 6, 3, 1]
    """
    return [factorial(m - 1) // factorial(k) for k in range(min(m, most + 1))]


def _packed(coefficients: list[str], width: int) -> Decimal:
    """A polynomial with whole coefficients below 10^width as one number: the sum of c_k 10^(width k).

    >>> _packed(["3", "12"], 3)                      # 3 + 12 x at x = 1000
    Decimal('12003')
    """
    return Decimal("".join(c.zfill(width) for c in reversed(coefficients)))


def times(a: list[str], b: list[str], most: int, width: int) -> list[str]:
    """The product of two polynomials with whole coefficients (written as digits), up to degree ``most``.

    Kronecker's substitution: at x = 10^width, a polynomial whose coefficients are below 10^width is a number whose
    digits, ``width`` at a time, are its coefficients; so the product's digits are the product's coefficients, as
    long as each is below 10^width.  The numbers are ``Decimal`` because its multiplication of numbers of millions of
    digits is fast (a number-theoretic transform) and :data:`WHOLE` makes it exact.

    >>> times(["1", "1"], ["1", "1"], 5, 2)          # (1 + x)^2
    ['01', '02', '01']
    """
    with localcontext(WHOLE):
        digits = str(_packed(a, width) * _packed(b, width))
    terms = min(len(a) + len(b) - 1, most + 1)
    digits = digits.zfill(terms * width)
    end = len(digits)
    return [digits[end - (k + 1) * width:end - k * width] for k in range(terms)]


def power(f: list[int], exponent: int, most: int) -> list[str]:
    """f^exponent up to degree ``most``, for f with whole coefficients from 0 up, by repeated squaring.

    Every coefficient of a product is at most the product's value at x = 1, so f(1)^j bounds the coefficients of
    f^j, and its digits are the width each product is packed at.

    >>> [int(c) for c in power([1, 1], 3, 10)], [int(c) for c in power([1, 1], 3, 1)]     # (1 + x)^3, cut at x^1
    ([1, 3, 3, 1], [1, 3])
    """
    result, square = ["1"], [whole_text(c) for c in f]
    result_at_1, square_at_1 = 1, sum(f)
    while True:
        if exponent & 1:
            result_at_1 *= square_at_1
            result = times(result, square, most, digit_count(result_at_1))
        exponent >>= 1
        if not exponent:
            return result
        square_at_1 *= square_at_1
        square = times(square, square, most, digit_count(square_at_1))


def sequences_all_below(spins: int, m: int, pockets: int) -> int:
    """The sequences of ``spins`` spins on ``pockets`` pockets in which every pocket comes up fewer than m times,
    times ((m-1)!)^pockets / spins!: the coefficient of x^spins in the ``pockets``-th power of the scaled cut series.

    The power is split in two halves, and of their product only the one coefficient asked for is summed.

    >>> sequences_all_below(2, 2, 3)     # (1 + x)^3 has 3 x^2; times 2!, the 6 ordered pairs of different pockets
    3
    """
    if (m - 1) * pockets < spins:
        return 0                                     # the pockets cannot hold the spins
    f = truncated_exponential(m, spins)
    half, other = power(f, (pockets + 1) // 2, spins), power(f, pockets // 2, spins)
    with localcontext(WHOLE):
        total = sum((Decimal(half[k]) * Decimal(other[spins - k])
                     for k in range(spins + 1) if k < len(half) and spins - k < len(other)), Decimal(0))
    return int(total)


def summable(spins: int, hits: int, pockets: int = 38) -> bool:
    """Whether the exact sum is short enough to work out here: at most :data:`MOST_SPINS_EXACT` spins, packing at
    most :data:`MOST_PACKED_DIGITS` digits (estimated in floating point, only to decide), or a pocket so hot that
    no two pockets can both be (then the chance is N times one pocket's tail).

    >>> summable(3800, 127), summable(4000, 1500), summable(4000, 2001), summable(4001, 127)
    (True, False, True, False)
    """
    if spins > MOST_SPINS_EXACT:
        return False
    packed = (spins + 1) * ((pockets + 1) // 2) * ((lgamma(max(hits, 1)) + 1) / log(10) + 1)
    return 2 * hits > spins or packed <= MOST_PACKED_DIGITS


def p_hottest_at_least(spins: int, hits: int, pockets: int = 38) -> Fraction:
    """The chance that on a fair wheel of ``pockets`` pockets some pocket is hit at least ``hits`` times in ``spins``
    spins: 1 - spins!/(pockets^spins ((hits-1)!)^pockets) x [x^spins] (sum of (hits-1)!/k! x^k, k < hits)^pockets.

    >>> p_hottest_at_least(3, 3, 2), p_hottest_at_least(3, 2, 2)     # a coin thrice: all alike; a repeat, surely
    (Fraction(1, 4), Fraction(1, 1))
    """
    spins, pockets = whole(spins, "the spins", least=0), whole(pockets, "the pockets", least=1)
    hits = whole(hits, "the hits")
    if hits <= 0:
        return Fraction(1)
    if hits > spins:
        return Fraction(0)
    if 2 * hits > spins:                             # at most one pocket can be hit so often: the events are disjoint
        return pockets * binomial_tail(spins, Fraction(1, pockets), hits)
    below = factorial(spins) * sequences_all_below(spins, hits, pockets)
    return 1 - Fraction(below, factorial(hits - 1) ** pockets * pockets**spins)


#: How the chance was found, as the report says it.
EXACT = "exact: the multinomial sum"
BOUNDS = "bounds: Šidák's 1 - (1 - t)^N below, Bonferroni's N t above, t one named pocket's tail"


def bonferroni_hits(spins: int, level: Number, pockets: int = 38) -> int:
    """The fewest hits in ``spins`` spins that Bonferroni's rule at ``level`` calls hot, each of the ``pockets``
    pockets tested by its exact upper tail at the fair chance: the fewest whose tail is at most level / pockets.

    >>> bonferroni_hits(3800, Fraction(1, 20)), bonferroni_hits(594, Fraction(1, 20))
    (132, 30)
    """
    pockets = whole(pockets, "the pockets", least=1)
    return critical_hits(spins, Fraction(1, pockets), exact(level, "the level") / pockets)


def sidak_hits(spins: int, level: Number, pockets: int = 38) -> int:
    """The fewest hits in ``spins`` spins that Šidák's rule at ``level`` calls hot, each of the ``pockets`` pockets
    tested by its exact upper tail t at the fair chance: the fewest with 1 - (1 - t)^pockets <= level.

    The count whose tail is at most the threshold's lower bracket is called hot; from there the count steps down
    while the rule, decided exactly, still calls it hot.

    >>> sidak_hits(3800, Fraction(1, 20)), sidak_hits(594, Fraction(1, 20))
    (132, 29)
    """
    pockets, q = whole(pockets, "the pockets", least=1), exact(level, "the level")
    chance = Fraction(1, pockets)
    hits = critical_hits(spins, chance, sidak_line(pockets, q)[0])
    while hits > 0 and sidak_rejects(binomial_tail(spins, chance, hits - 1), pockets, q):
        hits -= 1
    return hits
