"""Widgets for the chapter "Streaks and random walks"."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..tables import Cell, Column, Holds, Table, table
from ..walks import FAIR, RED, RED_SINGLE_ZERO, Walk, run_at_least, time_ahead
from .live import Control, Shown, Widget, defines

#: The bets the reader can pick: even-money bets whose win is the "run" the widget looks for.
BETS: tuple[tuple[str, Walk], ...] = (
    ("red, double zero", RED), ("red, single zero", RED_SINGLE_ZERO), ("a fair coin", FAIR))
#: The session lengths offered.
SPINS = (10, 20, 30, 40, 50, 60, 80, 100)
#: The shares of the session the time-ahead table asks about.
SHARES = (Fraction(1, 10), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(9, 10), Fraction(1))


def run_row(spins: int, run: int) -> str:
    """The name of the table row that holds the chance of a run.

    >>> run_row(100, 7)
    'a run of at least 7 wins in 100 bets'
    """
    return f"a run of at least {run} wins in {spins} bets"


def runs_and_leads(bet: Walk, spins: int, run: int) -> str:
    """What the explorer shows: the exact chance of a run of at least ``run`` wins in ``spins`` bets, then the chance
    that the player is strictly ahead after at least each share of the bets, all computed exactly and shown as
    percents.

    >>> html = runs_and_leads(FAIR, 4, 4)
    >>> "<td>a run of at least 4 wins in 4 bets</td><td>6.2500%</td>" in html
    True
    >>> "<td>ahead after at least 2 of the 4 bets</td><td>43.7500%</td>" in html     # 7 of the 16 paths
    True
    """
    law = time_ahead(bet, spins)
    rows: list[tuple[str, Fraction]] = [(run_row(spins, run), run_at_least(spins, run, bet.win))]
    # the smallest whole number of bets that is at least each share, each once
    for least in sorted({max(1, -(-share * spins // 1)) for share in SHARES}):
        rows.append((f"ahead after at least {least} of the {spins} bets",
                     sum((q for a, q in law.items() if a >= least), Fraction(0))))
    shown = table(rows, {Column("the chance of"): lambda r: r[0], Column("exact, as a percent", Holds.PERCENT,
                                                                          digits=4): lambda r: r[1]},
                  caption=f"{bet.name}: {spins} bets of $1, each step up 1 on a win and down 1 on a loss")
    return shown._repr_html_()


@defines("walks.runs")
def runs_widget() -> Widget:
    """The runs-and-leads explorer's definition.

    >>> "a run of at least 7 wins in 100 bets" in runs_widget().view({"run": 7})["html"]
    True
    """
    controls = (
        Control("bet", "buttons", "Bet", options=BETS, default=RED),
        Control("spins", "options", "Bets in the session", options=tuple((str(n), n) for n in SPINS), default=100),
        Control("run", "range", "Run of wins at least", low=1, high=20, default=5),
    )
    return Widget("walks.runs", controls, runs_and_leads)


def runs_explorer() -> Shown:
    """Buttons for the bet, a slider for the session's length and one for the run length, showing the exact chance
    of a run of wins at least that long and the chances of being ahead after each share of the bets.

    >>> bet, spins, run, shown = runs_explorer().children
    >>> spins.value = SPINS.index(20)
    >>> "in 20 bets" in shown.value
    True
    """
    return Shown(runs_widget())


def runs_table(spins: int = 100, runs: tuple[int, ...] = (5, 7, 10)) -> Table:
    """The static twin of :func:`runs_explorer`: the same figures for each bet, for a session of ``spins`` bets,
    exact (in HTML each shown as its percent, a long fraction one click away).

    >>> runs_table(4, (4,))
    Runs and leads in 4 bets of $1 on an even-money chance
    bet               run of at least 4 wins  ahead after at least half the bets
    ----------------  ----------------------  ----------------------------------
    red, double zero  6561/130321             51921/130321
    red, single zero  104976/1874161          782136/1874161
    a fair coin       1/16                    7/16
    """
    def ahead_half(bet: Walk) -> Fraction:
        return sum((q for a, q in time_ahead(bet, spins).items() if 2 * a >= spins), Fraction(0))

    def run_chance(k: int) -> Callable[[tuple[str, Walk]], Cell]:
        return lambda b: run_at_least(spins, k, b[1].win)

    columns: dict[Column, Callable[[tuple[str, Walk]], Cell]] = {Column("bet"): lambda b: b[0]}
    for k in runs:
        columns[Column(f"run of at least {k} wins", Holds.SHARE)] = run_chance(k)
    columns[Column("ahead after at least half the bets", Holds.SHARE)] = lambda b: ahead_half(b[1])
    return table(BETS, columns, caption=f"Runs and leads in {spins} bets of $1 on an even-money chance")
