"""Putting computed numbers into the book's prose with myst-nb's ``glue``.

A chapter never types a result: it computes it, glues it under a name, and
the prose says ``{glue:}`name```.  :class:`Inline` makes the glued value show
as plain text (not as a quoted Python string) or, for fractions, as inline
math.

>>> Inline("5.26%")
5.26%
>>> as_fraction(Fraction(1, 19))._repr_latex_()
'$\\\\frac{1}{19}$'
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from . import display


@dataclass(frozen=True)
class Inline:
    """A value to insert into prose: ``text`` as plain text, ``math`` (LaTeX) as inline math where given."""

    text: str
    math: str | None = None

    def __repr__(self) -> str:
        return self.text

    def _repr_latex_(self) -> str | None:
        return f"${self.math}$" if self.math is not None else None


def as_fraction(q: Fraction | int) -> Inline:
    """An exact number shown as a fraction in math: 1/19 as $\\frac{1}{19}$.

    >>> as_fraction(Fraction(244, 495))
    244/495
    """
    return Inline(display.fraction_text(q), display.latex(q))


def as_percent(q: Fraction | int, digits: int = 2) -> Inline:
    """An exact number shown as a percent.

    >>> as_percent(Fraction(1, 19), 3)
    5.263%
    """
    return Inline(display.percent(q, digits))


def as_decimal(q: Fraction | int | Decimal, digits: int = 4) -> Inline:
    """An exact number (or a Decimal) shown to ``digits`` decimal places.

    >>> as_decimal(Fraction(1, 3), 3)
    0.333
    """
    return Inline(display.decimal(q, digits))


def as_text(value: object) -> Inline:
    """Any value shown as its ``str``: a count, an odds string, a name.

    >>> as_text(416 * 415)
    172640
    """
    return Inline(str(value))


def glue(name: str, value: object) -> None:
    """Glue ``value`` (usually an :class:`Inline`) under ``name`` without showing it in the cell."""
    from myst_nb import glue as myst_glue

    myst_glue(name, value, display=False)


def glue_fraction(name: str, q: Fraction | int) -> None:
    """Glue an exact number as a fraction (inline math)."""
    glue(name, as_fraction(q))


def glue_percent(name: str, q: Fraction | int, digits: int = 2) -> None:
    """Glue an exact number as a percent."""
    glue(name, as_percent(q, digits))


def glue_decimal(name: str, q: Fraction | int | Decimal, digits: int = 4) -> None:
    """Glue an exact number as a decimal."""
    glue(name, as_decimal(q, digits))


def glue_text(name: str, value: object) -> None:
    """Glue a value as plain text."""
    glue(name, as_text(value))
