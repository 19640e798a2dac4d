"""The roulette bet chooser: tick pockets on the layout (or pick an outside bet), see the bet, its odds and a session.

:func:`chooser_widget` is its definition; :func:`bet_chooser` shows it in a chapter, and :func:`bet_summary` is its
static twin, the same figures as a table for the printed page.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from fractions import Fraction
from itertools import pairwise
from typing import Any

from .. import bets, display, roulette, session
from ..tables import Cell, Column, Figure, Holds, Table, bet_name
from .live import Control, Shown, Widget, defines

#: The chooser's starting bet (a split) and number of spins.
DEFAULT_CHOICE = ("17", "20")
DEFAULT_SPINS = 100
#: Pocket colours on the layout (white text on each has a contrast ratio of at least 4.5), and a chosen pocket's.
POCKET_COLOURS = {"red": "#b3202a", "black": "#1b1b1b", "green": "#17703d"}
CHOSEN = "#f5c518"
#: The session lengths the spins slider offers.
SPINS = (1, 2, 5, 10, 20, 36, 50, 100, 200, 500, 1000)
#: The outside bets the chooser offers: the name a reader sees -> (kind, which group of that kind).
OUTSIDE_BETS = {
    "Red": ("red", 0), "Black": ("black", 0), "Odd": ("odd", 0), "Even": ("even", 0),
    "1-18": ("low", 0), "19-36": ("high", 0),
    "1st 12": ("dozen", 0), "2nd 12": ("dozen", 1), "3rd 12": ("dozen", 2),
    "Column 1": ("column", 0), "Column 2": ("column", 1), "Column 3": ("column", 2),
}
#: What the bet dropdown says when the ticked pockets make the bet.
TICKED = "The pockets chosen below"


def bet_figures(chosen: Iterable[str | int], rules: str = "oxford", spins: int = DEFAULT_SPINS) -> list[tuple[str, Cell]]:
    """What the chooser shows for a choice of pockets, as (label, value) rows; the first row says if it is legal.

    Money is per $1 staked on each spin.

    >>> for label, value in bet_figures(["17", "20"], spins=10):
    ...     print(f"{label}: {value}")
    bet: Split 17-20
    pays: 17 to 1
    P(win): 1/19 (5.26%)
    house edge: 1/19 (5.26%)
    standard deviation of a spin's net, $1 bet: $4.0193
    expected net after 10 spins of $1: -10/19 (-$0.53)
    P(ahead after 10 spins): 2560599031177/6131066257801 (41.76%)
    P(even after 10 spins): 0 (0.00%)
    P(behind after 10 spins): 3570467226624/6131066257801 (58.24%)
    >>> bet_figures([1, 5])[0]
    ('not a bet', '1 and 5 are not adjacent on the layout; a split covers two numbers that share an edge, e.g. 0-1, 1-2 or 1-4')
    """
    try:
        bet = roulette.bet_on(chosen, roulette.rules_named(rules))
    except ValueError as error:
        return [("not a bet", str(error))]
    after = session.session(bet, spins)
    mean = session.expected_net(bet, spins)
    ahead, even, behind = after.ahead_even_behind()

    def exact_and_percent(q: Fraction) -> Figure:
        return Figure(q, CHANCE)

    return [
        ("bet", bet_name(bet.name, roulette.BET_NAMES)),
        ("pays", Figure(bets.winning_pays(bet), Column("pays", Holds.PAYOUT))),
        ("P(win)", exact_and_percent(bets.p_win(bet))),
        ("house edge", exact_and_percent(bets.house_edge(bet))),
        ("standard deviation of a spin's net, $1 bet", f"${display.decimal(bets.standard_deviation(bet), 4)}"),
        (f"expected net after {_spins(spins)} of $1", f"{display.fraction_text(mean)} ({dollars(mean)})"),
        (f"P(ahead after {_spins(spins)})", exact_and_percent(ahead)),
        (f"P(even after {_spins(spins)})", exact_and_percent(even)),
        (f"P(behind after {_spins(spins)})", exact_and_percent(behind)),
    ]


#: A table of figures, one a row: what each is, and its value (a :class:`~casino_math.tables.Figure` says what it holds).
FIGURE_COLUMNS = [Column("what"), Column("value")]
#: A chance or an edge among the figures, with its percent.
CHANCE = Column("chance", Holds.SHARE, digits=2)


def _inner_html(value: Cell) -> str:
    """A figure in the chooser's table: a long fraction folded behind its percent."""
    return value.inner_html() if isinstance(value, Figure) else html.escape(str(value))


