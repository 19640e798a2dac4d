"""Tail probabilities for testing a hypothesis: the binomial and Beta exactly, the chi-square and normal to any digits.

A test asks how likely a result at least as extreme as the one seen would be if
the hypothesis held: a tail probability.  For counts of hits the tail is a
finite binomial sum, computed here exactly from whole numbers; the chance that a
Beta-distributed unknown exceeds a given value is the same kind of sum.  The
chi-square tail of Pearson's test is an integral that is not rational; for a
whole number of degrees of freedom it has closed forms (a Poisson sum, or the
complementary error function plus a finite sum), evaluated here in ``Decimal``
with guard digits and rounded to as many significant digits as asked.  Nothing
here uses floats or imports numpy, so it runs in the reader's browser.

>>> binomial_tail(2, Fraction(1, 2), 1)            # at least one head in two tosses
Fraction(3, 4)
>>> chi_square_tail(2, 2)                          # e^(-1) with two degrees of freedom
Decimal('0.367879441171442')
"""

from __future__ import annotations

from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal, localcontext
from fractions import Fraction
from functools import lru_cache
from math import ceil, sqrt

from .distribution import Number, exact, whole

#: Significant digits of a chi-square or normal tail unless more are asked for.
DIGITS = 15
#: Digits worked with beyond those returned.
GUARD = 12


# --- The binomial law, exactly ----------------------------------------------------------------------------------


def _chance(p: Number) -> Fraction:
    """``p`` as a Fraction, checked to be a probability."""
    q = exact(p, "the chance")
    if not 0 <= q <= 1:
        raise ValueError(f"the chance {q} is not a probability; it must lie between 0 and 1")
    return q


def _lower_sum(n: int, a: int, c: int, k: int) -> int:
    """The sum over j < k of C(n, j) a^j c^(n - j): the chance that fewer than k of n trials succeed, times (a + c)^n.

    The terms share the factor c^(n - k + 1), taken out so that the sum runs over numbers of about k digits'
    worth of factors, not n.

    >>> _lower_sum(3, 1, 1, 2)        # C(3, 0) + C(3, 1)
    4
    """
    total, ways, hits, misses = 0, 1, 1, c ** (k - 1)
    for j in range(k):
        total += ways * hits * misses
        ways = ways * (n - j) // (j + 1)
        hits *= a
        misses //= c
    shared: int = c ** (n - k + 1)
    return total * shared


def binomial_tail(n: int, p: Number, k: int) -> Fraction:
    """P(X >= k) for X binomial with ``n`` trials and chance ``p``, exactly.

    The sum is taken over the shorter side, P(X >= k) = 1 - P(X < k) or, through
    n - X, which is binomial with chance 1 - p, over the hits from k up.

    >>> binomial_tail(38, Fraction(1, 38), 1) == 1 - Fraction(37, 38) ** 38    # 17 at least once in 38 spins
    True
    >>> binomial_tail(3, Fraction(1, 2), 2), binomial_tail(3, Fraction(1, 2), 0), binomial_tail(3, Fraction(1, 2), 4)
    (Fraction(1, 2), Fraction(1, 1), Fraction(0, 1))
    """
    n, k, q = whole(n, "the number of trials", least=0), whole(k, "the number of hits"), _chance(p)
    if k <= 0:
        return Fraction(1)
    if k > n:
        return Fraction(0)
    a, b = q.numerator, q.denominator
    c = b - a
    if a == 0 or c == 0:
        return Fraction(int(c == 0))  # never or always a hit
    if k <= n - k + 1:
        return 1 - Fraction(_lower_sum(n, a, c, k), b**n)
    return Fraction(_lower_sum(n, c, a, n - k + 1), b**n)  # fewer than n - k + 1 misses


def binomial_at_most(n: int, p: Number, k: int) -> Fraction:
    """P(X <= k) for X binomial with ``n`` trials and chance ``p``, exactly.

    >>> binomial_at_most(2, Fraction(1, 2), 0)
    Fraction(1, 4)
    """
    return 1 - binomial_tail(n, p, k + 1)


