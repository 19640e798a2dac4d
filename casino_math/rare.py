"""Rare events at the wheel: the Poisson law beside the binomial, and the waits to see every pocket or a repeat.

A straight-up bet wins with chance 1/38, so its wins in n spins are binomial and,
when n/38 is moderate, nearly Poisson.  The binomial chances are exact fractions.
A Poisson chance e^(-m) m^k / k! is not rational; here it is *bracketed*: two
fractions that hold it between them, from Python's ``Decimal`` exponential, which
the standard library rounds correctly.  The total variation distance between the
two laws is bracketed the same way, and a figure is shown only to the digits both
ends of its bracket agree on.

The waits on a wheel of N pockets are exact: the expected number of spins until
every pocket has come up (N times the harmonic number H_N), the chance that all
have come up within n spins (by inclusion-exclusion), and the chance of a repeated
pocket within n spins (one minus a product).  Nothing here uses floats or numpy,
so the module runs in the reader's browser.

>>> spins_to_see_all(38) == 38 * harmonic(38)
True
>>> fewest_spins_for_a_repeat(38)
8
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import MAX_EMAX, MIN_EMIN, ROUND_CEILING, ROUND_FLOOR, Context, Decimal
from fractions import Fraction
from math import comb, factorial

from .distribution import Number, exact, whole

#: The pockets of the double-zero wheel.
POCKETS = 38
#: Significant digits of the Decimal exponential a bracket starts from; more are used when a figure needs them.
DIGITS = 40
#: The most significant digits :func:`shown` tries before it gives up on a number that sits on a rounding boundary.
MOST_DIGITS = 640
#: Two fractions that hold an irrational number between them: (low, high), low <= x <= high.
Bracket = tuple[Fraction, Fraction]


# --- The binomial and Poisson laws ------------------------------------------------------------------------------


def _chance(p: Number) -> Fraction:
    q = exact(p, "the chance")
    if not 0 <= q <= 1:
        raise ValueError(f"the chance {q} is not a probability; it must lie between 0 and 1")
    return q


def _mean(mean: Number) -> Fraction:
    m = exact(mean, "the mean")
    if m < 0:
        raise ValueError(f"the mean {m} of a Poisson law must be 0 or more")
    return m


def binomial_chances(n: int, p: Number) -> list[Fraction]:
    """P(K = k) for k = 0, ..., n, for K binomial with ``n`` trials and chance ``p``, exactly.

    >>> binomial_chances(2, Fraction(1, 38))
    [Fraction(1369, 1444), Fraction(37, 722), Fraction(1, 1444)]
    """
    n, q = whole(n, "the number of spins", least=0), _chance(p)
    a, b = q.numerator, q.denominator
    every = b**n
    return [Fraction(comb(n, k) * a**k * (b - a) ** (n - k), every) for k in range(n + 1)]


def exp_minus(x: Number, digits: int = DIGITS) -> Bracket:
    """Two fractions around e^(-x), for a rational x >= 0, at most about (2 + x) 10^(1 - digits) apart relative to it.

    The exponent is rounded down and up to ``digits`` significant digits (which moves it by at most x 10^(1 - digits));
    Decimal's ``exp`` is correctly rounded, so its result r lies within half a unit in its last place of the true
    value, and that half unit is at most 10^(1 - digits) r.

    >>> from casino_math.distribution import as_decimal
    >>> low, high = exp_minus(1, 20)
    >>> as_decimal(low, 18), as_decimal(high, 18), high - low < Fraction(1, 10**19)
    (Decimal('0.367879441171442322'), Decimal('0.367879441171442322'), True)
    """
    q = exact(x, "the exponent")
    if q < 0:
        raise ValueError(f"e^(-x) is bracketed here for x >= 0, not {q}")
    digits = whole(digits, "the number of digits", least=2)
    if q == 0:
        return Fraction(1), Fraction(1)                   # e^0 = 1 exactly
    slack = Fraction(1, 10 ** (digits - 1))

    def exp_of_minus(rounding: str) -> Fraction:
        context = Context(prec=digits, rounding=rounding, Emin=MIN_EMIN, Emax=MAX_EMAX)
        exponent = context.divide(Decimal(q.numerator), Decimal(q.denominator))
        return Fraction(Context(prec=digits, Emin=MIN_EMIN, Emax=MAX_EMAX).exp(exponent.copy_negate()))

    return exp_of_minus(ROUND_CEILING) * (1 - slack), exp_of_minus(ROUND_FLOOR) * (1 + slack)


def poisson_weights(mean: Number, count: int) -> list[Fraction]:
    """m^k / k! for k = 0, ..., count - 1: the Poisson chances of mean m without their common factor e^(-m).

    >>> poisson_weights(Fraction(1, 2), 3)
    [Fraction(1, 1), Fraction(1, 2), Fraction(1, 8)]
    """
    m = _mean(mean)
    weights, term = [], Fraction(1)
    for k in range(whole(count, "the number of chances", least=0)):
        weights.append(term)
        term = term * m / (k + 1)
    return weights


def poisson_chance(mean: Number, k: int, digits: int = DIGITS) -> Bracket:
    """Two fractions around P(N = k) = e^(-m) m^k / k! for N with the Poisson law of mean m.

    >>> from casino_math.distribution import as_decimal
    >>> low, high = poisson_chance(1, 2)                 # e^(-1) / 2
    >>> as_decimal(low, 15), as_decimal(high, 15), high - low < Fraction(1, 10**38)
    (Decimal('0.183939720585721'), Decimal('0.183939720585721'), True)
    """
    m, k = _mean(mean), whole(k, "the number of wins", least=0)
    low, high = exp_minus(m, digits)
    weight = m**k / factorial(k)
    return low * weight, high * weight


def poisson_at_least(mean: Number, r: int, digits: int = DIGITS) -> Bracket:
    """Two fractions around P(N >= r) = 1 - e^(-m) (1 + m + ... + m^(r-1)/(r-1)!) for N Poisson of mean m.

    It is also the chance that a gamma law of shape r and rate 1 is at most m: the Poisson process's r-th win has
    come by time m.

    >>> from casino_math.distribution import as_decimal
    >>> [as_decimal(end, 15) for end in poisson_at_least(2, 1)]        # 1 - e^(-2)
    [Decimal('0.864664716763387'), Decimal('0.864664716763387')]
    """
    m, r = _mean(mean), whole(r, "the number of wins", least=0)
    low, high = exp_minus(m, digits)
    below = sum(poisson_weights(m, r), Fraction(0))
    return 1 - high * below, 1 - low * below


def total_variation(n: int, p: Number, digits: int = DIGITS) -> Bracket:
    """Two fractions around the total variation distance between Binomial(n, p) and Poisson(np).

    The distance is sup over sets A of |P(K in A) - P(N in A)|; the set of counts the binomial law makes more
    likely attains it, so it is the sum of (P(K = k) - P(N = k))^+ over k = 0, ..., n (above n the binomial chance
    is 0).  Each term falls as the factor e^(-np) grows, so the two ends of that factor's bracket give the two ends.

    >>> from casino_math.distribution import as_decimal
    >>> [as_decimal(end, 15) for end in total_variation(1, Fraction(1, 2))]   # only k = 1: 1/2 - e^(-1/2) / 2
    [Decimal('0.196734670143683'), Decimal('0.196734670143683')]
    """
    n, q = whole(n, "the number of spins", least=0), _chance(p)
    low_factor, high_factor = exp_minus(n * q, digits)
    # Over the common denominator b^n n!, with p = a/b: P(K = k) is C(n, k) a^k (b - a)^(n - k) n! and
    # (np)^k / k! is (na)^k b^(n - k) n! / k!, whole numbers, so the comparisons below divide nothing.
    a, b = q.numerator, q.denominator
    scale = b**n * factorial(n)
    binomial, weights = [(b - a) ** n * factorial(n)], [b**n * factorial(n)]
    for k in range(n):        # each step multiplies by the ratio of consecutive terms; every division is exact
        binomial.append(binomial[-1] * (n - k) * a // ((k + 1) * (b - a)) if a < b else 0)
        weights.append(weights[-1] * n * a // (b * (k + 1)))
    if a == b:
        binomial[-1] = scale

    def excess(factor: Fraction) -> Fraction:
        top, bottom = factor.numerator, factor.denominator
        return Fraction(sum(max(x * bottom - top * y, 0) for x, y in zip(binomial, weights, strict=True)),
                        scale * bottom)

    return excess(high_factor), excess(low_factor)


def le_cam_bound(chances: Iterable[Number]) -> Fraction:
    """Le Cam's bound on the total variation distance between a sum of independent trials and the Poisson law of the
    same mean: the sum of the squares of the trials' chances.

    >>> le_cam_bound([Fraction(1, 38)] * 38)
    Fraction(1, 38)
    """
    return sum((_chance(p) ** 2 for p in chances), Fraction(0))


def shown(compute: Callable[[int], Bracket], write: Callable[[Fraction], str]) -> str:
    """A bracketed number written out: the text both ends of its bracket give, more digits tried until they agree.

    >>> from casino_math.display import percent
    >>> shown(lambda digits: poisson_chance(1, 0, digits), lambda q: percent(q, 4))
    '36.7879%'
    >>> from casino_math.display import decimal
    >>> shown(lambda digits: (Fraction(1, 2) - Fraction(1, 10**digits), Fraction(1, 2)), lambda q: decimal(q, 0))
    Traceback (most recent call last):
    ...
    ValueError: the number lies between 0 and 1 even to 640 digits: it sits on a rounding boundary of the form asked for; ask for another number of digits
    """
    digits = DIGITS
    while digits <= MOST_DIGITS:
        low, high = compute(digits)
        if write(low) == write(high):
            return write(low)
        digits *= 2
    raise ValueError(f"the number lies between {write(low)} and {write(high)} even to {digits // 2} digits: it sits on a "
                     "rounding boundary of the form asked for; ask for another number of digits")


# --- Waits on a wheel of N pockets --------------------------------------------------------------------------------


def _pockets(pockets: int) -> int:
    return whole(pockets, "the number of pockets", least=1)


def harmonic(n: int) -> Fraction:
    """The harmonic number H_n = 1 + 1/2 + ... + 1/n.

    >>> harmonic(4)
    Fraction(25, 12)
    """
    return sum((Fraction(1, j) for j in range(1, whole(n, "n", least=0) + 1)), Fraction(0))


def spins_to_see_all(pockets: int = POCKETS) -> Fraction:
    """The expected number of spins until every one of the pockets has come up: N H_N, a sum of geometric waits.

    >>> spins_to_see_all(2), spins_to_see_all(3)          # 1 + 2; 1 + 3/2 + 3
    (Fraction(3, 1), Fraction(11, 2))
    """
    n = _pockets(pockets)
    return n * harmonic(n)


def all_seen_within(spins: int, pockets: int = POCKETS) -> Fraction:
    """The chance that every pocket has come up within ``spins`` spins, by inclusion-exclusion over the pockets
    missed: the sum over j of (-1)^j C(N, j) (N - j)^n / N^n.

    >>> all_seen_within(3, 3), all_seen_within(2, 3)      # 3! orders of 3 pockets among 27 sequences; too few spins
    (Fraction(2, 9), Fraction(0, 1))
    """
    n, spins = _pockets(pockets), whole(spins, "the number of spins", least=0)
    ways = sum((-1) ** j * comb(n, j) * (n - j) ** spins for j in range(n + 1))
    return Fraction(ways, n**spins)


def no_repeat_within(spins: int, pockets: int = POCKETS) -> Fraction:
    """The chance that ``spins`` spins all land in different pockets: N (N - 1) ... (N - n + 1) / N^n.

    >>> no_repeat_within(2, 38), no_repeat_within(39, 38)
    (Fraction(37, 38), Fraction(0, 1))
    """
    n, spins = _pockets(pockets), whole(spins, "the number of spins", least=0)
    distinct = 1
    for i in range(spins):
        distinct *= n - i
    return Fraction(distinct, n**spins)


def repeat_within(spins: int, pockets: int = POCKETS) -> Fraction:
    """The chance that some pocket comes up twice or more within ``spins`` spins (the birthday problem).

    >>> repeat_within(2, 38)
    Fraction(1, 38)
    """
    return 1 - no_repeat_within(spins, pockets)


def fewest_spins_for_a_repeat(pockets: int = POCKETS, level: Number = Fraction(1, 2)) -> int:
    """The fewest spins for which a repeated pocket is more likely than ``level`` (more likely than not at 1/2).

    >>> fewest_spins_for_a_repeat(365)                    # the birthday problem's 23 people
    23
    """
    n, bound = _pockets(pockets), _chance(level)
    if bound >= 1:
        raise ValueError("no number of spins makes a repeat more likely than 1; the level must be below 1")
    spins = 0
    while repeat_within(spins, n) <= bound:
        spins += 1
    return spins
