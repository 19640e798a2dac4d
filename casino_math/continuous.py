"""Continuous chance at the wheel: the ball's angle, the pocket it gives, and the continuous laws of waits and sums.

The ball's resting angle is a number in [0, 2 pi).  On a fair wheel it is uniform, and each of the 38 equal arcs of
the American wheel has chance exactly 1/38: the integral of the density 1/(2 pi) over an arc of length 2 pi/38.
A *tilted* wheel is modelled by the density (1 + e cos t)/(2 pi) for a tilt e with -1 <= e <= 1; the integral of
cos over an arc is a difference of sines, irrational, so those chances are Decimals to a stated number of
significant digits (computed with guard digits by the sine series and :func:`casino_math.tails.pi`).

The exponential and gamma waits, the normal curve and the Beta density have their figures here too: rational ones
as fractions (the Beta density, the exact binomial share within k standard deviations of its mean), irrational ones
as Decimals.  Nothing here imports numpy, so the module runs in the reader's browser.

>>> pocket_chance(0)
Fraction(1, 38)
>>> tilted_chance(0, 5)
Decimal('0.0263157894737')
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from math import factorial

from .distribution import Number, exact, whole
from .tails import _context, normal_tail, pi

#: The pockets (equal arcs) of the American double-zero wheel.
POCKETS = 38
#: Significant digits of a Decimal figure, unless asked otherwise.
DIGITS = 12
#: Extra digits carried through a computation before rounding to the digits asked for.
GUARD = 10


def _arc(k: int) -> int:
    """Check an arc's number: a whole number from 0 to 37."""
    k = whole(k, "the arc", least=0)
    if k >= POCKETS:
        raise ValueError(f"the arc must be a whole number from 0 to {POCKETS - 1}, not {k}")
    return k


def _digits(digits: int) -> int:
    digits = whole(digits, "the number of digits", least=2)
    if digits > 200:
        raise ValueError(f"the number of digits must be a whole number from 2 to 200, not {digits}")
    return digits


def arc_ends(k: int) -> tuple[Fraction, Fraction]:
    """Where arc ``k`` starts and ends, in turns (a turn is 2 pi radians): [k/38, (k + 1)/38).

    >>> arc_ends(37)
    (Fraction(37, 38), Fraction(1, 1))
    """
    k = _arc(k)
    return Fraction(k, POCKETS), Fraction(k + 1, POCKETS)


def pocket_chance(k: int) -> Fraction:
    """The chance of arc ``k`` for a uniform angle: the density 1/(2 pi) times the arc's length 2 pi/38, exactly.

    >>> sum(pocket_chance(k) for k in range(POCKETS))
    Fraction(1, 1)
    """
    start, end = arc_ends(k)
    return end - start                      # (1/(2 pi)) * 2 pi (end - start): the pi cancels


def uniform_cdf(turns: Number) -> Fraction:
    """P(angle <= 2 pi x) for a uniform angle, with x in turns: 0 below 0, x on [0, 1], 1 above.

    >>> uniform_cdf(Fraction(1, 4)), uniform_cdf(-1), uniform_cdf(3)
    (Fraction(1, 4), Fraction(0, 1), Fraction(1, 1))
    """
    x = exact(turns, "the angle in turns")
    return min(max(x, Fraction(0)), Fraction(1))


def tilt(e: Number) -> Fraction:
    """Check a tilt: a density (1 + e cos t)/(2 pi) is never negative exactly when -1 <= e <= 1.

    >>> tilt(Fraction(3, 2))
    Traceback (most recent call last):
    ValueError: the tilt must lie between -1 and 1 (the density 1 + e cos t is then never negative), not 3/2
    """
    q = exact(e, "the tilt")
    if not -1 <= q <= 1:
        raise ValueError(f"the tilt must lie between -1 and 1 (the density 1 + e cos t is then never negative), not {q}")
    return q


def sin_turns(x: Number, digits: int = DIGITS) -> Decimal:
    """sin(2 pi x) for a rational x, by its series after reducing x to [-1/2, 1/2], to ``digits`` significant digits.

    >>> sin_turns(Fraction(1, 4)), sin_turns(Fraction(1, 12), 8), sin_turns(Fraction(1, 2))
    (Decimal('1.00000000000'), Decimal('0.50000000'), Decimal('0'))
    """
    q = exact(x, "the angle in turns")
    digits = _digits(digits)
    q -= round(q)                                       # sin has period one turn
    if q == 0 or abs(q) == Fraction(1, 2):
        return Decimal(0)
    work = digits + GUARD
    with localcontext(_context(work)):
        t = 2 * pi(work) * Decimal(q.numerator) / Decimal(q.denominator)
        term = total = t
        n, square = 1, t * t
        while abs(term) > abs(total).scaleb(-work):
            term = -term * square / ((2 * n) * (2 * n + 1))
            total += term
            n += 1
    with localcontext(_context(digits)):
        return +total if abs(total) > Decimal(10) ** -(work - 2) else Decimal(0)


