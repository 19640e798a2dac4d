"""Widgets for the chapter "Chance, expectation and the house edge"."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .. import bets, display
from ..dice import one_face_bet
from ..tables import Column, Holds, Table, table
from .live import Control, Shown, Widget, defines

#: The payouts the slider offers: 1 to 1 up to 8 to 1 in half units.
PAYOUTS = tuple(Fraction(n, 2) for n in range(2, 17))
DEFAULT_PAYOUT = Fraction(4)


def payout_summary(payout: Fraction | int) -> str:
    """What the payout explorer shows for one payout, as HTML.

    >>> print(payout_summary(4))
    <b>The 6 pays 4 to 1.</b> Expected value per $1: <b>-1/6</b> (-16.67%); house edge <b>1/6</b> (16.67%).
    """
    bet = one_face_bet(payout)
    ev, edge = bets.expected_value(bet), bets.house_edge(bet)
    return (
        f"<b>The 6 pays {bets.pays_text(bet)}.</b> "
        f"Expected value per $1: <b>{display.fraction_text(ev)}</b> ({display.percent(ev)}); "
        f"house edge <b>{display.fraction_text(edge)}</b> ({display.percent(edge)})."
    )


def payout_table(payouts: Iterable[Fraction | int] = PAYOUTS[::2], default: Fraction = DEFAULT_PAYOUT) -> Table:
    """The static twin of :func:`payout_explorer`: the same figures for a range of payouts.

    >>> payout_table([Fraction(4), Fraction(5)])
    A bet on the 6: (*) marks the explorer's starting payout
    pays        expected value per $1  house edge  house edge %
    ----------  ---------------------  ----------  ------------
    4 to 1 (*)  -1/6                   1/6         16.67%
    5 to 1      0                      0           0.00%
    """

    def pays(x: Fraction) -> str:
        return bets.odds_text(x) + (" (*)" if x == default else "")

    return table(
        [Fraction(x) for x in payouts],
        {
            Column("pays", Holds.PAYOUT): pays,
            Column("expected value per $1", Holds.AMOUNT): lambda x: bets.expected_value(one_face_bet(x)),
            Column("house edge", Holds.SHARE, beside=True): lambda x: bets.house_edge(one_face_bet(x)),
            Column("house edge %", Holds.PERCENT): lambda x: bets.house_edge(one_face_bet(x)),
        },
        caption="A bet on the 6: (*) marks the explorer's starting payout",
    )


@defines("chance.payout")
def payout_widget() -> Widget:
    """The payout explorer's definition: a slider over :data:`PAYOUTS`, showing :func:`payout_summary`.

    >>> payout_widget().view({"payout": 8})["html"][:25]
    '<b>The 6 pays 5 to 1.</b>'
    """
    slider = Control("payout", "options", "The 6 pays", options=tuple((bets.odds_text(x), x) for x in PAYOUTS),
                     default=DEFAULT_PAYOUT)
    return Widget("chance.payout", (slider,), payout_summary)


def payout_explorer(payout: Fraction | int = DEFAULT_PAYOUT) -> Shown:
    """A slider for the payout of a bet on one face of a die, showing its exact expected value and edge.

    >>> slider, summary = payout_explorer().children
    >>> slider.value = PAYOUTS.index(Fraction(5))
    >>> "house edge <b>0</b>" in summary.value
    True
    """
    return Shown(payout_widget().starting_at(payout=Fraction(payout)))
