"""Exact numbers as people read them: percents, decimals, LaTeX fractions, "1 in N", powers of ten.

Nothing here computes a result; it only formats one.  Rounding is done in
exact arithmetic (half away from zero), so the digits shown are the true ones.
:mod:`casino_math.display` names these with the tables that show them.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from .distribution import exact


def fraction_text(q: Fraction | int) -> str:
    """An exact number as "n/d" (or "n" when it is whole), the form the command line prints.

    >>> fraction_text(Fraction(1, 19)), fraction_text(Fraction(0)), fraction_text(-2)
    ('1/19', '0', '-2')
    """
    return str(exact(q))


def latex(q: Fraction | int, display_style: bool = False) -> str:
    r"""An exact number as LaTeX: ``\frac{1}{19}``; whole numbers stay whole.

    >>> latex(Fraction(1, 19)), latex(Fraction(-3, 4)), latex(5)
    ('\\frac{1}{19}', '-\\frac{3}{4}', '5')
    """
    q = exact(q)
    if q.denominator == 1:
        return str(q.numerator)
    sign = "-" if q < 0 else ""
    frac = r"\dfrac" if display_style else r"\frac"
    return f"{sign}{frac}{{{abs(q.numerator)}}}{{{q.denominator}}}"


def decimal(q: Fraction | int | Decimal, digits: int = 4) -> str:
    """An exact number rounded to ``digits`` decimal places (half away from zero).

    >>> decimal(Fraction(1, 3)), decimal(Fraction(2, 3), 2), decimal(Fraction(-1, 8), 2)
    ('0.3333', '0.67', '-0.13')
    >>> decimal(Decimal("1.86339"), 3)
    '1.863'
    """
    if isinstance(q, Decimal):
        return f"{q.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP):.{digits}f}"
    return f"{_exact_round(exact(q), digits):.{digits}f}"


def _exact_round(q: Fraction, digits: int) -> Decimal:
    scaled = q * 10**digits
    whole, rest = divmod(abs(scaled.numerator), scaled.denominator)
    if 2 * rest >= scaled.denominator:
        whole += 1
    return Decimal(-whole if scaled < 0 else whole).scaleb(-digits)


def percent(q: Fraction | int, digits: int = 2) -> str:
    """An exact number as a percent with ``digits`` decimals: 1/19 -> '5.26%'.

    A number that is not 0 but rounds to 0 says so, rather than look like 0.

    >>> percent(Fraction(1, 19)), percent(Fraction(1, 19), 4), percent(Fraction(-1, 37), 3)
    ('5.26%', '5.2632%', '-2.703%')
    >>> percent(0), percent(Fraction(1, 10**9)), percent(Fraction(-1, 10**9), 3)
    ('0.00%', '< 0.01%', '> -0.001%')
    """
    q = exact(q)
    shown = decimal(q * 100, digits)
    if q and not shown.strip("-0."):
        least = decimal(Fraction(1, 10**digits), digits)
        return f"< {least}%" if q > 0 else f"> -{least}%"
    return shown + "%"


def scientific(x: Decimal, digits: int = 3) -> str:
    """A number too large or too small for plain digits, as a reader writes it: 1.946e+1386 -> '1.95 × 10¹³⁸⁶'.

    >>> scientific(Decimal("1.946e+1386")), scientific(Decimal("0.00003343"))
    ('1.95 × 10¹³⁸⁶', '3.34 × 10⁻⁵')
    """
    mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
    return f"{mantissa} × 10{str(int(exponent)).translate(SUPERSCRIPTS)}"


#: Digits and minus as superscripts, for powers of ten.
SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def signed_percent(q: Fraction | int, digits: int = 2) -> str:
    """A change as a percent with its sign: + for a rise, - for a fall.

    >>> signed_percent(Fraction(1, 400), 4), signed_percent(Fraction(-1, 400), 4), signed_percent(0, 4)
    ('+0.2500%', '-0.2500%', '+0.0000%')
    """
    shown = percent(q, digits)
    return shown if shown[0] in "-<>" else "+" + shown


def one_in(q: Fraction | int) -> str:
    """A probability as "1 in N" odds, rounded: 1/38 -> '1 in 38'.

    >>> one_in(Fraction(1, 38)), one_in(Fraction(2, 38))
    ('1 in 38', '1 in 19')
    """
    q = exact(q)
    if q <= 0:
        raise ValueError(f"{q} is not a positive probability")
    return f"1 in {decimal(1 / q, 0)}"


#: A list ("a: 1 to 1; b: 2 to 1; ...") longer than this many characters shows its first item, the rest one click away.
LONG_LIST = 60


def list_items(text: str) -> list[str]:
    """The items of a long list in a table cell ("a: 1 to 1; b: 2 to 1; ..."); any other text as one item.

    >>> list_items("8 to 1")
    ['8 to 1']
    >>> list_items("natural win: 1 to 1; win by 9: 30 to 1; win by 8: 10 to 1; win by 7: 6 to 1")
    ['natural win: 1 to 1', 'win by 9: 30 to 1', 'win by 8: 10 to 1', 'win by 7: 6 to 1']
    """
    return text.split("; ") if len(text) > LONG_LIST and "; " in text else [text]


def text_lines(text: str) -> list[str]:
    """A table cell as lines of text: a long list one item a line, each but the last ending in its semicolon.

    >>> text_lines("one unit more after a loss; one unit less after a win, never below one, and never above ten")
    ['one unit more after a loss;', 'one unit less after a win, never below one, and never above ten']
    """
    *items, last = list_items(text)
    return [f"{item};" for item in items] + [last]


def short_fraction(fraction: str, digits: int = 7) -> str:
    """A long fraction cut short: the first digits above and below the line.

    >>> short_fraction("2560599031177123456789/6131066257801123456789")
    '2560599…/6131066…'
    >>> short_fraction("1/3000000000000000000000000000000")
    '1/3000000…'
    """
    return "/".join(part if len(part) <= digits else f"{part[:digits]}…" for part in fraction.split("/"))
