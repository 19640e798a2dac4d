"""Tables given as text: columns that say only their heading, cells written out as "n/d" or "n/d (p%)".

A chapter may build a table the short way, ``table(items, {"P(win)": ...})``,
each cell already text.  Such a column says nothing of what it holds, so it is
read as the book has always read it: a cell "n/d" is an exact number, a column
whose heading speaks of a chance, an edge or a share shows its percent, a
column headed "bet" names its bets, and any cell or heading that is a bet or
rules ID of a game is shown by the game's name for it (which loads every
game).  Tables built by the library say what each column holds instead
(:class:`~casino_math.tables.Column`), and never come here.

>>> html_cell("9 to 5"), html_cell("dont_pass")
('<td>9\\xa0to\\xa05</td>', '<td>Don&#x27;t pass</td>')
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from .formats import decimal, list_items, percent
from .tables import LONG_FRACTION, Cell, Column, Holds, bet_name, folded

if TYPE_CHECKING:
    from .tables import Table

_FRACTION_CELL = re.compile(r"(-?\d+/\d+)(?: \(((?:[<>] )?-?[\d.]+%)\))?")
_PAYOUT = re.compile(r"(\d) to (\d)")
NO_BREAK_TO = "\\1\u00a0to\u00a0\\2"  # "9 to 5" with no-break spaces, so a payout never wraps
_SHARE_WORDS = ("p(", "edge", "probability", "chance", "share")
#: Column headings a reader meets in the book's tables, for the short ones the command line prints.
HEADINGS = {"sd": "standard deviation"}


def reader_names() -> Mapping[str, str]:
    """Every game's bet IDs and rules IDs -> the names a reader sees (each game keeps them, see
    :func:`casino_math.games.reader_names`; this loads every game).

    >>> names = reader_names()
    >>> names["dont_pass"], names["dragon_bonus_player"], names["red"], names["single_zero"]
    ("Don't pass", 'Dragon Bonus (player)', 'Red', 'Single zero')
    """
    from .games import reader_names as every_games_names

    return every_games_names()


def reader_text(text: str) -> str:
    """The reader's name for a bet or rules ID of any game; any other text unchanged.

    >>> reader_text("dont_pass"), reader_text("la_partage"), reader_text("straight 17")
    ("Don't pass", 'La partage', 'straight 17')
    """
    return reader_names().get(text, text)


def any_bet_name(name: str, names: Mapping[str, str] | None = None) -> str:
    """A bet as the book names it (:func:`casino_math.tables.bet_name`), by the names of ``names``, or of every
    game when none are given.

    >>> any_bet_name("dont_pass"), any_bet_name("straight 17"), any_bet_name("red", {"red": "Rouge"})
    ("Don't pass", 'Straight up on 17', 'Rouge')
    """
    return bet_name(name, reader_names() if names is None else names)


def reader_heading(heading: str) -> str:
    """A column heading given as text, as the book's tables show it.

    >>> reader_heading("sd"), reader_heading("oxford"), reader_heading("P(win)")
    ('standard deviation', 'Oxford', 'P(win)')
    """
    return HEADINGS.get(heading, reader_text(heading))


def reader_caption(caption: str) -> str:
    """A caption with each "(ID rules)" named as a reader knows the rules.

    >>> reader_caption("Mini-baccarat, 8 decks (oxford rules)")
    'Mini-baccarat, 8 decks (Oxford rules)'
    """
    return re.sub(r"\b([a-z0-9_-]+) rules\b", lambda m: f"{reader_text(m[1])} rules", caption)


def _is_share_column(heading: str, columns: Sequence[str]) -> bool:
    """Whether a column holds chances or edges (shown with percents), unless a "%" column beside it has them."""
    words = heading.lower()
    return any(w in words for w in _SHARE_WORDS) and f"{heading} %" not in columns and "%" not in words


def html_cell(text: str, share: bool = False, fold: bool = False) -> str:
    r"""One cell given as text, as HTML: a name for an ID, a payout that never wraps, a long fraction folded behind
    its percent.

    ``share``: the column holds chances or edges, so a fraction in it is shown with its percent.  ``fold``: the column
    holds a long fraction, so a short one is folded too (one form a column).

    >>> print(html_cell("natural win: 1 to 1; win by 9: 30 to 1; win by 8: 10 to 1; win by 7: 6 to 1").replace("\xa0", " "))
    <td><details class="long-list"><summary>natural win: 1 to 1; …</summary><span>win by 9: 30 to 1</span><span>win by 8: 10 to 1</span><span>win by 7: 6 to 1</span></details></td>
    >>> html_cell("244/495", share=True)
    '<td data-value="0.4929292929">244/495 <span class="percent">(49.293%)</span></td>'
    >>> print(html_cell("8954111587648/19524993263685", share=True))
    <td data-value="0.4585974226"><details class="exact"><summary title="8954111587648/19524993263685">45.860%</summary><span class="exact-fraction" style="overflow-wrap:normal">8954111587648/<wbr>19524993263685</span></details></td>
    >>> html_cell("244/495", share=True, fold=True).split("</summary>")[0]
    '<td data-value="0.4929292929"><details class="exact"><summary title="244/495">49.293%'

    """
    cell, parts = _FRACTION_CELL.fullmatch(text), list_items(text)
    if cell is None and len(parts) > 1:
        first, *rest = (html.escape(_PAYOUT.sub(NO_BREAK_TO, part)) for part in parts)
        return (f'<td><details class="long-list"><summary>{first}; …</summary>'
                + "".join(f"<span>{part}</span>" for part in rest) + "</details></td>")
    if cell is None:
        return f"<td>{html.escape(_PAYOUT.sub(NO_BREAK_TO, reader_text(text)))}</td>"
    return f'<td data-value="{float(Fraction(cell[1])):.10g}">{number_html(text, share, fold)}</td>'


def number_html(text: str, share: bool = False, fold: bool = False) -> str:
    """An exact number given as its text "n/d" or "n/d (p%)", as a reader sees it in HTML (see
    :func:`casino_math.tables.exact_html`, which takes the number itself).

    >>> number_html("1/19 (5.26%)")
    '1/19 <span class="percent">(5.26%)</span>'
    >>> number_html("2560599031177/6131066257801 (41.76%)").split("</summary>")[0]   # a split, 10 spins: P(ahead)
    '<details class="exact"><summary title="2560599031177/6131066257801">41.76%'
    >>> number_html("-10/19"), number_html("not a number")
    ('-10/19', 'not a number')
    >>> number_html(f"1/{10**20} (< 0.01%)").split("</summary>")[0].endswith(">&lt; 0.01%")
    True
    """
    cell = _FRACTION_CELL.fullmatch(text)
    if cell is None:
        return html.escape(text)
    fraction, q = cell[1], Fraction(cell[1])
    shown = cell[2] or (percent(q, 3) if share and abs(q) <= 1 else None)
    if len(fraction) <= LONG_FRACTION and not fold:
        return fraction + (f' <span class="percent">({shown})</span>' if shown else "")
    return folded(fraction, html.escape(shown or decimal(q, 6)))


def printed_cell(text: str) -> str:
    """A cell given as text, as the printed page shows it: a long fraction after its percent (or decimal), whole.

    >>> printed_cell("2560599031177/6131066257801 (41.76%)")
    '41.76% (exactly 2560599031177/6131066257801)'
    >>> printed_cell("8954111587648/19524993263685"), printed_cell("1/19 (5.26%)")
    ('0.458597 (exactly 8954111587648/19524993263685)', '1/19 (5.26%)')
    """
    cell = _FRACTION_CELL.fullmatch(text)
    if cell is None or len(cell[1]) <= LONG_FRACTION:
        return text
    return f"{cell[2] or decimal(Fraction(cell[1]), 6)} (exactly {cell[1]})"


@dataclass(frozen=True)
class UntypedColumn(Column):
    """A column given by its heading alone, its cells text: read as :mod:`casino_math.untyped` says."""

    share: bool = False

    def reader_heading(self) -> str:
        return reader_heading(self.heading)

    def text(self, cell: Cell) -> str:
        return str(cell)

    def folds(self, cell: Cell) -> bool:
        found = _FRACTION_CELL.fullmatch(str(cell))
        return found is not None and len(found[1]) > LONG_FRACTION

    def html(self, cell: Cell, folded: bool = False) -> str:
        text = str(cell)
        return html_cell(bet_name(text, reader_names()) if self.holds is Holds.BET else text, self.share, folded)

    def printed(self, cell: Cell) -> str:
        return printed_cell(str(cell))


def typed_columns(table: Table) -> list[Column]:
    """A table's columns, each saying what it holds: a column given by its heading alone is read from it."""
    headings = [str(c) for c in table.columns]
    return [c if isinstance(c, Column) else
            UntypedColumn(c, Holds.BET if c == "bet" else Holds.TEXT, share=_is_share_column(c, headings))
            for c in table.columns]


def untyped_caption(table: Table) -> str:
    """A table's caption as a reader sees it: as the table names it (``shown_caption``), or else with each
    "(ID rules)" of its text named."""
    return reader_caption(table.caption) if table.shown_caption is None else table.shown_caption
