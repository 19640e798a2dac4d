"""Exact numbers: what the library accepts as one, and how it writes one out.

Every probability, payout and count is a :class:`~fractions.Fraction` or an
int.  :func:`exact` and :func:`whole` turn anything else away with a one-line
error; :func:`as_decimal`, :func:`decimal_sqrt` and :func:`whole_text` write an
exact number out for a reader, to any size.

>>> exact(3) / whole(4, "the count")
Fraction(3, 4)
>>> as_decimal(Fraction(1, 7), 6)
Decimal('0.142857')
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from numbers import Rational
from typing import TypeAlias, TypeGuard

Number: TypeAlias = Rational | int
"""An exact number: a Fraction, a whole-number count or any other ``numbers.Rational`` (int is named as well, since
type checkers do not count it among the Rationals)."""


def exact(value: object, what: str = "value") -> Fraction:
    """``value`` as a Fraction, refusing anything that is not exact.

    >>> exact(3), exact(Fraction(1, 2))
    (Fraction(3, 1), Fraction(1, 2))
    >>> exact(0.1)
    Traceback (most recent call last):
    ...
    TypeError: value 0.1 is a float; use a Fraction or an integer count (a float such as 0.1 is not exactly 1/10)
    """
    if isinstance(value, bool) or not isinstance(value, Rational):
        kind = type(value).__name__
        raise TypeError(
            f"{what} {value!r} is a {kind}; use a Fraction or an integer count"
            + (" (a float such as 0.1 is not exactly 1/10)" if isinstance(value, float) else "")
        )
    return Fraction(value)


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an int, and not True or False, which Python also counts as ints).

    >>> is_whole(3), is_whole(3.0), is_whole(True)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: object, what: str = "value", least: int | None = None) -> int:
    """``value`` as a whole number (int), at least ``least`` if given, or a one-line error naming ``what``.

    >>> whole(20, "the bankroll", least=1)
    20
    >>> whole(2.5, "the number of rounds")
    Traceback (most recent call last):
    ...
    TypeError: the number of rounds must be a whole number (int), not 2.5
    >>> whole(0, "the number of rounds", least=1)
    Traceback (most recent call last):
    ...
    ValueError: the number of rounds must be a positive whole number, not 0
    >>> whole(-1, "a seed", least=0)
    Traceback (most recent call last):
    ...
    ValueError: a seed must be a whole number from 0 up, not -1
    """
    if not is_whole(value):
        raise TypeError(f"{what} must be a whole number (int), not {value!r}")
    if least is not None and value < least:
        allowed = "a positive whole number" if least == 1 else f"a whole number from {least} up"
        raise ValueError(f"{what} must be {allowed}, not {value!r}")
    return value


def decimal_sqrt(q: Number, digits: int = 28) -> Decimal:
    """The square root of a non-negative fraction, as a Decimal to ``digits`` significant digits.

    >>> decimal_sqrt(Fraction(1, 4))
    Decimal('0.5')
    """
    q = exact(q)
    if q < 0:
        raise ValueError(f"cannot take the square root of the negative number {q}")
    with localcontext() as ctx:
        ctx.prec = digits + 4
        root = (Decimal(q.numerator) / Decimal(q.denominator)).sqrt()
        ctx.prec = digits
        return +root.normalize()


def digit_count(n: int) -> int:
    """The number of decimal digits of a whole number, found without writing it out.

    Python refuses to write an int of more than 4300 digits as text (a guard
    against slow conversions), and the banker's chance of doubling 20 units has
    over 9000; the count comes from the number's binary length and one comparison.

    >>> digit_count(0), digit_count(999), digit_count(-1000), digit_count(2**30000)
    (1, 3, 4, 9031)
    """
    n = abs(whole(n, "the number"))
    estimate = max(1, (n.bit_length() * 30103) // 100000)      # log10(2) = 0.30103 rounded down
    return estimate + 1 if n >= 10**estimate else estimate


def whole_text(n: int) -> str:
    """A whole number written out in full, however many digits it has.

    Python's ``str`` refuses past 4300 digits (a guard set for the whole
    process); a Decimal holds a whole number exactly and writes it out whole.

    >>> whole_text(-12), len(whole_text(2**30000))
    ('-12', 9031)
    """
    n = whole(n, "the number")
    return str(n) if n.bit_length() < 10_000 else str(Decimal(n))


def as_decimal(q: Number, significant: int = 12) -> Decimal:
    """The fraction rounded to ``significant`` digits as a Decimal, by whole-number arithmetic (any size).

    >>> as_decimal(Fraction(1, 3)), as_decimal(Fraction(2, 3), 3), as_decimal(Fraction(-19, 20), 1)
    (Decimal('0.333333333333'), Decimal('0.667'), Decimal('-1'))
    >>> as_decimal(Fraction(10**5000 + 1, 3 * 10**5000))
    Decimal('0.333333333333')
    """
    q, significant = exact(q), whole(significant, "the number of significant digits", least=1)
    if q == 0:
        return Decimal(0)
    num, den = abs(q.numerator), q.denominator
    shift = significant - (digit_count(num) - digit_count(den)) + 1      # leaves at least significant + 1 digits
    scaled = num * 10**shift // den if shift >= 0 else num // (den * 10**-shift)
    while scaled >= 10**significant:
        shift -= 1
        scaled = num * 10**shift // den if shift >= 0 else num // (den * 10**-shift)
    remainder = num * 10**shift - scaled * den if shift >= 0 else num - scaled * den * 10**-shift
    exact_den = den if shift >= 0 else den * 10**-shift
    if 2 * remainder >= exact_den:                                    # round half up
        scaled += 1
    sign = 1 if q < 0 else 0
    return Decimal((sign, tuple(int(d) for d in str(scaled)), -shift)).normalize()