def _spins(n: int) -> str:
    return "1 spin" if n == 1 else f"{n} spins"


def dollars(q: Fraction) -> str:
    """An amount of money to the cent, its sign before the dollar sign.

    >>> dollars(Fraction(-10, 19)), dollars(Fraction(3, 2))
    ('-$0.53', '$1.50')
    """
    return f"-${display.decimal(-q, 2)}" if q < 0 else f"${display.decimal(q, 2)}"


def bet_summary(chosen: Iterable[str | int] = DEFAULT_CHOICE, rules: str = "oxford",
                spins: int = DEFAULT_SPINS) -> Table:
    """The static twin of :func:`bet_chooser`: its figures for one choice of pockets, as a table.

    Its HTML shows a long exact fraction as its percent, the fraction one click away (:func:`display.exact_html`);
    printed, the percent comes first and the fraction follows whole.

    >>> bet_summary(["0", "00", "1", "2", "3"], spins=1)
    A bet on 0, 00, 1, 2, 3 (Oxford Casino Hotel, Maine)
    what                                        value
    ------------------------------------------  -------------------
    bet                                         Top line 0-00-1-2-3
    pays                                        6 to 1
    P(win)                                      5/38 (13.16%)
    house edge                                  3/38 (7.89%)
    standard deviation of a spin's net, $1 bet  $2.3662
    expected net after 1 spin of $1             -3/38 (-$0.08)
    P(ahead after 1 spin)                       5/38 (13.16%)
    P(even after 1 spin)                        0 (0.00%)
    P(behind after 1 spin)                      33/38 (86.84%)
    """
    table = roulette.rules_named(rules)
    picked = ", ".join(roulette.in_layout_order({roulette.pocket(p, table) for p in chosen}, table))
    rows = [[label, value] for label, value in bet_figures(chosen, rules, spins)]
    return Table(FIGURE_COLUMNS, rows, f"A bet on {picked} ({table.name})")


def _grid(rules: roulette.RouletteRules) -> tuple[dict[str, str], str, str]:
    """Each pocket's CSS grid area, and the grid's row and column sizes, read from the layout's boxes.

    The layout is turned to face the player: the zeros on the left, 1, 4, 7, ... along the bottom.  Columns share
    the width (fr units), so the layout narrows with the page.

    >>> areas, rows, columns = _grid(roulette.OXFORD)
    >>> areas["0"], areas["00"], areas["1"], rows, columns[:8]
    ('3 / 1 / 5 / 2', '1 / 1 / 3 / 2', '4 / 2 / 5 / 3', '24px 12px 12px 24px', '2fr 2fr ')
    """
    boxes = roulette.table_layout(rules).boxes.values()
    across = sorted({b.left for b in boxes} | {b.right for b in boxes}, reverse=True)
    down = sorted({b.top for b in boxes} | {b.bottom for b in boxes})
    areas = {
        b.pocket: f"{across.index(b.right) + 1} / {down.index(b.top) + 1} / "
        f"{across.index(b.left) + 1} / {down.index(b.bottom) + 1}"
        for b in boxes
    }
    rows = " ".join(f"{3 * (a - b)}px" for a, b in pairwise(across))
    columns = " ".join(f"{b - a}fr" for a, b in pairwise(down))
    return areas, rows, columns


def layout_html(chosen: Iterable[str], rules: str = "oxford") -> str:
    """The layout as a grid of pockets, each a button that ticks or unticks it (the chooser's "pockets" control, by
    option number), the chosen ones pressed: framed and underlined, their own colour kept, and no mark that would
    widen a cell on a phone.  The buttons come disabled; the site's runtime enables them once the widget runs live.

    >>> page = layout_html(["17", "20"])
    >>> page.count('<button'), page.count('aria-pressed="true"'), page.count(CHOSEN)
    (38, 2, 2)
    >>> '<button type="button" class="pocket" data-control="pockets" data-option="0" aria-pressed="false" ' in page
    True
    """
    table = roulette.rules_named(rules)
    picked = set(chosen)
    areas, rows, columns = _grid(table)
    option = {pocket: i for i, pocket in enumerate(roulette.in_layout_order(set(areas), table))}
    cells = []
    for name, area in areas.items():
        pressed = name in picked
        marked = (f"box-shadow:inset 0 0 0 3px {CHOSEN};font-weight:700;text-decoration:underline;" if pressed else "")
        colour = roulette.colour(name)
        cells.append(f'<button type="button" class="pocket" data-control="pockets" data-option="{option[name]}" '
                     f'aria-pressed="{"true" if pressed else "false"}" aria-label="{name} {colour}" disabled '
                     f'style="grid-area:{area};background:{POCKET_COLOURS[colour]};color:white;{marked}'
                     f'display:flex;align-items:center;justify-content:center;padding:0;border:0;border-radius:2px;'
                     f'font-size:0.8em">{name}</button>')
    return (f'<div class="roulette-layout" role="group" aria-label="The layout: press a pocket to tick or untick it; '
            f'chosen: {html.escape(", ".join(roulette.in_layout_order(picked, table)) or "none")}" '
            f'style="display:grid;grid-template-rows:{rows};grid-template-columns:{columns};gap:2px;'
            f'max-width:36em;margin-bottom:0.5em">{"".join(cells)}</div>')


