"""The exact figures of the command line's reports: each fraction as "n/d" with its decimal, or its size.

A report is a JSON-ready dict.  An exact figure in it is written whole as
"n/d", with a decimal beside it; a fraction too long to print (the banker's
chance of doubling 20 units has thousands of digits) is summarised by its digit
counts unless the reader asks for it whole (``--exact``).

>>> figure("p_goal", Fraction(9, 19))
{'p_goal': '9/19', 'p_goal_decimal': '0.4736842105'}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .display import Table, decimal, fraction_text
from .distribution import digit_count

#: Exact fractions longer than this many digits (numerator or denominator) are summarised unless --exact is given.
MOST_DIGITS = 60

#: Decimal places of the decimal beside each exact figure.
PLACES = 10


def figure(name: str, q: Fraction, exact: bool = False) -> dict[str, Any]:
    """One exact figure of a report: ``name`` as "n/d", and ``name_decimal`` beside it.

    A fraction too long to print (more than :data:`MOST_DIGITS` digits above
    or below) is given as ``None`` with ``name_digits``, its numerator's and
    denominator's digit counts, unless ``exact`` asks for it whole.

    >>> figure("p_goal", Fraction(9, 19))
    {'p_goal': '9/19', 'p_goal_decimal': '0.4736842105'}
    >>> figure("p", Fraction(1, 3**200))
    {'p': None, 'p_decimal': '0.0000000000', 'p_digits': [1, 96]}
    """
    digits = [digit_count(q.numerator), digit_count(q.denominator)]
    if exact or max(digits) <= MOST_DIGITS:
        return {name: fraction_text(q), f"{name}_decimal": decimal(q, PLACES)}
    return {name: None, f"{name}_decimal": decimal(q, PLACES), f"{name}_digits": digits}


def exact_text(report: dict[str, Any], name: str) -> str:
    """A report's figure ``name`` as its exact fraction, or, when the report summarised it, as its size.

    >>> exact_text(figure("p", Fraction(1, 3**200)), "p")
    '(a fraction of 1 digits over 96: --exact prints it)'
    """
    if report.get(name) is not None:
        return str(report[name])
    top, bottom = report[f"{name}_digits"]
    return f"(a fraction of {top} digits over {bottom}: --exact prints it)"


def figures_table(report: dict[str, Any], rows: list[tuple[str, str]], caption: str) -> str:
    """The exact figures of a report as a text table: label, exact fraction (or its size), decimal."""
    body = [[label, exact_text(report, name), report.get(f"{name}_decimal", report[name])] for label, name in rows]
    return repr(Table(["", "exact", "decimal"], body, caption))
