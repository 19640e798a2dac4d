"""Tables of exact values: each column says what it holds, and each cell keeps its value until it is shown.

A table is built from values (Fractions, counts, bet IDs, payouts) under
columns that say what they hold (:class:`Holds`): a chance or an edge, an
amount, a payout, a bet, a name.  Shown, the same table is

- plain text (what the command line prints): bet and rules IDs as a user types
  them, exact numbers as "n/d";
- HTML (what a reader of the book sees): names instead of IDs (from the names
  the column was given, which a game provides through its contract), payouts
  on one line, a chance with its percent beside it, a long fraction folded
  behind its percent (or decimal), one click away, and every fraction of a
  column that holds a long one folded so too: one form a column;
- Markdown for the printed page, where a long fraction follows its percent, whole.

Every column says what it holds: a heading alone is refused, so that nothing
is ever guessed from a heading or read back from a cell's text.

>>> from fractions import Fraction
>>> edges = Table([Column("bet", Holds.BET, names={"dont_pass": "Don't pass"}), Column("P(win)", Holds.SHARE)],
...               [["dont_pass", Fraction(976, 1995)]])
>>> edges
bet        P(win)
---------  --------
dont_pass  976/1995
>>> print(edges._repr_html_().split("<tbody>")[1])
<tr><td>Don&#x27;t pass</td><td data-value="0.4892230576">976/1995 <span class="percent">(48.922%)</span></td></tr></tbody></table></div>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar, Union

from .formats import decimal, fraction_text, list_items, percent, signed_percent, text_lines

if TYPE_CHECKING:
    from .bets import Bet

Item = TypeVar("Item")

#: What a cell holds: words or an ID (str), an exact number (Fraction, int), a rounded one (Decimal), a payout's
#: winning lines (line -> net payout per unit), or a :class:`Figure` that says what it is.
Cell = Union[str, int, Fraction, Decimal, Mapping[str, Fraction], "Figure"]

#: A fraction longer than this many characters is shown as its percent (or decimal), the fraction one click away.
LONG_FRACTION = 13
#: A number of more digits than this, in an opened fraction, may break between groups of three digits (counted from
#: its end); a shorter one never breaks, and the fraction breaks after its slash.
LONG_NUMBER = 18
#: The space inside a payout in HTML, so that "9 to 5" never wraps.
NO_BREAK = "\u00a0"
#: Bet names the book writes otherwise than the library's short form ("straight 17"): the word, then the book's.
BOOK_BET_WORDS = {"straight": "straight up on"}


class Holds(StrEnum):
    """What a column holds, which says how each of its cells is shown."""

    TEXT = "text"
    """Words, shown as they are (a long list folded in HTML)."""
    NAME = "name"
    """An ID (a rules value's, a card's): the ID in plain text, the column's name for it in HTML (a payout in
    the name, "Tie 9 to 1", on one line)."""
    BET = "bet"
    """A bet, by its ID or the library's name for it ("straight 17"): in HTML the book's name ("Straight up on 17")."""
    PAYOUT = "payout"
    """A payout: a net payout per unit (9/5 is "9 to 5"), or winning lines -> their payouts."""
    SHARE = "share"
    """A chance or an edge, exact: "n/d", and in HTML its percent beside it (or in front, when it is long)."""
    AMOUNT = "amount"
    """Any other exact number (units, rolls, a ratio): "n/d", in HTML a long one as its decimal."""
    PERCENT = "percent"
    """A chance or an edge shown only as its percent, to the column's ``digits``."""
    DECIMAL = "decimal"
    """A number shown to the column's ``digits`` decimal places (a standard deviation)."""
    COUNT = "count"
    """A whole number (of ways, of spins, of dollars), its thousands separated by commas: 1,895,441."""


