"""The tilted-wheel explorer of the chapter "Continuous chance": the chance of each of the 38 arcs when the ball's
angle has the density (1 + e cos t)/(2 pi), a model of a tilted wheel, and the largest departure from 1/38.

:func:`tilt_widget` is its definition, drawn in Jupyter and on the site alike; :func:`tilt_summary` computes what it
shows, and :func:`tilt_table` is its static twin.  The chances are irrational (differences of sines) and shown as
percents to three decimals, from Decimals to :data:`~casino_math.continuous.DIGITS` significant digits.  Nothing
here imports numpy, so it runs in the reader's browser.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from ..continuous import POCKETS, arc_ends, largest_departure, tilted_chances
from ..tables import Column, Table
from .live import Control, Shown, Widget, defines

#: The tilts offered: 0 (a fair wheel) to 1 in steps of 1/10.
TILTS = tuple((f"{Fraction(k, 10).numerator}/{Fraction(k, 10).denominator}" if k % 10 else str(k // 10),
               Fraction(k, 10)) for k in range(11))
#: The explorer's starting tilt.
DEFAULT_TILT = Fraction(1, 10)


def percent_text(d: Decimal) -> str:
    """A chance as the explorer shows it: a percent to three decimals.

    >>> percent_text(Decimal("0.0263157894737"))
    '2.632%'
    """
    return f"{(100 * d).quantize(Decimal('0.001')):f}%"


def degrees_text(k: int) -> str:
    """Where arc ``k`` lies, in degrees to one decimal (the arcs are 360/38 degrees wide).

    >>> degrees_text(0), degrees_text(37)
    ('0.0 to 9.5', '350.5 to 360.0')
    """
    start, end = arc_ends(k)
    return " to ".join(f"{Decimal(360 * x.numerator / x.denominator).quantize(Decimal('0.1')):f}"
                       for x in (start, end))


def tilt_summary(e: Fraction) -> str:
    """What the explorer shows for the tilt ``e``, as HTML.

    >>> page = tilt_summary(Fraction(1, 2))
    >>> "<td>largest departure from 1/38</td><td>1.310%</td>" in page, "<td>0.0 to 9.5</td><td>3.941%</td>" in page
    (True, True)
    """
    chances = tilted_chances(e)
    rows = [[str(k), degrees_text(k), percent_text(c), percent_text(c - Decimal(1) / POCKETS)]
            for k, c in enumerate(chances)]
    arcs = Table([Column("arc"), Column("degrees"), Column("chance"), Column("minus 1/38")], rows,
                 f"The 38 arcs under the density (1 + e cos t)/(2 pi) with tilt e = {e}")
    figures = Table([Column("figure"), Column("value")], [
        ["largest departure from 1/38", percent_text(largest_departure(e))],
        ["highest chance (arcs 0 and 37)", percent_text(max(chances))],
        ["lowest chance (arcs 18 and 19)", percent_text(min(chances))],
    ], "How far the tilt moves the arcs")
    tilted = (f"With tilt e = {e} the angle near 0 is favoured and the angle near half a turn disfavoured; arcs 9 "
              "and 28, centred a quarter and three quarters of a turn round, keep exactly 1/38." if e else
              "With tilt e = 0 the angle is uniform and every arc has exactly 1/38.")
    return (f"<p>A fair wheel gives each arc 1/38 = {percent_text(Decimal(1) / POCKETS)}. {tilted}</p>"
            f"{figures._repr_html_()}{arcs._repr_html_()}")


def tilt_table(tilts: Iterable[Fraction] = (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(1))) -> Table:
    """The static twin of :func:`tilt_explorer`: for each tilt, the highest and lowest arc chance and the largest
    departure from 1/38.

    >>> tilt_table([Fraction(1)]).rows[0]
    ['1', '5.251%', '0.012%', '2.620%']
    """
    rows = []
    for e in tilts:
        chances = tilted_chances(e)
        rows.append([str(e), percent_text(max(chances)), percent_text(min(chances)),
                     percent_text(largest_departure(e))])
    columns = [Column(heading) for heading in ("tilt e", "highest arc chance", "lowest arc chance",
                                               "largest departure from 1/38")]
    return Table(columns, rows, "The tilted wheel: how far the arcs move from 1/38")


@defines("continuous.tilt")
def tilt_widget() -> Widget:
    """The tilted-wheel explorer's definition: one slider, the tilt.

    >>> tilt_widget().view({"e": 0})["html"][:40]
    '<p>A fair wheel gives each arc 1/38 = 2.'
    """
    controls = (Control("e", "options", "Tilt e", options=TILTS, default=DEFAULT_TILT),)
    return Widget("continuous.tilt", controls, tilt_summary)


def tilt_explorer(e: Fraction = DEFAULT_TILT) -> Shown:
    """The tilted-wheel explorer, live in Jupyter and on the site, starting from the tilt ``e``.

    >>> tilt_explorer(Fraction(1, 2)).widget.defaults()
    {'e': 5}
    """
    return Shown(tilt_widget().starting_at(e=e))
