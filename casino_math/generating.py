"""Generating functions of dice: a die as a polynomial, a sum of dice as a product, Sicherman's dice.

A die with whole-number faces is the polynomial whose coefficient of x^k counts its faces showing k; divided by the
number of faces it is the die's probability generating function, G(x) = E[x^X].  The total of independent dice has
the product of their polynomials, so questions about sums become questions about factoring polynomials.
Polynomials are tuples of whole numbers, lowest power first.

>>> die_polynomial((1, 2, 3, 4, 5, 6))
(0, 1, 1, 1, 1, 1, 1)
>>> times(die_polynomial((1, 2)), die_polynomial((1, 2)))      # two coins marked 1 and 2: 2, 3, 3, 4
(0, 0, 1, 2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from itertools import combinations_with_replacement

#: A polynomial with whole-number coefficients, lowest power first.
Polynomial = tuple[int, ...]

#: The faces of a standard die.
STANDARD = (1, 2, 3, 4, 5, 6)
#: Sicherman's dice: together they roll every total with the chance two standard dice give it.
SICHERMAN = ((1, 2, 2, 3, 3, 4), (1, 3, 4, 5, 6, 8))


def die_polynomial(faces: Iterable[int]) -> Polynomial:
    """The polynomial whose coefficient of x^k counts the faces showing k (faces are whole numbers, 0 or more).

    >>> die_polynomial((1, 3, 3))
    (0, 1, 0, 2)
    """
    faces = tuple(faces)
    if not faces or any(not isinstance(f, int) or f < 0 for f in faces):
        raise ValueError(f"a die needs at least one face, each a whole number 0 or more, not {faces!r}")
    counts = [0] * (max(faces) + 1)
    for f in faces:
        counts[f] += 1
    return tuple(counts)


def times(a: Polynomial, b: Polynomial) -> Polynomial:
    """The product of two polynomials: the counts of the totals of one face of each.

    >>> times((1, 1), (1, 1))                       # (1 + x)^2
    (1, 2, 1)
    """
    product = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            product[i + j] += x * y
    return tuple(product)


def trimmed(a: Iterable[int]) -> Polynomial:
    """The polynomial without its zero coefficients at the top."""
    a = list(a)
    while len(a) > 1 and a[-1] == 0:
        a.pop()
    return tuple(a)


def divided(a: Polynomial, b: Polynomial) -> Polynomial | None:
    """a / b when b divides a with whole-number coefficients, else None (long division, highest power first).

    >>> divided((1, 2, 1), (1, 1)), divided((1, 0, 1), (1, 1))
    ((1, 1), None)
    """
    rest, b = list(trimmed(a)), trimmed(b)
    if len(rest) < len(b):
        return None
    quotient = [0] * (len(rest) - len(b) + 1)
    for k in range(len(quotient) - 1, -1, -1):
        coefficient, left = divmod(rest[k + len(b) - 1], b[-1])
        if left:
            return None
        quotient[k] = coefficient
        for i, y in enumerate(b):
            rest[k + i] -= coefficient * y
    return tuple(quotient) if not any(rest) else None


def faces_of(polynomial: Polynomial) -> tuple[int, ...] | None:
    """The faces of the die whose polynomial this is, or None if a coefficient is negative.

    >>> faces_of((0, 1, 0, 2))
    (1, 3, 3)
    """
    if any(c < 0 for c in polynomial):
        return None
    return tuple(k for k, c in enumerate(polynomial) for _ in range(c))


def total_polynomial(*dice: Iterable[int]) -> Polynomial:
    """The polynomial of the total of the dice, rolled independently: the product of theirs."""
    result: Polynomial = (1,)
    for faces in dice:
        result = times(result, die_polynomial(faces))
    return result


def pgf_mean(polynomial: Polynomial) -> Fraction:
    """G'(1): the mean of the die or total whose polynomial this is (G the polynomial over its value at 1).

    >>> pgf_mean(die_polynomial(STANDARD))
    Fraction(7, 2)
    """
    return Fraction(sum(k * c for k, c in enumerate(polynomial)), sum(polynomial))


def partners(faces: Iterable[int], target: Polynomial) -> tuple[int, ...] | None:
    """The die whose total with ``faces`` has the polynomial ``target``, if one with whole faces exists."""
    quotient = divided(target, die_polynomial(faces))
    return None if quotient is None else faces_of(quotient)


def dice_pairs_like(sides: int = 6, faces: tuple[int, ...] = STANDARD) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every pair of ``sides``-sided dice with faces of 1 or more whose total has the law of two dice ``faces``,
    found by trying every die as the first and dividing.

    >>> list(dice_pairs_like())
    [((1, 2, 2, 3, 3, 4), (1, 3, 4, 5, 6, 8)), ((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6))]
    """
    target = total_polynomial(faces, faces)
    largest = len(target) - 1 - 1  # the other die shows at least 1
    for first in combinations_with_replacement(range(1, largest + 1), sides):
        second = partners(first, target)
        if second is not None and len(second) == sides and min(second) >= 1 and first <= second:
            yield first, second
