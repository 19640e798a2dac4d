"""Widgets for the craps chapters: a bet explorer whose rules the reader changes, and the race to the point.

Each widget calls pure functions of this module, and each has a static twin
for the published site: :func:`edge_table` for :func:`bet_explorer`, and
:func:`race_table` with :func:`roll_grid` for :func:`race_to_the_point`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache

from .. import bets, display
from ..craps import BET_NAMES, RULES, RULES_NAMES, edge_bets
from ..craps.line import value_with_point
from ..craps.odds import ODDS_POLICIES
from ..craps.rolls import expected_rolls_until, race, true_odds_against, ways
from ..craps.rules import COMMISSION_TIMINGS, UP_FRONT, CrapsRules
from ..dice import total
from ..distribution import FrozenMap
from ..tables import Cell, Column, Holds, Table
from .live import Control, Shown, Widget, defines

#: The explorer's starting settings: the Oxford rules as posted, with 3-4-5x odds behind the line.
DEFAULT_RULES = "oxford"
DEFAULT_FIELD_12 = Fraction(2)
DEFAULT_ODDS = "3-4-5x"
DEFAULT_COMMISSION = UP_FRONT
#: The points the race view offers, and its starting point.
POINTS = (4, 5, 6, 8, 9, 10)
DEFAULT_POINT = 6
#: The race grid's colours (background, text), dark enough for white text to read: the point, the 7, the rest.
POINT_CELL, SEVEN_CELL, OTHER_CELL = ("#1b5e20", "white"), ("#b71c1c", "white"), ("#eeeeee", "#212121")
#: What the explorer offers for the field's 12.
FIELD_12_PAYOUTS = (Fraction(2), Fraction(3))


def explorer_rules(base: str = DEFAULT_RULES, field_12: Fraction | int = DEFAULT_FIELD_12,
                   commission: str = DEFAULT_COMMISSION) -> CrapsRules:
    """A rules value made from a named one with the field's 12 and the commission timing changed.

    Rules that define no field or no commission (Québec has no buy or lay bets) keep what they have.

    >>> explorer_rules("oxford", 3).field_pays[12], explorer_rules("oxford", 3).commission_paid
    (Fraction(3, 1), Commission.UP_FRONT)
    """
    rules = RULES[base]
    changes: dict[str, object] = {}
    if 12 in rules.field_pays:
        changes["field_pays"] = {**rules.field_pays, 12: Fraction(field_12)}
    if rules.commission:
        changes["commission_paid"] = commission
    return rules.changed(**changes)


def edge_rows(rules: CrapsRules, odds: str | None = None) -> list[list[str]]:
    """One row per bet, as text: ID, house edge (per amount put down) as a percent, per roll, per bet resolved, the
    house edge exactly, P(win), pays (:func:`edge_cells`, shown as the command line would).

    >>> edge_rows(RULES["quebec"])[-1]
    ['field', '5.556%', '', '', '1/18', '4/9', '2 or 12: 2 to 1; 3, 4, 9, 10 or 11: 1 to 1']
    """
    return Table(EDGE_COLUMNS, edge_cells(rules, odds)).rows


def edge_cells(rules: CrapsRules, odds: str | None = None) -> list[list[Cell]]:
    """One row per bet, exactly: ID, house edge (per amount put down), per roll, per bet resolved (both only where
    they differ), the house edge again (its percent is first), P(win), the winning lines' payouts."""
    if not rules.odds_offered:
        odds = None
    rows: list[list[Cell]] = []
    for bet_id, bet in edge_bets(rules, odds):
        edges = bets.house_edges(bet)
        per_roll, resolved = edges.get(bets.PER_ROUND, ""), edges.get(bets.PER_BET_RESOLVED, "")
        edge = bets.house_edge(bet)
        rows.append([bet_id, edge, per_roll, resolved, edge, bets.p_win(bet), bets.winning_pays(bet)])
    return rows


#: The explorer's columns: the edges as percents first, so that a phone shows them beside the bet.
EDGE_COLUMNS = [Column("bet", Holds.BET, names=BET_NAMES), Column("edge %", Holds.PERCENT, digits=3),
                Column("per roll", Holds.PERCENT, digits=3), Column("per resolved", Holds.PERCENT, digits=3),
                Column("edge", Holds.SHARE, beside=True), Column("P(win)", Holds.SHARE), Column("pays", Holds.PAYOUT)]
#: Where a row of :func:`edge_rows` holds the house edge as a percent.
EDGE_PERCENT = 1


def edge_table(base: str = DEFAULT_RULES, field_12: Fraction | int = DEFAULT_FIELD_12, odds: str | None = DEFAULT_ODDS,
               commission: str = DEFAULT_COMMISSION) -> Table:
    """The static twin of :func:`bet_explorer`: every bet's edge under the chosen rules.

    >>> table = edge_table()
    >>> table.rows[0]
    ['pass', '1.414%', '0.419%', '', '7/495', '244/495', '1 to 1']
    >>> last = table.rows[-1]          # a push on 12, 1 roll in 36: per bet resolved, 3/1100 x 36/35 = 0.281%
    >>> last[:2], last[3:6]
    (['dont_pass_with_odds', '0.273%'], ['0.281%', '3/1100', '949/1980'])
    """
    rules = explorer_rules(base, field_12, commission)
    return Table(EDGE_COLUMNS, edge_cells(rules, odds), _caption(rules, base, field_12, odds, commission))


