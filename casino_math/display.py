"""Showing exact numbers to people: percents, LaTeX fractions, and tables.

Nothing here computes a result; it only formats one.  Rounding is done in
exact arithmetic (half away from zero), so the digits shown are the true ones.

A table's plain text (what the command line prints) keeps the bet and rules
IDs a user types; its HTML (what a reader of the book sees) shows their names,
keeps payouts such as "9 to 5" on one line, and folds a long fraction behind
its percent, one click away.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache
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
    filterable: bool = False  #: on the published site, a search box above the table keeps the rows that match

    def __repr__(self) -> str:
        cells = [[text_lines(str(c)) for c in row] for row in [self.columns, *self.rows]]
        widths = [max(len(line) for row in cells for line in row[i]) for i in range(len(self.columns))]

        def fmt(row: list[list[str]]) -> list[str]:
            height = max(map(len, row))
            return ["  ".join((c[k] if k < len(c) else "").ljust(w) for c, w in zip(row, widths)).rstrip()
                    for k in range(height)]

        lines = [*fmt(cells[0]), "  ".join("-" * w for w in widths), *(line for row in cells[1:] for line in fmt(row))]
        return "\n".join(([self.caption] if self.caption else []) + lines)

    def _repr_html_(self) -> str:
        import html

        shares = [_is_share_column(str(c), self.columns) for c in self.columns]
        named = [str(c) == "bet" for c in self.columns]
        head = "".join(f'<th scope="col">{html.escape(reader_heading(str(c)))}</th>' for c in self.columns)
        body = "".join(
            "<tr>" + "".join(html_cell(bet_name(str(c)) if bet else str(c), share)
                             for c, share, bet in zip(row, shares, named, strict=True)) + "</tr>"
            for row in self.rows
        )
        caption = f"<caption>{html.escape(reader_caption(self.caption))}</caption>" if self.caption else ""
        classes = " ".join(["casino-math-table", *(["sortable"] * self.sortable), *(["filterable"] * self.filterable)])
        table = f'<table class="{classes}">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        # A table wider than the text column scrolls inside this frame (focusable, so a keyboard can scroll it).
        label = html.escape(reader_caption(self.caption) or "table", quote=True)
        return f'<div class="table-frame" tabindex="0" role="region" aria-label="{label}">{table}</div>'

    def _repr_markdown_(self) -> str:
        def line(cells: Sequence[str]) -> str:
            return "| " + " | ".join(printed_cell(str(c)) for c in cells) + " |"

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


# What a reader sees in a table on a page: names, not IDs; payouts on one line; long fractions folded.

#: A fraction longer than this many characters is shown as its percent (or decimal), the fraction one click away.
LONG_FRACTION = 13
#: A list ("a: 1 to 1; b: 2 to 1; ...") longer than this many characters shows its first item, the rest one click away.
LONG_LIST = 60
_FRACTION_CELL = re.compile(r"(-?\d+/\d+)(?: \(((?:[<>] )?-?[\d.]+%)\))?")
_PAYOUT = re.compile(r"(\d) to (\d)")
NO_BREAK_TO = "\\1\u00a0to\u00a0\\2"  # "9 to 5" with no-break spaces, so a payout never wraps
_SHARE_WORDS = ("p(", "edge", "probability", "chance", "share")


@cache
def reader_names() -> dict[str, str]:
    """Every game's bet IDs and rules IDs -> the names a reader sees (each game keeps them with its rules).

    >>> names = reader_names()
    >>> names["dont_pass"], names["dragon_bonus_player"], names["red"], names["single_zero"]
    ("Don't pass", 'Dragon Bonus (player)', 'Red', 'Single zero')
    """
    from .baccarat import layout as baccarat_layout
    from .baccarat import rules as baccarat_rules
    from .craps import rules as craps_rules
    from .roulette import rules as roulette_rules

    named: dict[str, str] = {}
    for names in (roulette_rules.BET_NAMES, craps_rules.BET_NAMES, baccarat_layout.BET_NAMES,
                  roulette_rules.RULES_NAMES, craps_rules.RULES_NAMES, baccarat_rules.RULES_NAMES):
        named.update(names)
    return named


def reader_text(text: str) -> str:
    """The reader's name for a bet or rules ID; any other text unchanged.

    >>> reader_text("dont_pass"), reader_text("la_partage"), reader_text("straight 17")
    ("Don't pass", 'La partage', 'straight 17')
    """
    return reader_names().get(text, text)


#: Column headings a reader meets in the book's tables, for the short ones the command line prints.
HEADINGS = {"sd": "standard deviation"}
#: Bet names the book writes otherwise than the library's short form ("straight 17"): the word, then the book's.
BOOK_BET_WORDS = {"straight": "straight up on"}


def reader_heading(heading: str) -> str:
    """A column heading as the book's tables show it.

    >>> reader_heading("sd"), reader_heading("oxford"), reader_heading("P(win)")
    ('standard deviation', 'Oxford', 'P(win)')
    """
    return HEADINGS.get(heading, reader_text(heading))


def bet_name(name: str) -> str:
    """A bet as the book names it in a table, a menu or a title: its reader's name, or its name capitalised, with
    the numbers it covers.

    >>> bet_name("straight 17"), bet_name("split 1-2"), bet_name("top line 0-00-1-2-3"), bet_name("dont_pass")
    ('Straight up on 17', 'Split 1-2', 'Top line 0-00-1-2-3', "Don't pass")
    >>> bet_name("2 (aces)"), bet_name("dragon bonus (banker)")
    ('2 (aces)', 'Dragon bonus (banker)')
    """
    if text := reader_names().get(name):
        return text
    word, _, rest = name.partition(" ")
    if word in BOOK_BET_WORDS and rest[:1].isdigit():
        name = f"{BOOK_BET_WORDS[word]} {rest}"
    return name[:1].upper() + name[1:]


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


def html_cell(text: str, share: bool = False) -> str:
    r"""One table cell as HTML: a name for an ID, a payout that never wraps, a long fraction folded behind its percent.

    ``share``: the column holds chances or edges, so a fraction in it is shown with its percent.

    >>> html_cell("dont_pass"), html_cell("9 to 5")
    ('<td>Don&#x27;t pass</td>', '<td>9\xa0to\xa05</td>')
    >>> print(html_cell("natural win: 1 to 1; win by 9: 30 to 1; win by 8: 10 to 1; win by 7: 6 to 1").replace("\xa0", " "))
    <td><details class="long-list"><summary>natural win: 1 to 1; …</summary><span>win by 9: 30 to 1</span><span>win by 8: 10 to 1</span><span>win by 7: 6 to 1</span></details></td>
    >>> html_cell("244/495", share=True)
    '<td data-value="0.4929292929">244/495 <span class="percent">(49.293%)</span></td>'
    >>> print(html_cell("8954111587648/19524993263685", share=True))
    <td data-value="0.4585974226"><details class="exact"><summary title="8954111587648/19524993263685">45.860%</summary><span class="exact-fraction" style="overflow-wrap:anywhere">8954111587648/19524993263685</span></details></td>
    """
    import html

    cell, parts = _FRACTION_CELL.fullmatch(text), list_items(text)
    if cell is None and len(parts) > 1:
        first, *rest = (html.escape(_PAYOUT.sub(NO_BREAK_TO, part)) for part in parts)
        return (f'<td><details class="long-list"><summary>{first}; …</summary>'
                + "".join(f"<span>{part}</span>" for part in rest) + "</details></td>")
    if cell is None:
        return f"<td>{html.escape(_PAYOUT.sub(NO_BREAK_TO, reader_text(text)))}</td>"
    return f'<td data-value="{float(Fraction(cell[1])):.10g}">{number_html(text, share)}</td>'


def number_html(text: str, share: bool = False) -> str:
    """An exact number as a reader sees it in HTML, from its text "n/d" or "n/d (p%)": a short fraction with its
    percent beside it; a long one as its percent (or decimal), the whole fraction one click away.

    Every exact number on a page takes one of these two forms: in a table, in a widget's figures, in a sentence.

    >>> number_html("1/19 (5.26%)")
    '1/19 <span class="percent">(5.26%)</span>'
    >>> number_html("2560599031177/6131066257801 (41.76%)").split("</summary>")[0]   # a split, 10 spins: P(ahead)
    '<details class="exact"><summary title="2560599031177/6131066257801">41.76%'
    >>> number_html("-10/19"), number_html("not a number")
    ('-10/19', 'not a number')
    >>> number_html(f"1/{10**20} (< 0.01%)").split("</summary>")[0].endswith(">&lt; 0.01%")
    True
    """
    import html

    cell = _FRACTION_CELL.fullmatch(text)
    if cell is None:
        return html.escape(text)
    fraction, q = cell[1], Fraction(cell[1])
    shown = cell[2] or (percent(q, 3) if share and abs(q) <= 1 else None)
    if len(fraction) <= LONG_FRACTION:
        return fraction + (f' <span class="percent">({shown})</span>' if shown else "")
    return folded(fraction, html.escape(shown or decimal(q, 6)))


def share_html(q: Fraction | int, digits: int = 2) -> str:
    """A chance or an edge in HTML: its exact fraction with its percent, or a long one's percent, the fraction a click away.

    >>> share_html(Fraction(1, 38))
    '1/38 <span class="percent">(2.63%)</span>'
    >>> share_html(Fraction(2560599031177, 6131066257801)).split("</summary>")[0].endswith(">41.76%")
    True
    """
    return number_html(f"{fraction_text(q)} ({percent(q, digits)})")


def printed_cell(text: str) -> str:
    """A table cell as the printed page shows it: a long fraction after its percent (or decimal), whole.

    On paper there is nothing to click, so the fraction follows the figure a reader takes in first.

    >>> printed_cell("2560599031177/6131066257801 (41.76%)")
    '41.76% (exactly 2560599031177/6131066257801)'
    >>> printed_cell("8954111587648/19524993263685"), printed_cell("1/19 (5.26%)")
    ('0.458597 (exactly 8954111587648/19524993263685)', '1/19 (5.26%)')
    """
    cell = _FRACTION_CELL.fullmatch(text)
    if cell is None or len(cell[1]) <= LONG_FRACTION:
        return text
    return f"{cell[2] or decimal(Fraction(cell[1]), 6)} (exactly {cell[1]})"


def folded(fraction: str, summary: str) -> str:
    """HTML that shows ``summary`` and, one click away, the whole exact ``fraction``, free to break anywhere.

    Every long fraction on a page is folded this way: in a table (:func:`html_cell`) and in a widget's result.

    >>> folded("2560599031177/6131066257801", "41.760%")
    '<details class="exact"><summary title="2560599031177/6131066257801">41.760%</summary><span class="exact-fraction" style="overflow-wrap:anywhere">2560599031177/6131066257801</span></details>'
    """
    return (f'<details class="exact"><summary title="{fraction}">{summary}</summary>'
            f'<span class="exact-fraction" style="overflow-wrap:anywhere">{fraction}</span></details>')


def short_fraction(fraction: str, digits: int = 7) -> str:
    """A long fraction cut short: the first digits above and below the line.

    >>> short_fraction("2560599031177123456789/6131066257801123456789")
    '2560599…/6131066…'
    >>> short_fraction("1/3000000000000000000000000000000")
    '1/3000000…'
    """
    return "/".join(part if len(part) <= digits else f"{part[:digits]}…" for part in fraction.split("/"))