def tail_at_most(n: int, p: Number, k: int, level: Number) -> bool:
    """Whether P(X >= k) <= ``level`` for X binomial (n, p): decided by comparing whole numbers, with no division.

    >>> tail_at_most(3, Fraction(1, 2), 3, Fraction(1, 8)), tail_at_most(3, Fraction(1, 2), 2, Fraction(1, 8))
    (True, False)
    """
    q, bound = _chance(p), _chance(level)
    if k <= 0:
        return bound >= 1
    if k > n or q == 0:
        return True
    if q == 1:
        return bound >= 1
    a, b = q.numerator, q.denominator
    every: int = b**n                                    # the equally likely sequences of n trials
    below = _lower_sum(n, a, b - a, k)                   # those with fewer than k hits: every * P(X < k)
    return (every - below) * bound.denominator <= bound.numerator * every


def critical_hits(n: int, p: Number, level: Number) -> int:
    """The fewest hits in ``n`` trials whose tail P(X >= hits) under chance ``p`` is at most ``level``.

    A one-sided test at that level calls a pocket hot when it is hit at least this often.  The search starts
    where the normal approximation puts the answer (a float, used only to choose where to look) and steps from
    there; every step is an exact comparison, so the answer does not depend on the approximation.

    >>> critical_hits(10, Fraction(1, 2), Fraction(1, 20))     # P(X >= 9) = 11/1024, P(X >= 8) = 56/1024
    9
    """
    from statistics import NormalDist

    n, q, bound = whole(n, "the number of trials", least=0), _chance(p), _chance(level)
    guess = NormalDist(n * float(q), sqrt(n * float(q * (1 - q))) or 1).inv_cdf(1 - float(bound)) if 0 < bound < 1 else 0
    k = min(max(ceil(guess), 0), n + 1)
    while k > 0 and tail_at_most(n, q, k - 1, bound):
        k -= 1
    while not tail_at_most(n, q, k, bound):
        k += 1
    return k



def binomial_tail_digits(n: int, p: Number, k: int, digits: int = DIGITS) -> Decimal:
    """P(X >= k) for X binomial (n, p) to ``digits`` significant digits, within one unit of the last digit, for a long
    run of trials whose exact fraction would have millions of digits.

    The terms t_j = C(n, j) p^j (1 - p)^(n - j) are summed in ``Decimal`` from k away from the mean (the tail itself
    when k lies above the mean, else 1 minus the sum below k), each from the last by the ratio
    t_(j+1)/t_j = (n - j)/(j + 1) p/(1 - p).  Past the mean these ratios only shrink, so once a term is t and its
    ratio r < 1, the rest of the sum is at most t r/(1 - r): the sum stops when that is below its last digit worked.
    Each of the at most K = 6n + 200 operations (the first term's C(n, j) and powers, three a term) rounds with a
    relative error of at most half a unit in the last of the digits worked, so the sum is within (1 + u)^K - 1 of
    the true tail; the digits worked are ``digits`` + :data:`GUARD` + the digits of K, which makes that error far
    below the last digit returned.

    >>> binomial_tail_digits(38, Fraction(1, 38), 1, 10)            # 1 - (37/38)^38
    Decimal('0.6370148625')
    >>> binomial_tail_digits(10**6, Fraction(1, 38), 30000, 6)      # 3,684 hits over the 26,316 a fair pocket expects
    Decimal('1.32798E-112')
    """
    n, k, q = whole(n, "the number of trials", least=0), whole(k, "the number of hits"), _chance(p)
    digits = whole(digits, "digits", least=1)
    if k <= 0 or q == 1:
        return Decimal(1)
    if k > n or q == 0:
        return Decimal(0)
    work = digits + GUARD + len(str(6 * n + 200))
    with localcontext(_context(work)):
        chance, miss = Decimal(q.numerator) / q.denominator, Decimal(q.denominator - q.numerator) / q.denominator
        if k > n * q:
            value = _summed_terms(n, chance, miss, k, 1, work)
        else:
            value = 1 - _summed_terms(n, chance, miss, k - 1, -1, work)
    with localcontext(_context(digits)):
        return +value


def _summed_terms(n: int, chance: Decimal, miss: Decimal, start: int, step: int, work: int) -> Decimal:
    """The sum of the binomial terms t_j from j = ``start`` on, up (step 1) or down (step -1), in the context set."""
    term = _binomial_term(n, chance, miss, start)
    up, down = chance / miss, miss / chance
    total, j, last = term, start, n if step > 0 else 0
    while j != last:
        ratio = (n - j) * up / (j + 1) if step > 0 else j * down / (n - j + 1)
        term *= ratio
        total += term
        j += step
        if ratio < 1 and term * ratio / (1 - ratio) < total.scaleb(-work):
            break
    return total


