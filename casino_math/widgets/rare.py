"""The "rare wins" explorer of the chapter "Rare events and the Poisson law": the wins of one roulette bet in n spins,
binomial against Poisson, with the exact total variation distance between the two laws and Le Cam's bound on it.

:func:`wins_widget` is its definition, drawn in Jupyter and on the site alike; :func:`wins_summary` computes what
it shows, and :func:`wins_table` is its static twin.  The binomial chances are exact fractions; the Poisson chances
and the distance are irrational and shown to the digits their brackets agree on (:mod:`casino_math.rare`).
Nothing here imports numpy, so it runs in the reader's browser.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import partial

from .. import display
from ..distribution import as_decimal
from ..rare import POCKETS, binomial_chances, le_cam_bound, poisson_chance, shown, total_variation
from ..tables import Column, Table
from .live import Control, Shown, Widget, defines

#: The bets offered, by how many of the 38 pockets they cover.
BETS = (("straight up (1 number)", 1), ("split (2 numbers)", 2), ("street (3 numbers)", 3),
        ("corner (4 numbers)", 4), ("top line (5 numbers)", 5), ("six line (6 numbers)", 6),
        ("dozen or column (12 numbers)", 12), ("an even-money bet: red, odd, low, ... (18 numbers)", 18))
#: The numbers of spins offered.
SPINS = (10, 38, 100, 200, 380, 1000)
#: The explorer's starting settings: straight up, 100 spins.
DEFAULT_COVERS, DEFAULT_SPINS = 1, 100
#: How many counts of wins the table shows, around the mean.
ROWS = 12


def chance_of(covers: int) -> Fraction:
    """The chance that a bet covering ``covers`` of the 38 pockets wins one spin.

    >>> chance_of(2)
    Fraction(1, 19)
    """
    return Fraction(covers, POCKETS)


def distance_text(q: Fraction) -> str:
    """A distance between laws as the explorer shows it: four significant digits.

    >>> distance_text(Fraction(1, 38))
    '0.02632'
    """
    return f"{as_decimal(q, 4):f}"


def percent_3(q: Fraction) -> str:
    """A chance as the explorer's table shows it: a percent to three decimals.

    >>> percent_3(Fraction(1, 38))
    '2.632%'
    """
    return display.percent(q, 3)


def shown_counts(spins: int, chance: Fraction) -> range:
    """The counts of wins the table shows: :data:`ROWS` of them from a little below the mean (never past ``spins``).

    >>> shown_counts(10, Fraction(1, 38)), shown_counts(1000, Fraction(12, 38))
    (range(0, 11), range(310, 322))
    """
    first = max(0, int(spins * chance) - ROWS // 2 + 1)
    return range(first, min(spins, first + ROWS - 1) + 1)


def wins_summary(covers: int, spins: int) -> str:
    """What the explorer shows for a bet on ``covers`` pockets over ``spins`` spins, as HTML.

    >>> page = wins_summary(1, 38)
    >>> "Binomial(38, 1/38)" in page, "<td>total variation distance</td><td>0.007374</td>" in page
    (True, True)
    """
    p = chance_of(covers)
    mean = spins * p
    binomial = binomial_chances(spins, p)
    rows = [[str(k), display.percent(binomial[k], 3),
             shown(partial(poisson_chance, mean, k), percent_3)]
            for k in shown_counts(spins, p)]
    chances = Table([Column("wins"), Column("binomial"), Column("Poisson")], rows,
                    f"Chance of each number of wins: Binomial({spins}, {display.fraction_text(p)}) against "
                    f"Poisson({display.fraction_text(mean)})")
    bound = le_cam_bound([p] * spins)
    distance = shown(partial(total_variation, spins, p), distance_text)
    figures = Table([Column("figure"), Column("value")], [
        ["total variation distance", distance],
        ["Le Cam's bound n p²", f"{display.fraction_text(bound)} = {distance_text(bound)}"],
    ], "How far apart the two laws are")
    verdict = ("Le Cam's bound is at least 1, so it says nothing here." if bound >= 1 else
               "The distance is at most the bound, as Le Cam's inequality says.")
    return (f"<p>A bet on {covers} of the 38 pockets wins each spin with chance {display.fraction_text(p)}; over "
            f"{spins:,} spins it wins {display.fraction_text(mean)} times on average.</p>"
            f"{chances._repr_html_()}{figures._repr_html_()}<p>{verdict}</p>")


def wins_table(spins: Iterable[int] = (38, 100, 380), covers: Iterable[int] = (1, 2, 6, 18)) -> Table:
    """The static twin of :func:`wins_explorer`: for each bet and number of spins, the mean number of wins, the
    total variation distance between the binomial and Poisson laws of the wins, and Le Cam's bound on it.

    >>> wins_table([38], [1]).rows[0]
    ['straight up (1 number)', '38', '1', '0.007374', '0.02632']
    """
    names = {c: name for name, c in BETS}
    rows = []
    for c in covers:
        p = chance_of(c)
        for n in spins:
            rows.append([names[c], str(n), display.fraction_text(n * p),
                         shown(partial(total_variation, n, p), distance_text),
                         distance_text(le_cam_bound([p] * n))])
    columns = [Column(heading) for heading in ("bet", "spins", "mean wins", "total variation distance",
                                               "Le Cam's bound")]
    return Table(columns, rows, "Binomial against Poisson: the wins of a bet in a number of spins")


@defines("rare.wins")
def wins_widget() -> Widget:
    """The rare-wins explorer's definition: the bet and the number of spins.

    >>> wins_widget().view({"spins": 0})["html"][:40]
    '<p>A bet on 1 of the 38 pockets wins eac'
    """
    controls = (
        Control("covers", "dropdown", "Bet", options=BETS, default=DEFAULT_COVERS),
        Control("spins", "options", "Spins", options=tuple((f"{n:,}", n) for n in SPINS), default=DEFAULT_SPINS),
    )
    return Widget("rare.wins", controls, wins_summary)


def wins_explorer(covers: int = DEFAULT_COVERS, spins: int = DEFAULT_SPINS) -> Shown:
    """The rare-wins explorer, live in Jupyter and on the site, starting from the given bet and number of spins.

    >>> wins_explorer(spins=380).widget.defaults()
    {'covers': 0, 'spins': 4}
    """
    return Shown(wins_widget().starting_at(covers=covers, spins=spins))