def chosen_pockets(bet: tuple[str, int] | None, pockets: Iterable[str], rules: str = "oxford") -> tuple[str, ...]:
    """The pockets a choice covers: an outside bet's group, or the ticked pockets.

    >>> chosen_pockets(("dozen", 0), ["17"])[:3], chosen_pockets(None, ["17"])
    (('1', '2', '3'), ('17',))
    """
    if bet is None:
        return tuple(pockets)
    kind, which = bet
    return tuple(roulette.outside_groups(roulette.rules_named(rules))[kind][which])


def chooser_view(bet: tuple[str, int] | None, pockets: Iterable[str], spins: int, rules: str = "oxford") -> str:
    """What the chooser shows: the layout with the chosen pockets, then the bet's figures (or why it is no bet), a
    long exact fraction as its percent with the fraction one click away.

    The figures, not the layout, are its live region: a screen reader says the bet's new figures, not its 38 pockets.

    >>> page = chooser_view(None, ["17", "20"], 10)
    >>> '<th scope="row">bet</th><td>Split 17-20</td>' in page
    True
    >>> live = page.split('aria-live="polite"')[1]
    >>> '<table' in live, '<button' in live
    (True, False)
    """
    chosen = chosen_pockets(bet, pockets, rules)
    rows = "".join(f'<tr><th scope="row">{html.escape(label)}</th><td>{_inner_html(value)}</td></tr>'
                   for label, value in bet_figures(chosen, rules, spins))
    return (layout_html(chosen, rules) + '<div class="widget-answer" aria-live="polite">'
            f'<table class="casino-math-table widget-figures">{rows}</table></div>')


@defines("roulette.chooser")
def chooser_widget(rules: str = "oxford") -> Widget:
    """The bet chooser's definition: an outside bet or the ticked pockets, and the session's length.

    On the site the layout's pockets are the pockets control (toggle buttons, one a pocket); Jupyter, which cannot
    press a button in a result, lists the pockets to tick.

    >>> chooser_widget().view({"bet": 1})["inactive"]          # Red: the ticked pockets change nothing
    ['pockets']
    """
    table = roulette.rules_named(rules)
    pockets = roulette.in_layout_order(set(_grid(table)[0]), table)
    controls = (
        Control("bet", "dropdown", "Bet", options=((TICKED, None), *OUTSIDE_BETS.items()), default=None),
        Control("pockets", "choices", "Pockets", options=tuple((p, p) for p in pockets), default=DEFAULT_CHOICE,
                in_result=True),
        Control("spins", "options", "Spins", options=tuple((str(n), n) for n in SPINS), default=DEFAULT_SPINS),
    )

    def show(bet: tuple[str, int] | None, pockets: tuple[str, ...], spins: int) -> str:
        return chooser_view(bet, pockets, spins, rules)

    def inactive(bet: tuple[str, int] | None, **_values: Any) -> list[str]:
        return [] if bet is None else ["pockets"]

    return Widget("roulette.chooser", controls, show, inactive, args={"rules": rules})


def bet_chooser(chosen: Iterable[str | int] = DEFAULT_CHOICE, rules: str = "oxford", spins: int = DEFAULT_SPINS) -> Shown:
    """Choose pockets on the layout (or an outside bet) to make a bet: is it legal, and what does it do?

    >>> bet, pockets, spins, result = bet_chooser(spins=10).children
    >>> pockets.value = (pockets.options[-1][1],)  # only 36 is ticked: a straight-up bet
    >>> "Straight up on 36" in result.value
    True
    """
    table = roulette.rules_named(rules)
    picked = roulette.in_layout_order({roulette.pocket(p, table) for p in chosen}, table)
    return Shown(chooser_widget(rules).starting_at(pockets=picked, spins=spins))