def _binomial_term(n: int, chance: Decimal, miss: Decimal, j: int) -> Decimal:
    """C(n, j) chance^j miss^(n - j), in the context set: C(n, j) as a product of j' = min(j, n - j) ratios, each
    power by repeated squaring, so that every step is one correctly rounded operation."""
    ways = Decimal(1)
    shorter = min(j, n - j)
    for i in range(1, shorter + 1):
        ways = ways * (n - shorter + i) / i
    return ways * _power(chance, j) * _power(miss, n - j)


def _power(x: Decimal, exponent: int) -> Decimal:
    """x^exponent by repeated squaring, one rounding a multiplication (2 log2(exponent) of them at most)."""
    result = Decimal(1)
    while exponent:
        if exponent & 1:
            result *= x
        exponent >>= 1
        if exponent:
            x *= x
    return result

# --- The Beta law, through the binomial ---------------------------------------------------------------------------


def beta_tail(a: int, b: int, x: Number) -> Fraction:
    """P(T > x) for T with the Beta(a, b) law, for whole a, b >= 1: the binomial sum P(Y <= a - 1), Y ~ Bin(a + b - 1, x).

    The a-th smallest of a + b - 1 independent uniform numbers has the Beta(a, b) law, and it exceeds x exactly
    when fewer than a of them lie at or below x.

    >>> beta_tail(1, 1, Fraction(1, 3)), beta_tail(2, 1, Fraction(1, 2))    # uniform; density 2t
    (Fraction(2, 3), Fraction(3, 4))
    """
    a, b = whole(a, "a", least=1), whole(b, "b", least=1)
    return binomial_at_most(a + b - 1, x, a - 1)


# --- Special functions in Decimal ---------------------------------------------------------------------------------


def _context(digits: int) -> Context:
    """A context for ``digits`` significant digits whose exponents never underflow (a tail can be 10^-1000000)."""
    return Context(prec=digits, Emin=MIN_EMIN, Emax=MAX_EMAX)


@lru_cache(maxsize=8)
def pi(digits: int) -> Decimal:
    """pi to ``digits`` significant digits, by the series of the decimal module's documentation.

    >>> pi(20)
    Decimal('3.1415926535897932385')
    """
    with localcontext(_context(digits + 5)):
        three = Decimal(3)
        last, t, s, n, na, d, da = Decimal(0), three, three, 1, 0, 0, 24
        while s != last:
            last = s
            n, na = n + na, na + 8
            d, da = d + da, da + 32
            t = (t * n) / d
            s += t
    with localcontext(_context(digits)):
        return +s


def erfc(z: Decimal, digits: int = DIGITS) -> Decimal:
    """The complementary error function (2/sqrt(pi)) times the integral of e^(-t^2) from z to infinity, for z >= 0.

    Below 6 it is 1 - erf(z), erf summed as e^(-z^2) times a series of positive terms, with as many more digits as
    the subtraction loses; from 6 on it is Laplace's continued fraction, evaluated from its tail up.

    >>> erfc(Decimal(0)), erfc(Decimal(1), 12), erfc(Decimal(10), 12)
    (Decimal('1'), Decimal('0.157299207050'), Decimal('2.08848758376E-45'))
    """
    if z < 0:
        raise ValueError(f"erfc is computed here for z >= 0, not {z}")
    if z == 0:
        return Decimal(1)
    work = digits + GUARD
    if z < 6:
        work += int(z * z / Decimal("2.3")) + 1  # 1 - erf(z) is about e^(-z^2): that many digits cancel
        with localcontext(_context(work)):
            term = total = z
            twice_square, n = 2 * z * z, 0
            while term > total.scaleb(-work):
                n += 1
                term = term * twice_square / (2 * n + 1)
                total += term
            value = 1 - 2 * (-z * z).exp() * total / pi(work).sqrt()
    else:
        value = _erfc_continued_fraction(z, work)
    with localcontext(_context(digits)):
        return +value


