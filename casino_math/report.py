"""The exact figures of the command line's reports: each fraction as "n/d" with its decimal, or its size.

A report is a JSON-ready dict.  An exact figure in it is written whole as
"n/d", with a decimal beside it; a fraction too long for the form the report
is printed in (the banker's chance of doubling 20 units has thousands of
digits) is summarised by its digit counts, unless the reader asks for every
fraction whole (``--exact``).  A table keeps its figures short; JSON, read by
programs, carries any fraction of fewer than :data:`JSON_DIGITS` digits.

>>> figure("p_goal", Fraction(9, 19))
{'p_goal': '9/19', 'p_goal_decimal': '0.4736842105'}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal

from .distribution import digit_count, whole_text
from .formats import decimal
from .tables import Column, Table

#: A table prints a fraction whole when neither its numerator nor its denominator has more digits than this.
MOST_DIGITS = 60

#: JSON carries a fraction whole when its numerator and its denominator have fewer digits than this, together.
JSON_DIGITS = 10_000

#: The forms a report is printed in, as the command line's --format names them.
Form = Literal["table", "json", "csv"]


def fraction_text(q: Fraction) -> str:
    """An exact fraction as "n/d" (or "n"), written out however many digits it has.

    >>> fraction_text(Fraction(-3, 4)), len(fraction_text(Fraction(1, 7**6000)))
    ('-3/4', 5073)
    """
    top = whole_text(q.numerator)
    return top if q.denominator == 1 else f"{top}/{whole_text(q.denominator)}"


def short_enough(q: Fraction, form: Form) -> bool:
    """Whether a report printed in ``form`` carries ``q`` whole (see :data:`MOST_DIGITS`, :data:`JSON_DIGITS`).

    >>> q = Fraction(1, 19**100)           # P(even money, 100 times in a row): 128 digits below the line
    >>> short_enough(q, "table"), short_enough(q, "json")
    (False, True)
    """
    top, bottom = digit_count(q.numerator), digit_count(q.denominator)
    return max(top, bottom) <= MOST_DIGITS if form == "table" else top + bottom < JSON_DIGITS

#: The columns of a table of a report's figures: what each is, exactly (or its size), and as a decimal.
FIGURES_COLUMNS = (Column(""), Column("exact"), Column("decimal"))

#: Decimal places of the decimal beside each exact figure.
PLACES = 10


def figure(name: str, q: Fraction, exact: bool = False, form: Form = "table") -> dict[str, Any]:
    """One exact figure of a report: ``name`` as "n/d", and ``name_decimal`` beside it.

    A fraction too long for the ``form`` the report is printed in (see
    :func:`short_enough`) is given as ``None`` with ``name_digits``, its
    numerator's and denominator's digit counts, unless ``exact`` asks for it whole.

    >>> figure("p_goal", Fraction(9, 19))
    {'p_goal': '9/19', 'p_goal_decimal': '0.4736842105'}
    >>> figure("p", Fraction(1, 3**200))
    {'p': None, 'p_decimal': '0.0000000000', 'p_digits': [1, 96]}
    >>> figure("p", Fraction(1, 3**200), form="json")["p"][:12]
    '1/2656139888'
    """
    if exact or short_enough(q, form):
        return {name: fraction_text(q), f"{name}_decimal": decimal(q, PLACES)}
    digits = [digit_count(q.numerator), digit_count(q.denominator)]
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
    return repr(Table(FIGURES_COLUMNS, body, caption))