@dataclass(frozen=True)
class Column:
    """A column of a table: its heading, what it holds, and how a reader sees them.

    >>> Column("sd", Holds.DECIMAL, shown="standard deviation", digits=4).text(Decimal("1.86339"))
    '1.8634'
    >>> Column("ways", Holds.COUNT).text(1895441), Column("ways", Holds.COUNT).html(Fraction(36))
    ('1,895,441', '<td>36</td>')
    >>> Column("rules", Holds.NAME, names={"tie_9_to_1": "Tie 9 to 1"}).html("tie_9_to_1")
    '<td>Tie 9\xa0to\xa01</td>'
    """

    heading: str
    """The heading, as the command line prints it."""
    holds: Holds = Holds.TEXT
    """What each cell of the column is."""
    shown: str | None = None
    """The heading a reader of the book sees, when it differs ("standard deviation" for "sd", "Oxford" for "oxford")."""
    names: Mapping[str, str] = field(default_factory=dict, hash=False)
    """For IDs (:attr:`Holds.NAME`, :attr:`Holds.BET`): each ID -> the name a reader sees (a game's ``BET_NAMES``)."""
    digits: int | None = None
    """Decimal places: of a percent (:attr:`Holds.PERCENT`; for :attr:`Holds.SHARE`, a percent the plain text shows
    beside the fraction too), or of a decimal (:attr:`Holds.DECIMAL`)."""
    signed: bool = False
    """A percent that is a change, shown with its sign (+0.25%)."""
    beside: bool = False
    """A chance or an edge shown in HTML as its fraction alone: its percent is beside it in another column (or, in
    a matrix of chances, would crowd it)."""

    def __str__(self) -> str:
        return self.heading

    def reader_heading(self) -> str:
        """The heading a reader of the book sees."""
        return self.heading if self.shown is None else self.shown

    def text(self, cell: Cell) -> str:
        """A cell of this column as plain text."""
        if isinstance(cell, Figure):
            return cell.holds.text(cell.value)
        if isinstance(cell, str):
            return cell
        if isinstance(cell, Mapping):
            return payout_text(cell)
        if self.holds is Holds.PAYOUT:
            return payout_text({"": Fraction(cell)})
        if self.holds is Holds.PERCENT:
            q = _exact(cell)
            return signed_percent(q, self._digits(2)) if self.signed else percent(q, self._digits(2))
        if self.holds is Holds.DECIMAL:
            return decimal(cell, self._digits(4))
        if self.holds is Holds.COUNT:
            return f"{_whole(cell):,}"
        if isinstance(cell, Decimal):
            return decimal(cell, self._digits(6))
        shown = fraction_text(cell)
        return f"{shown} ({percent(cell, self.digits)})" if self.holds is Holds.SHARE and self.digits else shown

    def folds(self, cell: Cell) -> bool:
        """Whether HTML shows this cell as a long fraction, folded behind its percent (or decimal).

        >>> Column("edge", Holds.SHARE).folds(Fraction(114753351728, 10847218479825)), Column("edge").folds(Fraction(1, 19))
        (True, False)
        """
        if isinstance(cell, (Figure, str, Decimal, Mapping)) or self.holds in (Holds.PERCENT, Holds.DECIMAL,
                                                                               Holds.COUNT, Holds.PAYOUT):
            return False
        return len(fraction_text(Fraction(cell))) > LONG_FRACTION

    def html(self, cell: Cell, folded: bool = False) -> str:
        """A cell of this column as HTML: a ``<td>`` element.

        ``folded``: the column holds a long fraction (:meth:`folds`), so this cell's fraction, even a short one, is
        folded as that one is, behind its percent (or decimal): a column shows its numbers in one form.

        >>> Column("house edge", Holds.SHARE, beside=True).html(Fraction(1, 19), folded=True).split("</summary>")[0]
        '<td data-value="0.05263157895"><details class="exact"><summary title="1/19">0.052632'
        """
        if isinstance(cell, Figure):
            return cell.holds.html(cell.value)
        if isinstance(cell, Mapping) or self.holds is Holds.PAYOUT:
            return _text_td(self.text(cell).replace(" to ", f"{NO_BREAK}to{NO_BREAK}"))
        if isinstance(cell, str):
            if self.holds is Holds.BET:
                return _text_td(bet_name(cell, self.names))
            if self.holds is Holds.NAME:
                return _text_td(self.names.get(cell, cell).replace(" to ", f"{NO_BREAK}to{NO_BREAK}"))
            return _text_td(cell)
        if (isinstance(cell, Decimal) or self.holds in (Holds.PERCENT, Holds.DECIMAL, Holds.COUNT)
                or Fraction(cell).denominator == 1):
            return _text_td(self.text(cell))
        q = Fraction(cell)
        shown = (percent(q, self.digits) if self.digits else percent(q, 3) if abs(q) <= 1 and not self.beside
                 else None) if self.holds is Holds.SHARE else None
        return f'<td data-value="{float(q):.10g}">{exact_html(q, shown, folded)}</td>'

    def printed(self, cell: Cell) -> str:
        """A cell of this column as the printed page shows it: a long fraction after its percent (or decimal), whole.

        >>> Column("P(ahead)", Holds.SHARE, digits=2).printed(Fraction(2560599031177, 6131066257801))
        '41.76% (exactly 2560599031177/6131066257801)'
        """
        if isinstance(cell, Figure):
            return cell.holds.printed(cell.value)
        if isinstance(cell, (str, Decimal, Mapping)) or self.holds in (Holds.PERCENT, Holds.DECIMAL, Holds.PAYOUT,
                                                                       Holds.COUNT):
            return self.text(cell)
        q = Fraction(cell)
        if len(fraction_text(q)) <= LONG_FRACTION:
            return self.text(cell)
        shown = percent(q, self.digits) if self.holds is Holds.SHARE and self.digits else decimal(q, 6)
        return f"{shown} (exactly {fraction_text(q)})"

    def _digits(self, default: int) -> int:
        return default if self.digits is None else self.digits


