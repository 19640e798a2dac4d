"""Widgets for the chapter "Conditional expectation": a craps stretch's net given the decisions it settled."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .. import display
from ..bets import expected_value
from ..conditional import conditional_expectation, marginal
from ..craps import bet
from ..craps.table_state import decisions_and_net
from ..tables import Column, Holds, Table, table
from .live import Control, Shown, Widget, defines

#: The most rolls the slider offers (the exact count runs over 36^rolls sequences, grouped).
MOST_ROLLS = 10
DEFAULT_ROLLS = 6


def net_given_decisions(rolls: int) -> Table:
    """For each number d of pass line decisions settled in ``rolls`` rolls from a come-out: its chance, the
    expected net given it, and d times one decision's expected value.

    >>> net_given_decisions(1).rows[1]
    ['1', '1/3', '1/3', '-7/495']
    """
    joint = decisions_and_net(rolls)
    given = conditional_expectation(joint)
    chances = marginal(joint)
    per_decision = expected_value(bet("pass"))
    return table(
        sorted(given),
        {
            Column("decisions d"): str,
            Column("P(d decisions)", Holds.SHARE): lambda d: chances[d],
            Column("E[net] given d", Holds.SHARE): lambda d: given[d],
            Column("d × E[one decision]", Holds.SHARE): lambda d: d * per_decision,
        },
        caption=f"One unit on the pass line at every come-out, {rolls} rolls from a come-out",
    )


def decisions_summary(rolls: int) -> str:
    """What the explorer shows, as HTML: the overall expected net, then the table by decisions."""
    joint = decisions_and_net(rolls)
    overall = joint.E(lambda pair: pair[1])
    return (f"<p>Expected net over {rolls} roll{'' if rolls == 1 else 's'}: <b>{display.fraction_text(overall)}</b> "
            f"({display.percent(overall)} of a unit).</p>" + net_given_decisions(rolls)._repr_html_())


@defines("conditional.decisions")
def decisions_widget() -> Widget:
    """The explorer's definition: a slider for the number of rolls.

    >>> "Expected net over 2 rolls" in decisions_widget().view({"rolls": 2})["html"]
    True
    """
    rolls = Control("rolls", "range", "Rolls", low=1, high=MOST_ROLLS, default=DEFAULT_ROLLS)
    return Widget("conditional.decisions", (rolls,), decisions_summary)


def decisions_explorer(rolls: int = DEFAULT_ROLLS) -> Shown:
    """A slider for the number of rolls, showing the expected net given the decisions they settled.

    >>> slider, view = decisions_explorer().children
    >>> slider.value = 1
    >>> "1/3" in view.value
    True
    """
    return Shown(decisions_widget().starting_at(rolls=rolls))


def stretches_table(rolls: Iterable[int] = range(1, MOST_ROLLS + 1)) -> Table:
    """The static twin: for each stretch of rolls, the expected decisions and net, and the largest gap between
    E[net] given d and d × E[one decision].

    >>> stretches_table([1]).rows[0][:3]
    ['1', '1/3', '1/9']
    """
    per_decision = expected_value(bet("pass"))

    def largest_gap(n: int) -> Fraction:
        given = conditional_expectation(decisions_and_net(n))
        return max(abs(e - d * per_decision) for d, e in given.items())

    return table(
        list(rolls),
        {
            Column("rolls"): str,
            Column("E[decisions]", Holds.AMOUNT): lambda n: decisions_and_net(n).E(lambda pair: pair[0]),
            Column("E[net]", Holds.AMOUNT): lambda n: decisions_and_net(n).E(lambda pair: pair[1]),
            Column("largest gap, E[net] given d against d × E[one decision]", Holds.DECIMAL, digits=3): largest_gap,
        },
        caption="Pass line decisions and net over a stretch of rolls from a come-out",
    )