def _erfc_continued_fraction(z: Decimal, work: int) -> Decimal:
    """erfc(z) = e^(-z^2) / (sqrt(pi) (z + (1/2) / (z + (2/2) / (z + (3/2) / ...)))), deepened until it settles."""
    with localcontext(_context(work)):
        depth, before = 16, None
        while True:
            tail = z
            for m in range(depth, 0, -1):
                tail = z + Decimal(m) / 2 / tail
            value = (-z * z).exp() / (pi(work).sqrt() * tail)
            if before is not None and abs(value - before) <= value.scaleb(-work + 2):
                return value
            depth, before = 2 * depth, value


def _decimal(x: Number | Decimal) -> Decimal:
    """An exact number or a Decimal as a Decimal (a fraction divided out to the context's precision)."""
    if isinstance(x, Decimal):
        return x
    q = exact(x)
    return Decimal(q.numerator) / Decimal(q.denominator)


def chi_square_tail(x: Number | Decimal, df: int, digits: int = DIGITS) -> Decimal:
    """P(X >= x) for X with the chi-square law of ``df`` degrees of freedom, to ``digits`` significant digits.

    With y = x/2: for an even df = 2k the tail is the Poisson sum e^(-y) (1 + y + ... + y^(k-1)/(k-1)!); for an odd
    df = 2k + 1 it is erfc(sqrt(y)) + e^(-y) (y^(1/2)/Gamma(3/2) + ... + y^(k-1/2)/Gamma(k+1/2)).  Every term is
    positive, so the digits asked for are the digits returned, however small the tail.

    >>> chi_square_tail(Fraction(3841, 1000), 1, 6), chi_square_tail(40, 37, 10)
    (Decimal('0.0500137'), Decimal('0.3384019885'))
    >>> chi_square_tail(10**7, 37)                     # far in the tail, still to 15 digits
    Decimal('4.43374912196426E-2171371')
    """
    df, digits = whole(df, "the degrees of freedom", least=1), whole(digits, "digits", least=1)
    work = digits + GUARD
    with localcontext(_context(work)):
        y = _decimal(x) / 2
        if y <= 0:
            return Decimal(1)
        if df % 2 == 0:
            term = total = Decimal(1)
            for j in range(1, df // 2):
                term = term * y / j
                total += term
            value = (-y).exp() * total
        else:
            term = 2 * (y / pi(work)).sqrt()              # y^(1/2) / Gamma(3/2)
            total = Decimal(0)
            for j in range(1, df // 2 + 1):
                total += term
                term = term * y / (j + Decimal("0.5"))
            value = erfc(y.sqrt(), work) + (-y).exp() * total
    with localcontext(_context(digits)):
        return +value


def normal_tail(z: Number | Decimal, digits: int = DIGITS) -> Decimal:
    """P(Z >= z) for a standard normal Z: erfc(z / sqrt(2)) / 2, to ``digits`` significant digits.

    >>> normal_tail(0), normal_tail(Fraction(196, 100), 6)
    (Decimal('0.5'), Decimal('0.0249979'))
    """
    work = digits + GUARD
    with localcontext(_context(work)):
        w = _decimal(z) / Decimal(2).sqrt()
        value = erfc(w, work) / 2 if w >= 0 else 1 - erfc(-w, work) / 2
    with localcontext(_context(digits)):
        return +value


def normal_quantile(tail: Number, digits: int = DIGITS) -> Decimal:
    """The z with P(Z >= z) = ``tail`` for a standard normal Z, by bisection, to ``digits`` significant digits.

    >>> normal_quantile(Fraction(1, 20), 10), normal_quantile(Fraction(4, 5), 10), normal_quantile(Fraction(1, 2))
    (Decimal('1.644853627'), Decimal('-0.8416212336'), Decimal('0'))
    """
    q = _chance(tail)
    if not 0 < q < 1:
        raise ValueError(f"a normal quantile needs a tail strictly between 0 and 1, not {q}")
    if q > Fraction(1, 2):
        return -normal_quantile(1 - q, digits)              # the normal law is symmetric about 0
    if q == Fraction(1, 2):
        return Decimal(0)
    work = digits + GUARD
    with localcontext(_context(work)):
        target = _decimal(q)
        low, high = Decimal(0), Decimal(40)                # P(Z >= 40) is far below any tail asked for
        while high - low > high.scaleb(2 - work):            # a few units in the last place
            middle = (low + high) / 2
            if normal_tail(middle, work) > target:
                low = middle
            else:
                high = middle
        middle = (low + high) / 2
    with localcontext(_context(digits)):
        return +middle