@dataclass(frozen=True)
class Figure:
    """A cell that says itself what it holds, in a column of mixed figures (a widget's "what, value" table).

    >>> str(Figure(Fraction(1, 19), Column("P(win)", Holds.SHARE, digits=2)))
    '1/19 (5.26%)'
    """

    value: Cell
    holds: Column

    def __str__(self) -> str:
        return self.holds.text(self.value)

    def inner_html(self) -> str:
        """The figure as HTML inside an element of its own (a widget's row of figures): its ``<td>`` without the tag."""
        q = self.value
        if self.holds.holds is Holds.SHARE and isinstance(q, (int, Fraction)) and Fraction(q).denominator != 1:
            return exact_html(Fraction(q), percent(q, self.holds._digits(2)))
        return escaped(str(self))


def escaped(text: str, quote: bool = True) -> str:
    """``text`` safe inside HTML (:func:`html.escape`, imported only when a table is first shown as HTML: the command
    line prints plain text and does not pay for it).

    >>> escaped("Don't pass <1 to 1>")
    'Don&#x27;t pass &lt;1 to 1&gt;'
    """
    from html import escape

    return escape(text, quote)


def _exact(cell: Cell) -> Fraction:
    if isinstance(cell, (int, Fraction)):
        return Fraction(cell)
    raise TypeError(f"a cell of a table's percent column must be an exact number, not {cell!r}")


def _whole(cell: Cell) -> int:
    if isinstance(cell, int) or (isinstance(cell, Fraction) and cell.denominator == 1):
        return int(cell)
    raise TypeError(f"a cell of a table's count column must be a whole number, not {cell!r}")


def _text_td(text: str) -> str:
    """Words in a cell: a long list shows its first item, the rest one click away."""
    first, *rest = (escaped(part) for part in list_items(text))
    if not rest:
        return f"<td>{first}</td>"
    return (f'<td><details class="long-list"><summary>{first}; …</summary>'
            + "".join(f"<span>{part}</span>" for part in rest) + "</details></td>")


def payout_text(lines: Mapping[str, Fraction]) -> str:
    """Winning lines and their payouts in the casino's words: one payout alone ("35 to 1"), or each line's.

    >>> payout_text({"win": Fraction(9, 5)}), payout_text({"natural win": Fraction(1), "win by 9": Fraction(30)})
    ('9 to 5', 'natural win: 1 to 1; win by 9: 30 to 1')
    """
    from .bets import odds_text

    if len(lines) == 1:
        return odds_text(next(iter(lines.values())))
    return "; ".join(f"{line}: {odds_text(x)}" for line, x in lines.items())