@cache
def starting_edges() -> FrozenMap[str, str]:
    """Each bet's edge (a percent) at the explorer's starting settings (frozen: the cache hands it out).

    >>> starting_edges()["pass"]
    '1.414%'
    """
    return FrozenMap({row[0]: row[EDGE_PERCENT] for row in edge_rows(explorer_rules(), DEFAULT_ODDS)})


def changes_from_start(rows: Sequence[Sequence[str]], most: int = 6) -> str:
    """What a setting changed, said above the long table it changed: each bet whose edge differs from the start.

    >>> changes_from_start(edge_rows(explorer_rules("oxford", 3), DEFAULT_ODDS))
    'Changed from the starting settings (Oxford, the field paying 2 to 1 on 12, 3-4-5x odds, the commission paid when the bet is made): Field 5.556% → 2.778%.'
    >>> changes_from_start(edge_rows(explorer_rules("oxford", 2, "only on a win"), DEFAULT_ODDS), most=2).split(": ")[1]
    'Buy 4 4.762% → 1.667%; Buy 5 4.762% → 2.000%; and 10 more.'
    """
    start = starting_edges()
    changed = [f"{BET_NAMES.get(row[0], row[0])} {start[row[0]]} → {row[EDGE_PERCENT]}" for row in rows
               if row[0] in start and start[row[0]] != row[EDGE_PERCENT]]
    gone = len(set(start) - {row[0] for row in rows})
    settings = (f"{RULES_NAMES[DEFAULT_RULES]}, the field paying {bets.odds_text(DEFAULT_FIELD_12)} on 12, "
                f"{DEFAULT_ODDS} odds, the commission paid {DEFAULT_COMMISSION}")
    if changed:
        shown = "; ".join(changed[:most]) + (f"; and {len(changed) - most} more" if len(changed) > most else "")
        said = f"Changed from the starting settings ({settings}): {shown}."
    else:
        said = f"Every edge listed is as at the starting settings ({settings})."
    return said + (f" {gone} of the bets listed there are not offered with these settings." if gone else "")


def _caption(rules: CrapsRules, base: str, field_12: Fraction | int, odds: str | None, commission: str) -> str:
    parts = [f"{rules.name}"]
    if 12 in rules.field_pays:
        parts.append(f"field pays {bets.odds_text(Fraction(field_12))} on 12")
    if rules.commission:
        parts.append(f"commission {commission}")
    if rules.odds_offered and odds:
        parts.append(f"{odds} odds")
    return "; ".join(parts) + " (house edge per amount put down)"


@defines("craps.bets")
def bets_widget() -> Widget:
    """The bet explorer's definition: which casino, the field's 12, the odds policy and the commission timing,
    showing :func:`edge_table`; a setting the chosen rules do not have is shown inactive.

    >>> bets_widget().view({"casino": 1})["inactive"]
    ['odds', 'commission']
    """
    controls = (
        Control("casino", "dropdown", "Rules", options=tuple((r.name, key) for key, r in RULES.items()),
                default=DEFAULT_RULES),
        Control("field_12", "buttons", "Field pays on 12", options=tuple((bets.odds_text(x), x) for x in FIELD_12_PAYOUTS),
                default=DEFAULT_FIELD_12),
        Control("odds", "dropdown", "Odds policy", options=(("no odds", None), *((p, p) for p in ODDS_POLICIES)),
                default=DEFAULT_ODDS),
        Control("commission", "buttons", "Commission paid", options=tuple((t, t) for t in COMMISSION_TIMINGS),
                default=DEFAULT_COMMISSION),
    )

    def show(casino: str, field_12: Fraction, odds: str | None, commission: str) -> str:
        table = edge_table(casino, field_12, odds, commission)
        return f"<p>{html.escape(changes_from_start(table.rows))}</p>" + table._repr_html_()

    return Widget("craps.bets", controls, show, _settings_without_effect)


def _settings_without_effect(casino: str, **_settings: object) -> list[str]:
    """The explorer's settings that the rules ``casino`` leave without effect (no field 12, no odds, no commission)."""
    rules = RULES[casino]
    unused = {"field_12": 12 not in rules.field_pays, "odds": not rules.odds_offered, "commission": not rules.commission}
    return [name for name, is_unused in unused.items() if is_unused]


def bet_explorer(base: str = DEFAULT_RULES) -> Shown:
    """Change the rules (which casino, the field's 12, the odds policy, when the commission is paid): every edge follows.

    >>> casino, field_12, odds, commission, table = bet_explorer().children
    >>> field_12.value = FIELD_12_PAYOUTS.index(Fraction(3))
    >>> table.value.endswith(edge_table("oxford", Fraction(3), DEFAULT_ODDS, DEFAULT_COMMISSION)._repr_html_())
    True
    >>> "Field 5.556% → 2.778%" in table.value
    True
    """
    return Shown(bets_widget().starting_at(casino=base))


