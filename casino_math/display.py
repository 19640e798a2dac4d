"""Showing exact numbers to people: percents, LaTeX fractions, and tables.

Nothing here computes a result; it only formats one.  Rounding is done in
exact arithmetic (half away from zero), so the digits shown are the true ones.
The numbers' forms are in :mod:`casino_math.formats`, the tables in
:mod:`casino_math.tables`, where every column says what it holds.

A table's plain text (what the command line prints) keeps the bet and rules
IDs a user types; its HTML (what a reader of the book sees) shows their names,
keeps payouts such as "9 to 5" on one line, and folds a long fraction behind
its percent, one click away.

>>> from fractions import Fraction
>>> percent(Fraction(1, 19)), bet_name("straight 17")
('5.26%', 'Straight up on 17')
"""

from __future__ import annotations

from .formats import (
    LONG_LIST,
    SUPERSCRIPTS,
    decimal,
    fraction_text,
    latex,
    list_items,
    one_in,
    percent,
    scientific,
    short_fraction,
    signed_percent,
    text_lines,
)
from .tables import (
    BOOK_BET_WORDS,
    LONG_FRACTION,
    Cell,
    Column,
    Figure,
    Holds,
    Table,
    bet_name,
    bet_table,
    exact_html,
    folded,
    share_html,
    table,
)

__all__ = [
    "BOOK_BET_WORDS", "LONG_FRACTION", "LONG_LIST", "SUPERSCRIPTS", "Cell", "Column", "Figure", "Holds", "Table",
    "bet_name", "bet_table", "decimal", "exact_html", "folded", "fraction_text", "latex", "list_items", "one_in",
    "percent", "scientific", "share_html", "short_fraction", "signed_percent", "table", "text_lines",
]