def exact_html(q: Fraction, shown: str | None = None, fold: bool = False) -> str:
    """An exact number as a reader sees it in HTML: a short fraction with ``shown`` (its percent) beside it; a long
    one as ``shown`` (or its decimal), the whole fraction one click away.  ``fold``: a short one is folded so too
    (its column holds a long one).

    Every exact number on a page takes one of these two forms: in a table, in a widget's figures, in a sentence.

    >>> exact_html(Fraction(1, 19), "5.26%")
    '1/19 <span class="percent">(5.26%)</span>'
    >>> exact_html(Fraction(2560599031177, 6131066257801), "41.76%").split("</summary>")[0]
    '<details class="exact"><summary title="2560599031177/6131066257801">41.76%'
    >>> exact_html(Fraction(-10, 19))
    '-10/19'
    """
    text = fraction_text(q)
    if len(text) <= LONG_FRACTION and not fold:
        return text + (f' <span class="percent">({escaped(shown)})</span>' if shown else "")
    return folded(text, escaped(shown or decimal(q, 6)))


def share_html(q: Fraction | int, digits: int = 2) -> str:
    """A chance or an edge in HTML: its exact fraction with its percent, or a long one's percent, the fraction a click away.

    >>> share_html(Fraction(1, 38))
    '1/38 <span class="percent">(2.63%)</span>'
    >>> share_html(Fraction(2560599031177, 6131066257801)).split("</summary>")[0].endswith(">41.76%")
    True
    """
    return exact_html(Fraction(q), percent(q, digits))


def folded(fraction: str, summary: str) -> str:
    """HTML that shows ``summary`` and, one click away, the whole exact ``fraction``, which breaks only where
    :func:`fraction_breaks` lets it: never inside a number that fits on a line.

    >>> folded("2560599031177/6131066257801", "41.760%")
    '<details class="exact"><summary title="2560599031177/6131066257801">41.760%</summary><span class="exact-fraction" style="overflow-wrap:normal">2560599031177/<wbr>6131066257801</span></details>'
    """
    return (f'<details class="exact"><summary title="{fraction}">{summary}</summary>'
            f'<span class="exact-fraction" style="overflow-wrap:normal">{fraction_breaks(fraction)}</span></details>')


def fraction_breaks(fraction: str) -> str:
    """A fraction's text with the places it may break marked (``<wbr>``): after its slash, and inside a number too
    long for a line (more than :data:`LONG_NUMBER` digits) between groups of three digits, counted from its end.

    >>> fraction_breaks("-10/19"), fraction_breaks("1" * 20 + "/3")
    ('-10/<wbr>19', '11<wbr>111<wbr>111<wbr>111<wbr>111<wbr>111<wbr>111/<wbr>3')
    """
    return "/<wbr>".join(_number_breaks(number) for number in fraction.split("/"))


def _number_breaks(number: str) -> str:
    sign, digits = ("-", number[1:]) if number.startswith("-") else ("", number)
    if len(digits) <= LONG_NUMBER:
        return number
    head = len(digits) % 3 or 3
    return sign + "<wbr>".join([digits[:head], *(digits[k:k + 3] for k in range(head, len(digits), 3))])


def bet_name(name: str, names: Mapping[str, str] | None = None) -> str:
    """A bet as the book names it in a table, a menu or a title: its reader's name in ``names`` (a game's
    ``BET_NAMES``), or its name capitalised, with the numbers it covers.

    >>> bet_name("straight 17"), bet_name("split 1-2"), bet_name("dont_pass", {"dont_pass": "Don't pass"})
    ('Straight up on 17', 'Split 1-2', "Don't pass")
    >>> bet_name("2 (aces)"), bet_name("dragon bonus (banker)")
    ('2 (aces)', 'Dragon bonus (banker)')
    """
    if names and (text := names.get(name)):
        return text
    word, _, rest = name.partition(" ")
    if word in BOOK_BET_WORDS and rest[:1].isdigit():
        name = f"{BOOK_BET_WORDS[word]} {rest}"
    return name[:1].upper() + name[1:]