def tilted_chance(e: Number, k: int, digits: int = DIGITS) -> Decimal:
    """The chance of arc ``k`` under the density (1 + e cos t)/(2 pi), to ``digits`` significant digits:
    1/38 + (e/(2 pi)) (sin(2 pi (k + 1)/38) - sin(2 pi k/38)).

    >>> tilted_chance(Fraction(1, 2), 0, 8), tilted_chance(Fraction(1, 2), 18, 8)
    (Decimal('0.039413811'), Decimal('0.013217768'))
    """
    e, (start, end) = tilt(e), arc_ends(k)
    digits = _digits(digits)
    work = digits + GUARD
    with localcontext(_context(work)):
        sines = sin_turns(end, work) - sin_turns(start, work)
        value = Decimal(1) / POCKETS + Decimal(e.numerator) / e.denominator * sines / (2 * pi(work))
    with localcontext(_context(digits)):
        return +value


def tilted_chances(e: Number, digits: int = DIGITS) -> list[Decimal]:
    """The chances of all 38 arcs under the tilted density, arc 0 first.

    >>> len(tilted_chances(Fraction(1, 10))), tilted_chances(0, 4)[:2]
    (38, [Decimal('0.02632'), Decimal('0.02632')])
    """
    return [tilted_chance(e, k, digits) for k in range(POCKETS)]


def largest_departure(e: Number, digits: int = DIGITS) -> Decimal:
    """The largest |P(arc k) - 1/38| under the tilted density: |e| sin(pi/19)/(2 pi), taken at arcs 0, 18, 19
    and 37.

    >>> largest_departure(Fraction(1, 2), 8)
    Decimal('0.013098021')
    """
    e, digits = tilt(e), _digits(digits)
    work = digits + GUARD
    with localcontext(_context(work)):
        value = abs(Decimal(e.numerator) / e.denominator) * sin_turns(Fraction(1, POCKETS), work) / (2 * pi(work))
    with localcontext(_context(digits)):
        return +value


def _rational(x: Number, what: str) -> Decimal:
    q = exact(x, what)
    return Decimal(q.numerator) / Decimal(q.denominator)


def exponential_tail(rate: Number, t: Number, digits: int = DIGITS) -> Decimal:
    """P(T > t) = e^(-rate t) for an exponential wait T at the given rate, t >= 0.

    >>> exponential_tail(Fraction(1, 38), 38, 10)
    Decimal('0.3678794412')
    """
    r, s, digits = exact(rate, "the rate"), exact(t, "the time"), _digits(digits)
    if r <= 0 or s < 0:
        raise ValueError(f"the rate must be positive and the time at least 0, not rate {r} and time {s}")
    with localcontext(_context(digits + GUARD)):
        value = (-_rational(r * s, "rate times time")).exp()
    with localcontext(_context(digits)):
        return +value


def gamma_tail(n: int, rate: Number, t: Number, digits: int = DIGITS) -> Decimal:
    """P(T_n > t) for the gamma wait T_n to the n-th event at the given rate: the chance of fewer than n events by
    time t, the sum of e^(-x) x^j / j! over j < n with x = rate t.

    >>> gamma_tail(1, 1, 1, 10), gamma_tail(2, 1, 1, 10)
    (Decimal('0.3678794412'), Decimal('0.7357588823'))
    """
    n = whole(n, "the number of events", least=1)
    r, s, digits = exact(rate, "the rate"), exact(t, "the time"), _digits(digits)
    if r <= 0 or s < 0:
        raise ValueError(f"the rate must be positive and the time at least 0, not rate {r} and time {s}")
    x = r * s
    weight = sum(x**j / factorial(j) for j in range(n))
    with localcontext(_context(digits + GUARD)):
        value = (-_rational(x, "rate times time")).exp() * _rational(weight, "the Poisson weights")
    with localcontext(_context(digits)):
        return +value


def geometric_tail(p: Number, n: int) -> Fraction:
    """P(more than n spins pass before the first hit) = (1 - p)^n, exactly.

    >>> geometric_tail(Fraction(1, 38), 2)
    Fraction(1369, 1444)
    """
    q = exact(p, "the chance")
    if not 0 < q <= 1:
        raise ValueError(f"the chance of a hit must lie in (0, 1], not {q}")
    return (1 - q) ** whole(n, "the number of spins", least=0)


