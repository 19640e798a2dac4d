"""Widgets for the chapter "The table in the long run": the table's state roll after roll, against the long run."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .. import display
from ..craps.chain import COME_OUT, point_state
from ..craps.table_state import distance_after, doeblin_bound, law_after, stationary_law
from ..tables import Column, Holds, Table, table
from .live import Control, Shown, Widget, defines

#: Where the session starts: a come-out, or a point on (8, 9 and 10 behave as 6, 5 and 4).
STARTS = (COME_OUT, point_state(4), point_state(5), point_state(6))
#: The most rolls the slider offers.
MOST_ROLLS = 30
DEFAULT_ROLLS = 3


def state_table(rolls: int, start: str = COME_OUT) -> Table:
    """The chance of each state after ``rolls`` rolls from ``start``, beside the long-run share of rolls in it.

    >>> state_table(1).rows[0]
    ['come-out', '33.333%', '29.623%']
    """
    law, pi = law_after(rolls, start), stationary_law()
    return table(
        list(law),
        {
            Column("state"): str,
            Column(f"after {rolls} rolls", Holds.PERCENT, digits=3): lambda s: law[s],
            Column("in the long run", Holds.PERCENT, digits=3): lambda s: pi[s],
        },
        caption=f"The table's state {rolls} rolls after a {start} roll (a point: the shooter's point is on)",
    )


def state_summary(rolls: int, start: str = COME_OUT) -> str:
    """What the state explorer shows, as HTML: the distance from the long run, its bound, and the table.

    >>> print(state_summary(0).split("<div")[0])
    <p>Distance from the long run: <b>392/557</b> (70.38%); the Doeblin bound allows at most <b>1</b>.</p>
    """
    distance, bound = distance_after(rolls, start), doeblin_bound(rolls)
    return (f"<p>Distance from the long run: <b>{display.fraction_text(distance)}</b> ({display.percent(distance)}); "
            f"the Doeblin bound allows at most <b>{display.fraction_text(bound)}</b>.</p>"
            + state_table(rolls, start)._repr_html_())


@defines("chains.state")
def state_widget() -> Widget:
    """The state explorer's definition: where the session starts, and how many rolls later.

    >>> state_widget().view({"start": 1, "rolls": 0})["html"].count("<tr>") > 7
    True
    """
    start = Control("start", "buttons", "Start from", options=tuple((s, s) for s in STARTS), default=COME_OUT)
    rolls = Control("rolls", "range", "Rolls later", low=0, high=MOST_ROLLS, default=DEFAULT_ROLLS)
    return Widget("chains.state", (start, rolls), lambda start, rolls: state_summary(rolls, start))


def state_explorer(rolls: int = DEFAULT_ROLLS, start: str = COME_OUT) -> Shown:
    """Buttons for where the session starts and a slider for the rolls since, showing the state's law and the
    long run.

    >>> start, rolls, view = state_explorer().children
    >>> rolls.value = 0
    >>> "392/557" in view.value
    True
    """
    return Shown(state_widget().starting_at(rolls=rolls, start=start))


def distance_table(rolls: Iterable[int] = (0, 1, 2, 3, 4, 6, 8, 12, 16)) -> Table:
    """The static twin of :func:`state_explorer`: the distance from the long run after each number of rolls,
    from a come-out and from a 4 on, beside the Doeblin bound.

    >>> distance_table([0]).rows[0]
    ['0', '70.377%', '90.126%', '100.000%']
    """
    return table(
        list(rolls),
        {
            Column("rolls"): str,
            Column("from a come-out", Holds.PERCENT, digits=3): lambda n: distance_after(n, COME_OUT),
            Column("from a 4 on", Holds.PERCENT, digits=3): lambda n: distance_after(n, point_state(4)),
            Column("Doeblin bound", Holds.PERCENT, digits=3): lambda n: Fraction(doeblin_bound(n)),
        },
        caption="Total-variation distance between the table's state and the long run, after some rolls",
    )
