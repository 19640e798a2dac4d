"""The chemin de fer chapter's widget: flip one cell of the banker's drawing chart and watch every edge move.

The widget calls :func:`flip_table`, a pure function of the cell; the figures
come from :func:`casino_math.baccarat.chemin.chart_edges`, which deals every
coup under the flipped chart from the punto banco enumeration (cached, so a
new cell costs one enumeration, a few milliseconds, and a cell seen before
costs nothing).
"""

from __future__ import annotations

from ..baccarat import BET_NAMES, rules_named
from ..baccarat.cards import POINT_VALUES
from ..baccarat.chemin import Cell, chart_edges, flipped
from ..baccarat.rules import STOOD
from ..tables import Cell as TableCell
from ..tables import Column, Holds, Table
from .live import Control, Shown, Widget, defines

#: The columns of the chart, as the reader reads them: each third card, then "stood".
THIRD_CARDS: tuple[tuple[str, int | None], ...] = (*((str(v), v) for v in POINT_VALUES), ("stood", STOOD))

#: The cell the widget starts on: banker 6 when the player stood, where the chart stands and drawing pays better.
DEFAULT_CELL: Cell = (6, STOOD)




def _cell_words(cell: Cell) -> str:
    total, third = cell
    if third is STOOD:
        return f"banker {total}, the player stood"
    return f"banker {total}, the player's third card {'an' if third == 8 else 'a'} {third}"


def flip_table(banker: int, third: int | None, rules: str = "oxford") -> Table:
    """Each main bet's house edge with the one cell (banker, third) flipped, its change, and the edge under the
    casino's chart (the flipped edge and the change first, so that a phone shows them).

    >>> flip_table(6, None)
    Banker 6, the player stood: the casino's chart stands; flipped, the banker draws
    bet     house edge, cell flipped  change    house edge, casino's chart
    ------  ------------------------  --------  --------------------------
    banker  0.9334%                   -0.1245%  1.0579%
    player  1.3767%                   +0.1417%  1.2351%
    tie     19.2782%                  +4.9186%  14.3596%
    """
    value = rules_named(rules)
    cell = (banker, third)
    before, after = chart_edges(value), chart_edges(value, flipped(value.drawing, cell))
    rows: list[list[TableCell]] = [[bet, after[bet], after[bet] - before[bet], before[bet]] for bet in before]
    draws = value.drawing.banker_draws_on(banker, third)
    caption = (f"{_cell_words(cell).capitalize()}: the casino's chart {'draws' if draws else 'stands'}; "
               f"flipped, the banker {'stands' if draws else 'draws'}")
    columns = [Column("bet", Holds.BET, names=BET_NAMES), Column("house edge, cell flipped", Holds.PERCENT, digits=4),
               Column("change", Holds.PERCENT, digits=4, signed=True),
               Column("house edge, casino's chart", Holds.PERCENT, digits=4)]
    return Table(columns, rows, caption)


@defines("chemin.chart")
def chart_widget(rules: str = "oxford") -> Widget:
    """The chart flipper's definition: the banker's total and the player's third card pick the cell to flip.

    >>> chart_widget().view({"banker": 6, "third": 10})["html"] == flip_table(6, None)._repr_html_()
    True
    """
    controls = (
        Control("banker", "range", "Banker's two-card total", low=0, high=7, default=DEFAULT_CELL[0]),
        Control("third", "dropdown", "Player's third card", options=THIRD_CARDS, default=DEFAULT_CELL[1]),
    )
    return Widget("chemin.chart", controls, lambda banker, third: flip_table(banker, third, rules)._repr_html_(),
                  args={"rules": rules})


def chart_flipper(banker: int = DEFAULT_CELL[0], third: int | None = DEFAULT_CELL[1], rules: str = "oxford") -> Shown:
    """Pick a cell of the banker's chart; the banker, player and tie edges with that one cell flipped update live.

    >>> total, third, table = chart_flipper().children
    >>> total.value = 4
    >>> third.value = 1
    >>> table.value == flip_table(4, 1)._repr_html_()
    True
    """
    return Shown(chart_widget(rules).starting_at(banker=banker, third=third))
