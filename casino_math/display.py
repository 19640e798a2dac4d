"""Showing exact numbers to people: percents, LaTeX fractions, and tables.

Nothing here computes a result; it only formats one.  Rounding is done in
exact arithmetic (half away from zero), so the digits shown are the true ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from .distribution import exact

if TYPE_CHECKING:
    from .bets import Bet

Item = TypeVar("Item")


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

    >>> percent(Fraction(1, 19)), percent(Fraction(1, 19), 4), percent(Fraction(-1, 37), 3)
    ('5.26%', '5.2632%', '-2.703%')
    """
    return decimal(exact(q) * 100, digits) + "%"


def one_in(q: Fraction | int) -> str:
    """A probability as "1 in N" odds, rounded: 1/38 -> '1 in 38'.

    >>> one_in(Fraction(1, 38)), one_in(Fraction(2, 38))
    ('1 in 38', '1 in 19')
    """
    q = exact(q)
    if q <= 0:
        raise ValueError(f"{q} is not a positive probability")
    return f"1 in {decimal(1 / q, 0)}"


@dataclass(frozen=True)
class Table:
    """A small table that shows itself as HTML in a notebook and as aligned text elsewhere.

    >>> Table(["bet", "edge"], [["red", "5.26%"], ["top line", "7.89%"]])
    bet       edge
    --------  -----
    red       5.26%
    top line  7.89%
    """

    columns: Sequence[str]
    rows: Sequence[Sequence[str]]
    caption: str = ""
    sortable: bool = False  #: on the published site, clicking a heading sorts the rows

    def __repr__(self) -> str:
        cells = [list(map(str, self.columns))] + [[str(c) for c in row] for row in self.rows]
        widths = [max(len(r[i]) for r in cells) for i in range(len(self.columns))]

        def fmt(row: list[str]) -> str:
            return "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip()

        lines = [fmt(cells[0]), "  ".join("-" * w for w in widths)] + [fmt(r) for r in cells[1:]]
        return "\n".join(([self.caption] if self.caption else []) + lines)

    def _repr_html_(self) -> str:
        import html

        head = "".join(f'<th scope="col">{html.escape(str(c))}</th>' for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in self.rows
        )
        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        classes = "casino-math-table sortable" if self.sortable else "casino-math-table"
        return f'<table class="{classes}">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'

    def _repr_markdown_(self) -> str:
        def line(cells: Sequence[str]) -> str:
            return "| " + " | ".join(str(c) for c in cells) + " |"

        return "\n".join([line(self.columns), line(["---"] * len(self.columns))] + [line(r) for r in self.rows])


def table(items: Iterable[Item], columns: Mapping[str, Callable[[Item], str]], caption: str = "") -> Table:
    """A Table with one row per item and one column per (heading, function of the item).

    >>> table([Fraction(1, 2), Fraction(1, 4)], {"p": fraction_text, "percent": percent})
    p    percent
    ---  -------
    1/2  50.00%
    1/4  25.00%
    """
    return Table(list(columns), [[f(item) for f in columns.values()] for item in items], caption)


def bet_table(bets: Iterable[Bet], caption: str = "") -> Table:
    """The standard table of bets: payout, chance of winning, house edge, standard deviation.

    >>> from casino_math.bets import simple_bet
    >>> from casino_math.distribution import Distribution
    >>> bet_table([simple_bet("one face", Distribution.uniform(range(1, 7)), lambda f: f == 1, 4)])
    bet       pays    P(win)  house edge  house edge %  sd
    --------  ------  ------  ----------  ------------  ------
    one face  4 to 1  1/6     1/6         16.67%        1.8634
    """
    from . import bets as b

    return table(
        bets,
        {
            "bet": lambda bet: bet.name,
            "pays": b.pays_text,
            "P(win)": lambda bet: fraction_text(b.p_win(bet)),
            "house edge": lambda bet: fraction_text(b.house_edge(bet)),
            "house edge %": lambda bet: percent(b.house_edge(bet)),
            "sd": lambda bet: decimal(b.standard_deviation(bet), 4),
        },
        caption,
    )