# --- The race to the point ----------------------------------------------------------------------------


def race_figures(point: int) -> list[tuple[str, str]]:
    """What the race view shows for one point, as (label, value) rows.

    >>> race_figures(4)[:3]
    [('ways to roll the point', '3'), ('ways to roll a 7', '6'), ('P(point before 7)', '1/3 (33.33%)')]
    """
    p = race(point, 7)
    return [
        ("ways to roll the point", str(ways(point))),
        ("ways to roll a 7", str(ways(7))),
        ("P(point before 7)", f"{display.fraction_text(p)} ({display.percent(p)})"),
        ("true odds against", bets.odds_text(true_odds_against(point))),
        ("expected rolls to settle", display.fraction_text(expected_rolls_until({point, 7}))),
        ("value of a pass bet on this point", display.fraction_text(value_with_point(point))),
    ]


def roll_grid(point: int) -> str:
    """The 36 rolls as a 6 by 6 HTML grid: the point's rolls in green, the 7s in red (both bold), the rest grey,
    with a legend whose marks are drawn as the cells are (readable on a light page and a dark one).

    >>> roll_grid(4).count(f'<td style="background:{POINT_CELL[0]}'), roll_grid(4).count(f'<td style="background:{SEVEN_CELL[0]}')
    (3, 6)
    """
    cells = []
    for first in range(1, 7):
        row = []
        for second in range(1, 7):
            t = total((first, second))
            background, ink = POINT_CELL if t == point else SEVEN_CELL if t == 7 else OTHER_CELL
            weight = "font-weight:700;" if t in (point, 7) else ""  # a second cue besides the colour
            row.append(f'<td style="background:{background};color:{ink};{weight}text-align:center;width:2.2em">'
                       f"{first}-{second}</td>")
        cells.append("<tr>" + "".join(row) + "</tr>")
    legend = (f'<caption style="caption-side:bottom;text-align:left;font-size:0.85em;padding-top:0.3em">'
              f'<b style="background:{POINT_CELL[0]};color:{POINT_CELL[1]};padding:0 0.3em">{point}</b>: the point\'s '
              f'rolls (green, bold); <b style="background:{SEVEN_CELL[0]};color:{SEVEN_CELL[1]};padding:0 0.3em">7</b>: '
              "the sevens (red, bold); grey: roll again</caption>")
    return '<table style="border-collapse:separate;border-spacing:2px">' + legend + "".join(cells) + "</table>"


def race_summary(point: int) -> str:
    """The race view's text for one point, as HTML.

    >>> race_summary(6).count("<tr>")
    6
    """
    rows = "".join(f'<tr><td style="padding:0.1em 1em 0.1em 0">{label}</td><td><b>{value}</b></td></tr>'
                   for label, value in race_figures(point))
    return f"<table>{rows}</table>"


def race_table(points: Iterable[int] = POINTS) -> Table:
    """The static twin of :func:`race_to_the_point`: the race figures for every point.

    >>> race_table([4]).rows
    [['4', '3', '1/3', '33.33%', '2 to 1', '4', '-1/3']]
    """
    rows: list[list[Cell]] = []
    for point in points:
        p = race(point, 7)
        rows.append([str(point), str(ways(point)), p, p, true_odds_against(point), expected_rolls_until({point, 7}),
                     value_with_point(point)])
    return Table([Column("point"), Column("ways"), Column("P(point before 7)", Holds.SHARE), Column("%", Holds.PERCENT),
                  Column("true odds against", Holds.PAYOUT), Column("expected rolls", Holds.AMOUNT),
                  Column("pass bet's value", Holds.AMOUNT)], rows, "The race to the point: the point against the 7")


def race_view(point: int) -> str:
    """The race view for one point as HTML: the grid of 36 rolls beside its figures (they wrap on a narrow page).

    >>> race_view(4).count("<table")
    2
    """
    return (f'<div style="display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start">'
            f"{roll_grid(point)}{race_summary(point)}</div>")


@defines("craps.race")
def race_widget() -> Widget:
    """The race view's definition: a button per point, showing :func:`race_view`.

    >>> race_widget().view({"point": 0})["html"] == race_view(4)
    True
    """
    chooser = Control("point", "buttons", "Point", options=tuple((str(p), p) for p in POINTS), default=DEFAULT_POINT)
    return Widget("craps.race", (chooser,), race_view)


def race_to_the_point(point: int = DEFAULT_POINT) -> Shown:
    """Pick a point: the grid of 36 rolls shows the ways to make it (green) and to seven out (red).

    >>> chooser, view = race_to_the_point(4).children
    >>> chooser.value = POINTS.index(6)
    >>> view.value == race_view(6)
    True
    """
    return Shown(race_widget().starting_at(point=point))