def normal_within(k: Number, digits: int = DIGITS) -> Decimal:
    """P(|Z| <= k) for a standard normal Z, k >= 0: 1 - 2 P(Z >= k), from the library's normal tail.

    >>> normal_within(1, 6), normal_within(2, 6), normal_within(3, 6)
    (Decimal('0.682689'), Decimal('0.954500'), Decimal('0.997300'))
    """
    q, digits = exact(k, "the number of standard deviations"), _digits(digits)
    if q < 0:
        raise ValueError(f"the number of standard deviations must be at least 0, not {q}")
    with localcontext(_context(digits + GUARD)):
        value = 1 - 2 * normal_tail(q, digits + GUARD)
    with localcontext(_context(digits)):
        return +value


def normal_density(z: Number, digits: int = DIGITS) -> Decimal:
    """The standard normal density e^(-z^2/2)/sqrt(2 pi).

    >>> normal_density(0, 10)
    Decimal('0.3989422804')
    """
    q, digits = exact(z, "z"), _digits(digits)
    work = digits + GUARD
    with localcontext(_context(work)):
        value = (-_rational(q * q / 2, "z^2/2")).exp() / (2 * pi(work)).sqrt()
    with localcontext(_context(digits)):
        return +value


def binomial_within(n: int, p: Number, k: Number) -> Fraction:
    """P(|W - np| <= k sd) exactly, for W ~ Binomial(n, p) with sd = sqrt(n p (1 - p)): the w with
    (w - np)^2 <= k^2 n p (1 - p), a comparison of fractions, so no square root is taken.

    >>> binomial_within(2, Fraction(1, 2), 1)       # sd = 1/sqrt(2): only w = 1
    Fraction(1, 2)
    """
    n = whole(n, "the number of trials", least=1)
    q, width = exact(p, "the chance"), exact(k, "the number of standard deviations")
    if not 0 < q < 1 or width < 0:
        raise ValueError(f"the chance must lie in (0, 1) and the width be at least 0, not {q} and {width}")
    mean, variance = n * q, n * q * (1 - q)
    return sum((factorial(n) // (factorial(w) * factorial(n - w)) * q**w * (1 - q) ** (n - w)
                for w in range(n + 1) if (w - mean) ** 2 <= width**2 * variance), Fraction(0))


def _shape(a: int, b: int) -> tuple[int, int]:
    return whole(a, "a", least=1), whole(b, "b", least=1)


def beta_integral(a: int, b: int) -> Fraction:
    """The integral of x^(a-1) (1-x)^(b-1) over [0, 1], for whole a, b >= 1: (a-1)! (b-1)! / (a+b-1)!.

    >>> beta_integral(1, 37), beta_integral(2, 2)
    (Fraction(1, 37), Fraction(1, 6))
    """
    a, b = _shape(a, b)
    return Fraction(factorial(a - 1) * factorial(b - 1), factorial(a + b - 1))


def beta_density(a: int, b: int, x: Number) -> Fraction:
    """The Beta(a, b) density at x in [0, 1]: x^(a-1) (1-x)^(b-1) divided by :func:`beta_integral`.

    >>> beta_density(1, 37, 0), beta_density(1, 37, Fraction(1, 38)) < 37
    (Fraction(37, 1), True)
    """
    a, b = _shape(a, b)
    q = exact(x, "x")
    if not 0 <= q <= 1:
        raise ValueError(f"the Beta density lives on [0, 1], not at {q}")
    return q ** (a - 1) * (1 - q) ** (b - 1) / beta_integral(a, b)


def beta_mean(a: int, b: int) -> Fraction:
    """The mean of Beta(a, b): a/(a + b).

    >>> beta_mean(1, 37)
    Fraction(1, 38)
    """
    a, b = _shape(a, b)
    return Fraction(a, a + b)


def posterior(a: int, b: int, hits: int, spins: int) -> tuple[int, int]:
    """The Beta posterior after ``hits`` in ``spins`` independent spins from a Beta(a, b) prior: (a + hits,
    b + spins - hits).

    >>> posterior(1, 37, 15, 380)
    (16, 402)
    """
    a, b = _shape(a, b)
    spins = whole(spins, "the number of spins", least=0)
    hits = whole(hits, "the number of hits", least=0)
    if hits > spins:
        raise ValueError(f"the hits must be at most the spins ({spins}), not {hits}")
    return a + hits, b + spins - hits