@dataclass(frozen=True)
class Table:
    """A small table that shows itself as HTML in a notebook and as aligned text elsewhere.

    ``cells`` are the values, one sequence per row; :attr:`rows` is their plain text.

    >>> Table([Column("bet", Holds.BET), Column("edge", Holds.PERCENT)], [["red", Fraction(1, 19)], ["top line", Fraction(3, 38)]])
    bet       edge
    --------  -----
    red       5.26%
    top line  7.89%
    >>> Table(["bet"], [["red"]])
    Traceback (most recent call last):
    ...
    TypeError: a table's column must say what it holds, e.g. Column('bet', Holds.BET), not the heading 'bet' alone
    """

    columns: Sequence[Column]
    cells: Sequence[Sequence[Cell]]
    caption: str = ""
    sortable: bool = False  #: on the published site, clicking a heading sorts the rows
    filterable: bool = False  #: on the published site, a search box above the table keeps the rows that match
    shown_caption: str | None = None  #: the caption a reader of the book sees, when it differs (names, not IDs)

    def __post_init__(self) -> None:
        for column in self.columns:
            if not isinstance(column, Column):
                raise TypeError(f"a table's column must say what it holds, e.g. Column({column!r}, Holds.BET), "
                                f"not the heading {column!r} alone")

    @property
    def rows(self) -> list[list[str]]:
        """Each row as plain text, as the command line prints it."""
        return [[column.text(cell) for column, cell in zip(self.columns, row, strict=True)] for row in self.cells]

    def reader_caption(self) -> str:
        """The caption as a reader of the book sees it: ``shown_caption`` when the table gives one, else its caption."""
        return self.caption if self.shown_caption is None else self.shown_caption

    def __repr__(self) -> str:
        cells = [[text_lines(str(c)) for c in row] for row in [[str(c) for c in self.columns], *self.rows]]
        widths = [max(len(line) for row in cells for line in row[i]) for i in range(len(self.columns))]

        def fmt(row: list[list[str]]) -> list[str]:
            height = max(map(len, row))
            return ["  ".join((c[k] if k < len(c) else "").ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
                    for k in range(height)]

        lines = [*fmt(cells[0]), "  ".join("-" * w for w in widths), *(line for row in cells[1:] for line in fmt(row))]
        return "\n".join(([self.caption] if self.caption else []) + lines)

    def _repr_html_(self) -> str:
        head = "".join(f'<th scope="col">{escaped(c.reader_heading())}</th>' for c in self.columns)
        # A column that holds a long fraction shows every fraction in it folded as that one is: one form a column.
        folds = [any(c.folds(row[k]) for row in self.cells) for k, c in enumerate(self.columns)]
        body = "".join("<tr>" + "".join(c.html(cell, f) for c, cell, f in zip(self.columns, row, folds, strict=True))
                       + "</tr>"
                       for row in self.cells)
        reader_caption = self.reader_caption()
        caption = f"<caption>{escaped(reader_caption)}</caption>" if self.caption else ""
        classes = " ".join(["casino-math-table", *(["sortable"] * self.sortable), *(["filterable"] * self.filterable)])
        table = f'<table class="{classes}">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        # A table wider than the text column scrolls inside this frame (focusable, so a keyboard can scroll it).
        label = escaped(reader_caption or "table", quote=True)
        return f'<div class="table-frame" tabindex="0" role="region" aria-label="{label}">{table}</div>'

    def _repr_markdown_(self) -> str:
        def line(cells: Sequence[str]) -> str:
            return "| " + " | ".join(cells) + " |"

        rows = [[c.printed(cell) for c, cell in zip(self.columns, row, strict=True)] for row in self.cells]
        return "\n".join([line([str(c) for c in self.columns]), line(["---"] * len(self.columns))]
                         + [line(r) for r in rows])


def table(items: Iterable[Item], columns: Mapping[Column, Callable[[Item], Cell]], caption: str = "") -> Table:
    """A Table with one row per item and one column per (column, function of the item).

    >>> table([Fraction(1, 2), Fraction(1, 4)], {Column("p", Holds.SHARE): lambda q: q, Column("percent"): percent})
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
            Column("bet", Holds.BET): lambda bet: bet.name,
            Column("pays", Holds.PAYOUT): b.winning_pays,
            Column("P(win)", Holds.SHARE): b.p_win,
            Column("house edge", Holds.SHARE, beside=True): b.house_edge,
            Column("house edge %", Holds.PERCENT): b.house_edge,
            Column("sd", Holds.DECIMAL, shown="standard deviation", digits=4): b.standard_deviation,
        },
        caption,
    )
